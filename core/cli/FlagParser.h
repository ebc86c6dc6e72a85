// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ds::cli {

// Command-line flags with spf13/pflag's syntax and error texts, so that scripts
// written for kubectl cluster-compare work unchanged: --flag value, --flag=value,
// -f value, -fvalue, -f=value, combined boolean shorthands (-Rv), string slices
// that split comma-separated values and repeat, `--` ending the flags.
class FlagParser
{
public:
    enum class Kind { Bool, String, StringSlice, Int };

    void add(std::string name, char shorthand, Kind kind, std::string usage);

    // Parses args (without the program name). Returns pflag's error text on failure.
    std::optional<std::string> parse(const std::vector<std::string> &args);

    bool isSet(const std::string &name) const { return m_set.count(name) > 0; }
    bool boolValue(const std::string &name) const;
    std::string stringValue(const std::string &name) const;
    std::vector<std::string> sliceValue(const std::string &name) const;
    int intValue(const std::string &name) const;
    const std::vector<std::string> &positional() const { return m_positional; }

    // "  -r, --reference string   usage" lines, pflag style.
    std::string usage() const;

private:
    struct Flag
    {
        std::string name;
        char shorthand = 0;
        Kind kind = Kind::Bool;
        std::string usage;
    };
    const Flag *find(const std::string &name) const;
    const Flag *findShort(char c) const;
    std::optional<std::string> setValue(const Flag &flag, const std::string &value);
    static std::string invalidValue(const Flag &flag, const std::string &value, const std::string &cause);

    std::vector<Flag> m_flags;
    std::map<std::string, std::vector<std::string>> m_values;
    std::map<std::string, bool> m_set;
    std::vector<std::string> m_positional;
};

// Go's %v of a []string, as cobra's messages print arguments: "[a b]".
std::string goSliceString(const std::vector<std::string> &v);

} // namespace ds::cli
