// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ds::yaml {

// What yaml.v2 (YAML 1.1) makes of a scalar: yes/on bools, 0x1F, 012, .inf... (tst_yamlreader).
struct ResolvedScalar
{
    enum class Kind { Null, Bool, Int, Uint, Float, String, Merge };
    Kind kind = Kind::String;
    bool boolean = false;
    std::int64_t integer = 0;
    std::uint64_t unsignedInteger = 0;
    double floating = 0;
    // Timestamps resolve as such but decode into interface{} as their text.
    bool timestamp = false;
};

// Resolution of a plain (unquoted, untagged) scalar, yaml.v2's resolve("", s).
ResolvedScalar resolvePlain(std::string_view s);

// The emitter's test: may this string be written plain without changing type?
// False for anything resolvePlain would not read back as a string, and for
// base-60 numbers such as "12:30".
bool resolvesToPlainString(std::string_view s);

bool isBase60Float(std::string_view s);

// Go time.Parse with yaml.v2's four timestamp layouts.
bool isYamlTimestamp(std::string_view s);

// Go strconv.ParseInt(s, 0, 64) / ParseUint(s, 0, 64) without underscore support.
bool parseGoInt(std::string_view s, std::int64_t &out);
bool parseGoUint(std::string_view s, std::uint64_t &out);

} // namespace ds::yaml
