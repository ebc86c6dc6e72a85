// SPDX-License-Identifier: Apache-2.0
#include "FieldsWriter.h"

#include "json/JsonWriter.h"
#include "yaml/YamlReader.h"

namespace ds::report {

namespace {

Value readSide(const std::string &text)
{
    yaml::ReadOptions options;
    options.firstDocumentOnly = true;
    yaml::ReadResult r = yaml::read(text, options);
    return r.ok() && !r.documents.empty() ? std::move(r.documents.front()) : Value();
}

} // namespace

std::vector<diff::FieldChange> fieldChangesOf(const CrResult &result)
{
    if (!result.hasDiff())
        return {};
    return diff::fieldChanges(readSide(result.referenceYaml), readSide(result.clusterYaml));
}

std::string fieldValueText(const Value &value)
{
    if (value.isMissing())
        return {};
    json::WriteResult written = json::write(value);
    return written.ok() ? std::move(written.text) : std::string();
}

std::string fieldValueDisplay(const Value &value)
{
    return value.isString() ? value.str() : fieldValueText(value);
}

std::string writeFields(const ComparisonReport &report)
{
    std::string out;
    for (const CrResult &result : report.diffs) {
        for (const diff::FieldChange &change : fieldChangesOf(result)) {
            out += result.crName + '\t' + result.correlatedTemplate + '\t' + diff::pathText(change.path) + '\t'
                + diff::kindName(change.kind) + '\t' + fieldValueText(change.reference) + '\t'
                + fieldValueText(change.cluster) + '\n';
        }
    }
    return out;
}

} // namespace ds::report
