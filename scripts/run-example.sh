#!/usr/bin/env bash
# run-example.sh [model.mlir] — the main job: build rlx, then compile an
# example model (default examples/mlp.mlir) from HIR to optimized MIR with
# rlx-opt, printing every stage and the fusion and dispatch reports.
# The model's symbolic dims are bound from its "// rlx-bind:" line.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${RLX_BUILD_DIR:-$root/build}"
model="${1:-$root/examples/mlp.mlir}"

"$root/scripts/build.sh" rlx-opt >/dev/null

bind="$(sed -nE 's|^// rlx-bind: *([^ ]*).*|\1|p' "$model" | head -n 1)"
stages="$(mktemp -d)"
trap 'rm -rf "$stages"' EXIT

echo "== $model (bind: ${bind:-none}) =="
"$build/bin/rlx-opt" "$model" \
  -rlx-mir-pipeline="target=cpu bind=$bind report=true dump-dir=$stages" \
  -o /dev/null
for stage in "$stages"/*.mlir; do
  echo
  echo "== stage $(basename "$stage" .mlir) =="
  cat "$stage"
done
