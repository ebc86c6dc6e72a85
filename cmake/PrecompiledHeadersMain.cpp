// SPDX-License-Identifier: Apache-2.0
// The one source of a test PCH target (cmake/DriftscopePrecompiledHeaders.cmake):
// CMake builds a target's precompiled header only when the target compiles something.
