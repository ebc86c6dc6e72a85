// SPDX-License-Identifier: Apache-2.0
#include "StatusTreeModel.h"

#include <QVarLengthArray>

#include <algorithm>

#include "session/ComparisonSnapshot.h"

namespace ds::ui {

StatusTreeModel::StatusTreeModel(int columnCount, QList<int> severityOrder, int manualState, QObject *parent)
    : QAbstractItemModel(parent), m_columns(columnCount), m_severity(std::move(severityOrder)),
      m_manualState(manualState), m_root(std::make_unique<Node>())
{
}

StatusTreeModel::~StatusTreeModel() = default;

const ReportIndex &StatusTreeModel::lookup() const
{
    static const ReportIndex empty;
    return m_snapshot ? m_snapshot->lookup() : empty;
}

void StatusTreeModel::clearTree()
{
    m_root = std::make_unique<Node>();
}

StatusTreeModel::Node *StatusTreeModel::nodeOf(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this)
        return nullptr;
    return static_cast<Node *>(index.internalPointer());
}

QModelIndex StatusTreeModel::indexOf(const Node *node, int column) const
{
    if (!node || node == m_root.get())
        return {};
    return createIndex(node->row, column, const_cast<Node *>(node));
}

QModelIndex StatusTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= m_columns || parent.column() > 0)
        return {};
    const Node *p = parent.isValid() ? nodeOf(parent) : m_root.get();
    if (!p || row >= static_cast<int>(p->children.size()))
        return {};
    return createIndex(row, column, p->children[static_cast<std::size_t>(row)].get());
}

QModelIndex StatusTreeModel::parent(const QModelIndex &child) const
{
    const Node *node = nodeOf(child);
    return node ? indexOf(node->parent, 0) : QModelIndex();
}

int StatusTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.column() > 0)
        return 0;
    const Node *node = parent.isValid() ? nodeOf(parent) : m_root.get();
    return node ? static_cast<int>(node->children.size()) : 0;
}

int StatusTreeModel::columnCount(const QModelIndex &) const
{
    return m_columns;
}

int StatusTreeModel::moreSevere(int a, int b) const
{
    if (a < 0)
        return b;
    if (b < 0)
        return a;
    const auto rank = [this](int state) {
        const qsizetype r = m_severity.indexOf(state);
        return r < 0 ? m_severity.size() : r;
    };
    return rank(a) <= rank(b) ? a : b;
}

namespace {

// A group's counts while its children are visited: there are only a few
// states, and a QMap insertion per leaf is not needed to count them.
class StateTally
{
public:
    void add(int state, int count)
    {
        for (auto &[s, n] : m_slots)
            if (s == state) {
                n += count;
                return;
            }
        m_slots.append({state, count});
    }
    StateCounts counts() const
    {
        StateCounts out;
        for (const auto &[s, n] : m_slots)
            out.insert(s, n);
        return out;
    }

private:
    QVarLengthArray<std::pair<int, int>, 16> m_slots;
};

} // namespace

void StatusTreeModel::aggregateStates()
{
    const std::function<void(Node &)> aggregate = [&](Node &node) {
        StateTally tally;
        node.worstState = -1;
        node.leafCount = 0;
        node.changedLines = 0;
        for (const auto &child : node.children) {
            if (child->leaf) {
                LeafStatus s = leafStatus(*child);
                for (int state : s.states)
                    tally.add(state, 1);
                node.worstState = moreSevere(node.worstState, s.states.value(0, -1));
                node.leafCount += 1;
                node.changedLines += s.changedLines;
                if (!std::equal(child->states.begin(), child->states.end(), s.states.begin(), s.states.end()))
                    child->states = QList<int>(s.states.begin(), s.states.end()); // unchanged: nothing allocated
                child->changedLines = s.changedLines;
                continue;
            }
            aggregate(*child);
            for (auto it = child->counts.cbegin(); it != child->counts.cend(); ++it)
                tally.add(it.key(), it.value());
            node.worstState = moreSevere(node.worstState, child->worstState);
            node.leafCount += child->leafCount;
            node.changedLines += child->changedLines;
        }
        node.counts = tally.counts();
    };
    aggregate(*m_root);
}

void StatusTreeModel::emitDataChanged(const Node *parent)
{
    if (!parent)
        parent = m_root.get();
    if (parent->children.empty())
        return;
    emit dataChanged(indexOf(parent->children.front().get(), 0),
                     indexOf(parent->children.back().get(), m_columns - 1));
    for (const auto &child : parent->children)
        emitDataChanged(child.get());
}

std::size_t StatusTreeModel::shownSignature(const Node &node) const
{
    std::size_t h = qHash(node.states);
    for (auto it = node.counts.cbegin(); it != node.counts.cend(); ++it)
        h = h * 31 + qHash(it.key()) * 7 + qHash(it.value());
    h = h * 31 + qHash(node.worstState);
    h = h * 31 + qHash(node.leafCount);
    h = h * 31 + qHash(node.changedLines);
    if (node.leaf)
        h = h * 31 + leafSignature(node);
    return h | 1; // never 0, which means "not remembered"
}

void StatusTreeModel::rememberShown()
{
    const std::function<void(Node &)> visit = [&](Node &node) {
        for (const auto &child : node.children) {
            child->shown = shownSignature(*child);
            visit(*child);
        }
    };
    visit(*m_root);
}

void StatusTreeModel::emitChangedShown()
{
    const std::function<void(Node &)> visit = [&](Node &node) {
        // One signal per run of changed siblings.
        std::size_t runStart = node.children.size();
        const auto flush = [&](std::size_t end) {
            if (runStart < end)
                emit dataChanged(indexOf(node.children[runStart].get(), 0),
                                 indexOf(node.children[end - 1].get(), m_columns - 1));
            runStart = node.children.size();
        };
        for (std::size_t row = 0; row < node.children.size(); ++row) {
            Node &child = *node.children[row];
            const std::size_t now = shownSignature(child);
            if (child.shown != now) // or inserted since: their states were not aggregated yet
                runStart = std::min(runStart, row);
            else
                flush(row);
            child.shown = now;
        }
        flush(node.children.size());
        for (const auto &child : node.children)
            visit(*child);
    };
    visit(*m_root);
}

QVariant StatusTreeModel::statusData(const Node &node, int role) const
{
    switch (role) {
    case ItemRole::IsLeaf: return node.leaf;
    case ItemRole::NodeKind: return node.kind;
    case ItemRole::State:
    case ItemRole::States:
    case ItemRole::StateCounts:
    case ItemRole::Manual:
    case ItemRole::ChangedLines: break;
    case ItemRole::LeafCount: return node.leaf ? 1 : node.leafCount;
    default: return {};
    }
    if (!node.leaf) {
        switch (role) {
        case ItemRole::State: return node.worstState;
        case ItemRole::States: return QVariant::fromValue(QList<int>());
        case ItemRole::StateCounts: return QVariant::fromValue(node.counts);
        case ItemRole::Manual: return node.counts.value(m_manualState) > 0;
        default: return node.changedLines;
        }
    }
    switch (role) {
    case ItemRole::State: return node.states.value(0, -1);
    case ItemRole::States: return QVariant::fromValue(node.states);
    case ItemRole::StateCounts: {
        StateCounts counts;
        for (int state : node.states)
            counts[state] = 1;
        return QVariant::fromValue(counts);
    }
    case ItemRole::Manual: return node.states.contains(m_manualState);
    default: return node.changedLines;
    }
}

QString StatusTreeModel::countsText(const StateCounts &counts, const std::function<QString(int)> &label) const
{
    QStringList parts;
    for (int state : m_severity) {
        const int n = counts.value(state);
        if (n > 0)
            parts << QStringLiteral("%1 %2").arg(n).arg(label(state));
    }
    return parts.join(QStringLiteral(", "));
}

QHash<int, QByteArray> StatusTreeModel::roleNames() const
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
                  {ItemRole::ChangedLines, "changedLines"}});
    return names;
}

QHash<int, QByteArray> StatusTreeModel::withRoleNames(std::initializer_list<std::pair<int, QByteArray>> names) const
{
    QHash<int, QByteArray> out = StatusTreeModel::roleNames();
    for (const auto &[role, name] : names)
        out.insert(role, name);
    return out;
}

} // namespace ds::ui
