// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "SemverVersion.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ds::tmpl {

// Masterminds/semver v3.3.0 Constraints (semverCompare; tst_semver): OR groups
// separated by `||`, each an AND list of comparisons separated by spaces and/or
// commas; `A - B` hyphen ranges; wildcards x X * and omitted parts.
class SemverConstraints
{
public:
    enum class Op { TildeOrEqual, NotEqual, Greater, Less, GreaterOrEqual, LessOrEqual, Tilde, Caret };

    // One comparison, e.g. `>= 4.14` (wildcard parts replaced by 0 in version).
    struct Constraint
    {
        Op op;
        SemverVersion version;
        bool dirty = false;      // some part is a wildcard
        bool minorDirty = false; // the minor (and so the patch) is a wildcard
        bool patchDirty = false; // only the patch is a wildcard
    };

    // semver.NewConstraint: nullopt and Go's error ("improper constraint: C"
    // with C the offending OR group, or "constraint Parser Error").
    static std::optional<SemverConstraints> parse(std::string_view text, std::string &error);

    // Constraints.Check: some OR group whose comparisons all accept version.
    bool check(const SemverVersion &version) const;

    const std::vector<std::vector<Constraint>> &groups() const { return m_groups; }

private:
    static std::optional<Constraint> parseConstraint(std::string_view text, std::string &error);
    static bool accepts(const Constraint &c, const SemverVersion &v);

    std::vector<std::vector<Constraint>> m_groups;
};

} // namespace ds::tmpl
