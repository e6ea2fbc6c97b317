#!/usr/bin/env bash
# setup.sh — install every Debian 12 package rlx needs to build, test and run.
# Idempotent: exits in well under a second when everything is present.
set -euo pipefail

PACKAGES=(
  clang lld ninja-build cmake ccache pkgconf
  # The sanitizer and libFuzzer runtimes (scripts/sanitize.sh); clang only
  # recommends them.
  libclang-rt-dev
  llvm-19-dev llvm-19-tools libmlir-19-dev mlir-19-tools
  libopenblas-dev
  # SHA-256 and HMAC for the AOT cache.
  libssl-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  # The ONNX importer (libonnx + protobuf) and ONNX's node tests, generated
  # by Debian's python3-onnx (docs/ONNX.md).
  libonnx-dev libprotobuf-dev python3-onnx python3-numpy
  # PyTorch, which exports the transformer layer test/ONNX imports.
  python3-torch
  mesa-vulkan-drivers libvulkan-dev vulkan-tools vulkan-validationlayers spirv-tools
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "rlx setup: installing ${missing[*]}" >&2
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
