// SPDX-License-Identifier: Apache-2.0
#include "GenerateConfig.h"

#include "reference/StrictDecoder.h"
#include "util/GoFile.h"
#include "yaml/YamlReader.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ds::generate {

namespace {

const char *kInvalidYaml = "invalid YAML in configuration file: ";
const char *kJsonPrefix = "error unmarshaling JSON: while decoding JSON: ";

void decodeResources(ref::StrictDecoder &d, const Value &list, GenerateConfig &config)
{
    const ValueList &items = d.decodeList(list, "RefgenConfig", "resources", "[]generate.ResourceSpec");
    for (const Value &item : items) {
        if (d.failed())
            return;
        const std::vector<Value> f = d.decodeStruct(item, "ResourceSpec", "resources", "generate.ResourceSpec",
                                                    {{"kind", "string"}, {"apiVersion", "string"},
                                                     {"required", "bool"}, {"namespace", "string"},
                                                     {"names", "[]string"}});
        ResourceSpec spec;
        spec.kind = d.decodeString(f[0], "ResourceSpec", "resources.kind");
        spec.apiVersion = d.decodeString(f[1], "ResourceSpec", "resources.apiVersion");
        spec.required = d.decodeBool(f[2], "ResourceSpec", "resources.required");
        spec.ns = d.decodeString(f[3], "ResourceSpec", "resources.namespace");
        spec.names = d.decodeStringList(f[4], "ResourceSpec", "resources.names");
        config.resources.push_back(std::move(spec));
    }
}

std::optional<std::string> decode(const Value &doc, GenerateConfig &config)
{
    ref::StrictDecoder d;
    if (doc.isNull() || doc.isMissing())
        return std::nullopt;
    const std::vector<Value> f = d.decodeStruct(doc, "RefgenConfig", "", "generate.RefgenConfig",
                                                {{"apiVersion", "string"}, {"outputDir", "string"},
                                                 {"omitAnnotations", "[]string"}, {"omitLabels", "[]string"},
                                                 {"resources", "[]generate.ResourceSpec"}});
    const std::string apiVersion = d.decodeString(f[0], "RefgenConfig", "apiVersion");
    const std::string outputDir = d.decodeString(f[1], "RefgenConfig", "outputDir");
    config.omitAnnotations = d.decodeStringList(f[2], "RefgenConfig", "omitAnnotations");
    config.omitLabels = d.decodeStringList(f[3], "RefgenConfig", "omitLabels");
    if (!f[4].isMissing() && !f[4].isNull())
        decodeResources(d, f[4], config);
    if (d.error())
        return std::string(kInvalidYaml) + kJsonPrefix + *d.error();
    if (!apiVersion.empty())
        config.apiVersion = apiVersion;
    if (!outputDir.empty())
        config.outputDir = outputDir;
    return std::nullopt;
}

// The checks of config.go's validate(), in its order.
std::optional<std::string> validate(const GenerateConfig &config)
{
    if (config.apiVersion != "refgen/v1")
        return "configuration apiVersion \"" + config.apiVersion + "\" is invalid; must be one of: refgen/v1";
    if (config.resources.empty())
        return std::string("configuration must specify at least one resource");
    const auto keys = [](const std::vector<std::string> &list, const char *name) -> std::optional<std::string> {
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string where = std::string(name) + "[" + std::to_string(i) + "]: ";
            if (list[i].empty())
                return where + "key must not be empty";
            if (list[i].find('"') != std::string::npos)
                return where + "key must not contain double quotes";
        }
        return std::nullopt;
    };
    if (auto e = keys(config.omitAnnotations, "omitAnnotations"))
        return e;
    return keys(config.omitLabels, "omitLabels");
}

} // namespace

GenerateConfig::Loaded GenerateConfig::load(const std::string &path)
{
    Loaded out;
    std::string error;
    const std::optional<std::string> text = readFileLikeGo(path, error);
    if (!text) {
        const bool missing = error == "open " + path + ": no such file or directory";
        out.error = missing ? "configuration file not found: " + path : "failed to read configuration: " + error;
        return out;
    }
    yaml::ReadOptions options;
    options.firstDocumentOnly = true;
    options.rejectDuplicateKeys = true;
    const yaml::ReadResult parsed = yaml::read(*text, options);
    if (!parsed.ok()) {
        out.error = std::string(kInvalidYaml) + "error converting YAML to JSON: " + parsed.error->goText();
        return out;
    }
    const Value doc = parsed.documents.empty() ? Value::null() : parsed.documents.front();
    if (!doc.isNull() && !doc.isMap()) {
        ref::StrictDecoder generic;
        generic.decodeStruct(doc, "", "", "generate.RefgenConfig", {});
        out.error = std::string(kInvalidYaml) + kJsonPrefix + generic.error().value_or("invalid document");
        return out;
    }
    if (auto e = decode(doc, out.config)) {
        out.error = e;
        return out;
    }
    out.error = validate(out.config);
    return out;
}

} // namespace ds::generate
