// SPDX-License-Identifier: Apache-2.0
#include "FieldPath.h"

#include "go/GoFmt.h"
#include "go/GoTypes.h"
#include "go/GoStrconv.h"

namespace ds::ref {

namespace {

constexpr const char *kBareQuote = "bare \" in non-quoted-field";
constexpr const char *kQuote = "extraneous or missing \" in quoted-field";

// The lines of a string as Go's csv.Reader.readLine returns them: each with its
// '\n', "\r\n" normalised to "\n", a '\r' right before EOF dropped.
class LineReader
{
public:
    explicit LineReader(std::string_view s) : m_rest(s) {}

    // False at EOF (nothing left to read).
    bool readLine(std::string &line)
    {
        ++m_numLine;
        if (m_rest.empty()) {
            line.clear();
            return false;
        }
        const auto nl = m_rest.find('\n');
        const bool last = nl == std::string_view::npos;
        line.assign(m_rest.substr(0, last ? m_rest.size() : nl + 1));
        m_rest.remove_prefix(line.size());
        if (last && line.back() == '\r')
            line.pop_back();
        const auto n = line.size();
        if (n >= 2 && line[n - 2] == '\r' && line[n - 1] == '\n')
            line.erase(n - 2, 1);
        return true;
    }
    int numLine() const { return m_numLine; }

private:
    std::string_view m_rest;
    int m_numLine = 0;
};

bool endsWithNewline(std::string_view s)
{
    return !s.empty() && s.back() == '\n';
}

std::string parseError(int startLine, int line, std::size_t column, const char *what)
{
    std::string out;
    if (startLine != line)
        out = "record on line " + std::to_string(startLine) + "; ";
    return out + "parse error on line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + what;
}

// One record of Go's encoding/csv (Reader.readRecord) with Comma = '.' and default
// options: empty lines skipped, quoted fields may span lines, errors carry 1-based
// byte columns.
class CsvRecordReader
{
public:
    explicit CsvRecordReader(std::string_view input) : m_reader(input) {}

    std::optional<std::vector<std::string>> read(std::string &error)
    {
        bool more = true;
        do
            more = m_reader.readLine(m_buffer);
        while (more && (m_buffer.empty() || m_buffer == "\n"));
        if (!more) {
            error = "EOF";
            return std::nullopt;
        }
        m_line = m_buffer;
        m_recLine = m_posLine = m_reader.numLine();
        bool endOfRecord = false;
        while (!endOfRecord) {
            const bool ok = (m_line.empty() || m_line[0] != '"') ? unquotedField(endOfRecord, error)
                                                                 : quotedField(endOfRecord, error);
            if (!ok)
                return std::nullopt;
        }
        return std::move(m_fields);
    }

private:
    bool unquotedField(bool &endOfRecord, std::string &error)
    {
        const auto comma = m_line.find('.');
        std::string_view field = m_line.substr(0, comma);
        if (comma == std::string_view::npos && endsWithNewline(field))
            field.remove_suffix(1);
        if (const auto quote = field.find('"'); quote != std::string_view::npos) {
            error = parseError(m_recLine, m_reader.numLine(), m_col + quote, kBareQuote);
            return false;
        }
        m_fields.emplace_back(field);
        endOfRecord = comma == std::string_view::npos;
        if (!endOfRecord) {
            m_line.remove_prefix(comma + 1);
            m_col += comma + 1;
        }
        return true;
    }

    bool quotedField(bool &endOfRecord, std::string &error)
    {
        advance(1);
        std::string field;
        for (;;) {
            const auto quote = m_line.find('"');
            if (quote != std::string_view::npos) {
                field.append(m_line.substr(0, quote));
                advance(quote + 1);
                if (!m_line.empty() && m_line[0] == '"') { // "" is an escaped quote
                    field += '"';
                    advance(1);
                    continue;
                }
                if (!m_line.empty() && m_line[0] == '.') { // end of field
                    advance(1);
                    break;
                }
                if (m_line.empty() || m_line == "\n") {
                    endOfRecord = true;
                    break;
                }
                error = parseError(m_recLine, m_reader.numLine(), m_col - 1, kQuote);
                return false;
            }
            if (m_line.empty()) { // EOF inside the quotes
                error = parseError(m_recLine, m_posLine, m_col, kQuote);
                return false;
            }
            field.append(m_line); // the field goes on on the next line
            m_col += m_line.size();
            if (!m_reader.readLine(m_buffer))
                m_buffer.clear();
            m_line = m_buffer;
            if (!m_line.empty()) {
                ++m_posLine;
                m_col = 1;
            }
        }
        m_fields.push_back(std::move(field));
        return true;
    }

    void advance(std::size_t n)
    {
        m_line.remove_prefix(n);
        m_col += n;
    }

    LineReader m_reader;
    std::string m_buffer;
    std::string_view m_line; // the rest of m_buffer
    int m_recLine = 0;
    int m_posLine = 0;
    std::size_t m_col = 1;
    std::vector<std::string> m_fields;
};

std::string jsonPath(const std::vector<std::string> &path, std::size_t count)
{
    std::string out = ".";
    for (std::size_t i = 0; i < count; ++i)
        out += (i ? "." : "") + path[i];
    return out;
}

// strconv.Atoi; on failure its error text (`strconv.Atoi: parsing "x": invalid syntax`).
// Negative numbers come back as -1: only their sign matters here.
std::optional<long long> atoi(const std::string &s, std::string &error)
{
    std::size_t i = (!s.empty() && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
    const bool negative = i == 1 && s[0] == '-';
    bool syntax = i == s.size();
    bool range = false;
    unsigned long long n = 0;
    const unsigned long long limit = 1ULL << 63; // |math.MinInt64|
    for (; !syntax && i < s.size(); ++i) {
        if (s[i] < '0' || s[i] > '9') {
            syntax = true;
        } else if (!range) {
            const unsigned digit = static_cast<unsigned>(s[i] - '0');
            if (n > (limit - digit) / 10)
                range = true; // keep scanning: a syntax error still wins
            else
                n = n * 10 + digit;
        }
    }
    if (!syntax && !range && (negative ? n > limit : n >= limit))
        range = true;
    if (syntax || range) {
        error = "strconv.Atoi: parsing " + go::strconv::quote(s) + ": " + (syntax ? "invalid syntax" : "value out of range");
        return std::nullopt;
    }
    if (negative)
        return n == 0 ? 0 : -1;
    return static_cast<long long>(n);
}

struct WalkResult
{
    Value value; // Missing when not found
    std::optional<std::string> error;
};

// kube-compare's NestedField (unstructured.go): maps by key, lists by integer
// index when allowed; nil anywhere means not found; anything else is an error.
WalkResult walk(const Value &object, const std::vector<std::string> &path, bool throughLists)
{
    Value v = object;
    for (std::size_t i = 0; i < path.size(); ++i) {
        if (v.isNothing())
            return {};
        if (v.isMap()) {
            v = v.get(path[i]);
            if (v.isMissing())
                return {};
        } else if (v.isList() && throughLists) {
            std::string atoiError;
            const auto index = atoi(path[i], atoiError);
            if (!index)
                return {{}, jsonPath(path, i + 1) + " accessor error: found slice but index " + path[i]
                                + " could not be converted into an int: " + atoiError};
            // A negative index makes Go panic; treat it as absent.
            if (*index < 0 || static_cast<std::size_t>(*index) >= v.list().size())
                return {};
            v = v.list()[static_cast<std::size_t>(*index)];
        } else if (throughLists) {
            return {{}, jsonPath(path, i + 1) + " accessor error: " + go::fmt::formatValue(v) + " is of the type "
                            + go::typeName(v) + ", expected map[string]any or []any"};
        } else {
            return {};
        }
    }
    return {v, std::nullopt};
}

} // namespace

std::optional<FieldPath> FieldPath::parse(std::string_view pathToKey, std::string &error)
{
    if (!pathToKey.empty() && pathToKey[0] == '.')
        pathToKey.remove_prefix(1);
    auto fields = CsvRecordReader(pathToKey).read(error);
    if (!fields)
        return std::nullopt;
    return FieldPath{std::move(*fields)};
}

std::string FieldPath::toString() const
{
    std::string out;
    for (std::size_t i = 0; i < segments.size(); ++i) {
        if (i)
            out += '.';
        out += segments[i];
    }
    return out;
}

Value nestedField(const Value &object, const std::vector<std::string> &path)
{
    return walk(object, path, false).value;
}

Value nestedFieldThroughLists(const Value &object, const std::vector<std::string> &path)
{
    return walk(object, path, true).value;
}

NestedStringResult nestedString(const Value &object, const std::vector<std::string> &path)
{
    NestedStringResult r;
    const WalkResult w = walk(object, path, true);
    if (w.error) {
        r.error = w.error;
        return r;
    }
    if (w.value.isMissing())
        return r;
    r.found = true;
    if (!w.value.isString()) {
        r.error = jsonPath(path, path.size()) + " accessor error: " + go::fmt::formatValue(w.value)
            + " is of the type " + go::typeName(w.value) + ", expected string";
        return r;
    }
    r.value = w.value.str();
    return r;
}

std::optional<std::string> setNestedString(Value &object, const std::vector<std::string> &path,
                                           const std::string &value)
{
    if (path.empty())
        return jsonPath(path, 0) + " accessor error: Not found";
    WalkResult parent = walk(object, std::vector<std::string>(path.begin(), path.end() - 1), true);
    if (parent.error)
        return parent.error;
    if (parent.value.isMissing())
        return jsonPath(path, path.size()) + " accessor error: Not found";
    if (!parent.value.isMap() || parent.value.isTypedNil())
        return jsonPath(path, path.size()) + " accessor error: " + go::fmt::formatValue(parent.value)
            + " is of type " + go::typeName(parent.value) + ", expected map[string]string";
    parent.value.insert(path.back(), Value(value));
    return std::nullopt;
}

void removeNestedField(Value &object, const std::vector<std::string> &path)
{
    if (path.empty())
        return;
    Value parent = nestedField(object, std::vector<std::string>(path.begin(), path.end() - 1));
    if (parent.isMap() && !parent.isTypedNil())
        parent.remove(path.back());
}

} // namespace ds::ref
