#!/usr/bin/python3
"""gpt2_export_onnx.py — the GPT-2 decode benchmark's model as ONNX.

Exports gpt2_torch.py's model (the model of examples/gpt2, its weights from
the same formula) with torch.onnx.export, opset 17, as one graph for the
prompt and for every decode step, with past keys and values:

    inputs   ids      [1, s] int64
             pos_ids  [1, s] int64
             past_k   [layers, 1, past, dim] f32   (past = 0 for the prompt)
             past_v   [layers, 1, past, dim] f32
    outputs  logits     [1, s, vocab] f32
             present_k  [layers, 1, past + s, dim] f32
             present_v  [layers, 1, past + s, dim] f32

s and past are dynamic. The heads sit side by side in the last dim, as in
rlx's caches. GPT-2 small is ~650 MB of weights: one .onnx file, no external
data.

    /usr/bin/python3 bench/compare/gpt2_export_onnx.py [--tiny] [--out-dir DIR]

writes DIR/gpt2_decoder.onnx (DIR/gpt2_tiny_decoder.onnx with --tiny;
default DIR build/models/), then checks it with onnx.checker. Takes ~1
minute and ~3 GB of memory for GPT-2 small.
"""

import argparse
import sys
import time
from pathlib import Path

import onnx
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gpt2_torch  # noqa: E402

REPO = Path(__file__).resolve().parents[2]


class Decoder(torch.nn.Module):
    """Gpt2 over stacked past keys and values [layers, 1, past, dim]."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, ids, pos_ids, past_k, past_v):
        layers = self.model.c.layers
        past = [(past_k[l], past_v[l]) for l in range(layers)]
        logits, presents = self.model(ids, pos_ids, past)
        return (logits, torch.stack([k for k, _ in presents]),
                torch.stack([v for _, v in presents]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tiny", action="store_true")
    ap.add_argument("--out-dir", default=str(REPO / "build" / "models"))
    args = ap.parse_args()
    c = gpt2_torch.TINY if args.tiny else gpt2_torch.SMALL
    out_dir = Path(args.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / ("gpt2_tiny_decoder.onnx" if args.tiny else "gpt2_decoder.onnx")

    start = time.perf_counter()
    decoder = Decoder(gpt2_torch.Gpt2(c, gpt2_torch.make_weights(c))).eval()
    # A trace example with past and s both > 1, so that no dim is
    # specialized to 0 or 1 (the prompt runs with past 0, a step with s 1).
    s, past = 3, 5
    example = (torch.arange(s).reshape(1, s) + 7, torch.arange(past, past + s).reshape(1, s),
               torch.zeros(c.layers, 1, past, c.dim), torch.zeros(c.layers, 1, past, c.dim))
    with torch.no_grad():
        torch.onnx.export(
            decoder, example, str(path), opset_version=17, do_constant_folding=True,
            input_names=["ids", "pos_ids", "past_k", "past_v"],
            output_names=["logits", "present_k", "present_v"],
            dynamic_axes={"ids": {1: "s"}, "pos_ids": {1: "s"},
                          "past_k": {2: "past"}, "past_v": {2: "past"},
                          "logits": {1: "s"},
                          "present_k": {2: "total"}, "present_v": {2: "total"}})
    onnx.checker.check_model(str(path))
    print(f"gpt2_export_onnx.py: wrote {path} ({path.stat().st_size / 2**20:.1f} MiB) "
          f"in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
