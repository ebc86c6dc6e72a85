#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# live-cli.sh — stands in for driftscope-cli in live-conformance.sh: serves the
# `-f DIR` directory with fake-apiserver.py (loopback, random port, stops by
# itself) and runs $DRIFTSCOPE_LIVE_CLI against it without -f, through the
# kubeconfig the server writes. Every other argument is passed on unchanged.
# $DRIFTSCOPE_LIVE_BAD_API=1 serves discovery without responseKind groups.
# Like the fake cluster of kube-compare's Go tests, only the first document of
# each fixture file is served, and no Namespace objects are made up.
set -u
HERE=$(cd "$(dirname "$0")" && pwd -P)
fixtures=""
args=()
while [ $# -gt 0 ]; do
    case "$1" in
        -f) fixtures=$2; shift 2 ;;
        -R) shift ;;
        *) args+=("$1"); shift ;;
    esac
done
[ -n "$fixtures" ] || { echo "live-cli.sh: no -f directory" >&2; exit 99; }
scratch=$(mktemp -d /tmp/driftscope-live.XXXXXX) || exit 99
# kube-compare's Go tests build their fake cluster from the first document of each file.
extra=(--first-document-only --no-synthesized-namespaces)
[ "${DRIFTSCOPE_LIVE_BAD_API:-0}" = 1 ] && extra+=(--blank-response-groups)
python3 "$HERE/fake-apiserver-ext.py" --fixtures "$fixtures" --timeout 120 --kubeconfig-out "$scratch/kubeconfig" \
    --log "$scratch/requests.jsonl" ${extra[@]+"${extra[@]}"} >"$scratch/ready" 2>"$scratch/server.err" </dev/null &
server=$!
for _ in $(seq 400); do
    grep -q '^READY' "$scratch/ready" 2>/dev/null && break
    kill -0 "$server" 2>/dev/null || break
    sleep 0.025
done
if ! grep -q '^READY' "$scratch/ready" 2>/dev/null; then
    echo "live-cli.sh: fake-apiserver.py did not start:" >&2
    cat "$scratch/server.err" >&2
    kill "$server" 2>/dev/null
    rm -rf "$scratch"
    exit 99
fi
"$DRIFTSCOPE_LIVE_CLI" --kubeconfig "$scratch/kubeconfig" ${args[@]+"${args[@]}"}
rc=$?
# Only GET requests may reach a cluster.
if grep -v '"method": "GET"' "$scratch/requests.jsonl" | grep -q .; then
    echo "live-cli.sh: non-GET request sent to the cluster" >&2
    rc=98
fi
kill "$server" 2>/dev/null
wait "$server" 2>/dev/null
rm -rf "$scratch"
exit $rc
