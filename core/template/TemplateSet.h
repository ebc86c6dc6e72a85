// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "FunctionRegistry.h"
#include "TemplateNode.h"
#include "value/Value.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ds::tmpl {

enum class MissingKey { Default, Zero, Error };

// Bounds that keep an untrusted template from hanging or exhausting memory. Go
// has only the depth limit; the others are generous enough for every real reference.
struct RenderLimits
{
    int maxTemplateDepth = 100000;          // Go's maxExecDepth
    std::size_t maxOutputBytes = 64u << 20; // rendered text
    std::uint64_t maxSteps = 50'000'000;    // nodes walked + functions called
    std::size_t maxValueBytes = 64u << 20;  // one value a function builds (repeat, toJson...)
    std::size_t maxValueTotalBytes = std::size_t(1) << 30; // all values built by one render
};

struct RenderResult
{
    std::string output;
    std::optional<std::string> error; // Go's text: "template: NAME:L:C: executing ..."
    bool doNotMatch = false;          // the error came from doNotMatch
    std::string doNotMatchReason;
    bool ok() const { return !error.has_value(); }
};

// A set of named templates sharing one function map — Go's *template.Template
// "common" structure, with its rules for parsing several texts into one set.
class TemplateSet
{
public:
    explicit TemplateSet(const FunctionRegistry &functions = FunctionRegistry::kubeCompare());
    ~TemplateSet();
    TemplateSet(TemplateSet &&) noexcept;
    TemplateSet &operator=(TemplateSet &&) noexcept;

    // Parses `text` as the template `name` (Go: t.New(name).Parse(text), or
    // t.Parse(text) when name is the set's own name). Its {{define}}s join the
    // set; a later definition replaces an earlier one unless the later one is
    // empty. Returns Go's error text on failure (the set is then unchanged).
    std::optional<std::string> parse(const std::string &name, std::string text);

    // A text parsed once for adding to many sets (a reference's function files
    // join every template's set): parsing does not depend on a set's contents,
    // only on its functions, so add(parseFile(n, t, f)) is parse(n, t). The
    // trees are shared between the sets, never copied; execution only reads them.
    struct ParsedFile
    {
        std::map<std::string, std::shared_ptr<ParseTree>> trees;
        std::optional<std::string> error;
    };
    static ParsedFile parseFile(const std::string &name, std::string text, const FunctionRegistry &functions);
    std::optional<std::string> add(const ParsedFile &file);

    // Go: t.New(alias).AddParseTree(alias, t.Lookup(existing).Tree).
    bool addAlias(const std::string &alias, const std::string &existing);

    const ParseTree *lookup(const std::string &name) const;
    std::vector<std::string> names() const;
    void setMissingKey(MissingKey option) { m_missingKey = option; }
    MissingKey missingKey() const { return m_missingKey; }
    const FunctionRegistry &functions() const { return *m_functions; }

    // Executes template `name` with `data` (Go: ExecuteTemplate). Maps in data
    // are shared with the template (set/unset mutate them, as in Go).
    RenderResult execute(const std::string &name, const Value &data, FunctionContext &context,
                         const RenderLimits &limits = {}) const;

private:
    const FunctionRegistry *m_functions;
    std::map<std::string, std::shared_ptr<ParseTree>> m_trees;
    MissingKey m_missingKey = MissingKey::Default;
};

} // namespace ds::tmpl
