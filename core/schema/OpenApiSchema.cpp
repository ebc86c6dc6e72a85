// SPDX-License-Identifier: Apache-2.0
#include "OpenApiSchema.h"

namespace ds::schema {

namespace {

// CRD schemas nest a few dozen levels at most; a bound keeps a hostile file
// from exhausting the stack.
constexpr int kMaxDepth = 128;

std::optional<double> number(const Value &v)
{
    if (v.isSignedInteger())
        return double(v.toInt64());
    if (v.isUnsignedInteger())
        return double(v.toUint64());
    if (v.isFloat())
        return v.toFloat();
    return std::nullopt;
}

std::optional<std::int64_t> integer(const Value &v)
{
    if (auto n = number(v))
        return std::int64_t(*n);
    return std::nullopt;
}

class Reader
{
public:
    explicit Reader(const OpenApiSchema::RefResolver &resolve) : m_resolve(resolve) {}

    std::shared_ptr<const OpenApiSchema> read(const Value &node, const std::string &path, int depth)
    {
        if (depth > kMaxDepth) {
            fail(path, "nests more than 128 levels");
            return nullptr;
        }
        if (!node.isMap()) {
            fail(path, "is not a schema (an object expected)");
            return nullptr;
        }
        if (const Value ref = node.get("$ref"); ref.isString() && m_resolve)
            return m_resolve(ref.str());
        auto s = std::make_shared<OpenApiSchema>();
        s->type = node.get("type").isString() ? node.get("type").str() : std::string();
        s->format = node.get("format").isString() ? node.get("format").str() : std::string();
        // OpenAPI v2 writes IntOrString and Quantity as formatted strings; both
        // take a number too (CRDs say x-kubernetes-int-or-string instead).
        const bool numberOrString = s->format == "int-or-string" || s->format == "quantity";
        s->pattern = node.get("pattern").isString() ? node.get("pattern").str() : std::string();
        s->nullable = node.get("nullable").isBool() && node.get("nullable").toBool();
        s->intOrString = flag(node, "x-kubernetes-int-or-string") || numberOrString;
        s->preserveUnknownFields = flag(node, "x-kubernetes-preserve-unknown-fields");
        s->embeddedResource = flag(node, "x-kubernetes-embedded-resource");
        s->celRules = int(node.get("x-kubernetes-validations").size());
        s->minimum = number(node.get("minimum"));
        s->maximum = number(node.get("maximum"));
        s->exclusiveMinimum = flag(node, "exclusiveMinimum");
        s->exclusiveMaximum = flag(node, "exclusiveMaximum");
        s->minLength = integer(node.get("minLength"));
        s->maxLength = integer(node.get("maxLength"));
        s->minItems = integer(node.get("minItems"));
        s->maxItems = integer(node.get("maxItems"));
        s->minProperties = integer(node.get("minProperties"));
        s->maxProperties = integer(node.get("maxProperties"));
        if (const Value e = node.get("enum"); e.isList())
            s->enumValues = e.list();
        if (const Value r = node.get("required"); r.isList())
            for (const Value &name : r.list())
                if (name.isString())
                    s->required.push_back(name.str());
        if (const Value props = node.get("properties"); props.isMap())
            for (const auto &[key, child] : props.map())
                if (auto c = read(child, path + ".properties." + key, depth + 1))
                    s->properties.emplace(key, std::move(c));
        if (const Value additional = node.get("additionalProperties"); additional.isBool())
            s->additionalPropertiesAllowed = additional.toBool();
        else if (additional.isMap())
            s->additionalProperties = read(additional, path + ".additionalProperties", depth + 1);
        if (const Value items = node.get("items"); items.isMap())
            s->items = read(items, path + ".items", depth + 1);
        readList(node, "allOf", path, depth, s->allOf);
        readList(node, "anyOf", path, depth, s->anyOf);
        readList(node, "oneOf", path, depth, s->oneOf);
        return s;
    }

    std::string error;

private:
    static bool flag(const Value &node, std::string_view key)
    {
        const Value v = node.get(key);
        return v.isBool() && v.toBool();
    }

    void readList(const Value &node, const char *key, const std::string &path, int depth,
                  std::vector<std::shared_ptr<const OpenApiSchema>> &out)
    {
        const Value list = node.get(key);
        if (!list.isList())
            return;
        for (std::size_t i = 0; i < list.list().size(); ++i)
            if (auto c = read(list.list()[i], path + "." + key + "[" + std::to_string(i) + "]", depth + 1))
                out.push_back(std::move(c));
    }

    const OpenApiSchema::RefResolver &m_resolve;

    void fail(const std::string &path, const std::string &what)
    {
        if (error.empty())
            error = "openAPIV3Schema" + path + " " + what;
    }
};

} // namespace

std::shared_ptr<const OpenApiSchema> OpenApiSchema::fromValue(const Value &node, std::string &error,
                                                              const RefResolver &resolve)
{
    Reader reader(resolve);
    auto schema = reader.read(node, "", 0);
    if (!reader.error.empty()) {
        error = reader.error;
        return nullptr;
    }
    return schema;
}

} // namespace ds::schema
