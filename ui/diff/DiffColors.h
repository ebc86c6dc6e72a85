// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "diff/SideBySideDiff.h"

#include <QColor>

class QPalette;

namespace ds::ui {

// The diff view's colours, derived from the palette so a dark theme gets dark
// tints: the lightness of QPalette::Base decides, and every tint is a blend of
// a hue into Base (so it stays readable under the palette's Text colour). The
// hues and amounts are core's ColourPalette, which the HTML report uses too:
// Removed = red (reference only), Added = green (cluster only), Changed = blue
// with a stronger blue on the differing characters.
struct DiffColors {
    bool dark = false;
    QColor base;
    QColor text;
    QColor removedRow;
    QColor addedRow;
    QColor changedRow;
    QColor removedChars;
    QColor addedChars;
    QColor changedChars;
    QColor removedMark; // strong variants: gutter strips, overview and connector outlines
    QColor addedMark;
    QColor changedMark;
    QColor fillerRow;
    QColor fillerHatch;
    QColor foldRow;
    QColor foldText;
    QColor gutter;
    QColor gutterText;
    QColor band; // connector and overview background
    QColor viewportFrame;

    static DiffColors fromPalette(const QPalette &palette);
    static QColor mix(const QColor &a, const QColor &b, double amount);

    // The row background of one side; invalid for rows without tint.
    QColor rowColor(diff::RowKind kind) const;
    QColor charColor(diff::RowKind kind) const;
    QColor markColor(diff::RowKind kind) const;
};

} // namespace ds::ui
