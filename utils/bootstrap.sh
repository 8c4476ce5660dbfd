#!/usr/bin/env bash
#===- bootstrap.sh - Install dependencies, configure and build -----------===#
#
# Idempotent. Usage: utils/bootstrap.sh [BUILD_DIR]   (default: build)
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$root/build"}

"$root/utils/install-deps.sh"

if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit
fi
ninja -C "$build"
