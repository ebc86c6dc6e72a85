// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "Kubeconfig.h"

#include <optional>
#include <string>

namespace ds::live {

// Everything needed to talk to one cluster as one user: the selected context
// with its files read. Holds credentials, so it is never logged or printed.
struct RestConfig
{
    struct Result;

    std::string contextName;
    std::string clusterName;
    std::string userName;
    std::string namespaceName; // the context's namespace ("" = not set)

    std::string server; // https://host:port[/prefix]
    std::string caPem;  // certificate-authority(-data); empty = system CAs
    bool insecureSkipTlsVerify = false;
    std::string tlsServerName;
    std::string proxyUrl;
    bool disableCompression = false;

    // Credentials, sent only to https:// servers (as client-go does).
    std::string bearerToken;
    std::string tokenFile; // re-read for every connection (rotated service-account tokens)
    std::string clientCertPem;
    std::string clientKeyPem;
    std::string username;
    std::string password;
    std::optional<ExecConfig> exec;

    bool usesTls() const { return server.rfind("https://", 0) == 0; }

    // Resolves `contextName` (empty: current-context) of `config`: reads the
    // certificate, key, CA and token files it names and checks what client-go
    // would reject. Errors use kubectl's words where it has some.
    static Result fromKubeconfig(const Kubeconfig &config, const std::string &contextName = {});
    // What kubectl would connect with: the kubeconfig (`kubeconfigPath`, else
    // $KUBECONFIG or ~/.kube/config) and its context — or, as client-go does,
    // the pod's service account when no kubeconfig defines anything and the
    // process runs in a pod (InClusterConfig).
    static Result resolve(const std::string &kubeconfigPath, const std::string &contextName);
};

struct RestConfig::Result
{
    RestConfig config;
    std::optional<std::string> error;
    bool ok() const { return !error.has_value(); }
};

} // namespace ds::live
