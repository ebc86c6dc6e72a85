// SPDX-License-Identifier: Apache-2.0
#include "DiffConfigWriter.h"

#include "DiffConfig.h"
#include "reference/StrictDecoder.h"
#include "yaml/YamlReader.h"
#include "yaml/YamlScalarResolver.h"

#include <array>
#include <cstdio>
#include <set>
#include <vector>

namespace ds::compare {

namespace {

constexpr std::array<std::string_view, 3> kKeys{"correlationSettings", "manualCorrelation", "correlationPairs"};
constexpr std::size_t kPairsDepth = kKeys.size();
constexpr std::string_view kBom = "\xEF\xBB\xBF";

struct Line
{
    std::string text;
    std::string eol;
};
using Lines = std::vector<Line>;

// The first YAML document of a file as lines; the edit stays inside [begin, end).
struct Document
{
    std::string bom;
    Lines lines;
    std::string eol = "\n";
    int step = 2; // the file's indentation step
    std::size_t begin = 0;
    std::size_t end = 0;
};

// Lines [from, to) are replaced by `with`.
struct Splice
{
    std::size_t from = 0;
    std::size_t to = 0;
    std::vector<std::string> with;
};

struct KeyLine
{
    std::string key;
    std::size_t colon = 0; // index of the ':' that ends the key
};

struct ValueText
{
    std::string_view value; // without surrounding blanks and comment
};

Lines splitLines(std::string_view text)
{
    Lines lines;
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos) {
            lines.push_back({std::string(text.substr(pos)), {}});
            break;
        }
        const bool crlf = nl > pos && text[nl - 1] == '\r';
        const std::size_t end = crlf ? nl - 1 : nl;
        lines.push_back({std::string(text.substr(pos, end - pos)), crlf ? "\r\n" : "\n"});
        pos = nl + 1;
    }
    return lines;
}

int indentOf(std::string_view s)
{
    const std::size_t i = s.find_first_not_of(' ');
    return static_cast<int>(i == std::string_view::npos ? s.size() : i);
}

std::string spaces(int n)
{
    return std::string(static_cast<std::size_t>(n), ' ');
}

bool isSignificant(std::string_view s)
{
    const std::size_t i = s.find_first_not_of(" \t");
    return i != std::string_view::npos && s[i] != '#';
}

bool isDocumentMarker(std::string_view s)
{
    return (s.starts_with("---") || s.starts_with("...")) && (s.size() == 3 || s[3] == ' ' || s[3] == '\t');
}

std::string_view trimRight(std::string_view s)
{
    const std::size_t end = s.find_last_not_of(" \t");
    return end == std::string_view::npos ? std::string_view() : s.substr(0, end + 1);
}

// Index one past the closing quote of the quoted scalar starting at `i`, or npos.
std::size_t skipQuoted(std::string_view s, std::size_t i, std::string *unquoted = nullptr)
{
    const char quote = s[i];
    for (std::size_t j = i + 1; j < s.size(); ++j) {
        if (quote == '\'' && s[j] == '\'') {
            if (j + 1 < s.size() && s[j + 1] == '\'') {
                if (unquoted)
                    *unquoted += '\'';
                ++j;
                continue;
            }
            return j + 1;
        }
        if (quote == '"' && s[j] == '"')
            return j + 1;
        if (quote == '"' && s[j] == '\\' && j + 1 < s.size())
            ++j; // escapes are rare in CR ids; a mismatch only costs rewriting the entry
        if (unquoted)
            *unquoted += s[j];
    }
    return std::string_view::npos;
}

// `key:` at the start of a block mapping entry (plain or quoted key).
std::optional<KeyLine> parseKeyLine(std::string_view s)
{
    const std::size_t i = static_cast<std::size_t>(indentOf(s));
    if (i >= s.size())
        return std::nullopt;
    KeyLine line;
    if (s[i] == '"' || s[i] == '\'') {
        std::size_t j = skipQuoted(s, i, &line.key);
        if (j == std::string_view::npos)
            return std::nullopt;
        while (j < s.size() && (s[j] == ' ' || s[j] == '\t'))
            ++j;
        if (j >= s.size() || s[j] != ':')
            return std::nullopt;
        line.colon = j;
        return line;
    }
    if (std::string_view("-?[]{},#&*!|>%@`").find(s[i]) != std::string_view::npos)
        return std::nullopt;
    for (std::size_t j = i; j < s.size(); ++j) {
        if (s[j] == ':' && (j + 1 == s.size() || s[j + 1] == ' ' || s[j + 1] == '\t')) {
            line.key = std::string(trimRight(s.substr(i, j - i)));
            line.colon = j;
            return line;
        }
        if (s[j] == '#' && (s[j - 1] == ' ' || s[j - 1] == '\t'))
            return std::nullopt;
    }
    return std::nullopt;
}

// What follows a key's colon, without blanks and trailing comment.
ValueText splitValue(std::string_view rest)
{
    const std::size_t start = rest.find_first_not_of(" \t");
    if (start == std::string_view::npos || rest[start] == '#')
        return {};
    rest = rest.substr(start);
    std::size_t from = 0;
    if (rest[0] == '"' || rest[0] == '\'') {
        from = skipQuoted(rest, 0);
        if (from == std::string_view::npos)
            return {trimRight(rest)};
    }
    for (std::size_t j = std::max<std::size_t>(from, 1); j < rest.size(); ++j)
        if (rest[j] == '#' && (rest[j - 1] == ' ' || rest[j - 1] == '\t'))
            return {trimRight(rest.substr(0, j))};
    return {trimRight(rest)};
}

// Whether `valueText` (a mapping value as written) reads back as the string `expected`.
bool readsAs(std::string_view valueText, const std::string &expected)
{
    yaml::ReadOptions options;
    options.firstDocumentOnly = true;
    const yaml::ReadResult r = yaml::read("k: " + std::string(valueText) + "\n", options);
    if (!r.ok() || r.documents.empty())
        return false;
    const Value v = r.documents.front().at({"k"});
    return v.isString() && v.str() == expected;
}

std::optional<std::size_t> firstSignificant(const Lines &lines, std::size_t from, std::size_t to)
{
    for (std::size_t i = from; i < to; ++i)
        if (isSignificant(lines[i].text))
            return i;
    return std::nullopt;
}

// One past the last line that belongs to the value of the key at `keyLine`.
// Comments and blank lines after the last deeper line stay outside.
std::size_t blockEnd(const Lines &lines, std::size_t keyLine, int keyIndent, std::size_t to)
{
    std::size_t end = keyLine + 1;
    for (std::size_t i = keyLine + 1; i < to; ++i) {
        if (!isSignificant(lines[i].text))
            continue;
        if (indentOf(lines[i].text) <= keyIndent)
            break;
        end = i + 1;
    }
    return end;
}

// One past the last significant line of [from, to).
std::size_t contentEnd(const Lines &lines, std::size_t from, std::size_t to)
{
    std::size_t end = from;
    for (std::size_t i = from; i < to; ++i)
        if (isSignificant(lines[i].text))
            end = i + 1;
    return end;
}

struct KeySearch
{
    bool isMapping = true; // every line at the indentation is a block mapping entry
    std::optional<std::size_t> line;
};

// The last entry at `indent` whose key is `name` (Go's decoder folds case; a later key wins).
KeySearch findKey(const Lines &lines, std::size_t from, std::size_t to, int indent, std::string_view name)
{
    KeySearch search;
    for (std::size_t i = from; i < to; ++i) {
        if (!isSignificant(lines[i].text) || indentOf(lines[i].text) != indent)
            continue;
        const auto key = parseKeyLine(lines[i].text);
        if (!key)
            return {false, std::nullopt};
        if (ref::equalFold(key->key, name))
            search.line = i;
    }
    return search;
}

std::string pairLine(int indent, const std::string &key, const std::string &value)
{
    return spaces(indent) + DiffConfigWriter::scalar(key) + ": " + DiffConfigWriter::scalar(value);
}

// The keys kKeys[depth..] and the pairs, the first key at `indent`.
std::vector<std::string> keysAndPairs(std::size_t depth, int indent, int step, const DiffConfigWriter::Pairs &pairs)
{
    std::vector<std::string> out;
    for (std::size_t d = depth; d < kPairsDepth; ++d) {
        std::string line = spaces(indent) + std::string(kKeys[d]) + ":";
        if (d + 1 == kPairsDepth && pairs.empty())
            line += " {}";
        out.push_back(std::move(line));
        indent += step;
    }
    for (const auto &[key, value] : pairs)
        out.push_back(pairLine(indent, key, value));
    return out;
}

class PairsEditor
{
public:
    PairsEditor(const Document &doc, const DiffConfigWriter::Pairs &pairs) : m_doc(doc), m_pairs(pairs) {}

    std::optional<Splice> plan() const;

private:
    std::optional<Splice> editEntries(std::size_t keyLine, std::size_t keyEnd, int keyIndent) const;
    bool keepsEntry(std::size_t line, const KeyLine &key, std::size_t keyEnd, int entryIndent) const;

    const Document &m_doc;
    const DiffConfigWriter::Pairs &m_pairs;
};

std::optional<Splice> PairsEditor::plan() const
{
    const Lines &lines = m_doc.lines;
    std::size_t begin = m_doc.begin;
    std::size_t end = m_doc.end;
    int parentIndent = -1;
    for (std::size_t depth = 0; depth < kPairsDepth; ++depth) {
        const auto first = firstSignificant(lines, begin, end);
        if (!first) {
            const int indent = parentIndent < 0 ? 0 : parentIndent + m_doc.step;
            return Splice{end, end, keysAndPairs(depth, indent, m_doc.step, m_pairs)};
        }
        const int indent = indentOf(lines[*first].text);
        if (indent <= parentIndent)
            return std::nullopt;
        if (depth == 0)
            end = contentEnd(lines, *first, end); // trailing comments stay after what is added
        const KeySearch search = findKey(lines, begin, end, indent, kKeys[depth]);
        if (!search.isMapping)
            return std::nullopt;
        const auto keyLine = search.line;
        if (!keyLine)
            return Splice{end, end, keysAndPairs(depth, indent, m_doc.step, m_pairs)};
        const std::string &text = lines[*keyLine].text;
        const KeyLine key = *parseKeyLine(text);
        const std::size_t keyEnd = blockEnd(lines, *keyLine, indent, end);
        if (!splitValue(std::string_view(text).substr(key.colon + 1)).value.empty()) {
            // A flow or scalar value: replaced as a whole by block mappings.
            Splice s{*keyLine, keyEnd, {text.substr(0, key.colon + 1)}};
            if (depth + 1 == kPairsDepth && m_pairs.empty())
                s.with.front() += " {}";
            for (auto &l : keysAndPairs(depth + 1, indent + m_doc.step, m_doc.step, m_pairs))
                s.with.push_back(std::move(l));
            return s;
        }
        if (depth + 1 == kPairsDepth)
            return editEntries(*keyLine, keyEnd, indent);
        begin = *keyLine + 1;
        end = keyEnd;
        parentIndent = indent;
    }
    return std::nullopt;
}

// An existing entry stays byte for byte when it already says what we would write.
bool PairsEditor::keepsEntry(std::size_t line, const KeyLine &key, std::size_t keyEnd, int entryIndent) const
{
    const auto next = firstSignificant(m_doc.lines, line + 1, keyEnd);
    if (next && indentOf(m_doc.lines[*next].text) > entryIndent)
        return false; // a multi-line value: rewritten on one line
    const ValueText v = splitValue(std::string_view(m_doc.lines[line].text).substr(key.colon + 1));
    return !v.value.empty() && readsAs(v.value, m_pairs.at(key.key));
}

std::optional<Splice> PairsEditor::editEntries(std::size_t keyLine, std::size_t keyEnd, int keyIndent) const
{
    const Lines &lines = m_doc.lines;
    const auto first = firstSignificant(lines, keyLine + 1, keyEnd);
    const int entryIndent = first ? indentOf(lines[*first].text) : keyIndent + m_doc.step;
    Splice s{keyLine, keyEnd, {lines[keyLine].text}};
    std::set<std::string> written;
    std::optional<std::size_t> insertAt;
    for (std::size_t i = keyLine + 1; i < keyEnd; ++i) {
        const std::string &text = lines[i].text;
        if (!isSignificant(text)) {
            s.with.push_back(text);
            continue;
        }
        const int indent = indentOf(text);
        if (indent > entryIndent)
            continue; // continuation of a multi-line entry, which is rewritten or dropped
        const auto key = parseKeyLine(text);
        if (indent != entryIndent || !key)
            return std::nullopt;
        const bool wanted = m_pairs.count(key->key) && written.insert(key->key).second;
        if (wanted && keepsEntry(i, *key, keyEnd, entryIndent))
            s.with.push_back(text);
        else if (wanted)
            s.with.push_back(text.substr(0, key->colon + 1) + " " + DiffConfigWriter::scalar(m_pairs.at(key->key)));
        if (wanted || !insertAt)
            insertAt = s.with.size();
    }
    std::vector<std::string> added;
    for (const auto &[key, value] : m_pairs)
        if (!written.count(key))
            added.push_back(pairLine(entryIndent, key, value));
    const auto at = static_cast<std::ptrdiff_t>(insertAt.value_or(s.with.size()));
    s.with.insert(s.with.begin() + at, added.begin(), added.end());
    if (m_pairs.empty()) {
        const KeyLine key = *parseKeyLine(lines[keyLine].text);
        s.with.front().insert(key.colon + 1, " {}");
    }
    return s;
}

Document parseDocument(std::string_view text)
{
    Document doc;
    if (text.starts_with(kBom)) {
        doc.bom = kBom;
        text.remove_prefix(kBom.size());
    }
    doc.lines = splitLines(text);
    if (!doc.lines.empty() && !doc.lines.front().eol.empty())
        doc.eol = doc.lines.front().eol;
    const auto first = firstSignificant(doc.lines, 0, doc.lines.size());
    if (first && doc.lines[*first].text == "---")
        doc.begin = *first + 1;
    doc.end = doc.lines.size();
    for (std::size_t i = doc.begin; i < doc.lines.size(); ++i)
        if (isDocumentMarker(doc.lines[i].text)) {
            doc.end = i;
            break;
        }
    int previous = -1;
    for (std::size_t i = doc.begin; i < doc.end; ++i) {
        if (!isSignificant(doc.lines[i].text))
            continue;
        const int indent = indentOf(doc.lines[i].text);
        if (previous >= 0 && indent > previous) {
            doc.step = indent - previous;
            break;
        }
        previous = indent;
    }
    return doc;
}

std::string join(const Document &doc, const Lines &lines)
{
    std::string out = doc.bom;
    for (const Line &l : lines)
        out += l.text + l.eol;
    return out;
}

std::string applySplice(const Document &doc, const Splice &splice)
{
    const auto from = static_cast<std::ptrdiff_t>(splice.from);
    Lines out(doc.lines.begin(), doc.lines.begin() + from);
    if (!out.empty() && out.back().eol.empty())
        out.back().eol = doc.eol;
    for (const std::string &text : splice.with)
        out.push_back({text, doc.eol});
    out.insert(out.end(), doc.lines.begin() + static_cast<std::ptrdiff_t>(splice.to), doc.lines.end());
    return join(doc, out);
}

// Last resort for layouts the line editor does not handle (flow style, JSON):
// the leading comments, a fresh first document, the later documents.
std::string rewrite(const Document &doc, const DiffConfigWriter::Pairs &pairs)
{
    const std::size_t content = firstSignificant(doc.lines, doc.begin, doc.end).value_or(doc.end);
    Splice s{content, doc.end, {}};
    for (auto &l : keysAndPairs(0, 0, 2, pairs))
        s.with.push_back(std::move(l));
    return applySplice(doc, s);
}

bool holdsPairs(const std::string &text, const DiffConfigWriter::Pairs &pairs)
{
    const DiffConfig::LoadResult r = DiffConfig::parse(text);
    return r.ok() && r.config.correlationPairs == pairs;
}

bool plainSafe(std::string_view s)
{
    if (s.empty() || !yaml::resolvesToPlainString(s))
        return false;
    if (s.front() == ' ' || s.back() == ' ' || s.back() == ':' || s.starts_with("---") || s.starts_with("..."))
        return false;
    if (std::string_view("?:[]{},#&*!|>'\"%@`").find(s.front()) != std::string_view::npos)
        return false;
    if (s.front() == '-' && (s.size() == 1 || s[1] == ' '))
        return false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x20 || c == 0x7f)
            return false;
        if (c == ':' && s[i + 1] == ' ')
            return false;
        if (c == '#' && s[i - 1] == ' ')
            return false;
    }
    return true;
}

bool hasControlCharacters(std::string_view s)
{
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x20 || c == 0x7f)
            return true;
    }
    return false;
}

std::string doubleQuoted(std::string_view s)
{
    std::string out = "\"";
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        switch (ch) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        default:
            if (c < 0x20 || c == 0x7f) {
                char escape[5];
                std::snprintf(escape, sizeof escape, "\\x%02X", c);
                out += escape;
            } else {
                out += ch;
            }
        }
    }
    return out + "\"";
}

std::string singleQuoted(std::string_view s)
{
    std::string out = "'";
    for (const char ch : s) {
        out += ch;
        if (ch == '\'')
            out += '\'';
    }
    return out + "'";
}

} // namespace

std::string DiffConfigWriter::scalar(std::string_view s)
{
    if (plainSafe(s))
        return std::string(s);
    return hasControlCharacters(s) ? doubleQuoted(s) : singleQuoted(s);
}

std::string DiffConfigWriter::create(const Pairs &pairs)
{
    std::string out;
    for (const std::string &line : keysAndPairs(0, 0, 2, pairs))
        out += line + "\n";
    return out;
}

DiffConfigWriter::Result DiffConfigWriter::update(std::string_view existing, const Pairs &pairs)
{
    Result result;
    const DiffConfig::LoadResult current = DiffConfig::parse(std::string(existing));
    if (!current.ok()) {
        result.error = "the existing diff config cannot be read: " + *current.error;
        return result;
    }
    const Document doc = parseDocument(existing);
    if (const auto splice = PairsEditor(doc, pairs).plan()) {
        result.text = applySplice(doc, *splice);
        if (holdsPairs(result.text, pairs))
            return result;
    }
    result.text = rewrite(doc, pairs);
    if (!holdsPairs(result.text, pairs))
        result.error = "the correlation pairs cannot be written as YAML that reads back the same";
    return result;
}

} // namespace ds::compare
