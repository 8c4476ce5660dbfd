#!/usr/bin/env bash
#===- bootstrap.sh - Install dependencies, configure and build -----------===#
#
# Idempotent. Usage: utils/bootstrap.sh [BUILD_DIR]   (default: build)
# TORCH_ONNX_BUILD_COMPILER=OFF builds only the dialects and torch-onnx-opt,
# without LibTorch; TORCH_ONNX_ENABLE_WERROR=ON makes warnings errors.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$root/build"}

"$root/utils/install-deps.sh"

# Paths relative to the checkout and no hash of the build folder, so that
# another clone or build folder hits the same cache.
export CCACHE_BASEDIR="$root"
export CCACHE_NOHASHDIR=1

# The venv's CMake (utils/requirements.txt), the one that `pip install .`
# (scikit-build-core) finds too: a build folder that another CMake
# configured would be generated again from scratch, and rebuilt.
"$root/.venv/bin/cmake" -G Ninja -S "$root" -B "$build" \
  -DCMAKE_BUILD_TYPE=Release \
  -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
  -DTORCH_ONNX_PYTHON="$root/.venv/bin/python" \
  -DTORCH_ONNX_BUILD_COMPILER="${TORCH_ONNX_BUILD_COMPILER:-ON}" \
  -DTORCH_ONNX_ENABLE_WERROR="${TORCH_ONNX_ENABLE_WERROR:-OFF}" \
  ${TORCH_ONNX_CMAKE_ARGS:-}
ninja -C "$build"
