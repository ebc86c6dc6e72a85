// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace ds::compare {

// Writes the manual correlation pairs of a diff config (`-c`; tst_diffconfigwriter) into the text
// of an existing file, changing as little as possible: only the entries of
// `correlationSettings.manualCorrelation.correlationPairs` (and missing parent
// keys) are touched, comments and layout stay byte for byte. The result is
// checked by reading it back with DiffConfig.
class DiffConfigWriter
{
public:
    using Pairs = std::map<std::string, std::string>; // CR id → template path

    struct Result
    {
        std::string text;
        std::optional<std::string> error;
        bool ok() const { return !error.has_value(); }
    };

    // `existing` may be empty. Fails when `existing` is not a valid diff config.
    static Result update(std::string_view existing, const Pairs &pairs);

    // A new diff config holding `pairs`.
    static std::string create(const Pairs &pairs);

    // `s` as a YAML scalar: plain when YAML reads it back as this string, quoted otherwise.
    static std::string scalar(std::string_view s);
};

} // namespace ds::compare
