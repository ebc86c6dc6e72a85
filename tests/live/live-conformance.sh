#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# live-conformance.sh — the live variants of kube-compare's golden cases, run
# against driftscope-cli talking to fake-apiserver.py.
#
# Usage: live-conformance.sh CASES_DIR DRIFTSCOPE_CLI
#
# The vendored runner (tests/data/shared/conformance/run-cases.sh) skips the
# live variants and must not be edited, so this wrapper reuses it as a library:
#   * its definitions (case table, stdout/stderr split, normalisation, golden
#     comparison) are sourced, everything before its final `run_all` call;
#   * the cases are mirrored with every live<X>.golden presented as
#     local<X>.golden, so the runner's local code path checks live goldens;
#   * V is wrapped: only variants whose modes include `live` run, as local
#     variants whose "binary" is live-cli.sh, which serves the variant's
#     resources/ with fake-apiserver.py and runs driftscope-cli without -f;
#   * kube-compare's withBadAPIResources() (the only variant with prefix
#     badAPI) becomes DRIFTSCOPE_LIVE_BAD_API=1.
# Variant names keep the runner's "_local" suffix; they are live runs.
# Output and exit status as run-cases.sh.
set -u
if [ $# -ne 2 ]; then
    echo "usage: $0 CASES_DIR DRIFTSCOPE_CLI" >&2
    exit 2
fi
HERE=$(cd "$(dirname "$0")" && pwd -P)
RUNNER=${RUNNER:-$HERE/../data/shared/conformance/run-cases.sh}
CASES=$(cd "$1" && pwd -P) || exit 2
DRIFTSCOPE_LIVE_CLI=$(cd "$(dirname "$2")" && pwd -P)/$(basename "$2")
export DRIFTSCOPE_LIVE_CLI

MIRROR=$(mktemp -d "${TMPDIR:-/tmp}/live-cases.XXXXXX") || exit 2
for dir in "$CASES"/*/; do
    name=$(basename "$dir")
    mkdir "$MIRROR/$name"
    for entry in "$dir"*; do
        base=$(basename "$entry")
        case "$base" in local*.golden) continue ;; esac
        ln -s "$entry" "$MIRROR/$name/$base"
    done
    for golden in "$dir"live*.golden; do
        [ -e "$golden" ] || continue
        base=$(basename "$golden")
        ln -s "$golden" "$MIRROR/$name/local${base#live}"
    done
done

export OUT=${OUT:-./live-conformance-out}
# shellcheck disable=SC1090
source <(sed '/^run_all$/,$d' "$RUNNER") "$MIRROR" "$HERE/live-cli.sh"

eval "runner_cleanup() $(declare -f cleanup | tail -n +2)"
cleanup() { runner_cleanup; rm -rf "$MIRROR"; }
trap cleanup EXIT

eval "runner_V() $(declare -f V | tail -n +2)"
V() {
    local name=$1 opt modes=local bad=0
    shift
    local -a opts=()
    for opt in "$@"; do
        case "$opt" in
            modes=*) modes=${opt#modes=} ;;
            prefix=badAPI) bad=1; opts+=("$opt") ;;
            *) opts+=("$opt") ;;
        esac
    done
    [[ ",$modes," == *,live,* ]] || return 0
    export DRIFTSCOPE_LIVE_BAD_API=$bad
    runner_V "$name" modes=local ${opts[@]+"${opts[@]}"}
}

run_all
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ] && [ "$PASSED" -gt 0 ]
