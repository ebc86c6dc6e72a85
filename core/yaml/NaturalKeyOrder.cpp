// SPDX-License-Identifier: Apache-2.0
#include "NaturalKeyOrder.h"

#include "text/Utf8.h"

#include <cstdint>
#include <vector>

namespace ds::yaml {

namespace {

bool isDigitRune(char32_t r)
{
    // Go's unicode.IsDigit; the numeric comparison below only uses r - '0',
    // like yaml.v2, so non-ASCII digits behave as oddly as they do there.
    return (r >= '0' && r <= '9') || (r > 0x7F && utf8::isUnicodeDigit(r));
}

} // namespace

bool naturalKeyLess(std::string_view as, std::string_view bs)
{
    const std::vector<char32_t> a = utf8::decodeRunes(as);
    const std::vector<char32_t> b = utf8::decodeRunes(bs);
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
        if (a[i] == b[i])
            continue;
        const bool al = utf8::isLetter(a[i]);
        const bool bl = utf8::isLetter(b[i]);
        if (al && bl)
            return a[i] < b[i];
        if (al || bl)
            return bl;
        std::int64_t an = 0;
        std::int64_t bn = 0;
        if (a[i] == '0' || b[i] == '0') {
            for (std::size_t j = i; j-- > 0 && isDigitRune(a[j]);) {
                if (a[j] != '0') {
                    an = 1;
                    bn = 1;
                    break;
                }
            }
        }
        std::size_t ai = i;
        for (; ai < a.size() && isDigitRune(a[ai]); ++ai)
            an = static_cast<std::int64_t>(static_cast<std::uint64_t>(an) * 10
                                           + static_cast<std::uint64_t>(a[ai] - '0'));
        std::size_t bi = i;
        for (; bi < b.size() && isDigitRune(b[bi]); ++bi)
            bn = static_cast<std::int64_t>(static_cast<std::uint64_t>(bn) * 10
                                           + static_cast<std::uint64_t>(b[bi] - '0'));
        if (an != bn)
            return an < bn;
        if (ai != bi)
            return ai < bi;
        return a[i] < b[i];
    }
    return a.size() < b.size();
}

} // namespace ds::yaml
