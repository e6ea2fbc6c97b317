#!/usr/bin/env bash
# run.sh — rlx next to ONNX Runtime and PyTorch on the same models (issue 14):
# installs what the comparison needs, then runs compare.py, which checks
# that the three agree and prints the timing table in Markdown.
#
#   bench/compare/run.sh [--rounds R] [--runs N] [--threads "1 2"]
#                        [--workloads mlp,encoder] [--rlx-run PATH]
#                        [--rlx-flag FLAG ...] [--rlx-tolerance T]
#
# Needs a built rlx-run (ninja -C build rlx-run). Installs, when missing:
# Debian's python3-torch (apt) and onnxruntime-node (npm, into
# $build/compare, outside the repository). Run on request only: it is never
# part of scripts/test.sh, and its timings mean something only on an idle
# machine.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="${RLX_BUILD_DIR:-$root/build}"
prefix="$build/compare"
# Pinned so that tables taken months apart compare the same ORT; raise it
# deliberately (ORT_VERSION=x.y.z bench/compare/run.sh) and say so.
ort_version="${ORT_VERSION:-1.30.0}"
# Debian's torch is installed for the system interpreter, not for a pyenv or
# virtualenv python3 that may come first on PATH.
python=/usr/bin/python3

for arg in "$@"; do
  case "$arg" in
    -h|--help) exec "$python" "$here/compare.py" --help ;;
  esac
done

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
apt_install() {
  echo "run.sh: installing $* (apt)" >&2
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y "$@" >&2
}

if ! "$python" -c 'import torch, numpy' 2>/dev/null; then
  apt_install python3-torch python3-numpy
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  apt_install nodejs npm
fi

installed="$(node -p "require('$prefix/node_modules/onnxruntime-node/package.json').version" \
  2>/dev/null || true)"
if [ "$installed" != "$ort_version" ]; then
  echo "run.sh: installing onnxruntime-node@$ort_version into $prefix (npm)" >&2
  mkdir -p "$prefix"
  # A package.json of its own keeps npm from adopting a parent directory's.
  [ -f "$prefix/package.json" ] || echo '{ "name": "rlx-compare", "private": true }' \
    >"$prefix/package.json"
  # The CPU libraries ship in the package; "skip" stops its install script
  # from downloading the CUDA ones, which this comparison does not use.
  (cd "$prefix" && ONNXRUNTIME_NODE_INSTALL=skip npm install --no-audit --no-fund \
    "onnxruntime-node@$ort_version" >&2)
fi

exec "$python" "$here/compare.py" --rlx-run "$build/bin/rlx-run" --ort-prefix "$prefix" \
  --work-dir "$prefix/work" "$@"
