// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/ObjectPath.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

class QModelIndex;
class QThreadPool;

namespace ds::report {
struct CrResult;
struct FailedCr;
}

namespace ds::ui {

class ClusterObjectModel;
class ComparisonSession;
class NavigatorPanel;
class ReferenceTreeModel;
class SideBySideDiffView;

// Keeps the reference tree, the CR list and the diff in step — the controller
// between the session's snapshot and the widgets. Selecting a CR shows its
// diff and selects the template it correlated with; selecting a template shows
// its first CR (or the template alone); a new snapshot selects again what was
// selected, or the first CR with drift. A CR kept as an identity skeleton is
// read again in full off the GUI thread (a must-gather archive may have to be
// decompressed up to it): the diff says so until it arrives.
class SelectionController : public QObject
{
    Q_OBJECT

public:
    struct Views
    {
        ReferenceTreeModel *referenceModel;
        NavigatorPanel *referencePanel;
        ClusterObjectModel *objectModel;
        NavigatorPanel *objectPanel;
        SideBySideDiffView *diffView;
    };

    SelectionController(ComparisonSession *session, Views views, QObject *parent = nullptr);
    ~SelectionController() override;

    // Selects a CR (by id) or a template (by path) in its panel and shows its diff.
    void showClusterObject(const QString &id);
    void showTemplate(const QString &path);
    // The next (previous) CR with drift in list order, wrapping around.
    void nextDriftedObject(bool forward = true);
    // After a new snapshot: the same CR or template again, else the first drift.
    void restoreSelection();

    QString selectedObject() const { return m_selectedObject; }
    // With hidden fields shown, the right side is the whole cluster CR and the
    // fields the reference's rules hid are greyed on both sides.
    void setShowHiddenFields(bool show);
    bool showHiddenFields() const { return m_showHidden; }
    // Scrolls the diff to the first line of this field (either side).
    void revealPath(const ObjectPath &path);
    // The thread that re-reads skeleton CRs (tests hold it to see reads wait for it).
    QThreadPool *readerPool() const { return m_readers.get(); }
    QString selectedTemplate() const { return m_selectedTemplate; }

signals:
    // Something to tell the user in passing (the status bar).
    void message(const QString &text);
    // The diff now shows this CR (empty for a template alone) with this template (empty for none).
    void shown(const QString &objectId, const QString &templatePath);

private:
    void onReferenceSelection();
    void onObjectSelection();
    void showObjectDiff(const QString &id);
    void showTemplateDiff(const QModelIndex &sourceIndex);
    void showUncompared(const QString &id, const QString &note);
    void showFailure(const QString &id, const report::FailedCr &failure);
    void showResult(const QString &id, const report::CrResult &result);
    void offerOtherObjects(const QString &id, std::size_t templateIndex);
    // Selects without reacting to our own selection change.
    void selectQuietly(NavigatorPanel *panel, const QModelIndex &sourceIndex);

    ComparisonSession *m_session;
    Views m_views;
    std::unique_ptr<QThreadPool> m_readers; // re-reads skeleton CRs
    QString m_selectedObject;
    QString m_selectedTemplate;
    QStringList m_alternatives; // the CRs the diff header can switch to
    QString m_leftText;         // what the diff shows, for revealPath
    QString m_rightText;
    bool m_showHidden = false;
    quint64 m_readGeneration = 0; // drops reads for CRs no longer shown
    bool m_selecting = false;     // re-entrancy guard between the two selections
};

} // namespace ds::ui
