#!/usr/bin/env bash
# Refresh tests/data/shared from the shared folder (default: ../shared next to the checkout).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=${1:-$here/../../../shared}
dst=$here/shared
rm -rf "$dst/spec" "$dst/conformance" "$dst/bench" "$dst/tools"
mkdir -p "$dst/spec" "$dst/bench"
cp -r "$src/spec/vectors" "$dst/spec/"
cp -r "$src/conformance" "$dst/"
cp -r "$src/bench/reference-core" "$src/bench/seed-core" "$src/bench/crds" "$src/bench/gen-synthetic.py" "$src/bench/README.md" "$dst/bench/"
cp -r "$src/tools" "$dst/"
echo "synced from $src"
