// SPDX-License-Identifier: Apache-2.0
#include "InlineDiffDriver.h"

#include "CaptureTable.h"
#include "InlineDiffFunction.h"
#include "reference/FieldPath.h"

#include <map>

namespace ds::compare {

namespace {

struct Prepared
{
    std::string value;
    std::string clusterValue;
    std::vector<std::string> path;
    std::string pathToKey;
    const InlineDiffFunction *function;
};

} // namespace

std::optional<std::string> runInlineDiffFunctions(Value &reference, const Value &cluster,
                                                  const ref::ReferenceTemplate &t, const std::string &objectName,
                                                  Log &log, std::vector<InlineCheck> *checks)
{
    (void)objectName;
    if (t.config.perField.empty())
        return std::nullopt;
    // Go keeps them in a map: the last entry for a path wins, iteration is sorted.
    std::map<std::string, std::string> functions;
    for (const auto &pf : t.config.perField)
        functions[pf.pathToKey] = pf.inlineDiffFunc;
    std::vector<std::string> errors;
    std::vector<Prepared> prepared;
    CaptureTable captures;
    for (const auto &[pathToKey, name] : functions) {
        std::string parseError;
        auto path = ref::FieldPath::parse(pathToKey, parseError);
        if (!path) {
            errors.push_back("failed to parse path of field " + pathToKey + " that uses inline diff func: " + parseError);
            continue;
        }
        const ref::NestedStringResult value = ref::nestedString(reference, path->segments);
        if (value.error) {
            errors.push_back("failed to acces value in template of field " + pathToKey
                             + " that uses inline diff func: " + *value.error);
            continue;
        }
        if (!value.found) {
            errors.push_back("failed to acces value in template of field " + pathToKey
                             + " that uses inline diff func: Not found");
            continue;
        }
        const ref::NestedStringResult clusterValue = ref::nestedString(cluster, path->segments);
        if (!clusterValue.found)
            continue; // the ordinary diff shows the missing field
        if (clusterValue.error) {
            errors.push_back("failed to acces value in cluster cr of field " + pathToKey
                             + " that uses inline diff func: " + *clusterValue.error);
            continue;
        }
        const InlineDiffFunction *function = InlineDiffFunction::find(name);
        if (!function)
            continue; // rejected at load time
        if (auto e = function->validate(value.value)) {
            errors.push_back("failed to validate the inline diff for field " + pathToKey + ", " + *e);
            continue;
        }
        log.info(1, "Performing " + name + " comparison for " + t.path + "::" + pathToKey);
        try {
            function->diff(value.value, clusterValue.value, captures, log);
        } catch (const GoPanic &panic) {
            errors.push_back(std::string("inline diff function panicked: ") + panic.what());
            continue;
        }
        prepared.push_back({value.value, clusterValue.value, path->segments, pathToKey, function});
    }
    for (const Prepared &p : prepared) {
        std::string patched;
        try {
            patched = p.function->diff(p.value, p.clusterValue, captures, log);
        } catch (const GoPanic &panic) {
            errors.push_back(std::string("inline diff function panicked: ") + panic.what());
            continue;
        }
        if (auto e = ref::setNestedString(reference, p.path, patched))
            errors.push_back("failed to update value of inline diff func result for field " + p.pathToKey + ", " + *e);
        else if (checks)
            checks->push_back({p.pathToKey, functions[p.pathToKey], patched == p.clusterValue});
    }
    if (errors.empty())
        return std::nullopt;
    std::string joined;
    for (const auto &e : errors)
        joined += (joined.empty() ? "" : "\n") + e;
    return joined;
}

ref::InlineDiffValidator inlineDiffValidator()
{
    return [](const std::string &name, const std::string &value, bool &known) -> std::optional<std::string> {
        const InlineDiffFunction *function = InlineDiffFunction::find(name);
        known = function != nullptr;
        if (!function)
            return std::nullopt;
        return function->validate(value);
    };
}

} // namespace ds::compare
