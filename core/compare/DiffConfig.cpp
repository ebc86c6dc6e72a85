// SPDX-License-Identifier: Apache-2.0
#include "DiffConfig.h"

#include "reference/StrictDecoder.h"
#include "yaml/YamlReader.h"

#include <QFile>
#include <QFileInfo>

namespace ds::compare {

DiffConfig::LoadResult DiffConfig::parse(const std::string &text)
{
    LoadResult result;
    yaml::ReadOptions options;
    options.firstDocumentOnly = true;
    options.rejectDuplicateKeys = true;
    const yaml::ReadResult r = yaml::read(text, options);
    if (!r.ok()) {
        result.error = "error converting YAML to JSON: " + r.error->goText();
        return result;
    }
    const Value doc = r.documents.empty() ? Value::null() : r.documents.front();
    ref::StrictDecoder d;
    auto top = d.decodeStruct(doc, "", "", "compare.UserConfig", {{"correlationSettings", "settings"}});
    auto settings = d.decodeStruct(top[0], "UserConfig", "correlationSettings", "compare.CorrelationSettings",
                                   {{"manualCorrelation", "manual"}});
    auto manual = d.decodeStruct(settings[0], "CorrelationSettings", "correlationSettings.manualCorrelation",
                                 "compare.ManualCorrelation", {{"correlationPairs", "map[string]string"}});
    for (const auto &[key, value] : d.decodeMap(manual[0], "ManualCorrelation",
                                                "correlationSettings.manualCorrelation.correlationPairs",
                                                "map[string]string"))
        result.config.correlationPairs[key] =
            d.decodeString(value, "ManualCorrelation", "correlationSettings.manualCorrelation.correlationPairs");
    if (d.failed())
        result.error = "error unmarshaling JSON: while decoding JSON: " + *d.error();
    return result;
}

DiffConfig::LoadResult DiffConfig::load(const std::string &path)
{
    LoadResult result;
    const std::string absolute = QFileInfo(QString::fromStdString(path)).absoluteFilePath().toStdString();
    QFile f(QString::fromStdString(absolute));
    if (!f.open(QIODevice::ReadOnly)) {
        // os.ReadFile opens a directory fine; reading it fails ("read ...").
        const std::string name = absolute.substr(1);
        const std::string reason = !f.exists() ? "open " + name + ": no such file or directory"
            : QFileInfo(f).isDir()             ? "read " + name + ": is a directory"
                                               : "open " + name + ": permission denied";
        result.error = "User Config File not found. error: " + reason;
        return result;
    }
    result = parse(f.readAll().toStdString());
    if (!result.ok())
        result.error = "User config file isn't in correct format. error: " + *result.error;
    return result;
}

} // namespace ds::compare
