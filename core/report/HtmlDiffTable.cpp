// SPDX-License-Identifier: Apache-2.0
#include "HtmlDiffTable.h"

#include "HtmlEscape.h"

#include <algorithm>

namespace ds::report {

namespace {

// Class of a syntax span, or null for text drawn in the plain colour
// (punctuation: colouring every ':' would cost bytes for little).
const char *tokenClass(YamlTokenKind kind)
{
    switch (kind) {
    case YamlTokenKind::Key: return "k";
    case YamlTokenKind::String: return "s";
    case YamlTokenKind::Number: return "n";
    case YamlTokenKind::Literal: return "l";
    case YamlTokenKind::Property: return "p";
    case YamlTokenKind::Comment: return "c";
    case YamlTokenKind::Indicator: return "i";
    case YamlTokenKind::Marker: return "m";
    case YamlTokenKind::Punctuation: return nullptr;
    }
    return nullptr;
}

const char *rowOpen(diff::RowKind kind)
{
    switch (kind) {
    case diff::RowKind::Removed: return "<tr class=r>";
    case diff::RowKind::Added: return "<tr class=a>";
    case diff::RowKind::Changed: return "<tr class=c>";
    case diff::RowKind::Equal: break;
    }
    return "<tr>";
}

// A position between two UTF-16 units of a surrogate pair moves past the pair:
// both halves must be converted to UTF-8 together.
int snapToCharacter(const QString &text, int pos)
{
    if (pos > 0 && pos < text.size() && text[pos].isLowSurrogate() && text[pos - 1].isHighSurrogate())
        return pos + 1;
    return pos;
}

// Every position where the syntax class or the highlight may change.
std::vector<int> boundaries(const QString &text, const std::vector<YamlToken> &tokens,
                            const QList<diff::TextRange> &highlights)
{
    const int length = static_cast<int>(text.size());
    std::vector<int> points{0, length};
    for (const YamlToken &t : tokens)
        points.insert(points.end(), {t.start, t.start + t.length});
    for (const diff::TextRange &r : highlights)
        points.insert(points.end(), {r.start, r.end()});
    for (int &p : points)
        p = snapToCharacter(text, std::clamp(p, 0, length));
    std::sort(points.begin(), points.end());
    points.erase(std::unique(points.begin(), points.end()), points.end());
    return points;
}

const char *classAt(const std::vector<YamlToken> &tokens, int pos)
{
    for (const YamlToken &t : tokens)
        if (pos >= t.start && pos < t.start + t.length)
            return tokenClass(t.kind);
    return nullptr;
}

bool highlightedAt(const QList<diff::TextRange> &highlights, int pos)
{
    return std::any_of(highlights.begin(), highlights.end(),
                       [pos](const diff::TextRange &r) { return pos >= r.start && pos < r.end(); });
}

void appendSegment(std::string &out, QStringView text, const char *cls)
{
    const QByteArray utf8 = text.toUtf8();
    if (cls) {
        out += "<span class=";
        out += cls;
        out += '>';
    }
    appendEscapedHtml(out, std::string_view(utf8.constData(), static_cast<std::size_t>(utf8.size())));
    if (cls)
        out += "</span>";
}

// The text of one cell: syntax spans inside <mark> runs, never overlapping.
void appendCellText(std::string &out, const QString &text, const std::vector<YamlToken> &tokens,
                    const QList<diff::TextRange> &highlights)
{
    const std::vector<int> points = boundaries(text, tokens, highlights);
    bool inMark = false;
    for (std::size_t i = 0; i + 1 < points.size(); ++i) {
        const int start = points[i];
        const bool marked = highlightedAt(highlights, start);
        if (marked != inMark) {
            out += marked ? "<mark>" : "</mark>";
            inMark = marked;
        }
        appendSegment(out, QStringView(text).mid(start, points[i + 1] - start), classAt(tokens, start));
    }
    if (inMark)
        out += "</mark>";
}

std::string foldLabel(int rows)
{
    return "Show " + std::to_string(rows) + " unchanged line" + (rows == 1 ? "" : "s");
}

} // namespace

HtmlDiffTable::HtmlDiffTable(int contextLines) : m_contextLines(contextLines) {}

void HtmlDiffTable::append(std::string &out, const diff::SideBySideDiff &diff, std::string_view leftTitle,
                           std::string_view rightTitle)
{
    m_left.reset();
    m_right.reset();
    out += "<table class=d><colgroup><col class=n><col><col class=n><col></colgroup><thead><tr><th colspan=2>";
    appendEscapedHtml(out, leftTitle);
    out += "<th colspan=2>";
    appendEscapedHtml(out, rightTitle);
    out += "</thead>\n<tbody>";
    const QList<diff::RowRange> folds = diff.collapsibleRegions(m_contextLines);
    auto fold = folds.begin();
    for (int r = 0; r < diff.rowCount(); ++r) {
        if (fold != folds.end() && r == fold->firstRow)
            out += "\n<tbody class=fb><tr><td colspan=4><button type=button>" + foldLabel(fold->rowCount)
                + "</button>\n<tbody class=f>";
        appendRow(out, diff.rows()[r]);
        if (fold != folds.end() && r + 1 == fold->endRow()) {
            out += "\n<tbody>";
            ++fold;
        }
    }
    out += "\n</table>\n";
}

void HtmlDiffTable::appendRow(std::string &out, const diff::SideBySideRow &row)
{
    out += '\n';
    out += rowOpen(row.kind);
    appendSide(out, row.leftLine, row.leftText, row.leftHighlights, m_left);
    appendSide(out, row.rightLine, row.rightText, row.rightHighlights, m_right);
}

// Each side keeps its own classifier: a block scalar on one side says nothing about the other.
void HtmlDiffTable::appendSide(std::string &out, int line, const QString &text,
                               const QList<diff::TextRange> &highlights, YamlLineClassifier &classifier)
{
    if (line == 0) {
        out += "<th><td class=x>";
        return;
    }
    out += "<th>" + std::to_string(line) + "<td>";
    appendCellText(out, text, classifier.classify(text), highlights);
}

} // namespace ds::report
