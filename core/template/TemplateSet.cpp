// SPDX-License-Identifier: Apache-2.0
#include "TemplateSet.h"

#include "TemplateExecutor.h"
#include "TemplateParser.h"

namespace ds::tmpl {

TemplateSet::TemplateSet(const FunctionRegistry &functions) : m_functions(&functions) {}
TemplateSet::~TemplateSet() = default;
TemplateSet::TemplateSet(TemplateSet &&) noexcept = default;
TemplateSet &TemplateSet::operator=(TemplateSet &&) noexcept = default;

std::optional<std::string> TemplateSet::parse(const std::string &name, std::string text)
{
    return add(parseFile(name, std::move(text), *m_functions));
}

TemplateSet::ParsedFile TemplateSet::parseFile(const std::string &name, std::string text,
                                               const FunctionRegistry &functions)
{
    ParsedFile file;
    try {
        auto shared = std::make_shared<const std::string>(std::move(text));
        for (auto &[treeName, tree] :
             TemplateParser::parse(name, shared, [&functions](std::string_view fn) { return functions.contains(fn); }))
            file.trees.emplace(treeName, std::shared_ptr<ParseTree>(std::move(tree)));
    } catch (const ParseError &e) {
        file.error = std::string(e.what());
    }
    return file;
}

std::optional<std::string> TemplateSet::add(const ParsedFile &file)
{
    if (file.error)
        return file.error;
    // Go's AddParseTree/associate: an empty tree never replaces an existing one.
    for (const auto &[treeName, tree] : file.trees) {
        auto it = m_trees.find(treeName);
        if (it != m_trees.end() && isEmptyTree(tree->root.get()) && it->second)
            continue;
        m_trees[treeName] = tree;
    }
    return std::nullopt;
}

bool TemplateSet::addAlias(const std::string &alias, const std::string &existing)
{
    auto it = m_trees.find(existing);
    if (it == m_trees.end())
        return false;
    auto tree = it->second;
    m_trees[alias] = tree;
    return true;
}

const ParseTree *TemplateSet::lookup(const std::string &name) const
{
    auto it = m_trees.find(name);
    return it == m_trees.end() ? nullptr : it->second.get();
}

std::vector<std::string> TemplateSet::names() const
{
    std::vector<std::string> out;
    for (const auto &[n, t] : m_trees)
        out.push_back(n);
    return out;
}

RenderResult TemplateSet::execute(const std::string &name, const Value &data, FunctionContext &context,
                                  const RenderLimits &limits) const
{
    TemplateExecutor executor(*this, context, limits);
    return executor.run(name, data);
}

} // namespace ds::tmpl
