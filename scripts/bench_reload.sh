#!/usr/bin/env bash
# Hot reload in a live window, under Xvfb: from a plugin file's save to the first frame drawn with the new code, as the
# window itself reports it ("save to first frame: N ms", the file's modification time to the frame on screen), over
# 10 saves of Tests/fixtures/window/counter's plugin at the default screen, scale 1 (bar: median ≤ 200 ms).
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

for round in $(seq 1 10); do
  # Alternating colours, so that every save changes what the screen shows.
  if ((round % 2)); then sed -i 's/"#c03020"/"#2030c0"/' "$plugin"; else sed -i 's/"#2030c0"/"#c03020"/' "$plugin"; fi
  for _ in $(seq 1 100); do
    [ "$(grep -c 'save to first frame' "$dir/err")" -ge "$round" ] && break
    sleep 0.05
  done
  sleep 0.3
done
kill "$pid" 2>/dev/null || true
grep -o 'save to first frame: [0-9]*' "$dir/err" | awk '{ print $5 }' | sort -n | awk '
  { v[NR] = $1 }
  END {
    if (NR < 10) { printf "bench_reload: only %d of 10 saves were reloaded\n", NR > "/dev/stderr"; exit 1 }
    median = (v[5] + v[6]) / 2
    printf "hot reload, save to first new frame (Xvfb, scale 1): median %6.1f ms, max %6.1f ms (10 saves; bar: median ≤ 200 ms) %s\n", median, v[NR], (median <= 200 ? "PASS" : "FAIL")
    exit (median <= 200 ? 0 : 1)
  }'
