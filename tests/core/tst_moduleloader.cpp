// SPDX-License-Identifier: Apache-2.0
// ModuleLoader: engine modules are found next to the executable, loaded once,
// and every way loading can fail says which file and what to do.
#include "input/ArchiveReader.h"
#include "util/ModuleLoader.h"

#include <QFileInfo>
#include <QtTest>

using ds::ModuleLoader;

class tst_ModuleLoader : public QObject
{
    Q_OBJECT

private slots:
    void directoryIsLibDriftscopeAboveTheExecutable()
    {
        const QString expected = QFileInfo(QCoreApplication::applicationDirPath() + "/../lib/driftscope")
                                     .absoluteFilePath();
        QCOMPARE(QString::fromStdString(ModuleLoader::directory()), QDir::cleanPath(expected));
        QVERIFY(QFileInfo::exists(QString::fromStdString(ModuleLoader::directory() + "/driftscope-archive.so")));
    }

    void engineModulesLoadOnce_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("archive") << "archive";
        QTest::newRow("crypto") << "crypto";
        QTest::newRow("network") << "network";
    }
    void engineModulesLoadOnce()
    {
        QFETCH(QString, name);
        const auto first = ModuleLoader::load(name.toStdString());
        QVERIFY2(first.interface, first.error.c_str());
        QVERIFY(first.error.empty());
        const auto again = ModuleLoader::load(name.toStdString());
        QCOMPARE(again.interface, first.interface);
    }

    void failuresNameTheFile_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("reason");
        QTest::newRow("missing") << "nosuchmodule" << "driftscope-nosuchmodule.so: cannot open shared object file";
        QTest::newRow("no entry point") << "testnoentry" << "driftscope-testnoentry.so has no driftscope_module_testnoentry";
        QTest::newRow("another build") << "testwrongabi" << "driftscope-testwrongabi.so was built for another version";
    }
    void failuresNameTheFile()
    {
        QFETCH(QString, name);
        QFETCH(QString, reason);
        const auto r = ModuleLoader::load(name.toStdString());
        QVERIFY(!r.interface);
        const QString error = QString::fromStdString(r.error);
        QVERIFY2(error.startsWith("cannot load Driftscope's " + name + " module: "), qPrintable(error));
        QVERIFY2(error.contains(QString::fromStdString(ModuleLoader::directory()) + "/"), qPrintable(error));
        QVERIFY2(error.contains(reason), qPrintable(error));
        QVERIFY2(error.endsWith("reinstall Driftscope (the module comes with it) or rebuild the build tree"),
                 qPrintable(error));
    }

    void archivesNeedTheArchiveModule()
    {
        QVERIFY(!ds::input::ArchiveReader::unavailable());
    }
};

QTEST_GUILESS_MAIN(tst_ModuleLoader)
#include "tst_moduleloader.moc"
