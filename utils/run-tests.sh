#!/usr/bin/env bash
#===- run-tests.sh - Install, build and run the whole test suite ---------===#
#
# lit (dialects, passes, conversion, importer, emitter, tools) and the
# end-to-end suite against PyTorch and onnxruntime; then the Python package,
# installed into the project's environment with pip as a user would, and its
# pytest suite.
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

# The install reuses build/ (pyproject.toml), so it only links and copies.
python="$root/.venv/bin/python"
(cd "$root" && "$python" -m pip install --no-build-isolation --no-deps \
  --disable-pip-version-check -q .)
pytest_status=0
# From test/python, so that the installed package is the one imported.
(cd "$root/test/python" && "$python" -m pytest -q -p no:cacheprovider .) ||
  pytest_status=$?
echo "lit: $passed passed, $failed failed, $unsupported skipped;" \
  "pytest exit status $pytest_status"
[ "$status" -eq 0 ] && status=$pytest_status
exit $status
