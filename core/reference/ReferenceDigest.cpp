// SPDX-License-Identifier: Apache-2.0
#include "ReferenceDigest.h"

#include "MetadataHash.h"
#include "template/TemplateNode.h"
#include "template/TemplateSet.h"
#include "yaml/YamlWriter.h"

#include <QCryptographicHash>

#include <unordered_map>

namespace ds::ref {

namespace {

class Digester
{
public:
    void add(std::string_view text)
    {
        // Length first, so that ("ab", "c") and ("a", "bc") differ.
        const auto size = static_cast<quint64>(text.size());
        m_hash.addData(QByteArrayView(reinterpret_cast<const char *>(&size), sizeof size));
        m_hash.addData(QByteArrayView(text.data(), static_cast<qsizetype>(text.size())));
    }
    void add(bool flag) { add(std::string_view(flag ? "1" : "0")); }
    void add(std::size_t n) { add(std::to_string(n)); }
    std::string result() { return m_hash.result().toStdString(); }

private:
    QCryptographicHash m_hash{QCryptographicHash::Sha256};
};

// Function files' trees are shared by every template's set: each is printed once.
class TreeTexts
{
public:
    const std::string &of(const tmpl::ParseTree *tree)
    {
        auto [it, added] = m_texts.try_emplace(tree);
        if (added && tree && tree->root)
            it->second = tree->root->toString();
        return it->second;
    }

private:
    std::unordered_map<const tmpl::ParseTree *, std::string> m_texts;
};

std::string templateDigest(const ReferenceTemplate &t, TreeTexts &trees)
{
    Digester d;
    d.add(t.path);
    d.add(t.description);
    d.add(t.effectiveDescription);
    d.add(t.required);
    d.add(t.partIndex);
    d.add(t.componentIndex);
    d.add(t.config.ignoreUnspecifiedFields);
    for (const std::string &ref : t.config.fieldsToOmitRefs)
        d.add(ref);
    d.add(std::string_view("perField"));
    for (const PerFieldConfig &f : t.config.perField) {
        d.add(f.pathToKey);
        d.add(f.inlineDiffFunc);
    }
    d.add(std::string_view("omit"));
    for (const OmitEntry &e : t.omitFields) {
        d.add(e.pathToKey);
        d.add(e.isPrefix);
        d.add(e.include);
    }
    d.add(yaml::writeCanonical(t.metadata).text);
    d.add(t.loadError);
    d.add(t.name);
    if (t.templates) {
        d.add(static_cast<std::size_t>(t.templates->missingKey()));
        for (const std::string &name : t.templates->names()) { // sorted: a stable order
            d.add(name);
            d.add(trees.of(t.templates->lookup(name)));
        }
    }
    return d.result();
}

} // namespace

ReferenceDigest digestOf(const Reference &reference)
{
    ReferenceDigest out;
    Digester shape;
    shape.add(reference.directory);
    shape.add(reference.metadataFile);
    shape.add(hashedReferenceYaml(reference));
    shape.add(reference.templates.size());
    out.shape = shape.result();
    TreeTexts trees;
    out.templates.reserve(reference.templates.size());
    for (const ReferenceTemplate &t : reference.templates)
        out.templates.push_back(templateDigest(t, trees));
    return out;
}

} // namespace ds::ref
