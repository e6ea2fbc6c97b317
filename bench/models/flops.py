#!/usr/bin/python3
"""Counts the multiply-adds of the models bench/models exports, for the
fraction of the FMA peak a run reaches (docs/Performance.md).

  /usr/bin/python3 bench/models/flops.py [MODEL ...]

A forward pass at the export's shape (batch 1; seq 128 for the blocks) with
hooks on every Conv2d and Linear (output elements x the products each sums)
and on every nn.MultiheadAttention (self-attention: q kT and p v, 2 x S^2 x
d, and its four projections, 4 x S x d^2); the GPT-2
block's attention, plain torch matmuls, is added as 2 x S^2 x d. Prints one
line per model: GFLOP (2 x multiply-adds). Elementwise work (norms,
activations, softmax) is not counted: it is small next to these.
"""
import sys

import torch

import export_blocks
import export_vision

VISION = ["resnet18", "mobilenet_v2", "efficientnet_b0", "convnext_tiny",
          "vit_b_16"]
BLOCKS = ["encoder", "gpt2_block"]


def count(model, x, extra=0):
    macs = [extra]

    def conv(m, inputs, out):
        k = m.in_channels // m.groups * m.kernel_size[0] * m.kernel_size[1]
        macs[0] += out.numel() * k

    def linear(m, inputs, out):
        macs[0] += out.numel() * m.in_features

    def attention(m, inputs, out):
        # Self-attention in every model here: T = S. The output's shape,
        # as the inputs may come as keywords (which hooks do not see).
        y = out[0]
        s = y.shape[1] if m.batch_first else y.shape[0]
        b = y.shape[0] if m.batch_first else y.shape[1]
        e = m.embed_dim
        # q kT and p v, and the q, k, v and output projections (functional
        # inside the module: no Linear hook sees them).
        macs[0] += 2 * b * s * s * e + 4 * b * s * e * e

    for m in model.modules():
        if isinstance(m, torch.nn.Conv2d):
            m.register_forward_hook(conv)
        elif isinstance(m, torch.nn.Linear):
            m.register_forward_hook(linear)
        elif isinstance(m, torch.nn.MultiheadAttention):
            m.register_forward_hook(attention)
    # With grad enabled: in inference mode torch 1.13 runs
    # TransformerEncoderLayer as one fused call that no hook sees.
    with torch.enable_grad():
        model(x)
    return 2 * macs[0]


def main(names):
    for name in names or VISION + BLOCKS:
        if name in BLOCKS:
            model, d = export_blocks.build(name)
            extra = 2 * 128 * 128 * d if name == "gpt2_block" else 0
            flops = count(model, torch.zeros(1, 128, d), extra)
        else:
            flops = count(export_vision.build(name),
                          torch.zeros(1, 3, 224, 224))
        print(f"{name}: {flops / 1e9:.3f} GFLOP")


if __name__ == "__main__":
    main(sys.argv[1:])
