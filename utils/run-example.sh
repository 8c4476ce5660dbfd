#!/usr/bin/env bash
#===- run-example.sh - The main job on the bundled example ---------------===#
#
# Installs everything, builds, makes the bundled example model with
# /usr/bin/python3 and compiles it to ONNX with --verify. While the compiler
# stages are still off by default (TORCH_ONNX_BUILD_COMPILER), it stops at
# the furthest stage that is built: the example's Torch-dialect form through
# torch-onnx-opt.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build"
"$root/utils/bootstrap.sh" "$build"

out="$build/example"
mkdir -p "$out"
/usr/bin/python3 "$root/utils/model_zoo.py" small_convnet "$out/small_convnet.pt"
if [ -x "$build/bin/torch-onnx-compile" ]; then
  "$build/bin/torch-onnx-compile" "$out/small_convnet.pt" -o "$out/small_convnet.onnx" \
    --input-shape 1x3x32x32xf32 --verify -v
  echo "wrote $out/small_convnet.onnx"
else
  echo "torch-onnx-compile is not built (TORCH_ONNX_BUILD_COMPILER=OFF);"
  echo "checking the example's Torch-dialect form with torch-onnx-opt instead:"
  "$build/bin/torch-onnx-opt" "$root/test/Dialect/Torch/torch-mlir-syntax.mlir"
fi
