// SPDX-License-Identifier: Apache-2.0
// libFuzzer target for the user files next to a reference: the diff config
// (`-c`, strict decoding), its writer (the GUI's manual correlations saved into
// the text, which must read back as exactly the pairs written) and the user
// overrides (`-p`), each override applied to a small object (merge patch,
// RFC 6902, go-template). The whole input is offered to every loader.
#include "FuzzSupport.h"

#include "compare/DiffConfig.h"
#include "compare/DiffConfigWriter.h"
#include "compare/UserOverrides.h"
#include "yaml/YamlReader.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

class FuzzContext : public ds::tmpl::FunctionContext
{
public:
    FuzzContext() { seedRandom(1); }
};

ds::Value sampleObject()
{
    static const char *text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  namespace: ns\n"
                              "  labels:\n    app: x\ndata:\n  key: value\n  list: '[1, 2]'\n";
    return ds::yaml::read(text).documents.front();
}

void checkWriter(const std::string &text)
{
    const ds::compare::DiffConfigWriter::Pairs pairs = {
        {"v1_ConfigMap_ns_a", "cm-a.yaml"}, {"apps/v1_Deployment_x_y: z", "dir/'quoted' \"path\".yaml"}};
    const ds::compare::DiffConfigWriter::Result written = ds::compare::DiffConfigWriter::update(text, pairs);
    if (!written.ok())
        return;
    const ds::compare::DiffConfig::LoadResult reread = ds::compare::DiffConfig::parse(written.text);
    if (reread.ok() && reread.config.correlationPairs == pairs)
        return;
    std::fprintf(stderr, "diff config writer: the saved text does not hold the pairs (%s)\n--- saved\n%s\n",
                 reread.ok() ? "other pairs" : reread.error->c_str(), written.text.c_str());
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);

    if (ds::compare::DiffConfig::parse(text).ok())
        checkWriter(text);

    const ds::compare::UserOverrides::LoadResult overrides = ds::compare::UserOverrides::parse(text);
    if (!overrides.ok())
        return 0;
    const ds::Value live = sampleObject();
    // go-template patches render with Go's depth limit: run where the CLI does.
    fuzz::runWithDeepStack([&] {
        FuzzContext context;
        std::size_t applied = 0;
        for (const ds::compare::UserOverride &o : overrides.overrides->all()) {
            if (++applied > 8)
                break;
            ds::Value rendered = live.deepCopy();
            (void)ds::compare::UserOverrides::apply(o, rendered, live, context);
        }
        (void)overrides.overrides->match(live, "v1_ConfigMap_ns_a");
    });
    return 0;
}
