// SPDX-License-Identifier: Apache-2.0
#include "ClusterObjectState.h"

#include <QCoreApplication>

namespace ds::ui {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("ds::ui::ClusterObjectState", text);
}

QString mainText(const ClusterObjectStatus &s)
{
    switch (s.state) {
    case ClusterObjectState::NotCompared: return tr("Not compared");
    case ClusterObjectState::Clean: return tr("Clean");
    case ClusterObjectState::Drift:
        if (s.changedLines <= 0)
            return tr("Drift");
        return tr(s.changedLines == 1 ? "Drift: %1 changed line" : "Drift: %1 changed lines").arg(s.changedLines);
    case ClusterObjectState::Unmatched: return tr("Unmatched");
    case ClusterObjectState::SkippedByDoNotMatch: return tr("Skipped (doNotMatch)");
    case ClusterObjectState::RenderError: return tr("Render error");
    case ClusterObjectState::Manual: return tr("Manual");
    case ClusterObjectState::Patched: return tr("Patched");
    }
    return {};
}

} // namespace

const QList<ClusterObjectState> &clusterObjectStatesBySeverity()
{
    static const QList<ClusterObjectState> order{
        ClusterObjectState::RenderError, ClusterObjectState::Drift, ClusterObjectState::Unmatched,
        ClusterObjectState::SkippedByDoNotMatch, ClusterObjectState::Patched, ClusterObjectState::Manual,
        ClusterObjectState::Clean, ClusterObjectState::NotCompared};
    return order;
}

QString clusterObjectStateLabel(ClusterObjectState state)
{
    switch (state) {
    case ClusterObjectState::NotCompared: return tr("not compared");
    case ClusterObjectState::Clean: return tr("clean");
    case ClusterObjectState::Drift: return tr("drift");
    case ClusterObjectState::Unmatched: return tr("unmatched");
    case ClusterObjectState::SkippedByDoNotMatch: return tr("skipped");
    case ClusterObjectState::RenderError: return tr("render error");
    case ClusterObjectState::Manual: return tr("manual");
    case ClusterObjectState::Patched: return tr("patched");
    }
    return {};
}

QList<int> ClusterObjectStatus::states() const
{
    QList<int> out{static_cast<int>(state)};
    if (manual)
        out << static_cast<int>(ClusterObjectState::Manual);
    if (patched)
        out << static_cast<int>(ClusterObjectState::Patched);
    return out;
}

QString ClusterObjectStatus::text() const
{
    QString text = mainText(*this);
    const QString separator = QStringLiteral(" \u00b7 ");
    if (patched)
        text += separator + clusterObjectStateLabel(ClusterObjectState::Patched);
    if (manual)
        text += separator + clusterObjectStateLabel(ClusterObjectState::Manual);
    return text;
}

} // namespace ds::ui
