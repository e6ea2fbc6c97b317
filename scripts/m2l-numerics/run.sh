#!/usr/bin/env bash
# run.sh — execute convert-mir-to-lir kernels with upstream MLIR (mlir-opt +
# mlir-cpu-runner from mlir-19-tools) and compare them with pure-Python
# references, at the default split and with every kernel split as finely as
# it goes. A stand-in until convert-lir-to-llvm runs the real path; see
# harness.py. Needs build/bin/rlx-opt.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
fine="'-convert-mir-to-lir=workgroup-elements=1 alignment=16'"
for split in "" "$fine"; do
  echo "== ${split:-default split} =="
  for case in cases_f32.py cases_half.py cases_edge.py; do
    out="$(M2L="$split" python3 "$case")" || { echo "$out"; exit 1; }
    echo "$out" | grep -v '^PASS' || true
  done
  for policy in fusable direct; do
    for batch in 1 2; do
      out="$(M2L="$split" B=$batch python3 mini_encoder.py "$policy")" ||
        { echo "$out"; exit 1; }
      echo "$out" | grep -v '^{'
    done
  done
done
