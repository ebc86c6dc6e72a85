// SPDX-License-Identifier: Apache-2.0
#include "main/RecentFiles.h"

#include <QFileInfo>
#include <QMenu>
#include <QSettings>

#include <functional>

namespace ds::ui {

namespace {

// One entry of a recent list: several paths (or kubeconfig and context) in one string.
const QChar kSeparator = QLatin1Char('\n');

} // namespace

RecentFiles::RecentFiles(QMenu *menu, QObject *parent) : QObject(parent), m_menu(menu)
{
    rebuildMenu();
}

void RecentFiles::addReference(const QString &path)
{
    add(QStringLiteral("references"), {path});
    rememberDirectory(path);
}

void RecentFiles::addInputs(const QStringList &paths)
{
    add(QStringLiteral("inputs"), paths);
    rememberDirectory(paths.front());
}

void RecentFiles::addCluster(const ClusterTarget &target)
{
    add(QStringLiteral("clusters"), {target.kubeconfig, target.context});
    QSettings settings;
    settings.setValue(QStringLiteral("cluster/kubeconfig"), target.kubeconfig);
    settings.setValue(QStringLiteral("cluster/context"), target.context);
}

void RecentFiles::addDocument(const QString &kind, const QString &path)
{
    add(kind, {path});
    rememberDirectory(path);
}

QString RecentFiles::lastDirectory() const
{
    return QSettings().value(QStringLiteral("dirs/last")).toString();
}

void RecentFiles::rememberDirectory(const QString &path)
{
    if (path.startsWith(QLatin1String("http://")) || path.startsWith(QLatin1String("https://")))
        return; // a URL has no folder to start the next file dialog in
    const QFileInfo info(path);
    QSettings().setValue(QStringLiteral("dirs/last"), info.isDir() ? info.absoluteFilePath() : info.absolutePath());
}

void RecentFiles::add(const QString &kind, const QStringList &entry)
{
    QSettings settings;
    const QString key = QStringLiteral("recent/") + kind;
    QStringList list = settings.value(key).toStringList();
    const QString joined = entry.join(kSeparator);
    list.removeAll(joined);
    list.prepend(joined);
    settings.setValue(key, list.mid(0, kMaxRecent));
    rebuildMenu();
}

void RecentFiles::rebuildMenu()
{
    m_menu->clear();
    QSettings settings;
    const auto section = [&](const QString &kind, const QString &title, const std::function<void(QStringList)> &open) {
        const QStringList list = settings.value(QStringLiteral("recent/") + kind).toStringList();
        if (list.isEmpty())
            return;
        m_menu->addSection(title);
        for (const QString &entry : list)
            m_menu->addAction(QString(entry).replace(kSeparator, QStringLiteral(", ")), this,
                              [open, entry] { open(entry.split(kSeparator)); });
    };
    section(QStringLiteral("references"), tr("References"),
            [this](const QStringList &e) { emit referenceRequested(e.value(0)); });
    section(QStringLiteral("inputs"), tr("Cluster data"), [this](const QStringList &e) { emit inputsRequested(e); });
    section(QStringLiteral("clusters"), tr("Clusters (kubeconfig, context)"),
            [this](const QStringList &e) { emit clusterRequested(ClusterTarget{e.value(0), e.value(1)}); });
    const std::pair<QString, QString> documents[] = {
        {kDiffConfigs, tr("Diff configs")}, {kOverrides, tr("Overrides")}, {kReviews, tr("Reviews")}};
    for (const auto &document : documents)
        section(document.first, document.second,
                [this, kind = document.first](const QStringList &e) { emit documentRequested(kind, e.value(0)); });
    m_menu->setEnabled(!m_menu->isEmpty());
}

} // namespace ds::ui
