// SPDX-License-Identifier: Apache-2.0
#include "TemplateExecutor.h"

#include "FunctionError.h"
#include "go/GoFmt.h"
#include "TemplateObject.h"
#include "go/GoFloat.h"
#include "go/GoPanic.h"
#include "go/GoTypes.h"
#include "go/GoStrconv.h"

#include <pthread.h>

#include <cmath>

namespace ds::tmpl {

namespace {

// Go's complex128 constants (1i): only printing, truth and comparison matter.
class ComplexNumber : public TemplateObject
{
public:
    ComplexNumber(double re, double im) : real(re), imag(im) {}
    std::string typeName() const override { return "complex128"; }
    std::string kindName() const override { return "complex128"; }
    std::string toString() const override
    {
        std::string im = go::strconv::formatShortest(imag);
        if (im[0] != '-' && im[0] != '+')
            im = "+" + im;
        return "(" + go::strconv::formatShortest(real) + im + "i)";
    }
    bool truth() const override { return real != 0 || imag != 0; }
    bool equals(const GoObject &other) const override
    {
        auto *o = dynamic_cast<const ComplexNumber *>(&other);
        return o && o->real == real && o->imag == imag;
    }
    double real;
    double imag;
};

struct ExecError
{
    std::string message;
};

constexpr int kMaxDepthDefault = 100000;

// Unboxes an interface value: a boxed nil becomes invalid.
RValue indirectInterface(const RValue &v)
{
    if (!v.boxed)
        return v;
    if (v.v.isNull())
        return {};
    return {v.v, false};
}

std::string staticTypeName(const RValue &v)
{
    return v.boxed ? std::string("interface {}") : go::typeName(v.v);
}

// Go's isTrue on an unboxed value; ok=false for values that have no truth.
bool isTrue(const RValue &rv, bool &ok)
{
    ok = true;
    const Value &v = rv.v;
    if (!rv.valid())
        return false;
    if (rv.boxed)
        return !v.isNull(); // an interface is true when non-nil
    switch (v.type()) {
    case Value::Type::Missing:
    case Value::Type::Null: return false;
    case Value::Type::Bool: return v.toBool();
    case Value::Type::Int:
    case Value::Type::Int64: return v.toInt64() != 0;
    case Value::Type::Uint8:
    case Value::Type::Uint64: return v.toUint64() != 0;
    case Value::Type::Float64: return v.toFloat() != 0;
    case Value::Type::String:
    case Value::Type::List:
    case Value::Type::Map: return v.size() > 0;
    case Value::Type::Object: {
        const TemplateObject *o = asTemplateObject(v);
        return o ? o->truth() : true;
    }
    }
    return false;
}

bool truth(const RValue &v)
{
    bool ok = true;
    return isTrue(indirectInterface(v), ok);
}

bool isHexInt(const std::string &s)
{
    return s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && s.find_first_of("pP") == std::string::npos;
}

bool canBeNil(ParamType t)
{
    return t == ParamType::Any || t == ParamType::Map || t == ParamType::List || t == ParamType::Reflect;
}

Value zeroOf(ParamType t)
{
    switch (t) {
    case ParamType::Map: return Value::nilMap();
    case ParamType::List: return Value::nilList();
    default: return Value::null();
    }
}

bool isObjectType(const Value &v, std::string_view name)
{
    return v.isObject() && v.object().typeName() == name;
}

bool assignable(const Value &v, ParamType t)
{
    switch (t) {
    case ParamType::Any:
    case ParamType::Reflect: return true;
    case ParamType::String: return v.isString();
    case ParamType::Int: return v.type() == Value::Type::Int;
    case ParamType::Uint32: return false;
    case ParamType::Float64: return v.isFloat();
    case ParamType::Bool: return v.isBool();
    case ParamType::Map: return v.isMap() && v.mapType() == Value::MapType::Interface;
    case ParamType::List: return v.isList() && v.listType() == Value::ListType::Interface;
    case ParamType::Time: return isObjectType(v, "time.Time");
    case ParamType::Certificate: return isObjectType(v, "sprig.certificate");
    }
    return false;
}

Value str(const std::string &s) { return Value(s); }

// The current stack position (the stack grows down on every supported platform).
const char *stackPosition()
{
    return static_cast<const char *>(__builtin_frame_address(0));
}

std::size_t queryThreadStackSize()
{
    pthread_attr_t attr;
    std::size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        void *addr = nullptr;
        pthread_attr_getstack(&attr, &addr, &size);
        pthread_attr_destroy(&attr);
    }
    return size ? size : (8u << 20);
}

// Cached: for the main thread glibc reads /proc/self/maps, which would cost more
// than a typical render.
std::size_t currentThreadStackSize()
{
    thread_local const std::size_t size = queryThreadStackSize();
    return size;
}

// Element type of a collection: whether elements come out boxed.
bool elementsBoxed(const Value &collection)
{
    if (collection.isList())
        return collection.listType() == Value::ListType::Interface;
    if (collection.isMap())
        return collection.mapType() == Value::MapType::Interface;
    return false;
}

// A list element or map value as read through reflection.
RValue element(const Value &collection, const Value &e)
{
    return {e, elementsBoxed(collection)};
}

// What a function result adds to the render's budget (its own container only:
// elements were charged when they were built).
void chargeResult(const Value &result)
{
    if (result.isString())
        chargeRender(result.str().size());
    else if (result.isList())
        chargeRender(result.list().size(), sizeof(Value));
    else if (result.isMap())
        chargeRender(result.map().size(), sizeof(Value) + 32);
}

} // namespace

TemplateExecutor::TemplateExecutor(const TemplateSet &set, FunctionContext &context, const RenderLimits &limits)
    : m_set(set), m_context(context), m_limits(limits), m_budget(limits.maxValueBytes, limits.maxValueTotalBytes)
{
    if (m_limits.maxTemplateDepth <= 0)
        m_limits.maxTemplateDepth = kMaxDepthDefault;
}

RenderResult TemplateExecutor::run(const std::string &name, const Value &data)
{
    RenderResult result;
    const RenderBudget::Scope budgetScope(m_budget);
    m_stackBase = stackPosition();
    const std::size_t stackSize = currentThreadStackSize();
    m_stackBudget = stackSize > (512u << 10) ? stackSize - (384u << 10) : stackSize / 2;
    m_templateName = name;
    try {
        const ParseTree *tree = m_set.lookup(name);
        if (!tree || !tree->root) {
            m_node = nullptr;
            errorf("%q is an incomplete or empty template", {str(name)});
        }
        const RValue dot = data.isNull() ? RValue{} : RValue{data, false};
        m_vars.clear();
        push("$", dot);
        walk(dot, tree->root.get());
        result.output = std::move(m_out);
    } catch (const ExecError &e) {
        result.error = e.message;
        result.doNotMatch = m_doNotMatch;
        result.doNotMatchReason = m_doNotMatchReason;
    }
    return result;
}

void TemplateExecutor::errorf(const std::string &format, std::vector<Value> args)
{
    // Go builds a format string around the message and formats it with the
    // message's arguments, so a '%' in the template name garbles the location
    // exactly as it does in Go.
    auto doublePercent = [](const std::string &s) {
        std::string out;
        for (char c : s) {
            out += c;
            if (c == '%')
                out += '%';
        }
        return out;
    };
    const std::string name = doublePercent(m_templateName);
    std::string full;
    if (!m_node) {
        full = "template: " + name + ": " + format;
    } else {
        const std::string location = m_node->tree->location(*m_node);
        full = "template: " + location + ": executing " + doublePercent(go::strconv::quote(m_templateName)) + " at <"
            + doublePercent(m_node->toString()) + ">: " + format;
    }
    throw ExecError{go::fmt::sprintf(full, args)};
}

void TemplateExecutor::step()
{
    if (++m_steps > m_limits.maxSteps)
        errorf("template execution exceeded Driftscope's limit of %d steps", {Value::fromInt(static_cast<std::int64_t>(m_limits.maxSteps))});
}

void TemplateExecutor::write(std::string_view text)
{
    if (m_out.size() + text.size() > m_limits.maxOutputBytes)
        errorf("template output exceeded Driftscope's limit of %d bytes", {Value::fromInt(static_cast<std::int64_t>(m_limits.maxOutputBytes))});
    m_out.append(text);
}

void TemplateExecutor::setVar(const std::string &name, const RValue &value)
{
    for (std::size_t i = m_vars.size(); i-- > 0;) {
        if (m_vars[i].first == name) {
            m_vars[i].second = value;
            return;
        }
    }
    errorf("undefined variable: %s", {str(name)});
}

RValue TemplateExecutor::varValue(const std::string &name)
{
    for (std::size_t i = m_vars.size(); i-- > 0;)
        if (m_vars[i].first == name)
            return m_vars[i].second;
    errorf("undefined variable: %s", {str(name)});
}

TemplateExecutor::Flow TemplateExecutor::walk(const RValue &dot, const Node *node)
{
    step();
    at(node);
    switch (node->type) {
    case Node::Type::Action: {
        auto *action = static_cast<const ActionNode *>(node);
        // Variables declared by the action persist until the next {{end}}.
        RValue val = evalPipeline(dot, action->pipe.get());
        if (action->pipe->decl.empty())
            printValue(node, val);
        return Flow::Normal;
    }
    case Node::Type::Break: return Flow::Break;
    case Node::Type::Continue: return Flow::Continue;
    case Node::Type::If:
    case Node::Type::With: return walkIfOrWith(dot, static_cast<const BranchNode *>(node));
    case Node::Type::List: return walkList(dot, static_cast<const ListNode *>(node));
    case Node::Type::Range: walkRange(dot, static_cast<const BranchNode *>(node)); return Flow::Normal;
    case Node::Type::Template: walkTemplate(dot, static_cast<const TemplateCallNode *>(node)); return Flow::Normal;
    case Node::Type::Text: write(static_cast<const TextNode *>(node)->text); return Flow::Normal;
    default: errorf("unknown node: %s", {str(node->toString())});
    }
}

TemplateExecutor::Flow TemplateExecutor::walkList(const RValue &dot, const ListNode *list)
{
    for (const auto &n : list->nodes) {
        const Flow f = walk(dot, n.get());
        if (f != Flow::Normal)
            return f;
    }
    return Flow::Normal;
}

TemplateExecutor::Flow TemplateExecutor::walkIfOrWith(const RValue &dot, const BranchNode *node)
{
    const std::size_t m = mark();
    RValue val = evalPipeline(dot, node->pipe.get());
    bool ok = true;
    const bool t = isTrue(indirectInterface(val), ok);
    if (!ok)
        errorf("if/with can't use %v", {val.v});
    Flow f = Flow::Normal;
    if (t)
        f = walk(node->type == Node::Type::With ? val : dot, node->list.get());
    else if (node->elseList)
        f = walk(dot, node->elseList.get());
    pop(m);
    return f;
}

void TemplateExecutor::walkRange(const RValue &dot, const BranchNode *r)
{
    at(r);
    const std::size_t outerMark = mark();
    RValue val = indirectInterface(evalPipeline(dot, r->pipe.get()));
    const std::size_t bodyMark = mark();
    const auto &decl = r->pipe->decl;
    bool broke = false;
    auto oneIteration = [&](const RValue &index, const RValue &elem) {
        if (!decl.empty()) {
            if (r->pipe->isAssign) {
                // With two variables the index comes first; with one, the element.
                setVar(decl[0]->ident[0], decl.size() > 1 ? index : elem);
            } else {
                setTopVar(1, elem);
            }
        }
        if (decl.size() > 1) {
            if (r->pipe->isAssign)
                setVar(decl[1]->ident[0], elem);
            else
                setTopVar(2, index);
        }
        const Flow f = walk(elem, r->list.get());
        pop(bodyMark);
        if (f == Flow::Break)
            broke = true;
    };
    bool ran = false;
    const Value &v = val.v;
    switch (v.type()) {
    case Value::Type::List:
        for (std::size_t i = 0; i < v.list().size() && !broke; ++i) {
            ran = true;
            oneIteration({Value::fromInt(static_cast<std::int64_t>(i)), false}, element(v, v.list()[i]));
        }
        break;
    case Value::Type::Map:
        for (auto it = v.map().begin(); it != v.map().end() && !broke; ++it) {
            ran = true;
            oneIteration({Value(it->first), false}, element(v, it->second));
        }
        break;
    case Value::Type::Int:
    case Value::Type::Int64:
    case Value::Type::Uint8:
    case Value::Type::Uint64: {
        if (decl.size() > 1)
            errorf("can't use %v to iterate over more than one variable", {v});
        const bool isSigned = v.isSignedInteger();
        const std::int64_t n = isSigned ? v.toInt64() : static_cast<std::int64_t>(v.toUint64());
        for (std::int64_t i = 0; i < n && !broke; ++i) {
            ran = true;
            Value counter = v.type() == Value::Type::Int ? Value::fromInt(i)
                : v.type() == Value::Type::Int64        ? Value::fromInt64(i)
                : v.type() == Value::Type::Uint8        ? Value::fromUint8(static_cast<std::uint8_t>(i))
                                                        : Value::fromUint64(static_cast<std::uint64_t>(i));
            oneIteration({}, {counter, false});
        }
        break;
    }
    case Value::Type::Missing:
    case Value::Type::Null: break;
    default: errorf("range can't iterate over %v", {v});
    }
    if (!ran && r->elseList)
        walk(dot, r->elseList.get());
    pop(outerMark);
}

void TemplateExecutor::walkTemplate(const RValue &dot, const TemplateCallNode *t)
{
    at(t);
    const ParseTree *tree = m_set.lookup(t->name);
    if (!tree || !tree->root)
        errorf("template %q not defined", {str(t->name)});
    if (m_depth >= m_limits.maxTemplateDepth)
        errorf("exceeded maximum template depth (%v)", {Value::fromInt(m_limits.maxTemplateDepth)});
    const std::size_t used = static_cast<std::size_t>(m_stackBase - stackPosition());
    if (used > m_stackBudget)
        errorf("template recursion is too deep for the available stack (depth %d)", {Value::fromInt(m_depth)});
    // Variables declared by the pipeline persist.
    const RValue newDot = evalPipeline(dot, t->pipe.get());
    // No dynamic scoping: the called template sees only $.
    std::vector<std::pair<std::string, RValue>> saved;
    saved.swap(m_vars);
    const std::string savedName = m_templateName;
    m_templateName = t->name;
    ++m_depth;
    push("$", newDot);
    walk(newDot, tree->root.get());
    --m_depth;
    m_templateName = savedName;
    m_vars.swap(saved);
}

RValue TemplateExecutor::evalPipeline(const RValue &dot, const PipeNode *pipe)
{
    if (!pipe)
        return {};
    at(pipe);
    RValue value;
    bool haveFinal = false;
    for (const auto &cmd : pipe->cmds) {
        RValue previous = value;
        value = evalCommand(dot, cmd.get(), haveFinal ? &previous : nullptr);
        haveFinal = true;
        // An interface{} result is unwrapped: a nil interface becomes invalid.
        value = indirectInterface(value);
    }
    for (const auto &variable : pipe->decl) {
        if (pipe->isAssign)
            setVar(variable->ident[0], value);
        else
            push(variable->ident[0], value);
    }
    return value;
}

void TemplateExecutor::notAFunction(const Args &args, const RValue *final)
{
    if (args.size() > 1 || final)
        errorf("can't give argument to non-function %s", {str(args[0]->toString())});
}

RValue TemplateExecutor::evalCommand(const RValue &dot, const CommandNode *cmd, const RValue *final)
{
    Args args;
    args.reserve(cmd->args.size());
    for (const auto &a : cmd->args)
        args.push_back(a.get());
    const Node *first = args[0];
    switch (first->type) {
    case Node::Type::Field: return evalFieldNode(dot, static_cast<const FieldNode *>(first), args, final);
    case Node::Type::Chain: return evalChainNode(dot, static_cast<const ChainNode *>(first), args, final);
    case Node::Type::Identifier:
        return evalFunction(dot, static_cast<const IdentifierNode *>(first), cmd, args, final);
    case Node::Type::Pipe:
        notAFunction(args, final);
        return evalPipeline(dot, static_cast<const PipeNode *>(first));
    case Node::Type::Variable:
        return evalVariableNode(dot, static_cast<const VariableNode *>(first), args, final);
    default: break;
    }
    at(first);
    notAFunction(args, final);
    switch (first->type) {
    case Node::Type::Bool: return {Value(static_cast<const BoolNode *>(first)->value), false};
    case Node::Type::Dot: return dot;
    case Node::Type::Nil: errorf("nil is not a command");
    case Node::Type::Number: return idealConstant(static_cast<const NumberNode *>(first));
    case Node::Type::String: return {Value(static_cast<const StringNode *>(first)->text), false};
    default: errorf("can't evaluate command %q", {str(first->toString())});
    }
}

RValue TemplateExecutor::idealConstant(const NumberNode *c)
{
    at(c);
    if (c->isComplex)
        return {Value(std::make_shared<ComplexNumber>(c->complexReal, c->complexImag)), false};
    if (c->isFloat && !isHexInt(c->text) && c->text[0] != '\'' && c->text.find_first_of(".eEpP") != std::string::npos)
        return {Value::fromFloat(c->floatValue), false};
    if (c->isInt)
        return {Value::fromInt(c->intValue), false};
    if (c->isUint)
        errorf("%s overflows int", {str(c->text)});
    return {};
}

RValue TemplateExecutor::evalFunction(const RValue &dot, const IdentifierNode *node, const Node *cmd,
                                      const Args &args, const RValue *final)
{
    at(node);
    const FunctionSpec *spec = m_set.functions().find(node->ident);
    if (!spec)
        errorf("%q is not a defined function", {str(node->ident)});
    return evalCall(dot, *spec, !spec->impl, cmd, node->ident, args, final, nullptr);
}

RValue TemplateExecutor::evalFieldNode(const RValue &dot, const FieldNode *field, const Args &args,
                                       const RValue *final)
{
    at(field);
    return evalFieldChain(dot, dot, field, field->ident, 0, args, final);
}

RValue TemplateExecutor::evalChainNode(const RValue &dot, const ChainNode *chain, const Args &args,
                                       const RValue *final)
{
    at(chain);
    if (chain->node->type == Node::Type::Nil)
        errorf("indirection through explicit nil in %s", {str(chain->toString())});
    // (pipe).Field1.Field2: evaluate the pipeline, then the fields.
    const RValue pipe = evaluateNode(dot, chain->node.get());
    return evalFieldChain(dot, pipe, chain, chain->field, 0, args, final);
}

RValue TemplateExecutor::evalVariableNode(const RValue &dot, const VariableNode *variable, const Args &args,
                                          const RValue *final)
{
    at(variable);
    const RValue value = varValue(variable->ident[0]);
    if (variable->ident.size() == 1) {
        notAFunction(args, final);
        return value;
    }
    return evalFieldChain(dot, value, variable, variable->ident, 1, args, final);
}

RValue TemplateExecutor::evalFieldChain(const RValue &dot, RValue receiver, const Node *node,
                                        const std::vector<std::string> &ident, std::size_t from,
                                        const Args &args, const RValue *final)
{
    const std::size_t n = ident.size();
    for (std::size_t i = from; i + 1 < n; ++i)
        receiver = evalField(dot, ident[i], node, {}, nullptr, receiver);
    return evalField(dot, ident[n - 1], node, args, final, receiver);
}

RValue TemplateExecutor::evalField(const RValue &dot, const std::string &fieldName, const Node *node,
                                   const Args &args, const RValue *final, const RValue &receiver)
{
    if (!receiver.valid()) {
        if (m_set.missingKey() == MissingKey::Error)
            errorf("nil data; no entry for key %q", {str(fieldName)});
        return {};
    }
    const std::string typ = staticTypeName(receiver);
    if (receiver.boxed && receiver.v.isNull())
        errorf("nil pointer evaluating %s.%s", {str(typ), str(fieldName)});
    const Value &r = receiver.v;
    const bool hasArgs = args.size() > 1 || final;
    if (const TemplateObject *object = asTemplateObject(r)) {
        if (const FunctionSpec *method = object->method(fieldName))
            return evalCall(dot, *method, false, node, fieldName, args, final, &r);
        if (auto field = object->field(fieldName)) {
            if (hasArgs)
                errorf("%s has arguments but cannot be invoked as function", {str(fieldName)});
            return {*field, false};
        }
    } else if (r.isMap()) {
        if (hasArgs)
            errorf("%s is not a method but has arguments", {str(fieldName)});
        auto it = r.map().find(fieldName);
        if (it != r.map().end())
            return element(r, it->second);
        switch (m_set.missingKey()) {
        case MissingKey::Default: return {};
        case MissingKey::Zero:
            return r.mapType() == Value::MapType::String ? RValue{Value(std::string()), false}
                                                         : RValue{Value::null(), true};
        case MissingKey::Error: errorf("map has no entry for key %q", {str(fieldName)});
        }
    }
    errorf("can't evaluate field %s in type %s", {str(fieldName), str(typ)});
}

RValue TemplateExecutor::callAndOr(const RValue &dot, const std::string &name, const Args &args,
                                   const RValue *final)
{
    RValue v;
    for (std::size_t i = 1; i < args.size(); ++i) {
        v = evalReflectArg(dot, args[i]);
        if (truth(v) == (name == "or"))
            return v;
    }
    if (final)
        v = *final;
    return v;
}

RValue TemplateExecutor::evalCall(const RValue &dot, const FunctionSpec &spec, bool builtin, const Node *node,
                                  const std::string &name, const Args &args, const RValue *final,
                                  const Value *receiver)
{
    step();
    const std::size_t numArgs = args.empty() ? 0 : args.size() - 1;
    const std::size_t numIn = numArgs + (final ? 1 : 0);
    const std::size_t numParams = spec.params.size();
    std::size_t numFixed = numArgs;
    if (spec.variadic) {
        numFixed = numParams - 1;
        if (numIn < numFixed)
            errorf("wrong number of args for %s: want at least %d got %d",
                   {str(name), Value::fromInt(static_cast<std::int64_t>(numParams - 1)),
                    Value::fromInt(static_cast<std::int64_t>(numArgs))});
    } else if (numIn != numParams) {
        errorf("wrong number of args for %s: want %d got %d",
               {str(name), Value::fromInt(static_cast<std::int64_t>(numParams)),
                Value::fromInt(static_cast<std::int64_t>(numIn))});
    }
    if (builtin && (name == "and" || name == "or"))
        return callAndOr(dot, name, args, final);

    auto paramType = [&](std::size_t i) {
        return i < numFixed || !spec.variadic ? spec.params[i] : spec.params.back();
    };
    if (builtin) {
        std::vector<RValue> argv;
        for (std::size_t i = 0; i < numArgs; ++i)
            argv.push_back(evalReflectArg(dot, args[i + 1]));
        if (final)
            argv.push_back(*final);
        if (name == "call")
            argv.insert(argv.begin(), RValue{Value(args.size() > 1 ? args[1]->toString() : std::string()), false});
        try {
            return callBuiltin(name, argv, node);
        } catch (const FunctionError &e) {
            at(node);
            errorf("error calling %s: %s", {str(name), str(e.what())});
        }
    }

    std::vector<Value> argv;
    argv.reserve(numIn + 1);
    if (receiver)
        argv.push_back(*receiver);
    for (std::size_t i = 0; i < numArgs; ++i)
        argv.push_back(evalArg(dot, paramType(i), args[i + 1]));
    if (final) {
        // The piped value fills the last parameter (or the variadic part).
        const ParamType t = spec.variadic && numIn - 1 >= numFixed ? spec.params.back() : spec.params[numIn - 1];
        argv.push_back(validateType(*final, t));
    }
    Value result;
    try {
        if (walksArguments(name)) {
            // `set` stores its last argument; walking the dict itself would make loops quadratic.
            for (std::size_t i = name == "set" ? 1 : 0; i < argv.size(); ++i)
                chargeSerialising(argv[i]);
        }
        result = spec.impl(m_context, argv);
        chargeResult(result);
    } catch (const DoNotMatchError &e) {
        m_doNotMatch = true;
        m_doNotMatchReason = e.reason();
        at(node);
        errorf("error calling %s: %s", {str(name), str(e.what())});
    } catch (const FunctionError &e) {
        at(node);
        errorf("error calling %s: %s", {str(name), str(e.what())});
    } catch (const go::Panic &e) {
        // text/template recovers a function's panic into the same error.
        at(node);
        errorf("error calling %s: %s", {str(name), str(e.what())});
    }
    if (result.isNull())
        return {}; // a nil interface result
    return {result, false};
}

RValue TemplateExecutor::evaluateNode(const RValue &dot, const Node *node)
{
    switch (node->type) {
    case Node::Type::Dot: return dot;
    case Node::Type::Field: return evalFieldNode(dot, static_cast<const FieldNode *>(node), {node}, nullptr);
    case Node::Type::Variable:
        return evalVariableNode(dot, static_cast<const VariableNode *>(node), {}, nullptr);
    case Node::Type::Pipe: return evalPipeline(dot, static_cast<const PipeNode *>(node));
    case Node::Type::Identifier: {
        auto *id = static_cast<const IdentifierNode *>(node);
        return evalFunction(dot, id, id, {}, nullptr);
    }
    case Node::Type::Chain: return evalChainNode(dot, static_cast<const ChainNode *>(node), {}, nullptr);
    default: return {};
    }
}

RValue TemplateExecutor::evalReflectArg(const RValue &dot, const Node *n)
{
    at(n);
    switch (n->type) {
    case Node::Type::Dot: case Node::Type::Field: case Node::Type::Variable: case Node::Type::Pipe:
    case Node::Type::Identifier: case Node::Type::Chain:
        return evaluateNode(dot, n);
    case Node::Type::Nil: return {};
    default: return evalEmptyInterface(n);
    }
}

RValue TemplateExecutor::evalEmptyInterface(const Node *n)
{
    at(n);
    switch (n->type) {
    case Node::Type::Bool: return {Value(static_cast<const BoolNode *>(n)->value), false};
    case Node::Type::Number: return idealConstant(static_cast<const NumberNode *>(n));
    case Node::Type::String: return {Value(static_cast<const StringNode *>(n)->text), false};
    default: errorf("can't handle assignment of %s to empty interface argument", {str(n->toString())});
    }
}

Value TemplateExecutor::evalArg(const RValue &dot, ParamType type, const Node *n)
{
    at(n);
    switch (n->type) {
    case Node::Type::Dot: case Node::Type::Field: case Node::Type::Variable: case Node::Type::Pipe:
    case Node::Type::Identifier: case Node::Type::Chain:
        return validateType(evaluateNode(dot, n), type);
    case Node::Type::Nil:
        if (canBeNil(type))
            return zeroOf(type);
        errorf("cannot assign nil to %s", {str(std::string(goTypeName(type)))});
    default: break;
    }
    const std::string text = n->toString();
    switch (type) {
    case ParamType::Bool:
        if (n->type == Node::Type::Bool)
            return Value(static_cast<const BoolNode *>(n)->value);
        errorf("expected bool; found %s", {str(text)});
    case ParamType::Int:
        if (n->type == Node::Type::Number && static_cast<const NumberNode *>(n)->isInt)
            return Value::fromInt(static_cast<const NumberNode *>(n)->intValue);
        errorf("expected integer; found %s", {str(text)});
    case ParamType::Uint32:
        if (n->type == Node::Type::Number && static_cast<const NumberNode *>(n)->isUint)
            return Value::fromInt(static_cast<std::int64_t>(static_cast<std::uint32_t>(
                static_cast<const NumberNode *>(n)->uintValue)));
        errorf("expected unsigned integer; found %s", {str(text)});
    case ParamType::Float64:
        if (n->type == Node::Type::Number && static_cast<const NumberNode *>(n)->isFloat)
            return Value::fromFloat(static_cast<const NumberNode *>(n)->floatValue);
        errorf("expected float; found %s", {str(text)});
    case ParamType::String:
        if (n->type == Node::Type::String)
            return Value(static_cast<const StringNode *>(n)->text);
        errorf("expected string; found %s", {str(text)});
    case ParamType::Any:
    case ParamType::Reflect: {
        RValue v = evalEmptyInterface(n);
        return v.valid() ? v.v : Value::null();
    }
    default: errorf("can't handle %s for arg of type %s", {str(text), str(std::string(goTypeName(type)))});
    }
}

Value TemplateExecutor::validateType(const RValue &value, ParamType type)
{
    if (!value.valid()) {
        if (canBeNil(type))
            return zeroOf(type);
        errorf("invalid value; expected %s", {str(std::string(goTypeName(type)))});
    }
    if (type == ParamType::Any || type == ParamType::Reflect)
        return value.v;
    if (!value.boxed && assignable(value.v, type))
        return value.v;
    if (value.boxed && !value.v.isNull() && assignable(value.v, type))
        return value.v;
    const std::string got = value.boxed && value.v.isNull() ? std::string("interface {}") : go::typeName(value.v);
    errorf("wrong type for value; expected %s; got %s", {str(std::string(goTypeName(type))), str(got)});
}

void TemplateExecutor::printValue(const Node *node, const RValue &value)
{
    at(node);
    if (!value.valid()) {
        write("<no value>");
        return;
    }
    try {
        chargeSerialising(value.v);
    } catch (const FunctionError &e) {
        errorf("%s", {str(e.what())});
    }
    // An interface holding nil (only reachable without a pipeline) prints as <nil>.
    write(go::fmt::formatValue(value.v));
}

} // namespace ds::tmpl
