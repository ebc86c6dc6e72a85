// SPDX-License-Identifier: Apache-2.0
#include "TestData.h"

#include "reference/ReferenceLoader.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QJsonDocument>
#include <QTest>

namespace ds::test {

QString dataPath(const QString &relative)
{
    return QStringLiteral(DRIFTSCOPE_TEST_DATA_DIR "/") + relative;
}

QJsonArray loadVectors(const QString &name)
{
    QFile f(dataPath(QStringLiteral("shared/spec/vectors/%1.json").arg(name)));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open vector file %s", qPrintable(f.fileName()));
    return QJsonDocument::fromJson(f.readAll()).array();
}

std::string readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", qPrintable(path));
    return f.readAll().toStdString();
}

QList<ComparisonInput> comparisonInputs()
{
    QList<ComparisonInput> inputs;
    const QDir cases(dataPath(QStringLiteral("shared/conformance/cases")));
    for (const QString &name : cases.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QString metadata = cases.filePath(name + QStringLiteral("/reference/metadata.yaml"));
        const QString resources = cases.filePath(name + QStringLiteral("/resources"));
        if (QFileInfo::exists(metadata) && QFileInfo(resources).isDir())
            inputs.append({name, metadata, resources});
    }
    const QString core = dataPath(QStringLiteral("shared/bench/reference-core/metadata.yaml"));
    inputs.append({QStringLiteral("bench seed"), core, dataPath(QStringLiteral("shared/bench/seed-core"))});
    inputs.append({QStringLiteral("synthetic must-gather"), core, kSyntheticMustGather});
    return inputs;
}

namespace {

// A 600-object must-gather for reference-core below `dir` (the bench generator),
// unless it is there; empty when python3 is missing.
QString syntheticMustGather(const QString &dir)
{
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (python.isEmpty())
        return {};
    const QString out = QDir(dir).filePath(QStringLiteral("synthetic"));
    if (QFileInfo::exists(out))
        return out;
    const QString bench = dataPath(QStringLiteral("shared/bench"));
    const int status = QProcess::execute(
        python, {bench + QStringLiteral("/gen-synthetic.py"), QStringLiteral("--ref"), bench + QStringLiteral("/reference-core"),
                 QStringLiteral("--seed"), bench + QStringLiteral("/seed-core"), QStringLiteral("-n"), QStringLiteral("600"),
                 QStringLiteral("-o"), out});
    if (status != 0)
        qFatal("gen-synthetic.py failed (%d)", status);
    return out;
}

} // namespace

PreparedInput prepareComparisonInput(const QString &metadata, const QString &resources, const QString &scratchDir)
{
    PreparedInput input;
    input.resources = resources;
    if (resources == kSyntheticMustGather) {
        input.resources = syntheticMustGather(scratchDir);
        if (input.resources.isEmpty()) {
            input.skip = "python3 is needed to generate the synthetic must-gather";
            return input;
        }
    }
    ref::ReferenceLoader loader;
    const ref::LoadResult loaded = loader.load(metadata.toStdString());
    if (loaded.ok())
        input.reference = loaded.reference;
    else
        input.skip = "the case's reference is meant not to load";
    return input;
}

void copyTree(const QString &from, const QString &to)
{
    QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        const QString target = to + u'/' + QDir(from).relativeFilePath(file);
        QDir().mkpath(QFileInfo(target).path());
        QFile::copy(file, target);
    }
}

void replaceInFile(const QString &file, const QByteArray &from, const QByteArray &to)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(file));
    QByteArray text = f.readAll();
    f.close();
    if (!text.contains(from))
        qFatal("%s does not contain %s", qPrintable(file), from.constData());
    writeFile(file, text.replace(from, to));
}

void writeFile(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    f.write(text);
}

} // namespace ds::test
