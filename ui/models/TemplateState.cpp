// SPDX-License-Identifier: Apache-2.0
#include "TemplateState.h"

#include <QCoreApplication>

namespace ds::ui {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("ds::ui::TemplateState", text);
}

QString count(int n, const char *one, const char *many)
{
    return tr(n == 1 ? one : many).arg(n);
}

QString mainText(const TemplateStatus &s)
{
    switch (s.state) {
    case TemplateState::NotCompared: return tr("Not compared");
    case TemplateState::Clean:
        if (s.byReferenceOnly && s.clusterObjectIds.isEmpty())
            return tr("Found by reference (content not validated)");
        return s.matchCount > 1 ? tr("Clean (%1 CRs)").arg(s.matchCount) : tr("Clean");
    case TemplateState::Drift: {
        QString text = s.changedLines > 0 ? tr("Drift: ") + count(s.changedLines, "%1 changed line", "%1 changed lines")
                                          : tr("Drift");
        if (s.driftedObjects > 1)
            text += tr(" in %1 CRs").arg(s.driftedObjects);
        return text;
    }
    case TemplateState::MissingRequired: return tr("Missing (required)");
    case TemplateState::NotPresent: return tr("Not present (optional)");
    case TemplateState::MatchedMoreThanAllowed: return tr("Matched more than allowed");
    case TemplateState::Patched: return tr("Patched");
    case TemplateState::RenderError: return tr("Render error");
    case TemplateState::Manual: return tr("Manual");
    }
    return {};
}

} // namespace

const QList<TemplateState> &templateStatesBySeverity()
{
    static const QList<TemplateState> order = [] {
        const auto &core = report::templateStatesBySeverity();
        return QList<TemplateState>(core.begin(), core.end());
    }();
    return order;
}

QString templateStateLabel(TemplateState state)
{
    switch (state) {
    case TemplateState::NotCompared: return tr("not compared");
    case TemplateState::Clean: return tr("clean");
    case TemplateState::Drift: return tr("drift");
    case TemplateState::MissingRequired: return tr("missing");
    case TemplateState::NotPresent: return tr("not present");
    case TemplateState::MatchedMoreThanAllowed: return tr("too many");
    case TemplateState::Patched: return tr("patched");
    case TemplateState::RenderError: return tr("render error");
    case TemplateState::Manual: return tr("manual");
    }
    return {};
}

QList<int> TemplateStatus::states() const
{
    QList<int> out{static_cast<int>(state)};
    if (manual)
        out << static_cast<int>(TemplateState::Manual);
    if (patched && state != TemplateState::Patched)
        out << static_cast<int>(TemplateState::Patched);
    return out;
}

QString TemplateStatus::text() const
{
    QString text = mainText(*this);
    const QString separator = QStringLiteral(" \u00b7 ");
    if (patched && state != TemplateState::Patched)
        text += separator + templateStateLabel(TemplateState::Patched);
    if (manual)
        text += separator + templateStateLabel(TemplateState::Manual);
    return text;
}

} // namespace ds::ui
