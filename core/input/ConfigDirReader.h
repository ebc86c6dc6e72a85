// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ClusterObject.h"
#include "util/Log.h"

#include <string>
#include <vector>

namespace ds::input {

// Reads the layout `oc extract` and Hive's ConfigDir produce (tst_configdir):
//   <dir>/hiveconfig/config.yaml, other *.yaml files  → CRs as they are
//   <dir>/secrets/<name>/<key>    (or secret/)        → Secret <name>, data[key] = base64(bytes)
//   <dir>/configmaps/<name>/<key> (or configmap/)     → ConfigMap <name>, data or binaryData
// What the layout cannot carry (labels, annotations, Secret type, ...) is marked
// unknown on each object so it is not reported as drift.
class ConfigDirReader
{
public:
    // Whether `dir` has the layout: hiveconfig/config.yaml, or secret/configmap
    // folders holding only flat files.
    static bool looksLikeConfigDir(const std::string &dir);

    // `ns` overrides the namespace of the Secrets and ConfigMaps; empty: the
    // HiveConfig's spec.targetNamespace, else "hive".
    static std::vector<ClusterObject> read(const std::string &dir, const std::string &ns, Log &log);

    // Paths the layout loses, for ClusterObject::unknownFields.
    static const std::vector<std::vector<std::string>> &unknownFields(const std::string &kind);
};

} // namespace ds::input
