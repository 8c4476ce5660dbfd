#!/usr/bin/env bash
#===- run-tests.sh - Install, build and run the whole test suite ---------===#
#
# lit (dialects, passes, conversion, importer, emitter, tools), the
# end-to-end suite against PyTorch and onnxruntime, and the ONNX backend
# conformance round trip.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build"
"$root/utils/bootstrap.sh" "$build"
ninja -C "$build" check-torch-onnx
