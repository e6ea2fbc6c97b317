#!/usr/bin/env bash
# run-example.sh [model.mlir] — the main job: build rlx, then verify an
# example model (default examples/mlp.mlir) through rlx-opt and print it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${RLX_BUILD_DIR:-$root/build}"
model="${1:-$root/examples/mlp.mlir}"

"$root/scripts/build.sh" rlx-opt >/dev/null

echo "== $model: parsed and verified by rlx-opt =="
"$build/bin/rlx-opt" --verify-each "$model"
