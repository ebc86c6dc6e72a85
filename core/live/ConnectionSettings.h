// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "HttpTransport.h"
#include "RestConfig.h"

#include <optional>
#include <string>

namespace ds::live {

// The proxy settings of a RestConfig (TLS is set up by the transport, from a TlsSpec).
class ConnectionSettings
{
public:
    // proxy-url (http, https, socks5) or, without it, HTTPS_PROXY/HTTP_PROXY and
    // NO_PROXY as Go's ProxyFromEnvironment reads them (never for loopback hosts).
    static std::optional<std::string> proxyFor(const RestConfig &config, ProxySpec &out);
};

} // namespace ds::live
