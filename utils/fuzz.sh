#!/usr/bin/env bash
#===- fuzz.sh - Build and run one libFuzzer harness -----------------------===#
#
#   utils/fuzz.sh NAME SECONDS
#
# Builds utils/fuzz/<Name>Fuzzer.cpp with clang-22, AddressSanitizer and
# UndefinedBehaviorSanitizer into build/fuzz/, and runs it for SECONDS on a
# copy of the committed corpus test/fuzz/NAME (new inputs it finds stay in
# build/fuzz/NAME-corpus). A crash leaves its input in build/fuzz/ and makes
# the exit code non-zero; add that input to test/fuzz/NAME once fixed.
#
# Harnesses: zip-directory (the TorchScript archive's zip directory reader).
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -ne 2 ]; then
  sed -n '3,13p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
name=$1
seconds=$2
clang=${CLANGXX:-clang++-22}
if ! command -v "$clang" >/dev/null; then
  echo "error: $clang not found: install clang-22 and libclang-rt-22-dev" >&2
  exit 2
fi
llvm_config=/usr/lib/llvm-22/bin/llvm-config
out="$root/build/fuzz"
mkdir -p "$out"

case "$name" in
  zip-directory)
    sources=("$root/utils/fuzz/ZipDirectoryFuzzer.cpp"
             "$root/lib/Import/TorchScript/ZipDirectory.cpp")
    includes=(-I"$root/lib/Import/TorchScript")
    ;;
  *)
    echo "error: no fuzzer named '$name'" >&2
    exit 2
    ;;
esac

binary="$out/$name-fuzzer"
"$clang" -g -O1 -std=c++17 -fsanitize=fuzzer,address,undefined \
  -fno-sanitize-recover=undefined $("$llvm_config" --cxxflags | tr ' ' '\n' |
    grep -E '^-(I|D)' | tr '\n' ' ') "${includes[@]}" "${sources[@]}" \
  $("$llvm_config" --ldflags) -lLLVMSupport -lLLVMDemangle \
  $("$llvm_config" --system-libs) -o "$binary"

corpus="$out/$name-corpus"
mkdir -p "$corpus"
cp -n "$root/test/fuzz/$name"/* "$corpus"/ 2>/dev/null || true
cd "$out"
"$binary" -max_total_time="$seconds" -print_final_stats=1 "$corpus"
