#!/usr/bin/python3
"""Exports torchvision models to ONNX with weights that make a comparison
mean something, and a seeded input with PyTorch's output for it.

  /usr/bin/python3 bench/models/export_vision.py --model resnet18 --out DIR

--model is a torchvision model's name (resnet18, mobilenet_v2,
efficientnet_b0, convnext_tiny, vit_b_16, ...) or vit_b_16_2layers (ViT-B/16
with 2 encoder layers: the same ops at a sixth of the work).

Debian's python3-torch / python3-torchvision (weights=None: nothing is
downloaded). With weights=None the comparison would be vacuous (BatchNorm
is the identity and activations vanish through depth; ViT's head is zero),
so every conv / linear weight is redrawn from N(0, 0.02) and every
BatchNorm's running statistics are calibrated on a few random batches
before export. Writes DIR/<model>.onnx (opset 17, batch axis dynamic,
named "batch"), DIR/<model>-x.npy (1x3x224x224, seed 0) and
DIR/<model>-y.npy (PyTorch's output, f32), the same for batch 2
(DIR/<model>-x2.npy, seed 1, and DIR/<model>-y2.npy), and prints the
output's scale.
"""
import argparse
import os

import numpy as np
import torch
import torchvision

# Debian's numpy is newer than torch 1.13's onnx export expects.
if not hasattr(np, "float"):
    np.float = float
if not hasattr(np, "object"):
    np.object = object


def build(name):
    torch.manual_seed(0)
    if name == "vit_b_16_2layers":
        # ViT-B/16 with 2 of its 12 encoder layers: every op of the model
        # at a sixth of its work (the Vulkan test on lavapipe).
        model = torchvision.models.VisionTransformer(
            image_size=224, patch_size=16, num_layers=2, num_heads=12,
            hidden_dim=768, mlp_dim=3072)
    else:
        model = getattr(torchvision.models, name)(weights=None)
    for m in model.modules():
        if isinstance(m, (torch.nn.Conv2d, torch.nn.Linear)):
            torch.nn.init.normal_(m.weight, 0.0, 0.02)
            if m.bias is not None:
                torch.nn.init.normal_(m.bias, 0.0, 0.02)
    bns = [m for m in model.modules()
           if isinstance(m, torch.nn.modules.batchnorm._BatchNorm)]
    if bns:
        for m in bns:
            m.reset_running_stats()
            m.momentum = None  # a cumulative average over the batches
        model.train()
        with torch.no_grad():
            for _ in range(4):
                model(torch.randn(8, 3, 224, 224))
    model.eval()
    return model


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    model = build(args.model)
    x = torch.from_numpy(
        np.random.default_rng(0).standard_normal((1, 3, 224, 224)).astype(
            np.float32))
    with torch.inference_mode():
        y = model(x).numpy()
    path = os.path.join(args.out, args.model + ".onnx")
    torch.onnx.export(model, x, path, opset_version=17,
                      input_names=["x"], output_names=["y"],
                      dynamic_axes={"x": {0: "batch"}, "y": {0: "batch"}},
                      do_constant_folding=True)
    np.save(os.path.join(args.out, args.model + "-x.npy"), x.numpy())
    np.save(os.path.join(args.out, args.model + "-y.npy"), y)
    # A second bound shape: batch 2.
    x2 = torch.from_numpy(
        np.random.default_rng(1).standard_normal((2, 3, 224, 224)).astype(
            np.float32))
    with torch.inference_mode():
        y2 = model(x2).numpy()
    np.save(os.path.join(args.out, args.model + "-x2.npy"), x2.numpy())
    np.save(os.path.join(args.out, args.model + "-y2.npy"), y2)
    print(f"{args.model}: {path}, output {list(y.shape)}, "
          f"scale {float(np.abs(y).max()):.4g}")


if __name__ == "__main__":
    main()
