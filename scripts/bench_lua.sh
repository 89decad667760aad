#!/usr/bin/env bash
# Plain Lua under `scrim run` (default budgets on: --timeout 30, --max-memory 1G) against lua5.4, in the same run:
# a CPU-bound loop, sort.lua-style table work and a string-heavy loop. The bar (issue 24): scrim ≤ 1.05× lua5.4.
# Usage: scripts/bench_lua.sh [path/to/release/scrim]   (default .build/release/scrim)
# Two figures per script: the instructions each runs (valgrind's callgrind: the same count on every run, whatever the
# neighbours do — the bar is judged on it) and the best of 5 (or $BENCH_LUA_RUNS) alternating runs' CPU times (user +
# system; on a shared machine they spread ±25 %, so they are shown, not judged). Exits 1 when a bar is missed.
# BENCH_LUA_COUNT=0 (scripts/bench --quick, a smoke run) skips the counting, which takes about two minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
scrim=$(realpath "${1:-.build/release/scrim}")
command -v lua5.4 >/dev/null || { echo "bench_lua: lua5.4 is missing (run scripts/setup)" >&2; exit 2; }
[ -x "$scrim" ] || { echo "bench_lua: no scrim binary at $scrim" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

cat > "$dir/loop.lua" <<'LUA'
local x = 0
for i = 1, 3e7 do x = x + i end
assert(x > 0)
LUA
cat > "$dir/sort.lua" <<'LUA'
math.randomseed(42)
for _ = 1, 3 do
  local t = {}
  for i = 1, 100000 do t[i] = math.random(1, 1e6) end
  table.sort(t)
  table.sort(t, function(a, b) return a > b end)
  for i = 2, #t do assert(t[i - 1] >= t[i]) end
end
LUA
cat > "$dir/strings.lua" <<'LUA'
local parts, total = {}, 0
for i = 1, 300000 do
  local s = string.format("%d:%s", i, ("ab"):rep(i % 8))
  parts[#parts + 1] = s:upper():gsub("A", "x")
  if #parts == 1000 then
    local joined = table.concat(parts, ",")
    total = total + #joined + select(2, joined:gsub("x", "x"))
    parts = {}
  end
end
assert(total > 0)
LUA

# instructions COMMAND…: the instructions one run executes (it must succeed) (callgrind reads no debug information: Swift's DWARF 5
# is more than valgrind's reader takes, and the count does not depend on it).
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | awk '/I *refs:/ { gsub(",", "", $NF); print $NF }'
}
# cpu COMMAND…: the user + system seconds of one run.
cpu() { { TIMEFORMAT='%U %S'; time "$@" >/dev/null; } 2>&1 | awk '{ print $1 + $2 }'; }
min() { if [ -z "$1" ] || (( $(echo "$2 < $1" | bc -l) )); then echo "$2"; else echo "$1"; fi; }

status=0
counted=$scrim
if [ "${BENCH_LUA_COUNT:-1}" = 0 ]; then
  :
elif command -v valgrind >/dev/null; then
  counted=$dir/scrim
  strip --strip-debug -o "$counted" "$scrim"
else
  echo "bench_lua: valgrind is missing (run scripts/setup): CPU times only, judged instead" >&2
fi
printf '%-22s %15s %15s %7s %9s %9s %7s %s\n' "plain Lua (scrim run)" "lua5.4 instr" "scrim instr" "ratio" \
  "lua5.4 s" "scrim s" "ratio" "bar ≤1.05"
for name in loop sort strings; do
  # The two alternate, run by run: a machine whose speed drifts (clock, neighbours) then moves both alike.
  lua="" ours=""
  for _ in $(seq 1 "${BENCH_LUA_RUNS:-5}"); do
    lua=$(min "$lua" "$(cpu lua5.4 "$dir/$name.lua")")
    ours=$(min "$ours" "$(cpu "$scrim" run "$dir/$name.lua")")
  done
  cpu_ratio=$(echo "$ours / $lua" | bc -l)
  if [ "$counted" != "$scrim" ]; then
    lua_count=$(instructions lua5.4 "$dir/$name.lua")
    # callgrind runs code some 50 times slower: the budgets stay on, the time budget longer than the slowed run.
    our_count=$(instructions "$counted" run --timeout 3600 "$dir/$name.lua")
    ratio=$(echo "$our_count / $lua_count" | bc -l)
  else
    lua_count=- our_count=- ratio=$cpu_ratio
  fi
  verdict=ok
  if (( $(echo "$ratio > 1.05" | bc -l) )); then verdict=MISSED; status=1; fi
  counted_ratio=-
  [ "$counted" != "$scrim" ] && counted_ratio=$(printf '%.3f×' "$ratio")
  printf '%-22s %15s %15s %7s %8.3fs %8.3fs %6.3f× %s\n' "$name.lua" "$lua_count" "$our_count" \
    "$counted_ratio" "$lua" "$ours" "$cpu_ratio" "$verdict"
done
exit $status
