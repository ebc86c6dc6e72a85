// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"

#include <QString>

#include <string>
#include <vector>

namespace ds::test {

// One case of go-template.json / sprig-helm-functions.json / yaml-canonical.json,
// read with Kubernetes number typing so data keeps int64 vs float64 exactly.
struct TemplateVector
{
    std::string id;
    std::string templateText;
    Value data; // Missing when the case has no data
    std::string option;
    std::vector<std::pair<std::string, std::string>> files;
    std::string name = "t";
    bool expectError = false;
    std::string expected; // output or error text (exact bytes: output_base64 when given)
    Value raw;            // the whole case
};

std::vector<TemplateVector> loadTemplateVectors(const QString &file);

struct RenderOutcome
{
    bool error = false;
    std::string text;
};

// Renders a case as kube-compare would: the template named `name`, function
// files parsed into the same set, no cluster objects loaded.
RenderOutcome renderVector(const TemplateVector &v);

} // namespace ds::test
