// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "UserOverrides.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ds::compare {

// Edits the text of a user overrides file (`-p`: a YAML list of overrides)
// changing as little as possible: an added override is appended as the list
// item `-o generate-patches` writes for it, a removed one loses its own lines,
// an edited reason only its `reason:` entry — other overrides, their order,
// comments and layout stay byte for byte. Every result is read back and
// checked; a layout the line editor does not handle (a flow list, JSON) is
// written anew from the list, keeping the comments the file starts with.
class OverridesWriter
{
public:
    struct Result
    {
        std::string text;
        std::vector<UserOverride> overrides; // what the text now holds
        std::optional<std::string> error;    // `existing` is not a valid overrides file
        bool ok() const { return !error.has_value(); }
    };

    // `existing` may be empty (a new file).
    static Result append(std::string_view existing, const std::vector<UserOverride> &added);
    static Result remove(std::string_view existing, std::size_t index);
    static Result setReason(std::string_view existing, std::size_t index, const std::string &reason);
};

// Whether two overrides say the same (every field).
bool sameOverride(const UserOverride &a, const UserOverride &b);

} // namespace ds::compare
