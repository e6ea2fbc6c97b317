"""golden.py — rlx-run against the PyTorch goldens, without NumPy.

    golden.py write DIR         writes the MLP's input and weights as .npy
    golden.py write-encoder DIR the encoder layer's (batch 1)
    golden.py check OUT GOLDEN [TOL]
                                compares two f32 .npy files:
                                |out - golden| <= TOL + TOL * |golden|
                                (TOL 1e-4 unless given)

det_values is the formula of scripts/make-goldens.py (and TestUtil.h).
"""
import os
import struct
import sys


def det_values(n, salt, scale):
    out = []
    for i in range(n):
        h = ((i * 2654435761) & 0xFFFFFFFF) ^ salt
        h %= 2001
        out.append((h - 1000.0) / 1000.0 * scale)
    return out


def write_npy(path, shape, values):
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % (
        ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else ""))
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode())
        f.write(struct.pack("<%df" % len(values), *values))


def read_npy(path):
    data = open(path, "rb").read()
    (hlen,) = struct.unpack("<H", data[8:10])
    body = data[10 + hlen:]
    return struct.unpack("<%df" % (len(body) // 4), body)


ENCODER_PARAMS = [
    ("attn.wq", [256, 256], 0.06), ("attn.bq", [256], 0.1),
    ("attn.wk", [256, 256], 0.06), ("attn.bk", [256], 0.1),
    ("attn.wv", [256, 256], 0.06), ("attn.bv", [256], 0.1),
    ("attn.wo", [256, 256], 0.06), ("attn.bo", [256], 0.1),
    ("norm1.gamma", [256], 0.5), ("norm1.beta", [256], 0.1),
    ("ff.w1", [256, 1024], 0.06), ("ff.b1", [1024], 0.1),
    ("ff.w2", [1024, 256], 0.03), ("ff.b2", [256], 0.1),
    ("norm2.gamma", [256], 0.5), ("norm2.beta", [256], 0.1)]

if sys.argv[1] == "write-encoder":
    # The encoder layer's input (batch 1) and weights, as make-goldens.py
    # makes them (gammas are 1 + small values).
    d = sys.argv[2]
    write_npy(os.path.join(d, "x.npy"), [1, 128, 256],
              det_values(128 * 256, 1, 1.0))
    for salt, (name, shape, scale) in enumerate(ENCODER_PARAMS, 2):
        n = 1
        for s in shape:
            n *= s
        values = det_values(n, salt, scale)
        if name.endswith("gamma"):
            values = [v + 1.0 for v in values]
        write_npy(os.path.join(d, name + ".npy"), shape, values)
elif sys.argv[1] == "write":
    d = sys.argv[2]
    write_npy(os.path.join(d, "x.npy"), [64, 784], det_values(64 * 784, 1, 1.0))
    for salt, (name, shape, scale) in enumerate(
            [("fc1.weight", [784, 512], 0.05), ("fc1.bias", [512], 0.1),
             ("fc2.weight", [512, 10], 0.05), ("fc2.bias", [10], 0.1)], 2):
        n = 1
        for s in shape:
            n *= s
        write_npy(os.path.join(d, name + ".npy"), shape,
                  det_values(n, salt, scale))
else:
    out, want = read_npy(sys.argv[2]), read_npy(sys.argv[3])
    tol = float(sys.argv[4]) if len(sys.argv) > 4 else 1e-4
    assert len(out) == len(want), (len(out), len(want))
    bad = [i for i, (a, b) in enumerate(zip(out, want))
           if not abs(a - b) <= tol + tol * abs(b)]
    print("compared %d values, %d outside tolerance" % (len(want), len(bad)))
    sys.exit(1 if bad else 0)
