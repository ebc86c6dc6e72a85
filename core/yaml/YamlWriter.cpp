// SPDX-License-Identifier: Apache-2.0
#include "YamlWriter.h"

#include "NaturalKeyOrder.h"
#include "YamlScalarResolver.h"
#include "text/Utf8.h"
#include "go/GoFloat.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>

namespace ds::yaml {

namespace {

struct WriteAbort
{
    std::string message;
};

enum class Style { Plain, SingleQuoted, DoubleQuoted, Literal };

// A scalar as yaml.v2 receives it after the JSON round trip.
struct Scalar
{
    std::string text;
    bool isString = false; // strings choose their style; numbers/bools/null are plain
};

// ---- JSON round trip of scalars ----------------------------------------------------------

// Characters that survive encoding/json unescaped but make the YAML reader of the
// round trip fail: yaml.v2's "control characters are not allowed" (tst_yamlcanonical).
void rejectControlCharacters(const std::string &s)
{
    for (std::size_t i = 0; i < s.size();) {
        int w = 1;
        const char32_t r = utf8::decodeRune(s, i, w);
        if (r == 0x7F || (r >= 0x80 && r <= 0x9F && r != 0x85) || r == 0xFFFE || r == 0xFFFF)
            throw WriteAbort{"yaml: control characters are not allowed"};
        i += static_cast<std::size_t>(w);
    }
}

// encoding/json leaves U+0085 raw; the YAML reader of the round trip folds it
// like a line break inside a double-quoted scalar.
std::string foldNextLine(const std::string &s)
{
    static const std::string nel = "\xC2\x85";
    if (s.find(nel) == std::string::npos)
        return s;
    std::string out;
    std::size_t i = 0;
    while (i < s.size()) {
        if (s.compare(i, 2, nel) != 0) {
            out.push_back(s[i++]);
            continue;
        }
        while (!out.empty() && (out.back() == ' ' || out.back() == '\t'))
            out.pop_back();
        int breaks = 0;
        while (i < s.size()) {
            if (s.compare(i, 2, nel) == 0) {
                ++breaks;
                i += 2;
            } else if (s[i] == ' ' || s[i] == '\t') {
                ++i;
            } else {
                break;
            }
        }
        if (breaks == 1)
            out.push_back(' ');
        else
            out.append(static_cast<std::size_t>(breaks - 1), '\n');
    }
    return out;
}

std::string jsonString(const std::string &raw)
{
    std::string s = utf8::sanitize(raw);
    rejectControlCharacters(s);
    return foldNextLine(s);
}

// A float64 after encoding/json and yaml.v2's re-read (`1.2345675e+06`; tst_yamlcanonical).
std::string jsonFloatText(double f)
{
    if (!std::isfinite(f))
        throw WriteAbort{"json: unsupported value: " + go::strconv::formatShortest(f)};
    if (go::strconv::jsonPrintsAsInteger(f)) {
        const std::string digits = go::strconv::formatShortest(f, 'f');
        std::int64_t i = 0;
        std::uint64_t u = 0;
        if (parseGoInt(digits, i))
            return std::to_string(i); // "-0" → 0
        if (parseGoUint(digits, u))
            return std::to_string(u);
    }
    return go::strconv::formatShortest(f, 'g');
}

Scalar toScalar(const Value &v)
{
    switch (v.type()) {
    case Value::Type::Missing:
    case Value::Type::Null: return {"null", false};
    case Value::Type::Bool: return {v.toBool() ? "true" : "false", false};
    case Value::Type::Int:
    case Value::Type::Int64: return {std::to_string(v.toInt64()), false};
    case Value::Type::Uint8:
    case Value::Type::Uint64: return {std::to_string(v.toUint64()), false};
    case Value::Type::Float64: return {jsonFloatText(v.toFloat()), false};
    case Value::Type::String: return {jsonString(v.str()), true};
    case Value::Type::Object: break; // converted by node() through jsonValue()
    case Value::Type::List:
    case Value::Type::Map: break; // typed nil
    }
    return {"null", false};
}

// ---- Scalar analysis (libyaml's yaml_emitter_analyze_scalar) ------------------------------

bool isBreakAt(const std::string &s, std::size_t i)
{
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '\r' || c == '\n')
        return true;
    if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x85)
        return true;
    return c == 0xE2 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80
        && (static_cast<unsigned char>(s[i + 2]) == 0xA8 || static_cast<unsigned char>(s[i + 2]) == 0xA9);
}

bool isSpaceAt(const std::string &s, std::size_t i) { return i < s.size() && s[i] == ' '; }

bool isBlankzAt(const std::string &s, std::size_t i)
{
    return i >= s.size() || s[i] == ' ' || s[i] == '\t' || isBreakAt(s, i);
}

std::size_t widthAt(const std::string &s, std::size_t i)
{
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80)
        return 1;
    if ((c & 0xE0) == 0xC0)
        return 2;
    if ((c & 0xF0) == 0xE0)
        return 3;
    if ((c & 0xF8) == 0xF0)
        return 4;
    return 1;
}

// yaml.v2's is_printable (note: 4-byte sequences are not printable).
bool isPrintableAt(const std::string &s, std::size_t i)
{
    auto at = [&](std::size_t k) -> unsigned { return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u; };
    const unsigned b = at(0);
    return b == 0x0A || (b >= 0x20 && b <= 0x7E) || (b == 0xC2 && at(1) >= 0xA0) || (b > 0xC2 && b < 0xED)
        || (b == 0xED && at(1) < 0xA0) || b == 0xEE
        || (b == 0xEF && !(at(1) == 0xBB && at(2) == 0xBF) && !(at(1) == 0xBF && (at(2) == 0xBE || at(2) == 0xBF)));
}

struct Analysis
{
    bool multiline = false;
    bool blockPlainAllowed = true;
    bool singleQuotedAllowed = true;
    bool blockAllowed = true;
};

Analysis analyze(const std::string &value)
{
    Analysis a;
    if (value.empty()) {
        a.blockAllowed = false;
        return a;
    }
    bool blockIndicators = false, specialCharacters = false, lineBreaks = false;
    bool leadingSpace = false, leadingBreak = false, trailingSpace = false, trailingBreak = false;
    bool breakSpace = false, spaceBreak = false, previousSpace = false, previousBreak = false;
    if (value.rfind("---", 0) == 0 || value.rfind("...", 0) == 0)
        blockIndicators = true;
    bool precededByWhitespace = true;
    bool followedByWhitespace = isBlankzAt(value, widthAt(value, 0));
    for (std::size_t i = 0; i < value.size();) {
        const char c = value[i];
        if (i == 0) {
            switch (c) {
            case '#': case ',': case '[': case ']': case '{': case '}': case '&': case '*':
            case '!': case '|': case '>': case '\'': case '"': case '%': case '@': case '`':
                blockIndicators = true;
                break;
            case '?': case ':':
            case '-':
                if (followedByWhitespace)
                    blockIndicators = true;
                break;
            default: break;
            }
        } else {
            if (c == ':' && followedByWhitespace)
                blockIndicators = true;
            if (c == '#' && precededByWhitespace)
                blockIndicators = true;
        }
        if (!isPrintableAt(value, i))
            specialCharacters = true;
        if (isBreakAt(value, i))
            lineBreaks = true;
        const std::size_t w = widthAt(value, i);
        if (c == ' ') {
            if (i == 0)
                leadingSpace = true;
            if (i + w == value.size())
                trailingSpace = true;
            if (previousBreak)
                breakSpace = true;
            previousSpace = true;
            previousBreak = false;
        } else if (isBreakAt(value, i)) {
            if (i == 0)
                leadingBreak = true;
            if (i + w == value.size())
                trailingBreak = true;
            if (previousSpace)
                spaceBreak = true;
            previousSpace = false;
            previousBreak = true;
        } else {
            previousSpace = false;
            previousBreak = false;
        }
        precededByWhitespace = isBlankzAt(value, i);
        i += w;
        if (i < value.size())
            followedByWhitespace = isBlankzAt(value, i + widthAt(value, i));
    }
    a.multiline = lineBreaks;
    if (leadingSpace || leadingBreak || trailingSpace || trailingBreak)
        a.blockPlainAllowed = false;
    if (trailingSpace)
        a.blockAllowed = false;
    if (breakSpace) {
        a.blockPlainAllowed = false;
        a.singleQuotedAllowed = false;
    }
    if (spaceBreak || specialCharacters) {
        a.blockPlainAllowed = false;
        a.singleQuotedAllowed = false;
        a.blockAllowed = false;
    }
    if (lineBreaks)
        a.blockPlainAllowed = false;
    if (blockIndicators)
        a.blockPlainAllowed = false;
    return a;
}

// ---- The emitter (libyaml's state machine, reduced to what Marshal produces) --------------

class Emitter
{
public:
    std::string out;

    void document(const Value &v)
    {
        node(v, Context{true, false, false, false});
        writeIndent(); // document end
    }

private:
    struct Context
    {
        bool root;
        bool sequence;
        bool mapping;
        bool simpleKey;
    };

    static constexpr int kBestIndent = 2;
    static constexpr int kBestWidth = 80;

    int m_indent = -1;
    std::vector<int> m_indents;
    int m_column = 0;
    bool m_whitespace = true;
    bool m_indention = true;

    void put(char c)
    {
        out.push_back(c);
        ++m_column;
    }
    void putBreak()
    {
        out.push_back('\n');
        m_column = 0;
    }
    // Copies one UTF-8 character.
    void write(const std::string &s, std::size_t &i)
    {
        const std::size_t w = std::min(widthAt(s, i), s.size() - i);
        out.append(s, i, w);
        i += w;
        ++m_column;
    }
    void writeBreak(const std::string &s, std::size_t &i)
    {
        if (s[i] == '\n') {
            putBreak();
            ++i;
        } else {
            const std::size_t w = widthAt(s, i);
            out.append(s, i, w);
            i += w;
            m_column = 0;
        }
    }
    void writeIndicator(std::string_view indicator, bool needWhitespace, bool isWhitespace, bool isIndention)
    {
        if (needWhitespace && !m_whitespace)
            put(' ');
        for (char c : indicator)
            put(c);
        m_whitespace = isWhitespace;
        m_indention = m_indention && isIndention;
    }
    void writeIndent()
    {
        const int indent = std::max(m_indent, 0);
        if (!m_indention || m_column > indent || (m_column == indent && !m_whitespace))
            putBreak();
        while (m_column < indent)
            put(' ');
        m_whitespace = true;
        m_indention = true;
    }
    void increaseIndent(bool flow, bool indentless)
    {
        m_indents.push_back(m_indent);
        if (m_indent < 0)
            m_indent = flow ? kBestIndent : 0;
        else if (!indentless)
            m_indent += kBestIndent;
    }
    void popIndent()
    {
        m_indent = m_indents.back();
        m_indents.pop_back();
    }

    void node(const Value &v, Context ctx)
    {
        if (v.isObject()) {
            node(v.object().jsonValue(), ctx);
            return;
        }
        if (v.isList() && !v.isTypedNil())
            sequence(v.list(), ctx);
        else if (v.isMap() && !v.isTypedNil())
            mapping(v.map(), ctx);
        else
            scalar(toScalar(v), ctx);
    }

    void sequence(const ValueList &items, Context ctx)
    {
        if (items.empty()) {
            writeIndicator("[", true, true, false);
            writeIndicator("]", false, false, false);
            return;
        }
        increaseIndent(false, ctx.mapping && !m_indention);
        for (const Value &item : items) {
            writeIndent();
            writeIndicator("-", true, false, true);
            node(item, Context{false, true, false, false});
        }
        popIndent();
    }

    void mapping(const ValueMap &map, Context)
    {
        if (map.empty()) {
            writeIndicator("{", true, true, false);
            writeIndicator("}", false, false, false);
            return;
        }
        // Marshal's JSON round trip: keys as yaml.v2 reads them back (U+0085
        // folded), in encoding/json's byte order so that a later key that folds
        // to the same text wins, then sorted naturally by yaml.v2.
        std::vector<std::pair<std::string, const Value *>> entries;
        std::unordered_map<std::string, std::size_t> position;
        entries.reserve(map.size());
        for (const auto &[rawKey, value] : map) {
            std::string key = jsonString(rawKey);
            const auto [it, inserted] = position.try_emplace(key, entries.size());
            if (inserted)
                entries.emplace_back(std::move(key), &value);
            else
                entries[it->second].second = &value;
        }
        // yaml.v2's order is not transitive ("x1101" < "x1r" < "x2" < "x1101"), so
        // the result depends on where the sort starts; Go starts from random map
        // order. Starting from byte order makes it a function of the keys alone.
        std::sort(entries.begin(), entries.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
        std::stable_sort(entries.begin(), entries.end(),
                         [](const auto &a, const auto &b) { return naturalKeyLess(a.first, b.first); });
        increaseIndent(false, false);
        for (const auto &[keyText, value] : entries) {
            writeIndent();
            const Scalar key{keyText, true};
            if (isSimpleKey(key.text)) {
                scalar(key, Context{false, false, true, true});
                writeIndicator(":", false, false, false);
            } else {
                writeIndicator("?", true, false, true);
                scalar(key, Context{false, false, true, false});
                writeIndent();
                writeIndicator(":", true, false, true);
            }
            node(*value, Context{false, false, true, false});
        }
        popIndent();
    }

    static bool isSimpleKey(const std::string &key)
    {
        return key.size() <= 128 && !analyze(key).multiline;
    }

    Style chooseStyle(const Scalar &s, const Analysis &a, bool simpleKey) const
    {
        Style style = Style::Plain;
        if (s.isString) {
            if (s.text.find('\n') != std::string::npos)
                style = Style::Literal;
            else if (!resolvesToPlainString(s.text))
                style = Style::DoubleQuoted;
        }
        if (simpleKey && a.multiline)
            style = Style::DoubleQuoted;
        if (style == Style::Plain) {
            if (!a.blockPlainAllowed || (s.text.empty() && simpleKey))
                style = Style::SingleQuoted;
        }
        if (style == Style::SingleQuoted && !a.singleQuotedAllowed)
            style = Style::DoubleQuoted;
        if (style == Style::Literal && (!a.blockAllowed || simpleKey))
            style = Style::DoubleQuoted;
        return style;
    }

    void scalar(const Scalar &s, Context ctx)
    {
        const Analysis a = analyze(s.text);
        const Style style = chooseStyle(s, a, ctx.simpleKey);
        increaseIndent(true, false);
        switch (style) {
        case Style::Plain: writePlain(s.text, !ctx.simpleKey); break;
        case Style::SingleQuoted: writeSingleQuoted(s.text, !ctx.simpleKey); break;
        case Style::DoubleQuoted: writeDoubleQuoted(s.text, !ctx.simpleKey); break;
        case Style::Literal: writeLiteral(s.text); break;
        }
        popIndent();
    }

    void writePlain(const std::string &v, bool allowBreaks)
    {
        if (!m_whitespace)
            put(' ');
        bool spaces = false;
        bool breaks = false;
        for (std::size_t i = 0; i < v.size();) {
            if (v[i] == ' ') {
                if (allowBreaks && !spaces && m_column > kBestWidth && !isSpaceAt(v, i + 1)) {
                    writeIndent();
                    ++i;
                } else {
                    write(v, i);
                }
                spaces = true;
            } else if (isBreakAt(v, i)) {
                if (!breaks && v[i] == '\n')
                    putBreak();
                writeBreak(v, i);
                m_indention = true;
                breaks = true;
            } else {
                if (breaks)
                    writeIndent();
                write(v, i);
                m_indention = false;
                spaces = false;
                breaks = false;
            }
        }
        m_whitespace = false;
        m_indention = false;
    }

    void writeSingleQuoted(const std::string &v, bool allowBreaks)
    {
        writeIndicator("'", true, false, false);
        bool spaces = false;
        bool breaks = false;
        for (std::size_t i = 0; i < v.size();) {
            if (v[i] == ' ') {
                if (allowBreaks && !spaces && m_column > kBestWidth && i != 0 && i != v.size() - 1
                    && !isSpaceAt(v, i + 1)) {
                    writeIndent();
                    ++i;
                } else {
                    write(v, i);
                }
                spaces = true;
            } else if (isBreakAt(v, i)) {
                if (!breaks && v[i] == '\n')
                    putBreak();
                writeBreak(v, i);
                m_indention = true;
                breaks = true;
            } else {
                if (breaks)
                    writeIndent();
                if (v[i] == '\'')
                    put('\'');
                write(v, i);
                m_indention = false;
                spaces = false;
                breaks = false;
            }
        }
        writeIndicator("'", false, false, false);
    }

    void writeEscape(char32_t r)
    {
        put('\\');
        switch (r) {
        case 0x00: put('0'); return;
        case 0x07: put('a'); return;
        case 0x08: put('b'); return;
        case 0x09: put('t'); return;
        case 0x0A: put('n'); return;
        case 0x0B: put('v'); return;
        case 0x0C: put('f'); return;
        case 0x0D: put('r'); return;
        case 0x1B: put('e'); return;
        case 0x22: put('"'); return;
        case 0x5C: put('\\'); return;
        case 0x85: put('N'); return;
        case 0xA0: put('_'); return;
        case 0x2028: put('L'); return;
        case 0x2029: put('P'); return;
        default: break;
        }
        int digits = 8;
        if (r <= 0xFF) {
            put('x');
            digits = 2;
        } else if (r <= 0xFFFF) {
            put('u');
            digits = 4;
        } else {
            put('U');
        }
        for (int k = (digits - 1) * 4; k >= 0; k -= 4) {
            const unsigned d = (r >> k) & 0x0F;
            put(static_cast<char>(d < 10 ? '0' + d : 'A' + d - 10));
        }
    }

    void writeDoubleQuoted(const std::string &v, bool allowBreaks)
    {
        writeIndicator("\"", true, false, false);
        // yaml.v2's is_bom ignores its index: a leading BOM escapes everything.
        const bool leadingBom = v.rfind("\xEF\xBB\xBF", 0) == 0;
        bool spaces = false;
        for (std::size_t i = 0; i < v.size();) {
            const char c = v[i];
            if (!isPrintableAt(v, i) || leadingBom || isBreakAt(v, i) || c == '"' || c == '\\') {
                int w = 1;
                const char32_t r = utf8::decodeRune(v, i, w);
                i += static_cast<std::size_t>(w);
                writeEscape(r);
                spaces = false;
            } else if (c == ' ') {
                if (allowBreaks && !spaces && m_column > kBestWidth && i != 0 && i != v.size() - 1) {
                    writeIndent();
                    if (isSpaceAt(v, i + 1))
                        put('\\');
                    ++i;
                } else {
                    write(v, i);
                }
                spaces = true;
            } else {
                write(v, i);
                spaces = false;
            }
        }
        writeIndicator("\"", false, false, false);
    }

    void writeBlockScalarHints(const std::string &v)
    {
        if (!v.empty() && (v[0] == ' ' || isBreakAt(v, 0))) {
            const char hint[2] = {static_cast<char>('0' + kBestIndent), 0};
            writeIndicator(hint, false, false, false);
        }
        const char *chomp = nullptr;
        if (v.empty()) {
            chomp = "-";
        } else {
            std::size_t i = v.size() - 1;
            while (i > 0 && (static_cast<unsigned char>(v[i]) & 0xC0) == 0x80)
                --i;
            if (!isBreakAt(v, i)) {
                chomp = "-";
            } else if (i == 0) {
                chomp = "+";
            } else {
                --i;
                while (i > 0 && (static_cast<unsigned char>(v[i]) & 0xC0) == 0x80)
                    --i;
                if (isBreakAt(v, i))
                    chomp = "+";
            }
        }
        if (chomp)
            writeIndicator(chomp, false, false, false);
    }

    void writeLiteral(const std::string &v)
    {
        writeIndicator("|", true, false, false);
        writeBlockScalarHints(v);
        putBreak();
        m_indention = true;
        m_whitespace = true;
        bool breaks = true;
        for (std::size_t i = 0; i < v.size();) {
            if (isBreakAt(v, i)) {
                writeBreak(v, i);
                m_indention = true;
                breaks = true;
            } else {
                if (breaks)
                    writeIndent();
                write(v, i);
                m_indention = false;
                breaks = false;
            }
        }
    }
};

} // namespace

WriteResult writeCanonical(const Value &value)
{
    WriteResult result;
    if (value.nestsDeeperThan(kMaxNestingDepth)) {
        result.error = "value nests deeper than " + std::to_string(kMaxNestingDepth) + " levels";
        return result;
    }
    try {
        Emitter e;
        e.document(value);
        result.text = std::move(e.out);
    } catch (const WriteAbort &abort) {
        result.error = abort.message;
    }
    return result;
}

} // namespace ds::yaml
