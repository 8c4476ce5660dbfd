#!/usr/bin/env bash
#===- check-dialects-only.sh - Build and test the dialects without LibTorch ===#
#
# Configures a second build folder with TORCH_ONNX_BUILD_COMPILER=OFF and
# LibTorch's CMake package disabled, builds torch-onnx-opt and runs the
# dialect tests. Usage: utils/check-dialects-only.sh [BUILD_DIR]
# (default: build-dialects).
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$root/build-dialects"}

# find_package(Torch) fails if anything in this configuration asks for it.
TORCH_ONNX_BUILD_COMPILER=OFF \
TORCH_ONNX_CMAKE_ARGS="-DCMAKE_DISABLE_FIND_PACKAGE_Torch=ON" \
  "$root/utils/bootstrap.sh" "$build"

if grep -q '^Torch_DIR:PATH=.*[^-]$' "$build/CMakeCache.txt" &&
   ! grep -q '^Torch_DIR:PATH=Torch_DIR-NOTFOUND' "$build/CMakeCache.txt"; then
  echo "error: the dialects-only build found LibTorch" >&2
  exit 1
fi
/usr/lib/llvm-22/bin/lit -sv "$build/test"
