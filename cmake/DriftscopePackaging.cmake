# SPDX-License-Identifier: Apache-2.0
# Install layout (FHS, /usr in the packages) and .deb packages through CPack:
#   cmake --build build && (cd build && cpack)     -> build/packages/driftscope_<version>-1~deb<N>_<arch>.deb
# See docs/packaging.md. Names follow the application id used for the desktop
# file (QGuiApplication::setDesktopFileName in ui/DriftscopeApplication.cpp).

include(GNUInstallDirs)

set(DRIFTSCOPE_APP_ID "io.github.driftscope.Driftscope")
set(DRIFTSCOPE_PACKAGE_MAINTAINER "Driftscope contributors <driftscope@users.noreply.github.com>"
    CACHE STRING "Maintainer field of the .deb packages")
set(_resources "${PROJECT_SOURCE_DIR}/resources")

# --- Executables. kubectl runs any "kubectl-<name>" on the PATH as "kubectl <name>",
# so a relative link makes the CLI a kubectl plugin. The link is also made in the
# build tree, next to driftscope-cli.
install(TARGETS driftscope-cli RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
file(CREATE_LINK driftscope-cli "${PROJECT_BINARY_DIR}/app/kubectl-driftscope" SYMBOLIC)
install(FILES "${PROJECT_BINARY_DIR}/app/kubectl-driftscope" DESTINATION "${CMAKE_INSTALL_BINDIR}")
if(DRIFTSCOPE_BUILD_GUI)
    install(TARGETS driftscope RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
endif()

# --- The sample comparison (--sample, Help ▸ Open Sample Comparison): found at
# <bindir>/../share/driftscope/sample (core/pipeline/SampleComparison).
install(DIRECTORY "${_resources}/sample/" DESTINATION "${CMAKE_INSTALL_DATADIR}/driftscope/sample")
# --- The documentation (Help ▸ User Guide shows docs/user-guide.md).
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/" DESTINATION "${CMAKE_INSTALL_DATADIR}/doc/driftscope")

# --- driftscope-cli(1), generated from `driftscope-cli --help` whenever the CLI changes.
if(NOT CMAKE_CROSSCOMPILING)
    set(_man "${PROJECT_BINARY_DIR}/man/driftscope-cli.1")
    add_custom_command(OUTPUT "${_man}" "${_man}.gz"
        COMMAND "${CMAKE_COMMAND}" -DCLI=$<TARGET_FILE:driftscope-cli> -DVERSION=${PROJECT_VERSION}
                -DOUTPUT=${_man} -P "${CMAKE_CURRENT_LIST_DIR}/GenerateManPage.cmake"
        DEPENDS driftscope-cli "${CMAKE_CURRENT_LIST_DIR}/GenerateManPage.cmake"
        COMMENT "Generating the driftscope-cli manual page from its --help"
        VERBATIM)
    add_custom_target(driftscope-cli-manpage ALL DEPENDS "${_man}.gz")
    install(FILES "${_man}.gz" DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")
endif()

# --- Desktop integration: menu entry, AppStream metadata, scalable icon.
if(DRIFTSCOPE_BUILD_GUI)
    install(FILES "${_resources}/${DRIFTSCOPE_APP_ID}.desktop"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/applications")
    install(FILES "${_resources}/${DRIFTSCOPE_APP_ID}.metainfo.xml"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/metainfo")
    install(FILES "${_resources}/${DRIFTSCOPE_APP_ID}.svg"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps")
endif()

# --- CPack: one "driftscope" .deb with both programs. Library dependencies come
# from dpkg-shlibdeps (dpkg-dev), so the same rules give correct packages on
# Debian 12 (Qt 6.4, yaml-cpp 0.7) and Debian 13 (Qt 6.8, yaml-cpp 0.8, KF6).
set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "driftscope")
set(CPACK_PACKAGE_VENDOR "The Driftscope contributors")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "shows how a Kubernetes cluster's configuration drifts from a reference")
# The long description, wrapped for `apt show` (CPack indents each line).
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
    "Driftscope compares the configuration CRs of a Kubernetes or OpenShift"
    "cluster (files, folders, must-gathers or archives) with a reference"
    "configuration in the kube-compare format and shows the differences."
    "."
    "This package contains the Qt desktop application (driftscope) and its"
    "command line twin (driftscope-cli), compatible with kubectl cluster-compare"
    "and usable as a kubectl plugin (kubectl driftscope).")
set(CPACK_PACKAGE_CONTACT "${DRIFTSCOPE_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DIRECTORY "${PROJECT_BINARY_DIR}/packages")
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${DRIFTSCOPE_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION "admin")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${PROJECT_HOMEPAGE_URL}")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
if(DRIFTSCOPE_BUILD_GUI)
    # Qt loads its platform plugins at run time, so shlibdeps cannot see them.
    set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins")
    set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-wayland")
endif()

# The Debian release goes into the package revision (1~deb12, 1~deb13), so the
# packages built for each release have distinct names and order correctly.
set(CPACK_DEBIAN_PACKAGE_RELEASE "1")
if(EXISTS /etc/os-release)
    file(STRINGS /etc/os-release _os_id REGEX "^ID=")
    file(STRINGS /etc/os-release _os_version REGEX "^VERSION_ID=")
    string(REGEX REPLACE "^ID=\"?([^\"]*)\"?$" "\\1" _os_id "${_os_id}")
    string(REGEX REPLACE "^VERSION_ID=\"?([^\"]*)\"?$" "\\1" _os_version "${_os_version}")
    if(_os_id STREQUAL "debian" AND _os_version MATCHES "^[0-9]+$")
        set(CPACK_DEBIAN_PACKAGE_RELEASE "1~deb${_os_version}")
    endif()
endif()

# `package_source` (not used for the .deb) must not sweep up build trees.
set(CPACK_SOURCE_GENERATOR "TXZ")
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/" "/conformance-out/")

include(CPack)
