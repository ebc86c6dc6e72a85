# SPDX-License-Identifier: Apache-2.0
# ctest helper: BINARY (driftscope-cli) links QtCore but neither QtGui nor QtWidgets:
# the engine runs without a display.
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
message(STATUS "driftscope-cli links QtCore and no GUI library")
