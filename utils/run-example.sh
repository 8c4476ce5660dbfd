#!/usr/bin/env bash
#===- run-example.sh - The main job on the bundled example ---------------===#
#
# Installs everything, builds, makes the bundled example model (a small
# traced conv net) with the project's Python, and compiles it to ONNX with
# --verify, which runs it in LibTorch and onnxruntime and compares.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build"
"$root/utils/bootstrap.sh" "$build"

out="$build/example"
mkdir -p "$out"
"$root/.venv/bin/python" "$root/utils/model_zoo.py" small_convnet "$out/small_convnet.pt"
"$build/bin/torch-onnx-compile" "$out/small_convnet.pt" -o "$out/small_convnet.onnx" \
  --input-shape 1x3x32x32xf32 --verify -v
echo "wrote $out/small_convnet.onnx"
