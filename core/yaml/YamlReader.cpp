// SPDX-License-Identifier: Apache-2.0
#include "YamlReader.h"

#include "FastYamlReader.h"
#include "YamlV2QuotedScalar.h"
#include "YamlScalarResolver.h"
#include "YamlScalarValue.h"
#include "YamlV2Scanner.h"
#include "go/GoFloat.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <sstream>
#include <unordered_map>

namespace ds::yaml {

namespace {

constexpr std::string_view kTagPrefix = "tag:yaml.org,2002:";

// Thrown inside the event handler to stop parsing with a precise error.
struct ReadAbort
{
    ReadError error;
};

// yaml-cpp's messages → yaml.v2's wording for the errors users actually meet.
struct MessageMap
{
    const char *yamlCpp;
    const char *go;
    bool scanner;
};

const MessageMap kMessages[] = {
    {YAML::ErrorMsg::MAP_VALUE, "mapping values are not allowed in this context", true},
    {YAML::ErrorMsg::UNKNOWN_TOKEN, "found character that cannot start any token", true},
    {YAML::ErrorMsg::TAB_IN_INDENTATION, "found character that cannot start any token", true},
    {YAML::ErrorMsg::BLOCK_ENTRY, "block sequence entries are not allowed in this context", true},
    {YAML::ErrorMsg::END_OF_MAP, "did not find expected key", false},
    {YAML::ErrorMsg::END_OF_SEQ, "did not find expected '-' indicator", false},
    {YAML::ErrorMsg::END_OF_MAP_FLOW, "did not find expected ',' or '}'", false},
    {YAML::ErrorMsg::END_OF_SEQ_FLOW, "did not find expected ',' or ']'", false},
    {YAML::ErrorMsg::EOF_IN_SCALAR, "found unexpected end of stream", true},
    {YAML::ErrorMsg::DOC_IN_SCALAR, "found unexpected document indicator", true},
    {YAML::ErrorMsg::UNKNOWN_ANCHOR, "unknown anchor referenced", false},
};

ReadError fromParserException(const YAML::Exception &e)
{
    ReadError err;
    err.kind = ReadError::Kind::Syntax;
    err.line = e.mark.is_null() ? 0 : e.mark.line + 1;
    err.column = e.mark.is_null() ? 0 : e.mark.column + 1;
    err.message = e.msg;
    for (const auto &m : kMessages) {
        if (e.msg.rfind(m.yamlCpp, 0) == 0) {
            err.message = m.go;
            err.scannerError = m.scanner;
            break;
        }
    }
    return err;
}

std::string goQuote(const std::string &s)
{
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + '"';
}

bool decodeBase64(const std::string &in, std::string &out)
{
    static const std::string chars =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    out.clear();
    unsigned buffer = 0;
    int bits = 0;
    for (char c : in) {
        if (c == '=' || c == '\n' || c == '\r' || c == ' ')
            continue;
        const auto pos = chars.find(c);
        if (pos == std::string::npos)
            return false;
        buffer = (buffer << 6) | static_cast<unsigned>(pos);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(static_cast<char>((buffer >> bits) & 0xFF));
        }
    }
    return true;
}

// yaml-cpp decodes the double-quoted escapes \N and \_ to the single bytes
// 0x85 and 0xA0 instead of UTF-8 (U+0085, U+00A0), as yaml.v2 does. The input is
// valid UTF-8 (readerError), so such a byte that is not part of a valid UTF-8
// sequence can only come from one of these escapes.
std::string withUtf8Escapes(const std::string &text)
{
    if (std::none_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; }))
        return text;
    std::string out;
    out.reserve(text.size() + 8);
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        const int width = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 0;
        bool valid = width > 0 && i + std::size_t(width) <= text.size();
        for (int k = 1; valid && k < width; ++k)
            valid = (static_cast<unsigned char>(text[i + std::size_t(k)]) & 0xc0) == 0x80;
        if (valid) {
            out.append(text, i, std::size_t(width));
            i += std::size_t(width);
        } else {
            if (c == 0x85 || c == 0xa0) // from an escape: its UTF-8 form
                out += static_cast<char>(0xc2);
            out += static_cast<char>(c);
            ++i;
        }
    }
    return out;
}

class ValueBuilder : public YAML::EventHandler
{
public:
    ValueBuilder(const ReadOptions &options, std::string_view text) : m_options(options), m_text(text) {}

    std::vector<Value> documents;

    void OnDocumentStart(const YAML::Mark &mark) override
    {
        // yaml-cpp turns a stray ',' at document level into a null document
        // without consuming it, and then does so forever (",a"). A document
        // always consumes a token, so a second start at the same place is that
        // loop; yaml.v2 rejects the token.
        if (!documents.empty() && !mark.is_null() && mark.pos == m_lastDocumentStart.pos) {
            ReadError e;
            e.line = mark.line + 1;
            e.column = mark.column + 1;
            e.message = "did not find expected node content";
            e.scannerError = false;
            throw ReadAbort{e};
        }
        m_lastDocumentStart = mark;
        m_stack.clear();
        m_anchors.clear();
    }
    void OnDocumentEnd() override
    {
        documents.push_back(m_root);
        m_root = Value();
    }

    void OnNull(const YAML::Mark &mark, YAML::anchor_t anchor) override
    {
        // yaml-cpp accepts an empty key (": value"); yaml.v2 does not.
        const bool awaitingKey = !m_stack.empty() && m_stack.back().container.isMap()
            && m_stack.back().key.isMissing() && !m_stack.back().keyIsMerge;
        if (awaitingKey && !mark.is_null() && static_cast<std::size_t>(mark.pos) < m_text.size()
            && m_text[static_cast<std::size_t>(mark.pos)] == ':') {
            ReadError e;
            e.line = mark.line + 1;
            e.column = mark.column + 1;
            e.message = "did not find expected key";
            e.scannerError = false;
            throw ReadAbort{e};
        }
        add(mark, Value::null(), anchor, Scalar{});
    }

    void OnAlias(const YAML::Mark &mark, YAML::anchor_t anchor) override
    {
        auto it = m_anchors.find(anchor);
        if (it == m_anchors.end())
            abort(mark, "unknown anchor referenced", ReadError::Kind::Syntax);
        // Go decodes an alias into a fresh copy; yaml.v2 limits how much of a
        // document may come from alias expansion ("billion laughs").
        Value copy = copyAlias(mark, it->second.value);
        add(mark, copy, 0, it->second.scalar);
    }

    void OnScalar(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t anchor,
                  const std::string &text) override
    {
        Scalar s{tag == "?" ? text : withUtf8Escapes(text), tag == "?", tag == "?" ? std::string() : tag};
        if (tag == "!")
            rescanAsYamlV2(mark, s.text);
        add(mark, scalarValue(mark, s), anchor, s);
    }

    void OnSequenceStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override
    {
        m_stack.push_back(Frame{Value::emptyList(), anchor, mark});
    }
    void OnSequenceEnd() override { closeContainer(); }

    void OnMapStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override
    {
        m_stack.push_back(Frame{Value::emptyMap(), anchor, mark});
    }
    void OnMapEnd() override { closeContainer(); }

private:
    // A quoted scalar holding NEL, LS or PS reads as yaml.v2 reads it (the fast
    // reader does the same, see YamlV2QuotedScalar.h).
    void rescanAsYamlV2(const YAML::Mark &mark, std::string &value) const
    {
        if (mark.pos < 0 || !detail::mayReadOtherwiseInYamlV2(value))
            return;
        if (auto v2 = detail::scanQuotedAsYamlV2(m_text, static_cast<std::size_t>(mark.pos)))
            value = std::move(v2->value);
    }

    struct Scalar
    {
        std::string text;
        bool plain = true;
        std::string tag; // empty for plain/non-specific
    };
    struct Anchored
    {
        Value value;
        Scalar scalar;
    };
    struct Frame
    {
        Value container;
        YAML::anchor_t anchor;
        YAML::Mark mark;
        Value key = {};    // pending map key (Missing when waiting for a key)
        bool keyIsMerge = false;
        YAML::Mark keyMark = {};
        Scalar keyScalar = {};
    };

    [[noreturn]] void abort(const YAML::Mark &mark, std::string message, ReadError::Kind kind)
    {
        ReadError e;
        e.kind = kind;
        e.line = mark.is_null() ? 0 : mark.line + 1;
        e.column = mark.is_null() ? 0 : mark.column + 1;
        e.message = std::move(message);
        throw ReadAbort{e};
    }

    void count(const YAML::Mark &mark, std::size_t n)
    {
        m_valueCount += n;
        if (m_valueCount > m_options.maxValues)
            abort(mark, "document too large (more than " + std::to_string(m_options.maxValues) + " values)",
                  ReadError::Kind::Syntax);
    }

    // yaml.v2's allowedAliasRatio: up to 99% of a small document may come from
    // aliases, falling to 10% for documents of 4M decoded nodes.
    static double allowedAliasRatio(std::size_t decodeCount)
    {
        constexpr double low = 400000, high = 4000000;
        if (static_cast<double>(decodeCount) <= low)
            return 0.99;
        if (static_cast<double>(decodeCount) >= high)
            return 0.10;
        return 0.99 - 0.89 * ((static_cast<double>(decodeCount) - low) / (high - low));
    }

    Value copyAlias(const YAML::Mark &mark, const Value &v)
    {
        count(mark, 1);
        ++m_aliasCount;
        if (m_aliasCount > 100 && m_valueCount > 1000
            && static_cast<double>(m_aliasCount) / static_cast<double>(m_valueCount)
                > allowedAliasRatio(m_valueCount))
            abort(mark, "document contains excessive aliasing", ReadError::Kind::Syntax);
        if (v.isList()) {
            ValueList items;
            items.reserve(v.list().size());
            for (const auto &e : v.list())
                items.push_back(copyAlias(mark, e));
            return Value(std::move(items));
        }
        if (v.isMap()) {
            ValueMap entries;
            for (const auto &[k, e] : v.map())
                entries.emplace_hint(entries.end(), k, copyAlias(mark, e));
            return Value(std::move(entries));
        }
        return v;
    }

    Value number(const YAML::Mark &mark, const ResolvedScalar &r)
    {
        std::optional<Value> v = detail::numberValue(r, m_options.numbers);
        if (!v)
            abort(mark, std::string("json: unsupported value: ") + go::strconv::formatShortest(r.floating),
                  ReadError::Kind::Conversion);
        return std::move(*v);
    }

    Value resolved(const YAML::Mark &mark, const ResolvedScalar &r, const std::string &text)
    {
        using K = ResolvedScalar::Kind;
        switch (r.kind) {
        case K::Null: return Value::null();
        case K::Bool: return Value(r.boolean);
        case K::Int:
        case K::Uint:
        case K::Float: return number(mark, r);
        case K::Merge:
        case K::String: return Value(text);
        }
        return Value(text);
    }

    Value scalarValue(const YAML::Mark &mark, const Scalar &s)
    {
        count(mark, 1);
        if (s.plain)
            return resolved(mark, resolvePlain(s.text), s.text);
        if (s.tag.empty() || s.tag == "!")
            return Value(s.text);
        std::string_view tag = s.tag;
        if (tag.rfind(kTagPrefix, 0) == 0)
            tag.remove_prefix(kTagPrefix.size());
        else if (tag.rfind("!!", 0) == 0)
            tag.remove_prefix(2);
        else
            return Value(s.text); // unknown tags leave the scalar a string
        if (tag == "str" || tag == "timestamp")
            return Value(s.text);
        if (tag == "binary") {
            std::string decoded;
            if (!decodeBase64(s.text, decoded))
                abort(mark, "!!binary value contains invalid base64 data", ReadError::Kind::Syntax);
            return Value(decoded);
        }
        const ResolvedScalar r = resolvePlain(s.text);
        using K = ResolvedScalar::Kind;
        const bool fits = (tag == "int" && (r.kind == K::Int || r.kind == K::Uint))
            || (tag == "float" && (r.kind == K::Int || r.kind == K::Uint || r.kind == K::Float))
            || (tag == "bool" && r.kind == K::Bool) || (tag == "null" && r.kind == K::Null);
        if (!fits)
            abort(mark, "cannot decode !!str `" + s.text + "` as a !!" + std::string(tag),
                  ReadError::Kind::Syntax);
        if (tag == "float" && r.kind != K::Float) {
            ResolvedScalar f = r;
            f.kind = K::Float;
            f.floating = r.kind == K::Int ? static_cast<double>(r.integer)
                                          : static_cast<double>(r.unsignedInteger);
            return number(mark, f);
        }
        return resolved(mark, r, s.text);
    }

    // sigs.k8s.io/yaml's conversion of a map key to a JSON object key. Plain keys
    // are judged by their yaml.v2 type (a float key prints with 32-bit 'g').
    std::string keyString(const Frame &f, const Value &key, const Scalar &scalar, const Value &value)
    {
        if (scalar.plain) {
            if (std::optional<std::string> text = detail::plainKeyText(scalar.text))
                return std::move(*text);
        } else if (key.isString()) {
            return key.str();
        } else if (key.isBool()) {
            return key.toBool() ? "true" : "false";
        } else if (key.type() == Value::Type::Int64) {
            return std::to_string(key.toInt64());
        } else if (key.isFloat()) {
            return go::strconv::formatShortest(key.toFloat(), 'g', 32);
        }
        const std::string valueText = describeGo(value);
        if (key.isNull())
            abort(f.keyMark, "unsupported map key of type: %!s(<nil>), key: <nil>, value: " + valueText,
                  ReadError::Kind::Conversion);
        abort(f.keyMark, "unsupported map key: " + describeGo(key) + ", value: " + valueText,
              ReadError::Kind::Conversion);
    }

    static std::string describeGo(const Value &v)
    {
        switch (v.type()) {
        case Value::Type::Null: return "<nil>";
        case Value::Type::Bool: return v.toBool() ? "true" : "false";
        case Value::Type::Int64: return std::to_string(v.toInt64());
        case Value::Type::Float64: return go::strconv::formatShortest(v.toFloat());
        case Value::Type::String: return goQuote(v.str());
        case Value::Type::List: return "[]interface {}{...}";
        case Value::Type::Map: return "map[interface {}]interface {}{...}";
        default: return "?";
        }
    }

    void mergeInto(Frame &f, const Value &source, const YAML::Mark &mark)
    {
        auto mergeMap = [&](const Value &m) {
            for (const auto &[k, v] : m.map())
                f.container.insert(k, v);
        };
        if (source.isMap()) {
            mergeMap(source);
        } else if (source.isList()) {
            const auto &items = source.list();
            for (auto it = items.rbegin(); it != items.rend(); ++it) {
                if (!it->isMap())
                    abort(mark, "map merge requires map or sequence of maps as the value", ReadError::Kind::Syntax);
                mergeMap(*it);
            }
        } else {
            abort(mark, "map merge requires map or sequence of maps as the value", ReadError::Kind::Syntax);
        }
    }

    void add(const YAML::Mark &mark, Value value, YAML::anchor_t anchor, const Scalar &scalar)
    {
        if (anchor)
            m_anchors[anchor] = Anchored{value, scalar};
        if (m_stack.empty()) {
            m_root = std::move(value);
            return;
        }
        Frame &f = m_stack.back();
        if (f.container.isList()) {
            f.container.mutableList().push_back(std::move(value));
            return;
        }
        if (f.key.isMissing() && !f.keyIsMerge) {
            if (value.isList() || value.isMap()) {
                f.keyScalar = Scalar{"", false, "!"};
                f.key = value;
            } else {
                f.keyIsMerge = scalar.plain && scalar.text == "<<";
                f.key = f.keyIsMerge ? Value() : value;
                f.keyScalar = scalar;
            }
            f.keyMark = mark;
            return;
        }
        if (f.keyIsMerge) {
            mergeInto(f, value, mark);
        } else {
            if (f.key.isList() || f.key.isMap())
                abort(f.keyMark, "unsupported map key of type: " + std::string(f.key.isMap() ? "map[interface {}]interface {}" : "[]interface {}"),
                      ReadError::Kind::Conversion);
            std::string key = keyString(f, f.key, f.keyScalar, value);
            if (m_options.rejectDuplicateKeys && f.container.contains(key)) {
                ReadError e;
                e.kind = ReadError::Kind::Strict;
                e.line = f.keyMark.line + 1;
                e.column = f.keyMark.column + 1;
                e.message = "key " + goQuote(key) + " already set in map";
                throw ReadAbort{e};
            }
            f.container.insert(std::move(key), std::move(value));
        }
        f.key = Value();
        f.keyIsMerge = false;
    }

    void closeContainer()
    {
        Frame f = std::move(m_stack.back());
        m_stack.pop_back();
        count(f.mark, 1);
        add(f.mark, f.container, f.anchor, Scalar{"", false, "!"});
    }

    const ReadOptions &m_options;
    std::string_view m_text;
    std::vector<Frame> m_stack;
    std::unordered_map<YAML::anchor_t, Anchored> m_anchors;
    Value m_root;
    YAML::Mark m_lastDocumentStart = YAML::Mark::null_mark();
    std::size_t m_valueCount = 0;
    std::size_t m_aliasCount = 0;
};

// yaml.v2 does not skip a tab at the start of a block-context line: it is the
// start of a token, and no token starts with a tab. yaml-cpp is more lenient and
// reports a later, different error; when it fails we look for such a tab first
// so that the message matches Go's. Block scalar content may hold tabs.
std::optional<ReadError> leadingTabError(std::string_view text, int lastLine)
{
    int line = 0;
    int blockIndent = -1; // indentation of the line that opened a block scalar
    std::size_t pos = 0;
    while (pos <= text.size() && ++line <= lastLine) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view l = text.substr(pos, end - pos);
        pos = end + 1;
        std::size_t spaces = 0;
        while (spaces < l.size() && l[spaces] == ' ')
            ++spaces;
        const bool blank = l.find_first_not_of(" \t\r") == std::string_view::npos;
        if (blockIndent >= 0) {
            if (blank || static_cast<int>(spaces) > blockIndent)
                continue;
            blockIndent = -1;
        }
        if (spaces < l.size() && l[spaces] == '\t') {
            ReadError e;
            e.line = line;
            e.column = static_cast<int>(spaces) + 1;
            e.message = "found character that cannot start any token";
            return e;
        }
        std::string_view content = l.substr(0, l.find(" #"));
        while (!content.empty() && (content.back() == ' ' || content.back() == '\r'))
            content.remove_suffix(1);
        while (!content.empty() && (content.back() == '-' || content.back() == '+'
                                    || (content.back() >= '1' && content.back() <= '9')))
            content.remove_suffix(1);
        if (!content.empty() && (content.back() == '|' || content.back() == '>'))
            blockIndent = static_cast<int>(spaces);
    }
    return std::nullopt;
}

} // namespace

std::string ReadError::goText() const
{
    switch (kind) {
    case Kind::Conversion: return message;
    case Kind::Strict: return "yaml: unmarshal errors:\n  line " + std::to_string(line) + ": " + message;
    case Kind::Syntax: break;
    }
    // yaml.v2 numbers scanner errors from 1 but omits a problem on the first line;
    // parser errors use the 0-based line of the problem.
    const int goLine = scannerError ? (line > 1 ? line : 0) : (line > 1 ? line - 1 : 0);
    if (goLine == 0)
        return "yaml: " + message;
    return "yaml: line " + std::to_string(goLine) + ": " + message;
}

std::string ReadError::describe() const
{
    std::ostringstream out;
    if (line > 0) {
        out << "line " << line;
        if (column > 0)
            out << ", column " << column;
        out << ": ";
    }
    out << message;
    return out.str();
}

namespace {

// Whether any byte needs yaml.v2's reader check: non-ASCII or a control
// character other than tab, LF and CR. This runs over every byte of every
// input file, and the answer is nearly always no: sixteen bytes at a time with
// SSE2 (every x86-64 has it), whose compares need no per-line fallback for the
// newlines an eight-byte word test trips on.
bool needsReaderCheck(std::string_view text)
{
    const auto special = [](unsigned char c) { return c >= 0x7f || (c < 0x20 && c != '\t' && c != '\n' && c != '\r'); };
    std::size_t i = 0;
#if defined(__SSE2__)
    const __m128i space = _mm_set1_epi8(0x20), tab = _mm_set1_epi8('\t'), lf = _mm_set1_epi8('\n'),
                  cr = _mm_set1_epi8('\r'), del = _mm_set1_epi8(0x7f);
    for (; i + 16 <= text.size(); i += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(text.data() + i));
        // Signed compare: bytes >= 0x80 are negative, so "below space" holds for
        // them too; they are wanted anyway.
        const __m128i control = _mm_cmplt_epi8(v, space);
        const __m128i allowed = _mm_or_si128(_mm_cmpeq_epi8(v, tab), _mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr)));
        const __m128i bad = _mm_or_si128(_mm_andnot_si128(allowed, control), _mm_cmpeq_epi8(v, del));
        if (_mm_movemask_epi8(bad) != 0)
            return true;
    }
#endif
    for (; i < text.size(); ++i)
        if (special(static_cast<unsigned char>(text[i])))
            return true;
    return false;
}

// yaml.v2's reader (readerc.go): the input must be valid UTF-8 of printable
// characters, else the whole document fails with one of these messages.
std::optional<ReadError> checkReader(std::string_view text)
{
    if (!needsReaderCheck(text))
        return std::nullopt;
    const auto fail = [](const char *message) {
        ReadError err;
        err.message = message;
        return err;
    };
    std::size_t i = text.rfind("\xef\xbb\xbf", 0) == 0 ? 3 : 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        const int width = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 0;
        if (width == 0)
            return fail("invalid leading UTF-8 octet");
        if (i + std::size_t(width) > text.size())
            return fail("incomplete UTF-8 octet sequence");
        char32_t value = width == 1 ? c : width == 2 ? (c & 0x1f) : width == 3 ? (c & 0x0f) : (c & 0x07);
        for (int k = 1; k < width; ++k) {
            const auto t = static_cast<unsigned char>(text[i + std::size_t(k)]);
            if ((t & 0xc0) != 0x80)
                return fail("invalid trailing UTF-8 octet");
            value = (value << 6) | (t & 0x3f);
        }
        if ((width == 2 && value < 0x80) || (width == 3 && value < 0x800) || (width == 4 && value < 0x10000))
            return fail("invalid length of a UTF-8 sequence");
        if ((value >= 0xd800 && value <= 0xdfff) || value > 0x10ffff)
            return fail("invalid Unicode character");
        const bool printable = value == 0x09 || value == 0x0a || value == 0x0d || (value >= 0x20 && value <= 0x7e)
            || value == 0x85 || (value >= 0xa0 && value <= 0xd7ff) || (value >= 0xe000 && value <= 0xfffd)
            || value >= 0x10000;
        if (!printable)
            return fail("control characters are not allowed");
        i += std::size_t(width);
    }
    return std::nullopt;
}

} // namespace

ReadResult read(std::string_view text, const ReadOptions &options)
{
    if (std::optional<ReadError> invalid = checkReader(text)) {
        ReadResult result;
        result.error = std::move(invalid);
        return result;
    }
    // What go-yaml v2 rejects and both parsers below would let through.
    if (std::optional<ScannerError> damaged = yamlV2ScannerError(text)) {
        ReadResult result;
        result.error = ReadError{ReadError::Kind::Syntax, damaged->line, damaged->column, damaged->message, true};
        return result;
    }
    if (std::optional<ReadResult> fast = fastRead(text, options))
        return std::move(*fast);
    return readWithYamlCpp(text, options);
}

std::optional<ReadError> readerError(std::string_view text)
{
    return checkReader(text);
}

ReadResult readWithYamlCpp(std::string_view text, const ReadOptions &options)
{
    ReadResult result;
    // yaml-cpp needs a stream; a BOM at the start is allowed by both parsers.
    std::istringstream stream{std::string(text)};
    ValueBuilder builder(options, text);
    try {
        YAML::Parser parser(stream);
        while (parser.HandleNextDocument(builder)) {
            if (options.firstDocumentOnly && !builder.documents.empty())
                break;
        }
    } catch (const ReadAbort &abort) {
        result.error = abort.error;
    } catch (const YAML::DeepRecursion &e) {
        // yaml-cpp words this "bad file"; say what is wrong.
        result.error = fromParserException(e);
        result.error->message = "document nests too deeply (more than " + std::to_string(e.depth() - 1) + " levels)";
    } catch (const YAML::Exception &e) {
        result.error = fromParserException(e);
        const int lastLine = result.error->line > 0 ? result.error->line : 1 << 30;
        if (auto tab = leadingTabError(text, lastLine))
            result.error = tab;
    } catch (const std::exception &e) {
        ReadError err;
        err.message = e.what();
        result.error = err;
    }
    result.documents = std::move(builder.documents);
    return result;
}

} // namespace ds::yaml
