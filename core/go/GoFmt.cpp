// SPDX-License-Identifier: Apache-2.0
// fmt's printing (Go's fmt/print.go): verbs, argument indexes, width and
// precision from arguments, inline errors, and reflection over template values.
// The structure mirrors Go's so that the many corner cases (flag interplay,
// padding, inline errors) behave identically; comments name the Go function
// each piece follows.
#include "GoFmt.h"

#include "GoFmtPrinter.h"
#include "GoFloat.h"
#include "GoStrconv.h"
#include "GoTypes.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>

namespace ds::go::fmt {

namespace detail {

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
    if (!v.isObject())
        return std::nullopt;
    const std::string kind = v.object().kindName();
    if (!kind.starts_with("int") && !kind.starts_with("uint"))
        return std::nullopt;
    const Value json = v.object().jsonValue();
    if (!json.isInteger())
        return std::nullopt;
    return ObjectInteger{json.toUint64(), kind.starts_with("int")};
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

} // namespace detail

std::string sprint(const std::vector<Value> &args)
{
    detail::Printer p;
    p.doPrint(args);
    return std::move(p.buf);
}

std::string sprintln(const std::vector<Value> &args)
{
    detail::Printer p;
    p.doPrintln(args);
    return std::move(p.buf);
}

std::string sprintf(std::string_view format, const std::vector<Value> &args)
{
    detail::Printer p;
    p.doPrintf(format, args);
    return std::move(p.buf);
}

std::string formatValue(const Value &v)
{
    if (v.isString())
        return v.str();
    detail::Printer p;
    p.printArg(v, 'v');
    return std::move(p.buf);
}

std::string strval(const Value &v)
{
    if (v.isString())
        return v.str();
    if (v.isObject())
        return v.object().toString();
    return formatValue(v);
}

} // namespace ds::go::fmt
