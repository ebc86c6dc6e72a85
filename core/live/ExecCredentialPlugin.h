// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "RestConfig.h"

#include <QDateTime>

#include <optional>
#include <string>

namespace ds::live {

struct ExecCredential
{
    std::string token;
    std::string clientCertPem;
    std::string clientKeyPem;
    QDateTime expiry; // invalid = never expires (for the life of the process)
};

// client.authentication.k8s.io exec credential plugins (v1 and v1beta1): runs
// the kubeconfig's command with its args and env plus KUBERNETES_EXEC_INFO,
// reads the ExecCredential it prints and caches it until expirationTimestamp.
// Driftscope has no terminal to offer, so plugins always run non-interactively:
// stdin is closed, a plugin that insists on interactive mode is an error, and a
// plugin that does not finish in time is killed.
class ExecCredentialPlugin
{
public:
    struct Result
    {
        ExecCredential credential;
        std::optional<std::string> error;
        bool ok() const { return !error.has_value(); }
    };

    // The cached credential for this plugin and cluster while it is valid,
    // else a fresh one. `forceRefresh` re-runs the plugin (after a 401).
    static Result obtain(const RestConfig &config, int timeoutMs, bool forceRefresh = false);
    static void clearCache();

    // The KUBERNETES_EXEC_INFO document for this configuration (exposed for tests).
    static std::string execInfo(const RestConfig &config);
    // Reads a plugin's stdout (exposed for tests).
    static Result parseOutput(const std::string &stdoutText, const ExecConfig &exec);

private:
    static Result run(const RestConfig &config, int timeoutMs);
};

} // namespace ds::live
