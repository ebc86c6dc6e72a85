#!/usr/bin/env bash
# Builds one Qt Test source together with the core sources it needs, without
# CMake — handy while developing a single component in parallel with others.
#   tools/build-single-test.sh OUT_BINARY TEST_SOURCE [OTHER_SOURCES...]
# Compiles under a lock (/tmp/driftscope-build.lock) so that parallel users of
# this two-core machine take turns. Needs a configured build/ (for generated headers).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1; test_src=$2; shift 2
work=$(mktemp -d /tmp/single-test.XXXXXX)
base=$(basename "$test_src" .cpp)
/usr/lib/qt6/libexec/moc -I core "$test_src" -o "$work/$base.moc"
common=(core/value/Value.cpp core/value/GoFloat.cpp core/text/Utf8.cpp core/template/FunctionRegistry.cpp)
sources=()
for s in "${common[@]}" "$@"; do
    case " ${sources[*]} " in *" $s "*) ;; *) sources+=("$s") ;; esac
done
flock /tmp/driftscope-build.lock \
    g++ -std=c++20 -O1 -g -Wall -Wextra -Wpedantic -fPIC -I core -I build/core -I "$work" \
        -I tests/common -DDRIFTSCOPE_TEST_DATA_DIR="\"$PWD/tests/data\"" \
        $(pkg-config --cflags Qt6Core Qt6Test re2) \
        "$test_src" "${sources[@]}" tests/common/TestData.cpp -o "$out" \
        $(pkg-config --libs Qt6Core Qt6Test re2) -lyaml-cpp ${EXTRA_LIBS:-}
rm -rf "$work"
echo "built $out"
