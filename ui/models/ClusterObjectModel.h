// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "StatusTreeModel.h"
#include "report/CrStatus.h"
#include "review/ReviewFile.h"

#include <memory>
#include <string>
#include <unordered_map>

namespace ds::ui {

struct ComparisonSnapshot;
class ReviewDocument;

// The cluster CRs of a comparison: API group ("core" for v1) → kind →
// namespace → CR (cluster-scoped CRs directly under their kind), each with its
// state and the template it correlated with. The first top-level row,
// "Unmatched", is always there and repeats every CR no template correlated
// with. CR rows can be dragged (ClusterObjectMime) onto the reference tree.
// Drifted CRs have a Review column: a check box (reviewed or to fix, from the
// window's ReviewDocument) whose clicks ask for a mark (reviewRequested), and
// an unreviewed drifted CR also counts as kUnreviewedDrift for the filter.
class ClusterObjectModel : public StatusTreeModel
{
    Q_OBJECT

public:
    enum Column { NameColumn, ReviewColumn, StatusColumn, TemplateColumn, ColumnCount };
    enum class NodeKind { UnmatchedGroup, ApiGroup, Kind, Namespace, ClusterObject };
    enum Role {
        ClusterObjectIdRole = ItemRole::FirstModelRole, // QString: apiVersion_kind[_namespace]_name
        ObjectIndexRole, // int: index into ComparisonSnapshot::objects, -1 when unknown
        SourceRole,      // QString: the file the CR was read from
        ErrorRole,       // QString: why comparing it failed
        ReviewableRole,  // bool: a compared CR with drift, which a review decides on
        ReviewRole,      // int: ReviewState
        ReviewNoteRole,  // QString: the reviewer's note
        ReviewOutdatedRole, // bool: the mark was made for an earlier drift
    };
    enum class ReviewState { None, Reviewed, ToFix };

    explicit ClusterObjectModel(QObject *parent = nullptr);
    ~ClusterObjectModel() override;

    // Swaps in a new comparison. The same objects with a new report keep the
    // rows (dataChanged; only the Unmatched group's rows are replaced); other
    // objects reset the model.
    void setSnapshot(std::shared_ptr<const ComparisonSnapshot> snapshot);
    // The review marks shown (the model follows their changes); null: none.
    void setReview(const ReviewDocument *review);

    // The CR's row in the grouped tree (not its repetition under Unmatched).
    QModelIndex indexForObject(const QString &id, int column = NameColumn) const;
    QModelIndex unmatchedGroupIndex(int column = NameColumn) const;

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    // Qt::CheckStateRole on the Review column emits reviewRequested.
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    QHash<int, QByteArray> roleNames() const override;

    QStringList mimeTypes() const override;
    QMimeData *mimeData(const QModelIndexList &indexes) const override;
    Qt::DropActions supportedDragActions() const override;

signals:
    // The user checked (true) or cleared the Review check box of a CR.
    void reviewRequested(const QString &clusterObjectId, bool reviewed);

protected:
    LeafStatus leafStatus(const StatusTreeModel::Node &leaf) const override;
    std::size_t leafSignature(const StatusTreeModel::Node &leaf) const override;

private:
    struct Node;

    void rebuild();
    void addObjects(const std::vector<std::size_t> &order);
    void fillUnmatched(std::size_t first, std::size_t count);
    void replaceUnmatched();
    bool editUnmatched();
    void pointAtObjects(StatusTreeModel::Node &parent);
    void resolveStatuses(StatusTreeModel::Node &parent);
    const report::CrStatus &statusOf(const Node &node) const;
    QString name(const Node &node) const;
    QString apiVersionBelow(const Node &node) const;

    QVariant objectData(const Node &node, int column, int role) const;
    QVariant groupData(const Node &node, int column, int role) const;
    QString summary(const Node &node) const;
    QString tooltip(const Node &node) const;
    QString source(const Node &node) const;
    // The CR's review mark and whether it is for its current drift; null when
    // the CR has no drift or no mark.
    const review::ReviewMark *reviewMark(const Node &node, bool *outdated = nullptr) const;
    bool reviewable(const Node &node) const;
    QVariant reviewData(const Node &node, int role) const;
    void onReviewChanged();

    const ReviewDocument *m_review = nullptr;
    Node *m_unmatched = nullptr;
    std::vector<Node *> m_leafOfObject; // by index into the snapshot's objects: its row in its group
};

} // namespace ds::ui
