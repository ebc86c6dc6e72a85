// SPDX-License-Identifier: Apache-2.0
#include "DocumentDecoder.h"

#include "text/Utf8.h"

#include "json/JsonReader.h"
#include "yaml/YamlReader.h"

#include <algorithm>
#include <cctype>

namespace ds::input {

namespace {

constexpr std::string_view kSkipMiddle = " Input contains additional files from supported file extensions (json/yaml) "
                                         "that do not contain a valid resource, error: ";
constexpr std::string_view kSkipEnd = ".\n In case this file is expected to be a valid resource modify it accordingly. ";

std::vector<std::string_view> splitYamlDocuments(std::string_view text)
{
    std::vector<std::string_view> docs;
    std::size_t start = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t end = text.find('\n', pos);
        const std::size_t next = end == std::string_view::npos ? text.size() : end + 1;
        const std::string_view line = text.substr(pos, next - pos);
        if (line.substr(0, 3) == "---" && line.substr(3).find_first_not_of(" \t\r\n") == std::string_view::npos) {
            docs.push_back(text.substr(start, pos - start));
            start = next;
        }
        pos = next;
    }
    docs.push_back(text.substr(start));
    return docs;
}

// The kind a YAML document's top-level "kind: X" line names, if it has one
// plainly. Only a hint for choosing how to read: never trusted for results.
std::string_view kindLineHint(std::string_view text)
{
    std::size_t at = text.starts_with("kind: ") ? 0 : text.find("\nkind: ");
    if (at == std::string_view::npos)
        return {};
    at += text[at] == '\n' ? 7 : 6;
    std::size_t end = at;
    while (end < text.size() && std::isalnum(static_cast<unsigned char>(text[end])))
        ++end;
    return end < text.size() && text[end] != '\n' && text[end] != ' ' ? std::string_view() : text.substr(at, end - at);
}

std::string stringOf(const Value &object, const char *key)
{
    const Value v = object.get(key);
    return v.isString() ? v.str() : std::string();
}

class Decoder
{
public:
    Decoder(const std::string &path, const KindFilter &filter, DecodedFile &out)
        : m_path(path), m_source(path), m_filter(filter), m_out(out)
    {
    }

    // A document without a kind is skipped with a warning; kubectl's stream
    // visitor then goes on with the file's next document.
    void accept(const Value &doc)
    {
        if (doc.isNull())
            return;
        const bool hasKind = forEachObject(doc, [this](const Value &object, const std::string &kind) {
            ClusterObject o{object, objectId(object), m_source};
            o.mayReferToOthers = object.find({"metadata", "ownerReferences"}) != nullptr
                || kind == "ClusterRoleBinding" || kind == "RoleBinding";
            if (!m_filter.keepsInFull(object, kind)) {
                o.object = identitySkeleton(object);
                o.partial = true;
            }
            m_out.objects.push_back(std::move(o));
        });
        if (!hasKind)
            m_out.warnings.push_back(skipWarning("\"" + m_path + "\":", "'Kind' is missing"));
    }

    // Whether some object of `doc` (read identity-only) must be read in full.
    bool needsFullRead(const Value &doc) const
    {
        bool needed = false;
        forEachObject(doc, [&](const Value &object, const std::string &kind) {
            needed = needed || m_filter.keepsInFull(object, kind);
        });
        return needed;
    }

private:
    // Calls `visit(object, kind)` for the object `doc` is, or for each item when
    // it is a list; false when it has no kind.
    template <typename Visit>
    static bool forEachObject(const Value &doc, Visit &&visit)
    {
        const std::string kind = doc.isMap() ? stringOf(doc, "kind") : std::string();
        if (kind.empty())
            return false;
        // `v1 List` as well as typed lists (ConfigMapList).
        if (kind.size() >= 4 && kind.compare(kind.size() - 4, 4, "List") == 0 && doc.get("items").isList())
            forEachListItem(doc, kind, visit);
        else
            visit(doc, kind);
        return true;
    }

    // Items of a typed list (ConfigMapList) usually lack apiVersion and kind, as
    // the API server returns them; apimachinery's decodeToList then gives them
    // the list's apiVersion and its kind without "List".
    template <typename Visit>
    static void forEachListItem(const Value &list, const std::string &listKind, Visit &visit)
    {
        const std::string itemKind = listKind.substr(0, listKind.size() - 4);
        const Value items = list.get("items");
        for (Value item : items.list()) {
            if (item.isMap() && stringOf(item, "kind").empty() && stringOf(item, "apiVersion").empty()) {
                item = item.deepCopy();
                item.insert("kind", Value(itemKind));
                item.insert("apiVersion", Value(stringOf(list, "apiVersion")));
            }
            const std::string kind = item.isMap() ? stringOf(item, "kind") : std::string();
            if (!kind.empty())
                visit(item, kind);
        }
    }

    const std::string &m_path;
    SharedString m_source; // one string for all the file's objects
    const KindFilter &m_filter;
    DecodedFile &m_out;
};

} // namespace

std::string skipWarning(const std::string &where, const std::string &error)
{
    std::string out = "Skipping " + where;
    out.append(kSkipMiddle).append(error).append(kSkipEnd);
    return out;
}

namespace {

bool hasOnlyKeys(const Value &map, std::initializer_list<std::string_view> keys)
{
    for (const auto &entry : map.map())
        if (std::find(keys.begin(), keys.end(), entry.first) == keys.end())
            return false;
    return true;
}

} // namespace

Value identitySkeleton(const Value &object)
{
    // What an identity-only read built is this skeleton already: shared as it
    // is instead of copied (50,000 copies in a large must-gather).
    const Value *given = object.find("metadata");
    if (object.isMap() && hasOnlyKeys(object, {"apiVersion", "kind", "metadata"})
        && (!given || (given->isMap() && hasOnlyKeys(*given, {"name", "namespace", "ownerReferences"}))))
        return object;
    ValueMap metadata;
    const Value source = object.get("metadata");
    for (const char *key : {"name", "namespace", "ownerReferences"}) {
        const Value v = source.get(key);
        if (!v.isMissing())
            metadata.emplace(key, v);
    }
    ValueMap skeleton;
    for (const char *key : {"apiVersion", "kind"}) {
        const Value v = object.get(key);
        if (!v.isMissing())
            skeleton.emplace(key, v);
    }
    if (source.isMap())
        skeleton.emplace("metadata", Value(std::move(metadata)));
    return Value(std::move(skeleton));
}

namespace {

bool isUtf8Error(const yaml::ReadError &error)
{
    for (const char *message : {"invalid leading UTF-8 octet", "invalid trailing UTF-8 octet",
                                "incomplete UTF-8 octet sequence", "invalid length of a UTF-8 sequence",
                                "invalid Unicode character"})
        if (error.message == message)
            return true;
    return false;
}

} // namespace

DecodedFile decodeResourceFile(const std::string &displayPath, const std::string &bytes, const KindFilter &filter)
{
    DecodedFile out;
    out.path = displayPath;
    Decoder decoder(displayPath, filter, out);
    if (json::looksLikeJson(bytes)) {
        const yaml::ReadResult r = json::read(bytes);
        for (const Value &doc : r.documents)
            decoder.accept(doc);
        if (!r.ok())
            out.warnings.push_back(skipWarning(displayPath + ":", ": " + r.error->message));
        return out;
    }
    yaml::ReadOptions full;
    full.firstDocumentOnly = true;
    // Identity first: objects of kinds the filter drops are never built in full.
    yaml::ReadOptions identity = full;
    identity.identityOnly = filter.kinds.has_value();
    for (const std::string_view chunk : splitYamlDocuments(bytes)) {
        const std::string_view hint = kindLineHint(chunk);
        const bool surelyFull = !hint.empty() && !hint.ends_with("List") && filter.keepsAllInFull(hint);
        yaml::ReadResult r = yaml::read(chunk, surelyFull ? full : identity);
        if (r.ok() && r.identityOnly && !r.documents.empty() && decoder.needsFullRead(r.documents.front()))
            r = yaml::read(chunk, full);
        if (!r.ok()) {
            // kubectl reads bytes that are not UTF-8 as U+FFFD and compares the
            // CR (docs/robustness.md): so does Driftscope, from the start of the file.
            if (isUtf8Error(*r.error) && !utf8::isValid(bytes))
                return decodeResourceFile(displayPath, utf8::sanitize(bytes), filter);
            const std::string text = r.error->goText();
            out.warnings.push_back(skipWarning(displayPath + ":", text.substr(text.rfind(':'))));
            return out;
        }
        if (!r.documents.empty())
            decoder.accept(r.documents.front());
    }
    return out;
}

} // namespace ds::input
