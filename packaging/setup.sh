#!/usr/bin/env bash
# Installs every build and test dependency from the distribution's packages and
# builds Driftscope (Debian 12 and newer; run as root or with sudo available).
#   ./packaging/setup.sh            install + configure + build (preset "default")
#   PRESET=asan ./packaging/setup.sh
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup.sh: run as root or install sudo" >&2; exit 1; }
    SUDO="sudo"
fi

packages=(
    build-essential cmake ninja-build ccache pkg-config git
    qt6-base-dev qt6-base-dev-tools qt6-svg-dev libgl-dev
    libyaml-cpp-dev libre2-dev libarchive-dev libssl-dev
    python3 python3-yaml tzdata xvfb xauth
    # headless browser for the HTML report's test (ctest html_report_browser)
    chromium
    # packaging (docs/packaging.md): CPack's shlibdeps step, the desktop file and
    # AppStream validators, and debootstrap for packaging/check-debian13.sh
    dpkg-dev file desktop-file-utils appstream debootstrap
    # libFuzzer targets (tools/fuzz.sh, docs/robustness.md)
    clang libclang-rt-dev
    # -r container:// tests (tst_imagereference): a real OCI registry on loopback,
    # images built with umoci and pushed with skopeo, htpasswd for its basic auth
    openssl apache2-utils
)
# docker-registry (the CNCF distribution registry), skopeo and umoci: where the
# distribution has them (tst_imagereference says so and skips without them).
for p in docker-registry skopeo umoci; do
    if apt-cache show "$p" >/dev/null 2>&1; then
        packages+=("$p")
    fi
done
# KF6 SyntaxHighlighting exists from Debian 13 / Ubuntu 24.04 on; older releases use
# the built-in YAML highlighter.
if apt-cache show libkf6syntaxhighlighting-dev >/dev/null 2>&1; then
    packages+=(libkf6syntaxhighlighting-dev)
fi

# kubectl applies exported fixes offline in tst_fixes (`kubectl patch --local`).
# Debian's kubernetes-client provides it; a kubectl already on the PATH (Google's
# or upstream's package, which conflict with it) does the same job.
if ! command -v kubectl >/dev/null; then
    packages+=(kubernetes-client)
fi

export DEBIAN_FRONTEND=noninteractive
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null | grep -qx installed || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup.sh: installing ${missing[*]}"
    $SUDO apt-get update -q
    $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

PRESET=${PRESET:-default}
if [ "${CI:-}" = "true" ] && [ "$PRESET" = "default" ]; then
    PRESET=ci
fi
cmake --preset "$PRESET"
cmake --build --preset "$PRESET"
echo "setup.sh: built with preset '$PRESET' — run ./packaging/test.sh next"
