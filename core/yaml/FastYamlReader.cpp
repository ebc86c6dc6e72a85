// SPDX-License-Identifier: Apache-2.0
//
// A single-pass reader for the block-style YAML that Kubernetes tools write.
//
// The contract is bit-for-bit agreement with the yaml-cpp reader, not with the
// YAML spec: wherever yaml-cpp deviates (quoted scalars may continue at any
// indentation, clipped quoted scalars lose extra trailing newlines, ...) so do
// we. Scalar text is therefore produced by a faithful port of yaml-cpp 0.7's
// ScanScalar() with the parameters its scanner would use, while the structure
// (mappings, sequences, documents) is recognised line by line for the shapes
// whose yaml-cpp token stream is unambiguous. Anything else declines, and read()
// falls back to yaml-cpp. tests/core/tst_fastyaml.cpp and tests/fuzz/fuzz_yaml.cpp
// check the agreement.
#include "FastYamlReader.h"

#include "YamlScalarValue.h"
#include "YamlV2QuotedScalar.h"
#include "text/Utf8.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>

#ifdef DS_FASTYAML_TRACE
#include <cstdio>
#include <source_location>
#endif

namespace ds::yaml {

namespace {

// Thrown when the text leaves the subset; fastRead() turns it into nullopt.
struct Decline
{
};

#ifdef DS_FASTYAML_TRACE
// Debug builds can print where the fast path gave up.
[[noreturn]] void decline(std::source_location where = std::source_location::current())
{
    std::fprintf(stderr, "fastRead declined at FastYamlReader.cpp:%u\n", where.line());
    throw Decline{};
}
#else
[[noreturn]] void decline()
{
    throw Decline{};
}
#endif

// yaml-cpp's parser gives up at 500 nested nodes; stay well clear of it.
constexpr int kMaxDepth = 200;
// yaml-cpp drops a simple key spanning more than 1024 characters up to its ':'.
constexpr std::size_t kMaxKeyLength = 1000;
// What peek() returns past the end: yaml-cpp's own end-of-stream character,
// which normalize() guarantees cannot occur in the text.
constexpr char kEof = '\x04';

// False for a C0 control other than a line break; notes carriage returns.
bool allowedByte(char c, bool &hasCarriageReturn)
{
    if (static_cast<unsigned char>(c) >= 0x20 || c == '\n')
        return true;
    hasCarriageReturn |= c == '\r';
    return c == '\r';
}

// Whether the only C0 controls are line breaks. Eight bytes at a time: most
// words hold no control character at all.
bool checkControls(std::string_view text, bool &hasCarriageReturn)
{
    constexpr std::uint64_t ones = 0x0101010101010101ULL;
    constexpr std::uint64_t highBits = 0x8080808080808080ULL;
    std::size_t i = 0;
    for (; i + 8 <= text.size(); i += 8) {
        std::uint64_t word;
        std::memcpy(&word, text.data() + i, 8);
        // Some byte < 0x20 ("hasless" from Bit Twiddling Hacks)?
        if (((word - 0x20 * ones) & ~word & highBits) == 0)
            continue;
        for (std::size_t k = i; k < i + 8; ++k)
            if (!allowedByte(text[k], hasCarriageReturn))
                return false;
    }
    for (; i < text.size(); ++i)
        if (!allowedByte(text[i], hasCarriageReturn))
            return false;
    return true;
}

// Strips a UTF-8 byte order mark (yaml-cpp's stream consumes it) and turns CRLF
// into LF (yaml-cpp reads both as one line break, and columns restart after
// either). Returns false for bytes outside the subset: C0 controls other than
// line feed (tabs change yaml-cpp's indentation and simple-key rules, NUL makes
// it guess UTF-16/32, 0x04 is its end-of-stream marker), a carriage return not
// followed by a line feed, and UTF-16/32 byte order marks.
bool normalize(std::string_view text, std::string &storage, std::string_view &out)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    else if (!text.empty() && (static_cast<unsigned char>(text[0]) >= 0xFE))
        return false;
    bool hasCarriageReturn = false;
    if (!checkControls(text, hasCarriageReturn))
        return false;
    if (!hasCarriageReturn) {
        out = text;
        return true;
    }
    storage.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\r') {
            storage.push_back(text[i]);
            continue;
        }
        if (i + 1 >= text.size() || text[i + 1] != '\n')
            return false;
    }
    out = storage;
    return true;
}

// ---------------------------------------------------------------------------
// ScanScalar parameters, as yaml-cpp's scanscalar.h names them.

enum class Fold { DontFold, Block, Flow };
enum class Chomp { Strip, Clip, Keep };
// What ends a scalar besides indentation: only the end of the stream (block
// scalars), ": " or " #" (plain), that or a flow indicator (plain in a flow
// collection), or the closing quote.
enum class End { Stream, Plain, PlainInFlow, SingleQuote, DoubleQuote };
enum class OnDocIndicator { None, Break, Throw };

struct ScanParams
{
    bool eatEnd = false;
    int indent = 0;
    bool detectIndent = false;
    bool eatLeadingWhitespace = false;
    char escape = 0;
    Fold fold = Fold::DontFold;
    bool trimTrailingSpaces = false;
    Chomp chomp = Chomp::Clip;
    OnDocIndicator onDocIndicator = OnDocIndicator::None;
    bool throwOnTabInIndentation = false;
    // output: the scalar ended because a line was indented less than `indent`
    bool leadingSpaces = false;
};

// Characters that need a closer look inside a scalar's line: whitespace and
// breaks, and whatever may end the scalar or start an escape. Everything else
// is copied in bulk.
using CharTable = std::array<bool, 256>;

CharTable specialChars(End end)
{
    CharTable t{};
    t[' '] = t['\t'] = t['\n'] = true;
    switch (end) {
    case End::Stream: break;
    case End::Plain: t[':'] = true; break;
    case End::PlainInFlow:
        for (const char c : std::string_view(":,?[]{}"))
            t[static_cast<unsigned char>(c)] = true;
        break;
    case End::SingleQuote: t['\''] = true; break;
    case End::DoubleQuote: t['"'] = t['\\'] = true; break;
    }
    return t;
}

const CharTable &specialTable(End end)
{
    static const std::array<CharTable, 5> tables{specialChars(End::Stream), specialChars(End::Plain),
                                                 specialChars(End::PlainInFlow),
                                                 specialChars(End::SingleQuote),
                                                 specialChars(End::DoubleQuote)};
    return tables[static_cast<std::size_t>(end)];
}

// Where a node starts decides what it may be: yaml-cpp allows a simple key (and
// so a block mapping or sequence) at the start of a line and after "- ", not
// after "key: ".
enum class Place { LineStart, AfterDash, AfterColon };

// What of the node being read is materialised under ReadOptions::identityOnly.
// Nothing still reads and checks everything, but builds no values.
enum class Keep : std::uint8_t { All, Document, Metadata, Items, Item, Nothing };

// The keep state of the value under `key` in a mapping read with `parent`.
Keep keepForKey(Keep parent, std::string_view key)
{
    switch (parent) {
    case Keep::All: return Keep::All;
    case Keep::Document:
    case Keep::Item:
        if (key == "apiVersion" || key == "kind")
            return Keep::All;
        if (key == "metadata")
            return Keep::Metadata;
        return parent == Keep::Document && key == "items" ? Keep::Items : Keep::Nothing;
    case Keep::Metadata:
        return key == "name" || key == "namespace" || key == "ownerReferences" ? Keep::All : Keep::Nothing;
    case Keep::Items:
    case Keep::Nothing: break;
    }
    return Keep::Nothing;
}

// The keep state of the entries of a sequence read with `parent`.
Keep keepForEntries(Keep parent)
{
    if (parent == Keep::All)
        return Keep::All;
    return parent == Keep::Items ? Keep::Item : Keep::Nothing;
}

// Whether a plain scalar may resolve to something a full read refuses: a
// non-finite number (YAML 1.1 numbers start with a digit, sign or '.'), and as
// a key also null ("", "~", "null", ...) or a merge key ("<<").
bool mayBeRefusedValue(std::string_view text)
{
    return !text.empty() && std::string_view("0123456789+-.").find(text.front()) != std::string_view::npos;
}
bool mayBeRefusedKey(std::string_view text)
{
    return text.empty() || std::string_view("0123456789+-.~nN<").find(text.front()) != std::string_view::npos;
}

class Parser
{
public:
    Parser(std::string_view text, const ReadOptions &options)
        : m_text(text.data()), m_size(text.size()), m_options(options)
    {
    }

    std::vector<Value> parseStream();

private:
    // --- cursor ------------------------------------------------------------
    bool atEnd() const { return m_pos >= m_size; }
    char peek(std::size_t ahead = 0) const { return m_pos + ahead < m_size ? m_text[m_pos + ahead] : kEof; }
    int column() const { return static_cast<int>(m_pos - m_lineStart); }
    void advance()
    {
        if (m_text[m_pos++] == '\n') {
            m_lineStart = m_pos;
            ++m_line;
        }
    }
    bool isBlank(std::size_t ahead = 0) const
    {
        const char c = peek(ahead);
        return c == ' ' || c == '\t';
    }
    bool isBreak(std::size_t ahead = 0) const { return peek(ahead) == '\n'; }
    // yaml-cpp's DocumentMarkerSuffix and friends: blank, break or end of stream.
    bool isSeparator(std::size_t ahead) const
    {
        return m_pos + ahead >= m_size || isBlank(ahead) || isBreak(ahead);
    }
    bool isFlowValueTerminator(std::size_t ahead) const
    {
        const char c = peek(ahead);
        return c == ',' || c == ']' || c == '}';
    }
    bool atDocIndicator() const
    {
        const char c = peek();
        return (c == '-' || c == '.') && peek(1) == c && peek(2) == c && isSeparator(3);
    }
    bool atDocMarker() const { return column() == 0 && atDocIndicator(); }
    bool atDocStart() const { return atDocMarker() && peek() == '-'; }
    bool atDocEnd() const { return atDocMarker() && peek() == '.'; }
    bool atLineEnd() const { return atEnd() || isBreak(); }
    void skipSpaces()
    {
        while (peek() == ' ')
            advance();
    }
    void skipComment()
    {
        while (!atEnd() && !isBreak())
            advance();
    }
    void skipToContent();
    void consumeMarkerLine();

    // --- yaml-cpp's ScanScalar ----------------------------------------------
    template <End E>
    int endMatch() const;
    template <End E>
    std::string scanScalar(ScanParams &params);
    void appendEscape(std::string &out);
    void appendCodePoint(std::string &out, int digits);

    // --- structure -----------------------------------------------------------
    Value parseNode(int top, Place place, int depth);
    Value parsePlainNode(int top, Place place, int depth);
    Value parseQuotedNode(Place place, int depth);
    Value parseBlockScalar(int top);
    Value parseFlow();
    Value parseFlowScalar();
    std::string scanFlowKey();
    Value parseSequence(int col, int depth, bool indentless);
    Value parseMapping(int col, int depth, std::string firstKey);
    Value parseMappingValue(int col, int depth);
    std::string scanKey(int col);
    std::string_view scanPlain(int top);
    bool scanPlainLine(int top, std::string_view &text);
    std::string scanPlainInFlow();
    std::string scanQuoted();
    std::string scanQuotedAsYamlCpp();
    bool atKeyColon(std::size_t keyStart, int keyLine) const;
    bool atPlainStart(bool inFlow) const;
    std::string plainKey(std::string_view text) const;
    bool skimming() const { return m_keep == Keep::Nothing; }
    Value counted(Value v);
    void insertEntry(ValueMap &map, std::string key, Value value) const;

    const char *m_text;
    std::size_t m_size;
    const ReadOptions &m_options;
    std::size_t m_pos = 0;
    std::size_t m_lineStart = 0;
    int m_line = 0;
    std::size_t m_valueCount = 0;
    bool m_plainEndedByIndentation = false; // of the last scanPlain()
    Keep m_keep = Keep::All;
    std::string m_scratch;                  // scanPlain()'s text when it is not a slice
};

// ScanToNextToken: spaces, comments and line breaks between tokens.
void Parser::skipToContent()
{
    while (true) {
        skipSpaces();
        if (peek() == '#')
            skipComment();
        if (!isBreak())
            return;
        advance();
    }
}

// "---" or "..." with nothing but a comment after it; content on the marker
// line ("--- |", "--- a: b") is left to yaml-cpp.
void Parser::consumeMarkerLine()
{
    m_pos += 3;
    skipSpaces();
    if (peek() == '#')
        skipComment();
    if (!atLineEnd())
        decline();
}

// A later duplicate replaces the earlier value, as in the yaml-cpp reader;
// strict decoding makes it an error there, so we decline.
void Parser::insertEntry(ValueMap &map, std::string key, Value value) const
{
    // Kubernetes tools write keys sorted: most keys belong at the end.
    if (map.empty() || map.rbegin()->first < key) {
        map.emplace_hint(map.end(), std::move(key), std::move(value));
        return;
    }
    if (m_options.rejectDuplicateKeys && map.find(key) != map.end())
        decline();
    map.insert_or_assign(std::move(key), std::move(value));
}

Value Parser::counted(Value v)
{
    // The yaml-cpp reader counts scalars and collections but not nulls; counting
    // every node makes us decline a little early, never too late.
    if (++m_valueCount > m_options.maxValues)
        decline();
    return v;
}

// ---------------------------------------------------------------------------
// Port of yaml-cpp's ScanScalar (scanscalar.cpp), phase by phase. Kept literal on
// purpose: its quirks are the behaviour we must reproduce.

// Length of the match of the scalar's end condition at the cursor, -1 for none.
template <End E>
int Parser::endMatch() const
{
    const char c = peek();
    if constexpr (E == End::Stream) {
        return atEnd() ? 0 : -1;
    } else if constexpr (E == End::Plain) {
        // EndScalar (":" + blank, break or end) or CommentAfterBreak (" #").
        if (c == ':' && isSeparator(1))
            return 1;
        return (c == ' ' || c == '\t' || c == '\n') && peek(1) == '#' ? 2 : -1;
    } else if constexpr (E == End::PlainInFlow) {
        // EndScalarInFlow (":" + separator or ",]}", or one of ",?[]{}") or " #".
        if (c == ':' && (isSeparator(1) || isFlowValueTerminator(1)))
            return 1;
        if (c == ',' || c == '?' || c == '[' || c == ']' || c == '{' || c == '}')
            return 1;
        return (c == ' ' || c == '\t' || c == '\n') && peek(1) == '#' ? 2 : -1;
    } else if constexpr (E == End::SingleQuote) {
        return c == '\'' && peek(1) != '\'' ? 1 : -1;
    } else {
        return c == '"' ? 1 : -1;
    }
}

template <End E>
std::string Parser::scanScalar(ScanParams &params)
{
    bool foundNonEmptyLine = false;
    bool pastOpeningBreak = params.fold == Fold::Flow;
    bool emptyLine = false, moreIndented = false;
    int foldedNewlineCount = 0;
    bool foldedNewlineStartedMoreIndented = false;
    std::size_t lastEscapedChar = std::string::npos;
    std::string scalar;
    params.leadingSpaces = false;
    const CharTable &special = specialTable(E);

    while (!atEnd()) {
        // Phase #1: scan until line ending
        std::size_t lastNonWhitespaceChar = scalar.size();
        bool escapedNewline = false;
        while (endMatch<E>() < 0 && !isBreak()) {
            if (atEnd())
                break;
            if (column() == 0 && atDocIndicator()) {
                if (params.onDocIndicator == OnDocIndicator::Break)
                    break;
                if (params.onDocIndicator == OnDocIndicator::Throw)
                    decline();
            }
            foundNonEmptyLine = true;
            pastOpeningBreak = true;
            if (params.escape == '\\' && peek() == '\\' && isBreak(1)) {
                // escaped newline: eat the backslash, keep trailing whitespace
                advance();
                lastNonWhitespaceChar = scalar.size();
                lastEscapedChar = scalar.size();
                escapedNewline = true;
                break;
            }
            if (params.escape != 0 && peek() == params.escape) {
                appendEscape(scalar);
                lastNonWhitespaceChar = scalar.size();
                lastEscapedChar = scalar.size();
                continue;
            }
            const char ch = m_text[m_pos++];
            scalar += ch;
            if (ch != ' ' && ch != '\t') {
                // The ordinary characters after it cannot end the scalar or
                // start anything, and are never whitespace: copy them at once.
                const std::size_t start = m_pos;
                while (m_pos < m_size && !special[static_cast<unsigned char>(m_text[m_pos])])
                    ++m_pos;
                scalar.append(m_text + start, m_pos - start);
                lastNonWhitespaceChar = scalar.size();
            }
        }

        if (atEnd()) {
            if (params.eatEnd)
                decline(); // unterminated quoted scalar
            break;
        }
        if (params.onDocIndicator == OnDocIndicator::Break && column() == 0 && atDocIndicator())
            break;
        const int n = endMatch<E>();
        if (n >= 0) {
            if (params.eatEnd)
                m_pos += static_cast<std::size_t>(n); // a closing quote, never a break
            break;
        }
        if (params.fold == Fold::Flow)
            scalar.erase(lastNonWhitespaceChar);

        // Phase #2: eat line ending
        advance();

        // Phase #3: scan initial spaces; first the required indentation
        while (peek() == ' ' && (column() < params.indent || (params.detectIndent && !foundNonEmptyLine))
               && endMatch<E>() < 0)
            advance();
        if (params.detectIndent && !foundNonEmptyLine)
            params.indent = std::max(params.indent, column());
        // and then the rest of the whitespace
        while (isBlank()) {
            if (peek() == '\t' && column() < params.indent && params.throwOnTabInIndentation)
                decline();
            if (!params.eatLeadingWhitespace)
                break;
            if (endMatch<E>() >= 0)
                break;
            advance();
        }

        const bool nextEmptyLine = isBreak();
        const bool nextMoreIndented = isBlank();
        if (params.fold == Fold::Block && foldedNewlineCount == 0 && nextEmptyLine)
            foldedNewlineStartedMoreIndented = moreIndented;

        // block scalars always start with a newline, which is neither folded nor kept
        if (pastOpeningBreak) {
            switch (params.fold) {
            case Fold::DontFold:
                scalar += '\n';
                break;
            case Fold::Block:
                if (!emptyLine && !nextEmptyLine && !moreIndented && !nextMoreIndented
                    && column() >= params.indent) {
                    scalar += ' ';
                } else if (nextEmptyLine) {
                    ++foldedNewlineCount;
                } else {
                    scalar += '\n';
                }
                if (!nextEmptyLine && foldedNewlineCount > 0) {
                    scalar.append(static_cast<std::size_t>(foldedNewlineCount - 1), '\n');
                    if (foldedNewlineStartedMoreIndented || nextMoreIndented || !foundNonEmptyLine)
                        scalar += '\n';
                    foldedNewlineCount = 0;
                }
                break;
            case Fold::Flow:
                if (nextEmptyLine)
                    scalar += '\n';
                else if (!emptyLine && !escapedNewline)
                    scalar += ' ';
                break;
            }
        }

        emptyLine = nextEmptyLine;
        moreIndented = nextMoreIndented;
        pastOpeningBreak = true;

        // are we done via indentation?
        if (!emptyLine && column() < params.indent) {
            params.leadingSpaces = true;
            break;
        }
    }

    // post-processing
    if (params.trimTrailingSpaces) {
        std::size_t pos = scalar.find_last_not_of(" \t");
        if (lastEscapedChar != std::string::npos && (pos < lastEscapedChar || pos == std::string::npos))
            pos = lastEscapedChar;
        if (pos < scalar.size())
            scalar.erase(pos + 1);
    }
    if (params.chomp == Chomp::Clip || params.chomp == Chomp::Strip) {
        std::size_t pos = scalar.find_last_not_of('\n');
        if (lastEscapedChar != std::string::npos && (pos < lastEscapedChar || pos == std::string::npos))
            pos = lastEscapedChar;
        if (pos == std::string::npos)
            scalar.clear();
        else if (params.chomp == Chomp::Clip && pos + 1 < scalar.size())
            scalar.erase(pos + 2);
        else if (params.chomp == Chomp::Strip && pos < scalar.size())
            scalar.erase(pos + 1);
    }
    return scalar;
}

// Exp::Escape: what a backslash escape (or '' in single quotes) stands for.
// Unknown escapes and invalid code points are yaml-cpp errors.
void Parser::appendEscape(std::string &out)
{
    const char escape = m_text[m_pos++];
    if (atEnd())
        decline();
    const char ch = m_text[m_pos];
    advance();
    if (escape == '\'' && ch == '\'') {
        out += '\'';
        return;
    }
    switch (ch) {
    case '0': out += '\0'; return;
    case 'a': out += '\x07'; return;
    case 'b': out += '\x08'; return;
    case 't':
    case '\t': out += '\x09'; return;
    case 'n': out += '\x0A'; return;
    case 'v': out += '\x0B'; return;
    case 'f': out += '\x0C'; return;
    case 'r': out += '\x0D'; return;
    case 'e': out += '\x1B'; return;
    case ' ': out += ' '; return;
    case '"': out += '"'; return;
    case '\'': out += '\''; return;
    case '\\': out += '\\'; return;
    case '/': out += '/'; return;
    // \N and \_ are single Latin-1 bytes in yaml-cpp 0.7 and UTF-8 in later
    // versions: leave them to whichever yaml-cpp we are built with.
    case 'N':
    case '_': decline();
    case 'L': out += "\xE2\x80\xA8"; return; // LS
    case 'P': out += "\xE2\x80\xA9"; return; // PS
    case 'x': appendCodePoint(out, 2); return;
    case 'u': appendCodePoint(out, 4); return;
    case 'U': appendCodePoint(out, 8); return;
    default: decline();
    }
}

void Parser::appendCodePoint(std::string &out, int digits)
{
    const std::optional<char32_t> value =
        detail::escapedCodePoint(std::string_view(m_text + m_pos, m_size - m_pos), digits);
    if (!value)
        decline();
    m_pos += static_cast<std::size_t>(digits); // hex digits: never a line break
    utf8::appendRune(out, *value);
}

// ---------------------------------------------------------------------------
// Structure.

std::vector<Value> Parser::parseStream()
{
    // yaml-cpp: a document per "---" or run of content; "..." ends one and a
    // stream that is only "..." is one null document.
    std::vector<Value> documents;
    skipToContent();
    while (!atEnd()) {
        if (atDocStart()) {
            consumeMarkerLine();
            skipToContent();
        }
        if (atEnd() || atDocMarker()) {
            documents.push_back(counted(Value::null()));
        } else {
            m_keep = m_options.identityOnly && !m_options.rejectDuplicateKeys ? Keep::Document : Keep::All;
            documents.push_back(parseNode(-1, Place::LineStart, 0));
            skipToContent();
            if (!atEnd() && !atDocMarker())
                decline();
        }
        while (atDocEnd()) {
            consumeMarkerLine();
            skipToContent();
        }
    }
    return documents;
}

// A node whose first character is at the cursor. `top` is the column of the
// innermost block collection (-1 at the top level): yaml-cpp measures the
// indentation of plain and block scalars from it.
Value Parser::parseNode(int top, Place place, int depth)
{
    if (++depth > kMaxDepth)
        decline();
    switch (peek()) {
    case '-':
        if (!isSeparator(1))
            break; // "-1", "-foo": plain
        if (place == Place::AfterColon)
            decline(); // "key: - a" is an error
        return parseSequence(column(), depth, false);
    case '[':
    case '{': return parseFlow();
    case '|':
    case '>': return parseBlockScalar(top);
    case '\'':
    case '"': return parseQuotedNode(place, depth);
    default: break;
    }
    if (!atPlainStart(false))
        decline(); // complex or empty key, anchor, alias, tag, directive, reserved
    return parsePlainNode(top, place, depth);
}

// yaml-cpp's PlainScalar and PlainScalarInFlow: may a plain scalar start here?
bool Parser::atPlainStart(bool inFlow) const
{
    const char c = peek();
    if (atEnd() || c == ' ' || c == '\t' || c == '\n')
        return false;
    const std::string_view indicators = inFlow ? "?,[]{}#&*!|>'\"%@`" : ",[]{}#&*!|>'\"%@`";
    if (indicators.find(c) != std::string_view::npos)
        return false;
    // '-', '?' and ':' do when no separator follows ('?' always ends a flow scalar)
    if (c == '-' || c == ':')
        return inFlow ? !isBlank(1) && m_pos + 1 < m_size : !isSeparator(1);
    if (c == '?')
        return !isSeparator(1);
    return true;
}

// The text of a plain scalar; it stays valid until the next scan.
std::string_view Parser::scanPlain(int top)
{
    std::string_view text;
    if (scanPlainLine(top, text))
        return text;
    ScanParams params;
    params.indent = top + 1; // computed before yaml-cpp pushes a potential key's indent
    params.fold = Fold::Flow;
    params.eatLeadingWhitespace = true;
    params.trimTrailingSpaces = true;
    params.chomp = Chomp::Strip;
    params.onDocIndicator = OnDocIndicator::Break;
    params.throwOnTabInIndentation = true;
    m_scratch = scanScalar<End::Plain>(params);
    m_plainEndedByIndentation = params.leadingSpaces;
    return m_scratch;
}

// What scanScalar() makes of the usual plain scalar, which stays on its line
// and is followed by a less indented line, the end of the text or ": ". Returns
// false, having consumed nothing, for anything else (folding, comments, ...).
bool Parser::scanPlainLine(int top, std::string_view &text)
{
    const char *const begin = m_text + m_pos;
    const char *const end = m_text + m_size;
    const char *stop = begin;
    for (; stop < end && *stop != '\n'; ++stop) {
        if (*stop == ':' && (stop + 1 == end || stop[1] == ' ' || stop[1] == '\n'))
            break; // a key's ':'
        if (*stop == ' ' && stop + 1 < end && stop[1] == '#')
            return false;
    }
    const char *const lineEnd = stop < end && *stop == '\n' ? stop : nullptr;
    const char *last = stop;
    while (last > begin && last[-1] == ' ')
        --last;
    if (!lineEnd) {
        m_pos = static_cast<std::size_t>(stop - m_text);
        m_plainEndedByIndentation = false;
    } else {
        const char *next = lineEnd + 1;
        while (next < end && *next == ' ')
            ++next;
        if (next == end || *next == '\n' || *next == '#' || next - (lineEnd + 1) >= top + 1)
            return false; // blank or comment line, or a continuation
        m_lineStart = static_cast<std::size_t>(lineEnd + 1 - m_text);
        m_pos = static_cast<std::size_t>(next - m_text);
        ++m_line;
        m_plainEndedByIndentation = true;
    }
    text = std::string_view(begin, static_cast<std::size_t>(last - begin));
    return true;
}

std::string Parser::scanPlainInFlow()
{
    ScanParams params;
    params.indent = 0;
    params.fold = Fold::Flow;
    params.eatLeadingWhitespace = true;
    params.trimTrailingSpaces = true;
    params.chomp = Chomp::Strip;
    params.onDocIndicator = OnDocIndicator::Break;
    params.throwOnTabInIndentation = true;
    return scanScalar<End::PlainInFlow>(params);
}

// A quoted scalar holding NEL, LS or PS reads as yaml.v2 reads it (both readers
// do this, see YamlV2QuotedScalar.h).
std::string Parser::scanQuoted()
{
    const std::size_t quote = m_pos;
    std::string value = scanQuotedAsYamlCpp();
    if (!detail::mayReadOtherwiseInYamlV2(value))
        return value;
    std::optional<detail::QuotedScalar> v2 = detail::scanQuotedAsYamlV2({m_text, m_size}, quote);
    if (!v2 || v2->end != m_pos)
        decline();
    return std::move(v2->value);
}

std::string Parser::scanQuotedAsYamlCpp()
{
    const bool single = peek() == '\'';
    // Usually the closing quote is on the same line, with no escapes before it.
    const char *const begin = m_text + m_pos + 1;
    std::size_t length = 0;
    while (m_pos + 1 + length < m_size) {
        const char c = begin[length];
        if (c == '\n' || (!single && c == '\\'))
            break;
        if (c == (single ? '\'' : '"')) {
            if (single && m_pos + 2 + length < m_size && begin[length + 1] == '\'')
                break; // '' escape
            m_pos += length + 2;
            return std::string(begin, length);
        }
        ++length;
    }
    ScanParams params;
    params.eatEnd = true;
    params.escape = single ? '\'' : '\\';
    params.indent = 0;
    params.fold = Fold::Flow;
    params.eatLeadingWhitespace = true;
    params.chomp = Chomp::Clip;
    params.onDocIndicator = OnDocIndicator::Throw;
    advance(); // the opening quote
    return single ? scanScalar<End::SingleQuote>(params) : scanScalar<End::DoubleQuote>(params);
}

// Whether the scalar just scanned is a simple key: ':' + separator on the line
// it started on, within yaml-cpp's length limit.
bool Parser::atKeyColon(std::size_t keyStart, int keyLine) const
{
    if (peek() != ':' || !isSeparator(1))
        return false;
    if (m_line != keyLine || m_pos - keyStart > kMaxKeyLength)
        decline(); // yaml-cpp would not take it as a key: an error
    return true;
}

// sigs.k8s.io/yaml's key for a plain key; null and non-finite keys are errors
// and merge keys need yaml-cpp's merge handling.
std::string Parser::plainKey(std::string_view text) const
{
    if (skimming() && !mayBeRefusedKey(text))
        return {};
    if (text.size() == 2 && text[0] == '<' && text[1] == '<')
        decline();
    std::optional<std::string> key = detail::plainKeyText(text);
    if (!key)
        decline();
    return std::move(*key);
}

Value Parser::parsePlainNode(int top, Place place, int depth)
{
    const std::size_t start = m_pos;
    const int line = m_line;
    const int col = column();
    const std::string_view text = scanPlain(top);
    if (!m_plainEndedByIndentation && atKeyColon(start, line)) {
        if (place == Place::AfterColon)
            decline(); // "a: b: c"
        return parseMapping(col, depth, plainKey(text));
    }
    if (skimming() && !mayBeRefusedValue(text))
        return counted(Value::null());
    std::optional<Value> value = detail::plainScalarValue(text, m_options.numbers);
    if (!value)
        decline(); // ±Inf/NaN: a conversion error
    return counted(skimming() ? Value::null() : std::move(*value));
}

Value Parser::parseQuotedNode(Place place, int depth)
{
    const std::size_t start = m_pos;
    const int line = m_line;
    const int col = column();
    std::string text = scanQuoted();
    skipSpaces();
    if (atKeyColon(start, line)) {
        if (place == Place::AfterColon)
            decline();
        return parseMapping(col, depth, std::move(text));
    }
    if (!atLineEnd() && peek() != '#')
        decline(); // something after the closing quote
    return counted(skimming() ? Value::null() : Value(std::move(text)));
}

// ScanBlockScalar: the header line, then ScanScalar with the indentation
// measured from the enclosing collection.
Value Parser::parseBlockScalar(int top)
{
    ScanParams params;
    params.indent = 1;
    params.detectIndent = true;
    params.fold = m_text[m_pos] == '>' ? Fold::Block : Fold::DontFold;
    advance();
    // Exp::Chomp: [+-][0-9] | [0-9][+-] | [+-] | [0-9]
    auto isChomp = [](char c) { return c == '+' || c == '-'; };
    auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
    int indicators = 0;
    if ((isChomp(peek()) && isDigit(peek(1))) || (isDigit(peek()) && isChomp(peek(1))))
        indicators = 2;
    else if (isChomp(peek()) || isDigit(peek()))
        indicators = 1;
    for (int i = 0; i < indicators; ++i) {
        const char ch = m_text[m_pos++];
        if (ch == '+') {
            params.chomp = Chomp::Keep;
        } else if (ch == '-') {
            params.chomp = Chomp::Strip;
        } else {
            if (ch == '0')
                decline();
            params.indent = ch - '0';
            params.detectIndent = false;
        }
    }
    skipSpaces();
    if (peek() == '#')
        skipComment();
    if (!atLineEnd())
        decline();
    if (top >= 0)
        params.indent += top;
    params.throwOnTabInIndentation = true;
    std::string text = scanScalar<End::Stream>(params);
    return counted(skimming() ? Value::null() : Value(std::move(text)));
}

// A flow collection on one line whose entries are scalars: "[]", "{ }",
// "[a, 'b']", "{a: 1, "b": c}". Nested, multi-line, empty or compact entries
// ("[a: b]") go to yaml-cpp.
Value Parser::parseFlow()
{
    const bool isMap = peek() == '{';
    const char close = isMap ? '}' : ']';
    const int line = m_line;
    advance();
    skipSpaces();
    ValueList items;
    ValueMap map;
    while (peek() != close) {
        if (isMap) {
            std::string key = scanFlowKey();
            Value value = parseFlowScalar();
            if (!skimming())
                insertEntry(map, std::move(key), std::move(value));
        } else if (Value value = parseFlowScalar(); !skimming()) {
            items.push_back(std::move(value));
        }
        skipSpaces();
        if (peek() == ',') {
            advance();
            skipSpaces();
            if (peek() == close)
                decline(); // a trailing comma
        } else if (peek() != close) {
            decline();
        }
    }
    advance();
    skipSpaces();
    if (m_line != line || (!atLineEnd() && peek() != '#'))
        decline(); // a flow key ("{}: a") or more content
    if (skimming())
        return counted(Value::null());
    return counted(isMap ? Value(std::move(map)) : Value(std::move(items)));
}

// A plain or quoted scalar inside a flow collection, not followed by ':'.
Value Parser::parseFlowScalar()
{
    const char c = peek();
    const int line = m_line;
    if (c == '\'' || c == '"') {
        std::string text = scanQuoted();
        skipSpaces();
        if (m_line != line || peek() == ':')
            decline(); // multi-line, or a compact mapping (after quotes ':' needs no space)
        return counted(skimming() ? Value::null() : Value(std::move(text)));
    }
    if (!atPlainStart(true))
        decline(); // nested collections, anchors, ...
    std::string text = scanPlainInFlow();
    if (m_line != line || peek() == ':')
        decline();
    if (skimming() && !mayBeRefusedValue(text))
        return counted(Value::null());
    std::optional<Value> value = detail::plainScalarValue(text, m_options.numbers);
    if (!value)
        decline();
    return counted(skimming() ? Value::null() : std::move(*value));
}

// "key: " inside a flow mapping; the cursor ends on the value.
std::string Parser::scanFlowKey()
{
    const char c = peek();
    const int line = m_line;
    std::string key;
    if (c == '\'' || c == '"') {
        key = scanQuoted();
        skipSpaces();
    } else {
        if (!atPlainStart(true))
            decline();
        key = plainKey(scanPlainInFlow());
    }
    if (m_line != line || peek() != ':' || peek(1) != ' ')
        decline();
    advance();
    skipSpaces();
    return key;
}

// A block sequence whose first "-" is at the cursor, in column `col`. An indentless
// sequence (a mapping value at the mapping's own indentation) ends at a line
// that is not an entry; any other sequence must not meet such a line.
Value Parser::parseSequence(int col, int depth, bool indentless)
{
    const Keep keep = m_keep;
    ValueList items;
    while (true) {
        advance(); // '-'
        skipSpaces();
        if (peek() == '#')
            skipComment();
        m_keep = keepForEntries(keep);
        Value item;
        if (!atLineEnd()) {
            item = parseNode(col, Place::AfterDash, depth);
        } else {
            skipToContent();
            const bool nested = !atEnd() && !atDocMarker() && column() > col;
            item = nested ? parseNode(col, Place::LineStart, depth) : counted(Value::null());
        }
        m_keep = keep;
        if (!skimming())
            items.push_back(std::move(item));
        skipToContent();
        if (atEnd() || atDocMarker() || column() < col)
            break;
        if (column() > col)
            decline();
        if (peek() == '-' && isSeparator(1))
            continue;
        if (indentless)
            break;
        decline();
    }
    return counted(skimming() ? Value::null() : Value(std::move(items)));
}

// A block mapping in column `col` whose first key has been scanned; the cursor is
// on its ':'.
Value Parser::parseMapping(int col, int depth, std::string key)
{
    const Keep keep = m_keep;
    ValueMap map;
    while (true) {
        advance(); // ':'
        m_keep = keepForKey(keep, key);
        const bool skimmed = skimming();
        Value value = parseMappingValue(col, depth);
        m_keep = keep;
        // A value read without building it is left out, not kept as a null:
        // an identity-only document is then just the identity (no 10 extra
        // entries in each of 50,000 documents; DocumentDecoder shares it).
        if (!skimming() && !skimmed)
            insertEntry(map, std::move(key), std::move(value));
        skipToContent();
        if (atEnd() || atDocMarker() || column() < col)
            break;
        if (column() > col)
            decline();
        key = scanKey(col);
    }
    return counted(skimming() ? Value::null() : Value(std::move(map)));
}

// The value after "key:", on the same line or below it; a sequence may sit at
// the key's own indentation.
Value Parser::parseMappingValue(int col, int depth)
{
    skipSpaces();
    if (peek() == '#')
        skipComment();
    if (!atLineEnd())
        return parseNode(col, Place::AfterColon, depth);
    skipToContent();
    if (atEnd() || atDocMarker())
        return counted(Value::null());
    if (column() > col)
        return parseNode(col, Place::LineStart, depth);
    if (column() == col && peek() == '-' && isSeparator(1))
        return parseSequence(col, depth + 1, true);
    return counted(Value::null());
}

// The next key of a mapping in column `col`: a one-line plain or quoted scalar and
// its ':'. The cursor ends on the ':'.
std::string Parser::scanKey(int col)
{
    const std::size_t start = m_pos;
    const int line = m_line;
    const char c = peek();
    if (c == '\'' || c == '"') {
        std::string text = scanQuoted();
        skipSpaces();
        if (!atKeyColon(start, line))
            decline();
        return text;
    }
    if (!atPlainStart(false))
        decline();
    const std::string_view text = scanPlain(col);
    if (m_plainEndedByIndentation || !atKeyColon(start, line))
        decline();
    return plainKey(text);
}

} // namespace

std::optional<ReadResult> fastRead(std::string_view text, const ReadOptions &options)
{
    std::string storage;
    std::string_view normalized;
    if (!normalize(text, storage, normalized))
        return std::nullopt;
    try {
        ReadResult result;
        result.documents = Parser(normalized, options).parseStream();
        result.identityOnly = options.identityOnly && !options.rejectDuplicateKeys;
        if (options.firstDocumentOnly && result.documents.size() > 1)
            result.documents.resize(1);
        return result;
    } catch (const Decline &) {
        return std::nullopt;
    }
}

} // namespace ds::yaml
