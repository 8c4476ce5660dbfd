#!/usr/bin/env bash
#===- install-deps.sh - Install the packages torch-onnx needs -------------===#
#
# Idempotent: installs Debian packages and the test-only npm packages.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

pkgs=(
  cmake ninja-build ccache g++ git
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
  libtorch-dev python3-torch python3-torchvision
  libonnx-dev python3-onnx libonnx-testdata
  libprotobuf-dev protobuf-compiler libjemalloc-dev
  python3-numpy python3-matplotlib time
)
# Debian's npm conflicts with the nodejs that already bundles it.
command -v node >/dev/null || pkgs+=(nodejs)
command -v npm >/dev/null || pkgs+=(npm)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
fi

# onnxruntime is test-only; its install script downloads CUDA parts, so skip it.
if [ ! -d "$root/third_party/node/node_modules/onnxruntime-node" ]; then
  mkdir -p "$root/third_party/node"
  (cd "$root/third_party/node" &&
    { [ -f package.json ] || echo '{"name":"torch-onnx-test-deps","private":true}' >package.json; } &&
    npm install --ignore-scripts --no-audit --no-fund onnxruntime-node)
fi
