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
        switch (node->type) {
        case Node::Type::Identifier: {
            const std::string &name = static_cast<const IdentifierNode *>(node)->ident;
            looksUp = looksUp || name == "lookupCR" || name == "lookupCRs";
            changes = changes || changesItsArguments(name);
            return;
        }
        case Node::Type::List:
            for (const NodePtr &n : static_cast<const ListNode *>(node)->nodes)
                visit(n.get());
            return;
        case Node::Type::Action: visit(static_cast<const ActionNode *>(node)->pipe.get()); return;
        case Node::Type::Pipe:
            for (const auto &cmd : static_cast<const PipeNode *>(node)->cmds)
                visit(cmd.get());
            return;
        case Node::Type::Command:
            for (const NodePtr &arg : static_cast<const CommandNode *>(node)->args)
                visit(arg.get());
            return;
        case Node::Type::Chain: visit(static_cast<const ChainNode *>(node)->node.get()); return;
        case Node::Type::If: case Node::Type::Range: case Node::Type::With: {
            auto *branch = static_cast<const BranchNode *>(node);
            visit(branch->pipe.get());
            visit(branch->list.get());
            visit(branch->elseList.get());
            return;
        }
        case Node::Type::Template: {
            auto *call = static_cast<const TemplateCallNode *>(node);
            visit(call->pipe.get());
            visitTemplate(call->name);
            return;
        }
        default: return;
        }
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
        bool mayChange = false;
        if (t.templates && !result.lookedUpKinds.empty()) {
            FunctionUse use(*t.templates);
            use.visitTemplate(t.name);
            mayChange = use.looksUp && use.changes;
        }
        result.mayChangeLookups.push_back(mayChange);
    }
    return result;
}

} // namespace ds::compare
