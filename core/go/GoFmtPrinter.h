// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "text/Utf8.h"
#include "value/Value.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// The printer behind GoFmt.h, shared by its two halves the way Go splits fmt:
// GoFmtFormat.cpp (format.go: padding, integers, floats, quoting) and
// GoFmt.cpp (print.go: verbs, arguments, reflection over values). Not for use
// outside core/go.
namespace ds::go::fmt::detail {

inline constexpr std::string_view kLowerDigits = "0123456789abcdefx";
inline constexpr std::string_view kUpperDigits = "0123456789ABCDEFX";
inline constexpr char32_t kMaxRune = 0x10FFFF;
inline constexpr std::string_view kNilAngle = "<nil>";

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

} // namespace ds::go::fmt::detail
