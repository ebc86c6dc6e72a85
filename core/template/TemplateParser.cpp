// SPDX-License-Identifier: Apache-2.0
#include "TemplateParser.h"

#include "go/GoFmt.h"
#include "go/GoStrconv.h"

#include <cstdint>

namespace ds::tmpl {

namespace {

// Go: IsInt = float64(int64(f)) == f (likewise uint64). Out-of-range conversions
// are undefined in C++, and never round-trip in Go, so they are excluded first.
void setExactIntegers(NumberNode &n, double f)
{
    if (f >= -9223372036854775808.0 && f < 9223372036854775808.0
        && static_cast<double>(static_cast<std::int64_t>(f)) == f) {
        n.isInt = true;
        n.intValue = static_cast<std::int64_t>(f);
    }
    if (f >= 0 && f < 18446744073709551616.0 && static_cast<double>(static_cast<std::uint64_t>(f)) == f) {
        n.isUint = true;
        n.uintValue = static_cast<std::uint64_t>(f);
    }
}

} // namespace

TreeSet TemplateParser::parse(const std::string &name, std::shared_ptr<const std::string> text,
                              const FunctionCheck &hasFunction)
{
    TreeSet treeSet;
    TemplateLexer lexer(*text, !hasFunction("break"), !hasFunction("continue"));
    TemplateParser parser(name, name, text, &lexer, hasFunction, &treeSet);
    parser.parseTop();
    parser.add();
    return treeSet;
}

TemplateParser::TemplateParser(std::string name, std::string parseName, std::shared_ptr<const std::string> text,
                               TemplateLexer *lexer, const FunctionCheck &hasFunction, TreeSet *treeSet)
    : m_tree(std::make_unique<ParseTree>()), m_lexer(lexer), m_hasFunction(hasFunction), m_treeSet(treeSet)
{
    m_tree->name = std::move(name);
    m_tree->parseName = std::move(parseName);
    m_tree->text = std::move(text);
}

void TemplateParser::errorf(const std::string &message)
{
    throw ParseError("template: " + m_tree->parseName + ":" + std::to_string(m_token[0].line) + ": " + message);
}

void TemplateParser::unexpected(const Item &token, const std::string &context)
{
    if (token.type == ItemType::Error) {
        std::string extra;
        if (m_actionLine != 0 && m_actionLine != token.line) {
            extra = " in action started at " + m_tree->parseName + ":" + std::to_string(m_actionLine);
            const std::string &v = token.errorText;
            if (v.size() >= 7 && v.compare(v.size() - 7, 7, " action") == 0)
                extra = extra.substr(std::string(" in action").size());
        }
        errorf(token.describe() + extra);
    }
    errorf("unexpected " + token.describe() + " in " + context);
}

TemplateParser::Item TemplateParser::next()
{
    if (m_peekCount > 0)
        --m_peekCount;
    else
        m_token[0] = m_lexer->nextItem();
    return m_token[m_peekCount];
}

void TemplateParser::backup2(const Item &t1)
{
    m_token[1] = t1;
    m_peekCount = 2;
}

void TemplateParser::backup3(const Item &t2, const Item &t1)
{
    m_token[1] = t1;
    m_token[2] = t2;
    m_peekCount = 3;
}

TemplateParser::Item TemplateParser::peek()
{
    if (m_peekCount > 0)
        return m_token[m_peekCount - 1];
    m_peekCount = 1;
    m_token[0] = m_lexer->nextItem();
    return m_token[0];
}

TemplateParser::Item TemplateParser::nextNonSpace()
{
    Item token;
    do {
        token = next();
    } while (token.type == ItemType::Space);
    return token;
}

TemplateParser::Item TemplateParser::peekNonSpace()
{
    Item token = nextNonSpace();
    backup();
    return token;
}

TemplateParser::Item TemplateParser::expect(ItemType expected, const std::string &context)
{
    Item token = nextNonSpace();
    if (token.type != expected)
        unexpected(token, context);
    return token;
}

TemplateParser::Item TemplateParser::expectOneOf(ItemType a, ItemType b, const std::string &context)
{
    Item token = nextNonSpace();
    if (token.type != a && token.type != b)
        unexpected(token, context);
    return token;
}

void TemplateParser::add()
{
    auto it = m_treeSet->find(m_tree->name);
    if (it == m_treeSet->end() || isEmptyTree(it->second->root.get())) {
        (*m_treeSet)[m_tree->name] = std::move(m_tree);
        return;
    }
    if (!isEmptyTree(m_tree->root.get()))
        errorf("template: multiple definition of template " + go::strconv::quote(m_tree->name));
}

void TemplateParser::parseTop()
{
    m_tree->root = std::make_unique<ListNode>(peek().pos, m_tree.get());
    while (peek().type != ItemType::Eof) {
        if (peek().type == ItemType::LeftDelim) {
            Item delim = next();
            if (nextNonSpace().type == ItemType::Define) {
                TemplateParser def("definition", m_tree->parseName, m_tree->text, m_lexer, m_hasFunction, m_treeSet);
                def.parseDefinition();
                continue;
            }
            backup2(delim);
        }
        NodePtr n = textOrAction();
        if (n->type == Node::Type::End || n->type == Node::Type::Else)
            errorf("unexpected " + n->toString());
        m_tree->root->nodes.push_back(std::move(n));
    }
}

void TemplateParser::parseDefinition()
{
    const std::string context = "define clause";
    Item name = expectOneOf(ItemType::String, ItemType::RawString, context);
    auto unquoted = go::strconv::unquote(name.value);
    if (!unquoted)
        errorf("invalid syntax");
    m_tree->name = *unquoted;
    expect(ItemType::RightDelim, context);
    auto [list, end] = itemList();
    m_tree->root = std::move(list);
    if (end->type != Node::Type::End)
        errorf("unexpected " + end->toString() + " in " + context);
    add();
}

std::pair<std::unique_ptr<ListNode>, NodePtr> TemplateParser::itemList()
{
    auto list = std::make_unique<ListNode>(peekNonSpace().pos, m_tree.get());
    while (peekNonSpace().type != ItemType::Eof) {
        NodePtr n = textOrAction();
        if (n->type == Node::Type::End || n->type == Node::Type::Else)
            return {std::move(list), std::move(n)};
        list->nodes.push_back(std::move(n));
    }
    errorf("unexpected EOF");
}

NodePtr TemplateParser::textOrAction()
{
    Item token = nextNonSpace();
    switch (token.type) {
    case ItemType::Text:
        return std::make_unique<TextNode>(token.pos, m_tree.get(), std::string(token.value));
    case ItemType::LeftDelim: {
        m_actionLine = token.line;
        struct Clear
        {
            int &line;
            ~Clear() { line = 0; }
        } clear{m_actionLine};
        return action();
    }
    default:
        unexpected(token, "input");
    }
}

NodePtr TemplateParser::action()
{
    Item token = nextNonSpace();
    switch (token.type) {
    case ItemType::Block: return blockControl();
    case ItemType::Break: return breakControl(token.pos, token.line, Node::Type::Break);
    case ItemType::Continue: return breakControl(token.pos, token.line, Node::Type::Continue);
    case ItemType::Else: return elseControl();
    case ItemType::End: return endControl();
    case ItemType::If: return branchControl(Node::Type::If, "if");
    case ItemType::Range: return branchControl(Node::Type::Range, "range");
    case ItemType::Template: return templateControl();
    case ItemType::With: return branchControl(Node::Type::With, "with");
    default: break;
    }
    backup();
    Item start = peek();
    // Do not pop variables; they persist until "end".
    auto pipe = pipeline("command", ItemType::RightDelim);
    return std::make_unique<ActionNode>(start.pos, m_tree.get(), start.line, std::move(pipe));
}

NodePtr TemplateParser::breakControl(std::size_t pos, int line, Node::Type type)
{
    const std::string word = type == Node::Type::Break ? "break" : "continue";
    Item token = nextNonSpace();
    if (token.type != ItemType::RightDelim)
        unexpected(token, "{{" + word + "}}");
    if (m_rangeDepth == 0)
        errorf("{{" + word + "}} outside {{range}}");
    return std::make_unique<BreakNode>(type, pos, m_tree.get(), line);
}

std::unique_ptr<VariableNode> TemplateParser::newVariable(std::size_t pos, std::string_view name)
{
    std::vector<std::string> ident;
    std::size_t start = 0;
    for (;;) {
        const std::size_t dot = name.find('.', start);
        ident.emplace_back(name.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
        if (dot == std::string_view::npos)
            break;
        start = dot + 1;
    }
    return std::make_unique<VariableNode>(pos, m_tree.get(), std::move(ident));
}

std::unique_ptr<PipeNode> TemplateParser::pipeline(const std::string &context, ItemType end)
{
    Item token = peekNonSpace();
    auto pipe = std::make_unique<PipeNode>(token.pos, m_tree.get(), token.line);
    for (bool again = true; again;) {
        again = false;
        Item v = peekNonSpace();
        if (v.type != ItemType::Variable)
            break;
        next();
        // Three-token look-ahead: in "$x foo" we must read past the space.
        Item tokenAfterVariable = peek();
        Item after = peekNonSpace();
        if (after.type == ItemType::Assign || after.type == ItemType::Declare) {
            pipe->isAssign = after.type == ItemType::Assign;
            nextNonSpace();
            pipe->decl.push_back(newVariable(v.pos, v.value));
            m_vars.emplace_back(v.value);
        } else if (after.type == ItemType::Char && after.value == ",") {
            nextNonSpace();
            pipe->decl.push_back(newVariable(v.pos, v.value));
            m_vars.emplace_back(v.value);
            if (context == "range" && pipe->decl.size() < 2) {
                const ItemType t = peekNonSpace().type;
                if (t == ItemType::Variable || t == ItemType::RightDelim || t == ItemType::RightParen) {
                    again = true; // second initialized variable in a range pipeline
                    continue;
                }
                errorf("range can only initialize variables");
            }
            errorf("too many declarations in " + context);
        } else if (tokenAfterVariable.type == ItemType::Space) {
            backup3(v, tokenAfterVariable);
        } else {
            backup2(v);
        }
    }
    for (;;) {
        Item t = nextNonSpace();
        if (t.type == end) {
            checkPipeline(*pipe, context);
            return pipe;
        }
        switch (t.type) {
        case ItemType::Bool: case ItemType::CharConstant: case ItemType::Complex: case ItemType::Dot:
        case ItemType::Field: case ItemType::Identifier: case ItemType::Number: case ItemType::Nil:
        case ItemType::RawString: case ItemType::String: case ItemType::Variable: case ItemType::LeftParen:
            backup();
            pipe->cmds.push_back(command());
            break;
        default:
            unexpected(t, context);
        }
    }
}

void TemplateParser::checkPipeline(const PipeNode &pipe, const std::string &context)
{
    if (pipe.cmds.empty())
        errorf("missing value for " + context);
    for (std::size_t i = 1; i < pipe.cmds.size(); ++i) {
        switch (pipe.cmds[i]->args[0]->type) {
        case Node::Type::Bool: case Node::Type::Dot: case Node::Type::Nil: case Node::Type::Number:
        case Node::Type::String:
            errorf("non executable command in pipeline stage " + std::to_string(i + 1));
        default: break;
        }
    }
}

NodePtr TemplateParser::branchControl(Node::Type type, const std::string &context)
{
    const std::size_t varsMark = m_vars.size();
    auto pipe = pipeline(context, ItemType::RightDelim);
    if (type == Node::Type::Range)
        ++m_rangeDepth;
    auto [list, nextNode] = itemList();
    if (type == Node::Type::Range)
        --m_rangeDepth;
    std::unique_ptr<ListNode> elseList;
    if (nextNode->type == Node::Type::Else) {
        // {{else if}} / {{else with}} are parsed as {{else}}{{if ...}}...{{end}}{{end}}.
        if (type == Node::Type::If && peek().type == ItemType::If) {
            next();
            elseList = std::make_unique<ListNode>(nextNode->pos, m_tree.get());
            elseList->nodes.push_back(branchControl(Node::Type::If, "if"));
        } else if (type == Node::Type::With && peek().type == ItemType::With) {
            next();
            elseList = std::make_unique<ListNode>(nextNode->pos, m_tree.get());
            elseList->nodes.push_back(branchControl(Node::Type::With, "with"));
        } else {
            auto [els, endNode] = itemList();
            elseList = std::move(els);
            if (endNode->type != Node::Type::End)
                errorf("expected end; found " + endNode->toString());
        }
    }
    m_vars.resize(varsMark);
    auto node = std::make_unique<BranchNode>(type, pipe->pos, m_tree.get(), pipe->line);
    node->pipe = std::move(pipe);
    node->list = std::move(list);
    node->elseList = std::move(elseList);
    return node;
}

NodePtr TemplateParser::endControl()
{
    Item t = expect(ItemType::RightDelim, "end");
    return std::make_unique<MarkerNode>(Node::Type::End, t.pos, m_tree.get(), t.line);
}

NodePtr TemplateParser::elseControl()
{
    Item p = peekNonSpace();
    if (p.type == ItemType::If || p.type == ItemType::With)
        return std::make_unique<MarkerNode>(Node::Type::Else, p.pos, m_tree.get(), p.line);
    Item t = expect(ItemType::RightDelim, "else");
    return std::make_unique<MarkerNode>(Node::Type::Else, t.pos, m_tree.get(), t.line);
}

NodePtr TemplateParser::blockControl()
{
    const std::string context = "block clause";
    Item token = nextNonSpace();
    std::string name = parseTemplateName(token, context);
    auto pipe = pipeline(context, ItemType::RightDelim);

    TemplateParser block(name, m_tree->parseName, m_tree->text, m_lexer, m_hasFunction, m_treeSet);
    auto [list, end] = block.itemList();
    block.m_tree->root = std::move(list);
    if (end->type != Node::Type::End)
        errorf("unexpected " + end->toString() + " in " + context);
    block.add();
    return std::make_unique<TemplateCallNode>(token.pos, m_tree.get(), token.line, name, std::move(pipe));
}

NodePtr TemplateParser::templateControl()
{
    const std::string context = "template clause";
    Item token = nextNonSpace();
    std::string name = parseTemplateName(token, context);
    std::unique_ptr<PipeNode> pipe;
    if (nextNonSpace().type != ItemType::RightDelim) {
        backup();
        pipe = pipeline(context, ItemType::RightDelim);
    }
    return std::make_unique<TemplateCallNode>(token.pos, m_tree.get(), token.line, name, std::move(pipe));
}

std::string TemplateParser::parseTemplateName(const Item &token, const std::string &context)
{
    if (token.type != ItemType::String && token.type != ItemType::RawString)
        unexpected(token, context);
    auto s = go::strconv::unquote(token.value);
    if (!s)
        errorf("invalid syntax");
    return *s;
}

std::unique_ptr<CommandNode> TemplateParser::command()
{
    auto cmd = std::make_unique<CommandNode>(peekNonSpace().pos, m_tree.get());
    for (;;) {
        peekNonSpace(); // skip leading spaces
        if (NodePtr op = operand())
            cmd->args.push_back(std::move(op));
        Item token = next();
        if (token.type == ItemType::Space)
            continue;
        if (token.type == ItemType::RightDelim || token.type == ItemType::RightParen)
            backup();
        else if (token.type != ItemType::Pipe)
            unexpected(token, "operand");
        break;
    }
    if (cmd->args.empty())
        errorf("empty command");
    return cmd;
}

NodePtr TemplateParser::operand()
{
    NodePtr node = term();
    if (!node)
        return nullptr;
    if (peek().type == ItemType::Field) {
        auto chain = std::make_unique<ChainNode>(peek().pos, m_tree.get(), nullptr);
        const Node::Type termType = node->type;
        while (peek().type == ItemType::Field)
            chain->field.emplace_back(next().value.substr(1));
        switch (termType) {
        case Node::Type::Field: {
            auto *f = static_cast<FieldNode *>(node.get());
            std::vector<std::string> ident = f->ident;
            ident.insert(ident.end(), chain->field.begin(), chain->field.end());
            return std::make_unique<FieldNode>(chain->pos, m_tree.get(), std::move(ident));
        }
        case Node::Type::Variable: {
            auto *v = static_cast<VariableNode *>(node.get());
            std::vector<std::string> ident = v->ident;
            ident.insert(ident.end(), chain->field.begin(), chain->field.end());
            return std::make_unique<VariableNode>(chain->pos, m_tree.get(), std::move(ident));
        }
        case Node::Type::Bool: case Node::Type::String: case Node::Type::Number: case Node::Type::Nil:
        case Node::Type::Dot:
            errorf("unexpected . after term " + go::strconv::quote(node->toString()));
        default: {
            auto result = std::make_unique<ChainNode>(chain->pos, m_tree.get(), std::move(node));
            result->field = std::move(chain->field);
            return result;
        }
        }
    }
    return node;
}

NodePtr TemplateParser::term()
{
    Item token = nextNonSpace();
    switch (token.type) {
    case ItemType::Identifier:
        if (!m_hasFunction(token.value))
            errorf("function " + go::strconv::quote(token.value) + " not defined");
        return std::make_unique<IdentifierNode>(token.pos, m_tree.get(), std::string(token.value));
    case ItemType::Dot: return std::make_unique<DotNode>(token.pos, m_tree.get());
    case ItemType::Nil: return std::make_unique<NilNode>(token.pos, m_tree.get());
    case ItemType::Variable: return useVar(token.pos, token.value);
    case ItemType::Field: {
        std::vector<std::string> ident;
        std::string_view v = token.value.substr(1);
        ident.emplace_back(v);
        return std::make_unique<FieldNode>(token.pos, m_tree.get(), std::move(ident));
    }
    case ItemType::Bool: return std::make_unique<BoolNode>(token.pos, m_tree.get(), token.value == "true");
    case ItemType::CharConstant: case ItemType::Complex: case ItemType::Number: return newNumber(token);
    case ItemType::LeftParen: return pipeline("parenthesized pipeline", ItemType::RightParen);
    case ItemType::String: case ItemType::RawString: {
        auto s = go::strconv::unquote(token.value);
        if (!s)
            errorf("invalid syntax");
        return std::make_unique<StringNode>(token.pos, m_tree.get(), std::string(token.value), *s);
    }
    default: break;
    }
    backup();
    return nullptr;
}

NodePtr TemplateParser::useVar(std::size_t pos, std::string_view name)
{
    auto v = newVariable(pos, name);
    for (const auto &known : m_vars)
        if (known == v->ident[0])
            return v;
    errorf("undefined variable " + go::strconv::quote(v->ident[0]));
}

NodePtr TemplateParser::newNumber(const Item &token)
{
    const std::string text(token.value);
    auto n = std::make_unique<NumberNode>(token.pos, m_tree.get(), text);
    if (token.type == ItemType::CharConstant) {
        auto r = go::strconv::unquoteChar(std::string_view(text).substr(1), text[0]);
        if (!r)
            errorf("invalid syntax");
        if (r->second != "'")
            errorf("malformed character constant: " + text);
        const std::int64_t v = static_cast<std::int64_t>(r->first & 0x7FFFFFFF);
        n->isInt = n->isUint = n->isFloat = true;
        n->intValue = v;
        n->uintValue = static_cast<std::uint64_t>(v);
        n->floatValue = static_cast<double>(v);
        return n;
    }
    if (token.type == ItemType::Complex) {
        // "re+imi" / "re-imi"
        const std::size_t split = text.find_first_of("+-", 1);
        const auto re = go::strconv::parseFloat(std::string_view(text).substr(0, split));
        const auto im = go::strconv::parseFloat(std::string_view(text).substr(split, text.size() - split - 1));
        if (!re.ok() || !im.ok())
            errorf("illegal number syntax: " + go::strconv::quote(text));
        n->isComplex = true;
        n->complexReal = re.value;
        n->complexImag = im.value;
    } else if (!text.empty() && text.back() == 'i') {
        if (const auto f = go::strconv::parseFloat(std::string_view(text).substr(0, text.size() - 1)); f.ok()) {
            n->isComplex = true;
            n->complexImag = f.value;
        }
    }
    if (n->isComplex) {
        // simplifyComplex: a complex with zero imaginary part is also a float (and maybe an int).
        if (n->complexImag == 0) {
            n->isFloat = true;
            n->floatValue = n->complexReal;
            setExactIntegers(*n, n->floatValue);
        }
        return n;
    }
    if (const auto u = go::strconv::parseUint(text, 0); u.ok()) {
        n->isUint = true;
        n->uintValue = u.value;
    }
    if (const auto i = go::strconv::parseInt(text, 0); i.ok()) {
        n->isInt = true;
        n->intValue = i.value;
        if (i.value == 0) {
            n->isUint = true;
            n->uintValue = 0;
        }
    }
    if (n->isInt) {
        n->isFloat = true;
        n->floatValue = static_cast<double>(n->intValue);
    } else if (n->isUint) {
        n->isFloat = true;
        n->floatValue = static_cast<double>(n->uintValue);
    } else if (const auto f = go::strconv::parseFloat(text); f.ok()) {
        if (text.find_first_of(".eEpP") == std::string::npos)
            errorf("integer overflow: " + go::strconv::quote(text));
        n->isFloat = true;
        n->floatValue = f.value;
        setExactIntegers(*n, f.value);
    }
    if (!n->isInt && !n->isUint && !n->isFloat)
        errorf("illegal number syntax: " + go::strconv::quote(text));
    return n;
}

} // namespace ds::tmpl
