// SPDX-License-Identifier: Apache-2.0
#include "Slug.h"

#include "text/Utf8.h"

#include <array>

namespace ds::patch {

namespace {

// gosimple/unidecode's transliterations for U+0080..U+04FF, taken from the
// table the library embeds (Python unidecode data of its time: "[?]" for
// unassigned code points, "1/4" without spaces, C1 controls empty).
constexpr std::array<const char *, 0x480> kUnidecode = {
    /* 0080 */ "", "", "", "", "", "", "", "",
    /* 0088 */ "", "", "", "", "", "", "", "",
    /* 0090 */ "", "", "", "", "", "", "", "",
    /* 0098 */ "", "", "", "", "", "", "", "",
    /* 00A0 */ " ", "!", "C/", "PS", "$?", "Y=", "|", "SS",
    /* 00A8 */ "\"", "(c)", "a", "<<", "!", "", "(r)", "-",
    /* 00B0 */ "deg", "+-", "2", "3", "'", "u", "P", "*",
    /* 00B8 */ ",", "1", "o", ">>", "1/4", "1/2", "3/4", "?",
    /* 00C0 */ "A", "A", "A", "A", "A", "A", "AE", "C",
    /* 00C8 */ "E", "E", "E", "E", "I", "I", "I", "I",
    /* 00D0 */ "D", "N", "O", "O", "O", "O", "O", "x",
    /* 00D8 */ "O", "U", "U", "U", "U", "Y", "Th", "ss",
    /* 00E0 */ "a", "a", "a", "a", "a", "a", "ae", "c",
    /* 00E8 */ "e", "e", "e", "e", "i", "i", "i", "i",
    /* 00F0 */ "d", "n", "o", "o", "o", "o", "o", "/",
    /* 00F8 */ "o", "u", "u", "u", "u", "y", "th", "y",
    /* 0100 */ "A", "a", "A", "a", "A", "a", "C", "c",
    /* 0108 */ "C", "c", "C", "c", "C", "c", "D", "d",
    /* 0110 */ "D", "d", "E", "e", "E", "e", "E", "e",
    /* 0118 */ "E", "e", "E", "e", "G", "g", "G", "g",
    /* 0120 */ "G", "g", "G", "g", "H", "h", "H", "h",
    /* 0128 */ "I", "i", "I", "i", "I", "i", "I", "i",
    /* 0130 */ "I", "i", "IJ", "ij", "J", "j", "K", "k",
    /* 0138 */ "k", "L", "l", "L", "l", "L", "l", "L",
    /* 0140 */ "l", "L", "l", "N", "n", "N", "n", "N",
    /* 0148 */ "n", "'n", "ng", "NG", "O", "o", "O", "o",
    /* 0150 */ "O", "o", "OE", "oe", "R", "r", "R", "r",
    /* 0158 */ "R", "r", "S", "s", "S", "s", "S", "s",
    /* 0160 */ "S", "s", "T", "t", "T", "t", "T", "t",
    /* 0168 */ "U", "u", "U", "u", "U", "u", "U", "u",
    /* 0170 */ "U", "u", "U", "u", "W", "w", "Y", "y",
    /* 0178 */ "Y", "Z", "z", "Z", "z", "Z", "z", "s",
    /* 0180 */ "b", "B", "B", "b", "6", "6", "O", "C",
    /* 0188 */ "c", "D", "D", "D", "d", "d", "3", "@",
    /* 0190 */ "E", "F", "f", "G", "G", "hv", "I", "I",
    /* 0198 */ "K", "k", "l", "l", "W", "N", "n", "O",
    /* 01A0 */ "O", "o", "OI", "oi", "P", "p", "YR", "2",
    /* 01A8 */ "2", "SH", "sh", "t", "T", "t", "T", "U",
    /* 01B0 */ "u", "Y", "V", "Y", "y", "Z", "z", "ZH",
    /* 01B8 */ "ZH", "zh", "zh", "2", "5", "5", "ts", "w",
    /* 01C0 */ "|", "||", "|=", "!", "DZ", "Dz", "dz", "LJ",
    /* 01C8 */ "Lj", "lj", "NJ", "Nj", "nj", "A", "a", "I",
    /* 01D0 */ "i", "O", "o", "U", "u", "U", "u", "U",
    /* 01D8 */ "u", "U", "u", "U", "u", "@", "A", "a",
    /* 01E0 */ "A", "a", "AE", "ae", "G", "g", "G", "g",
    /* 01E8 */ "K", "k", "O", "o", "O", "o", "ZH", "zh",
    /* 01F0 */ "j", "DZ", "Dz", "dz", "G", "g", "HV", "W",
    /* 01F8 */ "N", "n", "A", "a", "AE", "ae", "O", "o",
    /* 0200 */ "A", "a", "A", "a", "E", "e", "E", "e",
    /* 0208 */ "I", "i", "I", "i", "O", "o", "O", "o",
    /* 0210 */ "R", "r", "R", "r", "U", "u", "U", "u",
    /* 0218 */ "S", "s", "T", "t", "Y", "y", "H", "h",
    /* 0220 */ "N", "d", "OU", "ou", "Z", "z", "A", "a",
    /* 0228 */ "E", "e", "O", "o", "O", "o", "O", "o",
    /* 0230 */ "O", "o", "Y", "y", "l", "n", "t", "j",
    /* 0238 */ "db", "qp", "A", "C", "c", "L", "T", "s",
    /* 0240 */ "z", "[?]", "[?]", "B", "U", "^", "E", "e",
    /* 0248 */ "J", "j", "q", "q", "R", "r", "Y", "y",
    /* 0250 */ "a", "a", "a", "b", "o", "c", "d", "d",
    /* 0258 */ "e", "@", "@", "e", "e", "e", "e", "j",
    /* 0260 */ "g", "g", "g", "g", "u", "Y", "h", "h",
    /* 0268 */ "i", "i", "I", "l", "l", "l", "lZ", "W",
    /* 0270 */ "W", "m", "n", "n", "n", "o", "OE", "O",
    /* 0278 */ "F", "r", "r", "r", "r", "r", "r", "r",
    /* 0280 */ "R", "R", "s", "S", "j", "S", "S", "t",
    /* 0288 */ "t", "u", "U", "v", "^", "w", "y", "Y",
    /* 0290 */ "z", "z", "Z", "Z", "?", "?", "?", "C",
    /* 0298 */ "@", "B", "E", "G", "H", "j", "k", "L",
    /* 02A0 */ "q", "?", "?", "dz", "dZ", "dz", "ts", "tS",
    /* 02A8 */ "tC", "fN", "ls", "lz", "WW", "]]", "h", "h",
    /* 02B0 */ "k", "h", "j", "r", "r", "r", "r", "w",
    /* 02B8 */ "y", "'", "\"", "`", "'", "`", "`", "'",
    /* 02C0 */ "?", "?", "<", ">", "^", "V", "^", "V",
    /* 02C8 */ "'", "-", "/", "\\", ",", "_", "\\", "/",
    /* 02D0 */ ":", ".", "`", "'", "^", "V", "+", "-",
    /* 02D8 */ "V", ".", "@", ",", "~", "\"", "R", "X",
    /* 02E0 */ "G", "l", "s", "x", "?", "", "", "",
    /* 02E8 */ "", "", "", "", "V", "=", "\"", "[?]",
    /* 02F0 */ "[?]", "[?]", "[?]", "[?]", "[?]", "[?]", "[?]", "[?]",
    /* 02F8 */ "[?]", "[?]", "[?]", "[?]", "[?]", "[?]", "[?]", "",
    /* 0300 */ "", "", "", "", "", "", "", "",
    /* 0308 */ "", "", "", "", "", "", "", "",
    /* 0310 */ "", "", "", "", "", "", "", "",
    /* 0318 */ "", "", "", "", "", "", "", "",
    /* 0320 */ "", "", "", "", "", "", "", "",
    /* 0328 */ "", "", "", "", "", "", "", "",
    /* 0330 */ "", "", "", "", "", "", "", "",
    /* 0338 */ "", "", "", "", "", "", "", "",
    /* 0340 */ "", "", "", "", "", "", "", "",
    /* 0348 */ "", "", "", "", "", "", "", "[?]",
    /* 0350 */ "[?]", "[?]", "[?]", "[?]", "[?]", "[?]", "[?]", "[?]",
    /* 0358 */ "[?]", "[?]", "[?]", "[?]", "[?]", "[?]", "[?]", "[?]",
    /* 0360 */ "", "", "", "a", "e", "i", "o", "u",
    /* 0368 */ "c", "d", "h", "m", "r", "t", "v", "x",
    /* 0370 */ "[?]", "[?]", "[?]", "[?]", "'", ",", "[?]", "[?]",
    /* 0378 */ "[?]", "[?]", "", "[?]", "[?]", "[?]", "?", "[?]",
    /* 0380 */ "[?]", "[?]", "[?]", "[?]", "", "", "A", ";",
    /* 0388 */ "E", "E", "I", "[?]", "O", "[?]", "U", "O",
    /* 0390 */ "I", "A", "B", "G", "D", "E", "Z", "E",
    /* 0398 */ "Th", "I", "K", "L", "M", "N", "Ks", "O",
    /* 03A0 */ "P", "R", "[?]", "S", "T", "U", "Ph", "Kh",
    /* 03A8 */ "Ps", "O", "I", "U", "a", "e", "e", "i",
    /* 03B0 */ "u", "a", "b", "g", "d", "e", "z", "e",
    /* 03B8 */ "th", "i", "k", "l", "m", "n", "x", "o",
    /* 03C0 */ "p", "r", "s", "s", "t", "u", "ph", "kh",
    /* 03C8 */ "ps", "o", "i", "u", "o", "u", "o", "[?]",
    /* 03D0 */ "b", "th", "U", "U", "U", "ph", "p", "&",
    /* 03D8 */ "[?]", "[?]", "St", "st", "W", "w", "Q", "q",
    /* 03E0 */ "Sp", "sp", "Sh", "sh", "F", "f", "Kh", "kh",
    /* 03E8 */ "H", "h", "G", "g", "CH", "ch", "Ti", "ti",
    /* 03F0 */ "k", "r", "c", "j", "[?]", "[?]", "[?]", "[?]",
    /* 03F8 */ "[?]", "[?]", "[?]", "[?]", "[?]", "[?]", "[?]", "",
    /* 0400 */ "Ie", "Io", "Dj", "Gj", "Ie", "Dz", "I", "Yi",
    /* 0408 */ "J", "Lj", "Nj", "Tsh", "Kj", "I", "U", "Dzh",
    /* 0410 */ "A", "B", "V", "G", "D", "E", "Zh", "Z",
    /* 0418 */ "I", "I", "K", "L", "M", "N", "O", "P",
    /* 0420 */ "R", "S", "T", "U", "F", "Kh", "Ts", "Ch",
    /* 0428 */ "Sh", "Shch", "'", "Y", "'", "E", "Iu", "Ia",
    /* 0430 */ "a", "b", "v", "g", "d", "e", "zh", "z",
    /* 0438 */ "i", "i", "k", "l", "m", "n", "o", "p",
    /* 0440 */ "r", "s", "t", "u", "f", "kh", "ts", "ch",
    /* 0448 */ "sh", "shch", "'", "y", "'", "e", "iu", "ia",
    /* 0450 */ "ie", "io", "dj", "gj", "ie", "dz", "i", "yi",
    /* 0458 */ "j", "lj", "nj", "tsh", "kj", "i", "u", "dzh",
    /* 0460 */ "O", "o", "E", "e", "Ie", "ie", "E", "e",
    /* 0468 */ "Ie", "ie", "O", "o", "Io", "io", "Ks", "ks",
    /* 0470 */ "Ps", "ps", "F", "f", "Y", "y", "Y", "y",
    /* 0478 */ "u", "u", "O", "o", "O", "o", "Ot", "ot",
    /* 0480 */ "Q", "q", "*1000*", "", "", "", "", "[?]",
    /* 0488 */ "*100.000*", "*1.000.000*", "[?]", "[?]", "\"", "\"", "R'", "r'",
    /* 0490 */ "G'", "g'", "G'", "g'", "G'", "g'", "Zh'", "zh'",
    /* 0498 */ "Z'", "z'", "K'", "k'", "K'", "k'", "K'", "k'",
    /* 04A0 */ "K'", "k'", "N'", "n'", "Ng", "ng", "P'", "p'",
    /* 04A8 */ "Kh", "kh", "S'", "s'", "T'", "t'", "U", "u",
    /* 04B0 */ "U'", "u'", "Kh'", "kh'", "Tts", "tts", "Ch'", "ch'",
    /* 04B8 */ "Ch'", "ch'", "H", "h", "Ch", "ch", "Ch'", "ch'",
    /* 04C0 */ "`", "Zh", "zh", "K'", "k'", "[?]", "[?]", "N'",
    /* 04C8 */ "n'", "[?]", "[?]", "Ch", "ch", "[?]", "[?]", "[?]",
    /* 04D0 */ "a", "a", "A", "a", "Ae", "ae", "Ie", "ie",
    /* 04D8 */ "@", "@", "@", "@", "Zh", "zh", "Z", "z",
    /* 04E0 */ "Dz", "dz", "I", "i", "I", "i", "O", "o",
    /* 04E8 */ "O", "o", "O", "o", "E", "e", "U", "u",
    /* 04F0 */ "U", "u", "U", "u", "Ch", "ch", "[?]", "[?]",
    /* 04F8 */ "Y", "y", "[?]", "[?]", "[?]", "[?]", "[?]", "",
};

// enSub merged with defaultSub (languages_substitution.go).
const char *substitute(char32_t r)
{
    switch (r) {
    case '&': return "and";
    case '@': return "at";
    case '"':
    case '\'':
    case 0x2019: return "";
    case 0x2012:
    case 0x2013:
    case 0x2014:
    case 0x2015: return "-";
    default: return nullptr;
    }
}

// strings.TrimSpace on the decoded runes (invalid bytes are U+FFFD, not space).
std::string_view trimSpace(std::string_view s)
{
    std::size_t begin = 0;
    while (begin < s.size()) {
        int w = 1;
        if (!utf8::isSpace(utf8::decodeRune(s, begin, w)))
            break;
        begin += static_cast<std::size_t>(w);
    }
    std::size_t end = begin;
    for (std::size_t i = begin; i < s.size();) {
        int w = 1;
        const char32_t r = utf8::decodeRune(s, i, w);
        i += static_cast<std::size_t>(w);
        if (!utf8::isSpace(r))
            end = i;
    }
    return s.substr(begin, end - begin);
}

// SubstituteRune(enSub) followed by unidecode.Unidecode: ASCII out.
std::string transliterate(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        int w = 1;
        const char32_t r = utf8::decodeRune(s, i, w);
        i += static_cast<std::size_t>(w);
        if (const char *sub = substitute(r))
            out += sub;
        else if (r < 0x80)
            out.push_back(static_cast<char>(r));
        else if (r < 0x80 + kUnidecode.size())
            out += kUnidecode[r - 0x80];
    }
    return out;
}

bool isSlugChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

} // namespace

std::string slug(std::string_view s)
{
    const std::string ascii = transliterate(trimSpace(s));
    std::string out;
    out.reserve(ascii.size());
    for (char c : ascii) {
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
        if (!isSlugChar(c))
            c = '-';
        if (c == '-' && !out.empty() && out.back() == '-')
            continue;
        out.push_back(c);
    }
    const std::size_t begin = out.find_first_not_of("-_");
    if (begin == std::string::npos)
        return {};
    return out.substr(begin, out.find_last_not_of("-_") - begin + 1);
}

} // namespace ds::patch
