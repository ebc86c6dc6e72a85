// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "StatusTreeModel.h"

#include <memory>

namespace ds::report {
struct ValidationIssue;
}

namespace ds::ui {

struct ComparisonSnapshot;

// The reference as a tree: Part → Component (with its rule) → Template, each
// template with the state the comparison gave it, groups with the counts of
// the templates below. Template rows accept dropped cluster CRs
// (ClusterObjectMime) and ask for a manual correlation; the model itself does
// not change on a drop.
class ReferenceTreeModel : public StatusTreeModel
{
    Q_OBJECT

public:
    enum Column { NameColumn, StatusColumn, ColumnCount };
    enum class NodeKind { Part, Component, Template };
    enum Role {
        TemplateIndexRole = ItemRole::FirstModelRole, // int: index into Reference::templates (templates)
        ClusterObjectIdsRole, // QStringList: CRs correlated with the template or failing on it
        RuleRole,             // QString: "Required", "Optional", "allOf", "oneOf", ... (components, templates)
        ValidationIssueRole,  // QString: the component's issue message; for templates the one naming them
        DescriptionRole,      // QString: templates their effective description, groups their own
        MatchCountRole,       // int: report matchCounts of the template
        ErrorRole,            // QString: render errors of the template, one per line
    };

    explicit ReferenceTreeModel(QObject *parent = nullptr);
    ~ReferenceTreeModel() override;

    // Swaps in a new comparison. The same reference with a new report keeps
    // the rows (dataChanged); another reference resets the model.
    void setSnapshot(std::shared_ptr<const ComparisonSnapshot> snapshot);

    QModelIndex indexForTemplate(std::size_t templateIndex, int column = NameColumn) const;
    QModelIndex indexForTemplate(const QString &path, int column = NameColumn) const;

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QHash<int, QByteArray> roleNames() const override;

    QStringList mimeTypes() const override;
    Qt::DropActions supportedDropActions() const override;
    bool canDropMimeData(const QMimeData *data, Qt::DropAction action, int row, int column,
                         const QModelIndex &parent) const override;
    bool dropMimeData(const QMimeData *data, Qt::DropAction action, int row, int column,
                      const QModelIndex &parent) override;

signals:
    // CRs dropped on a template: the user wants them pinned to it.
    void correlationRequested(const QStringList &clusterObjectIds, const QString &templatePath);

protected:
    LeafStatus leafStatus(const StatusTreeModel::Node &leaf) const override;

private:
    struct Node;

    void rebuild();
    QString dropTarget(int row, const QModelIndex &parent) const;
    const report::ValidationIssue *componentIssue(const Node &node) const;

    QVariant templateData(const Node &node, int column, int role) const;
    QVariant groupData(const Node &node, int column, int role) const;
    QVariant commonData(const Node &node, int role) const;
    QString name(const Node &node) const;
    QString summary(const Node &node) const;
    QString tooltip(const Node &node) const;
    QString rule(const Node &node) const;
    QString description(const Node &node) const;

    std::vector<Node *> m_templateNodes; // by template index
};

} // namespace ds::ui
