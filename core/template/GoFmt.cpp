// SPDX-License-Identifier: Apache-2.0
#include "GoFmt.h"

#include "TemplateObject.h"
#include "text/Utf8.h"
#include "value/GoFloat.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>

// A port of Go's fmt (print.go, format.go) and the parts of strconv it uses,
// specialised to the template value model. The structure deliberately mirrors
// Go's so that the many corner cases (flag interplay, padding, inline errors)
// behave identically; comments name the Go function each piece follows.
namespace ds::tmpl::gofmt {

namespace {

constexpr std::string_view kLowerDigits = "0123456789abcdefx";
constexpr std::string_view kUpperDigits = "0123456789ABCDEFX";
constexpr char32_t kMaxRune = 0x10FFFF;
constexpr std::string_view kNilAngle = "<nil>";

// ---------------------------------------------------------------- strconv

bool validRune(char32_t r)
{
    return r <= kMaxRune && !(r >= 0xD800 && r <= 0xDFFF);
}

// strconv.appendEscapedRune
void appendEscapedRune(std::string &out, char32_t r, char quote, bool asciiOnly)
{
    if (r == static_cast<char32_t>(quote) || r == '\\') {
        out += '\\';
        utf8::appendRune(out, r);
        return;
    }
    if (asciiOnly) {
        if (r < 0x80 && utf8::isPrint(r)) {
            out += static_cast<char>(r);
            return;
        }
    } else if (utf8::isPrint(r)) {
        utf8::appendRune(out, r);
        return;
    }
    switch (r) {
    case '\a': out += "\\a"; return;
    case '\b': out += "\\b"; return;
    case '\f': out += "\\f"; return;
    case '\n': out += "\\n"; return;
    case '\r': out += "\\r"; return;
    case '\t': out += "\\t"; return;
    case '\v': out += "\\v"; return;
    default: break;
    }
    auto hex = [&](char32_t v, int digits) {
        for (int s = (digits - 1) * 4; s >= 0; s -= 4)
            out += kLowerDigits[(v >> s) & 0xF];
    };
    if (r < ' ' || r == 0x7F) {
        out += "\\x";
        hex(r, 2);
        return;
    }
    if (!validRune(r))
        r = utf8::kRuneError;
    if (r < 0x10000) {
        out += "\\u";
        hex(r, 4);
    } else {
        out += "\\U";
        hex(r, 8);
    }
}

// strconv.appendQuotedWith
std::string quoteWith(std::string_view s, char quote, bool asciiOnly)
{
    std::string out(1, quote);
    for (std::size_t i = 0; i < s.size();) {
        int width = 1;
        const char32_t r = utf8::decodeRune(s, i, width);
        if (width == 1 && r == utf8::kRuneError) {
            const auto b = static_cast<unsigned char>(s[i]);
            out += "\\x";
            out += kLowerDigits[b >> 4];
            out += kLowerDigits[b & 0xF];
        } else {
            appendEscapedRune(out, r, quote, asciiOnly);
        }
        i += static_cast<std::size_t>(width);
    }
    out += quote;
    return out;
}

// strconv.QuoteRune / QuoteRuneToASCII
std::string quoteRune(char32_t r, bool asciiOnly)
{
    if (!validRune(r))
        r = utf8::kRuneError;
    std::string out = "'";
    appendEscapedRune(out, r, '\'', asciiOnly);
    out += '\'';
    return out;
}

// strconv.CanBackquote
bool canBackquote(std::string_view s)
{
    for (std::size_t i = 0; i < s.size();) {
        int width = 1;
        const char32_t r = utf8::decodeRune(s, i, width);
        i += static_cast<std::size_t>(width);
        if (width > 1) {
            if (r == 0xFEFF)
                return false; // BOMs are invisible
            continue;
        }
        if (r == utf8::kRuneError)
            return false;
        if ((r < ' ' && r != '\t') || r == '`' || r == 0x7F)
            return false;
    }
    return true;
}

std::string decimal(std::uint64_t u)
{
    return std::to_string(u);
}

// strconv's %b of a float64: mantissa "p" binary exponent (fmtB).
std::string formatBinaryFloat(bool negative, std::uint64_t mant, int exp)
{
    std::string out = negative ? "-" : "";
    out += decimal(mant);
    out += 'p';
    exp -= 52;
    if (exp >= 0)
        out += '+';
    out += std::to_string(exp);
    return out;
}

// strconv's %x of a float64: -0x1.yyyyp±dd (fmtX).
std::string formatHexFloat(bool negative, std::uint64_t mant, int exp, int prec, char fmt)
{
    if (mant == 0)
        exp = 0;
    // Shift digits so the leading 1 (if any) is at bit 1<<60.
    mant <<= 60 - 52;
    while (mant != 0 && (mant & (std::uint64_t(1) << 60)) == 0) {
        mant <<= 1;
        --exp;
    }
    if (prec >= 0 && prec < 15) {
        const unsigned shift = static_cast<unsigned>(prec * 4);
        const std::uint64_t extra = (mant << shift) & ((std::uint64_t(1) << 60) - 1);
        mant >>= 60 - shift;
        if ((extra | (mant & 1)) > (std::uint64_t(1) << 59))
            ++mant;
        mant <<= 60 - shift;
        if (mant & (std::uint64_t(1) << 61)) { // wrapped around
            mant >>= 1;
            ++exp;
        }
    }
    const std::string_view hex = fmt == 'X' ? kUpperDigits : kLowerDigits;
    std::string out = negative ? "-" : "";
    out += '0';
    out += fmt;
    out += static_cast<char>('0' + ((mant >> 60) & 1));
    mant <<= 4; // drop the leading digit
    if (prec < 0 && mant != 0) {
        out += '.';
        for (; mant != 0; mant <<= 4)
            out += hex[(mant >> 60) & 15];
    } else if (prec > 0) {
        out += '.';
        for (int i = 0; i < prec; ++i, mant <<= 4)
            out += hex[(mant >> 60) & 15];
    }
    out += fmt == 'X' ? 'P' : 'p';
    out += exp < 0 ? '-' : '+';
    exp = std::abs(exp);
    std::string digits = std::to_string(exp);
    if (digits.size() < 2)
        digits.insert(0, 1, '0');
    out += digits;
    return out;
}

// strconv.FormatFloat(v, fmt, prec, 64) for fmt in b e E f g G x X.
std::string formatFloat(double v, char fmt, int prec)
{
    if (!std::isfinite(v))
        return gofloat::formatShortest(v);
    if (fmt == 'b' || fmt == 'x' || fmt == 'X') {
        std::uint64_t bits = 0;
        std::memcpy(&bits, &v, sizeof bits);
        const bool negative = bits >> 63;
        int exp = static_cast<int>((bits >> 52) & 0x7FF);
        std::uint64_t mant = bits & ((std::uint64_t(1) << 52) - 1);
        if (exp == 0)
            ++exp; // denormal
        else
            mant |= std::uint64_t(1) << 52;
        exp -= 1023;
        if (fmt == 'b')
            return formatBinaryFloat(negative, mant, exp);
        return formatHexFloat(negative, mant, exp, prec, fmt);
    }
    if (prec < 0)
        return gofloat::formatShortest(v, fmt);
    return gofloat::formatPrecision(v, fmt, prec);
}

// ---------------------------------------------------------------- types

bool isSignedKind(const Value &v)
{
    return v.type() == Value::Type::Int || v.type() == Value::Type::Int64;
}

// The integer inside an Object whose Go kind is an integer (time.Duration,
// time.Month): encoding/json renders such values as their number, which is
// what fmt's reflection path prints for the non-string verbs (%d of a Duration
// is its nanoseconds).
struct ObjectInteger
{
    std::uint64_t bits;
    bool isSigned;
};

std::optional<ObjectInteger> objectInteger(const Value &v)
{
    const TemplateObject *object = asTemplateObject(v);
    if (!object)
        return std::nullopt;
    const std::string kind = object->kindName();
    if (!kind.starts_with("int") && !kind.starts_with("uint"))
        return std::nullopt;
    const Value json = object->jsonValue();
    if (!json.isInteger())
        return std::nullopt;
    return ObjectInteger{json.toUint64(), kind.starts_with("int")};
}

// ---------------------------------------------------------------- printer

struct FmtFlags
{
    bool widPresent = false;
    bool precPresent = false;
    bool minus = false;
    bool plus = false;
    bool sharp = false;
    bool space = false;
    bool zero = false;
    // %+v and %#v are different, flagless formats; Go moves the flags here.
    bool plusV = false;
    bool sharpV = false;
};

// Go's pp with its embedded fmt.
class Printer
{
public:
    std::string buf;

    void doPrintf(std::string_view format, const std::vector<Value> &args);
    void doPrint(const std::vector<Value> &args);
    void doPrintln(const std::vector<Value> &args);
    void printArg(const Value &arg, char32_t verb);

private:
    // format.go
    void clearFlags()
    {
        m_f = {};
        m_wid = 0;
        m_prec = 0;
    }
    void writePadding(int n);
    void pad(std::string_view s);
    void fmtBoolean(bool v) { pad(v ? "true" : "false"); }
    void fmtUnicode(std::uint64_t u);
    void fmtIntegerBase(std::uint64_t u, int base, bool isSigned, char32_t verb, std::string_view digits);
    std::string_view truncateString(std::string_view s) const;
    void fmtS(std::string_view s) { pad(truncateString(s)); }
    void fmtSx(std::string_view s, std::string_view digits);
    void fmtQ(std::string_view s);
    void fmtC(std::uint64_t c);
    void fmtQc(std::uint64_t c);
    void fmtFloatVerb(double v, char verb, int prec);

    // print.go
    void badVerb(const Value &v, char32_t verb);
    void fmtBool(const Value &v, char32_t verb);
    void fmt0x64(std::uint64_t u, bool leading0x);
    void fmtInteger(std::uint64_t u, bool isSigned, char32_t verb, const Value &v);
    void fmtFloat(const Value &v, char32_t verb);
    void fmtString(std::string_view s, char32_t verb, const Value &v);
    void fmtPointer(const Value &v, char32_t verb);
    bool handleMethods(const Value &v, char32_t verb);
    void printObject(const Value &v, char32_t verb);
    void printValue(const Value &v, char32_t verb, int depth, bool boxed);
    void printList(const Value &v, char32_t verb, int depth);
    void printMap(const Value &v, char32_t verb, int depth);
    bool argNumber(int &argNum, std::string_view format, std::size_t &i, int numArgs);
    bool parseFlags(std::string_view format, std::size_t &i, const std::vector<Value> &args, int &argNum);
    void parseWidth(std::string_view format, std::size_t &i, const std::vector<Value> &args, int &argNum,
                    bool &afterIndex);
    void parsePrecision(std::string_view format, std::size_t &i, const std::vector<Value> &args, int &argNum,
                        bool &afterIndex);
    void printVerb(char32_t verb, const Value &arg);
    void printExtra(const std::vector<Value> &args, std::size_t from);
    void writeRune(char32_t r) { utf8::appendRune(buf, r); }

    FmtFlags m_f;
    int m_wid = 0;
    int m_prec = 0;
    bool m_reordered = false;
    bool m_goodArgNum = true;
    bool m_erroring = false; // printing an error string: no String() calls
};

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
    if (m_f.sharp && canBackquote(s)) {
        pad("`" + std::string(s) + "`");
        return;
    }
    pad(quoteWith(s, '"', m_f.plus));
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
    pad(quoteRune(r, m_f.plus));
}

// fmt.fmtFloat
void Printer::fmtFloatVerb(double v, char verb, int prec)
{
    if (m_f.precPresent)
        prec = m_prec;
    // Reserve a leading sign so that the sign logic below is uniform.
    std::string num = "+" + formatFloat(v, verb, prec);
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

// pp.badVerb: %!verb(type=value), printed without calling String().
void Printer::badVerb(const Value &v, char32_t verb)
{
    m_erroring = true;
    buf += "%!";
    writeRune(verb);
    buf += '(';
    if (v.isNothing()) {
        buf += kNilAngle;
    } else {
        buf += typeName(v);
        buf += '=';
        printValue(v, 'v', 0, false);
    }
    buf += ')';
    m_erroring = false;
}

void Printer::fmtBool(const Value &v, char32_t verb)
{
    if (verb == 't' || verb == 'v')
        fmtBoolean(v.toBool());
    else
        badVerb(v, verb);
}

void Printer::fmt0x64(std::uint64_t u, bool leading0x)
{
    const bool sharp = m_f.sharp;
    m_f.sharp = leading0x;
    fmtIntegerBase(u, 16, false, 'v', kLowerDigits);
    m_f.sharp = sharp;
}

// pp.fmtInteger
void Printer::fmtInteger(std::uint64_t u, bool isSigned, char32_t verb, const Value &v)
{
    switch (verb) {
    case 'v':
        if (m_f.sharpV && !isSigned)
            fmt0x64(u, true);
        else
            fmtIntegerBase(u, 10, isSigned, verb, kLowerDigits);
        break;
    case 'd': fmtIntegerBase(u, 10, isSigned, verb, kLowerDigits); break;
    case 'b': fmtIntegerBase(u, 2, isSigned, verb, kLowerDigits); break;
    case 'o':
    case 'O': fmtIntegerBase(u, 8, isSigned, verb, kLowerDigits); break;
    case 'x': fmtIntegerBase(u, 16, isSigned, verb, kLowerDigits); break;
    case 'X': fmtIntegerBase(u, 16, isSigned, verb, kUpperDigits); break;
    case 'c': fmtC(u); break;
    case 'q': fmtQc(u); break;
    case 'U': fmtUnicode(u); break;
    default: badVerb(v, verb); break;
    }
}

// pp.fmtFloat: default precision per verb.
void Printer::fmtFloat(const Value &v, char32_t verb)
{
    const double f = v.toFloat();
    switch (verb) {
    case 'v': fmtFloatVerb(f, 'g', -1); break;
    case 'b':
    case 'g':
    case 'G':
    case 'x':
    case 'X': fmtFloatVerb(f, static_cast<char>(verb), -1); break;
    case 'f':
    case 'e':
    case 'E': fmtFloatVerb(f, static_cast<char>(verb), 6); break;
    case 'F': fmtFloatVerb(f, 'f', 6); break;
    default: badVerb(v, verb); break;
    }
}

// pp.fmtString
void Printer::fmtString(std::string_view s, char32_t verb, const Value &v)
{
    switch (verb) {
    case 'v':
        if (m_f.sharpV)
            fmtQ(s);
        else
            fmtS(s);
        break;
    case 's': fmtS(s); break;
    case 'x': fmtSx(s, kLowerDigits); break;
    case 'X': fmtSx(s, kUpperDigits); break;
    case 'q': fmtQ(s); break;
    default: badVerb(v, verb); break;
    }
}

// pp.fmtPointer, for %p: maps, slices and pointer objects have addresses.
void Printer::fmtPointer(const Value &v, char32_t verb)
{
    std::uintptr_t u = 0;
    if (v.isList() || v.isMap())
        u = reinterpret_cast<std::uintptr_t>(v.identity());
    else if (v.isObject() && kindName(v) == "ptr")
        u = reinterpret_cast<std::uintptr_t>(v.objectPtr().get());
    else
        return badVerb(v, verb);
    fmt0x64(u, !m_f.sharp);
}

// pp.handleMethods: Stringers (semver, time.Time, time.Duration) print their
// String() for the string verbs.
bool Printer::handleMethods(const Value &v, char32_t verb)
{
    if (m_erroring)
        return false;
    if (verb == 'w') { // only valid in fmt.Errorf
        badVerb(v, verb);
        return true;
    }
    if (m_f.sharpV) {
        // Go would use GoString() or reflection; String() is the closest we know.
        fmtS(v.object().toString());
        return true;
    }
    switch (verb) {
    case 'v':
    case 's':
    case 'x':
    case 'X':
    case 'q': fmtString(v.object().toString(), verb, v); return true;
    default: return false;
    }
}

// An object reached by reflection (no String() call applies).
void Printer::printObject(const Value &v, char32_t verb)
{
    if (const auto integer = objectInteger(v))
        return fmtInteger(integer->bits, integer->isSigned, verb, v);
    if (verb == 'v')
        return pad(v.object().toString());
    badVerb(v, verb);
}

// pp.printValue. `boxed` says that the static type is interface {} (elements of
// []interface {} and values of map[string]interface {}), where nil is legal.
void Printer::printValue(const Value &v, char32_t verb, int depth, bool boxed)
{
    if (depth > 0 && v.isObject() && handleMethods(v, verb))
        return;
    switch (v.type()) {
    case Value::Type::Missing:
    case Value::Type::Null:
        if (boxed && m_f.sharpV)
            buf += "interface {}(nil)";
        else if (boxed || depth > 0)
            buf += kNilAngle;
        else
            buf += "<invalid reflect.Value>";
        break;
    case Value::Type::Bool: fmtBool(v, verb); break;
    case Value::Type::Int:
    case Value::Type::Int64:
    case Value::Type::Uint8:
    case Value::Type::Uint64: fmtInteger(v.toUint64(), isSignedKind(v), verb, v); break;
    case Value::Type::Float64: fmtFloat(v, verb); break;
    case Value::Type::String: fmtString(v.str(), verb, v); break;
    case Value::Type::List: printList(v, verb, depth); break;
    case Value::Type::Map: printMap(v, verb, depth); break;
    case Value::Type::Object: printObject(v, verb); break;
    }
}

void Printer::printList(const Value &v, char32_t verb, int depth)
{
    const bool boxed = v.listType() == Value::ListType::Interface;
    if (m_f.sharpV) {
        buf += typeName(v);
        if (v.isTypedNil()) {
            buf += "(nil)";
            return;
        }
        buf += '{';
    } else {
        buf += '[';
    }
    bool first = true;
    for (const Value &element : v.list()) {
        if (!first)
            buf += m_f.sharpV ? ", " : " ";
        first = false;
        printValue(element, verb, depth + 1, boxed);
    }
    buf += m_f.sharpV ? '}' : ']';
}

// Maps print sorted by key; std::map's order is Go's byte order.
void Printer::printMap(const Value &v, char32_t verb, int depth)
{
    const bool boxed = v.mapType() == Value::MapType::Interface;
    if (m_f.sharpV) {
        buf += typeName(v);
        if (v.isTypedNil()) {
            buf += "(nil)";
            return;
        }
        buf += '{';
    } else {
        buf += "map[";
    }
    bool first = true;
    for (const auto &[key, value] : v.map()) {
        if (!first)
            buf += m_f.sharpV ? ", " : " ";
        first = false;
        printValue(Value(key), verb, depth + 1, false);
        buf += ':';
        printValue(value, verb, depth + 1, boxed);
    }
    buf += m_f.sharpV ? '}' : ']';
}

// pp.printArg
void Printer::printArg(const Value &arg, char32_t verb)
{
    if (arg.isNothing()) {
        if (verb == 'T' || verb == 'v')
            pad(kNilAngle);
        else
            badVerb(arg, verb);
        return;
    }
    if (verb == 'T')
        return fmtS(typeName(arg));
    if (verb == 'p')
        return fmtPointer(arg, verb);
    if (verb == 'w' && (arg.isList() || arg.isMap()))
        return badVerb(arg, verb); // %w is only valid in fmt.Errorf
    if (arg.isObject() && handleMethods(arg, verb))
        return;
    printValue(arg, verb, 0, false);
}

// parsenum: a decimal number; over 1e6 is "crazy" and ends the format.
bool parseNum(std::string_view s, std::size_t &i, int &num)
{
    num = 0;
    bool isNum = false;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
        if (num > 1000000) {
            num = 0;
            i = s.size();
            return false;
        }
        num = num * 10 + (s[i] - '0');
        isNum = true;
    }
    return isNum;
}

// intFromArg: a '*' width or precision must be an integer within ±1e6.
bool intFromArg(const std::vector<Value> &args, int &argNum, int &num)
{
    num = 0;
    if (argNum >= static_cast<int>(args.size()))
        return false;
    const Value &a = args[static_cast<std::size_t>(argNum)];
    ++argNum;
    bool isInt = false;
    if (a.isSignedInteger()) {
        isInt = a.toInt64() >= -1000000 && a.toInt64() <= 1000000;
        num = isInt ? static_cast<int>(a.toInt64()) : 0;
    } else if (a.isUnsignedInteger()) {
        isInt = a.toUint64() <= 1000000;
        num = isInt ? static_cast<int>(a.toUint64()) : 0;
    }
    return isInt;
}

// pp.argNumber / parseArgNumber: an optional "[n]" argument index.
bool Printer::argNumber(int &argNum, std::string_view format, std::size_t &i, int numArgs)
{
    if (i >= format.size() || format[i] != '[')
        return false;
    m_reordered = true;
    // parseArgNumber on format[i:]
    bool ok = false;
    int index = 0;
    std::size_t wid = 1;
    if (format.size() - i >= 3) {
        for (std::size_t j = i + 1; j < format.size(); ++j) {
            if (format[j] != ']')
                continue;
            std::size_t k = i + 1;
            int n = 0;
            const bool isNum = parseNum(format.substr(0, j), k, n);
            wid = j - i + 1;
            if (isNum && k == j) {
                ok = true;
                index = n - 1;
            }
            break;
        }
    }
    i += wid;
    if (ok && index >= 0 && index < numArgs) {
        argNum = index;
        return true;
    }
    m_goodArgNum = false;
    return ok;
}

// The flags after a '%'; with a lower-case verb right after them and an
// argument left, prints it at once (Go's fast path) and returns true.
bool Printer::parseFlags(std::string_view format, std::size_t &i, const std::vector<Value> &args, int &argNum)
{
    clearFlags();
    for (; i < format.size(); ++i) {
        switch (const char c = format[i]) {
        case '#': m_f.sharp = true; break;
        case '0': m_f.zero = true; break;
        case '+': m_f.plus = true; break;
        case '-': m_f.minus = true; break;
        case ' ': m_f.space = true; break;
        default:
            if (c < 'a' || c > 'z' || argNum >= static_cast<int>(args.size()))
                return false; // more complex than flags and a verb, or malformed
            printVerb(static_cast<char32_t>(c), args[static_cast<std::size_t>(argNum++)]);
            ++i;
            return true;
        }
    }
    return false;
}

// Width: a number or '*' taking an int argument (negative means '-').
void Printer::parseWidth(std::string_view format, std::size_t &i, const std::vector<Value> &args, int &argNum,
                         bool &afterIndex)
{
    if (i < format.size() && format[i] == '*') {
        ++i;
        m_f.widPresent = intFromArg(args, argNum, m_wid);
        if (!m_f.widPresent)
            buf += "%!(BADWIDTH)";
        if (m_wid < 0) {
            m_wid = -m_wid;
            m_f.minus = true;
            m_f.zero = false;
        }
        afterIndex = false;
        return;
    }
    m_f.widPresent = parseNum(format, i, m_wid);
    if (afterIndex && m_f.widPresent) // "%[3]2d"
        m_goodArgNum = false;
}

// Precision: '.' then a number, '*' or nothing (which means 0).
void Printer::parsePrecision(std::string_view format, std::size_t &i, const std::vector<Value> &args,
                             int &argNum, bool &afterIndex)
{
    if (i + 1 >= format.size() || format[i] != '.')
        return;
    ++i;
    if (afterIndex) // "%[3].2d"
        m_goodArgNum = false;
    afterIndex = argNumber(argNum, format, i, static_cast<int>(args.size()));
    if (i < format.size() && format[i] == '*') {
        ++i;
        m_f.precPresent = intFromArg(args, argNum, m_prec);
        if (m_prec < 0) {
            m_prec = 0;
            m_f.precPresent = false;
        }
        if (!m_f.precPresent)
            buf += "%!(BADPREC)";
        afterIndex = false;
        return;
    }
    m_f.precPresent = parseNum(format, i, m_prec);
    if (!m_f.precPresent) {
        m_prec = 0;
        m_f.precPresent = true;
    }
}

// %v and %w turn '#' and '+' into the flagless %#v / %+v formats.
void Printer::printVerb(char32_t verb, const Value &arg)
{
    if (verb == 'v' || verb == 'w') {
        m_f.sharpV = m_f.sharp;
        m_f.sharp = false;
        m_f.plusV = m_f.plus;
        m_f.plus = false;
    }
    printArg(arg, verb);
}

// %!(EXTRA type=value, ...), printed without the verb's flags.
void Printer::printExtra(const std::vector<Value> &args, std::size_t from)
{
    clearFlags();
    buf += "%!(EXTRA ";
    for (std::size_t k = from; k < args.size(); ++k) {
        if (k > from)
            buf += ", ";
        if (args[k].isNothing()) {
            buf += kNilAngle;
        } else {
            buf += typeName(args[k]);
            buf += '=';
            printArg(args[k], 'v');
        }
    }
    buf += ')';
}

// pp.doPrintf
void Printer::doPrintf(std::string_view format, const std::vector<Value> &args)
{
    const int numArgs = static_cast<int>(args.size());
    int argNum = 0;
    m_reordered = false;
    std::size_t i = 0;
    while (i < format.size()) {
        m_goodArgNum = true;
        const std::size_t literal = format.find('%', i);
        buf.append(format.substr(i, literal == std::string_view::npos ? std::string_view::npos : literal - i));
        if (literal == std::string_view::npos)
            break;
        i = literal + 1;
        if (parseFlags(format, i, args, argNum))
            continue;

        bool afterIndex = argNumber(argNum, format, i, numArgs); // after an index like [3]
        parseWidth(format, i, args, argNum, afterIndex);
        parsePrecision(format, i, args, argNum, afterIndex);
        if (!afterIndex)
            afterIndex = argNumber(argNum, format, i, numArgs);
        if (i >= format.size()) {
            buf += "%!(NOVERB)";
            break;
        }

        int size = 1;
        const char32_t verb = utf8::decodeRune(format, i, size);
        i += static_cast<std::size_t>(size);
        if (verb == '%') { // absorbs no operand, ignores width and precision
            buf += '%';
        } else if (!m_goodArgNum || argNum >= numArgs) {
            buf += "%!";
            writeRune(verb);
            buf += m_goodArgNum ? "(MISSING)" : "(BADINDEX)";
        } else {
            printVerb(verb, args[static_cast<std::size_t>(argNum++)]);
        }
    }
    // Unused arguments are reported unless the format reordered them.
    if (!m_reordered && argNum < numArgs)
        printExtra(args, static_cast<std::size_t>(argNum));
}

// pp.doPrint: a space between operands when neither is a string.
void Printer::doPrint(const std::vector<Value> &args)
{
    bool prevString = false;
    for (std::size_t k = 0; k < args.size(); ++k) {
        const bool isString = args[k].isString();
        if (k > 0 && !isString && !prevString)
            buf += ' ';
        printArg(args[k], 'v');
        prevString = isString;
    }
}

void Printer::doPrintln(const std::vector<Value> &args)
{
    for (std::size_t k = 0; k < args.size(); ++k) {
        if (k > 0)
            buf += ' ';
        printArg(args[k], 'v');
    }
    buf += '\n';
}

} // namespace

std::string sprint(const std::vector<Value> &args)
{
    Printer p;
    p.doPrint(args);
    return std::move(p.buf);
}

std::string sprintln(const std::vector<Value> &args)
{
    Printer p;
    p.doPrintln(args);
    return std::move(p.buf);
}

std::string sprintf(std::string_view format, const std::vector<Value> &args)
{
    Printer p;
    p.doPrintf(format, args);
    return std::move(p.buf);
}

std::string formatValue(const Value &v)
{
    if (v.isString())
        return v.str();
    Printer p;
    p.printArg(v, 'v');
    return std::move(p.buf);
}

std::string typeName(const Value &v)
{
    switch (v.type()) {
    case Value::Type::Missing:
    case Value::Type::Null: return "<nil>";
    case Value::Type::Bool: return "bool";
    case Value::Type::Int: return "int";
    case Value::Type::Int64: return "int64";
    case Value::Type::Uint8: return "uint8";
    case Value::Type::Uint64: return "uint64";
    case Value::Type::Float64: return "float64";
    case Value::Type::String: return "string";
    case Value::Type::List:
        switch (v.listType()) {
        case Value::ListType::Interface: return "[]interface {}";
        case Value::ListType::String: return "[]string";
        case Value::ListType::Int: return "[]int";
        case Value::ListType::InterfaceList: return "[][]interface {}";
        case Value::ListType::MapList: return "[]map[string]interface {}";
        }
        break;
    case Value::Type::Map:
        return v.mapType() == Value::MapType::String ? "map[string]string" : "map[string]interface {}";
    case Value::Type::Object: return v.object().typeName();
    }
    return "<nil>";
}

std::string kindName(const Value &v)
{
    switch (v.type()) {
    case Value::Type::Missing:
    case Value::Type::Null: return "invalid";
    case Value::Type::List: return "slice";
    case Value::Type::Map: return "map";
    case Value::Type::Object:
        if (const TemplateObject *object = asTemplateObject(v))
            return object->kindName();
        return v.object().typeName().starts_with('*') ? "ptr" : "struct";
    default: return typeName(v); // the basic kinds are named like their types
    }
}

std::string quote(std::string_view s)
{
    return quoteWith(s, '"', false);
}

std::string strval(const Value &v)
{
    if (v.isString())
        return v.str();
    if (v.isObject())
        return v.object().toString();
    return formatValue(v);
}

} // namespace ds::tmpl::gofmt
