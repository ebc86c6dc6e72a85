// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

class QPalette;

namespace ds::ui {

// A small line-by-line YAML highlighter for when KSyntaxHighlighting is not
// available: keys, quoted and plain scalars, numbers, booleans/null (YAML 1.1
// spellings, as the engine resolves them), comments, list dashes, anchors,
// aliases and tags, document markers and block scalars (`|`, `>`), whose
// content lines are tracked through the block state.
class BuiltinYamlHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT

public:
    explicit BuiltinYamlHighlighter(const QPalette &palette, QObject *parent = nullptr);

protected:
    void highlightBlock(const QString &text) override;

private:
    struct Formats {
        QTextCharFormat key;
        QTextCharFormat string;
        QTextCharFormat number;
        QTextCharFormat literal; // true/false/null
        QTextCharFormat comment;
        QTextCharFormat punctuation;
        QTextCharFormat indicator; // list dashes, block scalar headers
        QTextCharFormat property;  // anchors, aliases, tags
        QTextCharFormat marker;    // ---, ..., %directives
    };
    static Formats formatsFor(const QPalette &palette);

    void continueQuoted(const QString &text);
    int highlightKey(const QString &text, int pos);
    void highlightValue(const QString &text, int pos, int nodeIndent);
    int highlightProperties(const QString &text, int pos);
    bool highlightBlockScalarHeader(const QString &text, int pos, int nodeIndent);
    int highlightQuoted(const QString &text, int pos);
    void highlightFlow(const QString &text, int pos);
    void highlightPlain(const QString &text, int pos, int end);
    void highlightComment(const QString &text, int pos);

    Formats m_formats;
};

} // namespace ds::ui
