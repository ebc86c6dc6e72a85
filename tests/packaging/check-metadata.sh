#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# ctest "desktop_metadata": validates the desktop file and the AppStream
# metainfo in resources/ and checks the metainfo's newest release is the
# project's version. A validator that is not installed is skipped with a
# message (packaging/setup.sh installs both).
#   check-metadata.sh <resources dir> <version>
set -euo pipefail
resources=$1 version=$2
id=io.github.driftscope.Driftscope
fail() { echo "FAIL: $*" >&2; exit 1; }

desktop=$resources/$id.desktop
metainfo=$resources/$id.metainfo.xml
[ -f "$desktop" ] && [ -f "$metainfo" ] && [ -f "$resources/$id.svg" ] || fail "missing files in $resources"

if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$desktop" || fail "$desktop does not validate"
    echo "ok: desktop-file-validate $id.desktop"
else
    echo "SKIPPED: desktop-file-validate (desktop-file-utils) is not installed"
fi
if command -v appstreamcli >/dev/null; then
    # --no-net: the test must not need the network (screenshot URLs are not fetched).
    appstreamcli validate --no-net "$metainfo" || fail "$metainfo does not validate"
    echo "ok: appstreamcli validate $id.metainfo.xml"
else
    echo "SKIPPED: appstreamcli (appstream) is not installed"
fi

grep -q "<launchable type=\"desktop-id\">$id.desktop</launchable>" "$metainfo" ||
    fail "the metainfo does not launch $id.desktop"
grep -q "^Icon=$id$" "$desktop" || fail "the desktop file's Icon is not $id"
newest=$(grep -o '<release version="[^"]*"' "$metainfo" | head -n 1 | cut -d'"' -f2)
[ "$newest" = "$version" ] ||
    fail "the metainfo's newest <release> is '$newest' but the project version is $version: add a <release>"
grep -q '<svg' "$resources/$id.svg" || fail "$id.svg is not an SVG"
echo "PASS"
