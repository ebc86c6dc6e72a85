// SPDX-License-Identifier: Apache-2.0
#include "FlagParser.h"

#include "go/GoFmt.h"
#include "go/GoStrconv.h"

#include <sstream>

namespace ds::cli {

namespace {

// pflag's StringSlice reads its value as one CSV record; "" adds nothing.
std::vector<std::string> splitCsv(const std::string &s)
{
    std::vector<std::string> out;
    if (s.empty())
        return out;
    std::string field;
    bool quoted = false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (quoted) {
            if (c == '"' && i + 1 < s.size() && s[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"' && field.empty()) {
            quoted = true;
        } else if (c == ',') {
            out.push_back(field);
            field.clear();
        } else {
            field += c;
        }
    }
    out.push_back(field);
    return out;
}

bool parseBool(const std::string &v, bool &out)
{
    // strconv.ParseBool
    static const char *trues[] = {"1", "t", "T", "TRUE", "true", "True"};
    static const char *falses[] = {"0", "f", "F", "FALSE", "false", "False"};
    for (const char *t : trues)
        if (v == t)
            return out = true, true;
    for (const char *f : falses)
        if (v == f)
            return out = false, true;
    return false;
}

} // namespace

void FlagParser::add(std::string name, char shorthand, Kind kind, std::string usage)
{
    m_flags.push_back({std::move(name), shorthand, kind, std::move(usage)});
}

const FlagParser::Flag *FlagParser::find(const std::string &name) const
{
    for (const auto &f : m_flags)
        if (f.name == name)
            return &f;
    return nullptr;
}

const FlagParser::Flag *FlagParser::findShort(char c) const
{
    for (const auto &f : m_flags)
        if (f.shorthand == c)
            return &f;
    return nullptr;
}

// pflag's InvalidValueError: `invalid argument %q for %q flag: %v`, the flag
// named "-R, --recursive" when it has a shorthand.
std::string FlagParser::invalidValue(const Flag &flag, const std::string &value, const std::string &cause)
{
    const std::string name = flag.shorthand ? std::string("-") + flag.shorthand + ", --" + flag.name : "--" + flag.name;
    return "invalid argument " + go::strconv::quote(value) + " for \"" + name + "\" flag: " + cause;
}

std::optional<std::string> FlagParser::setValue(const Flag &flag, const std::string &value)
{
    auto &values = m_values[flag.name];
    switch (flag.kind) {
    case Kind::Bool: {
        bool b = false;
        if (!parseBool(value, b))
            return invalidValue(flag, value,
                                "strconv.ParseBool: parsing " + go::strconv::quote(value) + ": invalid syntax");
        values = {b ? "true" : "false"};
        break;
    }
    case Kind::Int: {
        try {
            std::size_t used = 0;
            (void)std::stoll(value, &used, 0);
            if (used != value.size())
                throw std::invalid_argument(value);
        } catch (...) {
            return invalidValue(flag, value,
                                "strconv.ParseInt: parsing " + go::strconv::quote(value) + ": invalid syntax");
        }
        values = {value};
        break;
    }
    case Kind::String: values = {value}; break;
    case Kind::StringSlice:
        for (auto &v : splitCsv(value))
            values.push_back(std::move(v));
        break;
    }
    m_set[flag.name] = true;
    return std::nullopt;
}

std::optional<std::string> FlagParser::parse(const std::vector<std::string> &args)
{
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        if (a == "--") {
            m_positional.insert(m_positional.end(), args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
            break;
        }
        if (a.size() > 2 && a[0] == '-' && a[1] == '-') {
            std::string name = a.substr(2);
            if (name[0] == '-' || name[0] == '=')
                return "bad flag syntax: " + a;
            std::optional<std::string> value;
            if (auto eq = name.find('='); eq != std::string::npos) {
                value = name.substr(eq + 1);
                name = name.substr(0, eq);
            }
            const Flag *flag = find(name);
            if (!flag)
                return "unknown flag: --" + name;
            if (!value) {
                if (flag->kind == Kind::Bool)
                    value = "true";
                else if (i + 1 < args.size())
                    value = args[++i];
                else
                    return "flag needs an argument: --" + name;
            }
            if (auto e = setValue(*flag, *value))
                return e;
            continue;
        }
        if (a.size() > 1 && a[0] == '-') {
            for (std::size_t k = 1; k < a.size(); ++k) {
                // pflag names the shorthands not yet consumed: `-Rx` fails "in -x".
                const std::string unparsed = "-" + a.substr(k);
                const Flag *flag = findShort(a[k]);
                if (!flag)
                    return std::string("unknown shorthand flag: '") + a[k] + "' in " + unparsed;
                std::string value;
                const std::string rest = a.substr(k + 1);
                if (rest.size() > 1 && rest[0] == '=') { // `-r=` alone is `-r` with the value "="
                    value = rest.substr(1);
                    k = a.size();
                } else if (flag->kind == Kind::Bool) {
                    value = "true";
                } else if (!rest.empty()) {
                    value = rest;
                    k = a.size();
                } else if (i + 1 < args.size()) {
                    value = args[++i];
                    k = a.size();
                } else {
                    return std::string("flag needs an argument: '") + a[k] + "' in " + unparsed;
                }
                if (auto e = setValue(*flag, value))
                    return e;
            }
            continue;
        }
        m_positional.push_back(a);
    }
    return std::nullopt;
}

bool FlagParser::boolValue(const std::string &name) const
{
    auto it = m_values.find(name);
    return it != m_values.end() && !it->second.empty() && it->second.back() == "true";
}

std::string FlagParser::stringValue(const std::string &name) const
{
    auto it = m_values.find(name);
    return it == m_values.end() || it->second.empty() ? std::string() : it->second.back();
}

std::vector<std::string> FlagParser::sliceValue(const std::string &name) const
{
    auto it = m_values.find(name);
    return it == m_values.end() ? std::vector<std::string>() : it->second;
}

int FlagParser::intValue(const std::string &name) const
{
    const std::string v = stringValue(name);
    return v.empty() ? 0 : static_cast<int>(std::stoll(v, nullptr, 0));
}

std::string FlagParser::usage() const
{
    std::ostringstream out;
    for (const auto &f : m_flags) {
        std::string left = f.shorthand ? std::string("  -") + f.shorthand + ", --" + f.name : "      --" + f.name;
        switch (f.kind) {
        case Kind::String: left += " string"; break;
        case Kind::StringSlice: left += " strings"; break;
        case Kind::Int: left += " int"; break;
        case Kind::Bool: break;
        }
        if (left.size() < 38)
            left.resize(38, ' ');
        else
            left += "  ";
        out << left << f.usage << "\n";
    }
    return out.str();
}

std::string goSliceString(const std::vector<std::string> &v)
{
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i)
        out += (i ? " " : "") + v[i];
    return out + "]";
}

} // namespace ds::cli
