// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "YamlLineClassifier.h"
#include "diff/SideBySideDiff.h"

#include <string>

namespace ds::report {

// The colours the window and the HTML report share, in one table: the diff
// hues (rows, changed characters and marks are these hues blended into the
// background) and the YAML syntax colours. The window applies them to its
// palette's base (ui/diff/DiffColors, ui/highlight/BuiltinYamlHighlighter);
// the HTML report to its fixed light and dark backgrounds (HtmlAssets).
struct Rgb
{
    int r = 0;
    int g = 0;
    int b = 0;

    // "#rrggbb"
    std::string hex() const;
    // base with `amount` (0..1) of `hue` mixed in, rounded to the nearest value.
    static Rgb blend(Rgb base, Rgb hue, double amount);
};

// Removed (reference only) red, added (cluster only) green, changed blue.
Rgb diffHue(diff::RowKind kind);

// How much of a diff hue is blended into the background: dark backgrounds
// need more before a tint is visible at all.
struct DiffTintAmounts
{
    double row;   // row backgrounds
    double chars; // the differing characters
    double mark;  // gutter strips, overview and connector outlines
};
DiffTintAmounts diffTintAmounts(bool dark);

// The colour of a YAML token kind on a light or dark background (keys,
// strings, numbers, literals, anchors/tags; comments for fixed backgrounds).
Rgb syntaxColour(YamlTokenKind kind, bool dark);

// On the window's own palette, comments and punctuation are its text colour
// blended into its base by these amounts instead.
inline constexpr double kCommentBlend = 0.45;
inline constexpr double kPunctuationBlend = 0.35;

// CSS custom properties for a page with this background:
// "--rem:..;--add:..;--chg:..;--remc:..;--addc:..;--chgc:.." (diff rows and characters)
std::string diffCssVariables(Rgb background, bool dark);
// "--k:..;--s:..;--n:..;--l:..;--p:..;--c:.." (syntax classes k, s, n, l, p, c)
std::string syntaxCssVariables(bool dark);

} // namespace ds::report
