// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

#include <memory>

class QLabel;
class QPlainTextEdit;
class QSyntaxHighlighter;
class QToolButton;

namespace ds::ui {

class ElidedLabel;

// The Template Editor panel: a template's source, coloured as YAML, with the
// line of a render error marked and the lines lint found something on
// underlined; a header saying what it renders against and a status line
// saying how that went. The TemplateEditorController fills it.
class TemplateEditorPanel : public QWidget
{
    Q_OBJECT

public:
    explicit TemplateEditorPanel(QWidget *parent = nullptr);
    ~TemplateEditorPanel() override;

    QPlainTextEdit *editor() const { return m_editor; }
    QToolButton *saveButton() const { return m_save; }
    QToolButton *revertButton() const { return m_revert; }
    QString statusText() const;

    void setTitle(const QString &templatePath, const QString &objectId);
    void setStatus(const QString &text, bool error);
    // Marks: the error line (0: none) and the lines with lint findings (1-based,
    // with their messages, shown when the cursor is on the line).
    void setMarks(int errorLine, const QMap<int, QString> &findings);
    int errorLine() const { return m_errorLine; }
    const QMap<int, QString> &findingLines() const { return m_findings; }

private:
    void updateSelections();
    void showFindingUnderCursor();

    ElidedLabel *m_title;
    QLabel *m_status;
    QToolButton *m_save;
    QToolButton *m_revert;
    QPlainTextEdit *m_editor;
    std::unique_ptr<QSyntaxHighlighter> m_highlighter;
    int m_errorLine = 0;
    QMap<int, QString> m_findings;
    QString m_statusText;
    bool m_statusIsError = false;
};

} // namespace ds::ui
