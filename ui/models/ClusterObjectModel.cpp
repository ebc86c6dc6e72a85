// SPDX-License-Identifier: Apache-2.0
#include "ClusterObjectModel.h"

#include "ClusterObjectMime.h"
#include "StatusIcons.h"
#include "session/ComparisonSnapshot.h"
#include "session/ReportIndex.h"
#include "session/ReviewDocument.h"

#include <QMimeData>

#include <algorithm>
#include <climits>
#include <map>
#include <set>
#include <tuple>

namespace ds::ui {

struct ClusterObjectModel::Node : StatusTreeModel::Node
{
    QString label;         // group rows (CR rows name their object: see name())
    // CR rows: the object's id, kept by the snapshot's objects, which the rows
    // live no longer than (other objects reset the model).
    const std::string *objectId = nullptr;
    int object = -1;       // CR rows: index into the snapshot's objects
    bool repeated = false; // CR rows under the Unmatched group
    // CR rows: the state, looked up once per snapshot (the views ask for it
    // on every paint and the filter on every keystroke).
    const report::CrStatus *status = nullptr;

    const std::string &id() const
    {
        static const std::string none;
        return objectId ? *objectId : none;
    }
};

namespace {

// Where a CR goes in the tree; sorting these gives the tree order. The
// strings are the object's own (the snapshot keeps them): 50,000 CRs are
// placed without making a string each.
struct Placement
{
    bool notCore = false;
    std::string_view group;
    std::string_view kind;
    std::string_view version;
    bool clusterScoped = false; // after the namespaces of its kind
    std::string_view ns;
    std::string_view name;
    std::size_t object = 0;

    auto key() const { return std::tie(notCore, group, kind, version, clusterScoped, ns, name, object); }
};

std::string_view stringAt(const Value &object, std::initializer_list<std::string_view> path)
{
    const Value *v = object.find(path);
    return v && v->isString() ? std::string_view(v->str()) : std::string_view();
}

Placement placementOf(const input::ClusterObject &object, std::size_t index)
{
    Placement p;
    const std::string_view apiVersion = stringAt(object.object, {"apiVersion"});
    const std::size_t slash = apiVersion.find('/');
    p.notCore = slash != std::string_view::npos;
    p.group = p.notCore ? apiVersion.substr(0, slash) : std::string_view("core");
    p.version = p.notCore ? apiVersion.substr(slash + 1) : apiVersion;
    p.kind = stringAt(object.object, {"kind"});
    p.ns = stringAt(object.object, {"metadata", "namespace"});
    p.clusterScoped = p.ns.empty();
    p.name = stringAt(object.object, {"metadata", "name"});
    p.object = index;
    return p;
}

// The same CRs at the same rows: read again (Reload from Disk after one file
// changed), each CR either shares its data with the one shown or sits where it
// did. The rows stay; only what they show changes.
bool sameRows(const std::vector<input::ClusterObject> &shown, const std::vector<input::ClusterObject> &now)
{
    if (shown.size() != now.size())
        return false;
    for (std::size_t i = 0; i < now.size(); ++i) {
        if (shown[i].id != now[i].id)
            return false;
        if (shown[i].object.identity() != now[i].object.identity()
            && placementOf(shown[i], i).key() != placementOf(now[i], i).key())
            return false;
    }
    return true;
}

QString qsv(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

} // namespace

ClusterObjectModel::ClusterObjectModel(QObject *parent)
    : StatusTreeModel(ColumnCount, stateValues(clusterObjectStatesBySeverity()), static_cast<int>(ClusterObjectState::Manual), parent)
{
    rebuild();
}

ClusterObjectModel::~ClusterObjectModel() = default;

void ClusterObjectModel::setSnapshot(std::shared_ptr<const ComparisonSnapshot> snapshot)
{
    const bool sameObjects = m_snapshot && snapshot
        && (m_snapshot->objects == snapshot->objects
            || (m_snapshot->objects && snapshot->objects && sameRows(*m_snapshot->objects, *snapshot->objects)));
    if (!sameObjects) {
        beginResetModel();
        m_snapshot = std::move(snapshot);
        rebuild();
        fillUnmatched(0, lookup().unmatchedObjects().size());
        resolveStatuses(root());
        aggregateStates();
        endResetModel();
        return;
    }
    rememberShown(); // while the old snapshot's statuses are alive
    const bool readAgain = m_snapshot->objects != snapshot->objects;
    m_snapshot = std::move(snapshot);
    if (readAgain)
        pointAtObjects(root()); // the rows named the CRs of the vector just let go
    resolveStatuses(root()); // before anything asks: the old snapshot's index may be gone
    replaceUnmatched();
    resolveStatuses(root());
    aggregateStates();
    emitChangedShown();
}

std::size_t ClusterObjectModel::leafSignature(const StatusTreeModel::Node &leaf) const
{
    const report::CrStatus &s = statusOf(as<Node>(leaf));
    const std::hash<std::string> hash;
    std::size_t h = hash(s.templatePath) * 31 + hash(s.error);
    for (const std::string &candidate : s.candidates)
        h = h * 31 + hash(candidate);
    return h;
}

void ClusterObjectModel::pointAtObjects(StatusTreeModel::Node &parent)
{
    for (const auto &child : parent.children) {
        auto &node = static_cast<Node &>(*child);
        if (!node.leaf)
            pointAtObjects(node);
        else if (node.object >= 0)
            node.objectId = &(*m_snapshot->objects)[static_cast<std::size_t>(node.object)].id.str();
    }
}

void ClusterObjectModel::resolveStatuses(StatusTreeModel::Node &parent)
{
    for (const auto &child : parent.children) {
        auto &node = static_cast<Node &>(*child);
        if (node.leaf) {
            node.status = node.object >= 0 ? &lookup().objectStatusAt(node.object) : &lookup().objectStatus(node.id());
                    } else {
            resolveStatuses(node);
        }
    }
}

const report::CrStatus &ClusterObjectModel::statusOf(const Node &node) const
{
    return node.status ? *node.status : lookup().objectStatus(node.id());
}

void ClusterObjectModel::setReview(const ReviewDocument *review)
{
    if (m_review)
        disconnect(m_review, nullptr, this, nullptr);
    m_review = review;
    if (m_review)
        connect(m_review, &ReviewDocument::changed, this, &ClusterObjectModel::onReviewChanged);
    onReviewChanged();
}

void ClusterObjectModel::onReviewChanged()
{
    rememberShown();
    aggregateStates();
    emitChangedShown();
}

void ClusterObjectModel::rebuild()
{
    clearTree();
    m_leafOfObject.clear();
    m_unmatched = addChild<Node>(root(), int(NodeKind::UnmatchedGroup), false);
    m_unmatched->label = tr("Unmatched");
    if (!m_snapshot || !m_snapshot->objects)
        return;
    std::vector<std::size_t> order;
    const auto &objects = *m_snapshot->objects;
    for (std::size_t i = 0; i < objects.size(); ++i)
        if (lookup().objectIndex(objects[i].id) == static_cast<int>(i)) // the first of an id wins
            order.push_back(i);
    addObjects(order);
}

void ClusterObjectModel::addObjects(const std::vector<std::size_t> &order)
{
    const auto &objects = *m_snapshot->objects;
    std::vector<Placement> placements;
    placements.reserve(order.size());
    std::map<std::pair<std::string_view, std::string_view>, std::set<std::string_view>> versions; // (group, kind) → versions
    for (std::size_t i : order) {
        placements.push_back(placementOf(objects[i], i));
        versions[{placements.back().group, placements.back().kind}].insert(placements.back().version);
    }
    std::sort(placements.begin(), placements.end(),
              [](const Placement &a, const Placement &b) { return a.key() < b.key(); });
    m_leafOfObject.assign(objects.size(), nullptr);
    Node *group = nullptr;
    Node *kind = nullptr;
    Node *ns = nullptr;
    const Placement *last = nullptr; // the placement the current group, kind and namespace rows came from
    for (const Placement &p : placements) {
        if (!group || last->notCore != p.notCore || last->group != p.group) {
            group = addChild<Node>(root(), int(NodeKind::ApiGroup), false);
            group->label = qsv(p.group);
            kind = nullptr;
        }
        if (!kind || last->kind != p.kind || last->version != p.version) {
            const bool versioned = versions[{p.group, p.kind}].size() > 1;
            kind = addChild<Node>(*group, int(NodeKind::Kind), false);
            kind->label = versioned ? tr("%1 (%2)").arg(qsv(p.kind), qsv(p.version)) : qsv(p.kind);
            ns = nullptr;
        }
        Node *parent = kind;
        if (!p.clusterScoped) {
            if (!ns || last->ns != p.ns) {
                ns = addChild<Node>(*kind, int(NodeKind::Namespace), false);
                ns->label = qsv(p.ns);
            }
            parent = ns;
        }
        last = &p;
        const input::ClusterObject &object = objects[p.object];
        Node *leaf = addChild<Node>(*parent, int(NodeKind::ClusterObject), true);
        leaf->objectId = &object.id.str();
        leaf->object = static_cast<int>(p.object);
        m_leafOfObject[p.object] = leaf;
    }
}

// Rows for the report's unmatched CRs [first, first + count), appended.
void ClusterObjectModel::fillUnmatched(std::size_t first, std::size_t count)
{
    const std::vector<int> &objects = lookup().unmatchedObjects();
    for (std::size_t k = first; k < first + count; ++k) {
        Node *leaf = addChild<Node>(*m_unmatched, int(NodeKind::ClusterObject), true);
        leaf->repeated = true;
        leaf->object = objects[k];
        if (leaf->object >= 0)
            leaf->objectId = &(*m_snapshot->objects)[static_cast<std::size_t>(leaf->object)].id.str();
        else
            leaf->label = qs(m_snapshot->report->unmatchedAll[k]); // not among the objects: shown, nothing to open
    }
}

// Both lists are in input order: walking them together finds the few rows a
// pin or an override adds or removes, announced one by one; many changes (another
// reference) replace the whole group.
bool ClusterObjectModel::editUnmatched()
{
    constexpr std::size_t kMostEdits = 64;
    auto &children = m_unmatched->children;
    const std::vector<int> &wanted = lookup().unmatchedObjects();
    const auto objectAt = [&](std::size_t row) { return as<Node>(*children[row]).object; };
    std::size_t edits = 0;
    for (std::size_t row = 0, j = 0; row < children.size() || j < wanted.size();) {
        const int have = row < children.size() ? objectAt(row) : INT_MAX;
        const int want = j < wanted.size() ? wanted[j] : INT_MAX;
        if (have < 0 || want < 0)
            return false;
        if (have == want) {
            ++row, ++j;
            continue;
        }
        if (++edits > kMostEdits)
            return false;
        have < want ? ++row : ++j;
    }
    const QModelIndex group = unmatchedGroupIndex();
    const auto renumber = [&] {
        for (std::size_t r = 0; r < children.size(); ++r)
            children[r]->row = static_cast<int>(r);
    };
    for (std::size_t row = 0, j = 0; row < children.size() || j < wanted.size();) {
        const int have = row < children.size() ? objectAt(row) : INT_MAX;
        const int want = j < wanted.size() ? wanted[j] : INT_MAX;
        if (have == want) {
            ++row, ++j;
        } else if (have < want) {
            beginRemoveRows(group, int(row), int(row));
            children.erase(children.begin() + std::ptrdiff_t(row));
            renumber();
            endRemoveRows();
        } else {
            beginInsertRows(group, int(row), int(row));
            fillUnmatched(j, 1); // appended: moved into place below
            std::rotate(children.begin() + std::ptrdiff_t(row), children.end() - 1, children.end());
            renumber();
            endInsertRows();
            ++row, ++j;
        }
    }
    return true;
}

void ClusterObjectModel::replaceUnmatched()
{
    if (editUnmatched())
        return;
    const QModelIndex group = unmatchedGroupIndex();
    if (!m_unmatched->children.empty()) {
        beginRemoveRows(group, 0, static_cast<int>(m_unmatched->children.size()) - 1);
        m_unmatched->children.clear();
        endRemoveRows();
    }
    const std::size_t count = lookup().unmatchedObjects().size();
    if (count > 0) {
        beginInsertRows(group, 0, static_cast<int>(count) - 1);
        fillUnmatched(0, count);
        endInsertRows();
    }
}

StatusTreeModel::LeafStatus ClusterObjectModel::leafStatus(const StatusTreeModel::Node &leaf) const
{
    const Node &node = as<Node>(leaf);
    const report::CrStatus &s = statusOf(node);
    LeafStatus status{stateList(s), s.changedLines};
    bool outdated = false;
    if (reviewable(node) && (!reviewMark(node, &outdated) || outdated))
        status.states << kUnreviewedDrift;
    return status;
}

bool ClusterObjectModel::reviewable(const Node &node) const
{
    // Only a compared CR has a result to look up by its id (hashed): not the
    // 49,000 unmatched CRs of a big must-gather, whose list is aggregated after every change.
    const report::CrState state = statusOf(node).state;
    if (state == report::CrState::Unmatched || state == report::CrState::NotCompared)
        return false;
    const report::CrResult *result = node.repeated ? nullptr : lookup().result(node.id());
    return result && result->hasDiff();
}

const review::ReviewMark *ClusterObjectModel::reviewMark(const Node &node, bool *outdated) const
{
    const report::CrResult *result = node.repeated || !m_review ? nullptr : lookup().result(node.id());
    const review::ReviewMark *mark = result && result->hasDiff() ? m_review->mark(node.id(), result->correlatedTemplate)
                                                                  : nullptr;
    if (mark && outdated)
        *outdated = review::isOutdated(*mark, *result);
    return mark;
}

QVariant ClusterObjectModel::reviewData(const Node &node, int role) const
{
    bool outdated = false;
    const review::ReviewMark *mark = reviewMark(node, &outdated);
    const bool toFix = mark && mark->outcome == review::ReviewMark::Outcome::ToFix;
    switch (role) {
    case Qt::CheckStateRole:
        if (!reviewable(node))
            return {};
        return mark && !outdated ? Qt::Checked : Qt::Unchecked;
    case Qt::DisplayRole:
        if (!mark)
            return {};
        return outdated ? tr("outdated") : toFix ? tr("to fix") : tr("reviewed");
    case Qt::ToolTipRole: {
        if (!reviewable(node))
            return {};
        if (!mark)
            return tr("Not reviewed yet: Space marks it reviewed, Shift+Space to fix");
        QStringList lines{toFix ? tr("To fix") : tr("Reviewed")};
        if (!mark->note.empty())
            lines << tr("Note: %1").arg(qs(mark->note));
        if (!mark->markedAt.empty())
            lines << tr("Marked %1").arg(qs(mark->markedAt));
        if (outdated)
            lines << tr("The drift has changed since it was marked: review it again");
        return lines.join(QLatin1Char('\n'));
    }
    case ReviewableRole: return reviewable(node);
    case ReviewRole:
        return int(!mark ? ReviewState::None : toFix ? ReviewState::ToFix : ReviewState::Reviewed);
    case ReviewNoteRole: return mark ? qs(mark->note) : QString();
    case ReviewOutdatedRole: return outdated;
    default: return {};
    }
}

QModelIndex ClusterObjectModel::indexForObject(const QString &id, int column) const
{
    const int object = lookup().objectIndex(id.toStdString());
    const Node *leaf = object >= 0 && std::size_t(object) < m_leafOfObject.size() ? m_leafOfObject[std::size_t(object)]
                                                                                    : nullptr;
    return leaf ? indexOf(leaf, column) : QModelIndex();
}

QModelIndex ClusterObjectModel::unmatchedGroupIndex(int column) const
{
    return indexOf(m_unmatched, column);
}

QVariant ClusterObjectModel::data(const QModelIndex &index, int role) const
{
    const StatusTreeModel::Node *base = nodeOf(index);
    if (!base)
        return {};
    const Node &node = as<Node>(*base);
    switch (role) {
    case Qt::ToolTipRole:
        if (node.leaf && index.column() == ReviewColumn)
            return reviewData(node, role);
        return tooltip(node);
    case ItemRole::AlwaysVisible: return node.kind == int(NodeKind::UnmatchedGroup);
    case ItemRole::Counted: return !node.repeated;
    case ItemRole::FilterTextShare: return node.leaf ? node.object : -1; // its text is its CR's
    default: break;
    }
    if (const QVariant shared = statusData(node, role); shared.isValid())
        return shared;
    const bool reviewRole = role == ReviewableRole || role == ReviewRole || role == ReviewNoteRole
        || role == ReviewOutdatedRole;
    if (node.leaf && (reviewRole || index.column() == ReviewColumn))
        return reviewData(node, role);
    return node.leaf ? objectData(node, index.column(), role) : groupData(node, index.column(), role);
}

QVariant ClusterObjectModel::objectData(const Node &node, int column, int role) const
{
    const report::CrStatus &s = statusOf(node);
    if (role == ItemRole::FilterText) // read once per leaf by the filter's index, which keeps it
        return qs(node.id()) + QLatin1Char('\n') + qs(s.templatePath);
    const QString templatePath = qs(s.templatePath);
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn: return name(node);
        case StatusColumn: return displayText(s);
        case TemplateColumn: {
            if (!templatePath.isEmpty())
                return templatePath;
            return qsList(s.candidates).join(QStringLiteral(", "));
        }
        }
        return {};
    case Qt::DecorationRole:
        return column == NameColumn ? QVariant(StatusIcons::forClusterObject(s.state, s.manual)) : QVariant();
    case ItemRole::TemplatePath: return templatePath;
    case ClusterObjectIdRole: return qs(node.id());
    case ObjectIndexRole: return node.object;
    case SourceRole: return source(node);
    case ErrorRole: return qs(s.error);
    default: return {};
    }
}

// A CR row's name, made when a view asks (it asks only for the rows it shows):
// the object's name in its group, its id under Unmatched.
QString ClusterObjectModel::name(const Node &node) const
{
    if (!node.objectId)
        return node.label;
    if (!node.repeated && m_snapshot && m_snapshot->objects) {
        const input::ClusterObject &object = (*m_snapshot->objects)[static_cast<std::size_t>(node.object)];
        const std::string name = input::stringField(object.object, {"metadata", "name"});
        if (!name.empty())
            return qs(name);
    }
    return qs(node.id());
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
        if (node.kind == int(NodeKind::UnmatchedGroup))
            return StatusIcons::forClusterObject(ClusterObjectState::Unmatched);
        if (node.worstState < 0)
            return {};
        return StatusIcons::forClusterObject(static_cast<ClusterObjectState>(node.worstState));
    case ItemRole::FilterText: return node.label;
    default: return {};
    }
}

QString ClusterObjectModel::summary(const Node &node) const
{
    const QString total = node.leafCount == 1 ? tr("1 CR") : tr("%1 CRs").arg(node.leafCount);
    if (!lookup().hasReport() || node.leafCount == 0)
        return total;
    return tr("%1: %2").arg(total, countsText(node.counts, [](int state) {
                                return clusterObjectStateLabel(static_cast<ClusterObjectState>(state));
                            }));
}

QString ClusterObjectModel::source(const Node &node) const
{
    return node.object < 0 ? QString() : qs((*m_snapshot->objects)[static_cast<std::size_t>(node.object)].source);
}

QString ClusterObjectModel::apiVersionBelow(const Node &node) const
{
    const StatusTreeModel::Node *n = &node;
    while (!n->leaf && !n->children.empty())
        n = n->children.front().get();
    const int object = n->leaf ? as<Node>(*n).object : -1;
    if (object < 0 || !m_snapshot || !m_snapshot->objects)
        return {};
    return qs(input::stringField((*m_snapshot->objects)[std::size_t(object)].object, {"apiVersion"}));
}

QString ClusterObjectModel::tooltip(const Node &node) const
{
    if (node.kind == int(NodeKind::UnmatchedGroup))
        return tr("CRs no template of the reference correlated with (%1)").arg(summary(node));
    if (node.kind == int(NodeKind::Kind)) // its apiVersion, from a CR below it (every row keeps less so)
        if (const QString apiVersion = apiVersionBelow(node); !apiVersion.isEmpty())
            return tr("%1\n%2").arg(apiVersion, summary(node));
    if (!node.leaf)
        return summary(node);
    const report::CrStatus &s = statusOf(node);
    QStringList lines{qs(node.id()), tr("Status: %1").arg(displayText(s))};
    if (!s.templatePath.empty())
        lines << tr("Template: %1").arg(qs(s.templatePath));
    if (!s.candidates.empty())
        lines << tr("Compared with: %1").arg(qsList(s.candidates).join(QStringLiteral(", ")));
    if (!s.error.empty())
        lines << tr("Error: %1").arg(qs(s.error));
    if (const QString reasons = overrideReasonsText(lookup().result(node.id())); !reasons.isEmpty())
        lines << reasons;
    if (const review::ReviewMark *mark = reviewMark(node))
        lines << (mark->note.empty() ? tr("Review: %1").arg(reviewData(node, Qt::DisplayRole).toString())
                                     : tr("Review: %1 — %2").arg(reviewData(node, Qt::DisplayRole).toString(),
                                                                 qs(mark->note)));
    if (node.object >= 0)
        lines << tr("Source: %1").arg(source(node));
    return lines.join(QLatin1Char('\n'));
}

QVariant ClusterObjectModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn: return tr("Cluster CR");
    case StatusColumn: return tr("Status");
    case ReviewColumn: return tr("Review");
    case TemplateColumn: return tr("Template");
    default: return {};
    }
}

Qt::ItemFlags ClusterObjectModel::flags(const QModelIndex &index) const
{
    const StatusTreeModel::Node *node = nodeOf(index);
    if (!node)
        return Qt::NoItemFlags;
    const Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (!node->leaf)
        return f;
    const bool checkable = index.column() == ReviewColumn && reviewable(as<Node>(*node));
    return f | Qt::ItemIsDragEnabled | Qt::ItemNeverHasChildren | (checkable ? Qt::ItemIsUserCheckable : Qt::NoItemFlags);
}

bool ClusterObjectModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    const StatusTreeModel::Node *node = nodeOf(index);
    if (role != Qt::CheckStateRole || index.column() != ReviewColumn || !node || !node->leaf
        || !reviewable(as<Node>(*node)))
        return false;
    // The mark is the window's to make (undoable); the model shows it once made.
    emit reviewRequested(qs(as<Node>(*node).id()), value.toInt() == Qt::Checked);
    return true;
}

QHash<int, QByteArray> ClusterObjectModel::roleNames() const
{
    return withRoleNames({{ClusterObjectIdRole, "clusterObjectId"},
                          {ObjectIndexRole, "objectIndex"},
                          {SourceRole, "source"},
                          {ErrorRole, "error"},
                          {ReviewableRole, "reviewable"},
                          {ReviewRole, "review"},
                          {ReviewNoteRole, "reviewNote"},
                          {ReviewOutdatedRole, "reviewOutdated"}});
}

QStringList ClusterObjectModel::mimeTypes() const
{
    return {ClusterObjectMime::type()};
}

QMimeData *ClusterObjectModel::mimeData(const QModelIndexList &indexes) const
{
    QStringList ids;
    for (const QModelIndex &index : indexes) {
        const StatusTreeModel::Node *node = nodeOf(index);
        if (node && node->leaf)
            ids << qs(as<Node>(*node).id());
    }
    ids.removeDuplicates();
    return ids.isEmpty() ? nullptr : ClusterObjectMime::encode(ids);
}

Qt::DropActions ClusterObjectModel::supportedDragActions() const
{
    return Qt::CopyAction | Qt::LinkAction;
}

} // namespace ds::ui
