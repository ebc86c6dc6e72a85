// SPDX-License-Identifier: Apache-2.0
#include "TemplateLexer.h"

#include "text/Utf8.h"

#include <cstdio>

namespace ds::tmpl {

namespace {

constexpr std::string_view kLeftDelim = "{{";
constexpr std::string_view kRightDelim = "}}";
constexpr std::string_view kLeftComment = "/*";
constexpr std::string_view kRightComment = "*/";
constexpr std::string_view kSpaceChars = " \t\r\n";
constexpr std::size_t kTrimMarkerLen = 2;

bool isSpace(int r) { return r == ' ' || r == '\t' || r == '\r' || r == '\n'; }

bool isAlphaNumeric(int r)
{
    if (r < 0)
        return false;
    return r == '_' || utf8::isLetter(static_cast<char32_t>(r)) || utf8::isUnicodeDigit(static_cast<char32_t>(r));
}

bool hasLeftTrimMarker(std::string_view s) { return s.size() >= 2 && s[0] == '-' && isSpace(s[1]); }
bool hasRightTrimMarker(std::string_view s) { return s.size() >= 2 && isSpace(s[0]) && s[1] == '-'; }

std::size_t rightTrimLength(std::string_view s)
{
    const std::size_t end = s.find_last_not_of(kSpaceChars);
    return end == std::string_view::npos ? s.size() : s.size() - end - 1;
}

std::size_t leftTrimLength(std::string_view s)
{
    const std::size_t start = s.find_first_not_of(kSpaceChars);
    return start == std::string_view::npos ? s.size() : start;
}

int countNewlines(std::string_view s)
{
    int n = 0;
    for (char c : s)
        n += c == '\n';
    return n;
}

struct Keyword
{
    std::string_view word;
    TemplateLexer::ItemType type;
};

constexpr Keyword kKeywords[] = {
    {".", TemplateLexer::ItemType::Dot},         {"block", TemplateLexer::ItemType::Block},
    {"break", TemplateLexer::ItemType::Break},   {"continue", TemplateLexer::ItemType::Continue},
    {"define", TemplateLexer::ItemType::Define}, {"else", TemplateLexer::ItemType::Else},
    {"end", TemplateLexer::ItemType::End},       {"if", TemplateLexer::ItemType::If},
    {"range", TemplateLexer::ItemType::Range},   {"nil", TemplateLexer::ItemType::Nil},
    {"template", TemplateLexer::ItemType::Template}, {"with", TemplateLexer::ItemType::With},
};

// Go's %#U: U+002D '-'
std::string goRuneU(int r)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(r < 0 ? 0xFFFD : r));
    std::string s = buf;
    if (r >= 0 && utf8::isPrint(static_cast<char32_t>(r))) {
        s += " '";
        utf8::appendRune(s, static_cast<char32_t>(r));
        s += "'";
    }
    return s;
}

// Go's strconv.Quote, enough for item descriptions.
std::string goQuote(std::string_view s)
{
    std::string out = "\"";
    for (std::size_t i = 0; i < s.size();) {
        int w = 1;
        const char32_t r = utf8::decodeRune(s, i, w);
        if (r == utf8::kRuneError && w == 1) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(s[i]));
            out += buf;
        } else if (r == '"' || r == '\\') {
            out += '\\';
            out += static_cast<char>(r);
        } else if (utf8::isPrint(r)) {
            out.append(s.substr(i, static_cast<std::size_t>(w)));
        } else {
            switch (r) {
            case '\a': out += "\\a"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            case '\v': out += "\\v"; break;
            default: {
                char buf[16];
                if (r < 0x80)
                    std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(r));
                else if (r < 0x10000)
                    std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(r));
                else
                    std::snprintf(buf, sizeof buf, "\\U%08x", static_cast<unsigned>(r));
                out += buf;
            }
            }
        }
        i += static_cast<std::size_t>(w);
    }
    return out + "\"";
}

} // namespace

std::string TemplateLexer::Item::describe() const
{
    if (type == ItemType::Eof)
        return "EOF";
    if (type == ItemType::Error)
        return errorText;
    if (type > ItemType::Keyword)
        return "<" + std::string(value) + ">";
    if (value.size() > 10) {
        // %.10q: the first ten runes, quoted, then "..."
        std::size_t i = 0;
        for (int n = 0; n < 10 && i < value.size(); ++n) {
            int w = 1;
            utf8::decodeRune(value, i, w);
            i += static_cast<std::size_t>(w);
        }
        return goQuote(value.substr(0, i)) + "...";
    }
    return goQuote(value);
}

TemplateLexer::TemplateLexer(std::string_view input, bool breakAllowed, bool continueAllowed)
    : m_input(input), m_breakOk(breakAllowed), m_continueOk(continueAllowed)
{
}

int TemplateLexer::next()
{
    if (m_pos >= m_input.size()) {
        m_atEof = true;
        m_lastWidth = 0;
        return kEof;
    }
    int w = 1;
    const char32_t r = utf8::decodeRune(m_input, m_pos, w);
    m_pos += static_cast<std::size_t>(w);
    m_lastWidth = w;
    if (r == '\n')
        ++m_line;
    return static_cast<int>(r);
}

int TemplateLexer::peek()
{
    const int r = next();
    backup();
    return r;
}

void TemplateLexer::backup()
{
    if (!m_atEof && m_pos > 0) {
        // Go decodes the last rune again; every caller backs up right after next().
        m_pos -= static_cast<std::size_t>(m_lastWidth);
        if (m_input[m_pos] == '\n')
            --m_line;
    }
}

TemplateLexer::Item TemplateLexer::thisItem(ItemType t)
{
    Item i;
    i.type = t;
    i.pos = m_start;
    i.value = m_input.substr(m_start, m_pos - m_start);
    i.line = m_startLine;
    m_start = m_pos;
    m_startLine = m_line;
    return i;
}

TemplateLexer::State TemplateLexer::emitType(ItemType t)
{
    return emitItem(thisItem(t));
}

TemplateLexer::State TemplateLexer::emitItem(Item item)
{
    m_item = std::move(item);
    return State::Done;
}

void TemplateLexer::ignore()
{
    m_line += countNewlines(m_input.substr(m_start, m_pos - m_start));
    m_start = m_pos;
    m_startLine = m_line;
}

bool TemplateLexer::accept(std::string_view valid)
{
    const int r = next();
    if (r >= 0 && r < 0x80 && valid.find(static_cast<char>(r)) != std::string_view::npos)
        return true;
    backup();
    return false;
}

void TemplateLexer::acceptRun(std::string_view valid)
{
    for (;;) {
        const int r = next();
        if (r < 0 || r >= 0x80 || valid.find(static_cast<char>(r)) == std::string_view::npos)
            break;
    }
    backup();
}

TemplateLexer::State TemplateLexer::errorf(std::string message)
{
    Item i;
    i.type = ItemType::Error;
    i.pos = m_start;
    i.errorText = std::move(message);
    i.line = m_startLine;
    m_item = std::move(i);
    m_start = 0;
    m_pos = 0;
    m_input = m_input.substr(0, 0);
    return State::Done;
}

TemplateLexer::Item TemplateLexer::nextItem()
{
    m_item = Item{ItemType::Eof, m_pos, "EOF", {}, m_startLine};
    State state = m_insideAction ? State::InsideAction : State::Text;
    while (state != State::Done) {
        switch (state) {
        case State::Text: state = lexText(); break;
        case State::LeftDelim: state = lexLeftDelim(); break;
        case State::Comment: state = lexComment(); break;
        case State::RightDelim: state = lexRightDelim(); break;
        case State::InsideAction: state = lexInsideAction(); break;
        case State::Space: state = lexSpace(); break;
        case State::Identifier: state = lexIdentifier(); break;
        case State::Field: state = lexFieldOrVariable(ItemType::Field); break;
        case State::Variable:
            state = atTerminator() ? emitType(ItemType::Variable) : lexFieldOrVariable(ItemType::Variable);
            break;
        case State::Char: state = lexChar(); break;
        case State::Number: state = lexNumber(); break;
        case State::Quote: state = lexQuote(); break;
        case State::RawQuote: state = lexRawQuote(); break;
        case State::Done: break;
        }
    }
    return m_item;
}

TemplateLexer::State TemplateLexer::lexText()
{
    const std::size_t x = m_input.find(kLeftDelim, m_pos);
    if (x != std::string_view::npos) {
        if (x > m_pos) {
            m_pos = x;
            std::size_t trimLength = 0;
            const std::size_t delimEnd = m_pos + kLeftDelim.size();
            if (hasLeftTrimMarker(m_input.substr(delimEnd)))
                trimLength = rightTrimLength(m_input.substr(m_start, m_pos - m_start));
            m_pos -= trimLength;
            m_line += countNewlines(m_input.substr(m_start, m_pos - m_start));
            Item i = thisItem(ItemType::Text);
            m_pos += trimLength;
            ignore();
            if (!i.value.empty())
                return emitItem(std::move(i));
        }
        return State::LeftDelim;
    }
    m_pos = m_input.size();
    if (m_pos > m_start) {
        m_line += countNewlines(m_input.substr(m_start, m_pos - m_start));
        return emitType(ItemType::Text);
    }
    return emitType(ItemType::Eof);
}

bool TemplateLexer::atRightDelim(bool &trimSpaces) const
{
    const std::string_view rest = m_input.substr(m_pos);
    if (hasRightTrimMarker(rest) && rest.substr(kTrimMarkerLen).substr(0, kRightDelim.size()) == kRightDelim) {
        trimSpaces = true;
        return true;
    }
    trimSpaces = false;
    return rest.substr(0, kRightDelim.size()) == kRightDelim;
}

TemplateLexer::State TemplateLexer::lexLeftDelim()
{
    m_pos += kLeftDelim.size();
    const bool trimSpace = hasLeftTrimMarker(m_input.substr(m_pos));
    const std::size_t afterMarker = trimSpace ? kTrimMarkerLen : 0;
    if (m_input.substr(m_pos + afterMarker).substr(0, kLeftComment.size()) == kLeftComment) {
        m_pos += afterMarker;
        ignore();
        return State::Comment;
    }
    Item i = thisItem(ItemType::LeftDelim);
    m_insideAction = true;
    m_pos += afterMarker;
    ignore();
    m_parenDepth = 0;
    return emitItem(std::move(i));
}

TemplateLexer::State TemplateLexer::lexComment()
{
    m_pos += kLeftComment.size();
    const std::size_t x = m_input.find(kRightComment, m_pos);
    if (x == std::string_view::npos)
        return errorf("unclosed comment");
    m_pos = x + kRightComment.size();
    bool trimSpace = false;
    if (!atRightDelim(trimSpace))
        return errorf("comment ends before closing delimiter");
    Item i = thisItem(ItemType::Comment);
    (void)i; // comments are not emitted (no ParseComments mode)
    if (trimSpace)
        m_pos += kTrimMarkerLen;
    m_pos += kRightDelim.size();
    if (trimSpace)
        m_pos += leftTrimLength(m_input.substr(m_pos));
    ignore();
    return State::Text;
}

TemplateLexer::State TemplateLexer::lexRightDelim()
{
    bool trimSpace = false;
    atRightDelim(trimSpace);
    if (trimSpace) {
        m_pos += kTrimMarkerLen;
        ignore();
    }
    m_pos += kRightDelim.size();
    Item i = thisItem(ItemType::RightDelim);
    if (trimSpace) {
        m_pos += leftTrimLength(m_input.substr(m_pos));
        ignore();
    }
    m_insideAction = false;
    return emitItem(std::move(i));
}

TemplateLexer::State TemplateLexer::lexInsideAction()
{
    bool trim = false;
    if (atRightDelim(trim)) {
        if (m_parenDepth == 0)
            return State::RightDelim;
        return errorf("unclosed left paren");
    }
    const int r = next();
    if (r == kEof)
        return errorf("unclosed action");
    if (isSpace(r)) {
        backup(); // put the space back in case we have " -}}"
        return State::Space;
    }
    switch (r) {
    case '=': return emitType(ItemType::Assign);
    case ':':
        if (next() != '=')
            return errorf("expected :=");
        return emitType(ItemType::Declare);
    case '|': return emitType(ItemType::Pipe);
    case '"': return State::Quote;
    case '`': return State::RawQuote;
    case '$': return State::Variable;
    case '\'': return State::Char;
    case '(':
        ++m_parenDepth;
        return emitType(ItemType::LeftParen);
    case ')':
        --m_parenDepth;
        if (m_parenDepth < 0)
            return errorf("unexpected right paren");
        return emitType(ItemType::RightParen);
    default: break;
    }
    if (r == '.') {
        // ".field" unless a digit follows ('.' can start a number)
        if (m_pos < m_input.size()) {
            const char c = m_input[m_pos];
            if (c < '0' || c > '9')
                return State::Field;
        }
        backup();
        return State::Number;
    }
    if (r == '+' || r == '-' || (r >= '0' && r <= '9')) {
        backup();
        return State::Number;
    }
    if (isAlphaNumeric(r)) {
        backup();
        return State::Identifier;
    }
    if (r <= 0x7F && utf8::isPrint(static_cast<char32_t>(r)))
        return emitType(ItemType::Char);
    return errorf("unrecognized character in action: " + goRuneU(r));
}

TemplateLexer::State TemplateLexer::lexSpace()
{
    int numSpaces = 0;
    while (isSpace(peek())) {
        next();
        ++numSpaces;
    }
    // A trim-marked closing delimiter starts with a space: " -}}".
    const std::string_view fromLastSpace = m_input.substr(m_pos - 1);
    if (hasRightTrimMarker(fromLastSpace)
        && fromLastSpace.substr(kTrimMarkerLen).substr(0, kRightDelim.size()) == kRightDelim) {
        // back up before the space
        --m_pos;
        if (m_input[m_pos] == '\n')
            --m_line;
        if (numSpaces == 1)
            return State::RightDelim;
    }
    return emitType(ItemType::Space);
}

TemplateLexer::State TemplateLexer::lexIdentifier()
{
    for (;;) {
        const int r = next();
        if (isAlphaNumeric(r))
            continue;
        backup();
        const std::string_view word = m_input.substr(m_start, m_pos - m_start);
        if (!atTerminator())
            return errorf("bad character " + goRuneU(r));
        for (const auto &k : kKeywords) {
            if (k.word == word) {
                if ((k.type == ItemType::Break && !m_breakOk) || (k.type == ItemType::Continue && !m_continueOk))
                    return emitType(ItemType::Identifier);
                return emitType(k.type);
            }
        }
        if (!word.empty() && word[0] == '.')
            return emitType(ItemType::Field);
        if (word == "true" || word == "false")
            return emitType(ItemType::Bool);
        return emitType(ItemType::Identifier);
    }
}

TemplateLexer::State TemplateLexer::lexFieldOrVariable(ItemType t)
{
    if (atTerminator())
        return t == ItemType::Variable ? emitType(ItemType::Variable) : emitType(ItemType::Dot);
    int r = 0;
    for (;;) {
        r = next();
        if (!isAlphaNumeric(r)) {
            backup();
            break;
        }
    }
    if (!atTerminator())
        return errorf("bad character " + goRuneU(r));
    return emitType(t);
}

bool TemplateLexer::atTerminator()
{
    const int r = peek();
    if (isSpace(r))
        return true;
    switch (r) {
    case kEof: case '.': case ',': case '|': case ':': case ')': case '(':
        return true;
    default: break;
    }
    return m_input.substr(m_pos).substr(0, kRightDelim.size()) == kRightDelim;
}

TemplateLexer::State TemplateLexer::lexChar()
{
    for (;;) {
        int r = next();
        if (r == '\\') {
            r = next();
            if (r != kEof && r != '\n')
                continue;
            return errorf("unterminated character constant");
        }
        if (r == kEof || r == '\n')
            return errorf("unterminated character constant");
        if (r == '\'')
            break;
    }
    return emitType(ItemType::CharConstant);
}

bool TemplateLexer::scanNumber()
{
    accept("+-");
    std::string_view digits = "0123456789_";
    if (accept("0")) {
        if (accept("xX"))
            digits = "0123456789abcdefABCDEF_";
        else if (accept("oO"))
            digits = "01234567_";
        else if (accept("bB"))
            digits = "01_";
    }
    acceptRun(digits);
    if (accept("."))
        acceptRun(digits);
    if (digits.size() == 10 + 1 && accept("eE")) {
        accept("+-");
        acceptRun("0123456789_");
    }
    if (digits.size() == 16 + 6 + 1 && accept("pP")) {
        accept("+-");
        acceptRun("0123456789_");
    }
    accept("i");
    if (isAlphaNumeric(peek())) {
        next();
        return false;
    }
    return true;
}

TemplateLexer::State TemplateLexer::lexNumber()
{
    auto badNumber = [this] {
        return errorf("bad number syntax: " + goQuote(m_input.substr(m_start, m_pos - m_start)));
    };
    if (!scanNumber())
        return badNumber();
    const int sign = peek();
    if (sign == '+' || sign == '-') {
        if (!scanNumber() || m_input[m_pos - 1] != 'i')
            return badNumber();
        return emitType(ItemType::Complex);
    }
    return emitType(ItemType::Number);
}

TemplateLexer::State TemplateLexer::lexQuote()
{
    for (;;) {
        int r = next();
        if (r == '\\') {
            r = next();
            if (r != kEof && r != '\n')
                continue;
            return errorf("unterminated quoted string");
        }
        if (r == kEof || r == '\n')
            return errorf("unterminated quoted string");
        if (r == '"')
            break;
    }
    return emitType(ItemType::String);
}

TemplateLexer::State TemplateLexer::lexRawQuote()
{
    for (;;) {
        const int r = next();
        if (r == kEof)
            return errorf("unterminated raw quoted string");
        if (r == '`')
            break;
    }
    return emitType(ItemType::RawString);
}

} // namespace ds::tmpl
