// SPDX-License-Identifier: Apache-2.0
#include "ClusterVersion.h"

namespace ds::input {

std::string clusterVersionOf(const std::vector<ClusterObject> &objects)
{
    for (const ClusterObject &o : objects) {
        if (o.id != "config.openshift.io/v1_ClusterVersion_version" || o.partial)
            continue;
        if (std::string desired = stringField(o.object, {"status", "desired", "version"}); !desired.empty())
            return desired;
        const Value history = o.object.at({"status", "history"});
        if (history.isList() && !history.list().empty())
            if (std::string latest = stringField(history.list().front(), {"version"}); !latest.empty())
                return latest;
        return stringField(o.object, {"spec", "desiredUpdate", "version"});
    }
    return {};
}

} // namespace ds::input
