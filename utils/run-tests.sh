#!/usr/bin/env bash
#===- run-tests.sh - Install, build and run the whole test suite ---------===#
#
# lit (dialects, passes, conversion, importer, emitter, tools) and the
# end-to-end suite against PyTorch and onnxruntime.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build"
"$root/utils/bootstrap.sh" "$build"

log=$(mktemp)
status=0
/usr/lib/llvm-22/bin/lit -sv "$build/test" 2>&1 | tee "$log" || status=$?
passed=$(grep -Eo '^ *Passed *: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo 0)
failed=$(grep -Eo '^ *Failed *: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo 0)
unsupported=$(grep -Eo '^ *Unsupported *: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo 0)
rm -f "$log"
echo "lit: $passed passed, $failed failed, $unsupported skipped"
exit $status
