// SPDX-License-Identifier: Apache-2.0
#include "ColourPalette.h"

#include <cmath>
#include <cstdio>

namespace ds::report {

std::string Rgb::hex() const
{
    char text[8];
    std::snprintf(text, sizeof text, "#%02x%02x%02x", r, g, b);
    return text;
}

Rgb Rgb::blend(Rgb base, Rgb hue, double amount)
{
    const auto mix = [amount](int x, int y) { return static_cast<int>(std::lround(x * (1 - amount) + y * amount)); };
    return {mix(base.r, hue.r), mix(base.g, hue.g), mix(base.b, hue.b)};
}

Rgb diffHue(diff::RowKind kind)
{
    switch (kind) {
    case diff::RowKind::Removed: return {226, 62, 62};
    case diff::RowKind::Added: return {46, 164, 79};
    case diff::RowKind::Changed: return {52, 120, 228};
    case diff::RowKind::Equal: break;
    }
    return {};
}

DiffTintAmounts diffTintAmounts(bool dark)
{
    return dark ? DiffTintAmounts{0.24, 0.52, 0.80} : DiffTintAmounts{0.15, 0.38, 0.70};
}

Rgb syntaxColour(YamlTokenKind kind, bool dark)
{
    const auto pick = [dark](Rgb light, Rgb darkColour) { return dark ? darkColour : light; };
    switch (kind) {
    case YamlTokenKind::Key: return pick({0x0b, 0x4f, 0x9c}, {0x82, 0xb1, 0xff});
    case YamlTokenKind::String: return pick({0x1b, 0x7a, 0x3d}, {0x9b, 0xd4, 0x9b});
    case YamlTokenKind::Number: return pick({0xa3, 0x4d, 0x00}, {0xf5, 0xb3, 0x6b});
    case YamlTokenKind::Literal: return pick({0x7b, 0x1f, 0xa2}, {0xd7, 0xa6, 0xf5});
    case YamlTokenKind::Property: return pick({0x00, 0x79, 0x6b}, {0x5f, 0xd3, 0xc6});
    case YamlTokenKind::Comment: return pick({0x7d, 0x84, 0x8b}, {0x8b, 0x92, 0x9a});
    case YamlTokenKind::Punctuation:
    case YamlTokenKind::Indicator:
    case YamlTokenKind::Marker: break;
    }
    return pick({0x1f, 0x23, 0x28}, {0xe6, 0xe6, 0xe6}); // the text colour
}

std::string diffCssVariables(Rgb background, bool dark)
{
    const DiffTintAmounts amounts = diffTintAmounts(dark);
    std::string rows;
    std::string chars;
    for (const auto &[kind, name] : {std::pair{diff::RowKind::Removed, "rem"}, std::pair{diff::RowKind::Added, "add"},
                                     std::pair{diff::RowKind::Changed, "chg"}}) {
        rows += std::string(rows.empty() ? "--" : ";--") + name + ":"
            + Rgb::blend(background, diffHue(kind), amounts.row).hex();
        chars += std::string(";--") + name + "c:" + Rgb::blend(background, diffHue(kind), amounts.chars).hex();
    }
    return rows + chars;
}

std::string syntaxCssVariables(bool dark)
{
    std::string out;
    for (const auto &[kind, name] :
         {std::pair{YamlTokenKind::Key, "k"}, std::pair{YamlTokenKind::String, "s"}, std::pair{YamlTokenKind::Number, "n"},
          std::pair{YamlTokenKind::Literal, "l"}, std::pair{YamlTokenKind::Property, "p"},
          std::pair{YamlTokenKind::Comment, "c"}})
        out += std::string(out.empty() ? "--" : ";--") + name + ":" + syntaxColour(kind, dark).hex();
    return out;
}

} // namespace ds::report
