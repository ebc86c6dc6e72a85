// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ClusterObject.h"

#include <optional>
#include <string>

namespace ds::input {

// Reads an object again in full from where it was loaded (a file, or an
// archive member named "archive:member"), e.g. to show a CR that was kept as
// an identity skeleton. nullopt when the source no longer holds it.
std::optional<Value> reloadObject(const ClusterObject &object);

} // namespace ds::input
