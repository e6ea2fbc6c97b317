#!/usr/bin/python3
"""generate-node-tests.py OUT -- ONNX's backend node tests into OUT/node.

Uses Debian's python3-onnx 1.12 (run with /usr/bin/python3, not another
python on PATH): onnx.backend.test.cmd_tools generate-data, with the two
numpy shims its 1.12 test cases need on numpy >= 1.24 (np.float and
np.object were removed). Does nothing when OUT/node already holds the
tests of this onnx version (OUT/onnx-version); concurrent calls on one OUT
wait for each other (an flock on OUT/.lock).
"""
import fcntl
import os
import sys

import numpy as np

for name, value in (("float", float), ("object", object)):
    if name not in np.__dict__:  # hasattr() would warn on np.object
        setattr(np, name, value)

import onnx  # noqa: E402
from onnx.backend.test.cmd_tools import main  # noqa: E402


def generate(out):
    # Several lit tests (CPU, Vulkan) call this on the same OUT, possibly at
    # once in a fresh build tree: one generates under the lock while the
    # others wait, then find the stamp (a runner reading files another
    # process is still writing failed at random).
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        stamp = os.path.join(out, "onnx-version")
        if (os.path.exists(stamp)
                and open(stamp).read().strip() == onnx.__version__):
            return
        sys.argv = ["generate-data", "generate-data", "-o", out]
        main()
        with open(stamp, "w") as f:
            f.write(onnx.__version__ + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: generate-node-tests.py OUT")
    generate(sys.argv[1])
