// SPDX-License-Identifier: Apache-2.0
#include "ReferenceTreeModel.h"

#include "ClusterObjectMime.h"
#include "StatusIcons.h"
#include "session/ComparisonSnapshot.h"
#include "session/ReportIndex.h"

#include <QMimeData>

namespace ds::ui {

struct ReferenceTreeModel::Node : StatusTreeModel::Node
{
    std::size_t part = 0;
    std::size_t component = 0;
    std::size_t templateIndex = 0;
};

namespace {

QString ruleExplanation(const ref::Component &c)
{
    switch (c.rule) {
    case ref::ComponentRule::V1:
        if (c.type == "Required")
            return ReferenceTreeModel::tr("Every required template must match.");
        if (c.type == "Optional")
            return ReferenceTreeModel::tr("Required templates are reported missing only when some of them match.");
        return {};
    case ref::ComponentRule::AllOf: return ReferenceTreeModel::tr("Every template must match.");
    case ref::ComponentRule::OneOf: return ReferenceTreeModel::tr("Exactly one template must match.");
    case ref::ComponentRule::AnyOf: return ReferenceTreeModel::tr("Any number of templates may match.");
    case ref::ComponentRule::AnyOneOf: return ReferenceTreeModel::tr("At most one template may match.");
    case ref::ComponentRule::NoneOf: return ReferenceTreeModel::tr("No template may match.");
    case ref::ComponentRule::AllOrNoneOf: return ReferenceTreeModel::tr("Either every template matches or none.");
    }
    return {};
}

} // namespace

ReferenceTreeModel::ReferenceTreeModel(QObject *parent)
    : StatusTreeModel(ColumnCount, stateValues(templateStatesBySeverity()), static_cast<int>(TemplateState::Manual), parent)
{
}

ReferenceTreeModel::~ReferenceTreeModel() = default;

void ReferenceTreeModel::setSnapshot(std::shared_ptr<const ComparisonSnapshot> snapshot)
{
    const bool sameReference = m_snapshot && snapshot && m_snapshot->reference == snapshot->reference;
    if (!sameReference) {
        beginResetModel();
        m_snapshot = std::move(snapshot);
        rebuild();
        aggregateStates();
        endResetModel();
        return;
    }
    m_snapshot = std::move(snapshot);
    aggregateStates();
    emitDataChanged();
}

void ReferenceTreeModel::rebuild()
{
    clearTree();
    m_templateNodes.clear();
    if (!m_snapshot || !m_snapshot->hasReference())
        return;
    const ref::Reference &reference = *m_snapshot->reference;
    m_templateNodes.assign(reference.templates.size(), nullptr);
    for (std::size_t p = 0; p < reference.parts.size(); ++p) {
        Node *part = addChild<Node>(root(), int(NodeKind::Part), false);
        part->part = p;
        const auto &components = reference.parts[p].components;
        for (std::size_t c = 0; c < components.size(); ++c) {
            Node *component = addChild<Node>(*part, int(NodeKind::Component), false);
            component->part = p;
            component->component = c;
            std::vector<std::size_t> templates = components[c].requiredTemplates;
            templates.insert(templates.end(), components[c].optionalTemplates.begin(),
                             components[c].optionalTemplates.end());
            for (std::size_t t : templates) {
                Node *leaf = addChild<Node>(*component, int(NodeKind::Template), true);
                leaf->part = p;
                leaf->component = c;
                leaf->templateIndex = t;
                if (t < m_templateNodes.size())
                    m_templateNodes[t] = leaf;
            }
        }
    }
}

StatusTreeModel::LeafStatus ReferenceTreeModel::leafStatus(const StatusTreeModel::Node &leaf) const
{
    const report::TemplateStatus &s = lookup().templateStatus(as<Node>(leaf).templateIndex);
    return {stateList(s), s.changedLines};
}

QModelIndex ReferenceTreeModel::indexForTemplate(std::size_t templateIndex, int column) const
{
    return templateIndex < m_templateNodes.size() ? indexOf(m_templateNodes[templateIndex], column) : QModelIndex();
}

QModelIndex ReferenceTreeModel::indexForTemplate(const QString &path, int column) const
{
    if (!m_snapshot || !m_snapshot->hasReference())
        return {};
    const std::string wanted = path.toStdString();
    const auto &templates = m_snapshot->reference->templates;
    for (std::size_t i = 0; i < templates.size(); ++i)
        if (templates[i].path == wanted)
            return indexForTemplate(i, column);
    return {};
}

QVariant ReferenceTreeModel::data(const QModelIndex &index, int role) const
{
    const StatusTreeModel::Node *base = nodeOf(index);
    if (!base)
        return {};
    const Node &node = as<Node>(*base);
    if (const QVariant common = commonData(node, role); common.isValid())
        return common;
    if (const QVariant shared = statusData(node, role); shared.isValid())
        return shared;
    return node.leaf ? templateData(node, index.column(), role) : groupData(node, index.column(), role);
}

QVariant ReferenceTreeModel::commonData(const Node &node, int role) const
{
    switch (role) {
    case Qt::ToolTipRole: return tooltip(node);
    case ItemRole::AlwaysVisible: return false;
    case ItemRole::Counted: return true;
    case RuleRole: return node.kind == int(NodeKind::Part) ? QVariant() : QVariant(rule(node));
    case DescriptionRole: return description(node);
    default: return {};
    }
}

QVariant ReferenceTreeModel::templateData(const Node &node, int column, int role) const
{
    const report::TemplateStatus &s = lookup().templateStatus(node.templateIndex);
    switch (role) {
    case Qt::DisplayRole: return column == NameColumn ? name(node) : displayText(s);
    case Qt::DecorationRole:
        return column == NameColumn ? QVariant(StatusIcons::forTemplate(s.state, s.manual)) : QVariant();
    case ItemRole::FilterText:
        return QStringList{name(as<Node>(*node.parent->parent)), name(as<Node>(*node.parent)), name(node), description(node)}
            .join(QLatin1Char('\n'));
    case ItemRole::TemplatePath: return name(node);
    case TemplateIndexRole: return static_cast<int>(node.templateIndex);
    case ClusterObjectIdsRole: return qsList(s.clusterObjectIds);
    case ValidationIssueRole: return qs(s.issue);
    case MatchCountRole: return s.matchCount;
    case ErrorRole: return qsList(s.errors).join(QLatin1Char('\n'));
    default: return {};
    }
}

const report::ValidationIssue *ReferenceTreeModel::componentIssue(const Node &node) const
{
    if (node.kind != int(NodeKind::Component) || !m_snapshot)
        return nullptr;
    const auto &part = m_snapshot->reference->parts[node.part];
    return lookup().componentIssue(part.name, part.components[node.component].name);
}

QVariant ReferenceTreeModel::groupData(const Node &node, int column, int role) const
{
    const report::ValidationIssue *issue = componentIssue(node);
    switch (role) {
    case Qt::DisplayRole:
        if (column == NameColumn)
            return name(node);
        if (!issue)
            return summary(node);
        // With cluster data missing, "Missing CRs" may only mean "not read".
        if (m_snapshot->report && !m_snapshot->report->inputErrors.empty())
            return tr("%1, not verified (cluster data incomplete) \u2014 %2").arg(qs(issue->msg), summary(node));
        return QStringLiteral("%1 \u2014 %2").arg(qs(issue->msg), summary(node));
    case Qt::DecorationRole:
        if (column != NameColumn || node.worstState < 0)
            return {};
        return StatusIcons::forTemplate(static_cast<TemplateState>(node.worstState));
    case ItemRole::FilterText: return name(node);
    case ValidationIssueRole: return issue ? qs(issue->msg) : QString();
    default: return {};
    }
}

QString ReferenceTreeModel::name(const Node &node) const
{
    const ref::Reference &reference = *m_snapshot->reference;
    const ref::Part &part = reference.parts[node.part];
    switch (NodeKind(node.kind)) {
    case NodeKind::Part: return qs(part.name);
    case NodeKind::Component: {
        const QString rule = this->rule(node);
        const QString name = qs(part.components[node.component].name);
        return rule.isEmpty() ? name : tr("%1 (%2)").arg(name, rule);
    }
    case NodeKind::Template: return qs(reference.templates[node.templateIndex].path);
    }
    return {};
}

QString ReferenceTreeModel::rule(const Node &node) const
{
    const ref::Component &c = m_snapshot->reference->parts[node.part].components[node.component];
    return c.rule == ref::ComponentRule::V1 ? qs(c.type) : QString::fromLatin1(ref::componentRuleName(c.rule));
}

QString ReferenceTreeModel::description(const Node &node) const
{
    const ref::Reference &reference = *m_snapshot->reference;
    const ref::Part &part = reference.parts[node.part];
    switch (NodeKind(node.kind)) {
    case NodeKind::Part: return qs(part.description);
    case NodeKind::Component: return qs(part.components[node.component].description);
    case NodeKind::Template: return qs(reference.templates[node.templateIndex].effectiveDescription);
    }
    return {};
}

QString ReferenceTreeModel::summary(const Node &node) const
{
    if (!lookup().hasReport()) {
        const int n = node.counts.value(static_cast<int>(TemplateState::NotCompared));
        return n == 1 ? tr("1 template") : tr("%1 templates").arg(n);
    }
    return countsText(node.counts,
                      [](int state) { return templateStateLabel(static_cast<TemplateState>(state)); });
}

QString ReferenceTreeModel::tooltip(const Node &node) const
{
    QStringList lines{name(node)};
    const QString text = description(node);
    if (!text.isEmpty())
        lines << text;
    if (node.leaf) {
        const report::TemplateStatus &s = lookup().templateStatus(node.templateIndex);
        lines << tr("Status: %1").arg(displayText(s));
        lines << tr("Component: %1 in %2").arg(name(as<Node>(*node.parent)), name(as<Node>(*node.parent->parent)));
        if (!s.issue.empty())
            lines << tr("Validation: %1").arg(qs(s.issue));
        if (s.unverified)
            lines << tr("Not verified: part of the cluster data could not be read, so its CR may be there unread.");
        if (!s.clusterObjectIds.empty())
            lines << tr("Cluster CRs: %1").arg(qsList(s.clusterObjectIds).join(QStringLiteral(", ")));
        for (const std::string &error : s.errors)
            lines << tr("Error: %1").arg(qs(error));
        for (const std::string &id : s.clusterObjectIds)
            if (const QString reasons = overrideReasonsText(lookup().result(id)); !reasons.isEmpty())
                lines << tr("%1: %2").arg(qs(id), reasons);
        return lines.join(QLatin1Char('\n'));
    }
    if (node.kind == int(NodeKind::Component)) {
        const auto &part = m_snapshot->reference->parts[node.part];
        const QString explanation = ruleExplanation(part.components[node.component]);
        if (!explanation.isEmpty())
            lines << tr("Rule: %1. %2").arg(rule(node), explanation);
        if (const auto *issue = componentIssue(node)) {
            QStringList crs;
            for (const auto &cr : issue->crs)
                crs << qs(cr);
            lines << tr("Validation issue: %1: %2").arg(qs(issue->msg), crs.join(QStringLiteral(", ")));
        }
    }
    const QString counts = summary(node);
    if (!counts.isEmpty())
        lines << counts;
    return lines.join(QLatin1Char('\n'));
}

QVariant ReferenceTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn: return tr("Reference");
    case StatusColumn: return tr("Status");
    default: return {};
    }
}

Qt::ItemFlags ReferenceTreeModel::flags(const QModelIndex &index) const
{
    const StatusTreeModel::Node *node = nodeOf(index);
    if (!node)
        return Qt::NoItemFlags;
    const Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    return node->leaf ? f | Qt::ItemIsDropEnabled | Qt::ItemNeverHasChildren : f;
}

QHash<int, QByteArray> ReferenceTreeModel::roleNames() const
{
    return withRoleNames({{TemplateIndexRole, "templateIndex"},
                          {ClusterObjectIdsRole, "clusterObjectIds"},
                          {RuleRole, "rule"},
                          {ValidationIssueRole, "validationIssue"},
                          {DescriptionRole, "description"},
                          {MatchCountRole, "matchCount"},
                          {ErrorRole, "error"}});
}

QStringList ReferenceTreeModel::mimeTypes() const
{
    return {ClusterObjectMime::type()};
}

Qt::DropActions ReferenceTreeModel::supportedDropActions() const
{
    return Qt::CopyAction | Qt::LinkAction;
}

QString ReferenceTreeModel::dropTarget(int row, const QModelIndex &parent) const
{
    // Only drops onto a template row; between rows the target would be ambiguous.
    const StatusTreeModel::Node *node = nodeOf(parent);
    if (row != -1 || !node || !node->leaf)
        return {};
    return name(as<Node>(*node));
}

bool ReferenceTreeModel::canDropMimeData(const QMimeData *data, Qt::DropAction action, int row, int,
                                         const QModelIndex &parent) const
{
    if (action != Qt::CopyAction && action != Qt::LinkAction)
        return false;
    return !dropTarget(row, parent).isEmpty() && !ClusterObjectMime::decode(data).isEmpty();
}

bool ReferenceTreeModel::dropMimeData(const QMimeData *data, Qt::DropAction action, int row, int column,
                                      const QModelIndex &parent)
{
    if (!canDropMimeData(data, action, row, column, parent))
        return false;
    emit correlationRequested(ClusterObjectMime::decode(data), dropTarget(row, parent));
    return true;
}

} // namespace ds::ui
