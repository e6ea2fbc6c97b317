#!/usr/bin/python3
"""compare.py — rlx, ONNX Runtime and PyTorch side by side (issue 14).

Builds each workload once in PyTorch from seeded weights, exports the same
module to ONNX and writes the same weights and input as .npy for rlx-run, so
the three systems compute one function on one set of numbers. Each round then
times every system once per workload and thread count, in an order rotated
from round to round so that a noisy moment on the machine does not always
land on the same system; every timing is the median of N runs, and the table
holds the median of those over the rounds. Every run's output is checked
against PyTorch's first: a system that disagrees makes the script exit 1.

Run it through bench/compare/run.sh, which installs PyTorch and
onnxruntime-node first. It is never part of scripts/test.sh.
"""

import argparse
import ctypes
import dataclasses
import datetime
import json
import math
import os
import re
import statistics
import subprocess
import sys
import time
import warnings
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent

# An output agrees when max |out - PyTorch| <= TOLERANCE * max |PyTorch|: the
# error is measured against the output's scale, so it means the same for the
# MLP's logits and the encoder's unit-variance rows. 1e-4 is ~1000 float32
# ulps of the largest value: wide enough for a different summation order,
# vector exp and fused kernels, far too tight for a wrong layout or a missing
# bias, scale or norm term.
TOLERANCE = 1e-4

# Seconds to wait after a PyTorch timing before the next system starts
# (its spinning worker threads; see main()).
TORCH_SETTLE_S = 0.5

SEED = 14  # the number; any fixed seed will do


# ---------------------------------------------------------------- the models


def linear(x, w, b):
    """x W + b with W stored [in, out] as rlx's hir.linear takes it.

    F.linear on the transposed view is one addmm with the bias fused, which
    is what nn.Linear runs; `x @ w + b` would add a second pass for the bias
    and give PyTorch a slower form than its users get.
    """
    return F.linear(x, w.t(), b)


def uniform(gen, shape, bound):
    return (torch.rand(shape, generator=gen) * 2 - 1) * bound


class Mlp(torch.nn.Module):
    """examples/mlp.mlir: 784 -> 512 (bias + relu) -> 10 (bias)."""

    def __init__(self, gen):
        super().__init__()
        # nn.Linear's default initialisation range, 1/sqrt(fan_in), keeps the
        # activations at unit scale as in a trained model.
        def p(shape, fan_in):
            return torch.nn.Parameter(uniform(gen, shape, fan_in**-0.5), requires_grad=False)

        self.w1, self.b1 = p((784, 512), 784), p((512,), 784)
        self.w2, self.b2 = p((512, 10), 512), p((10,), 512)

    def forward(self, x):
        return linear(F.relu(linear(x, self.w1, self.b1)), self.w2, self.b2)

    def rlx_params(self):
        return {"fc1.weight": self.w1, "fc1.bias": self.b1,
                "fc2.weight": self.w2, "fc2.bias": self.b2}


class Encoder(torch.nn.Module):
    """examples/encoder.mlir: one post-norm transformer encoder layer.

    hir.attention `none` is softmax(q k^T / sqrt(head_dim)) v per head
    (dialects/HIR/HIROps.td), and `hir.residual_norm layer %a, %b` is
    LayerNorm(a + b) over the last dim; the layer is
      n1 = LayerNorm(x + Wo·Attention(x Wq, x Wk, x Wv))
      y  = LayerNorm(n1 + W2·relu(W1·n1))
    written with plain matmuls so that it is exactly that function (PyTorch's
    nn.TransformerEncoderLayer stores weights [out, in] and packs q, k, v).
    """

    SEQ, D, HEADS, FF, EPS = 128, 256, 4, 1024, 1e-5

    def __init__(self, gen):
        super().__init__()
        d, ff = self.D, self.FF

        def p(shape, fan_in):
            return torch.nn.Parameter(uniform(gen, shape, fan_in**-0.5), requires_grad=False)

        def norm(shape, base):
            # Not ones and zeros: a gamma or beta that rlx dropped must show.
            return torch.nn.Parameter(base + 0.1 * torch.randn(shape, generator=gen),
                                      requires_grad=False)

        self.wq, self.bq = p((d, d), d), p((d,), d)
        self.wk, self.bk = p((d, d), d), p((d,), d)
        self.wv, self.bv = p((d, d), d), p((d,), d)
        self.wo, self.bo = p((d, d), d), p((d,), d)
        self.g1, self.be1 = norm((d,), 1.0), norm((d,), 0.0)
        self.w1, self.b1 = p((d, ff), d), p((ff,), d)
        self.w2, self.b2 = p((ff, d), ff), p((d,), ff)
        self.g2, self.be2 = norm((d,), 1.0), norm((d,), 0.0)

    def forward(self, x):
        s, d, h = self.SEQ, self.D, self.HEADS
        hd = d // h

        # [B, S, H*hd] -> [B, H, S, hd]. Constant sizes (batch as -1) keep
        # the ONNX graph free of Shape/Gather arithmetic.
        def split(t):
            return t.reshape(-1, s, h, hd).transpose(1, 2)

        q = split(linear(x, self.wq, self.bq))
        k = split(linear(x, self.wk, self.bk))
        v = split(linear(x, self.wv, self.bv))
        scores = torch.matmul(q, k.transpose(-2, -1)) * (1.0 / math.sqrt(hd))
        a = torch.matmul(torch.softmax(scores, dim=-1), v)
        a = a.transpose(1, 2).reshape(-1, s, d)
        o = linear(a, self.wo, self.bo)
        n1 = F.layer_norm(o + x, (d,), self.g1, self.be1, self.EPS)
        f = linear(F.relu(linear(n1, self.w1, self.b1)), self.w2, self.b2)
        return F.layer_norm(f + n1, (d,), self.g2, self.be2, self.EPS)

    def rlx_params(self):
        return {"attn.wq": self.wq, "attn.bq": self.bq, "attn.wk": self.wk,
                "attn.bk": self.bk, "attn.wv": self.wv, "attn.bv": self.bv,
                "attn.wo": self.wo, "attn.bo": self.bo,
                "norm1.gamma": self.g1, "norm1.beta": self.be1,
                "ff.w1": self.w1, "ff.b1": self.b1, "ff.w2": self.w2, "ff.b2": self.b2,
                "norm2.gamma": self.g2, "norm2.beta": self.be2}


@dataclasses.dataclass
class Workload:
    key: str  # the name --workloads takes
    label: str  # the table's name
    mlir: Path  # None: rlx compiles the same .onnx file ORT runs
    binds: list
    make: object  # the module's class, or a function of the generator
    input_shape: tuple
    output: str  # the output's name in the .mlir (and in the ONNX graph)
    runs: int  # runs per timing: ~0.1-0.5 s on one thread
    axes: dict = dataclasses.field(default_factory=dict)  # dynamic ONNX axes


# The ecosystem's models (issue 25), built by bench/models' exporters (the
# same weights, BatchNorm calibration and dynamic axes as their .onnx files).
sys.path.insert(0, str(REPO / "bench/models"))
import export_blocks  # noqa: E402
import export_vision  # noqa: E402


def vision(name, label, runs):
    return Workload(name, label, None, ["batch=1"],
                    lambda gen: export_vision.build(name), (1, 3, 224, 224), "y", runs,
                    {0: "batch"})


def block(name, label, d, runs):
    return Workload(name, label, None, ["batch=1", "seq=128"],
                    lambda gen: export_blocks.build(name)[0], (1, 128, d), "y", runs,
                    {0: "batch", 1: "seq"})


WORKLOADS = {
    "mlp": Workload("mlp", "MLP 64×784→512→10", REPO / "examples/mlp.mlir",
                    ["batch=64"], Mlp, (64, 784), "logits", 500),
    "encoder": Workload("encoder", "encoder layer, seq 128", REPO / "examples/encoder.mlir",
                        ["batch=1"], Encoder, (1, 128, 256), "y", 100),
    "resnet18": vision("resnet18", "ResNet-18", 20),
    "mobilenet_v2": vision("mobilenet_v2", "MobileNetV2", 40),
    "efficientnet_b0": vision("efficientnet_b0", "EfficientNet-B0", 30),
    "convnext_tiny": vision("convnext_tiny", "ConvNeXt-Tiny", 8),
    "vit_b_16": vision("vit_b_16", "ViT-B/16", 3),
    "torch_encoder": block("encoder", "nn.TransformerEncoderLayer d512, seq 128", 512, 50),
    "gpt2_block": block("gpt2_block", "GPT-2 block d768, seq 128", 768, 30),
}
# The seven models of issue 25.
MODELS = ["resnet18", "mobilenet_v2", "efficientnet_b0", "convnext_tiny", "vit_b_16",
          "torch_encoder", "gpt2_block"]


# ------------------------------------------------ one model, three systems


class Prepared:
    """A workload's module, its files for rlx and ORT, and the reference."""

    def __init__(self, workload, work_dir, rlx_tolerance=TOLERANCE):
        self.workload = workload
        self.tolerance = {"rlx": rlx_tolerance}
        self.dir = work_dir / workload.key
        (self.dir / "params").mkdir(parents=True, exist_ok=True)
        gen = torch.Generator().manual_seed(SEED)
        self.module = workload.make(gen).eval()
        self.x = torch.randn(workload.input_shape, generator=gen)

        self.x_file = self.dir / "x.npy"
        np.save(self.x_file, self.x.numpy())
        self.param_files = {}
        if workload.mlir is not None:
            for name, tensor in self.module.rlx_params().items():
                path = self.dir / "params" / f"{name}.npy"
                np.save(path, tensor.detach().numpy())
                self.param_files[name] = path

        self.onnx_file = self.dir / "model.onnx"
        with warnings.catch_warnings():
            # The exporter's advice on training-mode and dynamic-axes
            # settings does not apply to a fixed-shape inference graph.
            warnings.simplefilter("ignore")
            axes = {"x": workload.axes, workload.output: workload.axes} \
                if workload.axes else None
            torch.onnx.export(self.module, (self.x,), str(self.onnx_file),
                              input_names=["x"], output_names=[workload.output],
                              dynamic_axes=axes, opset_version=17,
                              do_constant_folding=True)

        with torch.inference_mode():
            self.reference = self.module(self.x).numpy()
        self.scale = float(np.abs(self.reference).max())

    def output_dir(self, system):
        """`system`'s output directory and file, the file removed: a run that
        exits 0 without writing it must not be checked on a stale one."""
        out_dir = self.dir / f"out-{system}"
        out_dir.mkdir(exist_ok=True)
        out_file = out_dir / f"{self.workload.output}.npy"
        out_file.unlink(missing_ok=True)
        return out_dir, out_file

    def check_file(self, system, path):
        if not path.is_file():
            sys.exit(f"compare.py: {system} wrote no {path.name} for {self.workload.key}")
        return self.error(system, np.load(path))

    def error(self, system, out):
        """max |out - reference| / max |reference|; exits on disagreement."""
        if out.shape != self.reference.shape:
            sys.exit(f"compare.py: {system} on {self.workload.key}: output shape "
                     f"{list(out.shape)}, PyTorch's is {list(self.reference.shape)}")
        err = float(np.abs(out.astype(np.float64) - self.reference).max()) / self.scale
        tolerance = self.tolerance.get(system, TOLERANCE)
        if not err <= tolerance:  # `not <=` also catches NaN
            sys.exit(f"compare.py: {system} disagrees with PyTorch on {self.workload.key}: "
                     f"max |{system} - PyTorch| / max |PyTorch| = {err:.3g} > {tolerance:g}")
        return err


def time_rlx(prep, threads, runs, args):
    """rlx-run's median, from its one process per timing.

    rlx-run compiles (from the AOT cache in --work-dir after the first
    round), runs once to write the outputs (the warm-up), then times --repeat
    runs one by one and prints their median.
    """
    out_dir, out_file = prep.output_dir("rlx")
    model = prep.workload.mlir or prep.onnx_file
    cmd = [str(args.rlx_run), str(model)]
    for b in prep.workload.binds:
        cmd += ["--bind", b]
    for name, path in prep.param_files.items():
        cmd += ["--param", f"{name}={path}"]
    cmd += ["--input", f"x={prep.x_file}", "--repeat", str(runs),
            "--num-threads", str(threads), "--cache-dir", str(args.work_dir / "rlx-cache"),
            "--output-dir", str(out_dir)]
    cmd += args.rlx_flag
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"compare.py: rlx-run failed ({proc.returncode}):\n  {' '.join(cmd)}\n"
                 f"{proc.stdout}{proc.stderr}")
    m = re.search(r"^latency: median ([0-9.]+) us", proc.stdout, re.M)
    if not m:
        sys.exit(f"compare.py: no 'latency: median' line from rlx-run:\n{proc.stdout}")
    return float(m.group(1)), prep.check_file("rlx", out_file)


def time_ort(prep, threads, runs, args):
    """ort_time.mjs's median, from one Node process per timing."""
    out_dir, out_file = prep.output_dir("ort")
    cmd = [args.node, str(HERE / "ort_time.mjs"), "--prefix", str(args.ort_prefix),
           "--model", str(prep.onnx_file), "--input", f"x={prep.x_file}",
           "--threads", str(threads), "--runs", str(runs),
           "--warmup", str(warmup_runs(runs)), "--output-dir", str(out_dir)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"compare.py: ort_time.mjs failed ({proc.returncode}):\n  {' '.join(cmd)}\n"
                 f"{proc.stdout}{proc.stderr}")
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    return result["median_us"], prep.check_file("ONNX Runtime", out_file)


def set_openblas_threads(threads):
    """Debian's PyTorch runs its matmuls (addmm) in OpenBLAS, whose thread pool
    ignores torch.set_num_threads: at set_num_threads(1) the MLP used 1.99 CPU
    seconds per second. OpenBLAS is already loaded (PyTorch needs it), so
    dlopen returns it and its own setter applies."""
    for line in open("/proc/self/maps"):
        path = line.split()[-1]
        if "libopenblas" in path:
            ctypes.CDLL(path).openblas_set_num_threads(threads)
            return


def time_torch(prep, threads, runs, args):
    """PyTorch in this process: warm-up, then the median of `runs` calls.

    In-process is how PyTorch is used; the module is already built, so there
    is nothing a fresh process would measure besides the import.
    """
    torch.set_num_threads(threads)
    set_openblas_threads(threads)
    with torch.inference_mode():
        for _ in range(warmup_runs(runs)):
            out = prep.module(prep.x)
        micros = []
        for _ in range(runs):
            start = time.perf_counter_ns()
            out = prep.module(prep.x)
            micros.append((time.perf_counter_ns() - start) / 1000.0)
    # The upper median, as rlx-run and ort_time.mjs take it.
    return sorted(micros)[runs // 2], prep.error("PyTorch", out.numpy())


def warmup_runs(runs):
    # Enough to fault in buffers and start thread pools; the median
    # discounts any slow first timed run anyway.
    return max(3, runs // 10)


SYSTEMS = [("rlx", time_rlx), ("ONNX Runtime", time_ort), ("PyTorch", time_torch)]


# ---------------------------------------------------------------- reporting


def command_output(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def machine():
    fields = {}
    for line in command_output(["lscpu"]).splitlines():
        key, _, value = line.partition(":")
        fields[key.strip()] = value.strip()
    model = fields.get("Model name", "unknown CPU")
    cpus = fields.get("CPU(s)", str(os.cpu_count()))
    try:
        cores = int(fields["Core(s) per socket"]) * int(fields.get("Socket(s)", "1"))
        return f"{model}, {cpus} CPUs ({cores} cores)"
    except (KeyError, ValueError):
        return f"{model}, {cpus} CPUs"


def rlx_revision():
    rev = command_output(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"]) or "unknown"
    dirty = command_output(["git", "-C", str(REPO), "status", "--porcelain",
                            "--untracked-files=no"])
    return rev + (" with uncommitted changes" if dirty else "")


def ort_version(prefix):
    try:
        package = prefix / "node_modules/onnxruntime-node/package.json"
        return json.loads(package.read_text())["version"]
    except (OSError, ValueError, KeyError):
        return "unknown"


def fmt_us(us):
    return f"{us / 1000:.2f} ms" if us >= 10000 else f"{us:.0f} µs"


def print_header(args, workloads, thread_counts):
    now = datetime.datetime.now(datetime.timezone.utc)
    load = ", ".join(f"{v:.2f}" for v in os.getloadavg())
    runs = ", ".join(f"{w.key} {args.runs or w.runs}" for w in workloads)
    print("## rlx, ONNX Runtime and PyTorch side by side (bench/compare)\n")
    print(f"- machine: {machine()}; load average at start {load}")
    print(f"- date: {now:%Y-%m-%d %H:%M} UTC")
    flags = f" {' '.join(args.rlx_flag)}" if args.rlx_flag else ""
    print(f"- versions: rlx {rlx_revision()} ({args.rlx_run}{flags}); PyTorch {torch.__version__}; "
          f"onnxruntime-node {ort_version(args.ort_prefix)} "
          f"(Node {command_output([args.node, '--version'])}); ONNX opset 17")
    print(f"- method: {args.rounds} round(s); each times every system once per workload "
          f"and thread count ({' '.join(map(str, thread_counts))}), the order rotated "
          f"per round; a timing is the median of N runs ({runs}); each cell is the "
          f"median of the rounds' medians; the paired ratio is the median of each "
          f"round's rlx / ORT")
    rlx_bound = (f" (rlx's: {args.rlx_tolerance:g}, --rlx-tolerance)"
                 if args.rlx_tolerance != TOLERANCE else "")
    print(f"- agreement: every output within max |out - PyTorch| <= {TOLERANCE:g} "
          f"× max |PyTorch|{rlx_bound}\n")
    sys.stdout.flush()


def print_table(workloads, thread_counts, times, errors):
    # Paired: the median over rounds of each round's rlx / ORT. A shared VM
    # drifts between fast and slow phases that slow every system at once;
    # the ratio within a round cancels the phase, the ratio of medians mixes
    # them.
    print("| workload | rlx | ONNX Runtime | PyTorch | rlx / ORT | paired rlx / ORT (range) |")
    print("|---|---|---|---|---|---|")
    for w in workloads:
        for t in thread_counts:
            med = {s: statistics.median(times[w.key, t, s]) for s, _ in SYSTEMS}
            paired = [r / o for r, o in zip(times[w.key, t, "rlx"],
                                            times[w.key, t, "ONNX Runtime"])]
            print(f"| {w.label}, {t}T | {fmt_us(med['rlx'])} | "
                  f"{fmt_us(med['ONNX Runtime'])} | {fmt_us(med['PyTorch'])} | "
                  f"{med['rlx'] / med['ONNX Runtime']:.2f}× | "
                  f"{statistics.median(paired):.2f}× ({min(paired):.2f}-{max(paired):.2f}) |")
    print("\nLargest error against PyTorch over all runs (max |out - PyTorch| / max |PyTorch|):\n")
    print("| workload | rlx | ONNX Runtime |")
    print("|---|---|---|")
    for w in workloads:
        print(f"| {w.label} | {errors[w.key, 'rlx']:.2g} | {errors[w.key, 'ONNX Runtime']:.2g} |")


# --------------------------------------------------------------------- main


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--runs", type=int, default=0,
                        help="runs per timing (default: mlp 500, encoder 100)")
    parser.add_argument("--threads", default="1 2", help='thread counts (default "1 2")')
    parser.add_argument("--workloads", default="mlp,encoder",
                        help="comma-separated: " + ",".join(WORKLOADS) +
                             "; 'models' is issue 25's seven: " + ",".join(MODELS))
    parser.add_argument("--rlx-run", type=Path, default=REPO / "build/bin/rlx-run",
                        help="the rlx-run binary (default build/bin/rlx-run)")
    parser.add_argument("--rlx-flag", action="append", default=[], metavar="FLAG",
                        help="a flag added to every rlx-run command, e.g. "
                             "--rlx-flag=--pack-params=false (repeatable)")
    parser.add_argument("--rlx-tolerance", type=float, default=TOLERANCE,
                        help="rlx's agreement bound, relative to the output's scale "
                             f"(default {TOLERANCE:g}; a reduced precision such as "
                             "--rlx-flag=--precision=auto-mixed-bf16 needs ~2e-2)")
    parser.add_argument("--ort-prefix", type=Path, default=REPO / "build/compare",
                        help="the npm prefix holding node_modules/onnxruntime-node")
    parser.add_argument("--work-dir", type=Path, default=REPO / "build/compare/work",
                        help="models, weights, outputs and rlx's AOT cache")
    parser.add_argument("--node", default="node", help="the Node.js binary for ort_time.mjs")
    args = parser.parse_args()

    try:
        thread_counts = [int(t) for t in args.threads.replace(",", " ").split()]
        keys = args.workloads.replace("models", ",".join(MODELS)).split(",")
        workloads = [WORKLOADS[k] for k in keys if k]
    except (ValueError, KeyError) as e:
        parser.error(f"bad --threads or --workloads: {e}")
    if not args.rlx_tolerance > 0:
        parser.error("--rlx-tolerance must be positive")
    if args.rounds < 1 or args.runs < 0 or not thread_counts or not workloads \
            or min(thread_counts) < 1:
        parser.error("--rounds, --threads and --workloads need at least one positive value")
    if not args.rlx_run.is_file():
        parser.error(f"no rlx-run at {args.rlx_run} (build it: ninja -C build rlx-run, "
                     "or give --rlx-run)")
    args.work_dir = args.work_dir.resolve()
    args.ort_prefix = args.ort_prefix.resolve()

    print_header(args, workloads, thread_counts)
    prepared = {w.key: Prepared(w, args.work_dir, args.rlx_tolerance) for w in workloads}

    times = {(w.key, t, s): [] for w in workloads for t in thread_counts for s, _ in SYSTEMS}
    errors = {(w.key, s): 0.0 for w in workloads for s, _ in SYSTEMS}
    for r in range(args.rounds):
        # Rotate which system goes first, so that none is always the one
        # timed at the same point of the round (first after a thread-count
        # change, say, or last when a background job starts).
        order = SYSTEMS[r % len(SYSTEMS):] + SYSTEMS[:r % len(SYSTEMS)]
        for w in workloads:
            runs = args.runs or w.runs
            for t in thread_counts:
                line = []
                for name, timer in order:
                    us, err = timer(prepared[w.key], t, runs, args)
                    if name == "PyTorch":
                        # PyTorch times in this process, and its worker
                        # threads spin after the last call: measured on the
                        # 2-core VM, 0.05 CPU-s in the next 50 ms and 0.10
                        # CPU-s in the next 0.5 s. The next system would
                        # start with one core taken; let them go idle.
                        time.sleep(TORCH_SETTLE_S)
                    times[w.key, t, name].append(us)
                    errors[w.key, name] = max(errors[w.key, name], err)
                    line.append(f"{name} {fmt_us(us)}")
                print(f"round {r + 1}/{args.rounds}, {w.key} {t}T: {', '.join(line)}",
                      file=sys.stderr, flush=True)

    print_table(workloads, thread_counts, times, errors)


if __name__ == "__main__":
    main()
