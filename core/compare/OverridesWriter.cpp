// SPDX-License-Identifier: Apache-2.0
#include "OverridesWriter.h"

#include "DiffConfigWriter.h"

#include <algorithm>

namespace ds::compare {

namespace {

struct Line
{
    std::size_t begin; // offset of the line in the text
    std::size_t end;   // one past its newline (or the text's end)
    std::string_view text; // without the newline
};

std::vector<Line> splitLines(std::string_view text)
{
    std::vector<Line> lines;
    std::size_t begin = 0;
    while (begin < text.size()) {
        const std::size_t nl = text.find('\n', begin);
        const std::size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
        lines.push_back({begin, end, text.substr(begin, (nl == std::string_view::npos ? text.size() : nl) - begin)});
        begin = end;
    }
    return lines;
}

bool isBlankOrComment(std::string_view s)
{
    const std::size_t first = s.find_first_not_of(" \t\r");
    return first == std::string_view::npos || s[first] == '#';
}

bool isItemStart(std::string_view s)
{
    return s == "-" || s.starts_with("- ") || s.starts_with("-\t") || s.starts_with("-\r");
}

// The lines of each top-level list item: [first, last] line indexes, comments
// and blank lines after an item's last indented line staying outside it.
struct Item
{
    std::size_t first;
    std::size_t last;
};

// nullopt when the document is not a plain block list (flow list, JSON, a
// second document, a mapping): the caller then writes the file anew.
std::optional<std::vector<Item>> blockItems(const std::vector<Line> &lines)
{
    std::vector<Item> items;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string_view s = lines[i].text;
        if (isBlankOrComment(s))
            continue;
        if (isItemStart(s)) {
            items.push_back({i, i});
        } else if (!items.empty() && (s.front() == ' ' || s.front() == '\t')) {
            items.back().last = i;
        } else {
            return std::nullopt;
        }
    }
    return items;
}

bool holds(const std::string &text, const std::vector<UserOverride> &expected, std::vector<UserOverride> &actual)
{
    const UserOverrides::LoadResult parsed = UserOverrides::parse(text);
    if (!parsed.ok())
        return false;
    actual = parsed.overrides->all();
    return actual.size() == expected.size()
        && std::equal(actual.begin(), actual.end(), expected.begin(), sameOverride);
}

std::string leadingComments(std::string_view text)
{
    std::size_t end = 0;
    for (const Line &line : splitLines(text)) {
        if (!isBlankOrComment(line.text))
            break;
        end = line.end;
    }
    return std::string(text.substr(0, end));
}

// The last resort: the list written as generate-patches writes it.
OverridesWriter::Result rewrite(std::string_view existing, const std::vector<UserOverride> &overrides)
{
    OverridesWriter::Result r;
    r.text = leadingComments(existing) + (overrides.empty() ? std::string("[]\n") : UserOverrides::toYaml(overrides));
    r.overrides = overrides;
    return r;
}

OverridesWriter::Result finish(std::string text, std::string_view existing, const std::vector<UserOverride> &expected)
{
    OverridesWriter::Result r;
    if (holds(text, expected, r.overrides)) {
        r.text = std::move(text);
        return r;
    }
    return rewrite(existing, expected);
}

// The overrides `existing` holds, or the error that makes it no overrides file.
std::optional<std::string> current(std::string_view existing, std::vector<UserOverride> &out)
{
    const UserOverrides::LoadResult parsed = UserOverrides::parse(std::string(existing));
    if (!parsed.ok())
        return parsed.error;
    out = parsed.overrides->all();
    return std::nullopt;
}

// The `reason:` entry of an item: [first, last] lines and its prefix ("- " or "  ").
struct Entry
{
    std::size_t first;
    std::size_t last;
    std::string prefix;
};

std::optional<Entry> reasonEntry(const std::vector<Line> &lines, const Item &item)
{
    for (std::size_t i = item.first; i <= item.last; ++i) {
        const std::string_view s = lines[i].text;
        const std::string prefix = i == item.first ? std::string(s.substr(0, 2)) : std::string("  ");
        if (s.size() < 2 || s.substr(0, 2) != prefix || !s.substr(2).starts_with("reason:"))
            continue;
        Entry e{i, i, prefix};
        // A value continued on deeper-indented lines (folded or quoted) belongs to it.
        while (e.last + 1 <= item.last && lines[e.last + 1].text.starts_with("   "))
            ++e.last;
        return e;
    }
    return std::nullopt;
}

} // namespace

bool sameOverride(const UserOverride &a, const UserOverride &b)
{
    return a.name == b.name && a.apiVersion == b.apiVersion && a.kind == b.kind && a.ns == b.ns
        && a.exactMatch == b.exactMatch && a.reason == b.reason && a.type == b.type && a.patch == b.patch
        && a.templatePath == b.templatePath;
}

OverridesWriter::Result OverridesWriter::append(std::string_view existing, const std::vector<UserOverride> &added)
{
    std::vector<UserOverride> expected;
    if (auto error = current(existing, expected))
        return {{}, {}, error};
    expected.insert(expected.end(), added.begin(), added.end());
    const std::vector<Line> lines = splitLines(existing);
    const auto items = blockItems(lines);
    if (!items || items->empty())
        return rewrite(existing, expected);
    std::string text(existing);
    if (!text.empty() && text.back() != '\n')
        text += '\n';
    text += UserOverrides::toYaml(added);
    return finish(std::move(text), existing, expected);
}

OverridesWriter::Result OverridesWriter::remove(std::string_view existing, std::size_t index)
{
    std::vector<UserOverride> expected;
    if (auto error = current(existing, expected))
        return {{}, {}, error};
    if (index >= expected.size())
        return {{}, {}, "no override " + std::to_string(index + 1) + " in the file"};
    expected.erase(expected.begin() + std::ptrdiff_t(index));
    const std::vector<Line> lines = splitLines(existing);
    const auto items = blockItems(lines);
    if (!items || items->size() != expected.size() + 1)
        return rewrite(existing, expected);
    const Item &item = (*items)[index];
    std::string text(existing.substr(0, lines[item.first].begin));
    text += existing.substr(lines[item.last].end);
    if (expected.empty() && leadingComments(text).size() == text.size())
        text += "[]\n"; // the last override gone: an empty list, not an empty document
    return finish(std::move(text), existing, expected);
}

OverridesWriter::Result OverridesWriter::setReason(std::string_view existing, std::size_t index,
                                                   const std::string &reason)
{
    std::vector<UserOverride> expected;
    if (auto error = current(existing, expected))
        return {{}, {}, error};
    if (index >= expected.size())
        return {{}, {}, "no override " + std::to_string(index + 1) + " in the file"};
    expected[index].reason = reason;
    const std::vector<Line> lines = splitLines(existing);
    const auto items = blockItems(lines);
    if (!items || items->size() != expected.size())
        return rewrite(existing, expected);
    const Item &item = (*items)[index];
    const std::string entry = "reason: " + DiffConfigWriter::scalar(reason) + '\n';
    std::string text;
    if (const auto e = reasonEntry(lines, item)) {
        text = std::string(existing.substr(0, lines[e->first].begin)) + e->prefix + entry
            + std::string(existing.substr(lines[e->last].end));
    } else {
        const std::size_t at = lines[item.first].end;
        std::string head(existing.substr(0, at));
        if (!head.empty() && head.back() != '\n')
            head += '\n';
        text = head + "  " + entry + std::string(existing.substr(at));
    }
    return finish(std::move(text), existing, expected);
}

} // namespace ds::compare
