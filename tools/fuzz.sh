#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the libFuzzer targets (clang, ASan+UBSan) and fuzzes one of them.
#   tools/fuzz.sh [template|yaml] [seconds]     (defaults: template 600)
# The corpus grows in build-fuzz/corpus-<target>; crashes, leaks and timeouts are
# written as build-fuzz/crash-*, leak-*, timeout-* and make the script fail.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:-template}
seconds=${2:-600}
build=build-fuzz

cmake --preset fuzz >/dev/null
flock /tmp/driftscope-build.lock cmake --build --preset fuzz

corpus=$build/corpus-$target
seeds=$build/seeds-$target
mkdir -p "$corpus" "$seeds"
if [ "$target" = template ]; then
    # Every template vector, as "template NUL data", plus the published reference's templates.
    python3 - "$seeds" tests/data/shared/spec/vectors/*.json <<'PY'
import json, os, sys
out = sys.argv[1]
n = 0
for path in sys.argv[2:]:
    cases = json.load(open(path))
    for case in cases if isinstance(cases, list) else cases.get("cases", []):
        text = case.get("template") if isinstance(case, dict) else None
        if not isinstance(text, str):
            continue
        data = case.get("data")
        blob = text.encode() + (b"\0" + json.dumps(data).encode() if data is not None else b"")
        open(os.path.join(out, "v%05d" % n), "wb").write(blob)
        n += 1
PY
    extra=tests/data/shared/bench/reference-core
else
    extra=tests/data/shared/bench/seed-core
fi

cd "$build"
./tests/fuzz/fuzz_$target -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=8192 -print_final_stats=1 "corpus-$target" "seeds-$target" "../$extra"
