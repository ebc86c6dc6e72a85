// SPDX-License-Identifier: Apache-2.0
#include "Utf8.h"

#include <QChar>

namespace ds::utf8 {

char32_t decodeRune(std::string_view s, std::size_t i, int &width)
{
    const auto b0 = static_cast<unsigned char>(s[i]);
    const std::size_t left = s.size() - i;
    width = 1;
    if (b0 < 0x80)
        return b0;
    auto cont = [&](std::size_t k) {
        return k < left && (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
    };
    auto byteAt = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        if (!cont(1))
            return kRuneError;
        width = 2;
        return static_cast<char32_t>(((b0 & 0x1F) << 6) | (byteAt(1) & 0x3F));
    }
    if (b0 >= 0xE0 && b0 <= 0xEF) {
        if (!cont(1) || !cont(2))
            return kRuneError;
        const unsigned b1 = byteAt(1);
        if ((b0 == 0xE0 && b1 < 0xA0) || (b0 == 0xED && b1 > 0x9F))
            return kRuneError; // overlong or surrogate
        width = 3;
        return static_cast<char32_t>(((b0 & 0x0F) << 12) | ((b1 & 0x3F) << 6) | (byteAt(2) & 0x3F));
    }
    if (b0 >= 0xF0 && b0 <= 0xF4) {
        if (!cont(1) || !cont(2) || !cont(3))
            return kRuneError;
        const unsigned b1 = byteAt(1);
        if ((b0 == 0xF0 && b1 < 0x90) || (b0 == 0xF4 && b1 > 0x8F))
            return kRuneError;
        width = 4;
        return static_cast<char32_t>(((b0 & 0x07) << 18) | ((b1 & 0x3F) << 12) | ((byteAt(2) & 0x3F) << 6)
                                     | (byteAt(3) & 0x3F));
    }
    return kRuneError;
}

std::vector<char32_t> decodeRunes(std::string_view s)
{
    std::vector<char32_t> out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        int w = 1;
        out.push_back(decodeRune(s, i, w));
        i += static_cast<std::size_t>(w);
    }
    return out;
}

std::size_t runeCount(std::string_view s)
{
    std::size_t n = 0;
    for (std::size_t i = 0; i < s.size(); ++n) {
        int w = 1;
        decodeRune(s, i, w);
        i += static_cast<std::size_t>(w);
    }
    return n;
}

void appendRune(std::string &out, char32_t r)
{
    if (r > 0x10FFFF || (r >= 0xD800 && r <= 0xDFFF))
        r = kRuneError;
    if (r < 0x80) {
        out.push_back(static_cast<char>(r));
    } else if (r < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (r >> 6)));
        out.push_back(static_cast<char>(0x80 | (r & 0x3F)));
    } else if (r < 0x10000) {
        out.push_back(static_cast<char>(0xE0 | (r >> 12)));
        out.push_back(static_cast<char>(0x80 | ((r >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (r & 0x3F)));
    } else {
        out.push_back(static_cast<char>(0xF0 | (r >> 18)));
        out.push_back(static_cast<char>(0x80 | ((r >> 12) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | ((r >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (r & 0x3F)));
    }
}

std::string encode(const std::vector<char32_t> &runes)
{
    std::string out;
    out.reserve(runes.size());
    for (char32_t r : runes)
        appendRune(out, r);
    return out;
}

bool isValid(std::string_view s)
{
    for (std::size_t i = 0; i < s.size();) {
        int w = 1;
        if (decodeRune(s, i, w) == kRuneError && w == 1)
            return false;
        i += static_cast<std::size_t>(w);
    }
    return true;
}

std::string sanitize(std::string_view s)
{
    if (isValid(s))
        return std::string(s);
    std::string out;
    out.reserve(s.size() + 8);
    for (std::size_t i = 0; i < s.size();) {
        int w = 1;
        const char32_t r = decodeRune(s, i, w);
        if (r == kRuneError && w == 1)
            appendRune(out, kRuneError);
        else
            out.append(s.substr(i, static_cast<std::size_t>(w)));
        i += static_cast<std::size_t>(w);
    }
    return out;
}

bool isLetter(char32_t r)
{
    if (r < 0x80)
        return (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z');
    return QChar::isLetter(r);
}

bool isUnicodeDigit(char32_t r)
{
    if (r < 0x80)
        return r >= '0' && r <= '9';
    return QChar::isDigit(r);
}

bool isSpace(char32_t r)
{
    switch (r) {
    case '\t': case '\n': case '\v': case '\f': case '\r': case ' ': case 0x85: case 0xA0:
        return true;
    default:
        return r > 0xFF && QChar::isSpace(r);
    }
}

bool isUpper(char32_t r) { return r < 0x80 ? (r >= 'A' && r <= 'Z') : QChar::isUpper(r); }
bool isLower(char32_t r) { return r < 0x80 ? (r >= 'a' && r <= 'z') : QChar::isLower(r); }
bool isPunct(char32_t r) { return QChar::isPunct(r); }

bool isPrint(char32_t r)
{
    if (r == ' ')
        return true;
    if (r < 0x20 || r == 0x7F)
        return false;
    switch (QChar::category(r)) {
    case QChar::Letter_Uppercase: case QChar::Letter_Lowercase: case QChar::Letter_Titlecase:
    case QChar::Letter_Modifier: case QChar::Letter_Other:
    case QChar::Mark_NonSpacing: case QChar::Mark_SpacingCombining: case QChar::Mark_Enclosing:
    case QChar::Number_DecimalDigit: case QChar::Number_Letter: case QChar::Number_Other:
    case QChar::Punctuation_Connector: case QChar::Punctuation_Dash: case QChar::Punctuation_Open:
    case QChar::Punctuation_Close: case QChar::Punctuation_InitialQuote:
    case QChar::Punctuation_FinalQuote: case QChar::Punctuation_Other:
    case QChar::Symbol_Math: case QChar::Symbol_Currency: case QChar::Symbol_Modifier:
    case QChar::Symbol_Other:
        return true;
    default:
        return false;
    }
}

char32_t toUpper(char32_t r) { return r < 0x80 ? (r >= 'a' && r <= 'z' ? r - 32 : r) : QChar::toUpper(r); }
char32_t toLower(char32_t r) { return r < 0x80 ? (r >= 'A' && r <= 'Z' ? r + 32 : r) : QChar::toLower(r); }
char32_t toTitle(char32_t r) { return r < 0x80 ? toUpper(r) : QChar::toTitleCase(r); }

} // namespace ds::utf8
