#!/usr/bin/env bash
# test.sh — build rlx and run every test suite (lit), ending with one line
# "N passed, N failed".
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${RLX_BUILD_DIR:-$root/build}"

"$root/scripts/build.sh" || { echo "0 passed, 1 failed"; exit 1; }

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv "$build/test" "$build/test/Unit" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

# lit's summary lines look like "  Passed  : 12 (100.00%)".
count() { sed -nE "s/^ +$1 *: +([0-9]+).*/\1/p" "$log" | awk '{s += $1} END {print s + 0}'; }
passed=$(( $(count Passed) + $(count "Expectedly Failed") ))
failed=$(( $(count Failed) + $(count "Unexpectedly Passed") + $(count Unresolved) + $(count "Timed Out") ))
echo "$passed passed, $failed failed"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
