// SPDX-License-Identifier: Apache-2.0
#include "editor/TemplateEditorPanel.h"

#include "diff/ElidedLabel.h"
#include "highlight/YamlHighlighting.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QMap>
#include <QPlainTextEdit>
#include <QSyntaxHighlighter>
#include <QTextBlock>
#include <QToolButton>
#include <QVBoxLayout>

namespace ds::ui {

TemplateEditorPanel::TemplateEditorPanel(QWidget *parent)
    : QWidget(parent), m_title(new ElidedLabel(this)), m_status(new QLabel(this)), m_save(new QToolButton(this)),
      m_revert(new QToolButton(this)), m_editor(new QPlainTextEdit(this))
{
    setObjectName(QStringLiteral("templateEditorPanel"));
    m_editor->setObjectName(QStringLiteral("templateEditor"));
    m_editor->setAccessibleName(tr("Template editor"));
    m_editor->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_editor->setTabChangesFocus(false);
    m_highlighter = YamlHighlighting::create(m_editor->document(), palette());
    m_title->setObjectName(QStringLiteral("templateEditorTitle"));
    m_status->setObjectName(QStringLiteral("templateEditorStatus"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    // A long error must not widen the dock (and the window) beyond the screen.
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_save->setObjectName(QStringLiteral("templateEditorSave"));
    m_save->setText(tr("Save"));
    m_save->setToolTip(tr("Save the template (Ctrl+S in the editor); the reference is then loaded again"));
    m_revert->setObjectName(QStringLiteral("templateEditorRevert"));
    m_revert->setText(tr("Revert"));
    m_revert->setToolTip(tr("Drop the unsaved edits"));
    auto *top = new QHBoxLayout;
    top->addWidget(m_title, 1);
    top->addWidget(m_revert);
    top->addWidget(m_save);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(top);
    layout->addWidget(m_editor, 1);
    layout->addWidget(m_status);
    connect(m_editor, &QPlainTextEdit::cursorPositionChanged, this, &TemplateEditorPanel::showFindingUnderCursor);
}

TemplateEditorPanel::~TemplateEditorPanel() = default;

QString TemplateEditorPanel::statusText() const
{
    return m_status->text();
}

void TemplateEditorPanel::setTitle(const QString &templatePath, const QString &objectId)
{
    const QString title = objectId.isEmpty() ? templatePath : tr("%1  ·  rendered against %2").arg(templatePath, objectId);
    m_title->setText(title);
}

void TemplateEditorPanel::setStatus(const QString &text, bool error)
{
    m_statusText = text;
    m_statusIsError = error;
    QPalette p = m_status->palette();
    p.setColor(QPalette::WindowText, error ? QColor(0xc0, 0x1c, 0x28) : palette().color(QPalette::WindowText));
    m_status->setPalette(p);
    m_status->setText(text);
}

void TemplateEditorPanel::setMarks(int errorLine, const QMap<int, QString> &findings)
{
    m_errorLine = errorLine;
    m_findings = findings;
    updateSelections();
}

void TemplateEditorPanel::updateSelections()
{
    QList<QTextEdit::ExtraSelection> selections;
    QTextDocument *doc = m_editor->document();
    for (auto it = m_findings.cbegin(); it != m_findings.cend(); ++it) {
        const QTextBlock block = doc->findBlockByNumber(it.key() - 1);
        if (!block.isValid())
            continue;
        QTextEdit::ExtraSelection s;
        s.cursor = QTextCursor(block);
        s.cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
        s.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
        s.format.setUnderlineColor(QColor(0xe6, 0x8a, 0x00));
        s.format.setToolTip(it.value());
        selections << s;
    }
    if (const QTextBlock block = doc->findBlockByNumber(m_errorLine - 1); m_errorLine > 0 && block.isValid()) {
        QTextEdit::ExtraSelection s;
        s.cursor = QTextCursor(block);
        s.format.setBackground(QColor(0xc0, 0x1c, 0x28, 60));
        s.format.setProperty(QTextFormat::FullWidthSelection, true);
        selections << s;
    }
    m_editor->setExtraSelections(selections);
}

// A finding's message replaces the status while the cursor is on its line.
void TemplateEditorPanel::showFindingUnderCursor()
{
    const int line = m_editor->textCursor().blockNumber() + 1;
    const auto it = m_findings.constFind(line);
    m_status->setText(it != m_findings.cend() && !m_statusIsError ? tr("Line %1: %2").arg(line).arg(*it) : m_statusText);
}

} // namespace ds::ui
