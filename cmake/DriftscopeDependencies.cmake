# SPDX-License-Identifier: Apache-2.0
# Every dependency comes from the distribution's packages (see packaging/setup.sh).

find_package(Qt6 6.4 REQUIRED COMPONENTS Core)
# QtNetwork (no GUI dependency): the live-cluster client (core/live).
find_package(Qt6 6.4 REQUIRED COMPONENTS Network)
if(DRIFTSCOPE_BUILD_GUI)
    find_package(Qt6 6.4 REQUIRED COMPONENTS Gui Widgets Concurrent Svg)
endif()
if(DRIFTSCOPE_BUILD_TESTS)
    find_package(Qt6 6.4 REQUIRED COMPONENTS Test)
endif()

# yaml-cpp 0.7 (Debian 12) exports the target "yaml-cpp"; 0.8 (Debian 13) "yaml-cpp::yaml-cpp".
find_package(yaml-cpp REQUIRED)
if(TARGET yaml-cpp::yaml-cpp)
    set(DRIFTSCOPE_YAMLCPP_TARGET yaml-cpp::yaml-cpp)
elseif(TARGET yaml-cpp)
    set(DRIFTSCOPE_YAMLCPP_TARGET yaml-cpp)
else()
    message(FATAL_ERROR "yaml-cpp was found but exports no known target")
endif()

# RE2 implements Go's regexp syntax. Debian 12 ships only a pkg-config file.
find_package(PkgConfig REQUIRED)
pkg_check_modules(RE2 REQUIRED IMPORTED_TARGET re2)

# libarchive reads support archives (.tar.gz, .tar.xz, .zip) in place (core/input).
pkg_check_modules(LIBARCHIVE REQUIRED IMPORTED_TARGET libarchive)

# libcrypto for Sprig's crypto functions (AES, scrypt, keys and certificates) and client keys
# Qt cannot read (core/live).
find_package(OpenSSL REQUIRED COMPONENTS Crypto)

set(DRIFTSCOPE_HAVE_KF6_SYNTAX_HIGHLIGHTING OFF)
if(DRIFTSCOPE_BUILD_GUI AND NOT DRIFTSCOPE_KF6_SYNTAX_HIGHLIGHTING STREQUAL "OFF")
    if(DRIFTSCOPE_KF6_SYNTAX_HIGHLIGHTING STREQUAL "ON")
        find_package(KF6SyntaxHighlighting REQUIRED)
    else()
        find_package(KF6SyntaxHighlighting QUIET)
    endif()
    if(KF6SyntaxHighlighting_FOUND)
        set(DRIFTSCOPE_HAVE_KF6_SYNTAX_HIGHLIGHTING ON)
    endif()
endif()
message(STATUS "Driftscope: KF6 SyntaxHighlighting: ${DRIFTSCOPE_HAVE_KF6_SYNTAX_HIGHLIGHTING}")
