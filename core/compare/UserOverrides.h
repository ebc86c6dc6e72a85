// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "report/ComparisonReport.h"
#include "template/FunctionSpec.h"
#include "value/Value.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ds::compare {

class GroupCorrelator;

// One entry of a user overrides file (`-p`, kube-compare's useroverride.go; tst_diffconfig).
struct UserOverride
{
    std::string name;
    std::string apiVersion;
    std::string kind;
    std::string ns;
    std::string exactMatch;
    std::string reason;
    std::string type;  // mergepatch | rfc6902 | go-template
    std::string patch; // the patch text
    std::string templatePath;

    // The override as kube-compare serialises it (generate-patches output).
    Value toValue() const;

    bool operator==(const UserOverride &) const = default;
};

// The loaded overrides with their own correlation chain: exactMatch first, then
// group correlation on apiVersion/kind/name/namespace in the declared order.
class UserOverrides
{
public:
    struct LoadResult
    {
        std::shared_ptr<UserOverrides> overrides;
        std::optional<std::string> error;
        bool ok() const { return !error.has_value(); }
    };
    static LoadResult load(const std::string &path);
    static LoadResult parse(const std::string &text);

    UserOverrides(std::vector<UserOverride> overrides);
    ~UserOverrides();

    const std::vector<UserOverride> &all() const { return m_overrides; }
    // The overrides correlated with a CR (empty when none).
    std::vector<const UserOverride *> match(const Value &object, const std::string &objectId) const;

    // Applies one override to the rendered reference object (the CR is the data
    // of go-template patches). Returns kube-compare's error text on failure.
    static std::optional<std::string> apply(const UserOverride &override, Value &rendered, const Value &live,
                                            tmpl::FunctionContext &context);

    // The generate-patches override for a CR: CreateMergePatch(final template, live).
    static std::optional<UserOverride> generate(const Value &finalReference, const Value &live,
                                                const std::string &templatePath, const std::string &reason,
                                                std::string &error);
    // Its patch alone (the JSON text), or nullopt when it cannot be made.
    static std::optional<std::string> acceptPatch(const Value &finalReference, const Value &live,
                                                  std::string *error = nullptr);
    // The same override for a compared CR, from what its result recorded
    // (CrResult::acceptPatch and identity): the window's Accept Differences.
    static UserOverride accepting(const report::CrResult &result, const std::string &reason);

    // The YAML list kube-compare prints for -o generate-patches ("null" when empty).
    static std::string toYaml(const std::vector<UserOverride> &overrides);

private:
    std::vector<UserOverride> m_overrides;
    std::unique_ptr<GroupCorrelator> m_groups;
};

} // namespace ds::compare
