// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

// Go's strconv (GoStrconv.cpp; float formatting is GoFloat.h): number parsing
// as template literals and sprig's conversions (spf13/cast) need it, and the
// quoting and unquoting of strings and runes.
namespace ds::go::strconv {

enum class NumError : std::uint8_t { None, Syntax, Range };

struct IntResult
{
    std::int64_t value = 0;
    NumError error = NumError::None;
    bool ok() const { return error == NumError::None; }
};

struct UintResult
{
    std::uint64_t value = 0;
    NumError error = NumError::None;
    bool ok() const { return error == NumError::None; }
};

struct FloatResult
{
    double value = 0;
    NumError error = NumError::None;
    bool ok() const { return error == NumError::None; }
};

// strconv.ParseUint(s, base, 64) / ParseInt(s, base, 64), base 0 or 2..36. Base 0
// reads Go literal prefixes (0x 0o 0b, leading 0 = octal) and `_` separators.
// On overflow the value is Go's clamped one (ParseInt: MaxInt64/MinInt64).
UintResult parseUint(std::string_view s, int base);
IntResult parseInt(std::string_view s, int base);
// strconv.ParseFloat(s, 64): decimal or hex (0x1p4) with `_` separators, inf,
// infinity, nan (any case). Overflow → ±Inf with Range; underflow is no error.
FloatResult parseFloat(std::string_view s);
// strconv.Atoi: optional sign and decimal digits only.
IntResult atoi(std::string_view s);
// strconv.underscoreOK: `_` only between digits or between a base prefix and a digit.
bool underscoreOK(std::string_view s);

// strconv.Unquote of a "..." or `...` literal; nullopt on invalid syntax.
std::optional<std::string> unquote(std::string_view literal);
// strconv.UnquoteChar for a character constant body; returns the rune and the
// unconsumed tail, or nullopt on invalid syntax. \x and octal escapes are raw
// bytes, returned with bit 31 set.
std::optional<std::pair<char32_t, std::string_view>> unquoteChar(std::string_view s, char quote);

// strconv.Quote (printable Unicode kept, \a\b\f\n\r\t\v\\\", \xNN, \uNNNN, \UNNNNNNNN).
std::string quote(std::string_view s);
// strconv.appendQuotedWith: quote is '"' or '\'', asciiOnly as QuoteToASCII.
std::string quoteWith(std::string_view s, char quote, bool asciiOnly);
// strconv.QuoteRune / QuoteRuneToASCII.
std::string quoteRune(char32_t r, bool asciiOnly);
// strconv.CanBackquote.
bool canBackquote(std::string_view s);

} // namespace ds::go::strconv
