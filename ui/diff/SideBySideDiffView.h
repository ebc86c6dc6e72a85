// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "diff/DiffColors.h"
#include "diff/DiffDisplay.h"

#include <QSet>
#include <QWidget>

#include <memory>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QScrollBar;
class QSpinBox;
class QToolButton;

namespace ds::ui {

class DiffConnector;
class DiffFindBar;
class DiffOverview;
class DiffSideEditor;
class ElidedLabel;

// The rendered reference (left) and the cluster CR (right) side by side:
// aligned rows with real line numbers, removed/added/changed tints and
// intra-line highlights, a connector band, an overview ruler, synchronised
// scrolling, next/previous change (Alt+Down / Alt+Up) and unchanged regions
// folded to a given context. The row model is computed off the GUI thread
// (setDiff) or handed over ready-made (setComputedDiff); only the visible
// rows are painted.
class SideBySideDiffView : public QWidget
{
    Q_OBJECT

public:
    explicit SideBySideDiffView(QWidget *parent = nullptr);
    ~SideBySideDiffView() override;

    // leftTitle: the template path; rightTitle: the CR id; description: the
    // template's description (may be empty). Returns at once; diffShown()
    // follows when the rows are on screen.
    void setDiff(const QString &leftTitle, const QString &leftText, const QString &rightTitle,
                 const QString &rightText, const QString &description = QString());
    // The same with rows already computed (e.g. by the comparison worker).
    void setComputedDiff(const QString &leftTitle, const QString &rightTitle, const QString &description,
                         std::shared_ptr<const diff::SideBySideDiff> diff);
    void clear();

    // A setDiff() is still being computed.
    bool isBusy() const { return m_busy; }
    std::shared_ptr<const diff::SideBySideDiff> diff() const { return m_diff; }
    const DiffDisplay *display() const { return m_display.get(); }

    // Unchanged rows kept around each change when folding.
    int contextLines() const { return m_contextLines; }
    bool collapseUnchanged() const { return m_collapseUnchanged; }

    int changeCount() const;
    // Index into diff()->changeBlocks(), or -1.
    int currentChange() const { return m_currentChange; }

    // Commands for the CR shown, added to both sides' context menus.
    void setContextActions(const QList<QAction *> &actions);

    // Lines (1-based) the comparison did not look at, greyed on each side;
    // cleared by the next setDiff().
    void setMutedLines(const QSet<int> &leftLines, const QSet<int> &rightLines);
    // Other things the header can switch to ("CR 2 of 3"): a combo box of
    // `items` with `current` chosen; fewer than two hide it. Cleared by setDiff().
    void setAlternatives(const QStringList &items, int current);
    // Scrolls to the row showing this left (or, when 0, right) line, opening
    // its fold, and puts the cursor there. False when the diff has no such line.
    bool revealLine(int leftLine, int rightLine);
    // Opens the model row (and its fold) and puts the cursor on it; the display row, or -1.
    int revealModelRow(int modelRow);

    // Find in the diff (both sides): the bar under the header.
    DiffFindBar *findBar() const { return m_findBar; }
    void startFind();

    QAction *nextChangeAction() const { return m_nextAction; }
    QAction *previousChangeAction() const { return m_previousAction; }
    DiffSideEditor *leftEditor() const { return m_left; }
    DiffSideEditor *rightEditor() const { return m_right; }
    const DiffColors &colors() const { return m_colors; }

public slots:
    void setContextLines(int lines);
    void setCollapseUnchanged(bool collapse);
    void nextChange();
    void previousChange();
    void goToChange(int index);
    // Opens the fold shown at displayRow (a "⋯ N unchanged lines" row).
    void expandFold(int displayRow);

signals:
    void currentChangeChanged(int index, int count);
    // The user chose another entry of setAlternatives().
    void alternativeChosen(int index);
    // The rows of the last setDiff()/setComputedDiff() are on screen.
    void diffShown();

protected:
    void changeEvent(QEvent *event) override;

private:
    QWidget *createHeader();
    QWidget *createBody();
    void createActions();
    void connectScrollSync(QScrollBar *from, QScrollBar *to);
    void syncScrollBar(QScrollBar *target, int value);
    void updateHorizontalScrollBars();
    void setHeader(const QString &leftTitle, const QString &rightTitle, const QString &description);
    void applyDiff(std::shared_ptr<const diff::SideBySideDiff> diff);
    void rebuildDisplay(int keepModelRowAtTop);
    int modelRowAtTop() const;
    int navigationAnchor(bool forward) const;
    void onCursorMoved(const DiffSideEditor *editor);
    void setCurrentChange(int index);
    void updateChangeControls();
    void applyColors();

    ElidedLabel *m_leftTitle = nullptr;
    ElidedLabel *m_rightTitle = nullptr;
    QLabel *m_description = nullptr;
    QLabel *m_changeLabel = nullptr;
    QLabel *m_statusLabel = nullptr;
    QCheckBox *m_collapseBox = nullptr;
    QComboBox *m_alternatives = nullptr;
    DiffFindBar *m_findBar = nullptr;
    QSpinBox *m_contextSpin = nullptr;
    DiffSideEditor *m_left = nullptr;
    DiffSideEditor *m_right = nullptr;
    DiffConnector *m_connector = nullptr;
    DiffOverview *m_overview = nullptr;
    QAction *m_nextAction = nullptr;
    QAction *m_previousAction = nullptr;

    std::shared_ptr<const diff::SideBySideDiff> m_diff;
    std::shared_ptr<const DiffDisplay> m_display;
    QSet<int> m_expandedFolds; // first model row of each fold the user opened
    QSet<int> m_mutedLeft;
    QSet<int> m_mutedRight;
    DiffColors m_colors;
    int m_contextLines = 3;
    bool m_collapseUnchanged = true;
    int m_currentChange = -1;
    int m_anchorModelRow = -1; // where next/previous start from
    quint64 m_generation = 0;  // drops results of superseded setDiff() calls
    bool m_busy = false;
    bool m_syncingScroll = false; // re-entrancy guard of the scroll sync
    bool m_updatingEditors = false; // cursor moves we cause are not user navigation
};

} // namespace ds::ui
