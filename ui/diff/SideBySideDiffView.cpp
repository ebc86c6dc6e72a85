// SPDX-License-Identifier: Apache-2.0
#include "diff/SideBySideDiffView.h"

#include "diff/DiffConnector.h"
#include "diff/DiffFindBar.h"
#include "diff/DiffOverview.h"
#include "diff/DiffSideEditor.h"
#include "diff/ElidedLabel.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFrame>
#include <QFutureWatcher>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QScopedValueRollback>
#include <QScrollBar>
#include <QSpinBox>
#include <QStyle>
#include <QTextBlock>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace ds::ui {

namespace {

using DiffPtr = std::shared_ptr<const diff::SideBySideDiff>;

// Rows shown above a change we jump to, so it is read with its context.
constexpr int kNavigationMargin = 3;

QIcon themedIcon(const QWidget *widget, const QString &name, QStyle::StandardPixmap fallback)
{
    return QIcon::fromTheme(name, widget->style()->standardIcon(fallback));
}

QLabel *captionLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    return label;
}

} // namespace

SideBySideDiffView::SideBySideDiffView(QWidget *parent)
    : QWidget(parent), m_colors(DiffColors::fromPalette(palette()))
{
    setObjectName(QStringLiteral("sideBySideDiffView"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    createActions();
    layout->addWidget(createHeader());
    auto *separator = new QFrame(this);
    separator->setFrameShape(QFrame::HLine);
    separator->setFrameShadow(QFrame::Sunken);
    layout->addWidget(separator);
    m_findBar = new DiffFindBar(this);
    m_findBar->hide();
    layout->addWidget(m_findBar);
    layout->addWidget(createBody(), 1);
    setFocusProxy(m_right);
    applyColors();
    updateChangeControls();
}

SideBySideDiffView::~SideBySideDiffView() = default;

void SideBySideDiffView::createActions()
{
    m_previousAction = new QAction(themedIcon(this, QStringLiteral("go-up"), QStyle::SP_ArrowUp),
                                   tr("Previous Change"), this);
    m_previousAction->setObjectName(QStringLiteral("previousChangeAction"));
    m_previousAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Up));
    // Stepping through the diff works wherever the focus is (a tree, a filter).
    m_previousAction->setShortcutContext(Qt::WindowShortcut);
    m_previousAction->setToolTip(tr("Previous change (Alt+Up)"));
    connect(m_previousAction, &QAction::triggered, this, &SideBySideDiffView::previousChange);
    addAction(m_previousAction);

    m_nextAction = new QAction(themedIcon(this, QStringLiteral("go-down"), QStyle::SP_ArrowDown),
                               tr("Next Change"), this);
    m_nextAction->setObjectName(QStringLiteral("nextChangeAction"));
    m_nextAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Down));
    m_nextAction->setShortcutContext(Qt::WindowShortcut);
    m_nextAction->setToolTip(tr("Next change (Alt+Down)"));
    connect(m_nextAction, &QAction::triggered, this, &SideBySideDiffView::nextChange);
    addAction(m_nextAction);
}

QWidget *SideBySideDiffView::createHeader()
{
    auto *header = new QWidget(this);
    header->setObjectName(QStringLiteral("diffHeader"));
    header->setAutoFillBackground(true);
    header->setBackgroundRole(QPalette::Window);
    auto *layout = new QVBoxLayout(header);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->setSpacing(4);

    m_description = new QLabel(header);
    m_description->setObjectName(QStringLiteral("diffDescription"));
    m_description->setWordWrap(true);
    m_description->setTextFormat(Qt::PlainText);
    m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_description->setVisible(false);
    layout->addWidget(m_description);

    auto *controls = new QHBoxLayout;
    controls->setSpacing(6);
    for (QAction *action : {m_previousAction, m_nextAction}) {
        auto *button = new QToolButton(header);
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        button->setAutoRaise(true);
        controls->addWidget(button);
    }
    m_changeLabel = new QLabel(header);
    m_changeLabel->setObjectName(QStringLiteral("changeLabel"));
    controls->addWidget(m_changeLabel);
    m_alternatives = new QComboBox(header);
    m_alternatives->setObjectName(QStringLiteral("diffAlternatives"));
    m_alternatives->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_alternatives->setToolTip(tr("Other CRs compared with this template"));
    m_alternatives->hide();
    connect(m_alternatives, &QComboBox::activated, this, &SideBySideDiffView::alternativeChosen);
    controls->addWidget(m_alternatives);
    m_statusLabel = new QLabel(header);
    m_statusLabel->setObjectName(QStringLiteral("diffStatus"));
    // Informational only: clipped (at its end) rather than widen the view.
    m_statusLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_statusLabel->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    controls->addWidget(m_statusLabel, 1);
    controls->addSpacing(12);

    m_collapseBox = new QCheckBox(tr("Hide unchanged lines"), header);
    m_collapseBox->setObjectName(QStringLiteral("collapseUnchanged"));
    m_collapseBox->setChecked(m_collapseUnchanged);
    connect(m_collapseBox, &QCheckBox::toggled, this, &SideBySideDiffView::setCollapseUnchanged);
    controls->addWidget(m_collapseBox);
    auto *contextLabel = new QLabel(tr("Context:"), header);
    controls->addWidget(contextLabel);
    m_contextSpin = new QSpinBox(header);
    m_contextSpin->setObjectName(QStringLiteral("contextLines"));
    m_contextSpin->setRange(0, 999);
    m_contextSpin->setValue(m_contextLines);
    m_contextSpin->setToolTip(tr("Unchanged lines shown around each change"));
    contextLabel->setBuddy(m_contextSpin);
    connect(m_contextSpin, &QSpinBox::valueChanged, this, &SideBySideDiffView::setContextLines);
    controls->addWidget(m_contextSpin);
    layout->addLayout(controls);
    return header;
}

QWidget *SideBySideDiffView::createBody()
{
    auto *body = new QWidget(this);
    auto *grid = new QGridLayout(body);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(0);
    grid->setVerticalSpacing(2);

    m_left = new DiffSideEditor(DiffSide::Left, body);
    m_right = new DiffSideEditor(DiffSide::Right, body);
    m_left->setAccessibleName(tr("Reference side"));
    m_right->setAccessibleName(tr("Cluster side"));
    m_connector = new DiffConnector(m_left, m_right, body);
    m_overview = new DiffOverview(m_right, body);

    auto titleRow = [body](const QString &caption, ElidedLabel *&title, const QString &name) {
        auto *row = new QHBoxLayout;
        row->setContentsMargins(8, 4, 8, 2);
        row->setSpacing(8);
        row->addWidget(captionLabel(caption, body));
        title = new ElidedLabel(body);
        title->setObjectName(name);
        row->addWidget(title, 1);
        return row;
    };
    grid->addLayout(titleRow(tr("Reference"), m_leftTitle, QStringLiteral("leftTitle")), 0, 0);
    grid->addLayout(titleRow(tr("Cluster"), m_rightTitle, QStringLiteral("rightTitle")), 0, 2, 1, 2);
    grid->addWidget(m_left, 1, 0);
    grid->addWidget(m_connector, 1, 1);
    grid->addWidget(m_right, 1, 2);
    grid->addWidget(m_overview, 1, 3);
    grid->setColumnStretch(0, 1);
    grid->setColumnStretch(2, 1);
    grid->setRowStretch(1, 1);

    // The right scroll bar drives both sides; a second one on the left would only add noise.
    m_left->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    connectScrollSync(m_left->verticalScrollBar(), m_right->verticalScrollBar());
    connectScrollSync(m_right->verticalScrollBar(), m_left->verticalScrollBar());
    connectScrollSync(m_left->horizontalScrollBar(), m_right->horizontalScrollBar());
    connectScrollSync(m_right->horizontalScrollBar(), m_left->horizontalScrollBar());
    for (DiffSideEditor *editor : {m_left, m_right}) {
        connect(editor->horizontalScrollBar(), &QScrollBar::rangeChanged, this,
                &SideBySideDiffView::updateHorizontalScrollBars);
        connect(editor, &DiffSideEditor::foldClicked, this, &SideBySideDiffView::expandFold);
        connect(editor, &QPlainTextEdit::cursorPositionChanged, this, [this, editor] { onCursorMoved(editor); });
    }
    connect(m_overview, &DiffOverview::rowRequested, this,
            [this](int row) { m_right->scrollToRow(std::max(0, row - m_right->visibleRowCount() / 2)); });
    return body;
}

void SideBySideDiffView::connectScrollSync(QScrollBar *from, QScrollBar *to)
{
    connect(from, &QScrollBar::valueChanged, this, [this, to](int value) { syncScrollBar(to, value); });
    // A range change can clamp one side only (e.g. while the other is re-laid out).
    connect(from, &QScrollBar::rangeChanged, this, [this, from, to] { syncScrollBar(to, from->value()); });
}

void SideBySideDiffView::syncScrollBar(QScrollBar *target, int value)
{
    if (m_syncingScroll)
        return;
    const QScopedValueRollback guard(m_syncingScroll, true);
    target->setValue(value);
    m_connector->update();
    m_overview->update();
}

void SideBySideDiffView::updateHorizontalScrollBars()
{
    // Both sides show a horizontal bar or neither: the viewports keep one
    // height and so one vertical range.
    const bool needed = m_left->horizontalScrollBar()->maximum() > 0 || m_right->horizontalScrollBar()->maximum() > 0;
    const Qt::ScrollBarPolicy policy = needed ? Qt::ScrollBarAlwaysOn : Qt::ScrollBarAlwaysOff;
    m_left->setHorizontalScrollBarPolicy(policy);
    m_right->setHorizontalScrollBarPolicy(policy);
}

void SideBySideDiffView::setDiff(const QString &leftTitle, const QString &leftText, const QString &rightTitle,
                                 const QString &rightText, const QString &description)
{
    const quint64 generation = ++m_generation;
    setHeader(leftTitle, rightTitle, description);
    m_diff.reset();
    rebuildDisplay(-1);
    m_busy = true;
    updateChangeControls();

    auto *watcher = new QFutureWatcher<DiffPtr>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation == m_generation)
            applyDiff(watcher->result());
    });
    watcher->setFuture(QtConcurrent::run([leftText, rightText]() -> DiffPtr {
        return std::make_shared<const diff::SideBySideDiff>(leftText, rightText);
    }));
}

void SideBySideDiffView::setComputedDiff(const QString &leftTitle, const QString &rightTitle,
                                         const QString &description, DiffPtr diff)
{
    ++m_generation;
    setHeader(leftTitle, rightTitle, description);
    applyDiff(std::move(diff));
}

void SideBySideDiffView::clear()
{
    ++m_generation;
    setHeader(QString(), QString(), QString());
    m_busy = false;
    m_diff.reset();
    m_currentChange = -1;
    m_anchorModelRow = -1;
    rebuildDisplay(-1);
    updateChangeControls();
    emit currentChangeChanged(-1, 0);
}

void SideBySideDiffView::setHeader(const QString &leftTitle, const QString &rightTitle, const QString &description)
{
    setAlternatives({}, -1);
    m_mutedLeft.clear();
    m_mutedRight.clear();
    m_left->setMutedLines({});
    m_right->setMutedLines({});
    m_leftTitle->setText(leftTitle);
    m_rightTitle->setText(rightTitle);
    m_description->setText(description.trimmed());
    m_description->setVisible(!description.trimmed().isEmpty());
}

void SideBySideDiffView::applyDiff(DiffPtr diff)
{
    m_busy = false;
    m_diff = std::move(diff);
    m_expandedFolds.clear();
    m_currentChange = -1;
    m_anchorModelRow = -1;
    rebuildDisplay(-1);
    updateChangeControls();
    emit currentChangeChanged(-1, changeCount());
    emit diffShown();
}

void SideBySideDiffView::rebuildDisplay(int keepModelRowAtTop)
{
    m_display = m_diff ? std::make_shared<const DiffDisplay>(m_diff, m_collapseUnchanged ? m_contextLines : -1,
                                                             m_expandedFolds)
                       : nullptr;
    {
        const QScopedValueRollback guard(m_updatingEditors, true);
        m_left->setDisplay(m_display);
        m_right->setDisplay(m_display);
    }
    updateHorizontalScrollBars();
    if (m_display && keepModelRowAtTop >= 0)
        m_right->scrollToRow(m_display->displayRowForModelRow(keepModelRowAtTop));
    setCurrentChange(m_currentChange);
}

int SideBySideDiffView::modelRowAtTop() const
{
    if (!m_display || m_display->rowCount() == 0)
        return -1;
    return m_display->row(std::min(m_right->firstVisibleRow(), m_display->rowCount() - 1)).firstModelRow;
}

int SideBySideDiffView::changeCount() const
{
    return m_diff ? static_cast<int>(m_diff->changeBlocks().size()) : 0;
}

void SideBySideDiffView::setContextLines(int lines)
{
    lines = std::max(0, lines);
    if (lines == m_contextLines)
        return;
    m_contextLines = lines;
    m_contextSpin->setValue(lines);
    m_expandedFolds.clear();
    rebuildDisplay(modelRowAtTop());
}

void SideBySideDiffView::setCollapseUnchanged(bool collapse)
{
    if (collapse == m_collapseUnchanged)
        return;
    m_collapseUnchanged = collapse;
    m_collapseBox->setChecked(collapse);
    m_contextSpin->setEnabled(collapse);
    m_expandedFolds.clear();
    rebuildDisplay(modelRowAtTop());
}

void SideBySideDiffView::expandFold(int displayRow)
{
    if (!m_display || !m_display->isFold(displayRow))
        return;
    const int top = modelRowAtTop();
    m_expandedFolds.insert(m_display->row(displayRow).firstModelRow);
    rebuildDisplay(top);
}

// The display row next/previous count from: the last change visited or the
// cursor, unless that is scrolled out of sight; then the viewport's top.
int SideBySideDiffView::navigationAnchor(bool forward) const
{
    const int top = m_right->firstVisibleRow();
    const int bottom = top + m_right->visibleRowCount() - 1;
    const int row = m_anchorModelRow >= 0 ? m_display->displayRowForModelRow(m_anchorModelRow) : -1;
    if (row >= top && row <= bottom)
        return row;
    return forward ? top - 1 : top;
}

void SideBySideDiffView::nextChange()
{
    if (!m_display)
        return;
    const int anchor = navigationAnchor(true);
    const QList<diff::RowRange> &blocks = m_display->changeBlocks();
    const auto it = std::find_if(blocks.cbegin(), blocks.cend(),
                                 [anchor](const diff::RowRange &b) { return b.firstRow > anchor; });
    if (it != blocks.cend())
        goToChange(static_cast<int>(it - blocks.cbegin()));
}

void SideBySideDiffView::previousChange()
{
    if (!m_display)
        return;
    const int anchor = navigationAnchor(false);
    const QList<diff::RowRange> &blocks = m_display->changeBlocks();
    const auto it = std::find_if(blocks.crbegin(), blocks.crend(),
                                 [anchor](const diff::RowRange &b) { return b.firstRow < anchor; });
    if (it != blocks.crend())
        goToChange(static_cast<int>(blocks.crend() - it) - 1);
}

void SideBySideDiffView::goToChange(int index)
{
    if (!m_display || index < 0 || index >= m_display->changeBlocks().size())
        return;
    const int row = m_display->changeBlocks()[index].firstRow;
    m_anchorModelRow = m_diff->changeBlocks()[index].firstRow;
    {
        const QScopedValueRollback guard(m_updatingEditors, true);
        for (DiffSideEditor *editor : {m_left, m_right})
            editor->setTextCursor(QTextCursor(editor->document()->findBlockByNumber(row)));
    }
    const int margin = std::min(kNavigationMargin, m_right->visibleRowCount() / 4);
    m_right->scrollToRow(std::max(0, row - margin));
    setCurrentChange(index);
}

void SideBySideDiffView::onCursorMoved(const DiffSideEditor *editor)
{
    if (m_updatingEditors || !m_display || m_display->rowCount() == 0)
        return;
    const int row = std::min(editor->textCursor().blockNumber(), m_display->rowCount() - 1);
    m_anchorModelRow = m_display->row(row).firstModelRow;
    setCurrentChange(m_display->changeBlockForRow(row));
}

void SideBySideDiffView::setCurrentChange(int index)
{
    const bool changed = index != m_currentChange;
    m_currentChange = index;
    m_left->setCurrentChange(index);
    m_right->setCurrentChange(index);
    m_connector->setCurrentChange(index);
    m_overview->setCurrentChange(index);
    if (changed) {
        updateChangeControls();
        emit currentChangeChanged(index, changeCount());
    }
}

void SideBySideDiffView::updateChangeControls()
{
    const int count = changeCount();
    m_nextAction->setEnabled(count > 0);
    m_previousAction->setEnabled(count > 0);
    if (m_busy)
        m_changeLabel->clear();
    else if (!m_diff)
        m_changeLabel->clear();
    else if (count == 0)
        m_changeLabel->setText(tr("No differences"));
    else if (m_currentChange < 0)
        m_changeLabel->setText(count == 1 ? tr("1 change") : tr("%1 changes").arg(count));
    else
        m_changeLabel->setText(tr("Change %1 of %2").arg(m_currentChange + 1).arg(count));

    if (m_busy) {
        m_statusLabel->setText(tr("Computing differences\u2026"));
    } else if (m_diff && m_diff->hasChanges()) {
        // Short, so the header never clips it; the sentence is the tooltip.
        m_statusLabel->setText(tr("\u2212%1 / +%2 lines").arg(m_diff->changedLeftLineCount()).arg(m_diff->changedRightLineCount()));
        m_statusLabel->setToolTip(tr("%1 reference lines differ, %2 cluster lines differ")
                                      .arg(m_diff->changedLeftLineCount())
                                      .arg(m_diff->changedRightLineCount()));
    } else {
        m_statusLabel->clear();
        m_statusLabel->setToolTip({});
    }
}

void SideBySideDiffView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyColors();
}

void SideBySideDiffView::applyColors()
{
    m_colors = DiffColors::fromPalette(palette());
    m_left->setColors(m_colors);
    m_right->setColors(m_colors);
    m_connector->setColors(m_colors);
    m_overview->setColors(m_colors);
    QPalette muted = m_description->palette();
    muted.setColor(QPalette::WindowText, DiffColors::mix(palette().color(QPalette::WindowText),
                                                         palette().color(QPalette::Window), 0.25));
    m_description->setPalette(muted);
}

void SideBySideDiffView::setMutedLines(const QSet<int> &leftLines, const QSet<int> &rightLines)
{
    m_mutedLeft = leftLines;
    m_mutedRight = rightLines;
    m_left->setMutedLines(leftLines);
    m_right->setMutedLines(rightLines);
}

void SideBySideDiffView::setAlternatives(const QStringList &items, int current)
{
    m_alternatives->clear();
    m_alternatives->addItems(items);
    m_alternatives->setCurrentIndex(current);
    m_alternatives->setVisible(items.size() > 1);
}

int SideBySideDiffView::revealModelRow(int modelRow)
{
    if (!m_display || !m_diff || modelRow < 0 || modelRow >= m_diff->rowCount())
        return -1;
    int displayRow = m_display->displayRowForModelRow(modelRow);
    if (displayRow >= 0 && m_display->isFold(displayRow)) {
        m_expandedFolds.insert(m_display->row(displayRow).firstModelRow);
        rebuildDisplay(modelRowAtTop());
        displayRow = m_display->displayRowForModelRow(modelRow);
    }
    if (displayRow < 0)
        return -1;
    m_anchorModelRow = modelRow;
    {
        const QScopedValueRollback guard(m_updatingEditors, true);
        for (DiffSideEditor *editor : {m_left, m_right})
            editor->setTextCursor(QTextCursor(editor->document()->findBlockByNumber(displayRow)));
    }
    const int margin = std::min(kNavigationMargin, m_right->visibleRowCount() / 4);
    m_right->scrollToRow(std::max(0, displayRow - margin));
    setCurrentChange(m_display->changeBlockForRow(displayRow));
    return displayRow;
}

bool SideBySideDiffView::revealLine(int leftLine, int rightLine)
{
    if (!m_diff)
        return false;
    const QList<diff::SideBySideRow> &rows = m_diff->rows();
    for (int i = 0; i < rows.size(); ++i)
        if ((leftLine > 0 && rows[i].leftLine == leftLine) || (leftLine <= 0 && rightLine > 0 && rows[i].rightLine == rightLine))
            return revealModelRow(i) >= 0;
    return false;
}

void SideBySideDiffView::startFind()
{
    m_findBar->start();
}

void SideBySideDiffView::setContextActions(const QList<QAction *> &actions)
{
    m_left->setExtraContextActions(actions);
    m_right->setExtraContextActions(actions);
}

} // namespace ds::ui
