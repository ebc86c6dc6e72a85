// SPDX-License-Identifier: Apache-2.0
#include "UserOverrides.h"

#include "GroupCorrelator.h"
#include "json/JsonWriter.h"
#include "patch/JsonPatch.h"
#include "patch/MergePatch.h"
#include "reference/StrictDecoder.h"
#include "template/TemplateSet.h"
#include "yaml/SigsYaml.h"
#include "yaml/YamlReader.h"
#include "yaml/YamlWriter.h"

#include <QFile>
#include <QFileInfo>

namespace ds::compare {

namespace {

const char *kLoadError = "failed to load user overrides: ";

std::optional<UserOverride> decodeOverride(const Value &v, ref::StrictDecoder &d)
{
    static const std::vector<ref::StrictDecoder::Field> fields = {
        {"name", "string"},   {"apiVersion", "string"}, {"kind", "string"},         {"namespace", "string"},
        {"exactMatch", "string"}, {"reason", "string"}, {"type", "compare.patchType"}, {"patch", "string"},
        {"templatePath", "string"},
    };
    auto f = d.decodeStruct(v, "", "", "compare.UserOverride", fields);
    UserOverride o;
    std::string *targets[] = {&o.name, &o.apiVersion, &o.kind, &o.ns, &o.exactMatch,
                              &o.reason, &o.type, &o.patch, &o.templatePath};
    for (std::size_t i = 0; i < fields.size(); ++i)
        *targets[i] = d.decodeString(f[i], "UserOverride", std::string(fields[i].jsonName), fields[i].goType);
    return o;
}

Value metadataOf(const UserOverride &o)
{
    ValueMap metadata;
    metadata.emplace("name", Value(o.name));
    metadata.emplace("namespace", Value(o.ns));
    ValueMap m;
    m.emplace("apiVersion", Value(o.apiVersion));
    m.emplace("kind", Value(o.kind));
    m.emplace("metadata", Value(std::move(metadata)));
    return Value(std::move(m));
}

std::optional<std::string> applyPatch(const std::string &type, const std::string &patchText, Value &rendered,
                                      const Value &live, tmpl::FunctionContext &context, int depth)
{
    if (depth > 32)
        return std::string("templated patch nests too deeply");
    if (type == "mergepatch") {
        patch::PatchResult r = patch::MergePatch::applyJson(rendered, patchText);
        if (!r.ok())
            return "failed to apply user patch: " + *r.error;
        rendered = r.value;
        return std::nullopt;
    }
    if (type == "rfc6902") {
        const patch::JsonPatch p = patch::JsonPatch::decode(patchText);
        if (!p.ok())
            return "failed to decode user patch: " + *p.error();
        patch::PatchResult r = p.apply(rendered);
        if (!r.ok())
            return "failed to apply user patch: " + *r.error;
        rendered = r.value;
        return std::nullopt;
    }
    if (type == "go-template") {
        tmpl::TemplateSet set;
        if (auto e = set.parse("", patchText))
            return "failed to parse patch as template: " + *e;
        const tmpl::RenderResult out = set.execute("", live, context);
        if (!out.ok())
            return "failed to execute patch template: " + *out.error;
        const yaml::UnmarshalResult u = yaml::unmarshalAny(out.output);
        ref::StrictDecoder d(false);
        std::optional<UserOverride> inner;
        if (u.ok())
            inner = decodeOverride(u.value, d);
        // sigs.k8s.io/yaml wraps decoding errors like this; YAML errors come prefixed already.
        if (!u.ok() || d.failed())
            return "failed to unmarshal templated patch: "
                + (u.ok() ? "error unmarshaling JSON: while decoding JSON: " + *d.error() : *u.error);
        return applyPatch(inner->type, inner->patch, rendered, live, context, depth + 1);
    }
    return "unknown patch type: " + type;
}

} // namespace

Value UserOverride::toValue() const
{
    ValueMap m;
    auto optional = [&](const char *key, const std::string &v) {
        if (!v.empty())
            m.emplace(key, Value(v));
    };
    optional("name", name);
    optional("apiVersion", apiVersion);
    optional("kind", kind);
    optional("namespace", ns);
    optional("exactMatch", exactMatch);
    m.emplace("reason", Value(reason));
    m.emplace("type", Value(type));
    m.emplace("patch", Value(patch));
    m.emplace("templatePath", Value(templatePath));
    return Value(std::move(m));
}

UserOverrides::UserOverrides(std::vector<UserOverride> overrides) : m_overrides(std::move(overrides))
{
    std::vector<Value> metadata;
    for (const auto &o : m_overrides)
        metadata.push_back(metadataOf(o));
    m_groups = std::make_unique<GroupCorrelator>(metadata, GroupCorrelator::Order::Overrides);
}

UserOverrides::~UserOverrides() = default;

UserOverrides::LoadResult UserOverrides::parse(const std::string &text)
{
    LoadResult result;
    yaml::ReadOptions options;
    options.firstDocumentOnly = true;
    const yaml::ReadResult r = yaml::read(text, options);
    if (!r.ok()) {
        result.error = kLoadError + std::string("error converting YAML to JSON: ") + r.error->goText();
        return result;
    }
    const Value doc = r.documents.empty() ? Value::null() : r.documents.front();
    ref::StrictDecoder d(false);
    std::vector<UserOverride> overrides;
    for (const Value &item : d.decodeList(doc, "", "", "[]*compare.UserOverride"))
        if (auto o = decodeOverride(item, d))
            overrides.push_back(std::move(*o));
    if (d.failed()) {
        result.error = kLoadError + std::string("error unmarshaling JSON: while decoding JSON: ") + *d.error();
        return result;
    }
    for (const auto &o : overrides) {
        if (o.reason.empty()) {
            result.error = std::string(kLoadError) + "missing reason";
            return result;
        }
    }
    result.overrides = std::make_shared<UserOverrides>(std::move(overrides));
    return result;
}

UserOverrides::LoadResult UserOverrides::load(const std::string &path)
{
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly)) {
        // os.ReadFile's texts; a directory opens but fails to read.
        LoadResult result;
        result.error = kLoadError
            + (!f.exists()                    ? "open " + path + ": no such file or directory"
                   : QFileInfo(f).isDir() ? "read " + path + ": is a directory"
                                          : "open " + path + ": permission denied");
        return result;
    }
    return parse(f.readAll().toStdString());
}

std::vector<const UserOverride *> UserOverrides::match(const Value &object, const std::string &objectId) const
{
    std::vector<const UserOverride *> out;
    // exactMatch: the last override naming the id wins, like Go's map.
    const UserOverride *exact = nullptr;
    for (const auto &o : m_overrides)
        if (!o.exactMatch.empty() && o.exactMatch == objectId)
            exact = &o;
    if (exact)
        return {exact};
    for (std::size_t i : m_groups->match(object))
        out.push_back(&m_overrides[i]);
    return out;
}

std::optional<std::string> UserOverrides::apply(const UserOverride &override, Value &rendered, const Value &live,
                                                tmpl::FunctionContext &context)
{
    return applyPatch(override.type, override.patch, rendered, live, context, 0);
}

std::optional<UserOverride> UserOverrides::generate(const Value &finalReference, const Value &live,
                                                    const std::string &templatePath, const std::string &reason,
                                                    std::string &error)
{
    std::optional<std::string> text = acceptPatch(finalReference, live, &error);
    if (!text)
        return std::nullopt;
    auto str = [&](std::initializer_list<std::string_view> path) {
        const Value v = live.at(path);
        return v.isString() ? v.str() : std::string();
    };
    UserOverride o;
    o.name = str({"metadata", "name"});
    o.apiVersion = str({"apiVersion"});
    o.kind = str({"kind"});
    o.ns = str({"metadata", "namespace"});
    o.type = "mergepatch";
    o.patch = std::move(*text);
    o.reason = reason;
    o.templatePath = templatePath;
    return o;
}

std::optional<std::string> UserOverrides::acceptPatch(const Value &finalReference, const Value &live,
                                                      std::string *error)
{
    const patch::PatchResult p = patch::MergePatch::create(finalReference, live);
    if (!p.ok()) {
        if (error)
            *error = "failed to create patch: " + *p.error;
        return std::nullopt;
    }
    json::WriteResult text = json::write(p.value);
    if (!text.ok()) {
        if (error)
            *error = "failed to create patch: " + *text.error;
        return std::nullopt;
    }
    return std::move(text.text);
}

UserOverride UserOverrides::accepting(const report::CrResult &result, const std::string &reason)
{
    UserOverride o;
    o.name = result.name;
    o.apiVersion = result.apiVersion;
    o.kind = result.kind;
    o.ns = result.ns;
    o.type = "mergepatch";
    o.patch = result.acceptPatch;
    o.reason = reason;
    o.templatePath = result.correlatedTemplate;
    return o;
}

std::string UserOverrides::toYaml(const std::vector<UserOverride> &overrides)
{
    if (overrides.empty())
        return "null\n";
    ValueList list;
    for (const auto &o : overrides)
        list.push_back(o.toValue());
    return yaml::writeCanonical(Value(std::move(list))).text;
}

} // namespace ds::compare
