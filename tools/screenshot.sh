#!/usr/bin/env bash
# Takes a screenshot of the Driftscope main window under Xvfb (no display needed).
#   tools/screenshot.sh OUTPUT.png [driftscope arguments...]
# Environment: SIZE (default 1366x768), DELAY seconds before the grab (default 3),
#              DRIFTSCOPE (binary, default build/app/driftscope).
set -euo pipefail
out=$1; shift
size=${SIZE:-1366x768}
delay=${DELAY:-3}
bin=${DRIFTSCOPE:-build/app/driftscope}
export out delay bin size
xvfb-run -a -s "-screen 0 ${size}x24" bash -c '
    "$bin" -geometry "${size}+0+0" "$@" & pid=$!
    sleep "$delay"
    import -window root "$out"
    kill $pid' _ "$@"
echo "wrote $out"
