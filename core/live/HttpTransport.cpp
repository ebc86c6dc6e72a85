// SPDX-License-Identifier: Apache-2.0
#include "HttpTransport.h"

#include "util/ModuleLoader.h"

namespace ds::live {

std::unique_ptr<HttpTransport> createHttpTransport(std::string &error)
{
    const auto *module = loadModule<const NetworkModule>("network", error);
    return module ? module->createTransport() : nullptr;
}

} // namespace ds::live
