// SPDX-License-Identifier: Apache-2.0
#include "TemplateNode.h"

#include "go/GoFmt.h"
#include "go/GoStrconv.h"

#include <algorithm>

namespace ds::tmpl {

std::string Node::toString() const
{
    std::string out;
    writeTo(out);
    return out;
}

void ListNode::writeTo(std::string &out) const
{
    for (const auto &n : nodes)
        n->writeTo(out);
}

void VariableNode::writeTo(std::string &out) const
{
    for (std::size_t i = 0; i < ident.size(); ++i) {
        if (i > 0)
            out += '.';
        out += ident[i];
    }
}

void PipeNode::writeTo(std::string &out) const
{
    if (!decl.empty()) {
        for (std::size_t i = 0; i < decl.size(); ++i) {
            if (i > 0)
                out += ", ";
            decl[i]->writeTo(out);
        }
        out += isAssign ? " = " : " := ";
    }
    for (std::size_t i = 0; i < cmds.size(); ++i) {
        if (i > 0)
            out += " | ";
        cmds[i]->writeTo(out);
    }
}

void ActionNode::writeTo(std::string &out) const
{
    out += "{{";
    pipe->writeTo(out);
    out += "}}";
}

void CommandNode::writeTo(std::string &out) const
{
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (i > 0)
            out += ' ';
        if (args[i]->type == Type::Pipe) {
            out += '(';
            args[i]->writeTo(out);
            out += ')';
        } else {
            args[i]->writeTo(out);
        }
    }
}

void FieldNode::writeTo(std::string &out) const
{
    for (const auto &id : ident) {
        out += '.';
        out += id;
    }
}

void ChainNode::writeTo(std::string &out) const
{
    if (node->type == Type::Pipe) {
        out += '(';
        node->writeTo(out);
        out += ')';
    } else {
        node->writeTo(out);
    }
    for (const auto &f : field) {
        out += '.';
        out += f;
    }
}

void BranchNode::writeTo(std::string &out) const
{
    out += "{{";
    out += type == Type::If ? "if" : type == Type::Range ? "range" : "with";
    out += ' ';
    pipe->writeTo(out);
    out += "}}";
    list->writeTo(out);
    if (elseList) {
        out += "{{else}}";
        elseList->writeTo(out);
    }
    out += "{{end}}";
}

void TemplateCallNode::writeTo(std::string &out) const
{
    out += "{{template ";
    out += go::strconv::quote(name);
    if (pipe) {
        out += ' ';
        pipe->writeTo(out);
    }
    out += "}}";
}

std::string ParseTree::location(const Node &node) const
{
    const std::string &t = *text;
    const std::size_t pos = std::min(node.pos, t.size());
    const std::size_t nl = t.rfind('\n', pos == 0 ? std::string::npos : pos - 1);
    std::size_t col = 0;
    int line = 1;
    if (pos > 0) {
        line += static_cast<int>(std::count(t.begin(), t.begin() + static_cast<std::ptrdiff_t>(pos), '\n'));
        col = nl == std::string::npos ? pos : pos - (nl + 1);
    }
    return parseName + ":" + std::to_string(line) + ":" + std::to_string(col);
}

bool isEmptyTree(const Node *node)
{
    if (!node)
        return true;
    switch (node->type) {
    case Node::Type::List:
        for (const auto &n : static_cast<const ListNode *>(node)->nodes)
            if (!isEmptyTree(n.get()))
                return false;
        return true;
    case Node::Type::Text: {
        const std::string &s = static_cast<const TextNode *>(node)->text;
        return std::all_of(s.begin(), s.end(), [](char c) {
            return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
        });
    }
    default:
        return false;
    }
}

} // namespace ds::tmpl
