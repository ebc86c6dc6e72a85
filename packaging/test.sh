#!/usr/bin/env bash
# Runs every test: rebuilds what changed, then the whole ctest suite
# (unit tests, GUI tests offscreen, conformance cases).
#   ./packaging/test.sh                 all tests
#   ./packaging/test.sh -R yaml         extra arguments go to ctest
set -euo pipefail
cd "$(dirname "$0")/.."

PRESET=${PRESET:-default}
if [ "${CI:-}" = "true" ] && [ "$PRESET" = "default" ]; then
    PRESET=ci
fi
case "$PRESET" in
    asan) builddir=build-asan ;;
    debug) builddir=build-debug ;;
    *) builddir=build ;;
esac
if [ ! -f "$builddir/CMakeCache.txt" ]; then
    echo "test.sh: no build in $builddir — run ./packaging/setup.sh first" >&2
    exit 1
fi
cmake --build --preset "$PRESET"
export QT_QPA_PLATFORM=offscreen
ctest --preset "$PRESET" -j "$(nproc)" "$@"
