// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// Ports of the Go string algorithms behind Sprig's string functions
// (tst_stringfunctions). Go strings are byte strings: invalid UTF-8
// decodes as U+FFFD of width 1 wherever Go ranges over runes, and the byte-wise
// goutils functions keep their quirks (Latin-1 re-encoding of bytes).
namespace ds::tmpl {

// --- huandu/xstrings v1.5.0 -------------------------------------------------

// xstrings.ToPascalCase (sprig's camelcase).
std::string toPascalCase(std::string_view s);
// xstrings.ToSnakeCase / ToKebabCase (camelCaseToLowerCase with '_' / '-').
std::string toSnakeCase(std::string_view s);
std::string toKebabCase(std::string_view s);

// --- Masterminds/goutils v1.1.1 ---------------------------------------------

// WordUtils.SwapCase: upper/title → lower, lower → title at a word start else upper.
std::string swapCase(std::string_view s);
// WordUtils.Uncapitalize with whitespace delimiters.
std::string uncapitalize(std::string_view s);
// WordUtils.Initials: the first BYTE of every whitespace-separated word, as a
// Latin-1 code point.
std::string initials(std::string_view s);
// StringUtils.DeleteWhiteSpace: byte-wise; when anything is removed the kept
// bytes are re-encoded as Latin-1 code points.
std::string deleteWhiteSpace(std::string_view s);
// WordUtils.WrapCustom (byte offsets; newLine "" means "\n").
std::string wrapCustom(std::string_view s, std::int64_t wrapLength, std::string_view newLine, bool wrapLongWords);
// StringUtils.AbbreviateFull; Go's error cases yield "" (sprig ignores the error).
std::string abbreviateFull(std::string_view s, std::int64_t offset, std::int64_t maxWidth);

// --- Go's strings package ---------------------------------------------------

// strings.ToUpper / ToLower / Title (simple per-code-point case mapping).
std::string goToUpper(std::string_view s);
std::string goToLower(std::string_view s);
std::string goTitle(std::string_view s);
// strings.TrimSpace and strings.Trim(s, cutset).
std::string goTrimSpace(std::string_view s);
std::string goTrim(std::string_view s, std::string_view cutset);
// strings.Replace(s, old, new, -1).
std::string goReplaceAll(std::string_view s, std::string_view oldText, std::string_view newText);
// strings.SplitN (n < 0: all parts, n == 0: none); Split = SplitN(s, sep, -1).
std::vector<std::string> goSplitN(std::string_view s, std::string_view sep, std::int64_t n);
// strings.Repeat; throws FunctionError with Go's panic text on a negative count
// or an overflowing length.
std::string goRepeat(std::string_view s, std::int64_t count);

// utf8.DecodeLastRuneInString: invalid → U+FFFD with width 1.
char32_t decodeLastRune(std::string_view s, int &width);

} // namespace ds::tmpl
