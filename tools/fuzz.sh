#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds one libFuzzer target (clang, ASan+UBSan) and fuzzes it.
#   tools/fuzz.sh TARGET [SECONDS] [libFuzzer options...]     (defaults: template 600)
#   tools/fuzz.sh list
# TARGET is the NAME of tests/fuzz/fuzz_NAME.cpp: template, yaml, roundtrip,
# identity, reference, diffconfig, archive, kubeconfig (docs/robustness.md).
# Seeds are generated into build-fuzz/seeds-TARGET (tools/fuzz-seeds.py); the
# corpus grows in build-fuzz/corpus-TARGET and is kept between runs. Crashes,
# leaks, timeouts and out-of-memory inputs are written as
# build-fuzz/findings/TARGET/{crash,leak,timeout,oom}-* and make the script fail.
# Run it under `nice -n 19` on a shared machine. FUZZ_BUILD=0 runs the target
# as last built (for long campaigns while the tree is being edited).
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(template yaml roundtrip identity reference diffconfig archive kubeconfig schema)
target=${1:-template}
seconds=${2:-600}
shift $(( $# < 2 ? $# : 2 ))
if [ "$target" = list ]; then
    printf '%s\n' "${targets[@]}"
    exit 0
fi
if [[ " ${targets[*]} " != *" $target "* ]]; then
    echo "unknown fuzz target '$target'; one of: ${targets[*]}" >&2
    exit 2
fi
build=build-fuzz

if [ "${FUZZ_BUILD:-1}" != 0 ]; then
    [ -f "$build/build.ninja" ] || cmake --preset fuzz >/dev/null
    flock /tmp/driftscope-build.lock cmake --build --preset fuzz --target "fuzz_$target"
fi

corpus=$build/corpus-$target
seeds=$build/seeds-$target
findings=$build/findings/$target
rm -rf "$seeds"
mkdir -p "$corpus" "$findings"
python3 tools/fuzz-seeds.py "$target" "$seeds"

# Inputs big enough for the formats (archives, whole references), small enough to stay fast.
case $target in
    reference|archive) max_len=65536 ;;
    *) max_len=8192 ;;
esac

# The CLI and the GUI parse and render on a thread with a 1 GiB stack
# (core/util/LargeStack.h); the fuzzer's main thread gets as much, or deep but
# legitimate nesting (4000 parentheses) would overflow its default 8 MiB.
ulimit -s unlimited 2>/dev/null || ulimit -s 1048576 2>/dev/null || true
exec "$build/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len="$max_len" -print_final_stats=1 -artifact_prefix="$findings/" "$@" "$corpus" "$seeds"
