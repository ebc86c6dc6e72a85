// SPDX-License-Identifier: Apache-2.0
#include "CryptoBackend.h"

#include "template/FunctionError.h"
#include "util/ModuleLoader.h"

namespace ds::tmpl {

const CryptoBackend &cryptoBackend()
{
    std::string error;
    if (const auto *backend = loadModule<const CryptoBackend>("crypto", error))
        return *backend;
    throw FunctionError(error);
}

} // namespace ds::tmpl
