// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace ds::image {

struct RegistryCredential
{
    std::string username;
    std::string password;
    std::string source; // the auth file or credential helper it came from, for messages
};

struct CredentialLookup
{
    std::optional<RegistryCredential> credential;
    std::vector<std::string> filesTried; // in the order they were read, existing or not
    std::string error;                   // an unreadable auth file or a failing helper
};

// The credentials podman and Docker would use for `registry` (host[:port]) and
// `repository`, from the files users already have, first match wins:
//   $REGISTRY_AUTH_FILE, $XDG_RUNTIME_DIR/containers/auth.json,
//   ~/.config/containers/auth.json, $DOCKER_CONFIG/config.json (~/.docker/config.json).
// In each: `auths` (the most specific host/repository key first, `auth` as
// base64 user:password), then `credHelpers[registry]`, then `credsStore` — a
// helper is run as Docker documents it: `docker-credential-<name> get` with the
// server on stdin and {"Username","Secret"} on stdout. Secrets never reach a log.
CredentialLookup findRegistryCredential(const std::string &registry, const std::string &repository);

} // namespace ds::image
