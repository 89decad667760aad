#!/usr/bin/env bash
# `scrim test` against busted (on Lua 5.4) on 1,000 trivial tests in 10 files (docs/DESIGN.md's bar: scrim ≥ 10× faster), and on
# a realistic project (Tests/fixtures/busted-project: .busted, src/, a helper with custom assertions, nested describes).
# Usage: scripts/bench_test_runner.sh [path/to/release/scrim]   (default .build/release/scrim)
# Prints both best-of-3 wall times, the ratio and whether the bar is met; exits 1 when it is not.
set -euo pipefail
cd "$(dirname "$0")/.."
scrim=$(realpath "${1:-.build/release/scrim}")
busted=$(command -v busted) || { echo "bench_test_runner: busted is missing (run scripts/setup)" >&2; exit 2; }
command -v lua5.4 >/dev/null || { echo "bench_test_runner: lua5.4 is missing (run scripts/setup)" >&2; exit 2; }
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

# Best of 3 (or $runs) wall-clock seconds of a command run in folder $1; with `expect_failures`, the run may fail
# (the project has tests that fail on purpose).
best_of_3() {
  local where=$1 best="" start end elapsed output
  shift
  for _ in $(seq 1 "${runs:-3}"); do
    start=$(date +%s%N)
    output=$(cd "$where" && "$@" 2>&1) || [ -n "${expect_failures:-}" ] || { echo "bench_test_runner: '$*' failed:" >&2; echo "$output" | tail -5 >&2; exit 1; }
    end=$(date +%s%N)
    elapsed=$((end - start))
    if [ -z "$best" ] || [ "$elapsed" -lt "$best" ]; then best=$elapsed; fi
  done
  echo "$best"
}

scrim_ns=$(best_of_3 "$dir" "$scrim" test .)
busted_ns=$(best_of_3 "$dir" lua5.4 "$busted" .)
check=$(cd "$dir" && "$scrim" test . | tail -n 1)
[ "$check" = "1000 passed, 0 failed" ] || { echo "bench_test_runner: scrim test ended with '$check'" >&2; exit 1; }

project=Tests/fixtures/busted-project
# A small suite is mostly start-up (two processes for scrim: the runner and its worker), so more runs.
project_scrim_ns=$(runs=7 expect_failures=1 best_of_3 "$project" "$scrim" test)
project_busted_ns=$(runs=7 expect_failures=1 best_of_3 "$project" lua5.4 "$busted")
project_check=$(cd "$project" && { "$scrim" test || true; } | tail -n 1)
[ "$project_check" = "23 passed, 3 failed, 1 skipped" ] || { echo "bench_test_runner: the project ended with '$project_check'" >&2; exit 1; }

awk -v s="$scrim_ns" -v b="$busted_ns" -v ps="$project_scrim_ns" -v pb="$project_busted_ns" 'BEGIN {
  ratio = b / s
  printf "scrim test, 1000 tests in 10 files: %8.1f ms (best of 3)\n", s / 1e6
  printf "busted, the same files:             %8.1f ms (best of 3)\n", b / 1e6
  printf "ratio: scrim is %.1fx faster (bar: at least 10x) %s\n", ratio, (ratio >= 10 ? "PASS" : "FAIL")
  printf "scrim test, busted-project:         %8.1f ms (best of 7)\n", ps / 1e6
  printf "busted, busted-project:             %8.1f ms (best of 7)\n", pb / 1e6
  printf "ratio on the project: scrim is %.1fx faster\n", pb / ps
  exit (ratio >= 10 ? 0 : 1)
}'
