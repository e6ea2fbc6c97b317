#!/usr/bin/env bash
# run-example.sh [model.mlir] — the main job: build rlx, compile an example
# model (default examples/mlp.mlir) for the CPU and run it on seeded random
# inputs and weights. Prints the fusion and dispatch reports, the optimized
# MIR, the outputs and the median latency. The model's symbolic dims are
# bound from its "// rlx-bind:" line.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${RLX_BUILD_DIR:-$root/build}"
model="${1:-$root/examples/mlp.mlir}"

"$root/scripts/build.sh" rlx-run >/dev/null

bind="$(sed -nE 's|^// rlx-bind: *([^ ]*).*|\1|p' "$model" | head -n 1)"
stages="$(mktemp -d)"
trap 'rm -rf "$stages"' EXIT

echo "== $model (bind: ${bind:-none}), cpu =="
"$build/bin/rlx-run" "$model" ${bind:+--bind "$bind"} --fusion-report \
  --dump-stages "$stages" --repeat 20 > "$stages/run.txt"
echo
echo "== stages written: $(cd "$stages" && ls *.mlir | tr '\n' ' ')"
echo "== optimized MIR =="
cat "$stages"/*-optimized.mlir
echo
echo "== outputs and timing =="
cat "$stages/run.txt"
