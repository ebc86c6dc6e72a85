// SPDX-License-Identifier: Apache-2.0
#include "CaseConversion.h"

#include "template/FunctionError.h"
#include "template/RenderBudget.h"
#include "text/Utf8.h"

#include <QChar>

#include <limits>

namespace ds::tmpl {

namespace {

using utf8::kRuneError;

char32_t decodeAt(std::string_view s, std::size_t i, int &width)
{
    return utf8::decodeRune(s, i, width);
}

// unicode.IsNumber: any Unicode number category (Nd, Nl, No).
bool isNumber(char32_t r)
{
    if (r < 0x80)
        return r >= '0' && r <= '9';
    return QChar::isNumber(r);
}

bool isTitleCase(char32_t r)
{
    return r >= 0x80 && QChar::category(r) == QChar::Letter_Titlecase;
}

// --- xstrings ----------------------------------------------------------------

bool isConnector(char32_t r)
{
    return r == '-' || r == '_' || utf8::isSpace(r);
}

// xstrings' isAlphabet: a letter that is not a CJK ideograph.
bool isAlphabet(char32_t r)
{
    if (!utf8::isLetter(r))
        return false;
    if (r < 0x3400)
        return true;
    if (r >= 0x4E00 && r <= 0x9FCC)
        return false;
    if (r >= 0x3400 && r <= 0x4D85)
        return false;
    if (r >= 0x20000 && r <= 0x2B81D)
        return false;
    return true;
}

enum class WordType { Invalid, Number, UpperCase, Alphabet, Connector, Punct, Other };

struct Word
{
    WordType type = WordType::Invalid;
    std::string_view word;
    std::string_view remaining;
};

// The next rune that is not U+FFFD; size covers the skipped bytes too. When only
// U+FFFD remain, returns prev (xstrings' nextValidRune).
char32_t nextValidRune(std::string_view s, char32_t prev, std::size_t &size)
{
    size = 0;
    while (!s.empty()) {
        int w = 1;
        const char32_t r = decodeAt(s, 0, w);
        size += static_cast<std::size_t>(w);
        if (r != kRuneError)
            return r;
        s.remove_prefix(static_cast<std::size_t>(w));
    }
    return prev;
}

// Consumes runes while pred holds (the loop shared by most word kinds).
template<typename Pred>
void consumeWhile(std::string_view &remaining, std::size_t &offset, char32_t &r, Pred pred)
{
    while (!remaining.empty()) {
        std::size_t size = 0;
        r = nextValidRune(remaining, r, size);
        if (!pred(r))
            break;
        offset += size;
        remaining.remove_prefix(size);
    }
}

// xstrings' nextWord.
Word nextWord(std::string_view str)
{
    Word out;
    if (str.empty())
        return out;
    std::size_t offset = 0;
    std::string_view remaining = str;
    std::size_t size = 0;
    char32_t r = nextValidRune(remaining, kRuneError, size);
    offset += size;
    if (r == kRuneError) {
        out.type = WordType::Invalid;
        out.word = str.substr(0, offset);
        out.remaining = str.substr(offset);
        return out;
    }
    if (isConnector(r)) {
        out.type = WordType::Connector;
        remaining.remove_prefix(size);
        consumeWhile(remaining, offset, r, isConnector);
    } else if (utf8::isPunct(r)) {
        out.type = WordType::Punct;
        remaining.remove_prefix(size);
        consumeWhile(remaining, offset, r, utf8::isPunct);
    } else if (utf8::isUpper(r)) {
        out.type = WordType::UpperCase;
        remaining.remove_prefix(size);
        if (!remaining.empty()) {
            r = nextValidRune(remaining, r, size);
            if (utf8::isUpper(r)) {
                std::size_t prevSize = size;
                offset += size;
                remaining.remove_prefix(size);
                while (!remaining.empty()) {
                    r = nextValidRune(remaining, r, size);
                    if (!utf8::isUpper(r))
                        break;
                    prevSize = size;
                    offset += size;
                    remaining.remove_prefix(size);
                }
                // "HTTPStatus": the S starts the next word.
                if (!remaining.empty() && isAlphabet(r)) {
                    offset -= prevSize;
                    remaining = str.substr(offset);
                }
            } else if (isAlphabet(r)) {
                offset += size;
                remaining.remove_prefix(size);
                consumeWhile(remaining, offset, r, [](char32_t c) { return isAlphabet(c) && !utf8::isUpper(c); });
            }
        }
    } else if (isAlphabet(r)) {
        out.type = WordType::Alphabet;
        remaining.remove_prefix(size);
        consumeWhile(remaining, offset, r, [](char32_t c) { return isAlphabet(c) && !utf8::isUpper(c); });
    } else if (isNumber(r)) {
        out.type = WordType::Number;
        remaining.remove_prefix(size);
        consumeWhile(remaining, offset, r, isNumber);
    } else {
        out.type = WordType::Other;
        remaining.remove_prefix(size);
        while (!remaining.empty()) {
            r = nextValidRune(remaining, r, size);
            if (size == 0 || isConnector(r) || isAlphabet(r) || isNumber(r) || utf8::isPunct(r))
                break;
            offset += size;
            remaining.remove_prefix(size);
        }
    }
    out.word = str.substr(0, offset);
    out.remaining = remaining;
    return out;
}

// xstrings' toLower: only upper-case and connector words are rewritten.
void appendLower(std::string &buf, WordType type, std::string_view str, char32_t connector)
{
    if (type != WordType::UpperCase && type != WordType::Connector) {
        buf.append(str);
        return;
    }
    for (std::size_t i = 0; i < str.size();) {
        int w = 1;
        const char32_t r = decodeAt(str, i, w);
        i += static_cast<std::size_t>(w);
        if (isConnector(r))
            utf8::appendRune(buf, connector);
        else if (utf8::isUpper(r))
            utf8::appendRune(buf, utf8::toLower(r));
        else
            utf8::appendRune(buf, r);
    }
}

bool isWordLike(WordType t)
{
    return t == WordType::Alphabet || t == WordType::Number;
}

// The digits-after-a-word rule of camelCaseToLowerCase's default branch.
void afterLetterWord(std::string &buf, Word &next, char32_t connector)
{
    if (next.type != WordType::Number) {
        if (next.type != WordType::Connector && next.type != WordType::Punct)
            utf8::appendRune(buf, connector);
        return;
    }
    if (next.remaining.empty())
        return;
    const std::string_view last = next.word;
    next = nextWord(next.remaining);
    // Digits followed by anything but lower-case letters stay with the
    // previous word ("Bld4Floor" → "bld4_floor").
    if (next.type != WordType::Alphabet) {
        appendLower(buf, WordType::Number, last, connector);
        if (next.type != WordType::Connector && next.type != WordType::Punct)
            utf8::appendRune(buf, connector);
        return;
    }
    // "HTTP2xx" → "http_2xx".
    utf8::appendRune(buf, connector);
    appendLower(buf, WordType::Number, last, connector);
    while (isWordLike(next.type)) {
        appendLower(buf, next.type, next.word, connector);
        next = nextWord(next.remaining);
    }
    if (next.type != WordType::Invalid && next.type != WordType::Connector && next.type != WordType::Punct)
        utf8::appendRune(buf, connector);
}

std::string camelCaseToLowerCase(std::string_view str, char32_t connector)
{
    if (str.empty())
        return {};
    std::string buf;
    Word cur = nextWord(str);
    while (!cur.remaining.empty()) {
        if (cur.type != WordType::Connector)
            appendLower(buf, cur.type, cur.word, connector);
        const WordType prev = cur.type;
        const std::string_view last = cur.word;
        cur = nextWord(cur.remaining);
        switch (prev) {
        case WordType::Number:
            while (isWordLike(cur.type)) {
                appendLower(buf, cur.type, cur.word, connector);
                cur = nextWord(cur.remaining);
            }
            if (cur.type != WordType::Invalid && cur.type != WordType::Punct && cur.type != WordType::Connector)
                utf8::appendRune(buf, connector);
            break;
        case WordType::Connector:
            appendLower(buf, prev, last, connector);
            break;
        case WordType::Punct:
            break;
        default:
            afterLetterWord(buf, cur, connector);
            break;
        }
    }
    appendLower(buf, cur.type, cur.word, connector);
    return buf;
}

bool isGoSpace(unsigned char b)
{
    return utf8::isSpace(b);
}

// Appends a byte re-interpreted as a Latin-1 code point (Go's rune(b)).
void appendLatin1(std::string &out, unsigned char b)
{
    utf8::appendRune(out, b);
}

// Maps every rune like strings.Map (invalid bytes become U+FFFD).
template<typename F>
std::string mapRunes(std::string_view s, F f)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        int w = 1;
        const char32_t r = decodeAt(s, i, w);
        i += static_cast<std::size_t>(w);
        utf8::appendRune(out, f(r));
    }
    return out;
}

// strings.Title's notion of a word separator.
bool isTitleSeparator(char32_t r)
{
    if (r <= 0x7F) {
        if ((r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || r == '_')
            return false;
        return true;
    }
    if (utf8::isLetter(r) || utf8::isUnicodeDigit(r))
        return false;
    return utf8::isSpace(r);
}

// strings.ContainsRune(cutset, r), where U+FFFD also matches invalid bytes.
bool cutsetContains(std::string_view cutset, char32_t r)
{
    for (std::size_t i = 0; i < cutset.size();) {
        int w = 1;
        if (decodeAt(cutset, i, w) == r)
            return true;
        i += static_cast<std::size_t>(w);
    }
    return false;
}

template<typename Pred>
std::string_view trimFunc(std::string_view s, Pred pred)
{
    while (!s.empty()) {
        int w = 1;
        if (!pred(decodeAt(s, 0, w)))
            break;
        s.remove_prefix(static_cast<std::size_t>(w));
    }
    while (!s.empty()) {
        int w = 1;
        if (!pred(decodeLastRune(s, w)))
            break;
        s.remove_suffix(static_cast<std::size_t>(w));
    }
    return s;
}

} // namespace

// --- xstrings ------------------------------------------------------------------

std::string toPascalCase(std::string_view str)
{
    if (str.empty())
        return {};
    std::string buf;
    bool isFirstRuneUpper = false;
    char32_t r0 = 0;
    char32_t r1 = 0;
    int size = 0;
    // Leading connectors are copied.
    while (!str.empty()) {
        r0 = decodeAt(str, 0, size);
        str.remove_prefix(static_cast<std::size_t>(size));
        if (!isConnector(r0)) {
            isFirstRuneUpper = utf8::isUpper(r0);
            r0 = utf8::toUpper(r0);
            break;
        }
        utf8::appendRune(buf, r0);
    }
    if (str.empty()) {
        if (size != 0)
            utf8::appendRune(buf, r0);
        return buf;
    }
    while (!str.empty()) {
        r1 = r0;
        r0 = decodeAt(str, 0, size);
        str.remove_prefix(static_cast<std::size_t>(size));
        if (isConnector(r0) && isConnector(r1)) {
            utf8::appendRune(buf, r1);
            continue;
        }
        if (isConnector(r1)) {
            isFirstRuneUpper = utf8::isUpper(r0);
            r0 = utf8::toUpper(r0);
        } else {
            // Lower-case the rest of a run of capitals ("HTTP" → "Http").
            if (isFirstRuneUpper) {
                if (utf8::isUpper(r0))
                    r0 = utf8::toLower(r0);
                else
                    isFirstRuneUpper = false;
            }
            utf8::appendRune(buf, r1);
        }
    }
    utf8::appendRune(buf, r0);
    return buf;
}

std::string toSnakeCase(std::string_view s)
{
    return camelCaseToLowerCase(s, U'_');
}

std::string toKebabCase(std::string_view s)
{
    return camelCaseToLowerCase(s, U'-');
}

// --- goutils -------------------------------------------------------------------

std::string swapCase(std::string_view s)
{
    bool whitespace = true;
    return mapRunes(s, [&whitespace](char32_t ch) {
        if (utf8::isUpper(ch) || isTitleCase(ch)) {
            whitespace = false;
            return utf8::toLower(ch);
        }
        if (utf8::isLower(ch)) {
            if (whitespace) {
                whitespace = false;
                return utf8::toTitle(ch);
            }
            return utf8::toUpper(ch);
        }
        whitespace = utf8::isSpace(ch);
        return ch;
    });
}

std::string uncapitalize(std::string_view s)
{
    bool next = true;
    return mapRunes(s, [&next](char32_t ch) {
        if (utf8::isSpace(ch)) {
            next = true;
        } else if (next) {
            next = false;
            return utf8::toLower(ch);
        }
        return ch;
    });
}

std::string initials(std::string_view s)
{
    std::string out;
    bool lastWasGap = true;
    for (const char c : s) {
        const auto b = static_cast<unsigned char>(c);
        if (isGoSpace(b)) {
            lastWasGap = true;
        } else if (lastWasGap) {
            appendLatin1(out, b);
            lastWasGap = false;
        }
    }
    return out;
}

std::string deleteWhiteSpace(std::string_view s)
{
    std::string out;
    std::size_t kept = 0;
    for (const char c : s) {
        const auto b = static_cast<unsigned char>(c);
        if (!isGoSpace(b)) {
            appendLatin1(out, b);
            ++kept;
        }
    }
    return kept == s.size() ? std::string(s) : out;
}

std::string wrapCustom(std::string_view str, std::int64_t wrapLength, std::string_view newLine, bool wrapLongWords)
{
    if (str.empty())
        return {};
    if (newLine.empty())
        newLine = "\n";
    const std::size_t width = wrapLength < 1 ? 1 : static_cast<std::size_t>(std::min<std::int64_t>(
                                                         wrapLength, std::numeric_limits<std::int32_t>::max()));
    const std::size_t len = str.size();
    std::size_t offset = 0;
    std::string out;
    while (len - offset > width) {
        if (str[offset] == ' ') {
            ++offset;
            continue;
        }
        // The last space within the next width+1 bytes.
        const std::size_t space = str.substr(offset, width + 1).rfind(' ');
        if (space != std::string_view::npos) {
            out.append(str.substr(offset, space));
            out.append(newLine);
            offset += space + 1;
        } else if (wrapLongWords) {
            out.append(str.substr(offset, width));
            out.append(newLine);
            offset += width;
        } else {
            // Long words are not broken: extend to the next space.
            const std::size_t next = str.find(' ', offset + width);
            if (next != std::string_view::npos) {
                out.append(str.substr(offset, next - offset));
                out.append(newLine);
                offset = next + 1;
            } else {
                out.append(str.substr(offset));
                offset = len;
            }
        }
    }
    out.append(str.substr(offset));
    return out;
}

std::string abbreviateFull(std::string_view str, std::int64_t offset, std::int64_t maxWidth)
{
    if (str.empty() || maxWidth < 4)
        return {};
    const auto len = static_cast<std::int64_t>(str.size());
    if (len <= maxWidth)
        return std::string(str);
    if (offset > len)
        offset = len;
    if (len - offset < maxWidth - 3)
        offset = len - (maxWidth - 3);
    const std::string marker = "...";
    if (offset <= 4)
        return std::string(str.substr(0, static_cast<std::size_t>(maxWidth - 3))) + marker;
    if (maxWidth < 7)
        return {};
    if (offset + maxWidth - 3 < len)
        return marker + abbreviateFull(str.substr(static_cast<std::size_t>(offset)), 0, maxWidth - 3);
    return marker + std::string(str.substr(static_cast<std::size_t>(len - (maxWidth - 3))));
}

// --- Go strings ----------------------------------------------------------------

std::string goToUpper(std::string_view s)
{
    return mapRunes(s, utf8::toUpper);
}

std::string goToLower(std::string_view s)
{
    return mapRunes(s, utf8::toLower);
}

std::string goTitle(std::string_view s)
{
    char32_t prev = ' ';
    return mapRunes(s, [&prev](char32_t r) {
        const bool start = isTitleSeparator(prev);
        prev = r;
        return start ? utf8::toTitle(r) : r;
    });
}

std::string goTrimSpace(std::string_view s)
{
    return std::string(trimFunc(s, utf8::isSpace));
}

std::string goTrim(std::string_view s, std::string_view cutset)
{
    if (s.empty() || cutset.empty())
        return std::string(s);
    return std::string(trimFunc(s, [cutset](char32_t r) { return cutsetContains(cutset, r); }));
}

std::string goReplaceAll(std::string_view s, std::string_view oldText, std::string_view newText)
{
    if (oldText == newText)
        return std::string(s);
    std::string out;
    if (oldText.empty()) {
        // new goes before every rune and at the end.
        for (std::size_t i = 0; i < s.size();) {
            int w = 1;
            decodeAt(s, i, w);
            out.append(newText);
            out.append(s.substr(i, static_cast<std::size_t>(w)));
            i += static_cast<std::size_t>(w);
        }
        out.append(newText);
        return out;
    }
    std::size_t start = 0;
    for (std::size_t j; (j = s.find(oldText, start)) != std::string_view::npos; start = j + oldText.size()) {
        out.append(s.substr(start, j - start));
        out.append(newText);
    }
    out.append(s.substr(start));
    return out;
}

std::vector<std::string> goSplitN(std::string_view s, std::string_view sep, std::int64_t n)
{
    std::vector<std::string> parts;
    if (n == 0)
        return parts;
    if (sep.empty()) {
        // explode: one part per UTF-8 sequence (invalid bytes alone).
        const auto runes = static_cast<std::int64_t>(utf8::runeCount(s));
        if (n < 0 || n > runes)
            n = runes;
        for (std::int64_t i = 0; i + 1 < n; ++i) {
            int w = 1;
            decodeAt(s, 0, w);
            parts.emplace_back(s.substr(0, static_cast<std::size_t>(w)));
            s.remove_prefix(static_cast<std::size_t>(w));
        }
        if (n > 0)
            parts.emplace_back(s);
        return parts;
    }
    while (n < 0 || static_cast<std::int64_t>(parts.size()) + 1 < n) {
        const std::size_t m = s.find(sep);
        if (m == std::string_view::npos)
            break;
        parts.emplace_back(s.substr(0, m));
        s.remove_prefix(m + sep.size());
    }
    parts.emplace_back(s);
    return parts;
}

std::string goRepeat(std::string_view s, std::int64_t count)
{
    if (count == 0)
        return {};
    if (count == 1)
        return std::string(s);
    if (count < 0)
        throw FunctionError("strings: negative Repeat count");
    if (s.empty())
        return {};
    const auto ucount = static_cast<std::uint64_t>(count);
    constexpr auto maxInt = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    if (!s.empty() && ucount > maxInt / s.size())
        throw FunctionError("strings: Repeat output length overflow");
    // Go would try to allocate this and die; refuse instead of exhausting memory.
    const std::uint64_t total = s.size() * ucount;
    if (total > (std::uint64_t(1) << 30))
        throw FunctionError("runtime: out of memory");
    chargeRender(static_cast<std::size_t>(total));
    std::string out;
    out.reserve(static_cast<std::size_t>(total));
    for (std::int64_t i = 0; i < count; ++i)
        out.append(s);
    return out;
}

char32_t decodeLastRune(std::string_view s, int &width)
{
    if (s.empty()) {
        width = 0;
        return kRuneError;
    }
    const std::size_t end = s.size();
    const auto last = static_cast<unsigned char>(s[end - 1]);
    if (last < 0x80) {
        width = 1;
        return last;
    }
    // Back up to a possible start byte, at most 4 bytes from the end.
    const std::size_t lim = end >= 4 ? end - 4 : 0;
    std::size_t start = end - 1;
    while (start > lim) {
        --start;
        if ((static_cast<unsigned char>(s[start]) & 0xC0) != 0x80)
            break;
    }
    int w = 1;
    const char32_t r = decodeAt(s, start, w);
    if (start + static_cast<std::size_t>(w) != end) {
        width = 1;
        return kRuneError;
    }
    width = w;
    return r;
}

} // namespace ds::tmpl
