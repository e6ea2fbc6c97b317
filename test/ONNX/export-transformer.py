#!/usr/bin/python3
"""export-transformer.py OUT -- a PyTorch transformer layer as ONNX files.

torch.nn.TransformerEncoderLayer(d_model 256, 4 heads, ff 1024, relu,
batch_first; the shape of examples/encoder.mlir) exported by Debian's
python3-torch with a dynamic batch axis at opset 13 (LayerNormalization
written out as ReduceMean, Sub, Pow, Sqrt, Div) and opset 17
(LayerNormalization), and its output on a seeded batch-2 input:
OUT/encoder13.onnx, OUT/encoder17.onnx, OUT/x.npy, OUT/y.npy. The weights
are torch's own initialization from a fixed seed (never downloaded).
"""
import os
import sys

import numpy as np
import torch


def main(out):
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(0)
    layer = torch.nn.TransformerEncoderLayer(
        d_model=256, nhead=4, dim_feedforward=1024, dropout=0.0,
        activation="relu", batch_first=True)
    layer.eval()
    example = torch.randn(1, 32, 256)
    for opset in (13, 17):
        torch.onnx.export(layer, (example,),
                          os.path.join(out, "encoder%d.onnx" % opset),
                          input_names=["x"], output_names=["y"],
                          dynamic_axes={"x": {0: "batch"}, "y": {0: "batch"}},
                          opset_version=opset, do_constant_folding=True)
    x = torch.randn(2, 32, 256)
    with torch.no_grad():
        y = layer(x)
    np.save(os.path.join(out, "x.npy"), x.numpy())
    np.save(os.path.join(out, "y.npy"), y.numpy())


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: export-transformer.py OUT")
    main(sys.argv[1])
