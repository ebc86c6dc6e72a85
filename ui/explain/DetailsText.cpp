// SPDX-License-Identifier: Apache-2.0
#include "explain/DetailsText.h"
#include "schema/CrdCatalog.h"
#include "schema/SchemaValidator.h"
#include "yaml/YamlReader.h"

#include "models/States.h"
#include "session/ComparisonSnapshot.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace ds::ui {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("ds::ui::DetailsText", text);
}

QString esc(const std::string &text)
{
    return qs(text).toHtmlEscaped();
}

// Escaped text with http(s) links clickable (descriptions point to documentation).
QString withLinks(const std::string &text)
{
    static const QRegularExpression url(QStringLiteral(R"(https?://[^\s<>"']+)"));
    const QString plain = qs(text);
    QString out;
    qsizetype at = 0;
    for (auto it = url.globalMatch(plain); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += plain.mid(at, m.capturedStart() - at).toHtmlEscaped();
        const QString link = m.captured().toHtmlEscaped();
        out += QStringLiteral("<a href=\"%1\">%1</a>").arg(link);
        at = m.capturedEnd();
    }
    out += plain.mid(at).toHtmlEscaped();
    return out.replace(QLatin1Char('\n'), QStringLiteral("<br>"));
}

QString row(const QString &label, const QString &value)
{
    return QStringLiteral("<tr><td style=\"padding-right:10px\"><b>%1</b></td><td>%2</td></tr>").arg(label, value);
}

const ref::ReferenceTemplate *templateNamed(const ComparisonSnapshot &snapshot, const QString &path, std::size_t *index)
{
    if (!snapshot.reference)
        return nullptr;
    for (std::size_t i = 0; i < snapshot.reference->templates.size(); ++i)
        if (qs(snapshot.reference->templates[i].path) == path) {
            *index = i;
            return &snapshot.reference->templates[i];
        }
    return nullptr;
}

QString correlationText(const report::CrResult &r)
{
    const report::CorrelationReason &why = r.correlation;
    if (why.kind == report::CorrelationReason::Kind::Manual)
        return why.diffConfig.empty() ? tr("pinned by hand (manual correlation)")
                                      : tr("pinned in the diff config %1").arg(esc(why.diffConfig));
    QStringList fields;
    for (const auto &[field, value] : why.fields)
        fields << QStringLiteral("<code>%1</code>&nbsp;=&nbsp;<code>%2</code>").arg(esc(field), esc(value));
    const QString exact = why.fields.size() == 4 ? tr("exact match on ") : tr("the fields the template fixes: ");
    return exact + fields.join(QStringLiteral(", "));
}

QString candidatesText(const report::CrResult &r)
{
    QStringList others;
    for (const report::CandidateResult &c : r.candidates) {
        if (c.templateIndex == r.templateIndex)
            continue;
        QString state = c.excluded ? tr("excluded itself (doNotMatch)")
            : c.error              ? tr("render error")
                                   : tr("%1 differences").arg(c.score);
        others << QStringLiteral("<code>%1</code> (%2)").arg(esc(c.templatePath), state);
    }
    if (others.isEmpty())
        return {};
    return tr("best of %1 templates (this one: %2 differences); also compared: %3")
        .arg(others.size() + 1)
        .arg(r.score)
        .arg(others.join(QStringLiteral(", ")));
}

QString hiddenText(const report::CrResult &r)
{
    int omitted = 0, unspecified = 0, accepted = 0, rejected = 0;
    for (const report::HiddenField &h : r.hidden) {
        switch (h.reason) {
        case report::HiddenField::Reason::Omitted: ++omitted; break;
        case report::HiddenField::Reason::Unspecified: ++unspecified; break;
        case report::HiddenField::Reason::InlineFunction: ++(h.accepted ? accepted : rejected); break;
        }
    }
    QStringList parts;
    if (omitted)
        parts << tr("%1 omitted (fieldsToOmit)").arg(omitted);
    if (unspecified)
        parts << tr("%1 left open (ignore-unspecified-fields)").arg(unspecified);
    if (accepted)
        parts << tr("%1 accepted by inline functions").arg(accepted);
    if (rejected)
        parts << tr("%1 not accepted by inline functions").arg(rejected);
    return parts.isEmpty() ? tr("nothing") : parts.join(QStringLiteral(", ")) + tr(" — see the Fields panel");
}

// `object` against the CRD of its kind from the cluster data; "" without one.
QString validationText(const schema::CrdCatalog &crds, const Value &object, const QString &what)
{
    const Value apiVersion = object.get("apiVersion");
    const Value kind = object.get("kind");
    if (!apiVersion.isString() || !kind.isString())
        return {};
    const schema::CrdCatalog::Version *version = crds.find(apiVersion.str(), kind.str());
    if (!version || !version->schema)
        return {};
    schema::ValidationOptions options;
    options.valuesMayBeUnknown = false; // both sides have every value
    schema::SchemaValidator validator(options);
    const auto findings = validator.validate(object, *version->schema);
    if (findings.empty())
        return tr("%1: valid against %2").arg(what, esc(version->crdName));
    QStringList items;
    for (const schema::SchemaFinding &f : findings)
        items << QStringLiteral("<code>%1</code>: %2").arg(esc(f.path), esc(f.message));
    return tr("%1, against %2 from the cluster data:").arg(what, esc(version->crdName)) + QStringLiteral("<ul><li>")
        + items.join(QStringLiteral("</li><li>")) + QStringLiteral("</li></ul>");
}

// The cluster CR and the reference rendered for it against their CRD from the
// cluster data: a field the CRD no longer has, or a value it no longer allows,
// explains a drift no edit of the cluster can fix; a rendered reference the
// CRD rejects is a template to fix.
QString schemaText(const ComparisonSnapshot &snapshot, const QString &id, const report::CrResult &result)
{
    if (!snapshot.crds)
        return {};
    QStringList parts;
    const input::ClusterObject *object = snapshot.lookup().object(id.toStdString());
    if (object && !object->partial)
        parts << validationText(*snapshot.crds, object->object, tr("cluster CR"));
    const yaml::ReadResult rendered = yaml::read(result.referenceYaml);
    if (rendered.ok() && !rendered.documents.empty())
        parts << validationText(*snapshot.crds, rendered.documents.front(), tr("rendered reference"));
    parts.removeAll(QString());
    return parts.join(QStringLiteral("<br>"));
}

QString objectDetails(const ComparisonSnapshot &snapshot, const QString &id)
{
    const ReportIndex &lookup = snapshot.lookup();
    const report::CrStatus &status = lookup.objectStatus(id.toStdString());
    QString html = QStringLiteral("<h3>%1</h3><table>").arg(id.toHtmlEscaped());
    html += row(tr("Status"), displayText(status).toHtmlEscaped());
    if (const input::ClusterObject *object = lookup.object(id.toStdString()))
        html += row(tr("Source"), esc(object->source));
    if (const report::CrResult *r = lookup.result(id.toStdString())) {
        html += row(tr("Template"), QStringLiteral("<code>%1</code>").arg(esc(r->correlatedTemplate)));
        html += row(tr("Why this template"), correlationText(*r));
        if (const QString others = candidatesText(*r); !others.isEmpty())
            html += row(tr("Candidates"), others);
        if (!r->overrideReasons.empty())
            html += row(tr("Accepted"), qsList(r->overrideReasons).join(QStringLiteral("; ")).toHtmlEscaped());
        html += row(tr("Not compared"), hiddenText(*r));
        if (const QString problems = schemaText(snapshot, id, *r); !problems.isEmpty())
            html += row(tr("Schema"), problems);
        if (!r->description.empty())
            html += row(tr("Description"), withLinks(r->description));
    } else if (const report::FailedCr *f = lookup.failure(id.toStdString())) {
        html += row(tr("Error"), esc(f->error));
    } else {
        html += row(tr("Why no template"),
                    tr("no template of the reference fixes this CR's apiVersion, kind, namespace and name; drag it "
                       "onto a template (or Correlate with Template…) to compare them"));
    }
    return html + QStringLiteral("</table>");
}

QString templateDetails(const ComparisonSnapshot &snapshot, const QString &path)
{
    std::size_t index = 0;
    const ref::ReferenceTemplate *t = templateNamed(snapshot, path, &index);
    if (!t)
        return {};
    const report::TemplateStatus &status = snapshot.lookup().templateStatus(index);
    QString html = QStringLiteral("<h3>%1</h3><table>").arg(path.toHtmlEscaped());
    html += row(tr("Status"), displayText(status).toHtmlEscaped());
    if (snapshot.report) {
        if (const auto via = snapshot.report->foundByReferenceVia.find(t->path); via != snapshot.report->foundByReferenceVia.end())
            html += row(tr("Found"), tr("through a CR's %1 — its content was not compared").arg(esc(via->second)));
    }
    if (!status.issue.empty())
        html += row(tr("Validation"), esc(status.issue));
    if (!t->effectiveDescription.empty())
        html += row(tr("Description"), withLinks(t->effectiveDescription));
    return html + QStringLiteral("</table>");
}

} // namespace

QString detailsHtml(const ComparisonSnapshot &snapshot, const QString &objectId, const QString &templatePath)
{
    if (!objectId.isEmpty())
        return objectDetails(snapshot, objectId);
    if (!templatePath.isEmpty())
        return templateDetails(snapshot, templatePath);
    return tr("<p>Select a template or a CR to see why it has its state.</p>");
}

} // namespace ds::ui
