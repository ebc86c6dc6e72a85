// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace ds::cli {

// `driftscope-cli rbac -r REF [-c DIFFCONFIG] [-A] [--name NAME] [--service-account NS/NAME]
// [--from-cluster] [--kubeconfig FILE] [--context NAME]`: the least-privilege
// ClusterRole (and Roles) a live comparison of that reference needs, with
// their bindings, as YAML (RbacPolicy). Exit 0, or 2 when it could not run.
int runRbac(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

} // namespace ds::cli
