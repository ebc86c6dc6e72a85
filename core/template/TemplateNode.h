// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ds::tmpl {

struct ParseTree;

// Go text/template/parse node types. writeTo() reproduces Go's Node.String()
// byte for byte: error messages quote nodes with it and kube-compare's metadata
// hash is computed over it.
struct Node
{
    enum class Type {
        Text, Action, Bool, Chain, Command, Dot, Field, Identifier, If, List, Nil, Number,
        Pipe, Range, String, Template, Variable, With, Break, Continue, Else, End,
    };

    Node(Type t, std::size_t p, const ParseTree *tree) : type(t), pos(p), tree(tree) {}
    virtual ~Node() = default;
    virtual void writeTo(std::string &out) const = 0;
    std::string toString() const;

    const Type type;
    const std::size_t pos;   // byte offset in the tree's text
    const ParseTree *tree;   // for error locations
};

using NodePtr = std::unique_ptr<Node>;

struct ListNode : Node
{
    ListNode(std::size_t p, const ParseTree *t) : Node(Type::List, p, t) {}
    void writeTo(std::string &out) const override;
    std::vector<NodePtr> nodes;
};

struct TextNode : Node
{
    TextNode(std::size_t p, const ParseTree *t, std::string s) : Node(Type::Text, p, t), text(std::move(s)) {}
    void writeTo(std::string &out) const override { out += text; }
    std::string text;
};

struct VariableNode : Node
{
    VariableNode(std::size_t p, const ParseTree *t, std::vector<std::string> i)
        : Node(Type::Variable, p, t), ident(std::move(i)) {}
    void writeTo(std::string &out) const override;
    std::vector<std::string> ident; // "$x", "field1", "field2"
};

struct CommandNode;

struct PipeNode : Node
{
    PipeNode(std::size_t p, const ParseTree *t, int l) : Node(Type::Pipe, p, t), line(l) {}
    void writeTo(std::string &out) const override;
    int line;
    bool isAssign = false;
    std::vector<std::unique_ptr<VariableNode>> decl;
    std::vector<std::unique_ptr<CommandNode>> cmds;
};

struct ActionNode : Node
{
    ActionNode(std::size_t p, const ParseTree *t, int l, std::unique_ptr<PipeNode> pp)
        : Node(Type::Action, p, t), line(l), pipe(std::move(pp)) {}
    void writeTo(std::string &out) const override;
    int line;
    std::unique_ptr<PipeNode> pipe;
};

struct CommandNode : Node
{
    CommandNode(std::size_t p, const ParseTree *t) : Node(Type::Command, p, t) {}
    void writeTo(std::string &out) const override;
    std::vector<NodePtr> args;
};

struct IdentifierNode : Node
{
    IdentifierNode(std::size_t p, const ParseTree *t, std::string i) : Node(Type::Identifier, p, t), ident(std::move(i)) {}
    void writeTo(std::string &out) const override { out += ident; }
    std::string ident;
};

struct DotNode : Node
{
    DotNode(std::size_t p, const ParseTree *t) : Node(Type::Dot, p, t) {}
    void writeTo(std::string &out) const override { out += '.'; }
};

struct NilNode : Node
{
    NilNode(std::size_t p, const ParseTree *t) : Node(Type::Nil, p, t) {}
    void writeTo(std::string &out) const override { out += "nil"; }
};

struct FieldNode : Node
{
    FieldNode(std::size_t p, const ParseTree *t, std::vector<std::string> i) : Node(Type::Field, p, t), ident(std::move(i)) {}
    void writeTo(std::string &out) const override;
    std::vector<std::string> ident; // without the dots
};

struct ChainNode : Node
{
    ChainNode(std::size_t p, const ParseTree *t, NodePtr n) : Node(Type::Chain, p, t), node(std::move(n)) {}
    void writeTo(std::string &out) const override;
    NodePtr node;
    std::vector<std::string> field;
};

struct BoolNode : Node
{
    BoolNode(std::size_t p, const ParseTree *t, bool v) : Node(Type::Bool, p, t), value(v) {}
    void writeTo(std::string &out) const override { out += value ? "true" : "false"; }
    bool value;
};

struct NumberNode : Node
{
    NumberNode(std::size_t p, const ParseTree *t, std::string s) : Node(Type::Number, p, t), text(std::move(s)) {}
    void writeTo(std::string &out) const override { out += text; }
    bool isInt = false;
    bool isUint = false;
    bool isFloat = false;
    bool isComplex = false;
    std::int64_t intValue = 0;
    std::uint64_t uintValue = 0;
    double floatValue = 0;
    double complexReal = 0;
    double complexImag = 0;
    std::string text;
};

struct StringNode : Node
{
    StringNode(std::size_t p, const ParseTree *t, std::string q, std::string s)
        : Node(Type::String, p, t), quoted(std::move(q)), text(std::move(s)) {}
    void writeTo(std::string &out) const override { out += quoted; }
    std::string quoted;
    std::string text;
};

// if / range / with
struct BranchNode : Node
{
    BranchNode(Type t, std::size_t p, const ParseTree *tr, int l) : Node(t, p, tr), line(l) {}
    void writeTo(std::string &out) const override;
    int line;
    std::unique_ptr<PipeNode> pipe;
    std::unique_ptr<ListNode> list;
    std::unique_ptr<ListNode> elseList; // may be null
};

struct BreakNode : Node
{
    BreakNode(Type t, std::size_t p, const ParseTree *tr, int l) : Node(t, p, tr), line(l) {}
    void writeTo(std::string &out) const override { out += type == Type::Break ? "{{break}}" : "{{continue}}"; }
    int line;
};

struct TemplateCallNode : Node
{
    TemplateCallNode(std::size_t p, const ParseTree *t, int l, std::string n, std::unique_ptr<PipeNode> pp)
        : Node(Type::Template, p, t), line(l), name(std::move(n)), pipe(std::move(pp)) {}
    void writeTo(std::string &out) const override;
    int line;
    std::string name;
    std::unique_ptr<PipeNode> pipe; // may be null
};

// Transient markers returned by the parser for {{end}} and {{else}}.
struct MarkerNode : Node
{
    MarkerNode(Type t, std::size_t p, const ParseTree *tr, int l) : Node(t, p, tr), line(l) {}
    void writeTo(std::string &out) const override { out += type == Type::End ? "{{end}}" : "{{else}}"; }
    int line;
};

// One parsed template (Go's parse.Tree).
struct ParseTree
{
    std::string name;
    std::string parseName; // name of the top-level template being parsed, for errors
    std::shared_ptr<const std::string> text;
    std::unique_ptr<ListNode> root;

    // "NAME:LINE:COL" of a node, COL being the 0-based byte offset in its line.
    std::string location(const Node &node) const;
};

// Go's parse.IsEmptyTree: only space and comments.
bool isEmptyTree(const Node *node);

// Calls visit(child) for each node right below `node` that can hold function
// calls: list items, pipelines, commands and their arguments, chained nodes,
// if/range/with branches, a {{template}} call's pipeline. Children may be null.
template <typename Visit>
void forEachChild(const Node &node, Visit &&visit)
{
    switch (node.type) {
    case Node::Type::List:
        for (const NodePtr &n : static_cast<const ListNode &>(node).nodes)
            visit(n.get());
        return;
    case Node::Type::Action: visit(static_cast<const ActionNode &>(node).pipe.get()); return;
    case Node::Type::Pipe:
        for (const auto &cmd : static_cast<const PipeNode &>(node).cmds)
            visit(cmd.get());
        return;
    case Node::Type::Command:
        for (const NodePtr &arg : static_cast<const CommandNode &>(node).args)
            visit(arg.get());
        return;
    case Node::Type::Chain: visit(static_cast<const ChainNode &>(node).node.get()); return;
    case Node::Type::If: case Node::Type::Range: case Node::Type::With: {
        const auto &branch = static_cast<const BranchNode &>(node);
        visit(branch.pipe.get());
        visit(branch.list.get());
        visit(branch.elseList.get());
        return;
    }
    case Node::Type::Template: visit(static_cast<const TemplateCallNode &>(node).pipe.get()); return;
    default: return;
    }
}

} // namespace ds::tmpl
