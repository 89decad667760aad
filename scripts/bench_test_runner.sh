#!/usr/bin/env bash
# `scrim test` against busted (on Lua 5.4) on 1,000 trivial tests in 10 files (docs/DESIGN.md's bar: scrim ≥ 10× faster), on
# a suite whose tests compute (hashing, sorting, string and table work, as an md5 or a uuid suite does: the bar is
# scrim at least as fast, so the runner adds no cost per instruction), and on a realistic project
# (Tests/fixtures/busted-project: .busted, src/, a helper with custom assertions, nested describes).
# Usage: scripts/bench_test_runner.sh [path/to/release/scrim]   (default .build/release/scrim)
# Prints the best-of-3 wall times, the ratios and whether the bars are met; exits 1 when one is not.
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

# The best wall-clock nanoseconds of scrim's and of busted's runs, "SCRIM BUSTED", over $runs (default 3) rounds run in
# folder $1, each timing `$scrim test ARGS…` and then busted with the same ARGS: alternating, a machine whose speed
# drifts moves both alike. With `expect_failures`, the runs may fail (the project has tests that fail on purpose).
best_pair() {
  local where=$1 best_scrim="" best_busted="" elapsed
  shift
  for _ in $(seq 1 "${runs:-3}"); do
    elapsed=$(timed "$where" "$scrim" test "$@") || exit 1
    if [ -z "$best_scrim" ] || [ "$elapsed" -lt "$best_scrim" ]; then best_scrim=$elapsed; fi
    elapsed=$(timed "$where" lua5.4 "$busted" "$@") || exit 1
    if [ -z "$best_busted" ] || [ "$elapsed" -lt "$best_busted" ]; then best_busted=$elapsed; fi
  done
  echo "$best_scrim $best_busted"
}

# The wall-clock nanoseconds of one run of a command in folder $1.
timed() {
  local where=$1 start end output
  shift
  start=$(date +%s%N)
  output=$(cd "$where" && "$@" 2>&1) || [ -n "${expect_failures:-}" ] || { echo "bench_test_runner: '$*' failed:" >&2; echo "$output" | tail -5 >&2; return 1; }
  end=$(date +%s%N)
  echo $((end - start))
}

read -r scrim_ns busted_ns <<<"$(runs=5 best_pair "$dir" .)"
check=$(cd "$dir" && "$scrim" test . | tail -n 1)
[ "$check" = "1000 passed, 0 failed" ] || { echo "bench_test_runner: scrim test ended with '$check'" >&2; exit 1; }

compute=$(mktemp -d)
trap 'rm -rf "$dir" "$compute"' EXIT
for file in 1 2; do
  cat > "$compute/compute${file}_spec.lua" <<LUA
-- FNV-1a over strings, tables built and sorted, string formatting: CPU work in the tests themselves.
local function fnv(s)
  local h = 0x811c9dc5
  for i = 1, #s do h = ((h ~ s:byte(i)) * 0x01000193) & 0xffffffff end
  return h
end
describe("compute $file", function()
  for n = 1, 10 do
    it("hashes and sorts " .. n, function()
      local hashes = {}
      for i = 1, 20000 do hashes[#hashes + 1] = fnv(string.format("%d:%d", i, n * $file)) end
      table.sort(hashes)
      for i = 2, #hashes do assert(hashes[i - 1] <= hashes[i]) end
      assert.are.equal(20000, #hashes)
    end)
  end
end)
LUA
done
read -r compute_scrim_ns compute_busted_ns <<<"$(best_pair "$compute" .)"
compute_check=$(cd "$compute" && "$scrim" test . | tail -n 1)
[ "$compute_check" = "20 passed, 0 failed" ] || { echo "bench_test_runner: the compute suite ended with '$compute_check'" >&2; exit 1; }

project=Tests/fixtures/busted-project
# A small suite is mostly start-up (two processes for scrim: the runner and its worker), so more runs.
read -r project_scrim_ns project_busted_ns <<<"$(runs=7 expect_failures=1 best_pair "$project")"
project_check=$(cd "$project" && { "$scrim" test || true; } | tail -n 1)
[ "$project_check" = "23 passed, 3 failed, 1 skipped" ] || { echo "bench_test_runner: the project ended with '$project_check'" >&2; exit 1; }

awk -v s="$scrim_ns" -v b="$busted_ns" -v ps="$project_scrim_ns" -v pb="$project_busted_ns" \
    -v cs="$compute_scrim_ns" -v cb="$compute_busted_ns" 'BEGIN {
  ratio = b / s
  compute = cb / cs
  printf "scrim test, 1000 tests in 10 files: %8.1f ms (best of 5)\n", s / 1e6
  printf "busted, the same files:             %8.1f ms (best of 5)\n", b / 1e6
  printf "ratio: scrim is %.1fx faster (bar: at least 10x) %s\n", ratio, (ratio >= 10 ? "PASS" : "FAIL")
  printf "scrim test, 20 computing tests:     %8.1f ms (best of 3)\n", cs / 1e6
  printf "busted, the same files:             %8.1f ms (best of 3)\n", cb / 1e6
  printf "ratio on computing tests: scrim is %.2fx as fast (bar: at least 1x) %s\n", compute, (compute >= 1 ? "PASS" : "FAIL")
  printf "scrim test, busted-project:         %8.1f ms (best of 7)\n", ps / 1e6
  printf "busted, busted-project:             %8.1f ms (best of 7)\n", pb / 1e6
  printf "ratio on the project: scrim is %.1fx faster\n", pb / ps
  exit (ratio >= 10 && compute >= 1 ? 0 : 1)
}'
