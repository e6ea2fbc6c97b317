"""data.py DIR -- inputs and numpy references for rlx-run-onnx.test.

The weights repeat mlp.txt's initializers. UINT8 data is written as int8
(rlx's dtype for it, the same bytes).
"""
import os
import sys

import numpy as np

d = sys.argv[1]
w1 = np.array([0.1, -0.2, 0.3, 0.4, 0.5, -0.6, 0.7, 0.8, -0.9, 1.0, 1.1, -1.2],
              dtype=np.float32).reshape(3, 4)
b1 = np.array([0.01, -0.02, 0.03], dtype=np.float32)
w2 = np.array([1.0, -1.0, 0.5, 0.25, -0.5, 2.0], dtype=np.float32).reshape(3, 2)
x = np.random.RandomState(7).uniform(-1, 1, (3, 4)).astype(np.float32)
np.save(os.path.join(d, "x.npy"), x)


def mlp(w):
    x64 = x.astype(np.float64)
    h = np.maximum(x64 @ w.astype(np.float64).T + b1, 0)
    return ((h @ w2.astype(np.float64)) * 2).astype(np.float32)


np.save(os.path.join(d, "mlp-ref.npy"), mlp(w1))
np.save(os.path.join(d, "w1-zero.npy"), np.zeros_like(w1))
np.save(os.path.join(d, "mlp-w1-zero-ref.npy"), mlp(np.zeros_like(w1)))
np.save(os.path.join(d, "shape.npy"), np.array([3, 4], dtype=np.int64))
np.save(os.path.join(d, "x26.npy"), np.arange(12, dtype=np.float32).reshape(2, 6))
a = np.array([200, 7, 255, 0], dtype=np.uint8)
b = np.array([3, 250, 16, 1], dtype=np.uint8)
np.save(os.path.join(d, "a.npy"), a.view(np.int8))
np.save(os.path.join(d, "b.npy"), b.view(np.int8))
np.save(os.path.join(d, "q-ref.npy"), (a // b).view(np.int8))
np.save(os.path.join(d, "m-ref.npy"), np.maximum(a, b).view(np.int8))
