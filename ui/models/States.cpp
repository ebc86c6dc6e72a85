// SPDX-License-Identifier: Apache-2.0
#include "States.h"

#include <QCoreApplication>

namespace ds::ui {

namespace {

template <class State>
QList<State> toQList(const std::vector<State> &states)
{
    return QList<State>(states.begin(), states.end());
}

template <class Status>
StateInts toInts(const Status &status)
{
    StateInts out;
    for (const auto state : report::statesOf(status))
        out << static_cast<int>(state);
    return out;
}

} // namespace

const QList<TemplateState> &templateStatesBySeverity()
{
    static const QList<TemplateState> order = toQList(report::templateStatesBySeverity());
    return order;
}

const QList<ClusterObjectState> &clusterObjectStatesBySeverity()
{
    static const QList<ClusterObjectState> order = toQList(report::crStatesBySeverity());
    return order;
}

QString templateStateLabel(TemplateState state)
{
    return QString::fromStdString(report::stateLabel(state));
}

QString clusterObjectStateLabel(ClusterObjectState state)
{
    return QString::fromStdString(report::stateLabel(state));
}

StateInts stateList(const report::TemplateStatus &status)
{
    return toInts(status);
}

StateInts stateList(const report::CrStatus &status)
{
    return toInts(status);
}

QStringList qsList(const std::vector<std::string> &items)
{
    QStringList out;
    out.reserve(static_cast<qsizetype>(items.size()));
    for (const std::string &item : items)
        out << QString::fromStdString(item);
    return out;
}

QString displayText(const report::TemplateStatus &status)
{
    return QString::fromStdString(report::statusText(status));
}

QString displayText(const report::CrStatus &status)
{
    return QString::fromStdString(report::statusText(status));
}

QString overrideReasonsText(const report::CrResult *result)
{
    if (!result || result->overrideReasons.empty())
        return {};
    return QCoreApplication::translate("States", "Accepted by user overrides: %1")
        .arg(qsList(result->overrideReasons).join(QStringLiteral("; ")));
}

} // namespace ds::ui
