#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs every fuzz target briefly (CI smoke fuzzing, docs/robustness.md).
#   tools/fuzz-ci.sh [SECONDS_PER_TARGET]     (default 60)
# Deterministic: a fixed seed and a fixed number of runs per target (sized to take
# 10-20 s here), so the same code gives the same result and CI does not fail at
# random; SECONDS_PER_TARGET only caps slow machines. Long campaigns: tools/fuzz.sh.
# Builds all targets first (build-fuzz, clang, ASan+UBSan), then fuzzes them one
# after the other and prints each one's executions. Fails when any target finds
# a crash, leak, UB, timeout (> 10 s) or out-of-memory input (> 2 GB); the
# inputs are left in build-fuzz/findings/TARGET/.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
build=build-fuzz
mapfile -t targets < <(tools/fuzz.sh list)

[ -f "$build/build.ninja" ] || cmake --preset fuzz >/dev/null || exit 1
flock /tmp/driftscope-build.lock cmake --build --preset fuzz --target "${targets[@]/#/fuzz_}" || exit 1

failed=()
summary=()
for target in "${targets[@]}"; do
    log=$build/fuzz-ci-$target.log
    echo "== fuzz_$target for ${seconds}s"
    case $target in
        reference) runs=3000 ;;
        yaml) runs=4000 ;;
        roundtrip) runs=8000 ;;
        identity) runs=8000 ;;
        template) runs=15000 ;;
        diffconfig) runs=15000 ;;
        archive) runs=30000 ;;
        schema) runs=20000 ;;
        *) runs=100000 ;;
    esac
    if tools/fuzz.sh "$target" "$seconds" -seed=1 -runs="$runs" >"$log" 2>&1; then
        status=ok
    else
        status=FAILED
        failed+=("$target")
        tail -n 60 "$log"
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    summary+=("$(printf '%-12s %-7s %s executions' "$target" "$status" "${runs:-?}")")
done

printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzzing found problems in: ${failed[*]} (inputs in $build/findings/)" >&2
    exit 1
fi
