// SPDX-License-Identifier: Apache-2.0
#include "ApiDiscovery.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace ds::live {

namespace {

std::string str(const QJsonObject &o, const char *key)
{
    return o.value(QLatin1String(key)).toString().toStdString();
}

bool listable(const QJsonObject &o)
{
    const QJsonValue verbs = o.value(QLatin1String("verbs"));
    return !verbs.isArray() || verbs.toArray().isEmpty() || verbs.toArray().contains(QLatin1String("list"));
}

std::pair<std::string, std::string> splitGroupVersion(const std::string &gv)
{
    const auto slash = gv.find('/');
    if (slash == std::string::npos)
        return {"", gv};
    return {gv.substr(0, slash), gv.substr(slash + 1)};
}

std::optional<QJsonObject> object(const QByteArray &body, std::string &error)
{
    QJsonParseError perr{};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &perr);
    if (!doc.isObject()) {
        error = "invalid discovery document: " + perr.errorString().toStdString();
        return std::nullopt;
    }
    return doc.object();
}

void addAggregatedVersion(const std::string &group, const QJsonObject &version, std::vector<ServedResource> &out)
{
    const std::string v = str(version, "version");
    for (const QJsonValue &rv : version.value(QLatin1String("resources")).toArray()) {
        const QJsonObject r = rv.toObject();
        const QJsonObject responseKind = r.value(QLatin1String("responseKind")).toObject();
        ServedResource s;
        s.group = group;
        s.version = v;
        s.resource = str(r, "resource");
        s.kind = str(responseKind, "kind");
        s.namespaced = str(r, "scope") != "Cluster";
        s.listable = listable(r);
        s.reportedGroup = str(responseKind, "group");
        s.reportedVersion = str(responseKind, "version");
        if (!s.resource.empty() && !s.kind.empty())
            out.push_back(std::move(s));
    }
}

} // namespace

QByteArray ApiDiscovery::aggregatedAccept()
{
    return "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,"
           "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json";
}

bool ApiDiscovery::isAggregated(const QByteArray &contentType, const QByteArray &body)
{
    if (contentType.contains("as=APIGroupDiscoveryList"))
        return true;
    // Some proxies drop the content type parameters; the document says what it is.
    return QJsonDocument::fromJson(body).object().value(QLatin1String("kind")).toString()
        == QLatin1String("APIGroupDiscoveryList");
}

std::optional<std::vector<ServedResource>> ApiDiscovery::parseAggregated(const QByteArray &body, std::string &error)
{
    const auto o = object(body, error);
    if (!o)
        return std::nullopt;
    std::vector<ServedResource> out;
    for (const QJsonValue &gv : o->value(QLatin1String("items")).toArray()) {
        const QJsonObject g = gv.toObject();
        const std::string group = str(g.value(QLatin1String("metadata")).toObject(), "name");
        for (const QJsonValue &vv : g.value(QLatin1String("versions")).toArray())
            addAggregatedVersion(group, vv.toObject(), out);
    }
    return out;
}

std::vector<std::string> ApiDiscovery::parseApiVersions(const QByteArray &body)
{
    std::vector<std::string> out;
    for (const QJsonValue &v : QJsonDocument::fromJson(body).object().value(QLatin1String("versions")).toArray())
        out.push_back(v.toString().toStdString());
    return out;
}

std::vector<std::string> ApiDiscovery::parseGroupList(const QByteArray &body)
{
    std::vector<std::string> out;
    for (const QJsonValue &gv : QJsonDocument::fromJson(body).object().value(QLatin1String("groups")).toArray()) {
        const QJsonObject g = gv.toObject();
        // Preferred version first, as client-go orders them.
        const std::string preferred = str(g.value(QLatin1String("preferredVersion")).toObject(), "groupVersion");
        if (!preferred.empty())
            out.push_back(preferred);
        for (const QJsonValue &v : g.value(QLatin1String("versions")).toArray()) {
            const std::string groupVersion = str(v.toObject(), "groupVersion");
            if (groupVersion != preferred)
                out.push_back(groupVersion);
        }
    }
    return out;
}

std::optional<std::vector<ServedResource>> ApiDiscovery::parseResourceList(const QByteArray &body,
                                                                           const std::string &groupVersion,
                                                                           std::string &error)
{
    const auto o = object(body, error);
    if (!o)
        return std::nullopt;
    const auto [group, version] = splitGroupVersion(groupVersion);
    std::vector<ServedResource> out;
    for (const QJsonValue &rv : o->value(QLatin1String("resources")).toArray()) {
        const QJsonObject r = rv.toObject();
        ServedResource s;
        s.group = group;
        s.version = version;
        s.resource = str(r, "name");
        if (s.resource.empty() || s.resource.find('/') != std::string::npos)
            continue; // subresource (deployments/status, ...)
        s.kind = str(r, "kind");
        s.namespaced = r.value(QLatin1String("namespaced")).toBool();
        s.listable = listable(r);
        s.reportedGroup = str(r, "group");
        s.reportedVersion = str(r, "version");
        if (s.reportedVersion.empty()) { // the usual legacy document: take them from the URL
            s.reportedGroup = group;
            s.reportedVersion = version;
        }
        out.push_back(std::move(s));
    }
    return out;
}

} // namespace ds::live
