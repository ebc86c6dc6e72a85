// SPDX-License-Identifier: Apache-2.0
// sprig's semver and semverCompare (tst_semver).
#include "FunctionGroups.h"
#include "SemverConstraints.h"
#include "SemverVersion.h"

#include "template/FunctionError.h"
#include "template/FunctionRegistry.h"

namespace ds::tmpl {

namespace {

SemverVersion parseVersion(const std::string &text)
{
    std::string error;
    std::optional<SemverVersion> version = SemverVersion::parse(text, error);
    if (!version)
        throw FunctionError(error);
    return std::move(*version);
}

} // namespace

void registerSemverFunctions(FunctionRegistry &registry)
{
    // func(string) (*semver.Version, error)
    registry.add("semver", {ParamType::String}, [](FunctionContext &, std::vector<Value> &args) {
        return SemverVersion::toValue(parseVersion(args[0].str()));
    });
    // func(constraint, version string) (bool, error): the constraint is parsed first.
    registry.add("semverCompare", {ParamType::String, ParamType::String},
                 [](FunctionContext &, std::vector<Value> &args) {
                     std::string error;
                     std::optional<SemverConstraints> constraints = SemverConstraints::parse(args[0].str(), error);
                     if (!constraints)
                         throw FunctionError(error);
                     return Value(constraints->check(parseVersion(args[1].str())));
                 });
}

} // namespace ds::tmpl
