// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ItemRoles.h"
#include "States.h"

#include <QAbstractItemModel>

#include <functional>
#include <memory>
#include <vector>

namespace ds::ui {

struct ComparisonSnapshot;
class ReportIndex;

// What the reference tree and the CR list have in common: a tree of nodes
// whose leaves (templates, CRs) carry states and whose groups show what is
// below them. This base owns the tree, answers Qt's index plumbing, and
// aggregates leaf states into group counts and the most severe state, so both
// models answer the shared ItemRoles (State, States, StateCounts, Manual,
// ChangedLines, IsLeaf, NodeKind) the same way for the filter proxy, the
// filter buttons and the icons.
class StatusTreeModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QHash<int, QByteArray> roleNames() const override;

    // The comparison shown (set by the subclass's setSnapshot).
    std::shared_ptr<const ComparisonSnapshot> snapshot() const { return m_snapshot; }

protected:
    struct Node
    {
        virtual ~Node() = default;
        Node *parent = nullptr;
        int row = 0;
        bool leaf = false;
        int kind = 0; // the model's NodeKind
        std::vector<std::unique_ptr<Node>> children;
        // leaves: their states (main first), as leafStatus() said at the last
        // aggregateStates() — the filter and the views ask on every keystroke and paint
        QList<int> states;
        // groups: aggregated over the leaves below
        StateCounts counts;
        int worstState = -1;
        int leafCount = 0;
        int changedLines = 0;
        std::size_t shown = 0; // rememberShown()'s signature; 0: not remembered
    };

    // What a leaf says about itself: its states (main first) and changed lines.
    struct LeafStatus
    {
        StateInts states;
        int changedLines = 0;
    };

    // severityOrder: every state, most severe first; manualState: the state
    // value that means "pinned by hand".
    StatusTreeModel(int columnCount, QList<int> severityOrder, int manualState, QObject *parent);
    ~StatusTreeModel() override;

    virtual LeafStatus leafStatus(const Node &leaf) const = 0;

    // A new child of `parent` (a subclass of Node with the model's own fields).
    template <class N>
    static N *addChild(Node &parent, int kind, bool leaf)
    {
        auto child = std::make_unique<N>();
        N *raw = child.get();
        child->parent = &parent;
        child->row = static_cast<int>(parent.children.size());
        child->kind = kind;
        child->leaf = leaf;
        parent.children.push_back(std::move(child));
        return raw;
    }

    // A node as the subclass's own node type.
    template <class N>
    static const N &as(const Node &node)
    {
        return static_cast<const N &>(node);
    }

    Node &root() const { return *m_root; }
    // The snapshot's look-ups (empty ones before the first snapshot).
    const ReportIndex &lookup() const;
    // Replaces every row (inside begin/endResetModel).
    void clearTree();
    Node *nodeOf(const QModelIndex &index) const;
    QModelIndex indexOf(const Node *node, int column) const;

    // Recomputes the groups' numbers from leafStatus(), post-order.
    void aggregateStates();
    // dataChanged for every row below parent (default: all).
    void emitDataChanged(const Node *parent = nullptr);
    // Remembers in every row what it shows (its states and numbers, and
    // leafSignature()), to tell afterwards which rows changed: a pin or a
    // review mark changes a few of 50,000 CRs, and each dataChanged costs the
    // view a walk over its rows.
    void rememberShown();
    // dataChanged for the rows that show something else than remembered, and
    // for rows inserted since (announced before their states were aggregated).
    void emitChangedShown();
    // What a leaf shows beyond its states and changed lines (a CR's template).
    virtual std::size_t leafSignature(const Node &) const { return 0; }
    std::size_t shownSignature(const Node &node) const;

    // The shared roles (see the class comment); an invalid QVariant for others.
    QVariant statusData(const Node &node, int role) const;
    // "3 drift, 1 clean" in severity order, naming each state with label().
    QString countsText(const StateCounts &counts, const std::function<QString(int state)> &label) const;
    // Model-specific role names added to the shared ones.
    QHash<int, QByteArray> withRoleNames(std::initializer_list<std::pair<int, QByteArray>> names) const;

    std::shared_ptr<const ComparisonSnapshot> m_snapshot;

private:
    int moreSevere(int a, int b) const;

    int m_columns;
    QList<int> m_severity;
    int m_manualState;
    std::unique_ptr<Node> m_root;
};

} // namespace ds::ui
