#!/usr/bin/python3
"""make-goldens.py — PyTorch reference outputs for the example models.

Run with Debian's python3 and python3-torch (apt-get install python3-torch):
    /usr/bin/python3 scripts/make-goldens.py test/e2e/goldens

Inputs and weights are not stored: both this script and the C++ tests
(test/Unit/ModelTest.cpp) compute them with `det_values`, an integer hash
that gives bit-identical float32 values in both languages. Only the outputs
are committed. Weights use rlx's [in, out] layout; PyTorch's modules get the
transposes.
"""
import os
import sys

import numpy as np
import torch


def det_values(shape, salt, scale):
    """((i * 2654435761) ^ salt) mod 2^32 mod 2001 mapped to [-1, 1], times
    scale, as float32 — the same formula as detValues() in ModelTest.cpp."""
    n = int(np.prod(shape)) if shape else 1
    i = np.arange(n, dtype=np.uint64)
    h = ((i * np.uint64(2654435761)) & np.uint64(0xFFFFFFFF)) ^ np.uint64(salt)
    h = h % np.uint64(2001)
    v = (h.astype(np.float64) - 1000.0) / 1000.0 * scale
    return torch.from_numpy(v.astype(np.float32).reshape(shape))


def mlp(out_dir):
    x = det_values([64, 784], 1, 1.0)
    w1 = det_values([784, 512], 2, 0.05)
    b1 = det_values([512], 3, 0.1)
    w2 = det_values([512, 10], 4, 0.05)
    b2 = det_values([10], 5, 0.1)
    fc1 = torch.nn.Linear(784, 512)
    fc2 = torch.nn.Linear(512, 10)
    with torch.no_grad():
        fc1.weight.copy_(w1.T)
        fc1.bias.copy_(b1)
        fc2.weight.copy_(w2.T)
        fc2.bias.copy_(b2)
        y = fc2(torch.relu(fc1(x)))
    np.save(os.path.join(out_dir, "mlp_logits.npy"), y.numpy())


def encoder(out_dir):
    d, ff = 256, 1024
    x = det_values([1, 128, d], 1, 1.0)
    p = {}
    for salt, (name, shape, scale) in enumerate([
            ("attn.wq", [d, d], 0.06), ("attn.bq", [d], 0.1),
            ("attn.wk", [d, d], 0.06), ("attn.bk", [d], 0.1),
            ("attn.wv", [d, d], 0.06), ("attn.bv", [d], 0.1),
            ("attn.wo", [d, d], 0.06), ("attn.bo", [d], 0.1),
            ("norm1.gamma", [d], 0.5), ("norm1.beta", [d], 0.1),
            ("ff.w1", [d, ff], 0.06), ("ff.b1", [ff], 0.1),
            ("ff.w2", [ff, d], 0.03), ("ff.b2", [d], 0.1),
            ("norm2.gamma", [d], 0.5), ("norm2.beta", [d], 0.1)], start=2):
        p[name] = det_values(shape, salt, scale)
    # gamma = 1 + small values, as a trained LayerNorm looks.
    p["norm1.gamma"] = p["norm1.gamma"] + 1.0
    p["norm2.gamma"] = p["norm2.gamma"] + 1.0
    layer = torch.nn.TransformerEncoderLayer(
        d_model=d, nhead=4, dim_feedforward=ff, dropout=0.0,
        activation="relu", batch_first=True, layer_norm_eps=1e-5)
    layer.eval()
    with torch.no_grad():
        layer.self_attn.in_proj_weight.copy_(
            torch.cat([p["attn.wq"].T, p["attn.wk"].T, p["attn.wv"].T]))
        layer.self_attn.in_proj_bias.copy_(
            torch.cat([p["attn.bq"], p["attn.bk"], p["attn.bv"]]))
        layer.self_attn.out_proj.weight.copy_(p["attn.wo"].T)
        layer.self_attn.out_proj.bias.copy_(p["attn.bo"])
        layer.norm1.weight.copy_(p["norm1.gamma"])
        layer.norm1.bias.copy_(p["norm1.beta"])
        layer.linear1.weight.copy_(p["ff.w1"].T)
        layer.linear1.bias.copy_(p["ff.b1"])
        layer.linear2.weight.copy_(p["ff.w2"].T)
        layer.linear2.bias.copy_(p["ff.b2"])
        layer.norm2.weight.copy_(p["norm2.gamma"])
        layer.norm2.bias.copy_(p["norm2.beta"])
        y = layer(x)
    np.save(os.path.join(out_dir, "encoder_y.npy"), y.numpy())


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else "test/e2e/goldens"
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(0)
    mlp(out)
    encoder(out)
    print("wrote", sorted(os.listdir(out)))
