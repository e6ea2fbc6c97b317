"""compare-npy.py GOT.npy WANT.npy TOL -- same dtype and shape, and every
within TOL (relative to the largest |want|); exits 1 naming the worst."""
import sys

import numpy as np

got, want, tol = np.load(sys.argv[1]), np.load(sys.argv[2]), float(sys.argv[3])
if got.dtype != want.dtype or got.shape != want.shape:
    sys.exit("%s: %s %s, expected %s %s" % (sys.argv[1], got.dtype, got.shape,
                                            want.dtype, want.shape))
err = np.abs(got.astype(np.float64) - want.astype(np.float64))
scale = max(float(np.abs(want.astype(np.float64)).max()), 1e-30)
if err.max() > tol * scale:
    i = np.unravel_index(err.argmax(), err.shape)
    sys.exit("%s: element %s is %r, expected %r" % (sys.argv[1], i, got[i], want[i]))
