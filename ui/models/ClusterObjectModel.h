// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ItemRoles.h"
#include "ReportIndex.h"

#include <QAbstractItemModel>

#include <memory>
#include <unordered_map>

namespace ds::ui {

struct ComparisonSnapshot;

// The cluster CRs of a comparison: API group ("core" for v1) → kind →
// namespace → CR (cluster-scoped CRs directly under their kind), each with its
// state and the template it correlated with. The first top-level row,
// "Unmatched", is always there and repeats every CR no template correlated
// with. CR rows can be dragged (ClusterObjectMime) onto the reference tree.
class ClusterObjectModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column { NameColumn, StatusColumn, TemplateColumn, ColumnCount };
    enum class NodeKind { UnmatchedGroup, ApiGroup, Kind, Namespace, ClusterObject };
    enum Role {
        ClusterObjectIdRole = ItemRole::FirstModelRole, // QString: apiVersion_kind[_namespace]_name
        ObjectIndexRole, // int: index into ComparisonSnapshot::objects, -1 when unknown
        SourceRole,      // QString: the file the CR was read from
        ErrorRole,       // QString: why comparing it failed
    };

    explicit ClusterObjectModel(QObject *parent = nullptr);
    ~ClusterObjectModel() override;

    // Swaps in a new comparison. The same objects with a new report keep the
    // rows (dataChanged; only the Unmatched group's rows are replaced); other
    // objects reset the model.
    void setSnapshot(std::shared_ptr<const ComparisonSnapshot> snapshot);
    std::shared_ptr<const ComparisonSnapshot> snapshot() const { return m_snapshot; }

    // The CR's row in the grouped tree (not its repetition under Unmatched).
    QModelIndex indexForObject(const QString &id, int column = NameColumn) const;
    QModelIndex unmatchedGroupIndex(int column = NameColumn) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QHash<int, QByteArray> roleNames() const override;

    QStringList mimeTypes() const override;
    QMimeData *mimeData(const QModelIndexList &indexes) const override;
    Qt::DropActions supportedDragActions() const override;

private:
    struct Node;

    Node *nodeOf(const QModelIndex &index) const;
    QModelIndex indexOf(const Node *node, int column) const;
    void rebuild();
    void addObjects(const std::vector<std::size_t> &order);
    std::vector<std::string> unmatchedIds() const;
    void fillUnmatched(const std::vector<std::string> &ids);
    void replaceUnmatched(const std::vector<std::string> &ids);
    void updateStates();
    void emitDataChanged(const Node *parent);

    QVariant objectData(const Node &node, int column, int role) const;
    QVariant groupData(const Node &node, int column, int role) const;
    QString summary(const Node &node) const;
    QString tooltip(const Node &node) const;

    std::shared_ptr<const ComparisonSnapshot> m_snapshot;
    ReportIndex m_index;
    std::unique_ptr<Node> m_root;
    Node *m_unmatched = nullptr;
    std::unordered_map<std::string, Node *> m_byId;
    std::unordered_map<std::string, int> m_objectIndex;
};

} // namespace ds::ui
