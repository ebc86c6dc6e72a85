#!/usr/bin/env bash
# Rewrites the HTML report's golden files (tests/data/html/golden/*.html) from
# the current writer. Review the diff before committing: the goldens pin the
# page structure, so every change there should be an intended one.
#   tests/data/html/update-goldens.sh [BUILD_DIR]     (default: build)
# The test normalises what changes from run to run: the inline CSS/JS and the
# CSP hash of the script, dates, the version and the test data directory.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
build=${1:-$root/build}
test_binary="$build/tests/tst_htmlreport"
[ -x "$test_binary" ] || { echo "update-goldens.sh: build tst_htmlreport first ($test_binary)" >&2; exit 1; }
mkdir -p "$here/golden"
DRIFTSCOPE_UPDATE_GOLDENS=1 "$test_binary" goldens
git -C "$root" status --short -- "$here/golden" || true
