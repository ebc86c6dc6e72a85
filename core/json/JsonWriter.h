// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"

#include <optional>
#include <string>

namespace ds::json {

struct WriteOptions
{
    bool escapeHtml = true;  // json.Marshal escapes < > & (SetEscapeHTML(false) does not)
    std::string indent;      // non-empty: json.MarshalIndent(v, "", indent)
};

struct WriteResult
{
    std::string text;
    std::optional<std::string> error; // e.g. "json: unsupported value: NaN"
    bool ok() const { return !error.has_value(); }
};

// Go's encoding/json Marshal: keys sorted byte-wise, floats as encoding/json
// prints them, invalid UTF-8 as \ufffd, typed nil collections as null.
WriteResult write(const Value &value, const WriteOptions &options = {});

// A single JSON string literal with Go's escaping.
std::string quote(std::string_view s, bool escapeHtml = true);

} // namespace ds::json
