// SPDX-License-Identifier: Apache-2.0
#include "highlight/BuiltinYamlHighlighter.h"

#include "highlight/YamlHighlighting.h"

#include <QPalette>
#include <QRegularExpression>

#include <algorithm>

namespace ds::ui {

namespace {

// Block states: QSyntaxHighlighter's default -1 is "plain YAML"; a value >= 0
// means "inside a block scalar whose parent node starts at that column".
constexpr int kNormal = -1;
constexpr int kInDoubleQuoted = -2;
constexpr int kInSingleQuoted = -3;

QColor mix(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(static_cast<float>(a.redF() * (1 - t) + b.redF() * t),
                            static_cast<float>(a.greenF() * (1 - t) + b.greenF() * t),
                            static_cast<float>(a.blueF() * (1 - t) + b.blueF() * t));
}

QTextCharFormat foreground(const QColor &color)
{
    QTextCharFormat format;
    format.setForeground(color);
    return format;
}

int skipSpaces(const QString &text, int pos)
{
    while (pos < text.size() && (text[pos] == QLatin1Char(' ') || text[pos] == QLatin1Char('\t')))
        ++pos;
    return pos;
}

// The line's start and end count as spaces.
bool isSpaceAt(const QString &text, int pos)
{
    return pos < 0 || pos >= text.size() || text[pos] == QLatin1Char(' ') || text[pos] == QLatin1Char('\t');
}

// ": " or ":" at the end of the line ends a mapping key; "a:b" does not.
bool isMappingColon(const QString &text, int pos)
{
    return pos < text.size() && text[pos] == QLatin1Char(':') && isSpaceAt(text, pos + 1);
}

bool isListDash(const QString &text, int pos)
{
    return pos < text.size() && text[pos] == QLatin1Char('-') && isSpaceAt(text, pos + 1);
}

bool isDocumentMarker(const QString &text)
{
    return (text.startsWith(QLatin1String("---")) || text.startsWith(QLatin1String("...")))
        && isSpaceAt(text, 3);
}

// Index of the quote closing a scalar opened before from, or -1.
int closingQuote(const QString &text, int from, QChar quote)
{
    for (int i = from; i < text.size(); ++i) {
        if (quote == QLatin1Char('"') && text[i] == QLatin1Char('\\')) {
            ++i;
        } else if (text[i] == quote) {
            if (quote == QLatin1Char('\'') && i + 1 < text.size() && text[i + 1] == quote)
                ++i; // '' is an escaped quote
            else
                return i;
        }
    }
    return -1;
}

// Where a plain scalar ends: at " #" (a comment) or the end of the line.
int plainEnd(const QString &text, int pos)
{
    for (int i = pos; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('#') && i > pos && isSpaceAt(text, i - 1))
            return i;
    }
    return static_cast<int>(text.size());
}

bool isLiteral(QStringView token)
{
    static const QRegularExpression re(QStringLiteral(
        "^(?:true|True|TRUE|false|False|FALSE|yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF|null|Null|NULL|~)$"));
    return re.match(token.toString()).hasMatch(); // match(QStringView) is deprecated in Qt 6.8
}

bool isNumber(QStringView token)
{
    static const QRegularExpression re(QStringLiteral(
        "^[-+]?(?:0x[0-9a-fA-F_]+|0o?[0-7_]+|[0-9][0-9_]*(?:\\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?"
        "|\\.[0-9_]+(?:[eE][-+]?[0-9]+)?|\\.(?:inf|Inf|INF))$|^\\.(?:nan|NaN|NAN)$"));
    return re.match(token.toString()).hasMatch(); // match(QStringView) is deprecated in Qt 6.8
}

} // namespace

BuiltinYamlHighlighter::BuiltinYamlHighlighter(const QPalette &palette, QObject *parent)
    : QSyntaxHighlighter(parent), m_formats(formatsFor(palette))
{
}

BuiltinYamlHighlighter::Formats BuiltinYamlHighlighter::formatsFor(const QPalette &palette)
{
    const bool dark = YamlHighlighting::isDark(palette);
    const QColor text = palette.color(QPalette::Text);
    const QColor base = palette.color(QPalette::Base);
    auto pick = [dark](QRgb light, QRgb darkColor) { return QColor::fromRgb(dark ? darkColor : light); };

    Formats f;
    f.key = foreground(pick(0x0b4f9c, 0x82b1ff));
    f.string = foreground(pick(0x1b7a3d, 0x9bd49b));
    f.number = foreground(pick(0xa34d00, 0xf5b36b));
    f.literal = foreground(pick(0x7b1fa2, 0xd7a6f5));
    f.property = foreground(pick(0x00796b, 0x5fd3c6));
    f.comment = foreground(mix(text, base, 0.45));
    f.comment.setFontItalic(true);
    f.punctuation = foreground(mix(text, base, 0.35));
    f.indicator = foreground(text);
    f.indicator.setFontWeight(QFont::Bold);
    f.marker = f.comment;
    f.marker.setFontWeight(QFont::Bold);
    return f;
}

void BuiltinYamlHighlighter::highlightBlock(const QString &text)
{
    const int previous = previousBlockState();
    setCurrentBlockState(kNormal);
    int pos = skipSpaces(text, 0);
    if (previous >= 0 && (pos == text.size() || pos > previous)) {
        setFormat(0, static_cast<int>(text.size()), m_formats.string);
        setCurrentBlockState(previous);
        return;
    }
    if (previous == kInDoubleQuoted || previous == kInSingleQuoted) {
        continueQuoted(text);
        return;
    }
    if (isDocumentMarker(text)) {
        setFormat(0, 3, m_formats.marker);
        highlightComment(text, skipSpaces(text, 3));
        return;
    } else if (text.startsWith(QLatin1Char('%'))) {
        setFormat(0, static_cast<int>(text.size()), m_formats.marker);
        return;
    }

    int nodeIndent = pos;
    while (isListDash(text, pos)) {
        setFormat(pos, 1, m_formats.indicator);
        nodeIndent = pos;
        pos = skipSpaces(text, pos + 1);
    }
    const int afterKey = highlightKey(text, pos);
    if (afterKey >= 0) {
        nodeIndent = pos;
        pos = skipSpaces(text, afterKey);
    }
    highlightValue(text, pos, nodeIndent);
}

// The rest of a quoted scalar that spans lines.
void BuiltinYamlHighlighter::continueQuoted(const QString &text)
{
    const int state = previousBlockState();
    const QChar quote = state == kInDoubleQuoted ? QLatin1Char('"') : QLatin1Char('\'');
    const int close = closingQuote(text, 0, quote);
    if (close < 0) {
        setFormat(0, static_cast<int>(text.size()), m_formats.string);
        setCurrentBlockState(state);
        return;
    }
    setFormat(0, close + 1, m_formats.string);
    highlightComment(text, skipSpaces(text, close + 1));
}

// Colours "key:" at pos; returns the index after the colon, or -1 when no key starts there.
int BuiltinYamlHighlighter::highlightKey(const QString &text, int pos)
{
    if (pos >= text.size())
        return -1;
    const QChar first = text[pos];
    if (first == QLatin1Char('"') || first == QLatin1Char('\'')) {
        const int close = closingQuote(text, pos + 1, first);
        const int colon = close < 0 ? -1 : skipSpaces(text, close + 1);
        if (colon < 0 || !isMappingColon(text, colon))
            return -1;
        setFormat(pos, close + 1 - pos, m_formats.key);
        setFormat(colon, 1, m_formats.punctuation);
        return colon + 1;
    }
    if (QStringView(u"[{&*!|>#%@`").contains(first))
        return -1;
    for (int i = pos; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('#') && isSpaceAt(text, i - 1))
            return -1;
        if (isMappingColon(text, i)) {
            int end = i;
            while (end > pos && isSpaceAt(text, end - 1))
                --end;
            setFormat(pos, end - pos, m_formats.key);
            setFormat(i, 1, m_formats.punctuation);
            return i + 1;
        }
    }
    return -1;
}

void BuiltinYamlHighlighter::highlightValue(const QString &text, int pos, int nodeIndent)
{
    pos = highlightProperties(text, pos);
    if (pos >= text.size())
        return;
    const QChar c = text[pos];
    if (c == QLatin1Char('#')) {
        highlightComment(text, pos);
    } else if (c == QLatin1Char('|') || c == QLatin1Char('>')) {
        if (!highlightBlockScalarHeader(text, pos, nodeIndent))
            highlightPlain(text, pos, plainEnd(text, pos));
    } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
        const int end = highlightQuoted(text, pos);
        if (end >= 0)
            highlightComment(text, skipSpaces(text, end));
    } else if (c == QLatin1Char('[') || c == QLatin1Char('{')) {
        highlightFlow(text, pos);
    } else {
        const int end = plainEnd(text, pos);
        highlightPlain(text, pos, end);
        highlightComment(text, end);
    }
}

// Anchors (&a), aliases (*a) and tags (!!str) before a value.
int BuiltinYamlHighlighter::highlightProperties(const QString &text, int pos)
{
    while (pos < text.size()
           && (text[pos] == QLatin1Char('&') || text[pos] == QLatin1Char('*') || text[pos] == QLatin1Char('!'))) {
        int end = pos;
        while (!isSpaceAt(text, end))
            ++end;
        setFormat(pos, end - pos, m_formats.property);
        pos = skipSpaces(text, end);
    }
    return pos;
}

bool BuiltinYamlHighlighter::highlightBlockScalarHeader(const QString &text, int pos, int nodeIndent)
{
    int end = pos + 1;
    while (end < text.size()
           && (text[end] == QLatin1Char('+') || text[end] == QLatin1Char('-') || text[end].isDigit()))
        ++end;
    const int rest = skipSpaces(text, end);
    if (rest < text.size() && (text[rest] != QLatin1Char('#') || rest == end))
        return false;
    setFormat(pos, end - pos, m_formats.indicator);
    highlightComment(text, rest);
    setCurrentBlockState(std::max(nodeIndent, 0));
    return true;
}

// Returns the index after the closing quote, or -1 when the scalar continues on the next line.
int BuiltinYamlHighlighter::highlightQuoted(const QString &text, int pos)
{
    const QChar quote = text[pos];
    const int close = closingQuote(text, pos + 1, quote);
    if (close < 0) {
        setFormat(pos, static_cast<int>(text.size()) - pos, m_formats.string);
        setCurrentBlockState(quote == QLatin1Char('"') ? kInDoubleQuoted : kInSingleQuoted);
        return -1;
    }
    setFormat(pos, close + 1 - pos, m_formats.string);
    return close + 1;
}

// [a, b] and {k: v} on one line.
void BuiltinYamlHighlighter::highlightFlow(const QString &text, int pos)
{
    const QStringView delimiters(u",[]{}");
    while (pos < text.size()) {
        const QChar c = text[pos];
        if (isSpaceAt(text, pos)) {
            ++pos;
        } else if (delimiters.contains(c)) {
            setFormat(pos++, 1, m_formats.punctuation);
        } else if (c == QLatin1Char('#') && isSpaceAt(text, pos - 1)) {
            highlightComment(text, pos);
            return;
        } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            const int close = closingQuote(text, pos + 1, c);
            const int end = close < 0 ? static_cast<int>(text.size()) : close + 1;
            setFormat(pos, end - pos, m_formats.string);
            pos = end;
        } else {
            int end = pos;
            while (end < text.size() && !delimiters.contains(text[end]) && !isMappingColon(text, end))
                ++end;
            if (isMappingColon(text, end)) {
                setFormat(pos, end - pos, m_formats.key);
                setFormat(end, 1, m_formats.punctuation);
                pos = end + 1;
            } else {
                highlightPlain(text, pos, end);
                pos = end;
            }
        }
    }
}

void BuiltinYamlHighlighter::highlightPlain(const QString &text, int pos, int end)
{
    while (end > pos && isSpaceAt(text, end - 1))
        --end;
    if (end <= pos)
        return;
    const QStringView token = QStringView(text).mid(pos, end - pos);
    const QTextCharFormat &format =
        isLiteral(token) ? m_formats.literal : (isNumber(token) ? m_formats.number : m_formats.string);
    setFormat(pos, end - pos, format);
}

void BuiltinYamlHighlighter::highlightComment(const QString &text, int pos)
{
    if (pos < text.size() && text[pos] == QLatin1Char('#'))
        setFormat(pos, static_cast<int>(text.size()) - pos, m_formats.comment);
}

} // namespace ds::ui
