#!/usr/bin/env bash
# run.sh — ONNX's backend node tests on rlx (CPU and Vulkan) and on ONNX
# Runtime, side by side: the table of docs/ONNX.md ("Conformance").
#
#   bench/onnx-node-tests/run.sh
#
# Needs a built rlx (ninja -C build rlx-onnx-node-tests). Installs, when
# missing: onnxruntime-node (npm, pinned as bench/compare does, into
# $build/compare, outside the repository). Generates the node tests with
# Debian's python3-onnx into $build/test/ONNX/node-tests. Run on request:
# scripts/test.sh runs the rlx half against test/ONNX/expected-*.txt.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="${RLX_BUILD_DIR:-$root/build}"
prefix="$build/compare"
ort_version="${ORT_VERSION:-1.30.0}"
python=/usr/bin/python3
tests="$build/test/ONNX/node-tests"
out="$build/onnx-node-tests"

"$root/scripts/setup.sh"
installed="$(node -p "require('$prefix/node_modules/onnxruntime-node/package.json').version" \
  2>/dev/null || true)"
if [ "$installed" != "$ort_version" ]; then
  echo "run.sh: installing onnxruntime-node@$ort_version into $prefix (npm)" >&2
  mkdir -p "$prefix"
  [ -f "$prefix/package.json" ] || echo '{ "name": "rlx-compare", "private": true }' \
    >"$prefix/package.json"
  (cd "$prefix" && ONNXRUNTIME_NODE_INSTALL=skip npm install --no-audit --no-fund \
    "onnxruntime-node@$ort_version" >&2)
fi

mkdir -p "$out"
"$python" "$root/test/ONNX/generate-node-tests.py" "$tests"
"$python" "$here/export_data.py" "$tests/node" "$out/data"
node "$here/ort_node_tests.mjs" "$prefix" "$out/data" >"$out/ort.txt"
"$build/bin/rlx-onnx-node-tests" "$tests/node" --verbose >"$out/rlx-cpu.txt" || true
"$build/bin/rlx-onnx-node-tests" "$tests/node" --device vulkan --verbose \
  >"$out/rlx-vulkan.txt" || true
"$python" "$here/compare.py" "$out/rlx-cpu.txt" "$out/rlx-vulkan.txt" "$out/ort.txt"
