// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "StatusTreeModel.h"

#include <memory>
#include <string>
#include <unordered_map>

namespace ds::ui {

struct ComparisonSnapshot;

// The cluster CRs of a comparison: API group ("core" for v1) → kind →
// namespace → CR (cluster-scoped CRs directly under their kind), each with its
// state and the template it correlated with. The first top-level row,
// "Unmatched", is always there and repeats every CR no template correlated
// with. CR rows can be dragged (ClusterObjectMime) onto the reference tree.
class ClusterObjectModel : public StatusTreeModel
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

    // The CR's row in the grouped tree (not its repetition under Unmatched).
    QModelIndex indexForObject(const QString &id, int column = NameColumn) const;
    QModelIndex unmatchedGroupIndex(int column = NameColumn) const;

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QHash<int, QByteArray> roleNames() const override;

    QStringList mimeTypes() const override;
    QMimeData *mimeData(const QModelIndexList &indexes) const override;
    Qt::DropActions supportedDragActions() const override;

protected:
    LeafStatus leafStatus(const StatusTreeModel::Node &leaf) const override;

private:
    struct Node;

    void rebuild();
    void addObjects(const std::vector<std::size_t> &order);
    std::vector<std::string> unmatchedIds() const;
    void fillUnmatched(const std::vector<std::string> &ids);
    void replaceUnmatched(const std::vector<std::string> &ids);

    QVariant objectData(const Node &node, int column, int role) const;
    QVariant groupData(const Node &node, int column, int role) const;
    QString summary(const Node &node) const;
    QString tooltip(const Node &node) const;
    QString source(const Node &node) const;

    Node *m_unmatched = nullptr;
    std::unordered_map<std::string, Node *> m_byId;
};

} // namespace ds::ui
