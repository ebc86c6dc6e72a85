// SPDX-License-Identifier: Apache-2.0
#include "MetadataHash.h"

#include "template/TemplateNode.h"
#include "template/TemplateSet.h"
#include "yaml/YamlWriter.h"

#include <QCryptographicHash>

namespace ds::ref {

namespace {

Value str(const std::string &s) { return Value(s); }

Value stringList(const std::vector<std::string> &items)
{
    ValueList out;
    for (const auto &s : items)
        out.push_back(str(s));
    return Value(std::move(out));
}

Value omitEntry(const OmitEntry &e, int version)
{
    ValueMap m;
    const bool hasPath = version == 1 || !e.pathToKey.empty();
    if (hasPath) {
        m.emplace("pathToKey", str(e.pathToKey));
        if (e.isPrefix)
            m.emplace("isPrefix", Value(true));
    }
    if (version == 2 && !e.include.empty())
        m.emplace("include", str(e.include));
    return Value(std::move(m));
}

Value fieldsToOmit(const Reference &r)
{
    ValueMap items;
    for (const auto &[key, entries] : r.fieldsToOmit.items) {
        ValueList list;
        for (const auto &e : entries)
            list.push_back(omitEntry(e, r.version));
        items.emplace(key, Value(std::move(list)));
    }
    ValueMap m;
    if (!r.fieldsToOmit.defaultOmitRef.empty())
        m.emplace("defaultOmitRef", str(r.fieldsToOmit.defaultOmitRef));
    if (!items.empty())
        m.emplace("items", Value(std::move(items)));
    return Value(std::move(m));
}

Value templateV1(const ReferenceTemplate &t)
{
    ValueMap config;
    if (t.config.ignoreUnspecifiedFields)
        config.emplace("ignore-unspecified-fields", Value(true));
    if (!t.config.fieldsToOmitRefs.empty())
        config.emplace("fieldsToOmitRefs", stringList(t.config.fieldsToOmitRefs));
    ValueMap m;
    m.emplace("path", str(t.path));
    if (!t.description.empty())
        m.emplace("description", str(t.description));
    m.emplace("config", Value(std::move(config)));
    return Value(std::move(m));
}

Value componentValue(const Reference &r, const Component &c)
{
    ValueMap m;
    m.emplace("name", str(c.name));
    if (r.version == 1) {
        if (!c.type.empty())
            m.emplace("type", str(c.type));
        auto templates = [&](const std::vector<std::size_t> &indices) {
            ValueList list;
            for (std::size_t i : indices)
                list.push_back(templateV1(r.templates[i]));
            return Value(std::move(list));
        };
        if (!c.requiredTemplates.empty())
            m.emplace("requiredTemplates", templates(c.requiredTemplates));
        if (!c.optionalTemplates.empty())
            m.emplace("optionalTemplates", templates(c.optionalTemplates));
        return Value(std::move(m));
    }
    // v2 groups have no exported fields: each serialises as {}.
    if (!c.description.empty())
        m.emplace("description", str(c.description));
    for (const char *group : {"oneOf", "noneOf", "allOf", "anyOf", "anyOneOf", "allOrNoneOf"})
        m.emplace(group, Value::emptyMap());
    return Value(std::move(m));
}

Value referenceValue(const Reference &r)
{
    ValueMap root;
    if (!r.apiVersion.empty())
        root.emplace("apiVersion", str(r.apiVersion));
    if (r.parts.empty()) {
        root.emplace("parts", Value::null());
    } else {
        ValueList parts;
        for (const Part &p : r.parts) {
            ValueMap part;
            part.emplace("name", str(p.name));
            if (r.version == 2 && !p.description.empty())
                part.emplace("description", str(p.description));
            if (p.components.empty()) {
                part.emplace("components", Value::null());
            } else {
                ValueList components;
                for (const Component &c : p.components)
                    components.push_back(componentValue(r, c));
                part.emplace("components", Value(std::move(components)));
            }
            parts.push_back(Value(std::move(part)));
        }
        root.emplace("parts", Value(std::move(parts)));
    }
    if (!r.templateFunctionFiles.empty())
        root.emplace("templateFunctionFiles", stringList(r.templateFunctionFiles));
    root.emplace("fieldsToOmit", fieldsToOmit(r));
    return Value(std::move(root));
}

} // namespace

std::string hashedReferenceYaml(const Reference &reference)
{
    return yaml::writeCanonical(referenceValue(reference)).text;
}

std::string metadataHash(const Reference &reference)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    const std::string yamlText = hashedReferenceYaml(reference);
    hash.addData(QByteArrayView(yamlText.data(), static_cast<qsizetype>(yamlText.size())));
    for (const auto &t : reference.templates) {
        if (!t.templates)
            continue;
        const tmpl::ParseTree *tree = t.templates->lookup(t.name);
        if (!tree || !tree->root)
            continue;
        for (const auto &node : tree->root->nodes) {
            const std::string s = node->toString();
            hash.addData(QByteArrayView(s.data(), static_cast<qsizetype>(s.size())));
        }
    }
    return hash.result().toHex().toStdString();
}

} // namespace ds::ref
