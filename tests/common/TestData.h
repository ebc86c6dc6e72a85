// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "TestPrinters.h"

#include <QJsonArray>
#include <QList>
#include <QString>

#include <memory>
#include <string>

namespace ds::ref {
struct Reference;
}

namespace ds::test {

// Absolute path of a file under tests/data (e.g. "shared/spec/vectors/go-template.json").
QString dataPath(const QString &relative);
// Writes `text` to `path`, creating its folders; a test cannot go on without it.
void writeFile(const QString &path, const QByteArray &text);
// Copies every file below `from` to the same place below `to`.
void copyTree(const QString &from, const QString &to);
// Replaces `from` (which must be there: a fixture that changed fails loudly) in a file.
void replaceInFile(const QString &file, const QByteArray &from, const QByteArray &to);

// The cases of a spec vector file (tests/data/shared/spec/vectors/<name>.json).
QJsonArray loadVectors(const QString &name);

std::string readFile(const QString &path);

// A reference and the cluster data compared with it.
struct ComparisonInput
{
    QString name;
    QString metadata;  // metadata.yaml
    QString resources; // directory, or kSyntheticMustGather
};

// Stands for a must-gather made by syntheticMustGather() when the test runs.
inline const QString kSyntheticMustGather = QStringLiteral("synthetic");

// Every conformance case with a reference and resources, the bench seed with
// reference-core, and a synthetic must-gather for reference-core.
QList<ComparisonInput> comparisonInputs();

// A comparisonInputs() row made ready: its reference loaded and its resources'
// path (a synthetic must-gather written below `scratchDir` when needed); `skip`
// says why the row cannot run (no python3, a reference meant not to load).
struct PreparedInput
{
    std::shared_ptr<ref::Reference> reference;
    QString resources;
    QByteArray skip;
};
PreparedInput prepareComparisonInput(const QString &metadata, const QString &resources, const QString &scratchDir);

inline std::string toStd(const QString &s) { return s.toStdString(); }
inline QString fromStd(const std::string &s) { return QString::fromStdString(s); }

} // namespace ds::test
