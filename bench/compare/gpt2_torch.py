#!/usr/bin/python3
"""gpt2_torch.py — PyTorch's side of the GPT-2-small decode benchmark.

The model of examples/gpt2 (Gpt2Model.{h,cpp}) rebuilt in PyTorch with the
same weights, computed here from the same formula (no weight file), then the
same run as build/bin/rlx-gpt2: prefill the fixed prompt of 8 tokens (ids
(464 + 97 i) % vocab, positions i), then generate greedily with a KV cache
(PyTorch's own: each layer's past keys and values concatenated with the new
ones), f32, torch.no_grad(), torch.set_num_threads(T) and OpenBLAS's own
thread count set to T as well (Debian's PyTorch runs its matmuls there).

    /usr/bin/python3 bench/compare/gpt2_torch.py [--tokens N] [--prompt P]
        [--threads T] [--tiny] [--warmup W] [--dump-logits FILE.npy]
        [--check-ids "ID ID ..."]

Prints, like rlx-gpt2:

    generated: <ids>
    prefill of 8 tokens: X ms; decode: Y tokens/s (S steps, Z ms each; median step M ms)

Timing (the same definitions as rlx-gpt2): the prefill is one forward pass
of the prompt; decode is the N - 1 steps after the first generated token
(argmax of the previous logits + one forward of one token), tokens/s = steps
/ their total time, i.e. the mean over steps; the median step is printed too.
Unlike rlx-gpt2 (whose compile step already touches its buffers), W warm-up
generations (default 1: a prefill and 2 steps, discarded) run first, so
PyTorch's lazy initialisation is not timed.

--dump-logits writes the logits of the first generated token (the prompt's
last row, [vocab] f32) as .npy, for comparing systems. --check-ids
teacher-forces another system's generated ids through this model and
reports how many leading ids agree with PyTorch's argmax and, at the first
that does not, the logit margin (a near-tie or a real disagreement); no
timing then.

gpt2_export_onnx.py imports the model and weights from here.
"""

import argparse
import ctypes
import dataclasses
import math
import statistics
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F


@dataclasses.dataclass(frozen=True)
class Config:
    layers: int = 12
    dim: int = 768
    heads: int = 12
    vocab: int = 50257
    context: int = 1024  # positions the embeddings cover


SMALL = Config()
TINY = Config(2, 64, 4, 211, 96)


def params_of(c):
    """(name, shape) of every param, in Gpt2Model.cpp's paramsOf order: a
    param's index in this list seeds its weights."""
    d = c.dim
    params = [("wte", (c.vocab, d)), ("wpe", (c.context, d))]
    for l in range(c.layers):
        p = f"h.{l}."
        params += [(p + "ln1.g", (d,)), (p + "ln1.b", (d,))]
        for name in ("q", "k", "v", "o"):
            params += [(p + f"attn.{name}.w", (d, d)), (p + f"attn.{name}.b", (d,))]
        params += [(p + "ln2.g", (d,)), (p + "ln2.b", (d,))]
        params += [(p + "mlp.fc.w", (d, 4 * d)), (p + "mlp.fc.b", (4 * d,))]
        params += [(p + "mlp.proj.w", (4 * d, d)), (p + "mlp.proj.b", (d,))]
    params += [("lnf.g", (d,)), ("lnf.b", (d,)), ("lm_head", (d, c.vocab))]
    return params


def _u32(x):
    return np.uint32(x & 0xFFFFFFFF)


def mix(index, elements):
    """Gpt2Model.cpp's mix(index, element) over a uint32 array of elements:
    every product and sum wraps mod 2^32 as the C++ uint32_t arithmetic does."""
    x = elements * np.uint32(0x9E3779B9)
    x += _u32(index * 0x85EBCA6B + 0x1234567)
    x ^= x >> np.uint32(16)
    x *= np.uint32(0x7FEB352D)
    x ^= x >> np.uint32(15)
    x *= np.uint32(0x846CA68B)
    x ^= x >> np.uint32(16)
    return x


def weight_values(name, shape, index, chunk=1 << 22):
    """Gpt2Model.cpp's weightValues: gains (.g) 1, biases (.b) 0, every other
    weight (2 u - 1) * 0.02 * sqrt(3) in double with u = (mix >> 8) / 2^24,
    rounded to float32. Chunked to bound numpy's temporaries."""
    n = math.prod(shape)
    if name.endswith(".g"):
        return np.ones(shape, np.float32)
    if name.endswith(".b"):
        return np.zeros(shape, np.float32)
    bound = 0.02 * math.sqrt(3.0)
    out = np.empty(n, np.float32)
    for start in range(0, n, chunk):
        elements = np.arange(start, min(n, start + chunk), dtype=np.uint32)
        u = (mix(index, elements) >> np.uint32(8)).astype(np.float64) / 16777216.0
        out[start:start + len(elements)] = (2 * u - 1) * bound
    return out.reshape(shape)


def make_weights(c):
    """name -> float32 torch tensor for every param of `c`."""
    return {name: torch.from_numpy(weight_values(name, shape, i))
            for i, (name, shape) in enumerate(params_of(c))}


def prompt_ids(c, length):
    """rlx-gpt2's fixed prompt."""
    return [(464 + 97 * i) % c.vocab for i in range(length)]


def linear(x, w, b=None):
    """x W + b with W stored [in, out] as rlx's linear takes it: F.linear on
    the transposed view is one addmm with the bias fused (compare.py's form;
    on this machine as fast as or faster than a contiguous [out, in] copy)."""
    return F.linear(x, w.t(), b)


class Gpt2(torch.nn.Module):
    """Gpt2Model.cpp's buildGraph: h = wte[ids] + wpe[pos]; pre-LN blocks of
    causal multi-head attention and a GELU (tanh) MLP; final LN; untied LM
    head. forward takes and returns per-layer past keys and values [1, past,
    dim] (the heads side by side, as rlx's caches hold them)."""

    def __init__(self, c, weights):
        super().__init__()
        self.c = c
        # Parameters (sharing the tensors' memory), so torch.onnx.export
        # makes them initializers; "." is not allowed in their names.
        self.params = torch.nn.ParameterDict(
            {n.replace(".", "_"): torch.nn.Parameter(t, requires_grad=False)
             for n, t in weights.items()})
        self.p = {n: self.params[n.replace(".", "_")] for n in weights}

    def layer_norm(self, x, prefix):
        return F.layer_norm(x, (self.c.dim,), self.p[prefix + ".g"], self.p[prefix + ".b"], 1e-5)

    def forward(self, ids, pos_ids, past):
        """ids, pos_ids [1, s] int64; past: a list of (k, v) [1, past, dim]
        per layer. Returns logits [1, s, vocab] and the presents [1, past +
        s, dim] per layer."""
        c, p = self.c, self.p
        heads, hd = c.heads, c.dim // c.heads
        h = F.embedding(ids, p["wte"]) + F.embedding(pos_ids, p["wpe"])
        s = ids.shape[1]
        presents = []
        for l in range(c.layers):
            pre = f"h.{l}."
            a = self.layer_norm(h, pre + "ln1")
            q = linear(a, p[pre + "attn.q.w"], p[pre + "attn.q.b"])
            k = linear(a, p[pre + "attn.k.w"], p[pre + "attn.k.b"])
            v = linear(a, p[pre + "attn.v.w"], p[pre + "attn.v.b"])
            k = torch.cat([past[l][0], k], dim=1)
            v = torch.cat([past[l][1], v], dim=1)
            presents.append((k, v))
            total = k.shape[1]
            qh = q.reshape(1, s, heads, hd).transpose(1, 2)       # [1, H, s, hd]
            kh = k.reshape(1, total, heads, hd).transpose(1, 2)   # [1, H, T, hd]
            vh = v.reshape(1, total, heads, hd).transpose(1, 2)
            scores = torch.matmul(qh, kh.transpose(2, 3)) * (1.0 / math.sqrt(hd))
            # Causal: the query at position pos_ids[i] sees keys 0..pos_ids[i]
            # (the cache holds positions 0..past+s-1 in order).
            key_pos = torch.arange(total, dtype=pos_ids.dtype).reshape(1, 1, 1, total)
            masked = key_pos > pos_ids.reshape(1, 1, s, 1)
            scores = scores.masked_fill(masked, float("-inf"))
            att = torch.matmul(torch.softmax(scores, dim=-1), vh)
            att = att.transpose(1, 2).reshape(1, s, c.dim)
            h = h + linear(att, p[pre + "attn.o.w"], p[pre + "attn.o.b"])
            m = self.layer_norm(h, pre + "ln2")
            up = F.gelu(linear(m, p[pre + "mlp.fc.w"], p[pre + "mlp.fc.b"]), approximate="tanh")
            h = h + linear(up, p[pre + "mlp.proj.w"], p[pre + "mlp.proj.b"])
        h = self.layer_norm(h, "lnf")
        return linear(h, p["lm_head"]), presents

    def empty_past(self):
        z = torch.zeros(1, 0, self.c.dim)
        return [(z, z) for _ in range(self.c.layers)]


def generate(model, prompt, tokens):
    """Greedy generation as rlx-gpt2 does it: returns (ids, prefill seconds,
    per-step seconds for the tokens - 1 steps, first-step logits)."""
    ids = list(prompt)
    with torch.no_grad():
        start = time.perf_counter()
        logits, past = model(torch.tensor([ids]), torch.arange(len(ids)).reshape(1, -1),
                             model.empty_past())
        prefill = time.perf_counter() - start
        first = logits[0, -1].clone()
        generated, steps = [], []
        for t in range(tokens):
            start = time.perf_counter()
            nxt = int(torch.argmax(logits[0, -1]))
            generated.append(nxt)
            if t + 1 == tokens:
                break
            ids.append(nxt)
            logits, past = model(torch.tensor([[nxt]]), torch.tensor([[len(ids) - 1]]), past)
            steps.append(time.perf_counter() - start)
    return generated, prefill, steps, first


def check_ids(model, prompt, other):
    """Teacher-forces `other` (another system's generated ids) and compares
    each with PyTorch's argmax at that step."""
    seq = list(prompt) + list(other)
    with torch.no_grad():
        logits, _ = model(torch.tensor([seq]), torch.arange(len(seq)).reshape(1, -1),
                          model.empty_past())
    rows = logits[0, len(prompt) - 1:len(seq) - 1]
    mine = torch.argmax(rows, dim=-1).tolist()
    agree = 0
    while agree < len(other) and mine[agree] == other[agree]:
        agree += 1
    print(f"check: {agree} of {len(other)} leading ids agree with PyTorch's argmax")
    if agree < len(other):
        row = rows[agree]
        top2 = torch.topk(row, 2).values
        margin = float(row[mine[agree]] - row[other[agree]])
        print(f"check: first difference at generated token {agree}: PyTorch {mine[agree]} "
              f"(logit {float(row[mine[agree]]):.6f}), other {other[agree]} (logit "
              f"{float(row[other[agree]]):.6f}); margin {margin:.3g}, logit scale "
              f"{float(row.abs().max()):.3g}, PyTorch's top-2 gap {float(top2[0] - top2[1]):.3g}")
    return agree


def set_openblas_threads(threads):
    """Debian's PyTorch runs its matmuls in OpenBLAS, whose thread pool
    ignores torch.set_num_threads (compare.py found the MLP at 1 thread using
    2 CPUs); OpenBLAS is already loaded, so dlopen returns it and its own
    setter applies."""
    for line in open("/proc/self/maps"):
        path = line.split()[-1]
        if "libopenblas" in path:
            ctypes.CDLL(path).openblas_set_num_threads(threads)
            return True
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tokens", type=int, default=32)
    ap.add_argument("--prompt", type=int, default=8)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--tiny", action="store_true")
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--dump-logits", metavar="FILE.npy")
    ap.add_argument("--check-ids", metavar="IDS")
    args = ap.parse_args()
    c = TINY if args.tiny else SMALL
    if args.prompt + args.tokens > c.context:
        sys.exit(f"gpt2_torch.py: {args.prompt} prompt + {args.tokens} new tokens pass "
                 f"the context of {c.context}")
    torch.set_num_threads(args.threads)
    set_openblas_threads(args.threads)

    start = time.perf_counter()
    model = Gpt2(c, make_weights(c)).eval()
    n = sum(math.prod(s) for _, s in params_of(c))
    print(f"GPT-2 {'tiny' if args.tiny else 'small'} (PyTorch {torch.__version__}, "
          f"{args.threads} threads): {n} params, weights computed in "
          f"{time.perf_counter() - start:.2f} s")
    prompt = prompt_ids(c, args.prompt)
    if args.check_ids is not None:
        other = [int(t) for t in args.check_ids.split()]
        check_ids(model, prompt, other)
        return

    for _ in range(args.warmup):
        generate(model, prompt, min(3, args.tokens))
    generated, prefill, steps, first = generate(model, prompt, args.tokens)
    if args.dump_logits:
        np.save(args.dump_logits, first.numpy())
    print("generated: " + " ".join(map(str, generated)))
    total = sum(steps)
    print(f"prefill of {args.prompt} tokens: {prefill * 1e3:.1f} ms; decode: "
          f"{len(steps) / total if steps else 0.0:.1f} tokens/s ({len(steps)} steps, "
          f"{total * 1e3 / max(1, len(steps)):.2f} ms each; median step "
          f"{statistics.median(steps) * 1e3 if steps else 0.0:.2f} ms)")


if __name__ == "__main__":
    main()
