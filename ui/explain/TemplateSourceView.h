// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

#include <memory>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSyntaxHighlighter;

namespace ds::ui {

// The raw Go template of the pair shown (the Template Source panel), coloured
// as YAML. Which template line produced a rendered line is findable: putting
// the cursor on a line of the rendered reference (the diff's left side) marks
// the template lines with the same key, and a find field searches the source.
class TemplateSourceView : public QWidget
{
    Q_OBJECT

public:
    explicit TemplateSourceView(QWidget *parent = nullptr);
    ~TemplateSourceView() override;

    void setTemplate(const QString &path, const QString &source);
    // Marks the template lines that can have produced this rendered line
    // (same key, or the same text); returns how many.
    int locate(const QString &renderedLine);
    // Puts the cursor on this line (1-based) and column (0: the line's start) and scrolls to it.
    void revealLine(int line, int column = 0);
    // Selects the next line containing `text` after the cursor (wrapping).
    bool find(const QString &text);

    QPlainTextEdit *editor() const { return m_editor; }

private:
    QLabel *m_path;
    QLineEdit *m_find;
    QPlainTextEdit *m_editor;
    std::unique_ptr<QSyntaxHighlighter> m_highlighter;
};

} // namespace ds::ui
