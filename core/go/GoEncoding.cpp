// SPDX-License-Identifier: Apache-2.0
#include "GoEncoding.h"

namespace ds::go::encoding {

std::string base64Encode(std::string_view in, std::string_view alphabet, bool pad)
{
    std::string out;
    out.reserve((in.size() + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 3 <= in.size(); i += 3) {
        const std::uint32_t v = std::uint8_t(in[i]) << 16 | std::uint8_t(in[i + 1]) << 8 | std::uint8_t(in[i + 2]);
        for (int shift = 18; shift >= 0; shift -= 6)
            out.push_back(alphabet[(v >> shift) & 0x3f]);
    }
    const std::size_t rest = in.size() - i;
    if (rest == 0)
        return out;
    std::uint32_t v = std::uint8_t(in[i]) << 16;
    if (rest == 2)
        v |= std::uint8_t(in[i + 1]) << 8;
    out.push_back(alphabet[(v >> 18) & 0x3f]);
    out.push_back(alphabet[(v >> 12) & 0x3f]);
    if (rest == 2)
        out.push_back(alphabet[(v >> 6) & 0x3f]);
    if (pad)
        out.append(rest == 2 ? 1 : 2, '=');
    return out;
}

std::array<std::uint8_t, 256> decodeMap(std::string_view alphabet)
{
    std::array<std::uint8_t, 256> map;
    map.fill(0xff);
    for (std::size_t i = 0; i < alphabet.size(); ++i)
        map[std::uint8_t(alphabet[i])] = std::uint8_t(i);
    return map;
}

namespace {

// One 4-character quantum of base64.StdEncoding.Decode, including Go's handling
// of CR/LF, padding and trailing garbage (the error offsets are Go's).
bool decodeBase64Quantum(std::string_view src, std::size_t &si, Decoded &out)
{
    static const auto map = decodeMap(kBase64Alphabet);
    std::array<std::uint8_t, 4> dbuf{};
    int dlen = 4;
    for (int j = 0; j < 4; ++j) {
        if (si == src.size()) {
            if (j == 0)
                return false;
            out.errorAt = std::int64_t(si) - j; // j == 1, or missing padding
            return false;
        }
        const auto in = std::uint8_t(src[si++]);
        if (map[in] != 0xff) {
            dbuf[j] = map[in];
            continue;
        }
        if (in == '\n' || in == '\r') {
            --j;
            continue;
        }
        if (in != '=' || j < 2) {
            out.errorAt = std::int64_t(si) - 1;
            return false;
        }
        if (j == 2) { // "==" expected, the first one is consumed
            while (si < src.size() && (src[si] == '\n' || src[si] == '\r'))
                ++si;
            if (si == src.size()) {
                out.errorAt = std::int64_t(src.size());
                return false;
            }
            if (src[si] != '=') {
                out.errorAt = std::int64_t(si) - 1;
                return false;
            }
            ++si;
        }
        while (si < src.size() && (src[si] == '\n' || src[si] == '\r'))
            ++si;
        if (si < src.size())
            out.errorAt = std::int64_t(si); // trailing garbage (bytes so far are kept)
        dlen = j;
        break;
    }
    const std::uint32_t v = dbuf[0] << 18 | dbuf[1] << 12 | dbuf[2] << 6 | dbuf[3];
    const char bytes[3] = {char(v >> 16), char(v >> 8), char(v)};
    out.bytes.append(bytes, std::size_t(dlen - 1));
    return !out.errorAt && si < src.size();
}

} // namespace

Decoded base64Decode(std::string_view src)
{
    Decoded out;
    std::size_t si = 0;
    while (si < src.size() && decodeBase64Quantum(src, si, out)) {
    }
    return out;
}

std::string pemEncode(std::string_view type, std::string_view der)
{
    std::string out = "-----BEGIN " + std::string(type) + "-----\n";
    const std::string body = base64Encode(der);
    for (std::size_t i = 0; i < body.size(); i += 64)
        out += body.substr(i, 64) + "\n";
    return out + "-----END " + std::string(type) + "-----\n";
}

namespace {

// getLine of encoding/pem: one line without its "\r\n"/"\n" and trailing blanks.
std::string_view pemLine(std::string_view data, std::string_view &rest)
{
    std::size_t i = data.find('\n');
    std::size_t j = i;
    if (i == std::string_view::npos) {
        i = j = data.size();
    } else {
        j = i + 1;
        if (i > 0 && data[i - 1] == '\r')
            --i;
    }
    rest = data.substr(j);
    std::string_view line = data.substr(0, i);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t'))
        line.remove_suffix(1);
    return line;
}

} // namespace

std::optional<PemBlock> pemDecode(std::string_view data)
{
    std::string_view rest = data;
    for (;;) {
        if (rest.starts_with("-----BEGIN ")) {
            rest.remove_prefix(11);
        } else if (const auto at = rest.find("\n-----BEGIN "); at != std::string_view::npos) {
            rest.remove_prefix(at + 12);
        } else {
            return std::nullopt;
        }
        std::string_view typeLine = pemLine(rest, rest);
        if (!typeLine.ends_with("-----"))
            continue;
        typeLine.remove_suffix(5);
        bool hasHeaders = false;
        for (;;) {
            if (rest.empty())
                return std::nullopt;
            std::string_view next;
            const std::string_view line = pemLine(rest, next);
            if (line.find(':') == std::string_view::npos)
                break;
            hasHeaders = true;
            rest = next;
        }
        std::size_t endIndex = 0, trailerIndex = 0;
        if (!hasHeaders && rest.starts_with("-----END ")) {
            trailerIndex = 9;
        } else {
            endIndex = rest.find("\n-----END ");
            if (endIndex == std::string_view::npos)
                continue;
            trailerIndex = endIndex + 10;
        }
        std::string_view trailer = rest.substr(trailerIndex);
        const std::size_t trailerLen = typeLine.size() + 5;
        if (trailer.size() < trailerLen)
            continue;
        std::string_view afterEnd;
        const std::string_view restOfEndLine = trailer.substr(trailerLen);
        trailer = trailer.substr(0, trailerLen);
        if (!trailer.starts_with(typeLine) || !trailer.ends_with("-----") || !pemLine(restOfEndLine, afterEnd).empty())
            continue;
        std::string body;
        for (char c : rest.substr(0, endIndex))
            if (c != ' ' && c != '\t')
                body.push_back(c);
        Decoded decoded = base64Decode(body);
        if (decoded.errorAt)
            continue;
        return PemBlock{std::string(typeLine), std::move(decoded.bytes)};
    }
}

} // namespace ds::go::encoding
