// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ds::live {

// The kubeconfig entries Driftscope reads (kubernetes.io kubeconfig.v1). File
// paths are already resolved against the directory of the file that named them.

struct ExecConfig
{
    std::string apiVersion; // client.authentication.k8s.io/v1 or v1beta1
    std::string command;
    std::vector<std::string> args;
    std::vector<std::pair<std::string, std::string>> env;
    std::string interactiveMode; // Never, IfAvailable, Always (empty: IfAvailable)
    bool provideClusterInfo = false;
    std::string installHint;
};

struct AuthProviderConfig
{
    std::string name; // oidc, gcp, azure, ...
    std::map<std::string, std::string> config;
};

struct KubeCluster
{
    std::string name;
    std::string server;
    std::string certificateAuthority;     // file
    std::string certificateAuthorityData; // PEM bytes (base64-decoded)
    bool insecureSkipTlsVerify = false;
    std::string tlsServerName;
    std::string proxyUrl;
    bool disableCompression = false;
    std::string sourceFile; // the kubeconfig that defined it
};

struct KubeUser
{
    std::string name;
    std::string token;
    std::string tokenFile;
    std::string clientCertificate;     // file
    std::string clientCertificateData; // PEM bytes
    std::string clientKey;             // file
    std::string clientKeyData;         // PEM bytes
    std::string username;
    std::string password;
    std::optional<ExecConfig> exec;
    std::optional<AuthProviderConfig> authProvider;
    std::string sourceFile;
};

struct KubeContext
{
    std::string name;
    std::string cluster;
    std::string user;
    std::string namespaceName;
    std::string sourceFile;
};

} // namespace ds::live
