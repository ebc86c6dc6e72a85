// SPDX-License-Identifier: Apache-2.0
#include "GoRegexp.h"

#include "text/Utf8.h"

#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <map>
#include <mutex>

namespace ds::go {

namespace {

// Go's regexp/syntax.ErrorCode texts.
constexpr std::string_view kErrInternal = "regexp/syntax: internal error";
constexpr std::string_view kErrInvalidCharRange = "invalid character class range";
constexpr std::string_view kErrInvalidEscape = "invalid escape sequence";
constexpr std::string_view kErrInvalidNamedCapture = "invalid named capture";
constexpr std::string_view kErrInvalidPerlOp = "invalid or unsupported Perl syntax";
constexpr std::string_view kErrInvalidRepeatOp = "invalid nested repetition operator";
constexpr std::string_view kErrInvalidRepeatSize = "invalid repeat count";
constexpr std::string_view kErrInvalidUtf8 = "invalid UTF-8";
constexpr std::string_view kErrMissingBracket = "missing closing ]";
constexpr std::string_view kErrMissingParen = "missing closing )";
constexpr std::string_view kErrMissingRepeatArgument = "missing argument to repetition operator";
constexpr std::string_view kErrTrailingBackslash = "trailing backslash at end of expression";
constexpr std::string_view kErrUnexpectedParen = "unexpected )";
constexpr std::string_view kErrNestingDepth = "expression nests too deeply";
constexpr std::string_view kErrLarge = "expression too large";

// Go's parser limits (regexp/syntax/parse.go).
constexpr int kMaxRepeat = 1000;
constexpr int kMaxHeight = 1000;
constexpr std::int64_t kMaxSize = (std::int64_t(128) << 20) / 40;
// RE2 compiles to byte-level UTF-8 automata, several times larger than Go's
// rune programs (\pL{1000} is ~1.2M instructions), so give it room.
constexpr std::int64_t kRe2MaxMem = std::int64_t(128) << 20;

struct SyntaxError
{
    std::string_view code;
    std::string arg;
};

std::string_view consumed(std::string_view before, std::string_view after)
{
    return before.substr(0, before.size() - after.size());
}

bool isAlnum(char32_t c)
{
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

int unhex(char32_t c)
{
    if (c >= '0' && c <= '9')
        return int(c - '0');
    if (c >= 'a' && c <= 'f')
        return int(c - 'a' + 10);
    if (c >= 'A' && c <= 'F')
        return int(c - 'A' + 10);
    return -1;
}

// Go's nextRune: an invalid byte is an error, the empty string yields RuneError.
std::string_view nextRune(std::string_view t, char32_t &c)
{
    if (t.empty()) {
        c = utf8::kRuneError;
        return t;
    }
    int width = 0;
    c = utf8::decodeRune(t, 0, width);
    if (c == utf8::kRuneError && width == 1)
        throw SyntaxError{kErrInvalidUtf8, std::string(t)};
    return t.substr(std::size_t(width));
}

void checkUtf8(std::string_view s)
{
    while (!s.empty()) {
        char32_t c;
        s = nextRune(s, c);
    }
}

bool isPosixClass(std::string_view name)
{
    static constexpr std::array<std::string_view, 14> kNames = {
        "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph",
        "lower", "print", "punct", "space", "upper", "word",  "xdigit",
    };
    // name is "[:alpha:]" or "[:^alpha:]"
    std::string_view inner = name.substr(2, name.size() - 4);
    if (!inner.empty() && inner[0] == '^')
        inner.remove_prefix(1);
    return std::find(kNames.begin(), kNames.end(), inner) != kNames.end();
}

// Go 1.24 accepts "Any", the categories and the scripts of package unicode;
// libre2 knows the same names, so it serves as the table.
bool isUnicodeClassName(std::string_view name)
{
    if (name.empty() || name[0] == '^' || name.find('}') != std::string_view::npos)
        return false;
    // Compiling a probe costs ~1 ms (\pL is a big automaton): remember answers.
    static std::mutex mutex;
    static std::map<std::string, bool, std::less<>> known;
    const std::lock_guard lock(mutex);
    if (const auto it = known.find(name); it != known.end())
        return it->second;
    RE2::Options options;
    options.set_log_errors(false);
    const RE2 probe("\\p{" + std::string(name) + "}", options);
    if (known.size() < 1024) // names are a small set; bound it against junk
        known.emplace(std::string(name), probe.ok());
    return probe.ok();
}

bool isPerlClassEscape(std::string_view t)
{
    return t.size() >= 2 && t[0] == '\\' && std::string_view("dDsSwW").find(t[1]) != std::string_view::npos;
}

// The error-checking half of Go's regexp/syntax parser (Perl flags), ported
// statement by statement so that acceptance and error texts match Go. It keeps
// a skeleton of Go's parse stack (enough for repetition and size limits) and
// writes an equivalent RE2 pattern: groups unnamed, literals as \x{…}.
class GoSyntaxParser
{
public:
    explicit GoSyntaxParser(std::string_view whole) : m_whole(whole) {}

    void parse();
    const std::string &re2Pattern() const { return m_out; }
    const std::vector<std::string> &names() const { return m_names; }

private:
    enum class Op : std::uint8_t {
        Leaf, // literal, class, any char, empty-width assertion
        EmptyMatch,
        NoMatch,
        Capture,
        Star,
        Plus,
        Quest,
        Repeat,
        Concat,
        Alternate,
        LeftParen, // pseudo-operators from here on
        VerticalBar,
    };

    struct Node
    {
        Op op = Op::Leaf;
        int min = 0;
        int max = 0;
        int cap = 0;
        std::vector<int> subs;
        std::int64_t size = 1;
        int height = 1;
        // The node's text in m_out (to group a repeated repetition for RE2).
        std::size_t outStart = 0;
        std::size_t outEnd = 0;
    };

    static bool isPseudo(Op op) { return op >= Op::LeftParen; }
    static bool isRepetition(Op op) { return op == Op::Star || op == Op::Plus || op == Op::Quest || op == Op::Repeat; }

    int newNode(Op op, std::vector<int> subs = {}, int min = 0, int max = 0);
    void push(int index);
    void pushLeaf(std::size_t outStart);
    void checkLimits(int index);
    bool repeatIsValid(int index, int n) const;

    void literal(char32_t c);
    void appendRune(char32_t c);
    void openGroup(bool capturing, std::string_view name = {});
    int collapse(std::vector<int> subs, Op op);
    void concat();
    void alternate();
    bool swapVerticalBar();
    void parseVerticalBar();
    void parseRightParen();
    std::string_view repeat(Op op, int min, int max, std::string_view before, std::string_view after,
                            std::string_view lastRepeat);
    static bool parseRepeat(std::string_view s, int &min, int &max, std::string_view &rest);
    static bool parseInt(std::string_view s, int &n, std::string_view &rest);
    std::string_view parsePerlFlags(std::string_view s);
    std::string_view parseBackslash(std::string_view t);
    static std::string_view parseEscape(std::string_view s, char32_t &r);
    static bool parseUnicodeClass(std::string_view s, std::string_view &rest);
    static bool parseNamedClass(std::string_view s, std::string_view &rest);
    std::string_view parseClass(std::string_view s);
    static std::string_view parseClassChar(std::string_view s, std::string_view wholeClass, char32_t &r);

    std::string_view m_whole;
    std::vector<Node> m_nodes;
    std::vector<int> m_stack;
    std::vector<std::string> m_names{std::string()};
    std::string m_out;
    std::int64_t m_repeats = 0;
    bool m_trackSize = false;
};

int GoSyntaxParser::newNode(Op op, std::vector<int> subs, int min, int max)
{
    Node n;
    n.op = op;
    n.min = min;
    n.max = max;
    n.subs = std::move(subs);
    // Go's calcSize (saturated) and calcHeight.
    std::int64_t size = 0;
    std::int64_t sum = 0;
    for (int s : n.subs) {
        sum += m_nodes[std::size_t(s)].size;
        n.height = std::max(n.height, 1 + m_nodes[std::size_t(s)].height);
    }
    const std::int64_t sub = n.subs.empty() ? 0 : m_nodes[std::size_t(n.subs[0])].size;
    switch (op) {
    case Op::Leaf: size = 1; break;
    case Op::Capture:
    case Op::Star: size = 2 + sub; break;
    case Op::Plus:
    case Op::Quest: size = 1 + sub; break;
    case Op::Concat: size = sum; break;
    case Op::Alternate: size = sum + std::int64_t(n.subs.size()) - 1; break;
    case Op::Repeat:
        if (max == -1)
            size = min == 0 ? 2 + sub : 1 + std::int64_t(min) * sub;
        else
            size = std::int64_t(max) * sub + (max - min);
        break;
    default: break;
    }
    n.size = std::clamp<std::int64_t>(size, 1, std::int64_t(1) << 50);
    m_nodes.push_back(std::move(n));
    return int(m_nodes.size() - 1);
}

void GoSyntaxParser::push(int index)
{
    m_stack.push_back(index);
    checkLimits(index);
}

void GoSyntaxParser::pushLeaf(std::size_t outStart)
{
    const int index = newNode(Op::Leaf);
    m_nodes[std::size_t(index)].outStart = outStart;
    m_nodes[std::size_t(index)].outEnd = m_out.size();
    push(index);
}

// Go's checkSize/checkHeight: "expression too large" / "nests too deeply".
void GoSyntaxParser::checkLimits(int index)
{
    const Node &re = m_nodes[std::size_t(index)];
    if (!m_trackSize) {
        // Go only starts measuring once nodes × repeat product could exceed the budget.
        if (m_repeats == 0)
            m_repeats = 1;
        if (re.op == Op::Repeat) {
            std::int64_t n = re.max == -1 ? re.min : re.max;
            if (n <= 0)
                n = 1;
            m_repeats = n > kMaxSize / m_repeats ? kMaxSize : m_repeats * n;
        }
        if (std::int64_t(m_nodes.size()) >= kMaxSize / m_repeats) {
            m_trackSize = true;
            for (int s : m_stack) {
                if (m_nodes[std::size_t(s)].size > kMaxSize)
                    throw SyntaxError{kErrLarge, std::string(m_whole)};
            }
        }
    }
    if (m_trackSize && re.size > kMaxSize)
        throw SyntaxError{kErrLarge, std::string(m_whole)};
    if (m_nodes.size() >= std::size_t(kMaxHeight) && re.height > kMaxHeight)
        throw SyntaxError{kErrNestingDepth, std::string(m_whole)};
}

bool GoSyntaxParser::repeatIsValid(int index, int n) const
{
    const Node &re = m_nodes[std::size_t(index)];
    if (re.op == Op::Repeat) {
        int m = re.max;
        if (m == 0)
            return true;
        if (m < 0)
            m = re.min;
        if (m > n)
            return false;
        if (m > 0)
            n /= m;
    }
    return std::all_of(re.subs.begin(), re.subs.end(), [&](int s) { return repeatIsValid(s, n); });
}

// Literals go to RE2 as \x{…} so that no character can change meaning there.
void GoSyntaxParser::appendRune(char32_t c)
{
    if (c < 0x80 && (isAlnum(c) || c == '_')) {
        m_out += char(c);
        return;
    }
    char buf[16];
    std::snprintf(buf, sizeof buf, "\\x{%X}", unsigned(c));
    m_out += buf;
}

// Pushes Go's opLeftParen; RE2 gets the group text that the caller appends.
void GoSyntaxParser::openGroup(bool capturing, std::string_view name)
{
    const int index = newNode(Op::LeftParen);
    m_nodes[std::size_t(index)].outStart = m_out.size();
    if (capturing) {
        m_nodes[std::size_t(index)].cap = int(m_names.size());
        m_names.emplace_back(name);
    }
    push(index);
}

void GoSyntaxParser::literal(char32_t c)
{
    const std::size_t start = m_out.size();
    appendRune(c);
    pushLeaf(start);
}

int GoSyntaxParser::collapse(std::vector<int> subs, Op op)
{
    if (subs.size() == 1)
        return subs[0];
    std::vector<int> flat;
    for (int s : subs) {
        const Node &n = m_nodes[std::size_t(s)];
        if (n.op == op)
            flat.insert(flat.end(), n.subs.begin(), n.subs.end());
        else
            flat.push_back(s);
    }
    const std::size_t start = m_nodes[std::size_t(subs.front())].outStart;
    const std::size_t end = m_nodes[std::size_t(subs.back())].outEnd;
    const int index = newNode(op, std::move(flat));
    m_nodes[std::size_t(index)].outStart = start;
    m_nodes[std::size_t(index)].outEnd = end;
    return index;
}

void GoSyntaxParser::concat()
{
    std::size_t i = m_stack.size();
    while (i > 0 && !isPseudo(m_nodes[std::size_t(m_stack[i - 1])].op))
        --i;
    std::vector<int> subs(m_stack.begin() + std::ptrdiff_t(i), m_stack.end());
    m_stack.resize(i);
    push(subs.empty() ? newNode(Op::EmptyMatch) : collapse(std::move(subs), Op::Concat));
}

void GoSyntaxParser::alternate()
{
    std::size_t i = m_stack.size();
    while (i > 0 && !isPseudo(m_nodes[std::size_t(m_stack[i - 1])].op))
        --i;
    std::vector<int> subs(m_stack.begin() + std::ptrdiff_t(i), m_stack.end());
    m_stack.resize(i);
    push(subs.empty() ? newNode(Op::NoMatch) : collapse(std::move(subs), Op::Alternate));
}

// Go merges adjacent character classes here; for checking, swapping is enough.
bool GoSyntaxParser::swapVerticalBar()
{
    const std::size_t n = m_stack.size();
    if (n >= 2 && m_nodes[std::size_t(m_stack[n - 2])].op == Op::VerticalBar) {
        std::swap(m_stack[n - 2], m_stack[n - 1]);
        return true;
    }
    return false;
}

void GoSyntaxParser::parseVerticalBar()
{
    concat();
    if (!swapVerticalBar())
        push(newNode(Op::VerticalBar));
    m_out += '|';
}

void GoSyntaxParser::parseRightParen()
{
    concat();
    if (swapVerticalBar())
        m_stack.pop_back();
    alternate();
    const std::size_t n = m_stack.size();
    if (n < 2)
        throw SyntaxError{kErrUnexpectedParen, std::string(m_whole)};
    const int re1 = m_stack[n - 1];
    const int re2 = m_stack[n - 2];
    m_stack.resize(n - 2);
    if (m_nodes[std::size_t(re2)].op != Op::LeftParen)
        throw SyntaxError{kErrUnexpectedParen, std::string(m_whole)};
    m_out += ')';
    const std::size_t start = m_nodes[std::size_t(re2)].outStart;
    int group = re1;
    if (m_nodes[std::size_t(re2)].cap != 0)
        group = newNode(Op::Capture, {re1});
    m_nodes[std::size_t(group)].outStart = start;
    m_nodes[std::size_t(group)].outEnd = m_out.size();
    push(group);
}

std::string_view GoSyntaxParser::repeat(Op op, int min, int max, std::string_view before, std::string_view after,
                                        std::string_view lastRepeat)
{
    if (!after.empty() && after[0] == '?')
        after.remove_prefix(1);
    if (!lastRepeat.empty())
        throw SyntaxError{kErrInvalidRepeatOp, std::string(consumed(lastRepeat, after))};
    if (m_stack.empty() || isPseudo(m_nodes[std::size_t(m_stack.back())].op))
        throw SyntaxError{kErrMissingRepeatArgument, std::string(consumed(before, after))};
    const int sub = m_stack.back();
    const std::size_t start = m_nodes[std::size_t(sub)].outStart;
    // Go allows a repetition of a repetition when only an empty \Q\E separates
    // them (a*\Q\E*); RE2 would read "a**", so group the operand.
    if (isRepetition(m_nodes[std::size_t(sub)].op) && m_nodes[std::size_t(sub)].outEnd == m_out.size()) {
        m_out.insert(start, "(?:");
        m_out += ')';
    }
    m_out += consumed(before, after);
    const int re = newNode(op, {sub}, min, max);
    m_nodes[std::size_t(re)].outStart = start;
    m_nodes[std::size_t(re)].outEnd = m_out.size();
    m_stack.back() = re;
    checkLimits(re);
    if (op == Op::Repeat && (min >= 2 || max >= 2) && !repeatIsValid(re, kMaxRepeat))
        throw SyntaxError{kErrInvalidRepeatSize, std::string(consumed(before, after))};
    return after;
}

bool GoSyntaxParser::parseInt(std::string_view s, int &n, std::string_view &rest)
{
    if (s.empty() || s[0] < '0' || s[0] > '9')
        return false;
    if (s.size() >= 2 && s[0] == '0' && s[1] >= '0' && s[1] <= '9')
        return false; // leading zeros
    std::size_t i = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9')
        ++i;
    rest = s.substr(i);
    n = 0;
    for (std::size_t k = 0; k < i; ++k) {
        if (n >= 100000000) { // too big: reported as an invalid count
            n = -1;
            break;
        }
        n = n * 10 + (s[k] - '0');
    }
    return true;
}

bool GoSyntaxParser::parseRepeat(std::string_view s, int &min, int &max, std::string_view &rest)
{
    if (s.empty() || s[0] != '{')
        return false;
    s.remove_prefix(1);
    if (!parseInt(s, min, s) || s.empty())
        return false;
    if (s[0] != ',') {
        max = min;
    } else {
        s.remove_prefix(1);
        if (s.empty())
            return false;
        if (s[0] == '}') {
            max = -1;
        } else {
            if (!parseInt(s, max, s))
                return false;
            if (max < 0)
                min = -1;
        }
    }
    if (s.empty() || s[0] != '}')
        return false;
    rest = s.substr(1);
    return true;
}

std::string_view GoSyntaxParser::parsePerlFlags(std::string_view s)
{
    std::string_view t = s;
    const bool startsWithP = t.size() > 4 && t[2] == 'P' && t[3] == '<';
    const bool startsWithName = t.size() > 3 && t[2] == '<';
    if (startsWithP || startsWithName) {
        const std::size_t exprStart = startsWithP ? 4 : 3;
        const std::size_t end = t.find('>');
        if (end == std::string_view::npos) {
            checkUtf8(t);
            throw SyntaxError{kErrInvalidNamedCapture, std::string(s)};
        }
        const std::string_view capture = t.substr(0, end + 1);
        const std::string_view name = t.substr(exprStart, end - exprStart);
        checkUtf8(name);
        const bool valid = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
            return c == '_' || isAlnum(char32_t(static_cast<unsigned char>(c)));
        });
        if (!valid)
            throw SyntaxError{kErrInvalidNamedCapture, std::string(capture)};
        openGroup(true, name);
        m_out += '('; // RE2 gets an unnamed group: names may repeat in Go
        return t.substr(end + 1);
    }

    t.remove_prefix(2);
    int sign = +1;
    bool sawFlag = false;
    while (!t.empty()) {
        char32_t c;
        t = nextRune(t, c);
        switch (c) {
        case 'i':
        case 'm':
        case 's':
        case 'U':
            sawFlag = true;
            continue;
        case '-':
            if (sign < 0)
                break;
            sign = -1;
            sawFlag = false;
            continue;
        case ':':
        case ')':
            if (sign < 0 && !sawFlag)
                break;
            if (c == ':')
                openGroup(false);
            m_out += consumed(s, t);
            return t;
        default:
            break;
        }
        break;
    }
    throw SyntaxError{kErrInvalidPerlOp, std::string(consumed(s, t))};
}

std::string_view GoSyntaxParser::parseBackslash(std::string_view t)
{
    const std::size_t start = m_out.size();
    if (t.size() >= 2) {
        switch (t[1]) {
        case 'A':
        case 'b':
        case 'B':
        case 'z':
            m_out += t.substr(0, 2);
            pushLeaf(start);
            return t.substr(2);
        case 'C': // any byte: not supported by Go
            throw SyntaxError{kErrInvalidEscape, std::string(t.substr(0, 2))};
        case 'Q': {
            const std::string_view rest = t.substr(2);
            const std::size_t end = rest.find("\\E");
            std::string_view lit = rest.substr(0, end);
            t = end == std::string_view::npos ? std::string_view() : rest.substr(end + 2);
            while (!lit.empty()) {
                char32_t c;
                lit = nextRune(lit, c);
                literal(c);
            }
            return t;
        }
        default: break;
        }
    }
    std::string_view rest;
    if (t.size() >= 2 && (t[1] == 'p' || t[1] == 'P') && parseUnicodeClass(t, rest)) {
        m_out += consumed(t, rest);
        pushLeaf(start);
        return rest;
    }
    if (isPerlClassEscape(t)) {
        m_out += t.substr(0, 2);
        pushLeaf(start);
        return t.substr(2);
    }
    char32_t c;
    rest = parseEscape(t, c);
    literal(c);
    return rest;
}

std::string_view GoSyntaxParser::parseEscape(std::string_view s, char32_t &r)
{
    std::string_view t = s.substr(1);
    if (t.empty())
        throw SyntaxError{kErrTrailingBackslash, std::string()};
    char32_t c;
    t = nextRune(t, c);
    switch (c) {
    case '1': case '2': case '3': case '4': case '5': case '6': case '7':
        // A single non-zero digit would be a backreference: not supported.
        if (t.empty() || t[0] < '0' || t[0] > '7')
            break;
        [[fallthrough]];
    case '0':
        r = c - '0';
        for (int i = 1; i < 3; ++i) {
            if (t.empty() || t[0] < '0' || t[0] > '7')
                break;
            r = r * 8 + char32_t(t[0] - '0');
            t.remove_prefix(1);
        }
        return t;
    case 'x': {
        if (t.empty())
            break;
        t = nextRune(t, c);
        if (c == '{') {
            int nhex = 0;
            r = 0;
            for (;;) {
                if (t.empty())
                    throw SyntaxError{kErrInvalidEscape, std::string(consumed(s, t))};
                t = nextRune(t, c);
                if (c == '}')
                    break;
                const int v = unhex(c);
                if (v < 0)
                    throw SyntaxError{kErrInvalidEscape, std::string(consumed(s, t))};
                r = r * 16 + char32_t(v);
                if (r > 0x10FFFF)
                    throw SyntaxError{kErrInvalidEscape, std::string(consumed(s, t))};
                ++nhex;
            }
            if (nhex == 0)
                break;
            return t;
        }
        const int x = unhex(c);
        t = nextRune(t, c);
        const int y = unhex(c);
        if (x < 0 || y < 0)
            break;
        r = char32_t(x * 16 + y);
        return t;
    }
    case 'a': r = '\a'; return t;
    case 'f': r = '\f'; return t;
    case 'n': r = '\n'; return t;
    case 'r': r = '\r'; return t;
    case 't': r = '\t'; return t;
    case 'v': r = '\v'; return t;
    default:
        // Escaped ASCII punctuation is itself; letters and non-ASCII are errors.
        if (c < 0x80 && !isAlnum(c)) {
            r = c;
            return t;
        }
        break;
    }
    throw SyntaxError{kErrInvalidEscape, std::string(consumed(s, t))};
}

bool GoSyntaxParser::parseUnicodeClass(std::string_view s, std::string_view &rest)
{
    if (s.size() < 2 || s[0] != '\\' || (s[1] != 'p' && s[1] != 'P'))
        return false;
    char32_t c;
    std::string_view t = nextRune(s.substr(2), c);
    std::string_view seq;
    std::string_view name;
    if (c != '{') {
        seq = consumed(s, t); // single-letter name
        name = seq.substr(2);
    } else {
        const std::size_t end = s.find('}');
        if (end == std::string_view::npos) {
            checkUtf8(s);
            throw SyntaxError{kErrInvalidCharRange, std::string(s)};
        }
        seq = s.substr(0, end + 1);
        t = s.substr(end + 1);
        name = s.substr(3, end - 3);
        checkUtf8(name);
    }
    if (!name.empty() && name[0] == '^')
        name.remove_prefix(1);
    if (!isUnicodeClassName(name))
        throw SyntaxError{kErrInvalidCharRange, std::string(seq)};
    rest = t;
    return true;
}

bool GoSyntaxParser::parseNamedClass(std::string_view s, std::string_view &rest)
{
    if (s.size() < 2 || s[0] != '[' || s[1] != ':')
        return false;
    std::size_t i = s.substr(2).find(":]");
    if (i == std::string_view::npos)
        return false;
    i += 2;
    const std::string_view name = s.substr(0, i + 2);
    if (!isPosixClass(name))
        throw SyntaxError{kErrInvalidCharRange, std::string(name)};
    rest = s.substr(i + 2);
    return true;
}

std::string_view GoSyntaxParser::parseClassChar(std::string_view s, std::string_view wholeClass, char32_t &r)
{
    if (s.empty())
        throw SyntaxError{kErrMissingBracket, std::string(wholeClass)};
    if (s[0] == '\\')
        return parseEscape(s, r);
    return nextRune(s, r);
}

std::string_view GoSyntaxParser::parseClass(std::string_view s)
{
    const std::size_t start = m_out.size();
    std::string_view t = s.substr(1);
    m_out += '[';
    if (!t.empty() && t[0] == '^') {
        t.remove_prefix(1);
        m_out += '^';
    }
    bool first = true; // ']' is literal as the first character
    while (t.empty() || t[0] != ']' || first) {
        first = false;
        std::string_view next;
        if (t.size() > 2 && t[0] == '[' && t[1] == ':' && parseNamedClass(t, next)) {
            m_out += consumed(t, next);
            t = next;
            continue;
        }
        if (parseUnicodeClass(t, next)) {
            m_out += consumed(t, next);
            t = next;
            continue;
        }
        if (isPerlClassEscape(t)) {
            m_out += t.substr(0, 2);
            t.remove_prefix(2);
            continue;
        }
        const std::string_view range = t;
        char32_t lo;
        t = parseClassChar(t, s, lo);
        char32_t hi = lo;
        if (t.size() >= 2 && t[0] == '-' && t[1] != ']') {
            t = parseClassChar(t.substr(1), s, hi);
            if (hi < lo)
                throw SyntaxError{kErrInvalidCharRange, std::string(consumed(range, t))};
        }
        appendRune(lo);
        if (hi != lo) {
            m_out += '-';
            appendRune(hi);
        }
    }
    m_out += ']';
    pushLeaf(start);
    return t.substr(1);
}

void GoSyntaxParser::parse()
{
    std::string_view t = m_whole;
    std::string_view lastRepeat;
    while (!t.empty()) {
        std::string_view repeatOp;
        switch (t[0]) {
        case '(':
            if (t.size() >= 2 && t[1] == '?') {
                t = parsePerlFlags(t);
                break;
            }
            openGroup(true);
            m_out += '(';
            t.remove_prefix(1);
            break;
        case '|':
            parseVerticalBar();
            t.remove_prefix(1);
            break;
        case ')':
            parseRightParen();
            t.remove_prefix(1);
            break;
        case '^':
        case '$':
        case '.': {
            const std::size_t start = m_out.size();
            m_out += t[0];
            pushLeaf(start);
            t.remove_prefix(1);
            break;
        }
        case '[':
            t = parseClass(t);
            break;
        case '*':
        case '+':
        case '?': {
            const Op op = t[0] == '*' ? Op::Star : t[0] == '+' ? Op::Plus : Op::Quest;
            const std::string_view before = t;
            t = repeat(op, 0, 0, before, t.substr(1), lastRepeat);
            repeatOp = before;
            break;
        }
        case '{': {
            const std::string_view before = t;
            int min = 0;
            int max = 0;
            std::string_view after;
            if (!parseRepeat(t, min, max, after)) {
                literal('{'); // not a repetition: a literal brace
                t.remove_prefix(1);
                break;
            }
            if (min < 0 || min > kMaxRepeat || max > kMaxRepeat || (max >= 0 && min > max))
                throw SyntaxError{kErrInvalidRepeatSize, std::string(consumed(before, after))};
            t = repeat(Op::Repeat, min, max, before, after, lastRepeat);
            repeatOp = before;
            break;
        }
        case '\\':
            t = parseBackslash(t);
            break;
        default: {
            char32_t c;
            t = nextRune(t, c);
            literal(c);
            break;
        }
        }
        lastRepeat = repeatOp;
    }
    concat();
    if (swapVerticalBar())
        m_stack.pop_back();
    alternate();
    if (m_stack.size() != 1)
        throw SyntaxError{kErrMissingParen, std::string(m_whole)};
}

std::string formatGoError(std::string_view code, std::string_view arg)
{
    return "error parsing regexp: " + std::string(code) + ": `" + std::string(arg) + "`";
}

// Only reached if RE2 rejects what Go's parser accepted (size limits in practice).
std::string_view goCodeForRe2(RE2::ErrorCode code)
{
    switch (code) {
    case RE2::ErrorBadEscape: return kErrInvalidEscape;
    case RE2::ErrorBadCharClass:
    case RE2::ErrorBadCharRange: return kErrInvalidCharRange;
    case RE2::ErrorMissingBracket: return kErrMissingBracket;
    case RE2::ErrorMissingParen: return kErrMissingParen;
    case RE2::ErrorUnexpectedParen: return kErrUnexpectedParen;
    case RE2::ErrorTrailingBackslash: return kErrTrailingBackslash;
    case RE2::ErrorRepeatArgument: return kErrMissingRepeatArgument;
    case RE2::ErrorRepeatSize: return kErrInvalidRepeatSize;
    case RE2::ErrorRepeatOp: return kErrInvalidRepeatOp;
    case RE2::ErrorBadPerlOp: return kErrInvalidPerlOp;
    case RE2::ErrorBadUTF8: return kErrInvalidUtf8;
    case RE2::ErrorBadNamedCapture: return kErrInvalidNamedCapture;
    case RE2::ErrorPatternTooLarge: return kErrLarge;
    default: return kErrInternal;
    }
}

bool isContinuationByte(char c)
{
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// Width of the rune at i, 0 at the end (utf8.DecodeRuneInString).
std::size_t runeWidth(std::string_view s, std::size_t i)
{
    if (i >= s.size())
        return 0;
    int width = 1;
    utf8::decodeRune(s, i, width);
    return std::size_t(width);
}

} // namespace

struct Regexp::Compiled
{
    std::string pattern;
    std::unique_ptr<RE2> re;
    std::vector<std::string> names;
};

// The text RE2 searches: the input itself when it is valid UTF-8, otherwise a
// copy with every invalid byte replaced by U+FFFD, which is exactly how Go's
// matcher reads it; offsets are mapped back to the original bytes.
class Regexp::Subject
{
public:
    explicit Subject(std::string_view original) : m_text(original)
    {
        if (utf8::isValid(original))
            return;
        m_map.reserve(original.size() + 8);
        for (std::size_t i = 0; i < original.size();) {
            int width = 1;
            const char32_t r = utf8::decodeRune(original, i, width);
            if (r == utf8::kRuneError && width == 1) {
                m_sanitized += "\xEF\xBF\xBD";
                m_map.insert(m_map.end(), 3, i);
            } else {
                m_sanitized.append(original.substr(i, std::size_t(width)));
                for (int k = 0; k < width; ++k)
                    m_map.push_back(i + std::size_t(k));
            }
            i += std::size_t(width);
        }
        m_map.push_back(original.size());
        m_text = m_sanitized;
    }

    std::string_view text() const { return m_text; }

    std::ptrdiff_t original(std::ptrdiff_t i) const
    {
        if (i < 0 || m_map.empty())
            return i;
        return std::ptrdiff_t(m_map[std::size_t(i)]);
    }

    Indices original(Indices m) const
    {
        for (auto &i : m)
            i = original(i);
        return m;
    }

private:
    std::string_view m_text;
    std::string m_sanitized;
    std::vector<std::size_t> m_map;
};

Regexp::Regexp(std::shared_ptr<const Compiled> compiled) : m_compiled(std::move(compiled)) {}

std::optional<Regexp> Regexp::compile(std::string_view pattern, std::string &goError)
{
    GoSyntaxParser parser(pattern);
    try {
        parser.parse();
    } catch (const SyntaxError &e) {
        goError = formatGoError(e.code, e.arg);
        return std::nullopt;
    }
    RE2::Options options; // UTF-8, leftmost-first, '.' excludes \n, [^a] includes \n: Go's Perl flags
    options.set_log_errors(false);
    options.set_max_mem(kRe2MaxMem);
    auto compiled = std::make_shared<Compiled>();
    compiled->pattern = std::string(pattern);
    compiled->names = parser.names();
    compiled->re = std::make_unique<RE2>(parser.re2Pattern(), options);
    if (!compiled->re->ok()) {
        const auto code = goCodeForRe2(compiled->re->error_code());
        goError = formatGoError(code, code == kErrLarge ? pattern : std::string_view(compiled->re->error_arg()));
        return std::nullopt;
    }
    if (compiled->re->NumberOfCapturingGroups() + 1 != int(compiled->names.size())) {
        goError = formatGoError(kErrInternal, pattern);
        return std::nullopt;
    }
    return Regexp(std::move(compiled));
}

std::string Regexp::quoteMeta(std::string_view s)
{
    static constexpr std::string_view kSpecial = "\\.+*?()|[]{}^$";
    std::string out;
    out.reserve(s.size() * 2);
    for (char c : s) {
        if (kSpecial.find(c) != std::string_view::npos)
            out += '\\';
        out += c;
    }
    return out;
}

const std::string &Regexp::pattern() const
{
    return m_compiled->pattern;
}

int Regexp::numSubexp() const
{
    return int(m_compiled->names.size()) - 1;
}

const std::vector<std::string> &Regexp::subexpNames() const
{
    return m_compiled->names;
}

int Regexp::subexpIndex(std::string_view name) const
{
    if (name.empty())
        return -1;
    const auto &names = m_compiled->names;
    const auto it = std::find(names.begin(), names.end(), name);
    return it == names.end() ? -1 : int(it - names.begin());
}

// Leftmost-first match starting at or after pos in valid UTF-8 text, with
// `pairs` index pairs. RE2 scans bytes and may report an empty-width match
// (\B, (?:)) inside a multi-byte character; Go only tries rune boundaries.
bool Regexp::exec(std::string_view text, std::size_t pos, int pairs, Indices &out) const
{
    std::vector<re2::StringPiece> groups(static_cast<std::size_t>(pairs));
    const re2::StringPiece input(text.data(), text.size());
    while (pos <= text.size()) {
        if (!m_compiled->re->Match(input, pos, text.size(), RE2::UNANCHORED, groups.data(), pairs))
            return false;
        std::size_t start = std::size_t(groups[0].data() - text.data());
        if (start < text.size() && isContinuationByte(text[start])) {
            while (start < text.size() && isContinuationByte(text[start]))
                ++start;
            pos = start;
            continue;
        }
        out.assign(std::size_t(pairs) * 2, -1);
        for (std::size_t i = 0; i < groups.size(); ++i) {
            if (groups[i].data() == nullptr)
                continue;
            out[2 * i] = groups[i].data() - text.data();
            out[2 * i + 1] = out[2 * i] + std::ptrdiff_t(groups[i].size());
        }
        return true;
    }
    return false;
}

bool Regexp::matchString(std::string_view s) const
{
    const Subject subject(s);
    const std::string_view text = subject.text();
    if (!m_compiled->re->Match(re2::StringPiece(text.data(), text.size()), 0, text.size(), RE2::UNANCHORED,
                               nullptr, 0))
        return false;
    const bool ascii = std::all_of(text.begin(), text.end(), [](char c) { return (c & 0x80) == 0; });
    Indices m;
    return ascii || exec(text, 0, 1, m);
}

std::string Regexp::findString(std::string_view s) const
{
    const Indices m = findStringIndex(s);
    return m.empty() ? std::string() : std::string(s.substr(std::size_t(m[0]), std::size_t(m[1] - m[0])));
}

Regexp::Indices Regexp::findStringIndex(std::string_view s) const
{
    const Subject subject(s);
    Indices m;
    if (!exec(subject.text(), 0, 1, m))
        return {};
    return subject.original(std::move(m));
}

Regexp::Indices Regexp::findStringSubmatchIndex(std::string_view s) const
{
    const Subject subject(s);
    Indices m;
    if (!exec(subject.text(), 0, numSubexp() + 1, m))
        return {};
    return subject.original(std::move(m));
}

std::vector<std::string> Regexp::findStringSubmatch(std::string_view s) const
{
    const Indices m = findStringSubmatchIndex(s);
    std::vector<std::string> out;
    for (std::size_t i = 0; i + 1 < m.size(); i += 2)
        out.emplace_back(m[i] < 0 ? std::string_view() : s.substr(std::size_t(m[i]), std::size_t(m[i + 1] - m[i])));
    return out;
}

// Go's allMatches: after an empty match advance one rune, and drop an empty
// match that starts where the previous match ended.
std::vector<Regexp::Indices> Regexp::allMatches(std::string_view s, long long n, int pairs) const
{
    std::vector<Indices> result;
    if (n < 0)
        n = (long long)s.size() + 1;
    const Subject subject(s);
    const std::string_view text = subject.text();
    const std::ptrdiff_t end = std::ptrdiff_t(text.size());
    std::ptrdiff_t prevMatchEnd = -1;
    Indices m;
    for (std::ptrdiff_t pos = 0; (long long)result.size() < n && pos <= end;) {
        if (!exec(text, std::size_t(pos), pairs, m))
            break;
        bool accept = true;
        if (m[1] == pos) {
            if (m[0] == prevMatchEnd)
                accept = false;
            const std::size_t width = runeWidth(text, std::size_t(pos));
            pos = width > 0 ? pos + std::ptrdiff_t(width) : end + 1;
        } else {
            pos = m[1];
        }
        prevMatchEnd = m[1];
        if (accept)
            result.push_back(subject.original(m));
    }
    return result;
}

std::vector<Regexp::Indices> Regexp::findAllStringIndex(std::string_view s, long long n) const
{
    return allMatches(s, n, 1);
}

std::vector<Regexp::Indices> Regexp::findAllStringSubmatchIndex(std::string_view s, long long n) const
{
    return allMatches(s, n, numSubexp() + 1);
}

std::vector<std::string> Regexp::findAllString(std::string_view s, long long n) const
{
    std::vector<std::string> out;
    for (const Indices &m : allMatches(s, n, 1))
        out.emplace_back(s.substr(std::size_t(m[0]), std::size_t(m[1] - m[0])));
    return out;
}

// Go's replaceAll: its own iteration (not allMatches): an empty match right
// after a match is not replaced, and the search always advances one rune.
template<typename Replacer>
std::string Regexp::replaceAll(std::string_view src, int pairs, Replacer &&repl) const
{
    const Subject subject(src);
    const std::string_view text = subject.text();
    const std::ptrdiff_t endPos = std::ptrdiff_t(text.size());
    std::ptrdiff_t lastMatchEnd = 0;
    std::ptrdiff_t searchPos = 0;
    std::string buf;
    Indices a;
    while (searchPos <= endPos) {
        if (!exec(text, std::size_t(searchPos), pairs, a))
            break;
        const std::ptrdiff_t from = subject.original(lastMatchEnd);
        buf.append(src.substr(std::size_t(from), std::size_t(subject.original(a[0]) - from)));
        if (a[1] > lastMatchEnd || a[0] == 0)
            repl(buf, subject.original(a));
        lastMatchEnd = a[1];
        const auto width = std::ptrdiff_t(runeWidth(text, std::size_t(searchPos)));
        if (searchPos + width > a[1])
            searchPos += width;
        else if (searchPos + 1 > a[1])
            searchPos++; // only at the end of the input, where width is 0
        else
            searchPos = a[1];
    }
    buf.append(src.substr(std::size_t(subject.original(lastMatchEnd))));
    return buf;
}

std::string Regexp::replaceAllString(std::string_view src, std::string_view repl) const
{
    // Like Go, only compute groups when the template can refer to them.
    const int pairs = repl.find('$') == std::string_view::npos ? 1 : numSubexp() + 1;
    return replaceAll(src, pairs, [&](std::string &dst, const Indices &match) {
        expandString(dst, repl, src, match);
    });
}

std::string Regexp::replaceAllLiteralString(std::string_view src, std::string_view repl) const
{
    return replaceAll(src, 1, [&](std::string &dst, const Indices &) { dst.append(repl); });
}

namespace {

// Go's extract: a name after '$' is the longest run of letters, digits and '_'
// (Unicode classes), optionally in braces; all digits means a group number.
bool extractName(std::string_view str, std::string_view &name, long long &num, std::string_view &rest)
{
    if (str.empty())
        return false;
    bool brace = false;
    if (str[0] == '{') {
        brace = true;
        str.remove_prefix(1);
    }
    std::size_t i = 0;
    while (i < str.size()) {
        int width = 1;
        const char32_t r = utf8::decodeRune(str, i, width);
        if (!utf8::isLetter(r) && !utf8::isUnicodeDigit(r) && r != '_')
            break;
        i += std::size_t(width);
    }
    if (i == 0)
        return false; // empty name
    name = str.substr(0, i);
    if (brace) {
        if (i >= str.size() || str[i] != '}')
            return false; // missing closing brace
        ++i;
    }
    num = 0;
    for (char c : name) {
        if (c < '0' || c > '9' || num >= 100000000) {
            num = -1;
            break;
        }
        num = num * 10 + (c - '0');
    }
    if (name[0] == '0' && name.size() > 1)
        num = -1; // leading zeros: a name, not a number
    rest = str.substr(i);
    return true;
}

} // namespace

void Regexp::expandString(std::string &dst, std::string_view tmpl, std::string_view src, const Indices &match) const
{
    auto appendGroup = [&](std::size_t i) {
        if (2 * i + 1 < match.size() && match[2 * i] >= 0) {
            dst.append(src.substr(std::size_t(match[2 * i]), std::size_t(match[2 * i + 1] - match[2 * i])));
            return true;
        }
        return false;
    };
    while (!tmpl.empty()) {
        const std::size_t dollar = tmpl.find('$');
        if (dollar == std::string_view::npos)
            break;
        dst.append(tmpl.substr(0, dollar));
        tmpl.remove_prefix(dollar + 1);
        if (!tmpl.empty() && tmpl[0] == '$') {
            dst += '$';
            tmpl.remove_prefix(1);
            continue;
        }
        std::string_view name;
        std::string_view rest;
        long long num = 0;
        if (!extractName(tmpl, name, num, rest)) {
            dst += '$'; // malformed: the '$' is literal
            continue;
        }
        tmpl = rest;
        if (num >= 0) {
            appendGroup(std::size_t(num));
            continue;
        }
        const auto &names = m_compiled->names;
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (names[i] == name && appendGroup(i))
                break;
        }
    }
    dst.append(tmpl);
}

std::vector<std::string> Regexp::split(std::string_view s, long long n) const
{
    if (n == 0)
        return {};
    if (!m_compiled->pattern.empty() && s.empty())
        return {std::string()};
    const std::vector<Indices> matches = findAllStringIndex(s, n);
    std::vector<std::string> strings;
    std::ptrdiff_t beg = 0;
    std::ptrdiff_t end = 0;
    for (const Indices &match : matches) {
        if (n > 0 && (long long)strings.size() == n - 1)
            break;
        end = match[0];
        if (match[1] != 0)
            strings.emplace_back(s.substr(std::size_t(beg), std::size_t(end - beg)));
        beg = match[1];
    }
    if (end != std::ptrdiff_t(s.size()))
        strings.emplace_back(s.substr(std::size_t(beg)));
    return strings;
}

} // namespace ds::go
