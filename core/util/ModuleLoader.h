// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>
#include <string_view>

namespace ds {

// The parts of the engine that need large libraries — archives (libarchive),
// template crypto functions (OpenSSL) and live clusters (QtNetwork) — are built
// as modules (core/modules/) and loaded the first time they are needed, so a
// comparison that uses none of them does not map ~20 libraries at start-up
// (docs/performance.md).
//
// A module is <dir>/driftscope-<name>.so, where <dir> is ../lib/driftscope
// from the running executable: the build tree (build/app, build/tests, ...) and
// the installed layout (/usr/bin, /usr/lib/driftscope) alike. It exports
//   extern "C" void *driftscope_module_<name>(const char *abi)
// which returns its interface, or nullptr when `abi` is not the one it was
// built with (a module left over from another build).
class ModuleLoader
{
public:
    struct Result
    {
        void *interface = nullptr;
        std::string error; // names the module file and what to do
    };

    // Loads the module once (thread-safe) and never unloads it; the result
    // stays valid for the life of the process.
    static const Result &load(std::string_view name);
    // Where modules are looked for.
    static std::string directory();
    // The interface the module of this build exports (version and a hash of
    // the interface headers).
    static const char *abi();
};

// The interface of module `name`, or nullptr with `error` set.
template <class Interface>
Interface *loadModule(std::string_view name, std::string &error)
{
    const ModuleLoader::Result &r = ModuleLoader::load(name);
    if (!r.interface)
        error = r.error;
    return static_cast<Interface *>(r.interface);
}

} // namespace ds

// Defines the entry point of module `name` returning `interface` (include the
// generated "ModuleAbi.h" first).
#define DRIFTSCOPE_MODULE(name, interface)                                                                      \
    extern "C" __attribute__((visibility("default"))) void *driftscope_module_##name(const char *abi)          \
    {                                                                                                          \
        return std::string_view(abi) == DRIFTSCOPE_MODULE_ABI ? static_cast<void *>(interface) : nullptr;      \
    }
