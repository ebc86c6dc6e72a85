// SPDX-License-Identifier: Apache-2.0
#include "DiffRunner.h"

#include "diff/LineDiff.h"
#include "diff/UnifiedDiffHeader.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStringList>
#include <QTimeZone>

#include <ctime>

namespace ds::compare {

DiffRunner::DiffRunner(std::string tmpDir, std::string externalDiff)
    : m_tmpDir(std::move(tmpDir)), m_externalDiff(std::move(externalDiff)),
      m_utcOffset(QDateTime::currentDateTime().offsetFromUtc())
{
}

std::string DiffRunner::tempDirName(const char *prefix) const
{
    // os.MkdirTemp("", prefix): the prefix, '-', then decimal digits.
    return m_tmpDir + "/" + prefix + "-" + std::to_string(QRandomGenerator::global()->generate());
}

DiffRun DiffRunner::run(const std::string &fileName, const std::string &merged, const std::string &live) const
{
    if (m_externalDiff.empty())
        return runInternal(fileName, merged, live);
    return runExternal(fileName, merged, live);
}

DiffRun DiffRunner::runInternal(const std::string &fileName, const std::string &merged, const std::string &live) const
{
    DiffRun r;
    const diff::LineDiff lineDiff(merged, live);
    if (!lineDiff.hasChanges())
        return r;
    r.exitStatus = 1;
    const std::string from = tempDirName("MERGED") + "/" + fileName;
    const std::string to = tempDirName("LIVE") + "/" + fileName;
    // The files kube-compare diffs were just written: their mtime, to the nanosecond.
    timespec now{};
    ::clock_gettime(CLOCK_REALTIME, &now);
    const std::string stamp = diff::gnuTimestamp(
        QDateTime::fromSecsSinceEpoch(now.tv_sec, QTimeZone::utc()).toOffsetFromUtc(m_utcOffset), int(now.tv_nsec));
    r.output = "diff -u -N " + diff::quoteFileName(from) + " " + diff::quoteFileName(to) + "\n"
        + diff::unifiedHeader(from, stamp, to, stamp) + lineDiff.unifiedBody();
    return r;
}

DiffRun DiffRunner::runExternal(const std::string &fileName, const std::string &merged, const std::string &live) const
{
    DiffRun r;
    const QStringList tokens = QString::fromStdString(m_externalDiff).split(QLatin1Char(' '));
    const QString program = tokens.front();
    static const QRegularExpression valid(QStringLiteral("^[a-zA-Z0-9-=]+$"));
    const QString from = QString::fromStdString(tempDirName("MERGED"));
    const QString to = QString::fromStdString(tempDirName("LIVE"));
    QStringList args{from, to};
    for (int i = 1; i < tokens.size(); ++i)
        if (valid.match(tokens[i]).hasMatch())
            args << tokens[i];
    auto writeFile = [&](const QString &dir, const std::string &text) {
        QDir().mkpath(dir);
        QFile f(dir + QLatin1Char('/') + QString::fromStdString(fileName));
        return f.open(QIODevice::WriteOnly) && f.write(text.data(), static_cast<qint64>(text.size())) == static_cast<qint64>(text.size());
    };
    if (!writeFile(from, merged) || !writeFile(to, live)) {
        r.error = "failed to write the files to compare under " + m_tmpDir;
        return r;
    }
    QProcess process;
    process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    process.start(program, args);
    if (!process.waitForFinished(-1) || process.exitStatus() != QProcess::NormalExit) {
        r.error = "diff exited with non-zero code: " + process.errorString().toStdString();
    } else {
        r.exitStatus = process.exitCode();
        r.output = process.readAllStandardOutput().toStdString();
        if (r.exitStatus > 1)
            r.error = "diff exited with non-zero code: exit status " + std::to_string(r.exitStatus);
    }
    QDir(from).removeRecursively();
    QDir(to).removeRecursively();
    return r;
}

} // namespace ds::compare
