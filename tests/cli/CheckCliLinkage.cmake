# SPDX-License-Identifier: Apache-2.0
# ctest helper: BINARY (driftscope-cli) links QtCore but neither QtGui/QtWidgets (the
# engine runs without a display) nor the libraries of the engine modules — libarchive,
# libcrypto, QtNetwork — which are loaded only when a run needs them (util/ModuleLoader.h).
execute_process(COMMAND ldd ${BINARY} OUTPUT_VARIABLE libs RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "ldd failed on ${BINARY}")
endif()
if(NOT libs MATCHES "libQt6Core")
    message(FATAL_ERROR "unexpected ldd output (no QtCore):\n${libs}")
endif()
if(libs MATCHES "libQt6(Gui|Widgets)")
    message(FATAL_ERROR "driftscope-cli links a GUI library:\n${libs}")
endif()
foreach(lib libarchive libcrypto libssl libQt6Network)
    if(libs MATCHES "${lib}\\.so")
        message(FATAL_ERROR "driftscope-cli links ${lib}, which belongs in an engine module (core/modules):\n${libs}")
    endif()
endforeach()
message(STATUS "driftscope-cli links QtCore, no GUI library and no module library")
