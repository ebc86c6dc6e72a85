// SPDX-License-Identifier: Apache-2.0
#include "highlight/BuiltinYamlHighlighter.h"

#include "diff/DiffColors.h"
#include "highlight/YamlHighlighting.h"
#include "report/ColourPalette.h"

#include <QPalette>

namespace ds::ui {

namespace {

QColor toQColor(report::Rgb rgb)
{
    return QColor(rgb.r, rgb.g, rgb.b);
}

} // namespace

BuiltinYamlHighlighter::BuiltinYamlHighlighter(const QPalette &palette, QObject *parent)
    : QSyntaxHighlighter(parent), m_formats(formatsFor(palette))
{
}

BuiltinYamlHighlighter::Formats BuiltinYamlHighlighter::formatsFor(const QPalette &palette)
{
    using Kind = report::YamlTokenKind;
    const bool dark = YamlHighlighting::isDark(palette);
    const QColor text = palette.color(QPalette::Text);
    const QColor base = palette.color(QPalette::Base);
    Formats f;
    const auto format = [&f](Kind kind) -> QTextCharFormat & { return f[static_cast<std::size_t>(kind)]; };
    for (Kind kind : {Kind::Key, Kind::String, Kind::Number, Kind::Literal, Kind::Property})
        format(kind).setForeground(toQColor(report::syntaxColour(kind, dark)));
    format(Kind::Comment).setForeground(DiffColors::mix(text, base, report::kCommentBlend));
    format(Kind::Comment).setFontItalic(true);
    format(Kind::Punctuation).setForeground(DiffColors::mix(text, base, report::kPunctuationBlend));
    format(Kind::Indicator).setForeground(text);
    format(Kind::Indicator).setFontWeight(QFont::Bold);
    format(Kind::Marker) = format(Kind::Comment);
    format(Kind::Marker).setFontWeight(QFont::Bold);
    return f;
}

// QSyntaxHighlighter's default block state (-1) is the classifier's "nothing open".
void BuiltinYamlHighlighter::highlightBlock(const QString &text)
{
    m_classifier.setState(previousBlockState());
    for (const report::YamlToken &token : m_classifier.classify(text))
        setFormat(token.start, token.length, m_formats[static_cast<std::size_t>(token.kind)]);
    setCurrentBlockState(m_classifier.state());
}

} // namespace ds::ui
