// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "RestConfig.h"

#include <string>

namespace ds::live {

// The credentials a pod gets from Kubernetes, read as client-go's
// rest.InClusterConfig reads them: the API server from
// KUBERNETES_SERVICE_HOST/KUBERNETES_SERVICE_PORT, the service account's token
// (re-read for every connection: the kubelet rotates it) and CA from
// /var/run/secrets/kubernetes.io/serviceaccount. DRIFTSCOPE_SERVICE_ACCOUNT_DIR
// names another folder, for pods that project the token elsewhere.
class InClusterConfig
{
public:
    static std::string serviceAccountDir();
    // Both variables are set and the token file exists (client-go's condition
    // for falling back to in-cluster credentials).
    static bool possible();
    static RestConfig::Result load();
};

} // namespace ds::live
