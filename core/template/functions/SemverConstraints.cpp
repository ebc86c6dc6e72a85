// SPDX-License-Identifier: Apache-2.0
#include "SemverConstraints.h"

#include <re2/re2.h>

#include <string>

namespace ds::tmpl {

namespace {

using Constraint = SemverConstraints::Constraint;
using Op = SemverConstraints::Op;
using Groups = std::vector<std::string_view>;

// Masterminds' patterns, verbatim. Note the empty alternative in the operator
// list and the `|` inside the version character classes: both are quirks of
// the Go library that decide what is valid, so they are kept. RE2 matches with
// Go's leftmost-first semantics; the patterns are ASCII, so Latin-1 is exact.
constexpr std::string_view opsPattern = R"(=||!=|>|<|>=|=>|<=|=<|~|~>|\^)";
constexpr std::string_view versionPattern = R"(v?([0-9|x|X|\*]+)(\.[0-9|x|X|\*]+)?(\.[0-9|x|X|\*]+)?)"
                                            R"((-([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?)"
                                            R"((\+([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?)";

RE2::Options latin1()
{
    RE2::Options options;
    options.set_encoding(RE2::Options::EncodingLatin1);
    return options;
}

std::string expand(std::string_view pattern)
{
    std::string out;
    for (char c : pattern) {
        if (c == 'O')
            out.append(opsPattern);
        else if (c == 'V')
            out.append(versionPattern);
        else
            out += c;
    }
    return out;
}

// Patterns written with O = operators, V = version (neither letter occurs literally).
const RE2 &constraintRegex()
{
    static const RE2 re(expand(R"(^\s*(O)\s*(V)\s*$)"), latin1());
    return re;
}

const RE2 &rangeRegex()
{
    static const RE2 re(expand(R"(\s*(V)\s+-\s+(V)\s*)"), latin1());
    return re;
}

const RE2 &findRegex()
{
    static const RE2 re(expand(R"((O)\s*(V))"), latin1());
    return re;
}

const RE2 &validRegex()
{
    static const RE2 re(expand(R"(^(\s*(O)\s*(V)\s*)((?:\s+|,\s*)(O)\s*(V)\s*)*$)"), latin1());
    return re;
}

// Go's FindStringSubmatch from pos: the groups (empty when unmatched).
bool matchAt(const RE2 &re, std::string_view text, std::size_t pos, Groups &groups)
{
    const int count = re.NumberOfCapturingGroups() + 1;
    std::vector<re2::StringPiece> pieces(count);
    if (!re.Match(re2::StringPiece(text.data(), text.size()), pos, text.size(), RE2::UNANCHORED, pieces.data(),
                  count))
        return false;
    // re2::StringPiece is absl::string_view on newer RE2 (Debian 13): convert explicitly.
    groups.clear();
    for (const re2::StringPiece &piece : pieces)
        groups.emplace_back(piece.data(), piece.size());
    return true;
}

// Go's FindAllStringSubmatch(text, -1). (None of these patterns can match
// the empty string, so Go's empty-match rules never come into play.)
std::vector<Groups> findAll(const RE2 &re, std::string_view text)
{
    std::vector<Groups> matches;
    std::size_t pos = 0;
    Groups groups;
    while (pos <= text.size() && matchAt(re, text, pos, groups)) {
        const std::size_t start =
            groups[0].data() ? static_cast<std::size_t>(groups[0].data() - text.data()) : pos;
        const std::size_t end = start + groups[0].size();
        matches.push_back(groups);
        pos = end > start ? end : end + 1;
    }
    return matches;
}

// rewriteRange: each `A - B` becomes `>= A, <= B`, replacing the first
// occurrence of the matched text (which need not be where it matched).
std::string rewriteRange(std::string_view input)
{
    std::string out(input);
    for (const Groups &m : findAll(rangeRegex(), input)) {
        const std::size_t at = out.find(m[0]);
        if (at != std::string::npos)
            out.replace(at, m[0].size(), ">= " + std::string(m[1]) + ", <= " + std::string(m[11]));
    }
    return out;
}

// strings.Split(s, "||")
std::vector<std::string_view> splitOr(std::string_view s)
{
    std::vector<std::string_view> parts;
    for (std::size_t start = 0;;) {
        const std::size_t bar = s.find("||", start);
        if (bar == std::string_view::npos) {
            parts.push_back(s.substr(start));
            return parts;
        }
        parts.push_back(s.substr(start, bar - start));
        start = bar + 2;
    }
}

bool isWildcard(std::string_view s)
{
    return s == "x" || s == "X" || s == "*";
}

std::string_view withoutDot(std::string_view s)
{
    return s.empty() ? s : s.substr(1);
}

Op operatorFor(std::string_view op)
{
    if (op == "!=")
        return Op::NotEqual;
    if (op == ">")
        return Op::Greater;
    if (op == "<")
        return Op::Less;
    if (op == ">=" || op == "=>")
        return Op::GreaterOrEqual;
    if (op == "<=" || op == "=<")
        return Op::LessOrEqual;
    if (op == "~" || op == "~>")
        return Op::Tilde;
    if (op == "^")
        return Op::Caret;
    return Op::TildeOrEqual; // "" and "="
}

// ---- The comparison functions (constraint*.go of v3.3.0) -------------------

// Issue 21: a pre-release only satisfies comparisons that name a pre-release.
bool excludedPrerelease(const SemverVersion &v, const Constraint &c)
{
    return !v.prerelease().empty() && c.version.prerelease().empty();
}

bool notEqual(const SemverVersion &v, const Constraint &c)
{
    const SemverVersion &cv = c.version;
    if (c.dirty) {
        if (excludedPrerelease(v, c))
            return false;
        if (cv.majorVersion() != v.majorVersion())
            return true;
        if (cv.minorVersion() != v.minorVersion() && !c.minorDirty)
            return true;
        if (c.minorDirty)
            return false;
        if (cv.patchVersion() != v.patchVersion() && !c.patchDirty)
            return true;
        if (c.patchDirty) {
            if (!v.prerelease().empty() || !cv.prerelease().empty())
                return SemverVersion::comparePrerelease(v.prerelease(), cv.prerelease()) != 0;
            return false;
        }
    }
    // Without wildcards there is no pre-release rule: !=1.2.3 accepts 1.2.3-rc.1.
    return v.compare(cv) != 0;
}

bool greater(const SemverVersion &v, const Constraint &c)
{
    const SemverVersion &cv = c.version;
    if (excludedPrerelease(v, c))
        return false;
    if (!c.dirty)
        return v.compare(cv) == 1;
    if (v.majorVersion() != cv.majorVersion())
        return v.majorVersion() > cv.majorVersion();
    if (c.minorDirty)
        return false; // >11 needs 12 or higher
    if (c.patchDirty)
        return v.minorVersion() > cv.minorVersion();
    return v.compare(cv) == 1; // >*: anything above 0.0.0
}

bool lessOrEqual(const SemverVersion &v, const Constraint &c)
{
    const SemverVersion &cv = c.version;
    if (excludedPrerelease(v, c))
        return false;
    if (!c.dirty)
        return v.compare(cv) <= 0;
    if (v.majorVersion() > cv.majorVersion())
        return false;
    return !(v.majorVersion() == cv.majorVersion() && v.minorVersion() > cv.minorVersion() && !c.minorDirty);
}

bool tilde(const SemverVersion &v, const Constraint &c)
{
    const SemverVersion &cv = c.version;
    if (excludedPrerelease(v, c) || v.compare(cv) < 0)
        return false;
    // ~0.0.0 (and ~*) accept every release.
    if (cv.majorVersion() == 0 && cv.minorVersion() == 0 && cv.patchVersion() == 0 && !c.minorDirty
        && !c.patchDirty)
        return true;
    if (v.majorVersion() != cv.majorVersion())
        return false;
    return v.minorVersion() == cv.minorVersion() || c.minorDirty;
}

bool tildeOrEqual(const SemverVersion &v, const Constraint &c)
{
    if (excludedPrerelease(v, c))
        return false;
    return c.dirty ? tilde(v, c) : v.compare(c.version) == 0;
}

bool caret(const SemverVersion &v, const Constraint &c)
{
    const SemverVersion &cv = c.version;
    if (excludedPrerelease(v, c) || v.compare(cv) < 0)
        return false;
    if (cv.majorVersion() > 0 || c.minorDirty)
        return v.majorVersion() == cv.majorVersion();
    if (v.majorVersion() > 0)
        return false;
    if (cv.minorVersion() > 0 || c.patchDirty)
        return v.minorVersion() == cv.minorVersion();
    if (v.minorVersion() > 0)
        return false;
    return v.patchVersion() == cv.patchVersion();
}

} // namespace

std::optional<SemverConstraints> SemverConstraints::parse(std::string_view text, std::string &error)
{
    const std::string rewritten = rewriteRange(text);
    SemverConstraints result;
    for (std::string_view group : splitOr(rewritten)) {
        if (!validRegex().Match(re2::StringPiece(group.data(), group.size()), 0, group.size(), RE2::UNANCHORED,
                                nullptr, 0)) {
            error = "improper constraint: " + std::string(group);
            return std::nullopt;
        }
        std::vector<Constraint> all;
        for (const Groups &found : findAll(findRegex(), group)) {
            std::optional<Constraint> c = parseConstraint(found[0], error);
            if (!c)
                return std::nullopt;
            all.push_back(std::move(*c));
        }
        result.m_groups.push_back(std::move(all));
    }
    return result;
}

std::optional<SemverConstraints::Constraint> SemverConstraints::parseConstraint(std::string_view text,
                                                                                std::string &error)
{
    Groups m;
    if (!matchAt(constraintRegex(), text, 0, m)) {
        error = "improper constraint: " + std::string(text);
        return std::nullopt;
    }
    // m[1] operator, m[2] version, m[3..5] numbers (with dots), m[6] "-pre".
    const std::string_view minor = withoutDot(m[4]);
    const std::string_view patch = withoutDot(m[5]);
    const std::string pre(m[6]);
    std::string version(m[2]);
    Constraint c{operatorFor(m[1]), SemverVersion(0, 0, 0)};
    if (isWildcard(m[3]) || m[3].empty()) {
        version = "0.0.0" + pre;
        c.dirty = true;
    } else if (isWildcard(minor) || m[4].empty()) {
        version = std::string(m[3]) + ".0.0" + pre;
        c.dirty = c.minorDirty = true;
    } else if (isWildcard(patch) || m[5].empty()) {
        version = std::string(m[3]) + std::string(m[4]) + ".0" + pre;
        c.dirty = c.patchDirty = true;
    }
    std::string versionError;
    std::optional<SemverVersion> parsed = SemverVersion::parse(version, versionError);
    if (!parsed) {
        // e.g. `1x` or `1|2`, which the character classes let through.
        error = "constraint Parser Error";
        return std::nullopt;
    }
    c.version = std::move(*parsed);
    return c;
}

bool SemverConstraints::accepts(const Constraint &c, const SemverVersion &v)
{
    switch (c.op) {
    case Op::TildeOrEqual: return tildeOrEqual(v, c);
    case Op::NotEqual: return notEqual(v, c);
    case Op::Greater: return greater(v, c);
    case Op::Less: return !excludedPrerelease(v, c) && v.compare(c.version) < 0;
    case Op::GreaterOrEqual: return !excludedPrerelease(v, c) && v.compare(c.version) >= 0;
    case Op::LessOrEqual: return lessOrEqual(v, c);
    case Op::Tilde: return tilde(v, c);
    case Op::Caret: return caret(v, c);
    }
    return false;
}

bool SemverConstraints::check(const SemverVersion &version) const
{
    for (const std::vector<Constraint> &group : m_groups) {
        bool all = true;
        for (const Constraint &c : group) {
            if (!accepts(c, version)) {
                all = false;
                break;
            }
        }
        if (all)
            return true;
    }
    return false;
}

} // namespace ds::tmpl
