// SPDX-License-Identifier: Apache-2.0
#include "ReferenceTreeModel.h"

#include "ClusterObjectMime.h"
#include "StatusIcons.h"
#include "session/ComparisonSnapshot.h"

#include <QMimeData>

#include <functional>

namespace ds::ui {

struct ReferenceTreeModel::Node
{
    NodeKind kind = NodeKind::Part;
    Node *parent = nullptr;
    int row = 0;
    std::size_t part = 0;
    std::size_t component = 0;
    std::size_t templateIndex = 0;
    std::vector<std::unique_ptr<Node>> children;
    // groups: aggregated over the templates below
    StateCounts counts;
    int worstState = -1;
    int changedLines = 0;

    Node *addChild(NodeKind childKind)
    {
        auto child = std::make_unique<Node>();
        child->kind = childKind;
        child->parent = this;
        child->row = static_cast<int>(children.size());
        child->part = part;
        child->component = component;
        children.push_back(std::move(child));
        return children.back().get();
    }
};

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

int severityRank(int state)
{
    const auto &order = templateStatesBySeverity();
    const auto rank = order.indexOf(static_cast<TemplateState>(state));
    return rank < 0 ? static_cast<int>(order.size()) : static_cast<int>(rank);
}

int moreSevere(int a, int b)
{
    if (a < 0)
        return b;
    if (b < 0)
        return a;
    return severityRank(a) <= severityRank(b) ? a : b;
}

QString countsText(const StateCounts &counts)
{
    QStringList parts;
    for (TemplateState state : templateStatesBySeverity()) {
        const int n = counts.value(static_cast<int>(state));
        if (n > 0)
            parts << QStringLiteral("%1 %2").arg(n).arg(templateStateLabel(state));
    }
    return parts.join(QStringLiteral(", "));
}

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
    : QAbstractItemModel(parent), m_root(std::make_unique<Node>())
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
        updateStates();
        endResetModel();
        return;
    }
    m_snapshot = std::move(snapshot);
    updateStates();
    emitDataChanged(m_root.get());
}

void ReferenceTreeModel::rebuild()
{
    m_root = std::make_unique<Node>();
    m_templateNodes.clear();
    if (!m_snapshot || !m_snapshot->hasReference())
        return;
    const ref::Reference &reference = *m_snapshot->reference;
    m_templateNodes.assign(reference.templates.size(), nullptr);
    for (std::size_t p = 0; p < reference.parts.size(); ++p) {
        Node *part = m_root->addChild(NodeKind::Part);
        part->part = p;
        const auto &components = reference.parts[p].components;
        for (std::size_t c = 0; c < components.size(); ++c) {
            Node *component = part->addChild(NodeKind::Component);
            component->component = c;
            std::vector<std::size_t> templates = components[c].requiredTemplates;
            templates.insert(templates.end(), components[c].optionalTemplates.begin(),
                             components[c].optionalTemplates.end());
            for (std::size_t t : templates) {
                Node *leaf = component->addChild(NodeKind::Template);
                leaf->templateIndex = t;
                if (t < m_templateNodes.size())
                    m_templateNodes[t] = leaf;
            }
        }
    }
}

void ReferenceTreeModel::updateStates()
{
    m_index = m_snapshot ? ReportIndex(*m_snapshot) : ReportIndex();
    // Post-order: a group's numbers come from its children.
    const std::function<void(Node &)> aggregate = [&](Node &node) {
        node.counts.clear();
        node.worstState = -1;
        node.changedLines = 0;
        for (const auto &child : node.children) {
            if (child->kind == NodeKind::Template) {
                const TemplateStatus &s = m_index.templateStatus(child->templateIndex);
                for (int state : s.states())
                    node.counts[state] += 1;
                node.worstState = moreSevere(node.worstState, static_cast<int>(s.state));
                node.changedLines += s.changedLines;
                continue;
            }
            aggregate(*child);
            for (auto it = child->counts.cbegin(); it != child->counts.cend(); ++it)
                node.counts[it.key()] += it.value();
            node.worstState = moreSevere(node.worstState, child->worstState);
            node.changedLines += child->changedLines;
        }
    };
    aggregate(*m_root);
}

void ReferenceTreeModel::emitDataChanged(const Node *parent)
{
    if (parent->children.empty())
        return;
    emit dataChanged(indexOf(parent->children.front().get(), 0),
                     indexOf(parent->children.back().get(), ColumnCount - 1));
    for (const auto &child : parent->children)
        emitDataChanged(child.get());
}

ReferenceTreeModel::Node *ReferenceTreeModel::nodeOf(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this)
        return nullptr;
    return static_cast<Node *>(index.internalPointer());
}

QModelIndex ReferenceTreeModel::indexOf(const Node *node, int column) const
{
    if (!node || node == m_root.get())
        return {};
    return createIndex(node->row, column, const_cast<Node *>(node));
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

QModelIndex ReferenceTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount || parent.column() > 0)
        return {};
    const Node *p = parent.isValid() ? nodeOf(parent) : m_root.get();
    if (!p || row >= static_cast<int>(p->children.size()))
        return {};
    return createIndex(row, column, p->children[static_cast<std::size_t>(row)].get());
}

QModelIndex ReferenceTreeModel::parent(const QModelIndex &child) const
{
    const Node *node = nodeOf(child);
    return node ? indexOf(node->parent, 0) : QModelIndex();
}

int ReferenceTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.column() > 0)
        return 0;
    const Node *node = parent.isValid() ? nodeOf(parent) : m_root.get();
    return node ? static_cast<int>(node->children.size()) : 0;
}

int ReferenceTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant ReferenceTreeModel::data(const QModelIndex &index, int role) const
{
    const Node *node = nodeOf(index);
    if (!node)
        return {};
    const QVariant common = commonData(*node, role);
    if (common.isValid())
        return common;
    return node->kind == NodeKind::Template ? templateData(*node, index.column(), role)
                                            : groupData(*node, index.column(), role);
}

QVariant ReferenceTreeModel::commonData(const Node &node, int role) const
{
    switch (role) {
    case Qt::ToolTipRole: return tooltip(node);
    case ItemRole::IsLeaf: return node.kind == NodeKind::Template;
    case ItemRole::AlwaysVisible: return false;
    case ItemRole::Counted: return true;
    case ItemRole::NodeKind: return static_cast<int>(node.kind);
    case RuleRole: return node.kind == NodeKind::Part ? QVariant() : QVariant(rule(node));
    case DescriptionRole: return description(node);
    default: return {};
    }
}

QVariant ReferenceTreeModel::templateData(const Node &node, int column, int role) const
{
    const TemplateStatus &s = m_index.templateStatus(node.templateIndex);
    switch (role) {
    case Qt::DisplayRole: return column == NameColumn ? name(node) : s.text();
    case Qt::DecorationRole:
        return column == NameColumn ? QVariant(StatusIcons::forTemplate(s.state, s.manual)) : QVariant();
    case ItemRole::State: return static_cast<int>(s.state);
    case ItemRole::States: return QVariant::fromValue(s.states());
    case ItemRole::StateCounts: {
        StateCounts counts;
        for (int state : s.states())
            counts[state] = 1;
        return QVariant::fromValue(counts);
    }
    case ItemRole::FilterText:
        return QStringList{name(*node.parent->parent), name(*node.parent), name(node), description(node)}.join(
            QLatin1Char('\n'));
    case ItemRole::TemplatePath: return name(node);
    case ItemRole::Manual: return s.manual;
    case ItemRole::ChangedLines: return s.changedLines;
    case TemplateIndexRole: return static_cast<int>(node.templateIndex);
    case ClusterObjectIdsRole: return s.clusterObjectIds;
    case ValidationIssueRole: return s.issue;
    case MatchCountRole: return s.matchCount;
    case ErrorRole: return s.errors.join(QLatin1Char('\n'));
    default: return {};
    }
}

QVariant ReferenceTreeModel::groupData(const Node &node, int column, int role) const
{
    const report::ValidationIssue *issue = nullptr;
    if (node.kind == NodeKind::Component && m_snapshot) {
        const auto &part = m_snapshot->reference->parts[node.part];
        issue = m_index.componentIssue(*m_snapshot, part.name, part.components[node.component].name);
    }
    switch (role) {
    case Qt::DisplayRole:
        if (column == NameColumn)
            return name(node);
        return issue ? QStringLiteral("%1 \u2014 %2").arg(qs(issue->msg), summary(node)) : summary(node);
    case Qt::DecorationRole:
        if (column != NameColumn || node.worstState < 0)
            return {};
        return StatusIcons::forTemplate(static_cast<TemplateState>(node.worstState));
    case ItemRole::State: return node.worstState;
    case ItemRole::States: return QVariant::fromValue(QList<int>());
    case ItemRole::StateCounts: return QVariant::fromValue(node.counts);
    case ItemRole::FilterText: return name(node);
    case ItemRole::Manual: return node.counts.value(static_cast<int>(TemplateState::Manual)) > 0;
    case ItemRole::ChangedLines: return node.changedLines;
    case ValidationIssueRole: return issue ? qs(issue->msg) : QString();
    default: return {};
    }
}

QString ReferenceTreeModel::name(const Node &node) const
{
    const ref::Reference &reference = *m_snapshot->reference;
    const ref::Part &part = reference.parts[node.part];
    switch (node.kind) {
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
    switch (node.kind) {
    case NodeKind::Part: return qs(part.description);
    case NodeKind::Component: return qs(part.components[node.component].description);
    case NodeKind::Template: return qs(reference.templates[node.templateIndex].effectiveDescription);
    }
    return {};
}

QString ReferenceTreeModel::summary(const Node &node) const
{
    if (!m_index.hasReport()) {
        const int n = node.counts.value(static_cast<int>(TemplateState::NotCompared));
        return n == 1 ? tr("1 template") : tr("%1 templates").arg(n);
    }
    return countsText(node.counts);
}

QString ReferenceTreeModel::tooltip(const Node &node) const
{
    QStringList lines{name(node)};
    const QString text = description(node);
    if (!text.isEmpty())
        lines << text;
    if (node.kind == NodeKind::Template) {
        const TemplateStatus &s = m_index.templateStatus(node.templateIndex);
        lines << tr("Status: %1").arg(s.text());
        lines << tr("Component: %1 in %2").arg(name(*node.parent), name(*node.parent->parent));
        if (!s.issue.isEmpty())
            lines << tr("Validation: %1").arg(s.issue);
        if (!s.clusterObjectIds.isEmpty())
            lines << tr("Cluster CRs: %1").arg(s.clusterObjectIds.join(QStringLiteral(", ")));
        for (const QString &error : s.errors)
            lines << tr("Error: %1").arg(error);
        return lines.join(QLatin1Char('\n'));
    }
    if (node.kind == NodeKind::Component) {
        const auto &part = m_snapshot->reference->parts[node.part];
        const QString explanation = ruleExplanation(part.components[node.component]);
        if (!explanation.isEmpty())
            lines << tr("Rule: %1. %2").arg(rule(node), explanation);
        if (const auto *issue = m_index.componentIssue(*m_snapshot, part.name, part.components[node.component].name)) {
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
    const Node *node = nodeOf(index);
    if (!node)
        return Qt::NoItemFlags;
    const Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    return node->kind == NodeKind::Template ? f | Qt::ItemIsDropEnabled | Qt::ItemNeverHasChildren : f;
}

QHash<int, QByteArray> ReferenceTreeModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractItemModel::roleNames();
    names.insert({{ItemRole::State, "state"},
                  {ItemRole::States, "states"},
                  {ItemRole::StateCounts, "stateCounts"},
                  {ItemRole::FilterText, "filterText"},
                  {ItemRole::IsLeaf, "isLeaf"},
                  {ItemRole::NodeKind, "nodeKind"},
                  {ItemRole::TemplatePath, "templatePath"},
                  {ItemRole::Manual, "manual"},
                  {ItemRole::ChangedLines, "changedLines"},
                  {TemplateIndexRole, "templateIndex"},
                  {ClusterObjectIdsRole, "clusterObjectIds"},
                  {RuleRole, "rule"},
                  {ValidationIssueRole, "validationIssue"},
                  {DescriptionRole, "description"},
                  {MatchCountRole, "matchCount"},
                  {ErrorRole, "error"}});
    return names;
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
    const Node *node = nodeOf(parent);
    if (row != -1 || !node || node->kind != NodeKind::Template)
        return {};
    return name(*node);
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
