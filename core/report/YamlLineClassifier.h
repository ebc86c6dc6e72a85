// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

#include <vector>

namespace ds::report {

enum class YamlTokenKind { Key, String, Number, Literal, Property, Comment, Punctuation, Indicator, Marker };

// A classified run of one line: [start, start + length) in UTF-16 code units
// (QString indices, the unit SideBySideDiff's highlight ranges use).
struct YamlToken
{
    int start = 0;
    int length = 0;
    YamlTokenKind kind = YamlTokenKind::String;
};

// YAML syntax classes, line by line: keys, quoted/plain scalars split into
// strings, numbers and literals (true, null, ... in YAML 1.1 spellings, as the
// engine resolves them), anchors/aliases/tags, comments, list dashes and block
// scalar headers, document markers. Block scalars and quoted scalars that span
// lines are followed across lines through state(), so one classifier must see
// one document's lines in order. The HTML report colours its diffs with it and
// the window's built-in highlighter (ui/highlight/BuiltinYamlHighlighter) is an
// adapter over it; both take their colours from ColourPalette.
class YamlLineClassifier
{
public:
    // The tokens of the next line, in order, not overlapping.
    std::vector<YamlToken> classify(const QString &line);
    // Forget any multi-line scalar (start of a new document).
    void reset() { m_state = kNormal; }
    // What the last line left open for the next one: -1 nothing, other values
    // a scalar that continues. QSyntaxHighlighter keeps it as the block state.
    int state() const { return m_state; }
    void setState(int state) { m_state = state; }

private:
    static constexpr int kNormal = -1;
    static constexpr int kInDoubleQuoted = -2;
    static constexpr int kInSingleQuoted = -3;

    void add(int start, int length, YamlTokenKind kind);
    void continueQuoted(const QString &text, int previous);
    int key(const QString &text, int pos);
    void value(const QString &text, int pos, int nodeIndent);
    int properties(const QString &text, int pos);
    bool blockScalarHeader(const QString &text, int pos, int nodeIndent);
    int quoted(const QString &text, int pos);
    void flow(const QString &text, int pos);
    void plain(const QString &text, int pos, int end);
    void comment(const QString &text, int pos);

    // >= 0: inside a block scalar whose parent node starts at that column.
    int m_state = kNormal;
    std::vector<YamlToken> m_tokens;
};

} // namespace ds::report
