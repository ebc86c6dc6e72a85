// SPDX-License-Identifier: Apache-2.0
#include "main/SelectionController.h"

#include "diff/SideBySideDiffView.h"
#include "input/ObjectReloader.h"
#include "main/NavigatorPanel.h"
#include "models/ClusterObjectModel.h"
#include "models/ReferenceTreeModel.h"
#include "models/States.h"
#include "session/ComparisonSession.h"
#include "util/LargeStack.h"
#include "yaml/YamlWriter.h"

#include <QItemSelectionModel>
#include <QPointer>
#include <QSet>
#include <QThreadPool>
#include <QTreeView>

#include <functional>

namespace ds::ui {

namespace {

QString yamlOf(const Value &object)
{
    return QString::fromStdString(yaml::writeCanonical(object).text);
}

// Depth-first source indexes of a model's rows.
void forEachRow(const QAbstractItemModel *model, const QModelIndex &parent,
                const std::function<void(const QModelIndex &)> &visit)
{
    for (int row = 0; row < model->rowCount(parent); ++row) {
        const QModelIndex index = model->index(row, 0, parent);
        visit(index);
        forEachRow(model, index, visit);
    }
}

} // namespace

SelectionController::SelectionController(ComparisonSession *session, Views views, QObject *parent)
    : QObject(parent), m_session(session), m_views(views), m_readers(std::make_unique<QThreadPool>())
{
    // Deeply nested objects are read and written recursively, as on the comparison thread.
    m_readers->setMaxThreadCount(1);
    m_readers->setStackSize(static_cast<uint>(kRenderStackBytes));
    connect(m_views.referencePanel->view()->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &SelectionController::onReferenceSelection);
    connect(m_views.objectPanel->view()->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &SelectionController::onObjectSelection);
}

SelectionController::~SelectionController()
{
    m_readers->waitForDone();
}

void SelectionController::selectQuietly(NavigatorPanel *panel, const QModelIndex &sourceIndex)
{
    m_selecting = true;
    panel->selectSource(sourceIndex);
    m_selecting = false;
}

void SelectionController::onReferenceSelection()
{
    if (m_selecting)
        return;
    const QModelIndex index = m_views.referencePanel->currentSource();
    if (index.data(ItemRole::IsLeaf).toBool())
        showTemplateDiff(index);
}

void SelectionController::onObjectSelection()
{
    if (m_selecting)
        return;
    const QString id = m_views.objectPanel->currentSource().data(ClusterObjectModel::ClusterObjectIdRole).toString();
    if (!id.isEmpty())
        showObjectDiff(id);
}

void SelectionController::showClusterObject(const QString &id)
{
    selectQuietly(m_views.objectPanel, m_views.objectModel->indexForObject(id));
    showObjectDiff(id);
}

void SelectionController::showTemplate(const QString &path)
{
    const QModelIndex index = m_views.referenceModel->indexForTemplate(path);
    selectQuietly(m_views.referencePanel, index);
    showTemplateDiff(index);
}

void SelectionController::showObjectDiff(const QString &id)
{
    m_selectedObject = id;
    ++m_readGeneration; // a read still on its way is for another CR
    const auto snapshot = m_session->snapshot();
    const std::string key = id.toStdString();
    if (const report::CrResult *r = snapshot->lookup().result(key)) {
        m_selectedTemplate = qs(r->correlatedTemplate);
        selectQuietly(m_views.referencePanel, m_views.referenceModel->indexForTemplate(m_selectedTemplate));
        // The header says why a patched CR differs less than the template: the reasons recorded.
        QString header = qs(r->description);
        if (const QString reasons = overrideReasonsText(r); !reasons.isEmpty())
            header += (header.isEmpty() ? QString() : QStringLiteral("\n")) + reasons;
        m_views.diffView->setDiff(m_selectedTemplate, qs(r->referenceYaml), id, qs(r->clusterYaml), header);
        return;
    }
    QString note = tr("No template of the reference correlates with this CR. Drag it onto a template to "
                      "compare them.");
    if (const report::FailedCr *f = snapshot->lookup().failure(key))
        note = tr("Comparing this CR failed:\n%1").arg(qs(f->error));
    showUncompared(id, note);
}

// Not compared: the CR itself, read again in full (off this thread) when it was skimmed.
void SelectionController::showUncompared(const QString &id, const QString &note)
{
    const auto snapshot = m_session->snapshot();
    const input::ClusterObject *object = snapshot->lookup().object(id.toStdString());
    if (!object || !object->partial) {
        m_views.diffView->setDiff(tr("(no template)"), QString(), id, object ? yamlOf(object->object) : QString(),
                                  note);
        return;
    }
    m_views.diffView->setDiff(tr("(no template)"), QString(), id,
                              tr("# Reading %1 from %2…\n").arg(id, qs(object->source)), note);
    const quint64 generation = m_readGeneration;
    const QPointer<SelectionController> self(this);
    m_readers->start([self, snapshot, object, id, note, generation] {
        const std::optional<Value> full = input::reloadObject(*object);
        const QString yaml = full ? yamlOf(*full)
                                  : tr("# %1 can no longer be read from %2\n").arg(id, qs(object->source));
        QMetaObject::invokeMethod(self, [self, id, yaml, note, generation] {
            if (self && generation == self->m_readGeneration)
                self->m_views.diffView->setDiff(tr("(no template)"), QString(), id, yaml, note);
        }, Qt::QueuedConnection);
    });
}

void SelectionController::showTemplateDiff(const QModelIndex &sourceIndex)
{
    const QString path = sourceIndex.data(ItemRole::TemplatePath).toString();
    m_selectedTemplate = path;
    const QStringList objects = sourceIndex.data(ReferenceTreeModel::ClusterObjectIdsRole).toStringList();
    if (!objects.isEmpty()) {
        // The template's first CR; the others are one click away in the CR list.
        selectQuietly(m_views.objectPanel, m_views.objectModel->indexForObject(objects.front()));
        showObjectDiff(objects.front());
        return;
    }
    m_selectedObject.clear();
    ++m_readGeneration;
    const auto snapshot = m_session->snapshot();
    const int templateIndex = sourceIndex.data(ReferenceTreeModel::TemplateIndexRole).toInt();
    QString expected;
    if (snapshot->reference && templateIndex >= 0 && std::size_t(templateIndex) < snapshot->reference->templates.size())
        expected = yamlOf(snapshot->reference->templates[std::size_t(templateIndex)].metadata);
    m_views.diffView->setDiff(path, expected, tr("(not in the cluster)"), QString(),
                              sourceIndex.data(Qt::ToolTipRole).toString());
}

void SelectionController::restoreSelection()
{
    if (!m_selectedObject.isEmpty() && m_views.objectModel->indexForObject(m_selectedObject).isValid())
        showClusterObject(m_selectedObject);
    else if (!m_selectedTemplate.isEmpty() && m_views.referenceModel->indexForTemplate(m_selectedTemplate).isValid())
        showTemplate(m_selectedTemplate);
    else if (m_session->snapshot()->report)
        nextDriftedObject(true); // start where the work is
    else
        m_views.diffView->clear();
}

void SelectionController::nextDriftedObject(bool forward)
{
    QStringList drifted; // list order, each CR once
    QSet<QString> seen;
    forEachRow(m_views.objectModel, {}, [&](const QModelIndex &index) {
        const QString id = index.data(ClusterObjectModel::ClusterObjectIdRole).toString();
        if (!id.isEmpty() && index.data(ItemRole::State).toInt() == int(ClusterObjectState::Drift)
            && !seen.contains(id)) {
            seen.insert(id);
            drifted << id;
        }
    });
    if (drifted.isEmpty()) {
        emit message(tr("No CR has drift"));
        return;
    }
    const qsizetype at = drifted.indexOf(m_selectedObject);
    qsizetype next = 0;
    if (at >= 0)
        next = (at + (forward ? 1 : drifted.size() - 1)) % drifted.size();
    else if (!forward)
        next = drifted.size() - 1;
    showClusterObject(drifted[next]);
}

} // namespace ds::ui
