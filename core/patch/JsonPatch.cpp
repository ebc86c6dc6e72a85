// SPDX-License-Identifier: Apache-2.0
#include "JsonPatch.h"

#include "json/JsonReader.h"
#include "json/JsonWriter.h"
#include "text/Utf8.h"

#include <cstdint>
#include <limits>

namespace ds::patch {

namespace {

// ---------------------------------------------------------------------------
// Raw JSON text. The library keeps every value as a json.RawMessage until an
// operation needs its structure; "test" compares scalars by that text. These
// helpers cut already validated JSON into its parts.

bool isJsonSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

std::size_t skipSpace(std::string_view s, std::size_t i)
{
    while (i < s.size() && isJsonSpace(s[i]))
        ++i;
    return i;
}

// i is at the opening quote; returns the index after the closing one.
std::size_t stringEnd(std::string_view s, std::size_t i)
{
    for (++i; i < s.size(); ++i) {
        if (s[i] == '\\')
            ++i;
        else if (s[i] == '"')
            return i + 1;
    }
    return s.size();
}

// End of the value starting at i. Brackets are matched without regard to
// their kind, which is exact for valid text and stops at (or after) the first
// error of invalid text.
std::size_t valueEnd(std::string_view s, std::size_t i)
{
    if (i >= s.size())
        return i;
    if (s[i] == '"')
        return stringEnd(s, i);
    if (s[i] == '{' || s[i] == '[') {
        int depth = 0;
        while (i < s.size()) {
            const char c = s[i];
            if (c == '"') {
                i = stringEnd(s, i);
                continue;
            }
            if (c == '{' || c == '[') {
                ++depth;
            } else if (c == '}' || c == ']') {
                if (--depth == 0)
                    return i + 1;
            }
            ++i;
        }
        return i;
    }
    while (i < s.size() && !isJsonSpace(s[i]) && s[i] != ',' && s[i] != ']' && s[i] != '}')
        ++i;
    return i;
}

enum class RawKind { Object, Array, String, Number, Bool, Null };

RawKind kindOf(std::string_view raw)
{
    switch (raw.empty() ? '\0' : raw.front()) {
    case '{': return RawKind::Object;
    case '[': return RawKind::Array;
    case '"': return RawKind::String;
    case 't':
    case 'f': return RawKind::Bool;
    case 'n': return RawKind::Null;
    default: return RawKind::Number;
    }
}

// The Value field of Go's UnmarshalTypeError.
std::string kindName(RawKind k)
{
    switch (k) {
    case RawKind::Object: return "object";
    case RawKind::Array: return "array";
    case RawKind::String: return "string";
    case RawKind::Bool: return "bool";
    case RawKind::Null: return "null";
    case RawKind::Number: break;
    }
    return "number";
}

std::string decodeString(std::string_view raw)
{
    yaml::ReadResult r = json::read(raw, yaml::NumberTyping::Float64);
    return r.ok() && !r.documents.empty() && r.documents.front().isString() ? r.documents.front().str()
                                                                              : std::string();
}

// Members of a raw object, keys decoded; duplicates are left to the caller.
std::vector<std::pair<std::string, std::string_view>> members(std::string_view obj)
{
    std::vector<std::pair<std::string, std::string_view>> out;
    std::size_t i = skipSpace(obj, 1);
    while (i < obj.size() && obj[i] == '"') {
        const std::size_t keyEnd = stringEnd(obj, i);
        std::string key = decodeString(obj.substr(i, keyEnd - i));
        i = skipSpace(obj, skipSpace(obj, keyEnd) + 1); // past ':'
        const std::size_t end = valueEnd(obj, i);
        out.emplace_back(std::move(key), obj.substr(i, end - i));
        i = skipSpace(obj, end);
        if (i < obj.size() && obj[i] == ',')
            i = skipSpace(obj, i + 1);
    }
    return out;
}

std::vector<std::string_view> elements(std::string_view arr)
{
    std::vector<std::string_view> out;
    std::size_t i = skipSpace(arr, 1);
    while (i < arr.size() && arr[i] != ']') {
        const std::size_t end = valueEnd(arr, i);
        out.push_back(arr.substr(i, end - i));
        i = skipSpace(arr, end);
        if (i < arr.size() && arr[i] == ',')
            i = skipSpace(arr, i + 1);
    }
    return out;
}

// json.Compact, and the compaction json.Marshal applies to a RawMessage when
// escapeHtml is set (<, >, & and U+2028/U+2029 escaped inside strings).
std::string compact(std::string_view raw, bool escapeHtml)
{
    std::string out;
    out.reserve(raw.size());
    bool inString = false;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const char c = raw[i];
        if (!inString) {
            if (isJsonSpace(c))
                continue;
            inString = c == '"';
            out.push_back(c);
            continue;
        }
        if (c == '\\') {
            out.push_back(c);
            if (i + 1 < raw.size())
                out.push_back(raw[++i]);
            continue;
        }
        if (c == '"')
            inString = false;
        if (escapeHtml && (c == '<' || c == '>' || c == '&')) {
            out += c == '<' ? "\\u003c" : c == '>' ? "\\u003e" : "\\u0026";
            continue;
        }
        if (escapeHtml && c == '\xE2' && i + 2 < raw.size() && raw[i + 1] == '\x80'
            && (raw[i + 2] == '\xA8' || raw[i + 2] == '\xA9')) {
            out += raw[i + 2] == '\xA8' ? "\\u2028" : "\\u2029";
            i += 2;
            continue;
        }
        out.push_back(c);
    }
    return out;
}

// strconv.Quote.
std::string goQuote(std::string_view s)
{
    static const char hex[] = "0123456789abcdef";
    std::string out = "\"";
    for (std::size_t i = 0; i < s.size();) {
        int w = 1;
        const char32_t r = utf8::decodeRune(s, i, w);
        if (r == utf8::kRuneError && w == 1) {
            const auto b = static_cast<unsigned char>(s[i]);
            out += std::string("\\x") + hex[b >> 4] + hex[b & 0xF];
        } else if (r == '"' || r == '\\') {
            out.push_back('\\');
            out.push_back(static_cast<char>(r));
        } else if (r >= 0x20 && r < 0x7F) {
            out.push_back(static_cast<char>(r));
        } else if (r < 0x20 || r == 0x7F) {
            switch (r) {
            case '\a': out += "\\a"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            case '\v': out += "\\v"; break;
            default: out += std::string("\\x") + hex[r >> 4] + hex[r & 0xF];
            }
        } else if (utf8::isPrint(r)) {
            out.append(s.substr(i, static_cast<std::size_t>(w)));
        } else {
            const bool big = r > 0xFFFF;
            out += big ? "\\U" : "\\u";
            for (int shift = big ? 28 : 12; shift >= 0; shift -= 4)
                out.push_back(hex[(r >> shift) & 0xF]);
        }
        i += static_cast<std::size_t>(w);
    }
    return out + "\"";
}

// The scanner's quoteChar for a byte, read as the rune of that value.
std::string quoteChar(unsigned char c)
{
    if (c == '\'')
        return "'\\''";
    if (c == '"')
        return "'\"'";
    std::string rune;
    utf8::appendRune(rune, c);
    const std::string q = goQuote(rune);
    return "'" + q.substr(1, q.size() - 2) + "'";
}

std::size_t offsetOf(std::string_view text, int line, int column)
{
    std::size_t start = 0;
    for (int l = 1; l < line; ++l) {
        const std::size_t nl = text.find('\n', start);
        if (nl == std::string_view::npos)
            break;
        start = nl + 1;
    }
    return start + static_cast<std::size_t>(column > 0 ? column - 1 : 0);
}

// The SyntaxError json.Unmarshal reports before decoding anything: the whole
// text must be exactly one JSON value. JsonReader reads number literals as
// float64 and rejects huge ones, which json.RawMessage does not; such a
// literal is replaced by 0 and the text checked again.
std::optional<std::string> syntaxError(std::string_view text)
{
    std::string work(text);
    for (;;) {
        const yaml::ReadResult r = json::read(work, yaml::NumberTyping::Float64);
        const std::size_t start = skipSpace(work, 0);
        const std::size_t trail = skipSpace(work, valueEnd(work, start));
        const bool trailing = trail < work.size();
        const auto afterTop = [&] {
            return "invalid character " + quoteChar(static_cast<unsigned char>(work[trail]))
                + " after top-level value";
        };
        if (r.ok())
            return trailing ? std::optional<std::string>(afterTop()) : std::nullopt;
        const std::size_t off = offsetOf(work, r.error->line, r.error->column);
        if (r.error->message.rfind("cannot unmarshal number", 0) == 0 && off < work.size()) {
            std::size_t end = off;
            while (end < work.size() && std::string_view("+-.eE0123456789").find(work[end]) != std::string_view::npos)
                ++end;
            work.replace(off, end - off, "0");
            continue;
        }
        if (trailing && off >= trail)
            return afterTop();
        return r.error->message;
    }
}

// ---------------------------------------------------------------------------
// The library's lazyNode: raw text until an operation decodes it into an
// object (partialDoc, a map of nodes) or an array (partialArray). A null
// member or element is a nil node (nullptr).

struct GoPanic
{
    std::string message;
};

const char kNilDeref[] = "runtime error: invalid memory address or nil pointer dereference";

struct RawText
{
    std::shared_ptr<const std::string> owner;
    std::string_view text;
};

struct Node;
using NodePtr = std::shared_ptr<Node>;

struct Node
{
    enum class Which { Raw, Doc, Ary };
    Which which = Which::Raw;
    std::optional<RawText> raw; // nullopt: a nil *json.RawMessage ("value": null)
    bool nilDoc = false;        // decoded from "null": a nil Go map
    bool nilAry = false;        // decoded from "null": a nil Go slice
    std::map<std::string, NodePtr, std::less<>> doc;
    std::vector<NodePtr> ary;
};

NodePtr rawNode(std::optional<RawText> raw)
{
    auto n = std::make_shared<Node>();
    n->raw = std::move(raw);
    return n;
}

NodePtr childNode(const RawText &parent, std::string_view text)
{
    if (kindOf(text) == RawKind::Null)
        return nullptr;
    return rawNode(RawText{parent.owner, text});
}

// json.Unmarshal(raw, &n.doc) / (raw, &n.ary): null gives a nil container.
bool decodeDoc(Node &n)
{
    const std::string_view t = n.raw->text;
    const RawKind k = kindOf(t);
    if (k != RawKind::Object && k != RawKind::Null)
        return false;
    n.doc.clear();
    n.nilDoc = k == RawKind::Null;
    if (k == RawKind::Object) {
        for (const auto &[key, value] : members(t))
            n.doc.insert_or_assign(key, childNode(*n.raw, value));
    }
    return true;
}

bool decodeAry(Node &n)
{
    const std::string_view t = n.raw->text;
    const RawKind k = kindOf(t);
    if (k != RawKind::Array && k != RawKind::Null)
        return false;
    n.ary.clear();
    n.nilAry = k == RawKind::Null;
    if (k == RawKind::Array) {
        for (std::string_view e : elements(t))
            n.ary.push_back(childNode(*n.raw, e));
    }
    return true;
}

bool tryDoc(Node &n)
{
    if (!n.raw || !decodeDoc(n))
        return false;
    n.which = Node::Which::Doc;
    return true;
}

bool tryAry(Node &n)
{
    if (!n.raw || !decodeAry(n))
        return false;
    n.which = Node::Which::Ary;
    return true;
}

bool intoDoc(Node &n)
{
    return n.which == Node::Which::Doc || tryDoc(n);
}

bool intoAry(Node &n)
{
    return n.which == Node::Which::Ary || tryAry(n);
}

bool rawEquals(const std::optional<RawText> &a, const std::optional<RawText> &b)
{
    if (!a || !b)
        return !a && !b; // bytes.Equal(nil, nil); compacted JSON is never empty
    return compact(a->text, false) == compact(b->text, false);
}

// lazyNode.equal, including where it dereferences a nil node.
bool equal(Node &n, Node *o)
{
    using W = Node::Which;
    if (n.which == W::Raw && !tryDoc(n) && !tryAry(n)) {
        if (!o)
            throw GoPanic{kNilDeref};
        return o->which == W::Raw && rawEquals(n.raw, o->raw);
    }
    if (!o)
        throw GoPanic{kNilDeref};
    if (n.which == W::Doc) {
        if (o->which == W::Raw && !tryDoc(*o))
            return false;
        if (o->which != W::Doc || n.doc.size() != o->doc.size())
            return false;
        for (const auto &[key, v] : n.doc) {
            auto it = o->doc.find(key);
            if (it == o->doc.end() || !v != !it->second)
                return false;
            if (v && !equal(*v, it->second.get()))
                return false;
        }
        return true;
    }
    if (o->which != W::Ary && !tryAry(*o))
        return false;
    if (n.ary.size() != o->ary.size())
        return false;
    for (std::size_t i = 0; i < n.ary.size(); ++i) {
        if (!n.ary[i])
            throw GoPanic{kNilDeref};
        if (!equal(*n.ary[i], o->ary[i].get()))
            return false;
    }
    return true;
}

// json.Marshal of a node (lazyNode.MarshalJSON, then encoding/json's
// compaction of the result).
void marshal(const Node *n, std::string &out)
{
    if (!n) {
        out += "null";
        return;
    }
    switch (n->which) {
    case Node::Which::Raw:
        out += n->raw ? compact(n->raw->text, true) : std::string("null");
        return;
    case Node::Which::Doc: {
        if (n->nilDoc) {
            out += "null";
            return;
        }
        out.push_back('{');
        bool first = true;
        for (const auto &[key, child] : n->doc) {
            if (!first)
                out.push_back(',');
            first = false;
            out += json::quote(key, true);
            out.push_back(':');
            marshal(child.get(), out);
        }
        out.push_back('}');
        return;
    }
    case Node::Which::Ary: {
        if (n->nilAry) {
            out += "null";
            return;
        }
        out.push_back('[');
        for (std::size_t i = 0; i < n->ary.size(); ++i) {
            if (i > 0)
                out.push_back(',');
            marshal(n->ary[i].get(), out);
        }
        out.push_back(']');
        return;
    }
    }
}

NodePtr deepCopy(const NodePtr &src)
{
    if (!src)
        return nullptr;
    auto text = std::make_shared<std::string>();
    marshal(src.get(), *text);
    std::shared_ptr<const std::string> owner = text;
    return rawNode(RawText{owner, *owner});
}

// The document as json.Unmarshal into interface{} reads the marshalled result.
Value toValue(const Node *n)
{
    if (!n)
        return Value::null();
    switch (n->which) {
    case Node::Which::Raw: {
        if (!n->raw)
            return Value::null();
        yaml::ReadResult r = json::read(n->raw->text, yaml::NumberTyping::Float64);
        if (r.ok() && r.documents.size() == 1)
            return r.documents.front();
        // A number beyond float64: yaml.v2, which kube-compare reads the
        // result with, falls back to a string.
        return Value(std::string(n->raw->text));
    }
    case Node::Which::Doc: {
        if (n->nilDoc)
            return Value::null();
        ValueMap m;
        for (const auto &[key, child] : n->doc)
            m.emplace(key, toValue(child.get()));
        return Value(std::move(m));
    }
    case Node::Which::Ary: {
        if (n->nilAry)
            return Value::null();
        ValueList l;
        l.reserve(n->ary.size());
        for (const auto &child : n->ary)
            l.push_back(toValue(child.get()));
        return Value(std::move(l));
    }
    }
    return Value::null();
}

// ---------------------------------------------------------------------------
// Containers (partialDoc / partialArray) and their errors.

using Error = std::optional<std::string>;

const char kMissing[] = ": missing value";

// strconv.Atoi on a 64-bit platform.
Error atoi(std::string_view s, std::int64_t &out)
{
    const auto fail = [&](const char *why) {
        return Error("strconv.Atoi: parsing " + goQuote(s) + ": " + why);
    };
    std::size_t i = 0;
    bool neg = false;
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
        neg = s[0] == '-';
        i = 1;
    }
    if (i >= s.size())
        return fail("invalid syntax");
    constexpr std::uint64_t cutoff = std::numeric_limits<std::uint64_t>::max() / 10 + 1;
    std::uint64_t n = 0;
    for (; i < s.size(); ++i) {
        if (s[i] < '0' || s[i] > '9')
            return fail("invalid syntax");
        if (n >= cutoff)
            return fail("value out of range");
        const std::uint64_t n1 = n * 10 + static_cast<std::uint64_t>(s[i] - '0');
        if (n1 < n * 10)
            return fail("value out of range");
        n = n1;
    }
    constexpr std::uint64_t limit = std::uint64_t(1) << 63;
    if ((!neg && n >= limit) || (neg && n > limit))
        return fail("value out of range");
    out = neg ? static_cast<std::int64_t>(0 - n) : static_cast<std::int64_t>(n);
    return std::nullopt;
}

std::string invalidIndex(std::int64_t idx)
{
    return "Unable to access invalid index: " + std::to_string(idx) + ": invalid index referenced";
}

struct Got
{
    NodePtr node;
    Error error;
};

Got conGet(Node &con, const std::string &key)
{
    if (con.which == Node::Which::Doc) {
        auto it = con.doc.find(key);
        return {it == con.doc.end() ? nullptr : it->second, std::nullopt};
    }
    std::int64_t idx = 0;
    if (Error e = atoi(key, idx))
        return {nullptr, e};
    const auto len = static_cast<std::int64_t>(con.ary.size());
    if (idx < 0) {
        if (idx < -len)
            return {nullptr, invalidIndex(idx)};
        idx += len;
    }
    if (idx >= len)
        return {nullptr, invalidIndex(idx)};
    return {con.ary[static_cast<std::size_t>(idx)], std::nullopt};
}

void docStore(Node &con, const std::string &key, NodePtr val)
{
    if (con.nilDoc)
        throw GoPanic{"assignment to entry in nil map"};
    con.doc.insert_or_assign(key, std::move(val));
}

Error conSet(Node &con, const std::string &key, NodePtr val)
{
    if (con.which == Node::Which::Doc) {
        docStore(con, key, std::move(val));
        return std::nullopt;
    }
    std::int64_t idx = 0;
    if (Error e = atoi(key, idx))
        return e;
    const auto len = static_cast<std::int64_t>(con.ary.size());
    if (idx < 0) {
        if (idx < -len)
            return invalidIndex(idx);
        idx += len;
    }
    if (idx >= len) // unreachable after the get that "replace" does first
        throw GoPanic{"runtime error: index out of range [" + std::to_string(idx) + "] with length "
                      + std::to_string(len)};
    con.ary[static_cast<std::size_t>(idx)] = std::move(val);
    return std::nullopt;
}

Error conAdd(Node &con, const std::string &key, NodePtr val)
{
    if (con.which == Node::Which::Doc) {
        docStore(con, key, std::move(val));
        return std::nullopt;
    }
    if (key == "-") {
        con.ary.push_back(std::move(val));
        con.nilAry = false;
        return std::nullopt;
    }
    std::int64_t idx = 0;
    if (Error e = atoi(key, idx))
        return "value was not a proper array index: '" + key + "': " + *e;
    const auto size = static_cast<std::int64_t>(con.ary.size()) + 1;
    if (idx >= size)
        return invalidIndex(idx);
    if (idx < 0) {
        if (idx < -size)
            return invalidIndex(idx);
        idx += size;
    }
    con.ary.insert(con.ary.begin() + idx, std::move(val));
    con.nilAry = false;
    return std::nullopt;
}

Error conRemove(Node &con, const std::string &key)
{
    if (con.which == Node::Which::Doc) {
        auto it = con.doc.find(key);
        if (it == con.doc.end())
            return "Unable to remove nonexistent key: " + key + kMissing;
        con.doc.erase(it);
        return std::nullopt;
    }
    std::int64_t idx = 0;
    if (Error e = atoi(key, idx))
        return e;
    const auto len = static_cast<std::int64_t>(con.ary.size());
    if (idx >= len)
        return invalidIndex(idx);
    if (idx < 0) {
        if (idx < -len)
            return invalidIndex(idx);
        idx += len;
    }
    con.ary.erase(con.ary.begin() + idx);
    return std::nullopt;
}

// decodePatchKey: "~1" then "~0", left to right.
std::string decodeKey(std::string_view k)
{
    std::string out;
    out.reserve(k.size());
    for (std::size_t i = 0; i < k.size(); ++i) {
        if (k[i] == '~' && i + 1 < k.size() && (k[i + 1] == '1' || k[i + 1] == '0')) {
            out.push_back(k[i + 1] == '1' ? '/' : '~');
            ++i;
        } else {
            out.push_back(k[i]);
        }
    }
    return out;
}

bool isArrayText(std::string_view raw)
{
    for (char c : raw) {
        if (c == ' ' || c == '\n' || c == '\t')
            continue;
        return c == '[';
    }
    return false;
}

struct Found
{
    Node *con = nullptr;
    std::string key;
};

// findObject: the container of the path's last token, walking the others.
Found findObject(Node &root, std::string_view path)
{
    std::vector<std::string_view> split;
    for (std::size_t start = 0;;) {
        const std::size_t slash = path.find('/', start);
        split.push_back(path.substr(start, slash == std::string_view::npos ? slash : slash - start));
        if (slash == std::string_view::npos)
            break;
        start = slash + 1;
    }
    if (split.size() < 2)
        return {};
    Node *doc = &root;
    for (std::size_t i = 1; i + 1 < split.size(); ++i) {
        Got next = conGet(*doc, decodeKey(split[i]));
        if (!next.node || next.error)
            return {};
        if (!next.node->raw)
            throw GoPanic{kNilDeref};
        const bool ok = isArrayText(next.node->raw->text) ? intoAry(*next.node) : intoDoc(*next.node);
        if (!ok)
            return {};
        doc = next.node.get();
    }
    return {doc, decodeKey(split.back())};
}

// ---------------------------------------------------------------------------
// Operations.

using Operation = JsonPatch::Operation;

struct Field
{
    std::string text;
    Error error;
};

std::optional<std::string_view> member(const Operation &op, std::string_view name, bool &present)
{
    auto it = op.members.find(name);
    present = it != op.members.end();
    return present ? it->second : std::nullopt;
}

std::string opKind(const Operation &op)
{
    bool present = false;
    const auto raw = member(op, "op", present);
    if (!raw || kindOf(*raw) != RawKind::String)
        return "unknown";
    return decodeString(*raw);
}

// Operation.Path / Operation.From: a string member.
Field stringField(const Operation &op, std::string_view name, const char *missing)
{
    bool present = false;
    const auto raw = member(op, name, present);
    if (!raw)
        return {"unknown", std::string(missing) + kMissing};
    const RawKind k = kindOf(*raw);
    if (k != RawKind::String)
        return {"unknown", "json: cannot unmarshal " + kindName(k) + " into Go value of type string"};
    return {decodeString(*raw), std::nullopt};
}

Field opPath(const Operation &op)
{
    return stringField(op, "path", "operation missing path field");
}

Field opFrom(const Operation &op)
{
    return stringField(op, "from", "operation, missing from field");
}

// Operation.value(): a fresh node per call; nullptr when "value" is absent.
NodePtr opValue(const Operation &op, const std::shared_ptr<const std::string> &owner)
{
    bool present = false;
    const auto raw = member(op, "value", present);
    if (!present)
        return nullptr;
    return rawNode(raw ? std::optional<RawText>(RawText{owner, *raw}) : std::nullopt);
}

class Applier
{
public:
    Applier(NodePtr root, std::shared_ptr<const std::string> owner)
        : m_root(std::move(root)), m_owner(std::move(owner))
    {
    }

    NodePtr root() const { return m_root; }

    Error apply(const Operation &op)
    {
        const std::string kind = opKind(op);
        if (kind == "add")
            return add(op);
        if (kind == "remove")
            return remove(op);
        if (kind == "replace")
            return replace(op);
        if (kind == "move")
            return move(op);
        if (kind == "test")
            return test(op);
        if (kind == "copy")
            return copy(op);
        return "Unexpected kind: " + kind;
    }

private:
    NodePtr m_root;
    std::shared_ptr<const std::string> m_owner;

    NodePtr value(const Operation &op) const { return opValue(op, m_owner); }

    Error add(const Operation &op)
    {
        const Field path = opPath(op);
        if (path.error)
            return std::string("add operation failed to decode path") + kMissing;
        Found f = findObject(*m_root, path.text);
        if (!f.con)
            return "add operation does not apply: doc is missing path: \"" + path.text + "\"" + kMissing;
        if (Error e = conAdd(*f.con, f.key, value(op)))
            return "error in add for path: '" + path.text + "': " + *e;
        return std::nullopt;
    }

    Error remove(const Operation &op)
    {
        const Field path = opPath(op);
        if (path.error)
            return std::string("remove operation failed to decode path") + kMissing;
        Found f = findObject(*m_root, path.text);
        if (!f.con)
            return "remove operation does not apply: doc is missing path: \"" + path.text + "\"" + kMissing;
        if (Error e = conRemove(*f.con, f.key))
            return "error in remove for path: '" + path.text + "': " + *e;
        return std::nullopt;
    }

    Error replace(const Operation &op)
    {
        const Field path = opPath(op);
        if (path.error)
            return "replace operation failed to decode path: " + *path.error;
        if (path.text.empty()) {
            NodePtr val = value(op);
            if (!val)
                throw GoPanic{kNilDeref};
            // Neither object nor array: errors.Wrapf(nil, ...) is nil, so nothing happens.
            if (val->which == Node::Which::Raw && !tryDoc(*val) && !tryAry(*val))
                return std::nullopt;
            m_root = val;
            return std::nullopt;
        }
        Found f = findObject(*m_root, path.text);
        if (!f.con)
            return "replace operation does not apply: doc is missing path: " + path.text + kMissing;
        if (conGet(*f.con, f.key).error)
            return "replace operation does not apply: doc is missing key: " + path.text + kMissing;
        if (Error e = conSet(*f.con, f.key, value(op)))
            return "error in remove for path: '" + path.text + "': " + *e;
        return std::nullopt;
    }

    Error move(const Operation &op)
    {
        const Field from = opFrom(op);
        if (from.error)
            return "move operation failed to decode from: " + *from.error;
        Found f = findObject(*m_root, from.text);
        if (!f.con)
            return "move operation does not apply: doc is missing from path: " + from.text + kMissing;
        Got val = conGet(*f.con, f.key);
        if (val.error)
            return "error in move for path: '" + f.key + "': " + *val.error;
        if (Error e = conRemove(*f.con, f.key))
            return "error in move for path: '" + f.key + "': " + *e;
        const Field path = opPath(op);
        if (path.error)
            return "move operation failed to decode path: " + *path.error;
        Found to = findObject(*m_root, path.text);
        if (!to.con)
            return "move operation does not apply: doc is missing destination path: " + path.text + kMissing;
        if (Error e = conAdd(*to.con, to.key, val.node))
            return "error in move for path: '" + path.text + "': " + *e;
        return std::nullopt;
    }

    Error test(const Operation &op)
    {
        const Field path = opPath(op);
        if (path.error)
            return "test operation failed to decode path: " + *path.error;
        const std::string failed = "testing value " + path.text + " failed: test failed";
        if (path.text.empty()) {
            NodePtr expected = value(op);
            return equal(*m_root, expected.get()) ? std::nullopt : Error(failed);
        }
        Found f = findObject(*m_root, path.text);
        if (!f.con)
            return "test operation does not apply: is missing path: " + path.text + kMissing;
        Got val = conGet(*f.con, f.key);
        if (val.error)
            return "error in test for path: '" + path.text + "': " + *val.error;
        NodePtr expected = value(op);
        if (!val.node) {
            if (!expected)
                throw GoPanic{kNilDeref};
            return expected->raw ? Error(failed) : std::nullopt;
        }
        if (!expected)
            return failed;
        return equal(*val.node, expected.get()) ? std::nullopt : Error(failed);
    }

    Error copy(const Operation &op)
    {
        const Field from = opFrom(op);
        if (from.error)
            return "copy operation failed to decode from: " + *from.error;
        Found f = findObject(*m_root, from.text);
        if (!f.con)
            return "copy operation does not apply: doc is missing from path: " + from.text + kMissing;
        Got val = conGet(*f.con, f.key);
        if (val.error)
            return "error in copy for from: '" + from.text + "': " + *val.error;
        const Field path = opPath(op);
        if (path.error)
            return std::string("copy operation failed to decode path") + kMissing;
        Found to = findObject(*m_root, path.text);
        if (!to.con)
            return "copy operation does not apply: doc is missing destination path: " + path.text + kMissing;
        if (Error e = conAdd(*to.con, to.key, deepCopy(val.node)))
            return "error while adding value during copy: " + *e;
        return std::nullopt;
    }
};

PatchResult failure(std::string message)
{
    PatchResult r;
    r.error = std::move(message);
    return r;
}

} // namespace

JsonPatch JsonPatch::decode(std::string_view json)
{
    JsonPatch p;
    if (Error e = syntaxError(json)) {
        p.m_error = std::move(e);
        return p;
    }
    p.m_text = std::make_shared<const std::string>(json);
    const std::string_view text = *p.m_text;
    const std::size_t start = skipSpace(text, 0);
    const std::string_view top = text.substr(start, valueEnd(text, start) - start);
    const RawKind kind = kindOf(top);
    if (kind == RawKind::Null)
        return p;
    if (kind != RawKind::Array) {
        p.m_error = "json: cannot unmarshal " + kindName(kind) + " into Go value of type jsonpatch.Patch";
        return p;
    }
    for (std::string_view element : elements(top)) {
        const RawKind k = kindOf(element);
        Operation op;
        if (k == RawKind::Null) {
            op.isNull = true;
        } else if (k != RawKind::Object) {
            // json.Unmarshal keeps going but reports the first such error.
            p.m_ops.clear();
            p.m_error = "json: cannot unmarshal " + kindName(k) + " into Go value of type jsonpatch.Operation";
            return p;
        } else {
            for (const auto &[key, raw] : members(element)) {
                op.members.insert_or_assign(
                    key, kindOf(raw) == RawKind::Null ? std::nullopt : std::optional<std::string_view>(raw));
            }
        }
        p.m_ops.push_back(std::move(op));
    }
    return p;
}

PatchResult JsonPatch::apply(const Value &doc) const
{
    if (m_error)
        return failure(*m_error);
    json::WriteResult written = json::write(doc);
    if (!written.ok())
        return failure(*written.error);
    std::shared_ptr<const std::string> docText = std::make_shared<const std::string>(std::move(written.text));
    NodePtr root = rawNode(RawText{docText, *docText});
    // ApplyIndent: a document starting with '[' is a partialArray, anything
    // else must decode as a partialDoc.
    if (docText->front() == '[') {
        tryAry(*root);
    } else if (!tryDoc(*root)) {
        return failure("json: cannot unmarshal " + kindName(kindOf(*docText))
                       + " into Go value of type jsonpatch.partialDoc");
    }
    Applier applier(root, m_text);
    try {
        for (const Operation &op : m_ops) {
            if (Error e = applier.apply(op))
                return failure(std::move(*e));
        }
    } catch (const GoPanic &p) {
        return failure("panic: " + p.message);
    }
    PatchResult r;
    r.value = toValue(applier.root().get());
    return r;
}

} // namespace ds::patch
