// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

// Go's encoding/base64 and encoding/pem, for the template functions and the
// OpenSSL crypto backend.
namespace ds::go::encoding {

inline constexpr std::string_view kBase64Alphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// base64 with any 64-character alphabet (bcrypt has its own), padded or not.
std::string base64Encode(std::string_view in, std::string_view alphabet = kBase64Alphabet, bool pad = true);

// An alphabet's reverse map (0xff: not in the alphabet).
std::array<std::uint8_t, 256> decodeMap(std::string_view alphabet);

// A decoded string, or Go's CorruptInputError offset.
struct Decoded
{
    std::string bytes;
    std::optional<std::int64_t> errorAt;
};

// base64.StdEncoding.DecodeString, with Go's error offsets.
Decoded base64Decode(std::string_view src);

struct PemBlock
{
    std::string type;
    std::string bytes;
};

// pem.EncodeToMemory of a block without headers.
std::string pemEncode(std::string_view type, std::string_view der);
// pem.Decode: the first well-formed block anywhere in data.
std::optional<PemBlock> pemDecode(std::string_view data);

} // namespace ds::go::encoding
