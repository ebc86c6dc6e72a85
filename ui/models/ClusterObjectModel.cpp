// SPDX-License-Identifier: Apache-2.0
#include "ClusterObjectModel.h"

#include "ClusterObjectMime.h"
#include "StatusIcons.h"
#include "session/ComparisonSnapshot.h"

#include <QMimeData>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <tuple>

namespace ds::ui {

struct ClusterObjectModel::Node
{
    NodeKind kind = NodeKind::ApiGroup;
    Node *parent = nullptr;
    int row = 0;
    QString label;
    std::string id;      // CR rows
    int object = -1;     // CR rows: index into the snapshot's objects
    bool repeated = false; // CR rows under the Unmatched group
    QString detail;      // kind rows: the apiVersion
    QString kindName;    // kind rows
    std::vector<std::unique_ptr<Node>> children;
    // groups: aggregated over the CR rows below
    StateCounts counts;
    int worstState = -1;
    int objectCount = 0;

    Node *addChild(NodeKind childKind, QString childLabel)
    {
        auto child = std::make_unique<Node>();
        child->kind = childKind;
        child->parent = this;
        child->row = static_cast<int>(children.size());
        child->label = std::move(childLabel);
        children.push_back(std::move(child));
        return children.back().get();
    }
};

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

// Where a CR goes in the tree; sorting these gives the tree order.
struct Placement
{
    bool notCore = false;
    QString group;
    QString kind;
    QString version;
    bool clusterScoped = false; // after the namespaces of its kind
    QString ns;
    QString name;
    std::size_t object = 0;

    auto key() const { return std::tie(notCore, group, kind, version, clusterScoped, ns, name, object); }
};

Placement placementOf(const input::ClusterObject &object, std::size_t index)
{
    Placement p;
    const QString apiVersion = qs(input::stringField(object.object, {"apiVersion"}));
    const qsizetype slash = apiVersion.indexOf(QLatin1Char('/'));
    p.group = slash < 0 ? QStringLiteral("core") : apiVersion.left(slash);
    p.notCore = slash >= 0;
    p.version = slash < 0 ? apiVersion : apiVersion.mid(slash + 1);
    p.kind = qs(input::stringField(object.object, {"kind"}));
    p.ns = qs(input::stringField(object.object, {"metadata", "namespace"}));
    p.clusterScoped = p.ns.isEmpty();
    p.name = qs(input::stringField(object.object, {"metadata", "name"}));
    p.object = index;
    return p;
}

int severityRank(int state)
{
    const auto &order = clusterObjectStatesBySeverity();
    const auto rank = order.indexOf(static_cast<ClusterObjectState>(state));
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
    for (ClusterObjectState state : clusterObjectStatesBySeverity()) {
        const int n = counts.value(static_cast<int>(state));
        if (n > 0)
            parts << QStringLiteral("%1 %2").arg(n).arg(clusterObjectStateLabel(state));
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace

ClusterObjectModel::ClusterObjectModel(QObject *parent) : QAbstractItemModel(parent)
{
    rebuild();
}

ClusterObjectModel::~ClusterObjectModel() = default;

void ClusterObjectModel::setSnapshot(std::shared_ptr<const ComparisonSnapshot> snapshot)
{
    const bool sameObjects = m_snapshot && snapshot && m_snapshot->objects == snapshot->objects;
    if (!sameObjects) {
        beginResetModel();
        m_snapshot = std::move(snapshot);
        m_index = m_snapshot ? ReportIndex(*m_snapshot) : ReportIndex();
        rebuild();
        fillUnmatched(unmatchedIds());
        updateStates();
        endResetModel();
        return;
    }
    m_snapshot = std::move(snapshot);
    m_index = ReportIndex(*m_snapshot);
    replaceUnmatched(unmatchedIds());
    updateStates();
    emitDataChanged(m_root.get());
}

void ClusterObjectModel::rebuild()
{
    m_root = std::make_unique<Node>();
    m_byId.clear();
    m_objectIndex.clear();
    m_unmatched = m_root->addChild(NodeKind::UnmatchedGroup, tr("Unmatched"));
    if (!m_snapshot || !m_snapshot->objects)
        return;
    std::vector<std::size_t> order;
    const auto &objects = *m_snapshot->objects;
    for (std::size_t i = 0; i < objects.size(); ++i)
        if (m_objectIndex.emplace(objects[i].id, static_cast<int>(i)).second) // the first of an id wins
            order.push_back(i);
    addObjects(order);
}

void ClusterObjectModel::addObjects(const std::vector<std::size_t> &order)
{
    const auto &objects = *m_snapshot->objects;
    std::vector<Placement> placements;
    std::map<std::pair<QString, QString>, std::set<QString>> versions; // (group, kind) → versions
    for (std::size_t i : order) {
        placements.push_back(placementOf(objects[i], i));
        versions[{placements.back().group, placements.back().kind}].insert(placements.back().version);
    }
    std::sort(placements.begin(), placements.end(),
              [](const Placement &a, const Placement &b) { return a.key() < b.key(); });
    Node *group = nullptr;
    Node *kind = nullptr;
    Node *ns = nullptr;
    for (const Placement &p : placements) {
        if (!group || group->label != p.group) {
            group = m_root->addChild(NodeKind::ApiGroup, p.group);
            kind = nullptr;
        }
        const QString apiVersion = p.notCore ? p.group + QLatin1Char('/') + p.version : p.version;
        if (!kind || kind->detail != apiVersion || kind->kindName != p.kind) {
            const bool versioned = versions[{p.group, p.kind}].size() > 1;
            kind = group->addChild(NodeKind::Kind, versioned ? tr("%1 (%2)").arg(p.kind, p.version) : p.kind);
            kind->detail = apiVersion;
            kind->kindName = p.kind;
            ns = nullptr;
        }
        Node *parent = kind;
        if (!p.clusterScoped) {
            if (!ns || ns->label != p.ns)
                ns = kind->addChild(NodeKind::Namespace, p.ns);
            parent = ns;
        }
        const input::ClusterObject &object = objects[p.object];
        Node *leaf = parent->addChild(NodeKind::ClusterObject, p.name.isEmpty() ? qs(object.id) : p.name);
        leaf->id = object.id;
        leaf->object = static_cast<int>(p.object);
        m_byId[object.id] = leaf;
    }
}

std::vector<std::string> ClusterObjectModel::unmatchedIds() const
{
    if (!m_snapshot || !m_snapshot->hasReport())
        return {};
    return m_snapshot->report->unmatchedAll;
}

void ClusterObjectModel::fillUnmatched(const std::vector<std::string> &ids)
{
    for (const std::string &id : ids) {
        Node *leaf = m_unmatched->addChild(NodeKind::ClusterObject, qs(id));
        leaf->id = id;
        leaf->repeated = true;
        const auto it = m_objectIndex.find(id);
        leaf->object = it == m_objectIndex.end() ? -1 : it->second;
    }
}

void ClusterObjectModel::replaceUnmatched(const std::vector<std::string> &ids)
{
    std::vector<std::string> current;
    for (const auto &child : m_unmatched->children)
        current.push_back(child->id);
    if (current == ids)
        return;
    const QModelIndex group = unmatchedGroupIndex();
    if (!current.empty()) {
        beginRemoveRows(group, 0, static_cast<int>(current.size()) - 1);
        m_unmatched->children.clear();
        endRemoveRows();
    }
    if (!ids.empty()) {
        beginInsertRows(group, 0, static_cast<int>(ids.size()) - 1);
        fillUnmatched(ids);
        endInsertRows();
    }
}

void ClusterObjectModel::updateStates()
{
    const std::function<void(Node &)> aggregate = [&](Node &node) {
        node.counts.clear();
        node.worstState = -1;
        node.objectCount = 0;
        for (const auto &child : node.children) {
            if (child->kind == NodeKind::ClusterObject) {
                const ClusterObjectStatus &s = m_index.objectStatus(child->id);
                for (int state : s.states())
                    node.counts[state] += 1;
                node.worstState = moreSevere(node.worstState, static_cast<int>(s.state));
                node.objectCount += 1;
                continue;
            }
            aggregate(*child);
            for (auto it = child->counts.cbegin(); it != child->counts.cend(); ++it)
                node.counts[it.key()] += it.value();
            node.worstState = moreSevere(node.worstState, child->worstState);
            node.objectCount += child->objectCount;
        }
    };
    aggregate(*m_root);
}

void ClusterObjectModel::emitDataChanged(const Node *parent)
{
    if (parent->children.empty())
        return;
    emit dataChanged(indexOf(parent->children.front().get(), 0),
                     indexOf(parent->children.back().get(), ColumnCount - 1));
    for (const auto &child : parent->children)
        emitDataChanged(child.get());
}

ClusterObjectModel::Node *ClusterObjectModel::nodeOf(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this)
        return nullptr;
    return static_cast<Node *>(index.internalPointer());
}

QModelIndex ClusterObjectModel::indexOf(const Node *node, int column) const
{
    if (!node || node == m_root.get())
        return {};
    return createIndex(node->row, column, const_cast<Node *>(node));
}

QModelIndex ClusterObjectModel::indexForObject(const QString &id, int column) const
{
    const auto it = m_byId.find(id.toStdString());
    return it == m_byId.end() ? QModelIndex() : indexOf(it->second, column);
}

QModelIndex ClusterObjectModel::unmatchedGroupIndex(int column) const
{
    return indexOf(m_unmatched, column);
}

QModelIndex ClusterObjectModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount || parent.column() > 0)
        return {};
    const Node *p = parent.isValid() ? nodeOf(parent) : m_root.get();
    if (!p || row >= static_cast<int>(p->children.size()))
        return {};
    return createIndex(row, column, p->children[static_cast<std::size_t>(row)].get());
}

QModelIndex ClusterObjectModel::parent(const QModelIndex &child) const
{
    const Node *node = nodeOf(child);
    return node ? indexOf(node->parent, 0) : QModelIndex();
}

int ClusterObjectModel::rowCount(const QModelIndex &parent) const
{
    if (parent.column() > 0)
        return 0;
    const Node *node = parent.isValid() ? nodeOf(parent) : m_root.get();
    return node ? static_cast<int>(node->children.size()) : 0;
}

int ClusterObjectModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant ClusterObjectModel::data(const QModelIndex &index, int role) const
{
    const Node *node = nodeOf(index);
    if (!node)
        return {};
    switch (role) {
    case Qt::ToolTipRole: return tooltip(*node);
    case ItemRole::IsLeaf: return node->kind == NodeKind::ClusterObject;
    case ItemRole::AlwaysVisible: return node->kind == NodeKind::UnmatchedGroup;
    case ItemRole::Counted: return !node->repeated;
    case ItemRole::NodeKind: return static_cast<int>(node->kind);
    default: break;
    }
    return node->kind == NodeKind::ClusterObject ? objectData(*node, index.column(), role)
                                                 : groupData(*node, index.column(), role);
}

QVariant ClusterObjectModel::objectData(const Node &node, int column, int role) const
{
    const ClusterObjectStatus &s = m_index.objectStatus(node.id);
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn: return node.label;
        case StatusColumn: return s.text();
        case TemplateColumn: return s.templatePath.isEmpty() ? s.candidates.join(QStringLiteral(", ")) : s.templatePath;
        }
        return {};
    case Qt::DecorationRole:
        return column == NameColumn ? QVariant(StatusIcons::forClusterObject(s.state, s.manual)) : QVariant();
    case ItemRole::State: return static_cast<int>(s.state);
    case ItemRole::States: return QVariant::fromValue(s.states());
    case ItemRole::StateCounts: {
        StateCounts counts;
        for (int state : s.states())
            counts[state] = 1;
        return QVariant::fromValue(counts);
    }
    case ItemRole::FilterText: return qs(node.id) + QLatin1Char('\n') + s.templatePath;
    case ItemRole::TemplatePath: return s.templatePath;
    case ItemRole::Manual: return s.manual;
    case ItemRole::ChangedLines: return s.changedLines;
    case ClusterObjectIdRole: return qs(node.id);
    case ObjectIndexRole: return node.object;
    case SourceRole:
        return node.object < 0 ? QString() : qs((*m_snapshot->objects)[static_cast<std::size_t>(node.object)].source);
    case ErrorRole: return s.error;
    default: return {};
    }
}

QVariant ClusterObjectModel::groupData(const Node &node, int column, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
        if (column == NameColumn)
            return node.label;
        return column == StatusColumn ? summary(node) : QString();
    case Qt::DecorationRole:
        if (column != NameColumn)
            return {};
        if (node.kind == NodeKind::UnmatchedGroup)
            return StatusIcons::forClusterObject(ClusterObjectState::Unmatched);
        if (node.worstState < 0)
            return {};
        return StatusIcons::forClusterObject(static_cast<ClusterObjectState>(node.worstState));
    case ItemRole::State: return node.worstState;
    case ItemRole::States: return QVariant::fromValue(QList<int>());
    case ItemRole::StateCounts: return QVariant::fromValue(node.counts);
    case ItemRole::FilterText: return node.label;
    case ItemRole::Manual: return node.counts.value(static_cast<int>(ClusterObjectState::Manual)) > 0;
    default: return {};
    }
}

QString ClusterObjectModel::summary(const Node &node) const
{
    const QString total = node.objectCount == 1 ? tr("1 CR") : tr("%1 CRs").arg(node.objectCount);
    if (!m_index.hasReport() || node.objectCount == 0)
        return total;
    return tr("%1: %2").arg(total, countsText(node.counts));
}

QString ClusterObjectModel::tooltip(const Node &node) const
{
    if (node.kind == NodeKind::UnmatchedGroup)
        return tr("CRs no template of the reference correlated with (%1)").arg(summary(node));
    if (node.kind != NodeKind::ClusterObject)
        return node.detail.isEmpty() ? summary(node) : tr("%1\n%2").arg(node.detail, summary(node));
    const ClusterObjectStatus &s = m_index.objectStatus(node.id);
    QStringList lines{qs(node.id), tr("Status: %1").arg(s.text())};
    if (!s.templatePath.isEmpty())
        lines << tr("Template: %1").arg(s.templatePath);
    if (!s.candidates.isEmpty())
        lines << tr("Compared with: %1").arg(s.candidates.join(QStringLiteral(", ")));
    if (!s.error.isEmpty())
        lines << tr("Error: %1").arg(s.error);
    if (node.object >= 0)
        lines << tr("Source: %1").arg(qs((*m_snapshot->objects)[static_cast<std::size_t>(node.object)].source));
    return lines.join(QLatin1Char('\n'));
}

QVariant ClusterObjectModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn: return tr("Cluster CR");
    case StatusColumn: return tr("Status");
    case TemplateColumn: return tr("Template");
    default: return {};
    }
}

Qt::ItemFlags ClusterObjectModel::flags(const QModelIndex &index) const
{
    const Node *node = nodeOf(index);
    if (!node)
        return Qt::NoItemFlags;
    const Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    return node->kind == NodeKind::ClusterObject ? f | Qt::ItemIsDragEnabled | Qt::ItemNeverHasChildren : f;
}

QHash<int, QByteArray> ClusterObjectModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractItemModel::roleNames();
    names.insert({{ItemRole::State, "state"},
                  {ItemRole::States, "states"},
                  {ItemRole::StateCounts, "stateCounts"},
                  {ItemRole::FilterText, "filterText"},
                  {ItemRole::IsLeaf, "isLeaf"},
                  {ItemRole::AlwaysVisible, "alwaysVisible"},
                  {ItemRole::Counted, "counted"},
                  {ItemRole::NodeKind, "nodeKind"},
                  {ItemRole::TemplatePath, "templatePath"},
                  {ItemRole::Manual, "manual"},
                  {ItemRole::ChangedLines, "changedLines"},
                  {ClusterObjectIdRole, "clusterObjectId"},
                  {ObjectIndexRole, "objectIndex"},
                  {SourceRole, "source"},
                  {ErrorRole, "error"}});
    return names;
}

QStringList ClusterObjectModel::mimeTypes() const
{
    return {ClusterObjectMime::type()};
}

QMimeData *ClusterObjectModel::mimeData(const QModelIndexList &indexes) const
{
    QStringList ids;
    for (const QModelIndex &index : indexes) {
        const Node *node = nodeOf(index);
        if (node && node->kind == NodeKind::ClusterObject)
            ids << qs(node->id);
    }
    ids.removeDuplicates();
    return ids.isEmpty() ? nullptr : ClusterObjectMime::encode(ids);
}

Qt::DropActions ClusterObjectModel::supportedDragActions() const
{
    return Qt::CopyAction | Qt::LinkAction;
}

} // namespace ds::ui
