// SPDX-License-Identifier: Apache-2.0
#include "CrIndependence.h"

#include "InputNeeds.h"
#include "template/TemplateNode.h"
#include "template/TemplateSet.h"

namespace ds::compare {

namespace {

using namespace ds::tmpl;

// Template functions that change a map or list they are given, in place.
bool changesItsArguments(std::string_view function)
{
    static const std::set<std::string, std::less<>> names = {
        "set", "unset", "merge", "mergeOverwrite", "mustMerge", "mustMergeOverwrite", "sortAlpha",
    };
    return names.count(function) > 0;
}

// The functions a template may call: those named in its tree and in the trees
// of the templates it calls ({{template "name"}}), transitively.
class FunctionUse
{
public:
    explicit FunctionUse(const TemplateSet &set) : m_set(set) {}

    void visitTemplate(const std::string &name)
    {
        if (!m_visited.insert(name).second)
            return;
        if (const ParseTree *tree = m_set.lookup(name))
            visit(tree->root.get());
    }

    bool looksUp = false;
    bool changes = false;

private:
    void visit(const Node *node)
    {
        if (!node)
            return;
        if (node->type == Node::Type::Identifier) {
            const std::string &name = static_cast<const IdentifierNode *>(node)->ident;
            looksUp = looksUp || name == "lookupCR" || name == "lookupCRs";
            changes = changes || changesItsArguments(name);
            return;
        }
        forEachChild(*node, [this](const Node *child) { visit(child); });
        if (node->type == Node::Type::Template)
            visitTemplate(static_cast<const TemplateCallNode *>(node)->name);
    }

    const TemplateSet &m_set;
    std::set<std::string> m_visited;
};

} // namespace

CrIndependence crIndependence(const ref::Reference &reference)
{
    CrIndependence result;
    std::optional<std::set<std::string>> kinds = lookupKinds(reference);
    if (!kinds)
        return result; // a lookup computes its kind: any CR may be looked up
    result.sideBySide = true;
    result.lookedUpKinds = std::move(*kinds);
    for (const ref::ReferenceTemplate &t : reference.templates) {
        bool mayChange = false, looksUp = false;
        if (t.templates && !result.lookedUpKinds.empty()) {
            FunctionUse use(*t.templates);
            use.visitTemplate(t.name);
            looksUp = use.looksUp;
            mayChange = use.looksUp && use.changes;
        }
        result.mayChangeLookups.push_back(mayChange);
        result.looksUp.push_back(looksUp);
    }
    return result;
}

} // namespace ds::compare
