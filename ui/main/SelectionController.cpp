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
#include "compare/ObjectTransforms.h"
#include "reference/FieldPath.h"
#include "yaml/YamlLinePaths.h"
#include "yaml/YamlWriter.h"

#include <QItemSelectionModel>
#include <QPointer>
#include <QRegularExpression>
#include <QSet>
#include <QThreadPool>
#include <QTreeView>

#include <algorithm>
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
    connect(m_views.diffView, &SideBySideDiffView::alternativeChosen, this, [this](int index) {
        if (index >= 0 && index < m_alternatives.size())
            showClusterObject(QString(m_alternatives[index])); // a copy: showing it replaces the list
    });
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
        showResult(id, *r);
        return;
    }
    if (const report::FailedCr *f = snapshot->lookup().failure(key)) {
        showFailure(id, *f);
        return;
    }
    showUncompared(id, tr("No template of the reference correlates with this CR. Drag it onto a template to "
                          "compare them."));
}

namespace {

// The cluster CR as the comparison read it, before any rule hid a field —
// what the "hidden fields" view shows on the right. managedFields go as in
// the diff (unless kept), Secret data is masked.
QString wholeClusterYaml(const input::ClusterObject &object, bool showManagedFields)
{
    Value copy = object.object.deepCopy();
    if (!showManagedFields)
        ref::removeNestedField(copy, {"metadata", "managedFields"});
    if (compare::isV1Secret(copy)) {
        Value masked = copy.deepCopy();
        (void)compare::maskSecretData(masked, copy);
    }
    return yamlOf(copy);
}

// Lines (1-based) of `text` at or below any of `paths`.
QSet<int> linesUnder(const QString &text, const std::vector<ObjectPath> &paths)
{
    QSet<int> lines;
    const std::vector<ObjectPath> linePaths = yaml::yamlLinePaths(text.toStdString());
    for (std::size_t i = 0; i < linePaths.size(); ++i)
        for (const ObjectPath &p : paths)
            if (!p.empty() && isUnder(linePaths[i], p)) {
                lines.insert(int(i) + 1);
                break;
            }
    return lines;
}

int firstLineUnder(const QString &text, const ObjectPath &path)
{
    const std::vector<ObjectPath> linePaths = yaml::yamlLinePaths(text.toStdString());
    for (std::size_t i = 0; i < linePaths.size(); ++i)
        if (isUnder(linePaths[i], path))
            return int(i) + 1;
    return 0;
}

} // namespace

void SelectionController::showResult(const QString &id, const report::CrResult &r)
{
    const auto snapshot = m_session->snapshot();
    m_selectedTemplate = qs(r.correlatedTemplate);
    selectQuietly(m_views.referencePanel, m_views.referenceModel->indexForTemplate(m_selectedTemplate));
    // The header says why a patched CR differs less than the template: the reasons recorded.
    QString header = qs(r.description);
    if (const QString reasons = overrideReasonsText(&r); !reasons.isEmpty())
        header += (header.isEmpty() ? QString() : QStringLiteral("\n")) + reasons;
    m_leftText = qs(r.referenceYaml);
    m_rightText = qs(r.clusterYaml);
    const input::ClusterObject *object = snapshot->lookup().object(r.crName);
    const bool whole = m_showHidden && !r.hidden.empty() && object && !object->partial;
    if (whole)
        m_rightText = wholeClusterYaml(*object, snapshot->options.showManagedFields);
    m_views.diffView->setDiff(m_selectedTemplate, m_leftText, id, m_rightText, header);
    if (whole) {
        std::vector<ObjectPath> hidden;
        for (const report::HiddenField &h : r.hidden)
            hidden.push_back(h.path);
        m_views.diffView->setMutedLines(linesUnder(m_leftText, hidden), linesUnder(m_rightText, hidden));
    }
    offerOtherObjects(id, r.templateIndex);
    emit shown(id, m_selectedTemplate);
}

// A template compared with several CRs: the header switches between them.
void SelectionController::offerOtherObjects(const QString &id, std::size_t templateIndex)
{
    const auto snapshot = m_session->snapshot();
    m_alternatives = qsList(snapshot->lookup().templateStatus(templateIndex).clusterObjectIds);
    if (m_alternatives.size() < 2)
        return;
    QStringList labels;
    for (qsizetype i = 0; i < m_alternatives.size(); ++i) {
        const report::CrStatus &s = snapshot->lookup().objectStatus(m_alternatives[i].toStdString());
        labels << tr("CR %1 of %2: %3 (%4)").arg(i + 1).arg(m_alternatives.size()).arg(m_alternatives[i],
                                                                                        displayText(s));
    }
    m_views.diffView->setAlternatives(labels, int(m_alternatives.indexOf(id)));
}

void SelectionController::setShowHiddenFields(bool show)
{
    if (show == m_showHidden)
        return;
    m_showHidden = show;
    if (!m_selectedObject.isEmpty())
        showObjectDiff(m_selectedObject);
}

void SelectionController::revealPath(const ObjectPath &path)
{
    const int left = firstLineUnder(m_leftText, path);
    const int right = firstLineUnder(m_rightText, path);
    const auto reveal = [this, left, right] {
        if (!m_views.diffView->revealLine(left, right) && right > 0)
            m_views.diffView->revealLine(0, right);
    };
    if (!m_views.diffView->isBusy()) {
        reveal();
        return;
    }
    // The rows are still being computed: reveal once they are on screen.
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(m_views.diffView, &SideBySideDiffView::diffShown, this, [connection, reveal] {
        QObject::disconnect(*connection);
        reveal();
    });
}

// Not compared: the CR itself, read again in full (off this thread) when it was skimmed.
namespace {

// The field a Go template error names: `executing "x.yaml" at <.spec.foo>: …`
// is about spec.foo of the CR (the template's data). Empty when it names none.
ObjectPath failingField(const std::string &error)
{
    static const QRegularExpression at(QStringLiteral(R"(at <[^>]*?((?:\.[A-Za-z0-9_-]+)+))"));
    const QRegularExpressionMatch m = at.match(QString::fromStdString(error));
    ObjectPath path;
    if (m.hasMatch())
        for (const QString &key : m.captured(1).split(QLatin1Char('.'), Qt::SkipEmptyParts))
            path.push_back(PathSegment{key.toStdString(), std::nullopt, {}});
    return path;
}

} // namespace

// A CR whose comparison failed is no drift: it is shown as read, greyed, with
// the error instead of a rendered template and the field the error names (or
// its closest parent present) left bright and scrolled to.
void SelectionController::showFailure(const QString &id, const report::FailedCr &failure)
{
    const auto snapshot = m_session->snapshot();
    const input::ClusterObject *object = snapshot->lookup().object(failure.crName);
    m_selectedTemplate = failure.templates.empty() ? QString() : qs(failure.templates.front());
    selectQuietly(m_views.referencePanel, m_views.referenceModel->indexForTemplate(m_selectedTemplate));
    m_leftText = tr("# Not compared: the template could not be rendered for this CR.\n");
    for (const QString &line : qs(failure.error).split(QLatin1Char('\n')))
        m_leftText += QStringLiteral("# ") + line + QLatin1Char('\n');
    m_rightText = object && !object->partial ? wholeClusterYaml(*object, snapshot->options.showManagedFields)
                                             : QString();
    const QString title = tr("%1 (not compared)").arg(qsList(failure.templates).join(QStringLiteral(", ")));
    m_views.diffView->setDiff(title, m_leftText, id, m_rightText, tr("Render error: %1").arg(qs(failure.error)));
    QSet<int> located;
    for (ObjectPath field = failingField(failure.error); !field.empty() && located.isEmpty(); field.pop_back())
        located = linesUnder(m_rightText, {field});
    const auto allLines = [](const QString &text) {
        QSet<int> lines;
        for (int i = 1; i <= int(text.count(QLatin1Char('\n'))); ++i)
            lines.insert(i);
        return lines;
    };
    m_views.diffView->setMutedLines(allLines(m_leftText), allLines(m_rightText) - located);
    if (!located.isEmpty())
        m_views.diffView->revealLine(0, *std::min_element(located.begin(), located.end()));
    emit shown(id, m_selectedTemplate);
}

void SelectionController::showUncompared(const QString &id, const QString &note)
{
    const auto snapshot = m_session->snapshot();
    const input::ClusterObject *object = snapshot->lookup().object(id.toStdString());
    m_leftText.clear();
    m_rightText.clear();
    emit shown(id, QString());
    if (!object || !object->partial) {
        m_rightText = object ? yamlOf(object->object) : QString();
        m_views.diffView->setDiff(tr("(no template)"), QString(), id, m_rightText, note);
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
            if (self && generation == self->m_readGeneration) {
                self->m_rightText = yaml;
                self->m_views.diffView->setDiff(tr("(no template)"), QString(), id, yaml, note);
            }
        }, Qt::QueuedConnection);
    });
}

void SelectionController::showTemplateDiff(const QModelIndex &sourceIndex)
{
    const QString path = sourceIndex.data(ItemRole::TemplatePath).toString();
    m_selectedTemplate = path;
    const QStringList objects = sourceIndex.data(ReferenceTreeModel::ClusterObjectIdsRole).toStringList();
    if (!objects.isEmpty()) {
        // The template's first drifted CR (else its first); the header switches to the others.
        const auto snapshot = m_session->snapshot();
        QString first = objects.front();
        for (const QString &id : objects)
            if (const report::CrResult *r = snapshot->lookup().result(id.toStdString()); r && r->hasDiff()) {
                first = id;
                break;
            }
        selectQuietly(m_views.objectPanel, m_views.objectModel->indexForObject(first));
        showObjectDiff(first);
        return;
    }
    m_selectedObject.clear();
    ++m_readGeneration;
    const auto snapshot = m_session->snapshot();
    const int templateIndex = sourceIndex.data(ReferenceTreeModel::TemplateIndexRole).toInt();
    QString expected;
    if (snapshot->reference && templateIndex >= 0 && std::size_t(templateIndex) < snapshot->reference->templates.size())
        expected = yamlOf(snapshot->reference->templates[std::size_t(templateIndex)].metadata);
    m_leftText = expected;
    m_rightText.clear();
    m_views.diffView->setDiff(path, expected, tr("(not in the cluster)"), QString(),
                              sourceIndex.data(Qt::ToolTipRole).toString());
    emit shown(QString(), path);
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
