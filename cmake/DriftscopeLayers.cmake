# SPDX-License-Identifier: Apache-2.0
# The engine (core/) is built as one static library per layer; a layer is a set
# of folders and may use only itself and the layers it DEPENDS on (docs/architecture.md).
#
#   driftscope_layer(<name> FOLDERS <folders...> [DEPENDS <layers...>] [LINK <libraries...>])
#
# defines driftscope_<name> from every .cpp/.h in its folders. Two checks keep the
# layers honest:
#  - driftscope_<name>_layercheck links the whole layer (every object file) with
#    only the layers it depends on, so code that calls up a layer fails to link
#    while building;
#  - ctest `layers` (cmake/CheckLayers.cmake) rejects an #include of a folder of
#    a higher layer, also when only a header is used.
# A new file goes into the folder whose responsibility it has, and so into its layer.

set_property(GLOBAL PROPERTY DRIFTSCOPE_LAYER_TABLE "")

function(driftscope_layer name)
    cmake_parse_arguments(PARSE_ARGV 1 ARG "" "" "FOLDERS;DEPENDS;LINK")
    set(sources)
    foreach(folder IN LISTS ARG_FOLDERS)
        file(GLOB_RECURSE found CONFIGURE_DEPENDS RELATIVE "${CMAKE_CURRENT_SOURCE_DIR}"
            "${CMAKE_CURRENT_SOURCE_DIR}/${folder}/*.cpp" "${CMAKE_CURRENT_SOURCE_DIR}/${folder}/*.h")
        list(APPEND sources ${found})
    endforeach()
    set(target driftscope_${name})
    add_library(${target} STATIC ${sources})
    target_include_directories(${target} PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}" "${CMAKE_CURRENT_BINARY_DIR}")
    set(deps)
    foreach(dep IN LISTS ARG_DEPENDS)
        list(APPEND deps driftscope_${dep})
    endforeach()
    target_link_libraries(${target}
        PUBLIC Qt6::Core driftscope_compiler_options ${deps}
        PRIVATE driftscope_strict_qt ${ARG_LINK})
    # The engine has no signals or slots: Qt's 'emit', 'signals' and 'slots' macros
    # stay out of its names (a precompiled QFile header would otherwise define them).
    target_compile_definitions(${target} PRIVATE QT_NO_KEYWORDS)
    driftscope_precompile_headers(${target} KIND core)

    add_executable(${target}_layercheck "${PROJECT_SOURCE_DIR}/cmake/LayerCheckMain.cpp")
    target_link_libraries(${target}_layercheck PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,${target}>")
    set_target_properties(${target}_layercheck PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}/layercheck")

    string(REPLACE ";" "," folders "${ARG_FOLDERS}")
    set_property(GLOBAL APPEND PROPERTY DRIFTSCOPE_LAYER_TABLE "${name}:${folders}")
endfunction()
