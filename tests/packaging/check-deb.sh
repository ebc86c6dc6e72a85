#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# ctest "package_deb": builds the .deb with CPack, unpacks it into a scratch
# root with `dpkg -x` and runs the installed CLI from there; checks the files
# and the declared dependencies. Exit 77 (ctest: skipped) when the Debian
# packaging tools are missing.
#   check-deb.sh <cpack> <build dir> <version> <gui ON|OFF>
set -euo pipefail
cpack=$1 build=$2 version=$3 gui=$4

skip() { echo "SKIPPED: $*"; exit 77; }
fail() { echo "FAIL: $*" >&2; exit 1; }

command -v "$cpack" >/dev/null || skip "cpack ($cpack) is not available"
command -v dpkg >/dev/null || skip "dpkg is not available: .deb packages are built on Debian-like systems only"
command -v dpkg-shlibdeps >/dev/null || skip "dpkg-shlibdeps is missing: install dpkg-dev (packaging/setup.sh does)"
command -v file >/dev/null || skip "file is missing (CPack's shlibdeps step needs it)"

out=$build/packages
rm -f "$out"/*.deb
start=$SECONDS
"$cpack" --config "$build/CPackConfig.cmake" -B "$out" >"$build/cpack.log" 2>&1 ||
    { cat "$build/cpack.log" >&2; fail "cpack failed"; }
debs=("$out"/*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "expected one .deb in $out, found: ${debs[*]}"
deb=${debs[0]}
echo "built $(basename "$deb") ($(du -h "$deb" | cut -f1)) in $((SECONDS - start)) s"

root=$build/tests/package-root
rm -rf "$root"
dpkg -x "$deb" "$root"

# The CLI runs from the unpacked package, directly and as the kubectl plugin.
got=$("$root/usr/bin/driftscope-cli" --version)
[ "$got" = "driftscope-cli version $version" ] || fail "driftscope-cli --version printed '$got'"
[ "$(readlink "$root/usr/bin/kubectl-driftscope")" = driftscope-cli ] ||
    fail "usr/bin/kubectl-driftscope is not a relative link to driftscope-cli"
"$root/usr/bin/kubectl-driftscope" --version >/dev/null || fail "kubectl-driftscope does not run"
echo "ok: $got (also as kubectl-driftscope)"

expect_file() { [ -f "$root/$1" ] || fail "missing /$1"; }

# The installed CLI has every library it needs: it reads a must-gather archive
# (libarchive) from the unpacked package.
if ldd "$root/usr/bin/driftscope-cli" | grep -q 'not found'; then
    fail "driftscope-cli needs a library that is not installed"
fi
bench=$(cd "$(dirname "$0")/../data/shared/bench" && pwd)
tar czf "$build/tests/package-seed.tar.gz" -C "$bench" seed-core
set +e
report=$("$root/usr/bin/driftscope-cli" -r "$bench/reference-core/metadata.yaml" -f "$build/tests/package-seed.tar.gz" 2>&1)
rc=$?
set -e
[ $rc -le 1 ] && grep -q '^Metadata Hash: ' <<<"$report" ||
    fail "the installed CLI could not compare a must-gather archive (exit $rc): $report"
echo "ok: the installed CLI reads archives"
expect_file usr/share/man/man1/driftscope-cli.1.gz
gzip -dc "$root/usr/share/man/man1/driftscope-cli.1.gz" | grep -q '^\.SH OPTIONS' ||
    fail "the manual page has no OPTIONS section"
gzip -dc "$root/usr/share/man/man1/driftscope-cli.1.gz" | grep -q 'all\\-resources' ||
    fail "the manual page does not list the CLI's flags"

# Dependencies found by dpkg-shlibdeps (names differ between Debian releases).
depends=$(dpkg-deb -f "$deb" Depends)
required=(libc6 libstdc++6 libqt6core6 libyaml-cpp0 libre2- libarchive13 libssl3)
if [ "$gui" = ON ]; then
    required+=(libqt6gui6 libqt6widgets6 qt6-qpa-plugins)
    expect_file usr/bin/driftscope
    expect_file usr/share/applications/io.github.driftscope.Driftscope.desktop
    expect_file usr/share/metainfo/io.github.driftscope.Driftscope.metainfo.xml
    expect_file usr/share/icons/hicolor/scalable/apps/io.github.driftscope.Driftscope.svg
    if command -v desktop-file-validate >/dev/null; then
        desktop-file-validate "$root/usr/share/applications/io.github.driftscope.Driftscope.desktop" ||
            fail "the installed desktop file does not validate"
    fi
fi
for dep in "${required[@]}"; do
    grep -q "\(^\|, \)$dep" <<<"$depends" || fail "Depends lacks $dep: $depends"
done
echo "ok: Depends: $depends"

# Nothing outside /usr, no build-tree paths.
unexpected=$(cd "$root" && find . -mindepth 1 -maxdepth 1 ! -name usr)
[ -z "$unexpected" ] || fail "files outside /usr: $unexpected"
if grep -rqs --binary-files=text "$build" "$root/usr/bin"; then
    fail "an installed binary refers to the build tree $build (RPATH?)"
fi
echo "PASS: $deb"
