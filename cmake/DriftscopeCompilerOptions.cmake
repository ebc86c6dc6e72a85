# SPDX-License-Identifier: Apache-2.0
# Warning flags and sanitizer switches shared by every Driftscope target.

add_library(driftscope_compiler_options INTERFACE)
target_compile_options(driftscope_compiler_options INTERFACE
    $<$<CXX_COMPILER_ID:GNU,Clang>:-Wall -Wextra -Wpedantic>
    $<$<AND:$<CXX_COMPILER_ID:GNU,Clang>,$<BOOL:${DRIFTSCOPE_WERROR}>>:-Werror>
    # A precompiled header GCC cannot use (a test with other flags) is only slower.
    $<$<CXX_COMPILER_ID:GNU>:-Wno-error=invalid-pch>
    # GCC's flow-sensitive buffer warnings fire on libstdc++'s own inlined string code
    # depending on what else the file includes (GCC bugs 105329, 105651): they stay
    # visible, but a different include order must not fail the build.
    $<$<CXX_COMPILER_ID:GNU>:-Wno-error=stringop-overflow -Wno-error=stringop-overread
                             -Wno-error=array-bounds -Wno-error=restrict>)

# Product code spells out string encodings; tests may use plain literals.
add_library(driftscope_strict_qt INTERFACE)
target_compile_definitions(driftscope_strict_qt INTERFACE
    QT_NO_CAST_FROM_ASCII
    QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
    QT_NO_URL_CAST_FROM_STRING)

set(DRIFTSCOPE_SANITIZE "" CACHE STRING "Sanitizers to enable, e.g. address,undefined")
if(DRIFTSCOPE_SANITIZE)
    target_compile_options(driftscope_compiler_options INTERFACE
        -fsanitize=${DRIFTSCOPE_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
    target_link_options(driftscope_compiler_options INTERFACE -fsanitize=${DRIFTSCOPE_SANITIZE})
endif()

# GNU gold links a test in under half of ld.bfd's time (2.1 s against 4.6-5.9 s at
# -g1, measured on tst_explain): with ~90 executables that is minutes of a cold
# build, and CI builds the tree several times. Used with GCC where binutils has it
# (Debian 12; Debian 13 installs none by default).
option(DRIFTSCOPE_GOLD_LINKER "Link with GNU gold when it is installed (GCC)" ON)
if(DRIFTSCOPE_GOLD_LINKER AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    find_program(DRIFTSCOPE_LD_GOLD ld.gold)
    if(DRIFTSCOPE_LD_GOLD)
        add_link_options(-fuse-ld=gold)
    endif()
endif()
