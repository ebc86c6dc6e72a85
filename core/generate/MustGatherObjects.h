// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"

#include <optional>
#include <string>
#include <vector>

namespace ds::generate {

// The objects of a must-gather as generate mode loads them (spec g.3.3):
// every directory whose child is `cluster-scoped-resources` or `namespaces` is
// a data root (symlinks never followed); each root's two trees are walked in
// byte order, every `*.yaml` file read as a YAML stream (a file with any
// decode error is dropped whole, silently), `*List` documents flattened, and
// the first object of an apiVersion/kind/namespace/name wins.
struct MustGatherObjects
{
    std::vector<Value> objects; // load order
    std::optional<std::string> error; // kube-compare's text (a missing root is reported per entry)
    bool noData = false;              // no data root found

    static MustGatherObjects load(const std::string &absoluteRoot);
    // The same from a must-gather archive (.tar.gz, .zip, …), read in place:
    // Driftscope's extension, with the member paths walked as the folder would be.
    static MustGatherObjects loadArchive(const std::string &archivePath);
};

} // namespace ds::generate
