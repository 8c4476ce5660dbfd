#!/usr/bin/env bash
#===- run-tests.sh - Install, build and run the whole test suite ---------===#
#
# lit (dialects, passes, conversion, importer, emitter, tools) and the
# end-to-end suite against PyTorch and onnxruntime; then the Python package,
# installed into the project's environment with pip as a user would, and its
# pytest suite.
#
#   utils/run-tests.sh             the suite, on build/
#   utils/run-tests.sh --sanitize  the same on build-sanitize/, compiled with
#                                  AddressSanitizer and UndefinedBehavior-
#                                  Sanitizer; the package is tested from that
#                                  build, not installed. Cold: ~1.5 CPU-hours.
#
# Under the sanitizers, leak checking is off: the tools end with _Exit and
# leave the IR to the OS on purpose. The tests run with the sanitizer
# runtimes in LD_PRELOAD, as an uninstrumented python needs.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sanitize=false
case "${1:-}" in
  "") ;;
  --sanitize) sanitize=true ;;
  *)
    echo "usage: $0 [--sanitize]" >&2
    exit 2
    ;;
esac
build="$root/build"
if $sanitize; then
  build="$root/build-sanitize"
  # The dependencies first, without the sanitizers' flags.
  "$root/utils/install-deps.sh"
  flags="-fsanitize=address,undefined -fno-omit-frame-pointer"
  flags="$flags -fno-sanitize-recover=undefined"
  # vptr checks need RTTI, which LLVM's code is built without.
  flags="$flags -fno-sanitize=vptr"
  # CMake takes these into a new build folder's flags.
  export CFLAGS="$flags" CXXFLAGS="$flags"
  export LDFLAGS="-fsanitize=address,undefined"
  # jemalloc would replace the sanitizer's allocator.
  export TORCH_ONNX_CMAKE_ARGS="${TORCH_ONNX_CMAKE_ARGS:-} -DTORCH_ONNX_MALLOC=system"
  # Debian's LLVM and MLIR libraries are not instrumented, and an inline
  # LLVM allocator function instrumented in the project's code poisons slabs
  # that their uninstrumented copies then hand out (utils/fuzz/
  # SanitizerOptions.cpp): manual poisoning is off, the other checks stay.
  export ASAN_OPTIONS=detect_leaks=0:alloc_dealloc_mismatch=0:allow_user_poisoning=0
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
fi
"$root/utils/bootstrap.sh" "$build"
if $sanitize; then
  # Every process of the tests, python included, starts with the runtimes
  # that the sanitized tools and extension module need first.
  export LD_PRELOAD="$(c++ -print-file-name=libasan.so):$(c++ -print-file-name=libubsan.so)"
fi

log=$(mktemp)
status=0
/usr/lib/llvm-22/bin/lit -sv "$build/test" 2>&1 | tee "$log" || status=$?
passed=$(grep -Eo '^ *Passed *: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo 0)
failed=$(grep -Eo '^ *Failed *: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo 0)
unsupported=$(grep -Eo '^ *Unsupported *: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo 0)
rm -f "$log"

python="$root/.venv/bin/python"
pytest_status=0
if $sanitize; then
  (cd "$root/test/python" &&
    PATH="$build/bin:$PATH" PYTHONPATH="$build/python_packages" \
    "$python" -m pytest -q -p no:cacheprovider .) ||
    pytest_status=$?
else
  # The install reuses build/ (pyproject.toml), so it only links and copies.
  (cd "$root" && "$python" -m pip install --no-build-isolation --no-deps \
    --disable-pip-version-check -q .)
  # From test/python, so that the installed package is the one imported.
  (cd "$root/test/python" && "$python" -m pytest -q -p no:cacheprovider .) ||
    pytest_status=$?
fi
echo "lit: $passed passed, $failed failed, $unsupported skipped;" \
  "pytest exit status $pytest_status"
[ "$status" -eq 0 ] && status=$pytest_status
exit $status
