// SPDX-License-Identifier: Apache-2.0
#include "YamlLineClassifier.h"

#include <QRegularExpression>

#include <algorithm>

namespace ds::report {

namespace {

int size(const QString &text)
{
    return static_cast<int>(text.size());
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
    return (text.startsWith(QLatin1String("---")) || text.startsWith(QLatin1String("..."))) && isSpaceAt(text, 3);
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
    for (int i = pos; i < text.size(); ++i)
        if (text[i] == QLatin1Char('#') && i > pos && isSpaceAt(text, i - 1))
            return i;
    return size(text);
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

std::vector<YamlToken> YamlLineClassifier::classify(const QString &text)
{
    m_tokens.clear();
    const int previous = m_state;
    m_state = kNormal;
    int pos = skipSpaces(text, 0);
    if (previous >= 0 && (pos == text.size() || pos > previous)) {
        add(0, size(text), YamlTokenKind::String); // block scalar content
        m_state = previous;
    } else if (previous == kInDoubleQuoted || previous == kInSingleQuoted) {
        continueQuoted(text, previous);
    } else if (isDocumentMarker(text)) {
        add(0, 3, YamlTokenKind::Marker);
        comment(text, skipSpaces(text, 3));
    } else if (text.startsWith(QLatin1Char('%'))) {
        add(0, size(text), YamlTokenKind::Marker);
    } else {
        int nodeIndent = pos;
        while (isListDash(text, pos)) {
            add(pos, 1, YamlTokenKind::Indicator);
            nodeIndent = pos;
            pos = skipSpaces(text, pos + 1);
        }
        const int afterKey = key(text, pos);
        if (afterKey >= 0) {
            nodeIndent = pos;
            pos = skipSpaces(text, afterKey);
        }
        value(text, pos, nodeIndent);
    }
    return m_tokens;
}

void YamlLineClassifier::add(int start, int length, YamlTokenKind kind)
{
    if (length > 0)
        m_tokens.push_back({start, length, kind});
}

// The rest of a quoted scalar that spans lines.
void YamlLineClassifier::continueQuoted(const QString &text, int previous)
{
    const QChar quote = previous == kInDoubleQuoted ? QLatin1Char('"') : QLatin1Char('\'');
    const int close = closingQuote(text, 0, quote);
    if (close < 0) {
        add(0, size(text), YamlTokenKind::String);
        m_state = previous;
        return;
    }
    add(0, close + 1, YamlTokenKind::String);
    comment(text, skipSpaces(text, close + 1));
}

// Classifies "key:" at pos; returns the index after the colon, or -1 when no key starts there.
int YamlLineClassifier::key(const QString &text, int pos)
{
    if (pos >= text.size())
        return -1;
    const QChar first = text[pos];
    if (first == QLatin1Char('"') || first == QLatin1Char('\'')) {
        const int close = closingQuote(text, pos + 1, first);
        const int colon = close < 0 ? -1 : skipSpaces(text, close + 1);
        if (colon < 0 || !isMappingColon(text, colon))
            return -1;
        add(pos, close + 1 - pos, YamlTokenKind::Key);
        add(colon, 1, YamlTokenKind::Punctuation);
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
            add(pos, end - pos, YamlTokenKind::Key);
            add(i, 1, YamlTokenKind::Punctuation);
            return i + 1;
        }
    }
    return -1;
}

void YamlLineClassifier::value(const QString &text, int pos, int nodeIndent)
{
    pos = properties(text, pos);
    if (pos >= text.size())
        return;
    const QChar c = text[pos];
    if (c == QLatin1Char('#')) {
        comment(text, pos);
    } else if (c == QLatin1Char('|') || c == QLatin1Char('>')) {
        if (!blockScalarHeader(text, pos, nodeIndent))
            plain(text, pos, plainEnd(text, pos));
    } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
        const int end = quoted(text, pos);
        if (end >= 0)
            comment(text, skipSpaces(text, end));
    } else if (c == QLatin1Char('[') || c == QLatin1Char('{')) {
        flow(text, pos);
    } else {
        const int end = plainEnd(text, pos);
        plain(text, pos, end);
        comment(text, end);
    }
}

// Anchors (&a), aliases (*a) and tags (!!str) before a value.
int YamlLineClassifier::properties(const QString &text, int pos)
{
    while (pos < text.size()
           && (text[pos] == QLatin1Char('&') || text[pos] == QLatin1Char('*') || text[pos] == QLatin1Char('!'))) {
        int end = pos;
        while (!isSpaceAt(text, end))
            ++end;
        add(pos, end - pos, YamlTokenKind::Property);
        pos = skipSpaces(text, end);
    }
    return pos;
}

bool YamlLineClassifier::blockScalarHeader(const QString &text, int pos, int nodeIndent)
{
    int end = pos + 1;
    while (end < text.size() && (text[end] == QLatin1Char('+') || text[end] == QLatin1Char('-') || text[end].isDigit()))
        ++end;
    const int rest = skipSpaces(text, end);
    if (rest < text.size() && (text[rest] != QLatin1Char('#') || rest == end))
        return false;
    add(pos, end - pos, YamlTokenKind::Indicator);
    comment(text, rest);
    m_state = std::max(nodeIndent, 0);
    return true;
}

// Returns the index after the closing quote, or -1 when the scalar continues on the next line.
int YamlLineClassifier::quoted(const QString &text, int pos)
{
    const QChar quote = text[pos];
    const int close = closingQuote(text, pos + 1, quote);
    if (close < 0) {
        add(pos, size(text) - pos, YamlTokenKind::String);
        m_state = quote == QLatin1Char('"') ? kInDoubleQuoted : kInSingleQuoted;
        return -1;
    }
    add(pos, close + 1 - pos, YamlTokenKind::String);
    return close + 1;
}

// [a, b] and {k: v} on one line.
void YamlLineClassifier::flow(const QString &text, int pos)
{
    const QStringView delimiters(u",[]{}");
    while (pos < text.size()) {
        const QChar c = text[pos];
        if (isSpaceAt(text, pos)) {
            ++pos;
        } else if (delimiters.contains(c)) {
            add(pos++, 1, YamlTokenKind::Punctuation);
        } else if (c == QLatin1Char('#') && isSpaceAt(text, pos - 1)) {
            comment(text, pos);
            return;
        } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            const int close = closingQuote(text, pos + 1, c);
            const int end = close < 0 ? size(text) : close + 1;
            add(pos, end - pos, YamlTokenKind::String);
            pos = end;
        } else {
            int end = pos;
            while (end < text.size() && !delimiters.contains(text[end]) && !isMappingColon(text, end))
                ++end;
            if (isMappingColon(text, end)) {
                add(pos, end - pos, YamlTokenKind::Key);
                add(end, 1, YamlTokenKind::Punctuation);
                pos = end + 1;
            } else {
                plain(text, pos, end);
                pos = end;
            }
        }
    }
}

void YamlLineClassifier::plain(const QString &text, int pos, int end)
{
    while (end > pos && isSpaceAt(text, end - 1))
        --end;
    if (end <= pos)
        return;
    const QStringView token = QStringView(text).mid(pos, end - pos);
    const YamlTokenKind kind =
        isLiteral(token) ? YamlTokenKind::Literal : (isNumber(token) ? YamlTokenKind::Number : YamlTokenKind::String);
    add(pos, end - pos, kind);
}

void YamlLineClassifier::comment(const QString &text, int pos)
{
    if (pos < text.size() && text[pos] == QLatin1Char('#'))
        add(pos, size(text) - pos, YamlTokenKind::Comment);
}

} // namespace ds::report
