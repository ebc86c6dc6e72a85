// SPDX-License-Identifier: Apache-2.0
// Damaged input never changes a verdict silently. Each kind of damage
// kube-compare meets (its decoder is sigs.k8s.io/yaml over go-yaml v2) gets
// its words — a "Skipping <file>" warning with go-yaml's message — and every
// text go-yaml accepts is read. Truncations at many offsets of the
// conformance and bench files are accepted or rejected as PyYAML (YAML 1.1,
// like go-yaml v2) does, and the files left whole keep their verdicts.
#include "CliRun.h"
#include "TestData.h"
#include "yaml/YamlReader.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonArray>
#include <QJsonObject>
#include <QScopeGuard>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace ds;

namespace {

const QByteArray kHead = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: shop\n";

using Run = test::CliRun;
using test::runCli;

// driftscope-cli as a process without the right to ignore file permissions:
// CI runs as root, and root reads a mode-000 file unless it loses these capabilities.
Run runUnprivileged(const QStringList &args)
{
    QProcess p;
    QStringList argv = args;
    QString program = QStringLiteral(DRIFTSCOPE_CLI_BINARY);
    if (::geteuid() == 0) {
        argv = QStringList{QStringLiteral("--bounding-set=-dac_override,-dac_read_search"), QStringLiteral("--"), program}
            + args;
        program = QStringLiteral("setpriv");
    }
    p.start(program, argv);
    if (!p.waitForFinished(120000))
        qFatal("%s did not finish", qPrintable(program));
    return Run{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
               QString::fromUtf8(p.readAllStandardError())};
}

using test::writeFile;

} // namespace

class tst_DamagedInput : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void kubeCompareWords_data();
    void kubeCompareWords();
    void truncationsAsYaml11_data();
    void truncationsAsYaml11();
    void unreadableInput_data();
    void unreadableInput();
    void damagedArchive_data();
    void damagedArchive();

private:
    QTemporaryDir m_work;
    QString m_python;
};

void tst_DamagedInput::initTestCase()
{
    QVERIFY(m_work.isValid());
    m_python = QStandardPaths::findExecutable(QStringLiteral("python3"));
}

// The damage table of kube-compare's behaviour (measured): the warning, or the
// value read; the fixture's ConfigMap `settings` is the file damaged.
void tst_DamagedInput::kubeCompareWords_data()
{
    QTest::addColumn<QByteArray>("file");
    QTest::addColumn<QString>("warning"); // the error part of "Skipping …, error: <warning>."; "" when read
    QTest::newRow("ends inside a double-quoted value") << kHead + "data:\n  mode: \"production" << ": found unexpected end of stream";
    QTest::newRow("…even with a line break after it") << kHead + "data:\n  mode: \"production\n"
                                                      << ": found unexpected end of stream";
    QTest::newRow("a deleted closing quote") << kHead + "data:\n  mode: \"production\n  retries: 5\n"
                                             << ": found unexpected end of stream";
    QTest::newRow("ends inside a single-quoted value") << kHead + "data:\n  mode: 'production\n"
                                                       << ": found unexpected end of stream";
    QTest::newRow("ends inside a flow list") << kHead + "data:\n  list: [a, b\n" << ": did not find expected ',' or ']'";
    QTest::newRow("a tab where a line's indentation is") << kHead + "data:\n  mode: production\n\tretries: \"5\"\n"
                                                         << ": found a tab character that violates indentation";
    QTest::newRow("a tab before a comment line") << kHead + "data:\n  mode: production\n\t# a comment\n"
                                                 << ": found a tab character that violates indentation";
    QTest::newRow("a tab indenting a key") << kHead + "data:\n\tmode: production\n" << ": found character that cannot start any token";
    QTest::newRow("a last line that is a key without ':'") << kHead + "data:\n  mode: production\nretries\n" << ":'";
    QTest::newRow("bytes that are not UTF-8 in a quoted value are read") << kHead + "data:\n  mode: \"prod\xff\"\n" << "";
    QTest::newRow("a duplicated key: the last wins") << kHead + "data:\n  mode: staging\n  mode: production\n" << "";
    QTest::newRow("a tab inside a value is text") << kHead + "data:\n  mode: \"pro\tduction\"\n" << "";
    QTest::newRow("tabs in a flow mapping are blanks") << QByteArray("{\"apiVersion\": \"v1\",\n\t\"kind\": \"ConfigMap\",\n"
                                                                    "\t\"metadata\": {\"name\": \"settings\", \"namespace\": \"shop\"}}\n")
                                                       << "";
}

void tst_DamagedInput::kubeCompareWords()
{
    QFETCH(QByteArray, file);
    QFETCH(QString, warning);
    const QString dir = m_work.filePath(QStringLiteral("words-%1").arg(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_')));
    QDir(dir).removeRecursively();
    writeFile(dir + QStringLiteral("/cm.yaml"), file);
    const Run r = runCli({QStringLiteral("-r"), test::dataPath(QStringLiteral("fixes/reference/metadata.yaml")),
                          QStringLiteral("-f"), dir, QStringLiteral("-R"), QStringLiteral("-o"), QStringLiteral("json")});
    const QString skipping = QStringLiteral("Skipping %1/cm.yaml: Input contains additional files from supported file "
                                            "extensions (json/yaml) that do not contain a valid resource, error: %2.")
                                 .arg(dir, warning);
    const QJsonObject summary = QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("Summary")).toObject();
    if (warning.isEmpty()) {
        QVERIFY2(!r.err.contains(QStringLiteral("Skipping")), qPrintable(r.err));
        QCOMPARE(summary.value(QStringLiteral("TotalCRs")).toInt(), 1); // read and compared
    } else {
        QVERIFY2(r.err.contains(skipping), qPrintable(r.err));
        QCOMPARE(summary.value(QStringLiteral("TotalCRs")).toInt(), 0); // never compared as something else
    }
}

void tst_DamagedInput::truncationsAsYaml11_data()
{
    QTest::addColumn<QString>("root");
    QTest::newRow("conformance resources") << test::dataPath(QStringLiteral("shared/conformance/cases"));
    QTest::newRow("bench seed") << test::dataPath(QStringLiteral("shared/bench/seed-core"));
    QTest::newRow("html demo") << test::dataPath(QStringLiteral("html/demo/resources"));
}

// Every 11th byte of every file (a deterministic sample of where a copy can
// stop): Driftscope accepts exactly the prefixes PyYAML accepts.
void tst_DamagedInput::truncationsAsYaml11()
{
    QFETCH(QString, root);
    if (m_python.isEmpty() || QProcess::execute(m_python, {QStringLiteral("-c"), QStringLiteral("import yaml")}) != 0) {
        if (qEnvironmentVariableIsSet("CI"))
            QFAIL("python3-yaml is needed (packaging/setup.sh installs it)");
        QSKIP("python3-yaml is not installed");
    }
    const QString dir = m_work.filePath(QStringLiteral("cut-%1").arg(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_')));
    QDir().mkpath(dir);
    QStringList written;
    QDirIterator it(root, {QStringLiteral("*.yaml"), QStringLiteral("*.yml")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        if (!f.open(QIODevice::ReadOnly) || f.fileName().contains(QStringLiteral("/reference/")))
            continue;
        const QByteArray text = f.readAll();
        if (yaml::read(text.toStdString()).error) // damaged on purpose already
            continue;
        for (qsizetype at = 1; at < text.size(); at += 11) {
            const QString path = dir + QStringLiteral("/%1.yaml").arg(written.size(), 6, 10, QLatin1Char('0'));
            writeFile(path, text.left(at));
            written << path;
        }
    }
    QVERIFY(written.size() > 100);
    // One Python for all the files: accepted or not, by PyYAML's safe loader.
    QProcess python;
    python.start(m_python, {QStringLiteral("-c"),
                            QStringLiteral("import sys, yaml\n"
                                           "for p in sys.stdin.read().split():\n"
                                           "    try:\n"
                                           "        list(yaml.safe_load_all(open(p, 'rb')))\n"
                                           "        print('1')\n"
                                           "    except Exception:\n"
                                           "        print('0')\n")});
    python.write(written.join(QLatin1Char('\n')).toUtf8());
    python.closeWriteChannel();
    QVERIFY(python.waitForFinished(300000));
    const QStringList verdicts = QString::fromUtf8(python.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(verdicts.size(), written.size());
    int rejected = 0;
    for (qsizetype i = 0; i < written.size(); ++i) {
        QFile f(written[i]);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        const yaml::ReadResult read = yaml::read(text.toStdString());
        const bool accepted = read.ok();
        rejected += accepted ? 0 : 1;
        QVERIFY2(accepted == (verdicts[i] == QLatin1String("1")),
                 qPrintable(QStringLiteral("%1: Driftscope %2, PyYAML %3; the text ends:\n%4")
                                .arg(written[i], accepted ? QStringLiteral("accepts") : QStringLiteral("rejects"),
                                     verdicts[i] == QLatin1String("1") ? QStringLiteral("accepts")
                                                                       : QStringLiteral("rejects"),
                                     QString::fromUtf8(text.right(120)))));
    }
    qInfo("%lld truncations, %d rejected", static_cast<long long>(written.size()), rejected);
}

QTEST_GUILESS_MAIN(tst_DamagedInput)
#include "tst_damagedinput.moc"

// kube-compare stops at a directory or file it cannot read (exit 2, Go's
// error); --keep-going compares the rest and says what was not read (exit 2:
// the report is incomplete).
void tst_DamagedInput::unreadableInput_data()
{
    QTest::addColumn<QString>("unreadable"); // below the input directory
    QTest::newRow("a sub-directory") << "sub";
    QTest::newRow("a file") << "sub/other.yaml";
}

void tst_DamagedInput::unreadableInput()
{
    QFETCH(QString, unreadable);
    const QString dir = m_work.filePath(QStringLiteral("unreadable-%1").arg(QTest::currentDataTag()[2]));
    writeFile(dir + QStringLiteral("/cm.yaml"), kHead + "data:\n  mode: production\n");
    writeFile(dir + QStringLiteral("/sub/other.yaml"), QByteArray(kHead).replace("settings", "other"));
    const QString target = dir + QLatin1Char('/') + unreadable;
    QVERIFY(QFile::setPermissions(target, {}));
    const auto restore = qScopeGuard([&] {
        QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    });
    const QStringList args{QStringLiteral("-r"), test::dataPath(QStringLiteral("fixes/reference/metadata.yaml")),
                           QStringLiteral("-f"), dir, QStringLiteral("-R"), QStringLiteral("-o"), QStringLiteral("json")};
    const QString error =
        QStringLiteral("error occurred while trying to fetch resources: open %1: permission denied").arg(target);

    const Run stopped = runUnprivileged(args);
    QCOMPARE(stopped.code, 2);
    QCOMPARE(stopped.err, QStringLiteral("error: %1\n").arg(error));
    QVERIFY(stopped.out.isEmpty());

    const Run kept = runUnprivileged(args + QStringList{QStringLiteral("--keep-going")});
    QCOMPARE(kept.code, 2);
    QVERIFY2(kept.err.contains(error + QStringLiteral("; ")), qPrintable(kept.err));
    const QJsonObject summary =
        QJsonDocument::fromJson(kept.out.toUtf8()).object().value(QStringLiteral("Summary")).toObject();
    QCOMPARE(summary.value(QStringLiteral("TotalCRs")).toInt(), 1); // cm.yaml was read and compared
}

// A damaged archive: the error names the archive and where reading stopped;
// with --keep-going what was read is compared and every report says it is incomplete.
void tst_DamagedInput::damagedArchive_data()
{
    QTest::addColumn<QString>("damage");
    QTest::newRow("truncated") << "truncate";
    QTest::newRow("a corrupt byte in the middle") << "corrupt";
}

void tst_DamagedInput::damagedArchive()
{
    QFETCH(QString, damage);
    if (m_python.isEmpty())
        QSKIP("python3 builds the archive");
    const QString archive = m_work.filePath(QStringLiteral("damaged-%1.tar.gz").arg(damage));
    const QString script = QStringLiteral(R"PY(
import io, random, sys, tarfile
path, damage = sys.argv[1], sys.argv[2]
rng = random.Random(7)
with tarfile.open(path, 'w:gz') as t:
    for i in range(40):
        body = ''.join(rng.choice('abcdefghij') for _ in range(3000))
        data = ('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm-%02d\n  namespace: shop\ndata:\n  blob: %s\n' % (i, body)).encode()
        info = tarfile.TarInfo('crs/cm-%02d.yaml' % i); info.size = len(data); t.addfile(info, io.BytesIO(data))
raw = bytearray(open(path, 'rb').read())
if damage == 'truncate':
    raw = raw[:len(raw) // 2]
else:
    for k in range(64):
        raw[len(raw) // 2 + k] ^= 0x5a
open(path, 'wb').write(bytes(raw))
)PY");
    QProcess python;
    python.start(m_python, {QStringLiteral("-c"), script, archive, damage});
    QVERIFY(python.waitForFinished(60000));
    QCOMPARE(python.exitCode(), 0);

    const QStringList args{QStringLiteral("-r"), test::dataPath(QStringLiteral("fixes/reference/metadata.yaml")),
                           QStringLiteral("-f"), archive, QStringLiteral("-A")};
    const Run stopped = runCli(args + QStringList{QStringLiteral("-o"), QStringLiteral("json")});
    QCOMPARE(stopped.code, 2);
    QVERIFY2(stopped.err.contains(QStringLiteral("\nerror: error occurred while trying to fetch resources: archive %1 is "
                                                 "damaged ").arg(archive))
                 || stopped.err.startsWith(QStringLiteral("error: error occurred while trying to fetch resources: archive %1 "
                                                          "is damaged ").arg(archive)),
             qPrintable(stopped.err));
    QVERIFY2(stopped.err.contains(QStringLiteral("--keep-going")), qPrintable(stopped.err)); // what to do
    QVERIFY(stopped.out.isEmpty());

    const Run kept = runCli(args + QStringList{QStringLiteral("-o"), QStringLiteral("json"), QStringLiteral("--keep-going")});
    QCOMPARE(kept.code, 2);
    QVERIFY2(kept.err.contains(QStringLiteral("the results are incomplete")), qPrintable(kept.err));
    const QJsonObject summary =
        QJsonDocument::fromJson(kept.out.toUtf8()).object().value(QStringLiteral("Summary")).toObject();
    const int read = summary.value(QStringLiteral("UnmatchedCRS")).toArray().size();
    QVERIFY2(read < 40, qPrintable(QString::number(read))); // what came after the damage is not invented

    const Run html = runCli(args + QStringList{QStringLiteral("-o"), QStringLiteral("html")});
    QCOMPARE(html.code, 2);
    QVERIFY(html.out.contains(QStringLiteral("<strong>Incomplete comparison.</strong>")));
    QVERIFY(html.out.contains(archive.toHtmlEscaped()));
}
