// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "session/ComparisonJob.h"

#include <QObject>
#include <QStringList>

class QMenu;

namespace ds::ui {

// What the user opened lately (references, cluster data, clusters, and the
// documents the window edits: diff configs, overrides, review files) and the folder they were last in, kept in QSettings; fills an
// "Open Recent" menu whose entries ask for the same thing to be opened again.
class RecentFiles : public QObject
{
    Q_OBJECT

public:
    explicit RecentFiles(QMenu *menu, QObject *parent = nullptr);

    void addReference(const QString &path);
    void addInputs(const QStringList &paths);
    void addCluster(const ClusterTarget &target);
    // kind: kDiffConfigs, kOverrides or kReviews.
    void addDocument(const QString &kind, const QString &path);

    static inline const QString kDiffConfigs = QStringLiteral("diffConfigs");
    static inline const QString kOverrides = QStringLiteral("overrides");
    static inline const QString kReviews = QStringLiteral("reviews");

    // Where file dialogs start: the folder of the last file opened or saved.
    QString lastDirectory() const;
    void rememberDirectory(const QString &path);

signals:
    void referenceRequested(const QString &path);
    void inputsRequested(const QStringList &paths);
    void clusterRequested(const ClusterTarget &target);
    void documentRequested(const QString &kind, const QString &path);

private:
    static constexpr int kMaxRecent = 8;

    void add(const QString &kind, const QStringList &entry);
    void rebuildMenu();

    QMenu *m_menu;
};

} // namespace ds::ui
