// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>
#include <string_view>
#include <vector>

// UTF-8 handling with Go's semantics: strings are bytes, and an invalid byte
// decodes as U+FFFD with width 1 (utf8.DecodeRuneInString).
namespace ds::utf8 {

constexpr char32_t kRuneError = 0xFFFD;

// Decodes the rune at byte offset i; width receives its length in bytes (≥ 1).
char32_t decodeRune(std::string_view s, std::size_t i, int &width);
std::vector<char32_t> decodeRunes(std::string_view s);
std::size_t runeCount(std::string_view s);
// Appends r; surrogates and out-of-range values become U+FFFD like Go.
void appendRune(std::string &out, char32_t r);
std::string encode(const std::vector<char32_t> &runes);
bool isValid(std::string_view s);
// Every invalid byte replaced by U+FFFD (what encoding/json does).
std::string sanitize(std::string_view s);

// Unicode classes as Go's unicode package defines them.
bool isLetter(char32_t r);
bool isUnicodeDigit(char32_t r);
bool isSpace(char32_t r);
bool isUpper(char32_t r);
bool isLower(char32_t r);
bool isPunct(char32_t r);
// strconv.IsPrint: letters, marks, numbers, punctuation, symbols and U+0020.
bool isPrint(char32_t r);
char32_t toUpper(char32_t r);
char32_t toLower(char32_t r);
char32_t toTitle(char32_t r);

} // namespace ds::utf8
