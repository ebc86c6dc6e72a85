// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace ds::cli {

// `driftscope-cli render`: renders one template the way kube-compare does, for
// reference authors and for testing the engine against Go.
//   render --template FILE [--data FILE] [--function-file FILE]... [--name NAME]
//          [--option missingkey=default|zero|error] [-r REFERENCE/metadata.yaml]
// With -r the reference's templateFunctionFiles are added as a comparison adds
// them, and --template may be given relative to the reference's folder.
// Prints the output and exits 0, or prints "error: <Go message>" and exits 2.
int runRender(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

} // namespace ds::cli
