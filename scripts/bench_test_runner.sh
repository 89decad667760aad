#!/usr/bin/env bash
# `scrim test` against busted on 1,000 trivial tests in 10 files (docs/DESIGN.md's bar: scrim ≥ 5× faster).
# Usage: scripts/bench_test_runner.sh [path/to/release/scrim]   (default .build/release/scrim)
# Prints both best-of-3 wall times, the ratio and whether the bar is met; exits 1 when it is not.
set -euo pipefail
cd "$(dirname "$0")/.."
scrim=$(realpath "${1:-.build/release/scrim}")
command -v busted >/dev/null || { echo "bench_test_runner: busted is missing (run scripts/setup)" >&2; exit 2; }
[ -x "$scrim" ] || { echo "bench_test_runner: no scrim binary at $scrim" >&2; exit 2; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for file in $(seq 1 10); do
  {
    echo "describe(\"file $file\", function()"
    for test in $(seq 1 100); do
      echo "  it(\"test $test\", function() assert.are.equal($test, $test) end)"
    done
    echo "end)"
  } > "$dir/bench${file}_spec.lua"
done

# Best of 3 wall-clock seconds of a command run in the generated folder; the run must pass all 1,000.
best_of_3() {
  local best="" start end elapsed output
  for _ in 1 2 3; do
    start=$(date +%s%N)
    output=$(cd "$dir" && "$@" 2>&1) || { echo "bench_test_runner: '$*' failed:" >&2; echo "$output" | tail -5 >&2; exit 1; }
    end=$(date +%s%N)
    elapsed=$((end - start))
    if [ -z "$best" ] || [ "$elapsed" -lt "$best" ]; then best=$elapsed; fi
  done
  echo "$best"
}

scrim_ns=$(best_of_3 "$scrim" test .)
busted_ns=$(best_of_3 busted .)
check=$(cd "$dir" && "$scrim" test . | tail -n 1)
[ "$check" = "1000 passed, 0 failed" ] || { echo "bench_test_runner: scrim test ended with '$check'" >&2; exit 1; }

awk -v s="$scrim_ns" -v b="$busted_ns" 'BEGIN {
  ratio = b / s
  printf "scrim test, 1000 tests in 10 files: %8.1f ms (best of 3)\n", s / 1e6
  printf "busted, the same files:             %8.1f ms (best of 3)\n", b / 1e6
  printf "ratio: scrim is %.1fx faster (bar: at least 5x) %s\n", ratio, (ratio >= 5 ? "PASS" : "FAIL")
  exit (ratio >= 5 ? 0 : 1)
}'
