// SPDX-License-Identifier: Apache-2.0
// libFuzzer target for CRD schema loading and validation: any text that reads
// as YAML is tried as a CRD (CrdCatalog), as an OpenAPI document (kinds and
// $refs) and as an openAPIV3Schema, and every
// schema that loads validates the same document and each of its values —
// hostile nesting, enum lists, patterns RE2 rejects, int-or-string and
// embedded resources must give findings, never a crash, a hang or unbounded memory.
#include "schema/CrdCatalog.h"
#include "schema/OpenApiDocument.h"
#include "schema/OpenApiSchema.h"
#include "schema/SchemaValidator.h"
#include "yaml/YamlReader.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    ds::yaml::ReadOptions options;
    options.maxValues = 100'000;
    const ds::yaml::ReadResult read = ds::yaml::read(text, options);
    if (!read.ok())
        return 0;
    for (const ds::Value &document : read.documents) {
        ds::schema::CrdCatalog catalog;
        (void)catalog.addDocument(document, "fuzz.yaml");
        std::string error;
        // As an OpenAPI document whatever its header: $ref cycles and chains.
        for (const auto &kind : ds::schema::OpenApiDocument::kinds(document, error)) {
            ds::schema::SchemaValidator validator(ds::schema::ValidationOptions{});
            (void)validator.validate(document, *kind.schema);
        }
        const auto schema = ds::schema::OpenApiSchema::fromValue(document, error);
        if (!schema)
            continue;
        for (bool required : {false, true}) {
            ds::schema::ValidationOptions validation;
            validation.checkRequired = required;
            ds::schema::SchemaValidator validator(validation);
            (void)validator.validate(document, *schema);
            if (document.isMap())
                for (const auto &[key, value] : document.map())
                    (void)validator.validate(value, *schema);
        }
    }
    return 0;
}
