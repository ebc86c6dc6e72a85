// SPDX-License-Identifier: Apache-2.0
#include "diff/DiffColors.h"

#include "report/ColourPalette.h"

#include <QPalette>

namespace ds::ui {

namespace {

QColor hue(diff::RowKind kind)
{
    const report::Rgb rgb = report::diffHue(kind);
    return QColor(rgb.r, rgb.g, rgb.b);
}

} // namespace

QColor DiffColors::mix(const QColor &a, const QColor &b, double amount)
{
    const auto blend = [amount](double x, double y) { return static_cast<float>(x * (1 - amount) + y * amount); };
    return QColor::fromRgbF(blend(a.redF(), b.redF()), blend(a.greenF(), b.greenF()), blend(a.blueF(), b.blueF()));
}

DiffColors DiffColors::fromPalette(const QPalette &palette)
{
    DiffColors c;
    c.base = palette.color(QPalette::Base);
    c.text = palette.color(QPalette::Text);
    c.dark = c.base.lightness() < 128;
    const report::DiffTintAmounts amount = report::diffTintAmounts(c.dark);
    const QColor removed = hue(diff::RowKind::Removed);
    const QColor added = hue(diff::RowKind::Added);
    const QColor changed = hue(diff::RowKind::Changed);
    c.removedRow = mix(c.base, removed, amount.row);
    c.addedRow = mix(c.base, added, amount.row);
    c.changedRow = mix(c.base, changed, amount.row);
    c.removedChars = mix(c.base, removed, amount.chars);
    c.addedChars = mix(c.base, added, amount.chars);
    c.changedChars = mix(c.base, changed, amount.chars);
    c.removedMark = mix(c.base, removed, amount.mark);
    c.addedMark = mix(c.base, added, amount.mark);
    c.changedMark = mix(c.base, changed, amount.mark);
    c.fillerRow = mix(c.base, c.text, 0.035);
    c.fillerHatch = mix(c.base, c.text, 0.12);
    c.foldRow = mix(c.base, c.text, 0.08);
    c.foldText = mix(c.text, c.base, 0.30);
    c.gutter = mix(c.base, c.text, 0.045);
    c.gutterText = mix(c.text, c.base, 0.50);
    c.band = mix(c.base, c.text, 0.06);
    c.viewportFrame = mix(c.base, c.text, 0.35);
    return c;
}

QColor DiffColors::rowColor(diff::RowKind kind) const
{
    switch (kind) {
    case diff::RowKind::Removed:
        return removedRow;
    case diff::RowKind::Added:
        return addedRow;
    case diff::RowKind::Changed:
        return changedRow;
    case diff::RowKind::Equal:
        break;
    }
    return {};
}

QColor DiffColors::charColor(diff::RowKind kind) const
{
    switch (kind) {
    case diff::RowKind::Removed:
        return removedChars;
    case diff::RowKind::Added:
        return addedChars;
    case diff::RowKind::Changed:
        return changedChars;
    case diff::RowKind::Equal:
        break;
    }
    return {};
}

QColor DiffColors::markColor(diff::RowKind kind) const
{
    switch (kind) {
    case diff::RowKind::Removed:
        return removedMark;
    case diff::RowKind::Added:
        return addedMark;
    case diff::RowKind::Changed:
        return changedMark;
    case diff::RowKind::Equal:
        break;
    }
    return {};
}

} // namespace ds::ui
