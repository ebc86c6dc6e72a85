// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "RegistryCredentials.h"
#include "live/HttpTransport.h"

#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace ds::image {

struct RegistryOptions
{
    // Plain HTTP when HTTPS fails, as Docker allows for loopback registries and
    // for those named with --insecure-registry.
    bool allowPlainHttp = false;
    const std::atomic_bool *cancel = nullptr;
    // Where the certificates for the host come from (podman's certs.d folders).
    std::vector<QString> certsDirectories;
    std::function<CredentialLookup(const std::string &registry, const std::string &repository)> credentials =
        findRegistryCredential;
};

struct RegistryResponse
{
    bool ok = false;
    QByteArray body;        // manifests only; blobs go to their file
    QByteArray contentType;
    std::string error;      // what went wrong and what to do, naming the image
    bool unreachable = false; // no answer at all: a cached copy may stand in
};

// The pull side of the OCI distribution API (and Docker Registry v2) for one
// repository: GET only — /v2/ to learn the authentication, then manifests and
// blobs — with basic or bearer-token authentication from the user's auth
// files, redirects followed (the Authorization header is not sent to another
// host), transient failures retried. Synchronous: call it on a thread whose
// event loop it may run (ImagePuller gives it one).
class RegistryClient
{
public:
    RegistryClient(std::string imageName, std::string apiHost, std::string registry, std::string repository,
                   RegistryOptions options);
    ~RegistryClient();

    RegistryResponse manifest(const std::string &reference, const QByteArray &accept);
    RegistryResponse blob(const std::string &digest, const QString &file);

    // The scheme and credentials that were used, for messages (no secrets).
    std::string baseUrl() const { return m_baseUrl; }

private:
    std::optional<RegistryResponse> connect();
    std::optional<std::string> authenticate(const QByteArray &challenge);
    live::HttpReply send(live::HttpRequest request);
    live::HttpReply sendOnce(const live::HttpRequest &request);
    RegistryResponse get(const std::string &path, const QByteArray &accept, const QString &file, const std::string &what);
    std::string unauthorised();
    RegistryResponse failure(const live::HttpReply &reply, const std::string &what) const;
    std::string transportError(const live::HttpReply &reply) const;
    bool cancelled() const { return m_options.cancel && m_options.cancel->load(); }

    std::string m_imageName;
    std::string m_apiHost;
    std::string m_registry;
    std::string m_repository;
    RegistryOptions m_options;
    std::unique_ptr<live::HttpTransport> m_transport;
    std::string m_baseUrl;         // https://host or http://host, once connected
    QByteArray m_authorization;    // Basic … or Bearer …
    std::optional<CredentialLookup> m_lookup;
    bool m_connected = false;
};

} // namespace ds::image
