// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "FleetReport.h"

#include <string>

namespace ds::fleet {

// `fleet -o html`: one self-contained page (no network, a script the
// Content-Security-Policy pins by hash): the clusters' figures, the matrix
// of templates × clusters coloured by state (sortable by any column,
// filterable by template), and each drift group's diff once, with a button
// that narrows the matrix to the clusters sharing it. Everything from the
// clusters and the reference is escaped.
std::string fleetHtml(const FleetReport &report, const std::string &referenceName);

} // namespace ds::fleet
