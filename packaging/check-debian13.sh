#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds Driftscope and runs its whole test suite in a Debian 13 (trixie) root:
# Qt 6.8, KF6 SyntaxHighlighting (forced on, so the KF6 YAML highlighter is
# compiled and tested), yaml-cpp 0.8, GCC 14, warnings as errors. Then builds the
# Debian 13 .deb there and copies it to build-debian13/ in the source tree.
#
#   packaging/check-debian13.sh                  set up or refresh the root, build, test, package
#   packaging/check-debian13.sh --prepare-only   only set up or refresh the root
#   packaging/check-debian13.sh --shell          an interactive shell in the root (source at /src)
#
# Needs root and access to Debian's package registry. The root is cached
# (default /var/cache/driftscope/debian13-root) and reused: it is created once with
# `debootstrap --variant=minbase trixie`, its packages are installed again only
# when the package list below changes (or with REFRESH=1), and the build
# directory (/build/driftscope) and the ccache (/var/cache/ccache) live inside
# it, so a rerun only rebuilds what changed. The source tree is bind-mounted
# read-only at /src; every mount lives in a private mount namespace and goes
# away with the script, even when it is interrupted.
#
# Environment:
#   DRIFTSCOPE_DEBIAN13_ROOT  the cached root (default /var/cache/driftscope/debian13-root)
#   DEBIAN_MIRROR             default http://deb.debian.org/debian
#   JOBS                      parallel build and test jobs (default: nproc)
#   REFRESH=1                 apt-get update + upgrade the root even if the list is unchanged
#   OUT                       where the .deb is copied (default <source>/build-debian13)
#   KEEP_GOING=1              build as much as possible after an error (ninja -k 0)
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
ROOT=${DRIFTSCOPE_DEBIAN13_ROOT:-/var/cache/driftscope/debian13-root}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
JOBS=${JOBS:-$(nproc)}
OUT=${OUT:-$SRC/build-debian13}
SUITE=trixie

# Everything the build, the tests and the packaging need (tests run offscreen,
# so no X server). Changing this list refreshes the root on the next run.
PACKAGES=(
    g++ cmake ninja-build ccache pkg-config
    qt6-base-dev qt6-svg-dev libgl-dev libkf6syntaxhighlighting-dev
    libyaml-cpp-dev libre2-dev libarchive-dev libssl-dev
    python3 python3-yaml tzdata
    dpkg-dev file desktop-file-utils appstream
)

log() { printf 'check-debian13: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

mode=check
case "${1:-}" in
    "") ;;
    --prepare-only) mode=prepare ;;
    --shell) mode=shell ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
esac

[ "$(id -u)" -eq 0 ] || die "must run as root (it creates a Debian root and chroots into it)"
case "$ROOT" in /|/usr|/var|/var/cache|"") die "refusing to use '$ROOT' as the root" ;; esac

# Mounts under the root are made in a private mount namespace: re-executing the
# script there means they vanish when it exits, whatever happens.
if [ -z "${DRIFTSCOPE_CHECK_NAMESPACE:-}" ]; then
    command -v unshare >/dev/null || die "unshare (util-linux) is missing"
    export DRIFTSCOPE_CHECK_NAMESPACE=1
    exec unshare --mount --propagation private "$0" "$@"
fi

mounted_below() { # any mount point under $1 (in this namespace)
    awk -v p="$1/" 'index($2 "/", p) == 1 { found = 1 } END { exit !found }' /proc/self/mounts
}

start=$SECONDS

# --- 1. The root itself: debootstrap once, into a temporary folder renamed when done.
if [ ! -f "$ROOT/.driftscope-root" ]; then
    if ! command -v debootstrap >/dev/null; then
        log "installing debootstrap on the host"
        DEBIAN_FRONTEND=noninteractive apt-get update -q
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap
    fi
    partial="$ROOT.partial"
    for dir in "$ROOT" "$partial"; do
        ! mounted_below "$dir" || die "something is mounted under $dir; unmount it first"
    done
    rm -rf "$partial"
    mkdir -p "$(dirname "$ROOT")"
    log "creating a Debian $SUITE root in $ROOT (debootstrap --variant=minbase, a few minutes)"
    debootstrap --variant=minbase "$SUITE" "$partial" "$MIRROR" >"$(dirname "$ROOT")/debootstrap.log" 2>&1 ||
        { tail -n 30 "$(dirname "$ROOT")/debootstrap.log" >&2; die "debootstrap failed (log: $(dirname "$ROOT")/debootstrap.log)"; }
    # No documentation, manual pages or translations: smaller and faster to install.
    cat >"$partial/etc/dpkg/dpkg.cfg.d/01-driftscope-nodoc" <<'EOF'
path-exclude=/usr/share/doc/*
path-exclude=/usr/share/man/*
path-exclude=/usr/share/info/*
path-exclude=/usr/share/locale/*
path-include=/usr/share/locale/locale.alias
EOF
    # Services never start inside the root.
    printf '#!/bin/sh\nexit 101\n' >"$partial/usr/sbin/policy-rc.d"
    chmod 755 "$partial/usr/sbin/policy-rc.d"
    echo "deb $MIRROR $SUITE main" >"$partial/etc/apt/sources.list"
    touch "$partial/.driftscope-root"
    rm -rf "$ROOT"
    mv "$partial" "$ROOT"
    log "root created ($((SECONDS - start)) s)"
fi

# --- 2. Mounts (private namespace, see above).
mkdir -p "$ROOT/src" "$ROOT/build" "$ROOT/var/cache/ccache"
mount -t proc proc "$ROOT/proc"
mount --rbind /dev "$ROOT/dev"
mount --rbind /sys "$ROOT/sys"
mount -t tmpfs -o mode=1777 tmpfs "$ROOT/tmp"
mount --bind "$SRC" "$ROOT/src"
mount -o remount,bind,ro "$ROOT/src"
cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true

in_root() {
    chroot "$ROOT" /usr/bin/env -i \
        HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" DEBIAN_FRONTEND=noninteractive \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        ${http_proxy:+http_proxy=$http_proxy} ${https_proxy:+https_proxy=$https_proxy} \
        CCACHE_DIR=/var/cache/ccache CCACHE_MAXSIZE=3G ${CCACHE_DISABLE:+CCACHE_DISABLE=$CCACHE_DISABLE} \
        QT_QPA_PLATFORM=offscreen \
        "$@"
}

# --- 3. Packages: installed again only when the list changes (or REFRESH=1).
wanted=$(printf '%s\n' "${PACKAGES[@]}" | sort -u)
stamp="$ROOT/.driftscope-packages"
if [ "${REFRESH:-0}" = 1 ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$wanted" ]; then
    t=$SECONDS
    log "installing the build dependencies in the root: ${PACKAGES[*]}"
    rm -f "$stamp"
    aptlog="$(dirname "$ROOT")/apt.log"
    {
        in_root apt-get update -q &&
        in_root apt-get -y -q -o Dpkg::Use-Pty=0 dist-upgrade &&
        in_root apt-get install -y -q -o Dpkg::Use-Pty=0 --no-install-recommends "${PACKAGES[@]}" &&
        in_root apt-get clean
    } >"$aptlog" 2>&1 || { tail -n 30 "$aptlog" >&2; die "installing the packages failed (log: $aptlog)"; }
    printf '%s\n' "$wanted" >"$stamp"
    log "packages installed ($((SECONDS - t)) s)"
fi

if [ "$mode" = prepare ]; then
    log "root ready in $ROOT ($((SECONDS - start)) s)"
    exit 0
fi
if [ "$mode" = shell ]; then
    log "shell in $ROOT (source at /src, build at /build/driftscope); exit to leave"
    in_root bash -l
    exit 0
fi

# --- 4. Configure, build, test and package inside the root.
versions=$(in_root dpkg-query -W -f '${Package} ${Version}\n' \
    g++ qt6-base-dev libkf6syntaxhighlighting-dev libyaml-cpp-dev cmake | tr '\n' ';')
log "toolchain: ${versions%;}"

t=$SECONDS
in_root cmake -S /src -B /build/driftscope -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -DNDEBUG" -DDRIFTSCOPE_BUILD_BENCH=OFF \
    -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DDRIFTSCOPE_WERROR=ON \
    -DDRIFTSCOPE_KF6_SYNTAX_HIGHLIGHTING=ON \
    >"$ROOT/build/configure.log" 2>&1 ||
    { cat "$ROOT/build/configure.log" >&2; die "configure failed"; }
grep -q '^-- Driftscope: KF6 SyntaxHighlighting: ON$' "$ROOT/build/configure.log" ||
    die "KF6 SyntaxHighlighting was not enabled"
log "configured with KF6 SyntaxHighlighting; building with $JOBS jobs"
# The compiler's output goes to a log; on failure, the failed commands' messages are shown.
buildlog="$ROOT/build/build.log"
if ! in_root cmake --build /build/driftscope -j "$JOBS" ${KEEP_GOING:+-- -k 0} >"$buildlog" 2>&1; then
    grep -q '^FAILED: ' "$buildlog" && sed -n '/^FAILED: /,/^\[[0-9]*\/[0-9]*\] /p' "$buildlog" >&2 ||
        tail -n 50 "$buildlog" >&2
    die "the build failed with Debian 13's compiler or libraries (full log: $buildlog)"
fi
log "built ($((SECONDS - t)) s)"

t=$SECONDS
rm -f "$ROOT"/build/driftscope/packages/*.deb
in_root ctest --test-dir /build/driftscope -j "$JOBS" --output-on-failure
log "tests passed ($((SECONDS - t)) s)"

# The package_deb test has just built the .deb (build/driftscope/packages); build
# it here when that test was skipped.
t=$SECONDS
if ! compgen -G "$ROOT/build/driftscope/packages/*.deb" >/dev/null; then
    in_root cpack --config /build/driftscope/CPackConfig.cmake -B /build/driftscope/packages >/dev/null
fi
mkdir -p "$OUT"
rm -f "$OUT"/*.deb
for deb in "$ROOT"/build/driftscope/packages/*.deb; do
    cp "$deb" "$OUT/"
    log "package: $OUT/$(basename "$deb")"
done
log "packaged ($((SECONDS - t)) s)"
log "done in $((SECONDS - start)) s"
