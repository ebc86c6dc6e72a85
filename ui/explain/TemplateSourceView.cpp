// SPDX-License-Identifier: Apache-2.0
#include "explain/TemplateSourceView.h"

#include "highlight/YamlHighlighting.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextBlock>

#include <algorithm>
#include <QSyntaxHighlighter>
#include <QTextBlock>
#include <QVBoxLayout>

namespace ds::ui {

namespace {

// "  replicas: 3" → "replicas:", "- name: web" → "name:"; "" for a line without a key.
QString keyOf(const QString &line)
{
    QString t = line.trimmed();
    if (t.startsWith(QLatin1String("- ")))
        t = t.mid(2).trimmed();
    const qsizetype colon = t.indexOf(QLatin1Char(':'));
    return colon > 0 ? t.left(colon + 1) : QString();
}

} // namespace

TemplateSourceView::TemplateSourceView(QWidget *parent)
    : QWidget(parent), m_path(new QLabel(this)), m_find(new QLineEdit(this)), m_editor(new QPlainTextEdit(this))
{
    setObjectName(QStringLiteral("templateSourceView"));
    m_editor->setObjectName(QStringLiteral("templateSource"));
    m_editor->setAccessibleName(tr("Template source"));
    m_editor->setReadOnly(true);
    m_editor->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_highlighter = YamlHighlighting::create(m_editor->document(), palette());
    m_find->setPlaceholderText(tr("Find in the template"));
    m_find->setClearButtonEnabled(true);
    connect(m_find, &QLineEdit::returnPressed, this, [this] { find(m_find->text()); });
    auto *top = new QHBoxLayout;
    top->addWidget(m_path, 1);
    top->addWidget(m_find);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(top);
    layout->addWidget(m_editor, 1);
    setTemplate({}, {});
}

TemplateSourceView::~TemplateSourceView()
{
    m_highlighter.reset(); // before the document it colours
}

void TemplateSourceView::setTemplate(const QString &path, const QString &source)
{
    if (m_path->text() == path && m_editor->toPlainText() == source)
        return;
    m_path->setText(path.isEmpty() ? tr("No template selected") : path);
    m_editor->setPlainText(source);
}

int TemplateSourceView::locate(const QString &renderedLine)
{
    const QString key = keyOf(renderedLine);
    const QString text = renderedLine.trimmed();
    QList<QTextEdit::ExtraSelection> marks;
    QTextBlock first;
    for (QTextBlock block = m_editor->document()->begin(); block.isValid(); block = block.next()) {
        const QString line = block.text();
        const bool match = !key.isEmpty() ? keyOf(line) == key : (!text.isEmpty() && line.contains(text));
        if (!match)
            continue;
        QTextEdit::ExtraSelection mark;
        mark.cursor = QTextCursor(block);
        mark.format.setBackground(palette().color(QPalette::Highlight).lighter(170));
        mark.format.setProperty(QTextFormat::FullWidthSelection, true);
        marks.append(mark);
        if (!first.isValid())
            first = block;
    }
    m_editor->setExtraSelections(marks);
    if (first.isValid()) {
        m_editor->setTextCursor(QTextCursor(first));
        m_editor->centerCursor();
    }
    return int(marks.size());
}

void TemplateSourceView::revealLine(int line, int column)
{
    const QTextBlock block = m_editor->document()->findBlockByNumber(line - 1);
    if (line <= 0 || !block.isValid())
        return;
    QTextCursor cursor(block);
    cursor.movePosition(QTextCursor::Right, QTextCursor::MoveAnchor, std::clamp(column - 1, 0, block.length() - 1));
    m_editor->setTextCursor(cursor);
    m_editor->centerCursor();
    m_editor->setFocus();
}

bool TemplateSourceView::find(const QString &text)
{
    if (text.isEmpty())
        return false;
    if (m_editor->find(text))
        return true;
    m_editor->moveCursor(QTextCursor::Start); // wrap around
    return m_editor->find(text);
}

} // namespace ds::ui
