// SPDX-License-Identifier: Apache-2.0
#include "InputNeeds.h"

#include "GroupCorrelator.h"

#include "input/ClusterObject.h"
#include "template/TemplateNode.h"
#include "template/TemplateSet.h"

namespace ds::compare {

namespace {

using namespace ds::tmpl;

bool isLookup(const Node *node)
{
    if (!node || node->type != Node::Type::Identifier)
        return false;
    const std::string &name = static_cast<const IdentifierNode *>(node)->ident;
    return name == "lookupCR" || name == "lookupCRs";
}

// Collects the kinds lookupCR(s) may return; false when one is not a literal.
class LookupScanner
{
public:
    explicit LookupScanner(std::set<std::string> &kinds) : m_kinds(kinds) {}
    bool dynamic() const { return m_dynamic; }

    void visit(const Node *node)
    {
        if (!node || m_dynamic)
            return;
        if (node->type == Node::Type::Command)
            command(static_cast<const CommandNode *>(node));
        else if (node->type == Node::Type::Identifier)
            m_dynamic = isLookup(node); // not in call position
        else
            forEachChild(*node, [this](const Node *child) { visit(child); });
    }

private:
    void command(const CommandNode *cmd)
    {
        if (!cmd->args.empty() && isLookup(cmd->args.front().get())) {
            // lookupCR(s) "apiVersion" "kind" ...: the kind is the second argument.
            if (cmd->args.size() < 3 || cmd->args[2]->type != Node::Type::String) {
                m_dynamic = true;
                return;
            }
            m_kinds.insert(static_cast<const StringNode *>(cmd->args[2].get())->text);
            for (std::size_t i = 1; i < cmd->args.size(); ++i)
                visit(cmd->args[i].get());
            return;
        }
        for (const NodePtr &arg : cmd->args)
            visit(arg.get());
    }

    std::set<std::string> &m_kinds;
    bool m_dynamic = false;
};

// Adds the kinds the template's lookupCR(s) calls name; false when one computes its kind.
bool addLookupKinds(const ref::ReferenceTemplate &t, std::set<std::string> &kinds)
{
    if (!t.templates)
        return true;
    LookupScanner scanner(kinds);
    for (const std::string &name : t.templates->names())
        if (const ParseTree *tree = t.templates->lookup(name))
            scanner.visit(tree->root.get());
    return !scanner.dynamic();
}

} // namespace

namespace {

// Keeps in full the objects whose identity correlates with some template: the
// engine's own correlator (CompareEngine::prepare), so the two cannot disagree.
// The key is its signature, so that filters made from two loads of the same
// reference compare equal.
void keepCorrelated(const ref::Reference &reference, input::KindFilter &filter)
{
    std::vector<Value> metadata;
    for (const ref::ReferenceTemplate &t : reference.templates)
        metadata.push_back(t.metadata);
    auto groups = std::make_shared<const GroupCorrelator>(metadata, GroupCorrelator::Order::Templates);
    filter.identityKey = groups->signature();
    filter.keepsIdentity = std::make_shared<const input::KindFilter::IdentityTest>(
        [groups](const Value &identity) { return !groups->match(identity).empty(); });
}

} // namespace

input::KindFilter inputNeeds(const ref::Reference &reference, const std::map<std::string, std::string> &manualCorrelations,
                             FullObjects full)
{
    // Every object of these kinds is read in full: RBAC bindings for the
    // ServiceAccount index, looked-up kinds for lookupCR(s), pinned CRs' kinds,
    // and the ClusterVersion the report names the cluster's version from.
    std::set<std::string, std::less<>> always{"RoleBinding", "ClusterRoleBinding"};
    std::set<std::string, std::less<>> templateKinds;
    for (const ref::ReferenceTemplate &t : reference.templates) {
        if (!t.loadError.empty())
            continue; // a broken template the window kept matches nothing
        const Value kind = t.metadata.get("kind");
        if (!kind.isString() || kind.str().empty())
            return {}; // a template without a fixed kind may match any object
        templateKinds.insert(kind.str());
        std::set<std::string> looked;
        if (!addLookupKinds(t, looked))
            return {};
        always.insert(looked.begin(), looked.end());
    }
    for (const auto &[key, templatePath] : manualCorrelations)
        always.insert(input::kindOfObjectId(key));
    input::KindFilter filter;
    filter.kinds = always;
    filter.kinds->insert(templateKinds.begin(), templateKinds.end());
    if (full == FullObjects::Correlated) {
        always.insert("ClusterVersion"); // input/ClusterVersion.cpp
        for (const std::string &kind : templateKinds)
            if (!always.contains(kind))
                filter.byIdentity.insert(kind);
        if (!filter.byIdentity.empty())
            keepCorrelated(reference, filter);
    }
    return filter;
}

std::optional<std::set<std::string>> lookupKinds(const ref::Reference &reference)
{
    std::set<std::string> kinds;
    for (const ref::ReferenceTemplate &t : reference.templates)
        if (!addLookupKinds(t, kinds))
            return std::nullopt;
    return kinds;
}

} // namespace ds::compare
