// SPDX-License-Identifier: Apache-2.0
// fmt's formatting of single values (Go's fmt/format.go): padding, integers
// in any base, floats, strings and runes, quoted or in hex.
#include "GoFmtPrinter.h"

#include "GoFloat.h"
#include "GoStrconv.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace ds::go::fmt::detail {

// fmt.writePadding: zero padding only to the left.
void Printer::writePadding(int n)
{
    if (n <= 0)
        return;
    buf.append(static_cast<std::size_t>(n), m_f.zero && !m_f.minus ? '0' : ' ');
}

// fmt.pad / fmt.padString: width counts runes.
void Printer::pad(std::string_view s)
{
    if (!m_f.widPresent || m_wid == 0) {
        buf += s;
        return;
    }
    const int width = m_wid - static_cast<int>(utf8::runeCount(s));
    if (!m_f.minus) {
        writePadding(width);
        buf += s;
    } else {
        buf += s;
        writePadding(width);
    }
}

// fmt.fmtUnicode: "U+0078", with '#' "U+0078 'x'".
void Printer::fmtUnicode(std::uint64_t u)
{
    std::string hex;
    for (std::uint64_t x = u;; x >>= 4) {
        hex.insert(hex.begin(), kUpperDigits[x & 0xF]);
        if (x < 16)
            break;
    }
    const int prec = m_f.precPresent && m_prec > 4 ? m_prec : 4;
    if (static_cast<int>(hex.size()) < prec)
        hex.insert(0, static_cast<std::size_t>(prec) - hex.size(), '0');
    std::string out = "U+" + hex;
    if (m_f.sharp && u <= kMaxRune && utf8::isPrint(static_cast<char32_t>(u))) {
        out += " '";
        utf8::appendRune(out, static_cast<char32_t>(u));
        out += '\'';
    }
    const bool oldZero = m_f.zero;
    m_f.zero = false;
    pad(out);
    m_f.zero = oldZero;
}

// fmt.fmtInteger: digits right to left, then zero fill, prefixes and sign.
void Printer::fmtIntegerBase(std::uint64_t u, int base, bool isSigned, char32_t verb,
                             std::string_view digits)
{
    const bool negative = isSigned && static_cast<std::int64_t>(u) < 0;
    if (negative)
        u = 0 - u;
    std::size_t size = 68;
    if (m_f.widPresent || m_f.precPresent)
        size = std::max<std::size_t>(size, static_cast<std::size_t>(3 + m_wid + m_prec));
    std::string b(size, '\0');

    // Two ways to ask for leading zeros: %.3d or %03d; with both, '0' is ignored.
    int prec = 0;
    if (m_f.precPresent) {
        prec = m_prec;
        if (prec == 0 && u == 0) { // "print nothing" but padding
            const bool oldZero = m_f.zero;
            m_f.zero = false;
            writePadding(m_wid);
            m_f.zero = oldZero;
            return;
        }
    } else if (m_f.zero && !m_f.minus && m_f.widPresent) {
        prec = m_wid;
        if (negative || m_f.plus || m_f.space)
            --prec; // room for the sign
    }

    std::size_t i = size;
    const auto ubase = static_cast<std::uint64_t>(base);
    while (u >= ubase) {
        b[--i] = digits[u % ubase];
        u /= ubase;
    }
    b[--i] = digits[u];
    while (i > 0 && prec > static_cast<int>(size - i))
        b[--i] = '0';

    if (m_f.sharp) {
        switch (base) {
        case 2:
            b[--i] = 'b';
            b[--i] = '0';
            break;
        case 8:
            if (b[i] != '0')
                b[--i] = '0';
            break;
        case 16:
            b[--i] = digits[16];
            b[--i] = '0';
            break;
        default: break;
        }
    }
    if (verb == 'O') {
        b[--i] = 'o';
        b[--i] = '0';
    }
    if (negative)
        b[--i] = '-';
    else if (m_f.plus)
        b[--i] = '+';
    else if (m_f.space)
        b[--i] = ' ';

    // Zero padding was done above like a precision (or is ignored).
    const bool oldZero = m_f.zero;
    m_f.zero = false;
    pad(std::string_view(b).substr(i));
    m_f.zero = oldZero;
}

// fmt.truncateString: precision counts runes.
std::string_view Printer::truncateString(std::string_view s) const
{
    if (!m_f.precPresent)
        return s;
    int n = m_prec;
    for (std::size_t i = 0; i < s.size();) {
        if (--n < 0)
            return s.substr(0, i);
        int width = 1;
        utf8::decodeRune(s, i, width);
        i += static_cast<std::size_t>(width);
    }
    return s;
}

// fmt.fmtSbx for strings: hex of the bytes, "% x" spaced, "%#x" prefixed.
void Printer::fmtSx(std::string_view s, std::string_view digits)
{
    int length = static_cast<int>(s.size());
    if (m_f.precPresent && m_prec < length)
        length = m_prec;
    int width = 2 * length;
    if (width > 0) {
        if (m_f.space) {
            if (m_f.sharp)
                width *= 2;
            width += length - 1;
        } else if (m_f.sharp) {
            width += 2;
        }
    } else {
        if (m_f.widPresent)
            writePadding(m_wid);
        return;
    }
    if (m_f.widPresent && m_wid > width && !m_f.minus)
        writePadding(m_wid - width);
    if (m_f.sharp) {
        buf += '0';
        buf += digits[16];
    }
    for (int i = 0; i < length; ++i) {
        if (m_f.space && i > 0) {
            buf += ' ';
            if (m_f.sharp) {
                buf += '0';
                buf += digits[16];
            }
        }
        const auto c = static_cast<unsigned char>(s[static_cast<std::size_t>(i)]);
        buf += digits[c >> 4];
        buf += digits[c & 0xF];
    }
    if (m_f.widPresent && m_wid > width && m_f.minus)
        writePadding(m_wid - width);
}

// fmt.fmtQ: %q, %#q backquoted when possible, %+q ASCII only.
void Printer::fmtQ(std::string_view s)
{
    s = truncateString(s);
    if (m_f.sharp && strconv::canBackquote(s)) {
        pad("`" + std::string(s) + "`");
        return;
    }
    pad(strconv::quoteWith(s, '"', m_f.plus));
}

// fmt.fmtC: the character; invalid code points become U+FFFD.
void Printer::fmtC(std::uint64_t c)
{
    const char32_t r = c > kMaxRune ? utf8::kRuneError : static_cast<char32_t>(c);
    std::string out;
    utf8::appendRune(out, r);
    pad(out);
}

// fmt.fmtQc: a single-quoted Go character literal.
void Printer::fmtQc(std::uint64_t c)
{
    const char32_t r = c > kMaxRune ? utf8::kRuneError : static_cast<char32_t>(c);
    pad(strconv::quoteRune(r, m_f.plus));
}

// fmt.fmtFloat
void Printer::fmtFloatVerb(double v, char verb, int prec)
{
    if (m_f.precPresent)
        prec = m_prec;
    // Reserve a leading sign so that the sign logic below is uniform.
    std::string num = "+" + strconv::formatFloat(v, verb, prec);
    if (num[1] == '-' || num[1] == '+')
        num.erase(0, 1);
    if (m_f.space && num[0] == '+' && !m_f.plus)
        num[0] = ' ';
    // Infinities and NaN are not padded with zeros.
    if (num[1] == 'I' || num[1] == 'N') {
        const bool oldZero = m_f.zero;
        m_f.zero = false;
        if (num[1] == 'N' && !m_f.space && !m_f.plus)
            num.erase(0, 1);
        pad(num);
        m_f.zero = oldZero;
        return;
    }
    // '#' forces a decimal point and keeps %g's trailing zeros.
    if (m_f.sharp && verb != 'b') {
        int digits = 0;
        if (verb == 'v' || verb == 'g' || verb == 'G' || verb == 'x')
            digits = prec == -1 ? 6 : prec;
        std::string tail;
        bool hasDecimalPoint = false;
        bool sawNonzeroDigit = false;
        for (std::size_t i = 1; i < num.size(); ++i) {
            const char c = num[i];
            if (c == '.') {
                hasDecimalPoint = true;
            } else if (c == 'p' || c == 'P' || ((c == 'e' || c == 'E') && verb != 'x' && verb != 'X')) {
                tail = num.substr(i);
                num.resize(i);
            } else {
                if (c != '0')
                    sawNonzeroDigit = true;
                if (sawNonzeroDigit) // count significant digits
                    --digits;
            }
        }
        if (!hasDecimalPoint) {
            if (num.size() == 2 && num[1] == '0') // a leading 0 counts once
                --digits;
            num += '.';
        }
        if (digits > 0)
            num.append(static_cast<std::size_t>(digits), '0');
        num += tail;
    }
    if (m_f.plus || num[0] != '+') {
        // Zero padding goes between the sign and the digits.
        if (m_f.zero && !m_f.minus && m_f.widPresent && m_wid > static_cast<int>(num.size())) {
            buf += num[0];
            writePadding(m_wid - static_cast<int>(num.size()));
            buf.append(num, 1);
            return;
        }
        pad(num);
        return;
    }
    pad(std::string_view(num).substr(1));
}

} // namespace ds::go::fmt::detail
