// SPDX-License-Identifier: Apache-2.0
// libFuzzer target for the template engine: lexer, parser and executor with the
// whole kube-compare function map. Input: template text, optionally followed by
// a NUL byte and YAML data for the template's dot.
#include "FuzzSupport.h"

#include "template/FunctionSpec.h"
#include "template/TemplateSet.h"
#include "yaml/YamlReader.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

// Deterministic randomness so that a crash reproduces from its input alone.
class FuzzContext : public ds::tmpl::FunctionContext
{
public:
    FuzzContext() { seedRandom(1); }
};

ds::Value dataFor(std::string_view yamlText)
{
    ds::yaml::ReadOptions options;
    options.firstDocumentOnly = true;
    options.maxValues = 100'000;
    const ds::yaml::ReadResult read = ds::yaml::read(yamlText, options);
    if (!read.ok() || read.documents.empty())
        return ds::Value::emptyMap();
    return read.documents.front();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char *>(data), size);
    const std::size_t nul = input.find('\0');
    const std::string text(input.substr(0, nul));
    const ds::Value dot = nul == std::string_view::npos ? ds::Value::emptyMap() : dataFor(input.substr(nul + 1));

    ds::tmpl::TemplateSet set;
    if (set.parse("fuzz.yaml", text))
        return 0;
    // Small budgets keep each run fast; the limits themselves are under test.
    ds::tmpl::RenderLimits limits;
    limits.maxTemplateDepth = 2000;
    limits.maxOutputBytes = 1u << 20;
    limits.maxSteps = 200'000;
    FuzzContext context;
    (void)set.execute("fuzz.yaml", dot, context, limits);
    return 0;
}
