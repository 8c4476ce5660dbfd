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
# Harnesses:
#   zip-directory  the TorchScript archive's zip directory reader
#   input-shape    the --input-shape and --dynamic-dim parsers, and
#                  torch-generalize-shapes applying the parsed dims
#   onnx-import    the ONNX importer (--import-onnx); an input is a model
#                  and the bytes of its external data file
#   mlir-pipeline  the MLIR parser with every dialect, then the verifier,
#                  torch-to-onnx-pipeline and the emitter on what parses
#   pt2-import     the importer of .pt2 archives (torch.export programs),
#                  linked with the wheel's LibTorch
#
# Only the project's sources that a harness exercises are compiled with the
# sanitizers, coverage and assertions (into build/fuzz/obj, again when they
# or their headers change). The rest comes from the static libraries of the
# configured build in build/ (which must be built first), MLIR's, libonnx
# and protobuf, none of them instrumented: the fuzzer sees no coverage in
# them and the sanitizers check only the memory that instrumented code
# touches. The compile flags of each source come from
# build/compile_commands.json.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -ne 2 ]; then
  sed -n '3,31p' "$0" | sed 's/^# \{0,1\}//' >&2
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
llvm_lib=$("$llvm_config" --libdir)
build="$root/build"
out="$build/fuzz"
mkdir -p "$out"

# The MLIR and LLVM libraries the project's libraries link, in link order.
mlir_libs=(MLIRFuncTransforms MLIRMemRefDialect MLIRArithUtils
  MLIRComplexDialect MLIRDialectUtils MLIRFuncInlinerExtension
  MLIRControlFlowDialect MLIRArithDialect MLIRDialect MLIRInferIntRangeCommon
  MLIRShapedOpInterfaces MLIRCastInterfaces MLIRTransforms
  MLIRMemOpInterfaces MLIRMemorySlotInterfaces
  MLIRRuntimeVerifiableOpInterface MLIRUBDialect MLIRTransformUtils
  MLIRRewrite MLIRRewritePDL MLIRPDLToPDLInterp MLIRPass
  MLIRPDLInterpDialect MLIRPDLDialect MLIRSubsetOpInterface
  MLIRValueBoundsOpInterface MLIRAnalysis MLIRLoopLikeInterface
  MLIRDataLayoutInterfaces MLIRInferStridedMetadataInterface
  MLIRInferIntRangeInterface MLIRPresburger MLIRViewLikeInterface
  MLIRDestinationStyleOpInterface MLIRFuncDialect MLIRSideEffectInterfaces
  MLIRControlFlowInterfaces MLIRFunctionInterfaces MLIRCallInterfaces
  MLIRInferTypeOpInterface MLIRBytecodeWriter MLIRBytecodeOpInterface
  MLIRBytecodeReader MLIRParser MLIRAsmParser MLIRDebug MLIRObservers
  MLIRIR MLIRSupport LLVMRemarks LLVMBitstreamReader LLVMSupport
  LLVMDemangle)
onnx_dir=$(ls -d "$root"/.deps/onnx-*/ 2>/dev/null | head -n 1)

# add_project_libs NAME...: adds the static libraries libTorchONNX<NAME>.a of
# build/ to what the harness links.
links=()
add_project_libs() {
  local lib path
  for lib in "$@"; do
    path="$build/lib/libTorchONNX$lib.a"
    if [ ! -f "$path" ]; then
      echo "error: $path is missing: build the project first" >&2
      exit 2
    fi
    links+=("$path")
  done
}

commands="$build/compile_commands.json"
if [ ! -f "$commands" ]; then
  echo "error: $commands is missing: configure the build first" >&2
  exit 2
fi

# built_sources DIR...: the .cpp files of the DIRs that the build compiles,
# relative to the source root, in order.
built_sources() {
  python3 - "$commands" "$root" "$@" <<'EOF'
import json, os, sys
commands, root, dirs = sys.argv[1], sys.argv[2], sys.argv[3:]
files = {os.path.relpath(entry["file"], root)
         for entry in json.load(open(commands))}
print("\n".join(sorted(f for f in files if os.path.dirname(f) in dirs)))
EOF
}

# The harness, the project sources it instruments, the source whose compile
# flags the harness takes, what it links, and libFuzzer's flags and
# environment.
fuzz_flags=()
fuzz_env=()
case "$name" in
  zip-directory)
    harness=ZipDirectoryFuzzer.cpp
    sources=(lib/Import/TorchScript/ZipDirectory.cpp)
    harness_flags_of=lib/Import/TorchScript/ZipDirectory.cpp
    extra_includes=(-I"$root/lib/Import/TorchScript")
    mlir_libs=(LLVMSupport LLVMDemangle)
    ;;
  input-shape)
    harness=InputShapeFuzzer.cpp
    sources=(lib/Dialect/Torch/IR/TorchTypes.cpp
             lib/Dialect/Torch/Transforms/GeneralizeShapes.cpp)
    harness_flags_of=lib/Dialect/Torch/Transforms/GeneralizeShapes.cpp
    extra_includes=()
    add_project_libs TorchTransforms TorchDialect Support
    ;;
  onnx-import)
    harness=ONNXImportFuzzer.cpp
    sources=(lib/Target/ONNX/ONNXImport.cpp lib/Target/ONNX/GraphImporter.cpp
             lib/Target/ONNX/ExternalData.cpp
             lib/Target/ONNX/TensorSerialization.cpp
             lib/Target/ONNX/ONNXChecks.cpp
             lib/Dialect/ONNX/IR/ONNXOps.cpp
             lib/Dialect/ONNX/IR/ONNXSchema.cpp)
    harness_flags_of=lib/Target/ONNX/ONNXImport.cpp
    extra_includes=()
    add_project_libs TargetONNX ONNXDialect Support
    links+=("$onnx_dir/lib/libonnx.a" "$onnx_dir/lib/libonnx_proto.a"
            -lprotobuf)
    ;;
  mlir-pipeline)
    harness=MLIRPipelineFuzzer.cpp
    sources=(lib/Support/NestingDepth.cpp lib/Support/BytecodeCheck.cpp
             lib/Support/BytecodeAttrTypes.cpp
             lib/Driver/Driver.cpp
             lib/Pipelines/Pipelines.cpp
             lib/Pipelines/Resources.cpp
             lib/Dialect/Torch/IR/TorchTypes.cpp
             lib/Dialect/Torch/IR/TorchSemantics.cpp
             lib/Dialect/ONNX/IR/ONNXOps.cpp
             lib/Dialect/ONNX/IR/ONNXSchema.cpp
             lib/Target/ONNX/ONNXExport.cpp lib/Target/ONNX/ModelBuilder.cpp
             lib/Target/ONNX/ModelWriter.cpp
             lib/Target/ONNX/TensorSerialization.cpp
             lib/Target/ONNX/ModuleFunctions.cpp
             lib/Target/ONNX/ONNXChecks.cpp)
    mapfile -t -O "${#sources[@]}" sources < <(built_sources \
      lib/Dialect/Torch/Transforms lib/Dialect/ONNX/Transforms \
      lib/Conversion/TorchToONNX)
    harness_flags_of=lib/Target/ONNX/ONNXExport.cpp
    extra_includes=()
    add_project_libs Driver Registration Pipelines TorchTransforms \
      ONNXTransforms TorchToONNX TargetONNX TorchDialect ONNXDialect Support
    links+=("$onnx_dir/lib/libonnx.a" "$onnx_dir/lib/libonnx_proto.a"
            -lprotobuf)
    ;;
  pt2-import)
    harness=PT2ImportFuzzer.cpp
    sources=(lib/Import/TorchScript/ZipDirectory.cpp
             lib/Import/TorchExport/TorchExportImporter.cpp
             lib/Import/TorchExport/ProgramGraph.cpp)
    harness_flags_of=lib/Import/TorchExport/TorchExportImporter.cpp
    extra_includes=()
    add_project_libs TorchExportImport TorchScriptImport TorchDialect Support
    torch_lib=$(sed -n 's|^c10_LIBRARY:FILEPATH=\(.*\)/libc10.so$|\1|p' \
      "$build/CMakeCache.txt")
    links+=(-L"$torch_lib" -Wl,-rpath,"$torch_lib" -ltorch -ltorch_cpu -lc10)
    # LibTorch's PyTorchStreamReader leaks miniz's reader state when its
    # constructor throws on a bad archive, a kilobyte per file; the leak is
    # LibTorch's, so leak checking is off for this harness, at exit too.
    fuzz_flags=(-detect_leaks=0)
    fuzz_env=(ASAN_OPTIONS=detect_leaks=0)
    ;;
  *)
    echo "error: no fuzzer named '$name'" >&2
    exit 2
    ;;
esac

# compile_flags SOURCE: the defines, include paths, language and exception
# flags that the build compiles SOURCE with, one a line.
compile_flags() {
  python3 - "$commands" "$root/$1" <<'EOF'
import json, shlex, sys
for entry in json.load(open(sys.argv[1])):
    if entry["file"] != sys.argv[2]:
        continue
    args = entry.get("arguments") or shlex.split(entry["command"])
    keep, take_next = [], False
    for arg in args[1:]:
        if take_next:
            keep.append(arg)
            take_next = False
        elif arg in ("-isystem", "-I", "-D"):
            keep.append(arg)
            take_next = True
        elif arg == "-DNDEBUG":
            continue
        elif arg.startswith(("-D", "-I", "-std=")) or arg in (
                "-fexceptions", "-fno-exceptions", "-fno-rtti"):
            keep.append(arg)
    print("\n".join(keep))
    sys.exit(0)
sys.exit("error: %s is not in %s" % (sys.argv[2], sys.argv[1]))
EOF
}

# Assertions stay on (no NDEBUG), so that a wrong cast is a crash; vptr
# checks need RTTI, which LLVM is built without.
sanitize=(-fsanitize=address,undefined -fno-sanitize=vptr
          -fno-sanitize-recover=undefined)
common=(-O1 -gline-tables-only "${sanitize[@]}")

# up_to_date OBJECT FLAGS: whether OBJECT was built with FLAGS and is newer
# than the source and every header its dependency file lists.
up_to_date() {
  local object=$1 flags=$2
  [ -f "$object" ] && [ -f "$object.d" ] && [ -f "$object.flags" ] || return 1
  [ "$(cat "$object.flags")" = "$flags" ] || return 1
  local dep
  while read -r dep; do
    [ -n "$dep" ] && [ "$dep" -nt "$object" ] && return 1
  done < <(sed -e 's/^[^:]*://' -e 's/\\$//' "$object.d" | tr ' ' '\n')
  return 0
}

# compile SOURCE OBJECT COVERAGE FLAGS...: compiles one file unless it is up
# to date.
compile() {
  local source=$1 object=$2 coverage=$3
  shift 3
  local flags="$coverage ${common[*]} $*"
  if up_to_date "$object" "$flags"; then
    return 0
  fi
  echo "compiling ${source#"$root"/}" >&2
  mkdir -p "$(dirname "$object")"
  rm -f "$object"
  nice -n 10 "$clang" -c "$coverage" "${common[@]}" "$@" -MMD -MF "$object.d" \
    "$source" -o "$object"
  echo "$flags" >"$object.flags"
}

objects=()
for source in "${sources[@]}"; do
  mapfile -t flags < <(compile_flags "$source")
  object="$out/obj/$name/${source%.cpp}.o"
  compile "$root/$source" "$object" -fsanitize=fuzzer-no-link "${flags[@]}"
  objects+=("$object")
done
mapfile -t flags < <(compile_flags "$harness_flags_of")
for file in "$harness" SanitizerOptions.cpp; do
  object="$out/obj/$name/${file%.cpp}.o"
  compile "$root/utils/fuzz/$file" "$object" -fsanitize=fuzzer-no-link \
    "${flags[@]}" "${extra_includes[@]}"
  objects+=("$object")
done

# The project's libraries after the instrumented objects: an archive member
# whose symbols an object already defines is not linked.
binary="$out/$name-fuzzer"
library_paths=()
for lib in "${mlir_libs[@]}"; do
  library_paths+=("$llvm_lib/lib$lib.a")
done
echo "linking $binary" >&2
nice -n 10 "$clang" -fsanitize=fuzzer "${sanitize[@]}" "${objects[@]}" \
  -Wl,--start-group "${links[@]}" "${library_paths[@]}" -Wl,--end-group \
  -lz -l:libzstd.so.1 -lrt -ldl -lm -lpthread -o "$binary"

corpus="$out/$name-corpus"
mkdir -p "$corpus"
cp -n "$root/test/fuzz/$name"/* "$corpus"/ 2>/dev/null || true
cd "$out"
env "${fuzz_env[@]}" "$binary" -max_total_time="$seconds" \
  -print_final_stats=1 "${fuzz_flags[@]}" "$corpus"
