// SPDX-License-Identifier: Apache-2.0
#pragma once

// Header-only helpers for tests that run the comparison engine on a small
// reference written to a temporary directory and on CRs given as YAML text.

#include "compare/CompareEngine.h"
#include "input/ClusterObject.h"
#include "reference/ReferenceLoader.h"
#include "util/Log.h"
#include "yaml/YamlReader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ds::test {

// A Log that keeps every message (tests assert on warnings and V(1) lines).
class CollectingLog : public Log
{
public:
    void message(Severity severity, int verbosity, const std::string &text) override
    {
        entries.push_back({severity, verbosity, text});
    }
    std::vector<std::string> warnings() const { return texts(Severity::Warning); }
    std::vector<std::string> errors() const { return texts(Severity::Error); }
    std::vector<std::string> texts(Severity severity) const
    {
        std::vector<std::string> out;
        for (const auto &e : entries)
            if (e.severity == severity)
                out.push_back(e.text);
        return out;
    }
    struct Entry
    {
        Severity severity;
        int verbosity;
        std::string text;
    };
    std::vector<Entry> entries;
};

// A reference written to a temporary directory and loaded like the CLI does.
struct ReferenceFixture
{
    QTemporaryDir dir;
    std::shared_ptr<ref::Reference> reference;
    std::string error; // loader error, empty when loaded
};

// `files` alternates relative file names and contents; one must be metadata.yaml.
inline std::unique_ptr<ReferenceFixture> loadReference(const QStringList &files, Log &log = Log::null())
{
    auto fixture = std::make_unique<ReferenceFixture>();
    if (!fixture->dir.isValid() || files.size() % 2 != 0)
        qFatal("bad reference fixture");
    for (qsizetype i = 0; i + 1 < files.size(); i += 2) {
        const QString path = fixture->dir.filePath(files[i]);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(path));
        f.write(files[i + 1].toUtf8());
    }
    ref::ReferenceLoader loader(log);
    ref::LoadResult r = loader.load(fixture->dir.filePath(QStringLiteral("metadata.yaml")).toStdString());
    if (r.ok())
        fixture->reference = r.reference;
    else
        fixture->error = *r.error;
    return fixture;
}

// Cluster CRs from a YAML stream (Kubernetes number typing), in document order.
inline std::vector<input::ClusterObject> clusterObjects(const QString &yamlStream)
{
    std::vector<input::ClusterObject> out;
    const yaml::ReadResult r = yaml::read(yamlStream.toStdString());
    if (!r.ok())
        qFatal("bad CR YAML: %s", r.error->describe().c_str());
    for (const Value &doc : r.documents)
        if (doc.isMap())
            out.push_back(input::ClusterObject{doc, input::objectId(doc), "test.yaml"});
    return out;
}

struct EngineRun
{
    std::optional<std::string> prepareError;
    compare::CompareResult result;
};

inline EngineRun runEngine(const std::shared_ptr<ref::Reference> &reference, const QString &crs,
                           compare::CompareOptions options, Log &log)
{
    EngineRun run;
    if (options.tmpDir.empty())
        options.tmpDir = "/tmp";
    compare::CompareEngine engine(reference, std::move(options), log);
    run.prepareError = engine.prepare();
    if (run.prepareError)
        return run;
    run.result = engine.compare(clusterObjects(crs));
    return run;
}

inline QStringList toQStringList(const std::vector<std::string> &v)
{
    QStringList out;
    for (const auto &s : v)
        out << QString::fromStdString(s);
    return out;
}

} // namespace ds::test
