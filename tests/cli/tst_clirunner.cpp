// SPDX-License-Identifier: Apache-2.0
#include "DriftscopeVersion.h"
#include "cli/CliRunner.h"

#include <QTest>

#include <sstream>

using namespace ds;

class tst_CliRunner : public QObject
{
    Q_OBJECT

private slots:
    void version();
    void unknownFlag();
};

void tst_CliRunner::version()
{
    std::ostringstream out, err;
    QCOMPARE(cli::run({"driftscope-cli", "--version"}, out, err), 0);
    QCOMPARE(QString::fromStdString(out.str()),
             QStringLiteral("driftscope-cli version " DRIFTSCOPE_VERSION_STRING "\n"));
    QVERIFY(err.str().empty());
}

void tst_CliRunner::unknownFlag()
{
    std::ostringstream out, err;
    QCOMPARE(cli::run({"driftscope-cli", "--bogus"}, out, err), 2);
    QVERIFY(QString::fromStdString(err.str()).startsWith(QStringLiteral("error: unknown flag: --bogus")));
}

QTEST_GUILESS_MAIN(tst_CliRunner)
#include "tst_clirunner.moc"
