// SPDX-License-Identifier: Apache-2.0
#include "OpenApiDocument.h"

#include <map>
#include <set>

namespace ds::schema {

namespace {

// Resolves "#/components/schemas/NAME" (or "#/definitions/NAME") once per
// name. A reference back into a schema still being read (JSONSchemaProps
// refers to itself) becomes an open schema: validation stops there instead of
// recursing forever.
class RefTable
{
public:
    static constexpr std::size_t kMaxRefDepth = 64;

    RefTable(const Value &schemas, std::string prefix) : m_schemas(schemas), m_prefix(std::move(prefix)) {}

    std::shared_ptr<const OpenApiSchema> resolve(const std::string &ref)
    {
        const std::string name = ref.rfind(m_prefix, 0) == 0 ? ref.substr(m_prefix.size()) : ref;
        if (const auto it = m_done.find(name); it != m_done.end())
            return it->second;
        const Value node = m_schemas.get(name);
        // A chain of $refs deeper than any real document (Kubernetes nests a
        // dozen) is a hostile one: open there rather than exhaust the stack.
        if (m_reading.contains(name) || !node.isMap() || m_reading.size() >= kMaxRefDepth)
            return open();
        m_reading.insert(name);
        std::string error;
        auto schema = OpenApiSchema::fromValue(node, error, [this](const std::string &r) { return resolve(r); });
        m_reading.erase(name);
        if (!schema && m_error.empty())
            m_error = name + ": " + error;
        return m_done[name] = schema ? schema : open();
    }
    const std::string &error() const { return m_error; }

private:
    static std::shared_ptr<const OpenApiSchema> open()
    {
        auto s = std::make_shared<OpenApiSchema>();
        s->preserveUnknownFields = true;
        return s;
    }

    const Value &m_schemas;
    std::string m_prefix;
    std::map<std::string, std::shared_ptr<const OpenApiSchema>> m_done;
    std::set<std::string> m_reading;
    std::string m_error;
};

} // namespace

bool OpenApiDocument::isOpenApi(const Value &document)
{
    return document.isMap() && (document.get("openapi").isString() || document.get("swagger").isString());
}

std::vector<OpenApiDocument::Kind> OpenApiDocument::kinds(const Value &document, std::string &error)
{
    const bool v3 = document.get("openapi").isString();
    const Value schemas = v3 ? document.at({"components", "schemas"}) : document.get("definitions");
    std::vector<Kind> out;
    if (!schemas.isMap())
        return out;
    RefTable refs(schemas, v3 ? "#/components/schemas/" : "#/definitions/");
    for (const auto &[name, node] : schemas.map()) {
        const Value gvks = node.get("x-kubernetes-group-version-kind");
        if (!gvks.isList())
            continue;
        for (const Value &gvk : gvks.list()) {
            const Value group = gvk.get("group"), version = gvk.get("version"), kind = gvk.get("kind");
            if (!version.isString() || !kind.isString())
                continue;
            const std::string g = group.isString() ? group.str() : std::string();
            // Lists, options and events of the meta group are not objects a reference describes.
            if (kind.str().ends_with("List") || kind.str() == "WatchEvent" || kind.str().ends_with("Options"))
                continue;
            out.push_back({g.empty() ? version.str() : g + "/" + version.str(), kind.str(), name,
                           refs.resolve(std::string(v3 ? "#/components/schemas/" : "#/definitions/") + name)});
        }
    }
    error = refs.error();
    return out;
}

} // namespace ds::schema
