// SPDX-License-Identifier: Apache-2.0
// The window opens a reference inside a container image: the pull runs off the
// GUI thread with its own progress stage, the title names the image, the
// reports name the image rather than the cache folder, and Cancel stops a pull
// from a registry (or a reference URL from a web server) that never answers,
// at once and without an error.
#include "LocalRegistry.h"
#include "MainWindow.h"
#include "TestData.h"
#include "session/ComparisonSession.h"
#include "session/Problem.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace ds;
using namespace ds::ui;

class tst_ImageWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void opensImageReference();
    void cancelStopsAPullThatHangs_data();
    void cancelStopsAPullThatHangs();

private:
    static void waitIdle(MainWindow &w) { QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isBusy(), 60000); }

    QTemporaryDir m_work;
};

void tst_ImageWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_work.isValid());
    qputenv("XDG_CACHE_HOME", m_work.filePath(QStringLiteral("cache")).toUtf8());
    qputenv("HOME", m_work.path().toUtf8());
}

void tst_ImageWindow::opensImageReference()
{
    if (const QString missing = test::LocalRegistry::missingTool(); !missing.isEmpty())
        QSKIP(qPrintable(missing + QStringLiteral(" is not installed (packaging/setup.sh installs it)")));
    test::LocalRegistry registry;
    QString error;
    QVERIFY2(registry.start(QStringLiteral(DRIFTSCOPE_REGISTRY_FIXTURE), m_work.filePath(QStringLiteral("registry")),
                            test::dataPath(QStringLiteral("shared/bench/reference-core")), {}, &error),
             qPrintable(error));
    const QString image =
        QStringLiteral("container://%1/telco/ref:v1-index:/usr/share/ref/metadata.yaml").arg(registry.host());
    MainWindow w;
    QSignalSpy progress(w.session(), &ComparisonSession::progressChanged);
    w.openReference(image);
    QVERIFY(w.session()->isBusy());
    waitIdle(w);
    const auto snapshot = w.session()->snapshot();
    QVERIFY(snapshot->reference);
    QCOMPARE(QString::fromStdString(snapshot->reference->origin), image);
    QVERIFY(!snapshot->reference->templates.empty());
    QStringList labels;
    for (const QList<QVariant> &signal : progress)
        labels << signal.at(2).toString();
    QVERIFY2(labels.contains(QStringLiteral("Pulling the reference image")), qPrintable(labels.join(u',')));
    QVERIFY2(w.windowTitle().contains(QStringLiteral("ref:v1-index (%1)").arg(registry.host())),
             qPrintable(w.windowTitle()));
}

void tst_ImageWindow::cancelStopsAPullThatHangs_data()
{
    QTest::addColumn<QString>("reference"); // %1: the port of a server that never answers
    QTest::newRow("image") << "container://127.0.0.1:%1/telco/ref:v1:/usr/share/ref/metadata.yaml";
    QTest::newRow("URL") << "http://127.0.0.1:%1/ref/metadata.yaml";
}

void tst_ImageWindow::cancelStopsAPullThatHangs()
{
    QFETCH(QString, reference);
    QTcpServer silent; // accepts connections (the kernel does) and never answers
    QVERIFY(silent.listen(QHostAddress::LocalHost));
    MainWindow w;
    QSignalSpy progress(w.session(), &ComparisonSession::progressChanged);
    w.openReference(reference.arg(silent.serverPort()));
    QTRY_VERIFY(!progress.isEmpty());
    QTest::qWait(300);
    QVERIFY(w.session()->isBusy()); // still waiting for the registry
    QElapsedTimer cancelled;
    cancelled.start();
    w.session()->cancel();
    waitIdle(w);
    QVERIFY2(cancelled.elapsed() < 3000, qPrintable(QString::number(cancelled.elapsed())));
    QVERIFY(!w.session()->snapshot()->reference);
    QCOMPARE(progress.last().at(2).toString(), QStringLiteral("Loading cancelled"));
    for (const Problem &p : w.session()->problems())
        QVERIFY2(p.severity != Problem::Severity::Error, qPrintable(p.message));
}

QTEST_MAIN(tst_ImageWindow)
#include "tst_imagewindow.moc"
