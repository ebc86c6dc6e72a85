// SPDX-License-Identifier: Apache-2.0
#pragma once

// Header-only helpers for tests that run the comparison engine on a small
// reference written to a temporary directory and on CRs given as YAML text.

#include "compare/CompareEngine.h"
#include "input/ClusterObject.h"
#include "reference/ReferenceLoader.h"
#include "report/ReportWriters.h"
#include "util/Log.h"
#include "yaml/YamlReader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
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

// Everything a comparison decided, as text to compare two runs by: the
// kube-compare text and JSON reports (verbose), then per CR what the window
// shows beyond them. Temporary file names and diff dates are normalised.
inline QString describeReport(const report::ComparisonReport &r, const ref::Reference &reference)
{
    QString out;
    report::WriteOptions write;
    write.verbose = true;
    for (const char *format : {"", "json"}) {
        write.format = format;
        out += QString::fromStdString(report::writeReport(r, reference, write));
    }
    const auto add = [&](const std::string &line) { out += QString::fromStdString(line) + u'\n'; };
    for (const report::CrResult &d : r.diffs) {
        add("cr " + d.crName + " -> " + d.correlatedTemplate + " #" + std::to_string(d.templateIndex) + " score "
            + std::to_string(d.score) + (d.manualCorrelation ? " manual" : "") + " patched " + d.patched);
        add(d.referenceYaml + "|" + d.clusterYaml + "|" + d.acceptPatch + "|" + d.description + "|" + d.source);
        add("correlation " + std::to_string(int(d.correlation.kind)) + " " + d.correlation.diffConfig);
        for (const auto &[field, value] : d.correlation.fields)
            add(" field " + field + "=" + value);
        for (const report::CandidateResult &c : d.candidates)
            add(" candidate " + c.templatePath + " " + std::to_string(c.score) + (c.excluded ? " excluded " : " ")
                + c.excludedReason + (c.error ? " error " + *c.error : ""));
        for (const report::HiddenField &h : d.hidden)
            add(" hidden " + std::to_string(int(h.reason)) + " " + std::to_string(h.path.size()) + " " + h.rule + " "
                + h.clusterValue + (h.accepted ? " accepted" : ""));
        for (const std::string &reason : d.overrideReasons)
            add(" reason " + reason);
    }
    for (const report::FailedCr &f : r.failures)
        add("failed " + f.crName + ": " + f.error);
    for (const std::string &id : r.unmatchedAll)
        add("unmatched " + id);
    for (const std::string &id : r.skippedByDoNotMatch)
        add("skipped " + id);
    for (const auto &[path, n] : r.matchCounts)
        add("count " + path + " " + std::to_string(n));
    for (const auto &[path, via] : r.foundByReferenceVia)
        add("via " + path + " " + via);
    add("patches " + r.patchesYaml);
    out.replace(QRegularExpression(QStringLiteral("(MERGED|LIVE)-[0-9]+")), QStringLiteral("TEMP"));
    // Diff headers' dates, in the text and (escaped) in the JSON.
    out.replace(QRegularExpression(QStringLiteral("(\t|\\\\t)[0-9-]+ [0-9:.]+ [+-][0-9]+")), QStringLiteral("\\1DATE"));
    return out;
}

inline QStringList toQStringList(const std::vector<std::string> &v)
{
    QStringList out;
    for (const auto &s : v)
        out << QString::fromStdString(s);
    return out;
}

} // namespace ds::test
