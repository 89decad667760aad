#!/usr/bin/env bash
# Hot reload in a live window, under Xvfb: from a plugin file's save to the first frame drawn with the new code, as the
# window itself reports it ("save to first frame: N ms", the file's modification time to the frame on screen), over
# 10 saves of Tests/fixtures/window/counter's plugin (reloaded in place) and 10 of its main.lua (the run again, in a
# fresh runtime) at the default screen, scale 1 (bar: median ≤ 200 ms each).
# Usage: scripts/bench_reload.sh [path/to/scrim]   (default .build/release/scrim); exits 1 when the bar is not met.
set -euo pipefail
cd "$(dirname "$0")/.."
scrim=$(realpath "${1:-.build/release/scrim}")
[ -x "$scrim" ] || { echo "bench_reload: no scrim binary at $scrim" >&2; exit 2; }
command -v xvfb-run >/dev/null || { echo "bench_reload: xvfb-run is missing (run scripts/setup)" >&2; exit 2; }

if [ -z "${BENCH_RELOAD_INSIDE:-}" ]; then
  BENCH_RELOAD_INSIDE=1 exec xvfb-run -a -s "-screen 0 1280x1024x24" "$0" "$scrim"
fi

dir=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$dir"' EXIT
cp -r Tests/fixtures/window/counter "$dir/app"
plugin="$dir/app/plugins/counter/plugin.lua"
"$scrim" run --window "$dir/app" >"$dir/out" 2>"$dir/err" &
pid=$!
for _ in $(seq 1 200); do grep -q ready "$dir/out" && break; sleep 0.05; done
grep -q ready "$dir/out" || { echo "bench_reload: the app did not start" >&2; cat "$dir/err" >&2; exit 1; }

# Saves `$1` 10 times with `$2` (a sed program alternating between two versions), then prints the latencies the
# window reported for them, sorted.
save_rounds() {
  local file=$1 before
  before=$(grep -c 'save to first frame' "$dir/err" || true)
  for round in $(seq 1 10); do
    if ((round % 2)); then sed -i "$2" "$file"; else sed -i "$3" "$file"; fi
    for _ in $(seq 1 100); do
      [ "$(grep -c 'save to first frame' "$dir/err")" -ge $((before + round)) ] && break
      sleep 0.05
    done
    sleep 0.3
  done
  grep -o 'save to first frame: [0-9]*' "$dir/err" | tail -n +$((before + 1)) | awk '{ print $5 }' | sort -n
}

# Alternating colours, so that every save changes what the screen shows.
plugin_ms=$(save_rounds "$plugin" 's/"#c03020"/"#2030c0"/' 's/"#2030c0"/"#c03020"/')
# The main script: the run starts again in a fresh runtime (plugins loaded again) in the same window.
script_ms=$(save_rounds "$dir/app/main.lua" 's/"white"/"#eeeeee"/' 's/"#eeeeee"/"white"/')
kill "$pid" 2>/dev/null || true
report() {
  awk -v what="$1" -v bar="$2" '
    { v[NR] = $1 }
    END {
      if (NR < 10) { printf "bench_reload: only %d of 10 saves of %s were reloaded\n", NR, what > "/dev/stderr"; exit 1 }
      median = (v[5] + v[6]) / 2
      printf "%-60s median %6.1f ms, max %6.1f ms (10 saves; bar: median ≤ %d ms) %s\n", what, median, v[NR], bar, (median <= bar ? "PASS" : "FAIL")
      exit (median <= bar ? 0 : 1)
    }'
}
status=0
echo "$plugin_ms" | report "hot reload of a plugin, save to first new frame (Xvfb, scale 1):" 200 || status=1
echo "$script_ms" | report "main script run again, save to first new frame (Xvfb, scale 1):" 200 || status=1
exit $status
