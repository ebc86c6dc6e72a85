// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ds::go {

// Go's regexp package (Go 1.24) on top of libre2.
//
// Syntax checking is a port of Go's regexp/syntax parser, so a pattern is
// accepted exactly when Go accepts it and errors carry Go's text
// ("error parsing regexp: missing closing ]: `[`"). The parser also emits a
// normalized pattern for RE2 without Go-only syntax ((?<name>…), duplicate
// group names), so that Debian 12's libre2 (2022-06-01) can match it.
// Matching is RE2's (UTF-8, leftmost-first, `.` not matching \n), driven
// with Go's own iteration rules for FindAll/ReplaceAll/Split. Invalid UTF-8
// in the searched text behaves as in Go: each bad byte is one U+FFFD rune.
class Regexp
{
public:
    // Byte offsets into the searched string, in pairs (start, end) for the
    // whole match and then each group; -1 for a group that did not take part.
    // An empty vector is Go's nil (no match).
    using Indices = std::vector<std::ptrdiff_t>;

    // regexp.Compile. On failure goError receives Go's error text.
    static std::optional<Regexp> compile(std::string_view pattern, std::string &goError);
    // regexp.QuoteMeta: a backslash before each of \.+*?()|[]{}^$.
    static std::string quoteMeta(std::string_view s);

    // The source pattern (Go's String()).
    const std::string &pattern() const;
    int numSubexp() const;
    // One entry per group, index 0 (the whole match) is "". Unnamed groups are "".
    const std::vector<std::string> &subexpNames() const;
    // Index of the first group with this name, -1 if none.
    int subexpIndex(std::string_view name) const;

    bool matchString(std::string_view s) const;
    std::string findString(std::string_view s) const;
    Indices findStringIndex(std::string_view s) const;
    // Group texts; unmatched groups are "". Empty vector when nothing matches.
    std::vector<std::string> findStringSubmatch(std::string_view s) const;
    Indices findStringSubmatchIndex(std::string_view s) const;
    // n < 0: all matches; otherwise at most n.
    std::vector<std::string> findAllString(std::string_view s, long long n) const;
    std::vector<Indices> findAllStringIndex(std::string_view s, long long n) const;
    std::vector<Indices> findAllStringSubmatchIndex(std::string_view s, long long n) const;

    // ReplaceAllString: $1, ${1}, $name, ${name}, $$ expanded as Go's Expand.
    std::string replaceAllString(std::string_view src, std::string_view repl) const;
    std::string replaceAllLiteralString(std::string_view src, std::string_view repl) const;
    // ExpandString: appends tmpl to dst with $ references filled from match (indices into src).
    void expandString(std::string &dst, std::string_view tmpl, std::string_view src, const Indices &match) const;
    // Regexp.Split. Go returns nil for n == 0: the result is then empty, as it is
    // for no pieces at all; callers that print Go's nil/empty distinction check n.
    std::vector<std::string> split(std::string_view s, long long n) const;

private:
    struct Compiled;
    class Subject;

    explicit Regexp(std::shared_ptr<const Compiled> compiled);

    bool exec(std::string_view text, std::size_t pos, int pairs, Indices &out) const;
    std::vector<Indices> allMatches(std::string_view s, long long n, int pairs) const;
    template<typename Replacer>
    std::string replaceAll(std::string_view src, int pairs, Replacer &&repl) const;

    std::shared_ptr<const Compiled> m_compiled;
};

} // namespace ds::go
