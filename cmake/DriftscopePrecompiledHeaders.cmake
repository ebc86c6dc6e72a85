# SPDX-License-Identifier: Apache-2.0
# Precompiled headers: most of a file's compile time here is parsing the standard
# library, QtCore and QtWidgets headers again (measured: 50-70 % of CompareEngine.cpp,
# MainWindow.cpp or a test at -O2). A cold build — CI's clone on a new machine
# builds the tree five times — pays that once per library instead of once per file.
#
#   driftscope_precompile_headers(<target> KIND core|ui)   a library's own PCH
#   driftscope_reuse_test_headers(<test> KIND core|ui)     a test reuses a shared PCH
#
# Only system headers are precompiled, so a change to the project's own headers
# never rebuilds a PCH.

option(DRIFTSCOPE_PRECOMPILED_HEADERS "Precompile the system headers every file includes" ON)

# ccache's settings for this tree, through the launcher:
#  - depend mode takes a file's dependencies from the compiler's -MD output instead
#    of running the preprocessor once more on every miss, which made a build from
#    an empty cache (CI on a new machine) a fifth slower (25 min against 20 here);
#  - compilations that use a PCH are cached only with sloppiness pch_defines,time_macros
#    (ccache(1) "Precompiled headers"); no source uses __DATE__ or __TIME__.
if(CMAKE_CXX_COMPILER_LAUNCHER MATCHES "ccache$")
    set(_driftscope_ccache_env CCACHE_DEPEND=1)
    if(DRIFTSCOPE_PRECOMPILED_HEADERS)
        list(APPEND _driftscope_ccache_env CCACHE_SLOPPINESS=pch_defines,time_macros)
    endif()
    set(CMAKE_CXX_COMPILER_LAUNCHER
        "${CMAKE_COMMAND};-E;env;${_driftscope_ccache_env};${CMAKE_CXX_COMPILER_LAUNCHER}")
endif()

# Without precompiled headers the functions below do nothing.
if(NOT DRIFTSCOPE_PRECOMPILED_HEADERS)
    function(driftscope_precompile_headers)
    endfunction()
    function(driftscope_reuse_test_headers)
    endfunction()
    return()
endif()

set(_driftscope_pch_core
    <algorithm> <cstdint> <functional> <map> <memory> <optional> <set> <string>
    <string_view> <unordered_map> <utility> <vector>
    <QtCore/QByteArray> <QtCore/QDir> <QtCore/QFile> <QtCore/QFileInfo> <QtCore/QHash>
    <QtCore/QList> <QtCore/QObject> <QtCore/QString> <QtCore/QStringList>)
set(_driftscope_pch_ui
    <QtCore/QAbstractItemModel> <QtCore/QPointer> <QtGui/QAction> <QtWidgets/QHBoxLayout>
    <QtWidgets/QLabel> <QtWidgets/QMessageBox> <QtWidgets/QPlainTextEdit>
    <QtWidgets/QPushButton> <QtWidgets/QTreeView> <QtWidgets/QVBoxLayout> <QtWidgets/QWidget>)

function(_driftscope_pch_headers out kind)
    set(headers ${_driftscope_pch_core})
    if(kind STREQUAL "ui")
        list(APPEND headers ${_driftscope_pch_ui})
    elseif(NOT kind STREQUAL "core")
        message(FATAL_ERROR "driftscope PCH: KIND is core or ui, not '${kind}'")
    endif()
    set(${out} ${headers} PARENT_SCOPE)
endfunction()

# EXTRA names headers to precompile besides KIND's.
function(driftscope_precompile_headers target)
    cmake_parse_arguments(PARSE_ARGV 1 ARG "" "KIND" "EXTRA")
    _driftscope_pch_headers(headers ${ARG_KIND})
    target_precompile_headers(${target} PRIVATE ${headers} ${ARG_EXTRA})
    # Clang stamps a PCH with its build time unless told not to; ccache then never hits.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
        target_compile_options(${target} PRIVATE "SHELL:-Xclang -fno-pch-timestamp")
    endif()
endfunction()

# One PCH per KIND for all tests: a test is one file, so a PCH of its own would
# cost as much as it saves. The PCH target is compiled with the flags the tests
# get from driftscope_testsupport (and driftscope_ui for KIND ui); QTest's header
# depends on QT_GUI_LIB / QT_WIDGETS_LIB, which is why there are two.
function(driftscope_reuse_test_headers test)
    cmake_parse_arguments(PARSE_ARGV 1 ARG "" "KIND" "")
    set(pch driftscope_test_pch_${ARG_KIND})
    if(NOT TARGET ${pch})
        add_library(${pch} OBJECT "${PROJECT_SOURCE_DIR}/cmake/PrecompiledHeadersMain.cpp")
        target_link_libraries(${pch} PRIVATE driftscope_testsupport)
        set(extra <QtTest/QTest>)
        if(ARG_KIND STREQUAL "ui")
            target_link_libraries(${pch} PRIVATE driftscope_ui)
            list(APPEND extra <QtTest/QSignalSpy>)
        endif()
        driftscope_precompile_headers(${pch} KIND ${ARG_KIND} EXTRA ${extra})
    endif()
    target_precompile_headers(${test} REUSE_FROM ${pch})
    # AUTOMOC gives every test a mocs_compilation.cpp. A test includes its moc
    # output itself, so the file is empty, yet loading the PCH made it cost
    # ~4.6 s: 89 of them were 9 % of a build, ~7 min of a cold CI run's five trees.
    get_target_property(dir ${test} BINARY_DIR)
    set_source_files_properties("${dir}/${test}_autogen/mocs_compilation.cpp" TARGET_DIRECTORY ${test}
                                PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
endfunction()
