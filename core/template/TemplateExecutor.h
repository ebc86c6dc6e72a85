// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "RenderBudget.h"
#include "TemplateSet.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ds::tmpl {

// A value as Go's reflect sees it while executing: Missing is the invalid
// reflect.Value; `boxed` means the static type is interface{} (a value read out
// of a []interface{} or map[string]interface{}). A boxed Null is Go's "nil
// interface inside an interface", which behaves differently from missing
// (e.g. the error when passed as a string argument; tst_templatevectors).
struct RValue
{
    Value v;
    bool boxed = false;
    bool valid() const { return !v.isMissing(); }
};

// Executes one template of a set: Go's text/template exec.go.
class TemplateExecutor
{
public:
    TemplateExecutor(const TemplateSet &set, FunctionContext &context, const RenderLimits &limits);
    RenderResult run(const std::string &name, const Value &data);

private:
    enum class Flow { Normal, Break, Continue };
    using Args = std::vector<const Node *>;

    Flow walk(const RValue &dot, const Node *node);
    Flow walkList(const RValue &dot, const ListNode *list);
    Flow walkIfOrWith(const RValue &dot, const BranchNode *node);
    void walkRange(const RValue &dot, const BranchNode *node);
    void walkTemplate(const RValue &dot, const TemplateCallNode *node);
    RValue evalPipeline(const RValue &dot, const PipeNode *pipe);
    RValue evalCommand(const RValue &dot, const CommandNode *cmd, const RValue *final);
    RValue evalFunction(const RValue &dot, const IdentifierNode *node, const Node *cmd, const Args &args,
                        const RValue *final);
    RValue evalFieldNode(const RValue &dot, const FieldNode *field, const Args &args, const RValue *final);
    RValue evalChainNode(const RValue &dot, const ChainNode *chain, const Args &args, const RValue *final);
    RValue evalVariableNode(const RValue &dot, const VariableNode *variable, const Args &args,
                            const RValue *final);
    RValue evalFieldChain(const RValue &dot, RValue receiver, const Node *node,
                          const std::vector<std::string> &ident, std::size_t from, const Args &args,
                          const RValue *final);
    RValue evalField(const RValue &dot, const std::string &fieldName, const Node *node, const Args &args,
                     const RValue *final, const RValue &receiver);
    RValue evalCall(const RValue &dot, const FunctionSpec &spec, bool builtin, const Node *node,
                    const std::string &name, const Args &args, const RValue *final, const Value *receiver);
    RValue callAndOr(const RValue &dot, const std::string &name, const Args &args, const RValue *final);
    RValue callBuiltin(const std::string &name, std::vector<RValue> &args, const Node *callNode);
    Value evalArg(const RValue &dot, ParamType type, const Node *node);
    RValue evalReflectArg(const RValue &dot, const Node *node);
    RValue evalEmptyInterface(const Node *node);
    RValue evaluateNode(const RValue &dot, const Node *node);
    Value validateType(const RValue &value, ParamType type);
    RValue idealConstant(const NumberNode *constant);
    void printValue(const Node *node, const RValue &value);
    void write(std::string_view text);
    void step();

    void at(const Node *node) { m_node = node; }
    [[noreturn]] void errorf(const std::string &format, std::vector<Value> args = {});
    void notAFunction(const Args &args, const RValue *final);

    // variables
    std::size_t mark() const { return m_vars.size(); }
    void pop(std::size_t mark) { m_vars.resize(mark); }
    void push(const std::string &name, const RValue &value) { m_vars.emplace_back(name, value); }
    void setVar(const std::string &name, const RValue &value);
    void setTopVar(std::size_t n, const RValue &value) { m_vars[m_vars.size() - n].second = value; }
    RValue varValue(const std::string &name);

    const TemplateSet &m_set;
    FunctionContext &m_context;
    RenderLimits m_limits;
    RenderBudget m_budget;
    std::string m_out;
    const Node *m_node = nullptr;
    std::string m_templateName;
    std::vector<std::pair<std::string, RValue>> m_vars;
    int m_depth = 0;
    std::uint64_t m_steps = 0;
    const char *m_stackBase = nullptr;
    std::size_t m_stackBudget = 0;
    bool m_doNotMatch = false;
    std::string m_doNotMatchReason;
};

} // namespace ds::tmpl
