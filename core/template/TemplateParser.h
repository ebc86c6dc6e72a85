// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "TemplateLexer.h"
#include "TemplateNode.h"

#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>

namespace ds::tmpl {

// A parse error, already in Go's words: "template: NAME:LINE: message".
class ParseError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

using TreeSet = std::map<std::string, std::unique_ptr<ParseTree>>;

// Go's parse.Parse: parses one text (a file or an override patch) into a main
// tree named `name` plus the trees of its {{define}}/{{block}}s. Identifiers are
// checked against the function map at parse time, as Go does.
class TemplateParser
{
public:
    using FunctionCheck = std::function<bool(std::string_view)>;

    // Throws ParseError.
    static TreeSet parse(const std::string &name, std::shared_ptr<const std::string> text,
                         const FunctionCheck &hasFunction);

private:
    using Item = TemplateLexer::Item;
    using ItemType = TemplateLexer::ItemType;

    TemplateParser(std::string name, std::string parseName, std::shared_ptr<const std::string> text,
                   TemplateLexer *lexer, const FunctionCheck &hasFunction, TreeSet *treeSet);

    [[noreturn]] void errorf(const std::string &message);
    [[noreturn]] void unexpected(const Item &token, const std::string &context);

    Item next();
    void backup() { ++m_peekCount; }
    void backup2(const Item &t1);
    void backup3(const Item &t2, const Item &t1);
    Item peek();
    Item nextNonSpace();
    Item peekNonSpace();
    Item expect(ItemType expected, const std::string &context);
    Item expectOneOf(ItemType a, ItemType b, const std::string &context);

    void parseTop();
    void parseDefinition();
    void add();
    std::pair<std::unique_ptr<ListNode>, NodePtr> itemList();
    NodePtr textOrAction();
    NodePtr action();
    NodePtr breakControl(std::size_t pos, int line, Node::Type type);
    std::unique_ptr<PipeNode> pipeline(const std::string &context, ItemType end);
    void checkPipeline(const PipeNode &pipe, const std::string &context);
    NodePtr branchControl(Node::Type type, const std::string &context);
    NodePtr endControl();
    NodePtr elseControl();
    NodePtr blockControl();
    NodePtr templateControl();
    std::string parseTemplateName(const Item &token, const std::string &context);
    std::unique_ptr<CommandNode> command();
    NodePtr operand();
    NodePtr term();
    NodePtr newNumber(const Item &token);
    NodePtr useVar(std::size_t pos, std::string_view name);
    std::unique_ptr<VariableNode> newVariable(std::size_t pos, std::string_view name);

    std::unique_ptr<ParseTree> m_tree;
    TemplateLexer *m_lexer;
    const FunctionCheck &m_hasFunction;
    TreeSet *m_treeSet;
    Item m_token[3];
    int m_peekCount = 0;
    std::vector<std::string> m_vars{"$"};
    int m_actionLine = 0;
    int m_rangeDepth = 0;
};

} // namespace ds::tmpl
