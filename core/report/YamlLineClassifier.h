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

// The syntax classes the GUI's built-in YAML highlighter
// (ui/highlight/BuiltinYamlHighlighter) colours, computed without QtGui so the
// HTML report (core) colours YAML the same way. The rules are a line-by-line
// port of that highlighter: keys, quoted/plain scalars split into strings,
// numbers and literals (true, null, ...), anchors/aliases/tags, comments,
// list dashes and block scalar headers, document markers. Block scalars and
// quoted scalars that span lines are followed across lines, so one classifier
// must see one document's lines in order.
class YamlLineClassifier
{
public:
    // The tokens of the next line, in order, not overlapping.
    std::vector<YamlToken> classify(const QString &line);
    // Forget any multi-line scalar (start of a new document).
    void reset() { m_state = kNormal; }

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
