// SPDX-License-Identifier: Apache-2.0
#include "TemplateVectors.h"

#include "TestData.h"
#include "json/JsonReader.h"
#include "template/TemplateSet.h"

#include <QByteArray>

namespace ds::test {

std::vector<TemplateVector> loadTemplateVectors(const QString &file)
{
    const std::string text = readFile(dataPath(QStringLiteral("shared/spec/vectors/%1.json").arg(file)));
    const yaml::ReadResult r = json::read(text);
    if (!r.ok() || r.documents.empty())
        qFatal("cannot parse vector file %s", qPrintable(file));
    std::vector<TemplateVector> out;
    for (const Value &c : r.documents.front().list()) {
        TemplateVector v;
        v.raw = c;
        v.id = c.get("id").str();
        v.templateText = c.get("template").str();
        v.data = c.get("data");
        v.option = c.get("option").str();
        if (c.get("name").isString())
            v.name = c.get("name").str();
        const Value files = c.get("files");
        for (const Value &f : files.list())
            v.files.emplace_back(f.list()[0].str(), f.list()[1].str());
        v.expectError = c.contains("error");
        if (c.contains("output_base64"))
            v.expected = QByteArray::fromBase64(QByteArray::fromStdString(c.get("output_base64").str())).toStdString();
        else
            v.expected = c.get(v.expectError ? "error" : "output").str();
        out.push_back(std::move(v));
    }
    return out;
}

namespace {
class VectorContext : public tmpl::FunctionContext
{
public:
    VectorContext() { random().seed(42); }
};
} // namespace

RenderOutcome renderVector(const TemplateVector &v)
{
    tmpl::TemplateSet set;
    if (v.option == "missingkey=zero")
        set.setMissingKey(tmpl::MissingKey::Zero);
    else if (v.option == "missingkey=error")
        set.setMissingKey(tmpl::MissingKey::Error);
    if (auto e = set.parse(v.name, v.templateText))
        return {true, *e};
    for (const auto &[fileName, text] : v.files)
        if (auto e = set.parse(fileName, text))
            return {true, *e};
    VectorContext context;
    const Value data = v.data.isMissing() ? Value::null() : v.data;
    const tmpl::RenderResult r = set.execute(v.name, data, context);
    if (!r.ok())
        return {true, *r.error};
    return {false, r.output};
}

} // namespace ds::test
