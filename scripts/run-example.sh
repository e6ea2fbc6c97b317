#!/usr/bin/env bash
# run-example.sh [model.mlir] [--device cpu|vulkan] — the main job: build
# rlx, compile an example model (default examples/mlp.mlir) for the device
# (default cpu; vulkan runs on the machine's Vulkan device, Mesa's lavapipe
# where there is no GPU) and run it on seeded random inputs and weights.
# Prints the fusion and dispatch reports, the optimized MIR, the outputs and
# the median latency. The model's symbolic dims are bound from its
# "// rlx-bind:" line.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${RLX_BUILD_DIR:-$root/build}"
model="$root/examples/mlp.mlir"
device=cpu
while [ $# -gt 0 ]; do
  case "$1" in
    --device) device="${2:?--device needs cpu or vulkan}"; shift 2 ;;
    --device=*) device="${1#--device=}"; shift ;;
    -*) echo "run-example.sh: unknown option '$1'" >&2; exit 2 ;;
    *) model="$1"; shift ;;
  esac
done
case "$device" in
  cpu|vulkan) ;;
  *) echo "run-example.sh: --device '$device' is not cpu or vulkan" >&2; exit 2 ;;
esac

"$root/scripts/build.sh" rlx-run >/dev/null

bind="$(sed -nE 's|^// rlx-bind: *([^ ]*).*|\1|p' "$model" | head -n 1)"
stages="$(mktemp -d)"
trap 'rm -rf "$stages"' EXIT

echo "== $model (bind: ${bind:-none}), $device =="
"$build/bin/rlx-run" "$model" --random-inputs --random-params --device "$device" ${bind:+--bind "$bind"} \
  --fusion-report --dump-stages "$stages" --repeat 20 > "$stages/run.txt"
echo
echo "== stages written: $(cd "$stages" && ls *.mlir | tr '\n' ' ')"
echo "== optimized MIR =="
cat "$stages"/*-optimized.mlir
echo
echo "== outputs and timing =="
cat "$stages/run.txt"
