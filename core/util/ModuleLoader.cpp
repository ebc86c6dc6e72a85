// SPDX-License-Identifier: Apache-2.0
#include "ModuleLoader.h"

#include "ModuleAbi.h"

#include <dlfcn.h>
#include <unistd.h>

#include <climits>
#include <map>
#include <mutex>

namespace ds {

namespace {

// The directory above the running executable's (symbolic links resolved).
std::string prefixDirectory()
{
    char path[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    std::string dir = n > 0 ? std::string(path, std::size_t(n)) : std::string("./x");
    for (int up = 0; up < 2; ++up) {
        const std::size_t slash = dir.rfind('/');
        dir = slash == std::string::npos ? std::string(".") : slash == 0 ? std::string() : dir.substr(0, slash);
    }
    return dir;
}

ModuleLoader::Result open(const std::string &name)
{
    const std::string file = ModuleLoader::directory() + "/driftscope-" + name + ".so";
    const std::string hint = "; reinstall Driftscope (the module comes with it) or rebuild the build tree";
    // RTLD_NOW: a module that cannot resolve its libraries fails here, with
    // the library's name, rather than on first use.
    void *handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        return {nullptr, "cannot load Driftscope's " + name + " module: " + (why ? why : file) + hint};
    }
    const std::string symbol = "driftscope_module_" + name;
    using Entry = void *(*)(const char *);
    const auto entry = reinterpret_cast<Entry>(dlsym(handle, symbol.c_str()));
    if (!entry)
        return {nullptr, "cannot load Driftscope's " + name + " module: " + file + " has no " + symbol + hint};
    void *interface = entry(ModuleLoader::abi());
    if (!interface)
        return {nullptr, "cannot load Driftscope's " + name + " module: " + file
                             + " was built for another version of Driftscope" + hint};
    return {interface, {}};
}

} // namespace

std::string ModuleLoader::directory()
{
    static const std::string dir = prefixDirectory() + "/lib/driftscope";
    return dir;
}

const char *ModuleLoader::abi()
{
    return DRIFTSCOPE_MODULE_ABI;
}

const ModuleLoader::Result &ModuleLoader::load(std::string_view name)
{
    static std::mutex mutex;
    static std::map<std::string, Result, std::less<>> loaded;
    const std::lock_guard lock(mutex);
    if (const auto it = loaded.find(name); it != loaded.end())
        return it->second;
    return loaded.emplace(std::string(name), open(std::string(name))).first->second;
}

} // namespace ds
