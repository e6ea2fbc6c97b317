#!/usr/bin/env bash
# gpt2_decode.sh — GPT-2-small greedy decoding in rlx, PyTorch and ONNX
# Runtime: the same model (examples/gpt2/Gpt2Model.{h,cpp}; the weights from
# its formula, computed again by gpt2_torch.py), the same 8-token prompt, the
# same greedy generation, each system with its own KV cache.
#
#   bench/compare/gpt2_decode.sh [--rounds R] [--tokens N] [--threads "1 2"]
#                                [--rlx-gpt2 PATH] [--warmup W] [--tiny]
#
# Defaults: 3 rounds, 32 tokens, 1 and 2 threads, build/bin/rlx-gpt2 (build
# it first: ninja -C build rlx-gpt2). A round runs every system once per
# thread count, one process each, in an order rotated per round:
#   rlx:          rlx-gpt2 --tokens N --prompt 8 --threads T --warmup W
#   PyTorch:      gpt2_torch.py --tokens N --threads T
#   ONNX Runtime: node gpt2_ort.mjs on build/models/gpt2_decoder.onnx
#                 (gpt2_export_onnx.py writes it when it is missing or older
#                 than the scripts), intraOpNumThreads T
# Each prints its generated ids, the prefill time of the prompt and the
# decode speed (tokens/s over the N - 1 steps after the first token: the
# mean). The table holds the median over rounds, [min-max] beside it.
# Every system runs W untimed warm-up generations first (default 1);
# --warmup 0 times their cold first runs.
# --tiny runs the tiny config of Gpt2Model.h in all three (a quick check of
# the scripts; build/models/gpt2_tiny_decoder.onnx).
#
# Agreement: every run's ids must equal rlx's first run's. When they do not,
# each differing sequence is teacher-forced through PyTorch
# (gpt2_torch.py --check-ids): it says how many leading ids agree and the
# logit margin at the first difference. A margin within 1e-4 of the logits'
# scale (float32 noise: rlx, PyTorch and ORT differ by ~5e-6 on logits of
# scale ~2.4) is a near-tie and only warned about; anything else fails the
# script (exit 1). The first generated token's logits of PyTorch and ORT are
# compared every run (max |ORT - PyTorch|).
#
# Installs onnxruntime-node (pinned, into build/compare) as run.sh does when
# it is missing. Never part of scripts/test.sh; its numbers mean something
# only on an idle machine. A round at 1 and 2 threads takes ~70 s (2-core VM).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="${RLX_BUILD_DIR:-$root/build}"
prefix="$build/compare"
work="$prefix/gpt2"
model_dir="$build/models"
model="$model_dir/gpt2_decoder.onnx"
ort_version="${ORT_VERSION:-1.30.0}"
python=/usr/bin/python3

rounds=3
tokens=32
threads="1 2"
rlx="$build/bin/rlx-gpt2"
prompt=8
tiny=()
warmup=1
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    --tokens) tokens="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --rlx-gpt2) rlx="$2"; shift 2 ;;
    --warmup) warmup="$2"; shift 2 ;;
    --tiny) tiny=(--tiny); model="$model_dir/gpt2_tiny_decoder.onnx"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "gpt2_decode.sh: unknown option '$1' (--help)" >&2; exit 2 ;;
  esac
done
[ -x "$rlx" ] || { echo "gpt2_decode.sh: no $rlx; build it: ninja -C build rlx-gpt2" >&2; exit 1; }

installed="$(node -p "require('$prefix/node_modules/onnxruntime-node/package.json').version" \
  2>/dev/null || true)"
if [ "$installed" != "$ort_version" ]; then
  echo "gpt2_decode.sh: installing onnxruntime-node@$ort_version into $prefix (npm)" >&2
  mkdir -p "$prefix"
  [ -f "$prefix/package.json" ] || echo '{ "name": "rlx-compare", "private": true }' \
    >"$prefix/package.json"
  (cd "$prefix" && ONNXRUNTIME_NODE_INSTALL=skip npm install --no-audit --no-fund \
    "onnxruntime-node@$ort_version" >&2)
fi
if [ ! -f "$model" ] || [ "$here/gpt2_torch.py" -nt "$model" ] ||
   [ "$here/gpt2_export_onnx.py" -nt "$model" ]; then
  echo "gpt2_decode.sh: exporting $model" >&2
  "$python" "$here/gpt2_export_onnx.py" --out-dir "$model_dir" ${tiny[@]+"${tiny[@]}"} >&2
fi

rm -rf "$work"
mkdir -p "$work"
load="$(cut -d' ' -f1-3 /proc/loadavg)"

run_one() { # system threads round
  local system="$1" t="$2" r="$3" out="$work/$1-t$2-r$3.txt"
  case "$system" in
    rlx) "$rlx" --tokens "$tokens" --prompt "$prompt" --threads "$t" --warmup "$warmup" \
      ${tiny[@]+"${tiny[@]}"} >"$out" ;;
    torch)
      "$python" "$here/gpt2_torch.py" --tokens "$tokens" --prompt "$prompt" --threads "$t" \
        --warmup "$warmup" ${tiny[@]+"${tiny[@]}"} --dump-logits "$work/torch-t$t-r$r.npy" >"$out"
      # PyTorch's worker threads spin on after it returns (compare.py,
      # README): let them stop before the next system starts.
      sleep 0.5 ;;
    ort)
      node "$here/gpt2_ort.mjs" --prefix "$prefix" --model "$model" --tokens "$tokens" \
        --prompt "$prompt" --threads "$t" --warmup "$warmup" --dump-logits "$work/ort-t$t-r$r.npy" >"$out" ;;
  esac
  echo "round $r, $system, $t threads: $(grep '^prefill' "$out")" >&2
}

systems=(rlx torch ort)
for ((r = 1; r <= rounds; ++r)); do
  for t in $threads; do
    for ((i = 0; i < 3; ++i)); do
      run_one "${systems[$(((i + r - 1) % 3))]}" "$t" "$r"
    done
  done
done

exec "$python" - "$work" "$rounds" "$tokens" "$prompt" "$threads" "$load" "$rlx" \
  "$ort_version" "$root" "${#tiny[@]}" "$warmup" <<'EOF'
import datetime, os, re, statistics, subprocess, sys
from pathlib import Path
import numpy as np

work, rounds, tokens, prompt = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
threads, load, rlx, ort_version, root = sys.argv[5].split(), sys.argv[6], sys.argv[7], sys.argv[8], sys.argv[9]
tiny = ["--tiny"] if sys.argv[10] != "0" else []
warmup = int(sys.argv[11])
here = Path(root) / "bench" / "compare"
names = {"rlx": "rlx", "torch": "PyTorch", "ort": "ONNX Runtime"}
LINE = re.compile(r"prefill of \d+ tokens: ([0-9.]+) ms; decode: ([0-9.]+) tokens/s")

runs = {}  # (system, threads, round) -> (ids, prefill ms, tokens/s)
for s in names:
    for t in threads:
        for r in range(1, rounds + 1):
            text = (work / f"{s}-t{t}-r{r}.txt").read_text()
            gen = re.search(r"^generated:(.*)$", text, re.M)
            m = LINE.search(text)
            if not gen or not m:
                sys.exit(f"gpt2_decode.sh: {names[s]} at {t} threads, round {r} printed no "
                         f"ids or timing:\n{text}")
            runs[s, t, r] = ([int(x) for x in gen.group(1).split()], float(m.group(1)),
                             float(m.group(2)))

def git(*a):
    try:
        return subprocess.run(["git", "-C", root, *a], capture_output=True, text=True,
                              check=True).stdout.strip()
    except Exception:
        return ""
import torch
rev = git("rev-parse", "--short", "HEAD") or "unknown"
if git("status", "--porcelain", "--untracked-files=no"):
    rev += " with uncommitted changes"
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
now = datetime.datetime.now(datetime.timezone.utc)
print(f"## GPT-2-{'tiny' if tiny else 'small'} greedy decoding: rlx, PyTorch, ONNX Runtime (bench/compare/gpt2_decode.sh)\n")
print(f"- machine: {cpu}, {os.cpu_count()} CPUs; "
      f"load average at start {load}")
print(f"- date: {now:%Y-%m-%d %H:%M} UTC")
print(f"- versions: rlx {rev} ({rlx}); PyTorch {torch.__version__}; onnxruntime-node "
      f"{ort_version}; ONNX opset 17")
print(f"- method: prompt {prompt} tokens, {tokens} generated; {rounds} round(s), each runs "
      f"every system once per thread count (one process, order rotated per round); prefill = "
      f"one run of the prompt; decode = (N - 1) steps / their time (mean); each cell the median "
      f"over rounds [min-max]. Every system runs {warmup} untimed warm-up "
      f"generation(s) first (rlx's compile and weight upload are untimed too)\n")

print("| system | threads | prefill of %d (ms) | decode (tokens/s) | decode ms/token |" % prompt)
print("|---|---|---|---|---|")
for t in threads:
    for s in names:
        pre = [runs[s, t, r][1] for r in range(1, rounds + 1)]
        dec = [runs[s, t, r][2] for r in range(1, rounds + 1)]
        print(f"| {names[s]} | {t} | {statistics.median(pre):.1f} [{min(pre):.1f}-{max(pre):.1f}] "
              f"| {statistics.median(dec):.1f} [{min(dec):.1f}-{max(dec):.1f}] "
              f"| {1e3 / statistics.median(dec):.2f} |")
print()

# First-token logits, PyTorch against ONNX Runtime.
worst = 0.0
scale = 0.0
for t in threads:
    for r in range(1, rounds + 1):
        a, b = np.load(work / f"torch-t{t}-r{r}.npy"), np.load(work / f"ort-t{t}-r{r}.npy")
        worst = max(worst, float(np.abs(a - b).max()))
        scale = max(scale, float(np.abs(a).max()))
print(f"First generated token's logits: max |ONNX Runtime - PyTorch| = {worst:.3g} "
      f"(logit scale {scale:.3g}), over all runs.")

reference = runs["rlx", threads[0], 1][0]
differ = {}
for key, (ids, _, _) in runs.items():
    if ids != reference:
        differ.setdefault(tuple(ids), []).append(key)
if not differ:
    print(f"Generated ids: all {len(runs)} runs agree ({len(reference)} ids): "
          + " ".join(map(str, reference)))
    sys.exit(0)

print(f"Generated ids: NOT all the same. rlx ({threads[0]} threads, round 1): "
      + " ".join(map(str, reference)))
failed = False
# rlx's reference itself, then every other sequence, teacher-forced through
# PyTorch: each is judged by PyTorch's logits along its own prefix.
for ids in [tuple(reference)] + list(differ):
    who = ", ".join(f"{names[s]} {t}T r{r}" for s, t, r in differ.get(ids, [])) or "rlx reference"
    if ids == tuple(reference):
        print(f"- {who}, against PyTorch:")
    else:
        lead = next((i for i, (x, y) in enumerate(zip(ids, reference)) if x != y), len(ids))
        print(f"- {who}: {lead} of {len(ids)} leading ids equal rlx's; "
              + " ".join(map(str, ids)))
    out = subprocess.run([sys.executable, str(here / "gpt2_torch.py"), "--prompt", str(prompt), *tiny,
                          "--check-ids", " ".join(map(str, ids))],
                         capture_output=True, text=True)
    checks = [l for l in out.stdout.splitlines() if l.startswith("check:")]
    for l in checks:
        print("  " + l)
    m = re.search(r"margin ([-0-9.e+]+), logit scale ([0-9.e+-]+)", out.stdout)
    if out.returncode != 0 or not checks:
        print(f"  gpt2_torch.py --check-ids failed:\n{out.stdout}{out.stderr}")
        failed = True
    elif m and abs(float(m.group(1))) > 1e-4 * float(m.group(2)):
        print("  NOT a near-tie: the margin is past float32 noise (1e-4 of the logit scale)")
        failed = True
    elif m:
        print("  a near-tie (margin within 1e-4 of the logit scale): WARNING only")
if failed:
    print("gpt2_decode.sh: FAILED: the systems generated different ids", file=sys.stderr)
    sys.exit(1)
EOF
