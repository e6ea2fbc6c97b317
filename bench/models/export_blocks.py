#!/usr/bin/python3
"""Exports two transformer blocks to ONNX, with seeded inputs and PyTorch's
outputs for them.

  /usr/bin/python3 bench/models/export_blocks.py --model encoder --out DIR
  /usr/bin/python3 bench/models/export_blocks.py --model gpt2_block --out DIR

encoder: torch.nn.TransformerEncoderLayer(d 512, 8 heads, ff 2048, ReLU,
batch_first), torch's own initialization from a fixed seed.
gpt2_block: a GPT-2-style pre-LN decoder block in plain torch (d 768, 12
heads, a causal mask, a tanh-GELU MLP), linear weights from N(0, 0.02).
Both take x [batch, seq, d] with batch and seq dynamic, exported at batch 1,
seq 128. Writes DIR/<model>.onnx (opset 17), DIR/<model>13.onnx (opset 13:
LayerNormalization written out as ReduceMean, Sub, Pow, Sqrt, Div), the
export's input DIR/<model>-x.npy (1 x 128) and PyTorch's output
DIR/<model>-y.npy, and a second shape DIR/<model>-x2.npy / -y2.npy
(batch 2, seq 37). Nothing is downloaded.
"""
import argparse
import math
import os

import numpy as np
import torch

# Debian's numpy is newer than torch 1.13's onnx export expects.
if not hasattr(np, "float"):
    np.float = float
if not hasattr(np, "object"):
    np.object = object


class Gpt2Block(torch.nn.Module):
    def __init__(self, d=768, heads=12):
        super().__init__()
        self.heads = heads
        self.ln1 = torch.nn.LayerNorm(d)
        self.qkv = torch.nn.Linear(d, 3 * d)
        self.proj = torch.nn.Linear(d, d)
        self.ln2 = torch.nn.LayerNorm(d)
        self.fc = torch.nn.Linear(d, 4 * d)
        self.out = torch.nn.Linear(4 * d, d)

    def forward(self, x):
        b, s, d = x.shape
        h = self.heads
        q, k, v = self.qkv(self.ln1(x)).split(d, dim=2)
        q = q.view(b, s, h, d // h).transpose(1, 2)
        k = k.view(b, s, h, d // h).transpose(1, 2)
        v = v.view(b, s, h, d // h).transpose(1, 2)
        scores = q @ k.transpose(-2, -1) / math.sqrt(d // h)
        i = torch.arange(s, device=x.device)
        mask = i[None, :] <= i[:, None]  # tril exports only from opset 14
        scores = scores.masked_fill(~mask, float("-inf"))
        a = (scores.softmax(-1) @ v).transpose(1, 2).reshape(b, s, d)
        x = x + self.proj(a)
        m = torch.nn.functional.gelu(self.fc(self.ln2(x)), approximate="tanh")
        return x + self.out(m)


def build(name):
    torch.manual_seed(0)
    if name == "encoder":
        model = torch.nn.TransformerEncoderLayer(
            d_model=512, nhead=8, dim_feedforward=2048, dropout=0.0,
            activation="relu", batch_first=True)
        return model.eval(), 512
    if name == "gpt2_block":
        model = Gpt2Block()
        for m in model.modules():
            if isinstance(m, torch.nn.Linear):
                torch.nn.init.normal_(m.weight, 0.0, 0.02)
                torch.nn.init.normal_(m.bias, 0.0, 0.02)
        return model.eval(), 768
    raise SystemExit(f"unknown model '{name}' (encoder, gpt2_block)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    model, d = build(args.model)
    rng = np.random.default_rng(0)
    shapes = {"": (1, 128, d), "2": (2, 37, d)}
    for suffix, shape in shapes.items():
        x = torch.from_numpy(rng.standard_normal(shape).astype(np.float32))
        with torch.inference_mode():
            y = model(x).numpy()
        np.save(os.path.join(args.out, f"{args.model}-x{suffix}.npy"), x.numpy())
        np.save(os.path.join(args.out, f"{args.model}-y{suffix}.npy"), y)
        if suffix == "":
            example = x
    axes = {0: "batch", 1: "seq"}
    for opset, suffix in ((17, ""), (13, "13")):
        path = os.path.join(args.out, f"{args.model}{suffix}.onnx")
        torch.onnx.export(model, (example,), path, opset_version=opset,
                          input_names=["x"], output_names=["y"],
                          dynamic_axes={"x": axes, "y": axes},
                          do_constant_folding=True)
    print(f"{args.model}: {args.out}, output scale "
          f"{float(np.abs(y).max()):.4g}")


if __name__ == "__main__":
    main()
