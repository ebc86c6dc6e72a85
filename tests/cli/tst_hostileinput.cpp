// SPDX-License-Identifier: Apache-2.0
// Hostile input end to end through the CLI (in-process): every case gives a
// clear error or warning naming the culprit, in bounded time and memory (ctest's
// timeout guards the bound), and the rest of the report is still produced.
// Complements tst_renderlimits (template budgets) and the fuzzers (tests/fuzz).
#include "Sanitizers.h"
#include "cli/CliRunner.h"
#include "util/LargeStack.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>

namespace {

struct RunResult
{
    int code = -1;
    QByteArray out;
    QString err;
};

QByteArray configMap(const QByteArray &name, const QByteArray &value)
{
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\n  namespace: ns\ndata:\n  key: " + value
        + "\n";
}

// The Diffs entry of a CR in a JSON report, or an empty object.
QJsonObject diffEntry(const QJsonObject &report, const QString &crName)
{
    for (const QJsonValue &d : report.value(QStringLiteral("Diffs")).toArray())
        if (d.toObject().value(QStringLiteral("CRName")).toString() == crName)
            return d.toObject();
    return {};
}

} // namespace

class tst_HostileInput : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void hostile_data();
    void hostile();
    void archiveNamesNeverEscape();
    void archiveNamesKeepTheirCharacters_data();
    void archiveNamesKeepTheirCharacters();

private:
    void write(const QString &path, const QByteArray &bytes);
    void makeArchive(const QString &archive, const QString &spec);
    RunResult run(const QStringList &args) const;

    std::unique_ptr<QTemporaryDir> m_dir;
};

void tst_HostileInput::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    write(QStringLiteral("ref/metadata.yaml"),
          "apiVersion: v2\nparts:\n  - name: P\n    components:\n      - name: C\n        allOf:\n"
          "          - path: cm-a.yaml\n          - path: cm-b.yaml\n");
    write(QStringLiteral("ref/cm-a.yaml"), configMap("a", "value-a"));
    write(QStringLiteral("ref/cm-b.yaml"), configMap("b", "value-b"));
    write(QStringLiteral("crs/a.yaml"), configMap("a", "value-a"));
    write(QStringLiteral("crs/b.yaml"), configMap("b", "value-b"));
    write(QStringLiteral("outside/evil.yaml"), configMap("a", "value-a"));
    write(QStringLiteral("outside/evil.tpl"), "{{ define \"x\" }}x{{ end }}");
    qputenv("TMPDIR", m_dir->path().toUtf8());
}

void tst_HostileInput::write(const QString &path, const QByteArray &bytes)
{
    const QString full = m_dir->filePath(path);
    QVERIFY(QDir().mkpath(QFileInfo(full).path()));
    QFile f(full);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), qint64(bytes.size()));
}

// Archives with names and sizes no archiver would produce from a real tree,
// built with Python's tarfile (python3 is a test dependency already).
// spec: "bomb" (a 600 MiB member of zeros, gzip) or "escape" (../ and / names).
void tst_HostileInput::makeArchive(const QString &archive, const QString &spec)
{
    const QString script = QStringLiteral(R"PY(
import io, sys, tarfile
path, spec = sys.argv[1], sys.argv[2]
cm = lambda n: ('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: %s\n  namespace: ns\ndata:\n  key: v\n' % n).encode()
def add(t, name, data):
    info = tarfile.TarInfo(name); info.size = len(data); t.addfile(info, io.BytesIO(data))
class Zeros(io.RawIOBase):
    def __init__(self, n): self.left = n
    def readable(self): return True
    def readinto(self, b):
        n = min(len(b), self.left); b[:n] = bytes(n); self.left -= n; return n
if spec == 'bomb':
    with tarfile.open(path, 'w:gz', compresslevel=1) as t:
        info = tarfile.TarInfo('bomb.yaml'); info.size = 600 << 20
        t.addfile(info, io.BufferedReader(Zeros(info.size), 1 << 20))
        add(t, 'after-bomb.yaml', cm(b'after'.decode()))
elif spec in ('pax', 'gnu'):  # names beyond ASCII, each with a document lacking its kind
    bad = b'apiVersion: v1\nmetadata:\n  name: x\n'
    with tarfile.open(path, 'w', format=tarfile.PAX_FORMAT if spec == 'pax' else tarfile.GNU_FORMAT, encoding='utf-8') as t:
        add(t, 'd\u00eda/caf\u00e9.yaml', bad)
        add(t, 'plain/ok.yaml', bad)
else:
    with tarfile.open(path, 'w') as t:
        add(t, '../../escape.yaml', cm('escape'))
        add(t, '/absolute/abs.yaml', cm('abs'))
        add(t, './a/../../../dots.yaml', cm('dots'))
)PY");
    QProcess python;
    python.start(QStringLiteral("python3"), {QStringLiteral("-c"), script, archive, spec});
    QVERIFY2(python.waitForFinished(120000) && python.exitCode() == 0, python.readAllStandardError().constData());
}

RunResult tst_HostileInput::run(const QStringList &args) const
{
    std::vector<std::string> argv{"driftscope-cli"};
    for (const QString &a : args)
        argv.push_back(QString(a).replace(QStringLiteral("$T"), m_dir->path()).toStdString());
    std::ostringstream out, err;
    RunResult r;
    // As driftscope-cli's main(): templates get the stack Go's depth needs.
    r.code = ds::runOnLargeStack([&] { return ds::cli::run(argv, out, err); });
    r.out = QByteArray::fromStdString(out.str());
    r.err = QString::fromStdString(err.str());
    return r;
}

void tst_HostileInput::hostile_data()
{
    QTest::addColumn<QString>("setup");
    QTest::addColumn<QString>("message");    // on stderr
    QTest::addColumn<bool>("report");        // the report is still produced
    QTest::addColumn<QString>("unmatched");  // an extra CR that must be read (listed by -A), or ""

    // Cluster data.
    QTest::newRow("billion laughs") << "laughs" << "crs/laughs.yaml: Input contains additional files" << true << "";
    QTest::newRow("100 MB scalar") << "bigscalar" << "" << true << "v1_ConfigMap_ns_big";
    QTest::newRow("10k-deep nesting") << "deep" << "crs/deep.yaml" << true << "";
    // Bytes that are not UTF-8 are read as U+FFFD and the CR is compared, as kubectl does.
    QTest::newRow("Latin-1 text") << "latin1" << "" << true << "v1_ConfigMap_ns_latin1";
    QTest::newRow("non-UTF-8 bytes") << "binary" << "" << true << "v1_ConfigMap_ns_binary";
    QTest::newRow("control characters") << "control" << "control characters are not allowed" << true << "";
    QTest::newRow("CRLF and BOM") << "crlfbom" << "" << true << "";
    QTest::newRow("zip bomb") << "bomb" << "larger than Driftscope's limit of 512 MiB per archive member" << true
                              << "v1_ConfigMap_ns_after";
    // Reference: paths never leave the reference directory (as Go's os.DirFS).
    QTest::newRow("template path ../") << "refdotdot" << "pattern matches no files: `../outside/evil.yaml`" << false
                                       << "";
    QTest::newRow("absolute template path") << "refabsolute" << "pattern matches no files: `/etc/passwd`" << false
                                            << "";
    QTest::newRow("function file ../") << "funcdotdot" << "../outside/evil.tpl" << false << "";
    QTest::newRow("symlink out of the reference") << "symlink" << "refusing to follow a link outside the reference"
                                                  << false << "";
    // Templates: one CR fails, the rest is reported.
    QTest::newRow("infinite template recursion") << "recursion" << "exceeded maximum template depth (100000)" << true
                                                 << "";
    QTest::newRow("until 1e9") << "until" << "limit" << true << "";
    QTest::newRow("catastrophic regex (RE2 is linear)") << "regex" << "" << true << "";
}

void tst_HostileInput::hostile()
{
    QFETCH(QString, setup);
    QFETCH(QString, message);
    QFETCH(bool, report);
    QFETCH(QString, unmatched);

    if (setup == QLatin1String("recursion") && ds::test::kAddressSanitizer)
        QSKIP(ds::test::kDeepStackUnderAsan);
    QStringList inputs{QStringLiteral("$T/crs")};
    if (setup == QLatin1String("laughs")) {
        QByteArray doc = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: l\n  namespace: ns\ndata:\n"
                         "  a: &a [lol,lol,lol,lol,lol,lol,lol,lol,lol]\n";
        char previous = 'a';
        for (char n = 'b'; n <= 'i'; previous = n++) {
            doc += QByteArray("  ") + n + ": &" + n + " [";
            for (int i = 0; i < 9; ++i)
                doc += QByteArray(i ? ",*" : "*") + previous;
            doc += "]\n";
        }
        write(QStringLiteral("crs/laughs.yaml"), doc);
    } else if (setup == QLatin1String("bigscalar")) {
        write(QStringLiteral("crs/big.yaml"), configMap("big", QByteArray(100 << 20, 'x')));
    } else if (setup == QLatin1String("deep")) {
        write(QStringLiteral("crs/deep.yaml"), configMap("deep", QByteArray(10000, '[') + QByteArray(10000, ']')));
    } else if (setup == QLatin1String("latin1")) {
        write(QStringLiteral("crs/latin1.yaml"), configMap("latin1", "caf\xe9 au lait"));
    } else if (setup == QLatin1String("binary")) {
        write(QStringLiteral("crs/binary.yaml"), configMap("binary", "\xff\xfe\x00\x01"));
    } else if (setup == QLatin1String("control")) {
        write(QStringLiteral("crs/control.yaml"), configMap("control", "\"bell\x07\""));
    } else if (setup == QLatin1String("crlfbom")) {
        write(QStringLiteral("crs/a.yaml"), "\xef\xbb\xbf" + configMap("a", "value-a").replace("\n", "\r\n"));
    } else if (setup == QLatin1String("bomb")) {
        makeArchive(m_dir->filePath(QStringLiteral("bomb.tar.gz")), QStringLiteral("bomb"));
        inputs << QStringLiteral("$T/bomb.tar.gz");
    } else if (setup == QLatin1String("refdotdot")) {
        write(QStringLiteral("ref/metadata.yaml"),
              "apiVersion: v2\nparts:\n  - name: P\n    components:\n      - name: C\n        allOf:\n"
              "          - path: cm-a.yaml\n          - path: ../outside/evil.yaml\n");
    } else if (setup == QLatin1String("refabsolute")) {
        write(QStringLiteral("ref/metadata.yaml"),
              "apiVersion: v2\nparts:\n  - name: P\n    components:\n      - name: C\n        allOf:\n"
              "          - path: cm-a.yaml\n          - path: /etc/passwd\n");
    } else if (setup == QLatin1String("funcdotdot")) {
        write(QStringLiteral("ref/metadata.yaml"),
              "apiVersion: v2\nparts:\n  - name: P\n    components:\n      - name: C\n        allOf:\n"
              "          - path: cm-a.yaml\ntemplateFunctionFiles:\n  - ../outside/evil.tpl\n");
    } else if (setup == QLatin1String("symlink")) {
        QVERIFY(QFile::link(m_dir->filePath(QStringLiteral("outside/evil.yaml")),
                            m_dir->filePath(QStringLiteral("ref/link.yaml"))));
        write(QStringLiteral("ref/metadata.yaml"),
              "apiVersion: v2\nparts:\n  - name: P\n    components:\n      - name: C\n        allOf:\n"
              "          - path: cm-b.yaml\n          - path: link.yaml\n");
    } else if (setup == QLatin1String("recursion")) {
        write(QStringLiteral("ref/cm-a.yaml"),
              configMap("a", "'{{ define \"loop\" }}{{ template \"loop\" . }}{{ end }}"
                             "{{ if .data }}{{ template \"loop\" . }}{{ end }}'"));
    } else if (setup == QLatin1String("until")) {
        write(QStringLiteral("ref/cm-a.yaml"), configMap("a", "'{{ if .data }}{{ until 1000000000 | len }}{{ end }}'"));
    } else if (setup == QLatin1String("regex")) {
        write(QStringLiteral("ref/metadata.yaml"),
              "apiVersion: v2\nparts:\n  - name: P\n    components:\n      - name: C\n        allOf:\n"
              "          - path: cm-a.yaml\n            config:\n              perField:\n"
              "                - pathToKey: data.key\n                  inlineDiffFunc: regex\n"
              "          - path: cm-b.yaml\n");
        write(QStringLiteral("ref/cm-a.yaml"), configMap("a", "'(a+)+(b+)+(c+)+$'"));
        write(QStringLiteral("crs/a.yaml"), configMap("a", QByteArray(200000, 'a') + "!"));
    }

    const RunResult r = run({QStringLiteral("-r"), QStringLiteral("$T/ref/metadata.yaml"), QStringLiteral("-f"),
                             inputs.join(QLatin1Char(',')), QStringLiteral("-o"), QStringLiteral("json"),
                             QStringLiteral("-A"), QStringLiteral("--keep-going")});
    if (!message.isEmpty())
        QVERIFY2(r.err.contains(message), qPrintable(r.err.left(2000)));
    else if (setup == QLatin1String("latin1") || setup == QLatin1String("binary"))
        QVERIFY2(!r.err.contains("Skipping"), qPrintable(r.err.left(2000)));
    if (!report) {
        QCOMPARE(r.code, 2); // a reference that does not load is an error, as in kube-compare
        return;
    }
    QJsonParseError error;
    const QJsonObject json = QJsonDocument::fromJson(r.out, &error).object();
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    // CR b is untouched by every case and must come out exactly as without it.
    const QJsonObject b = diffEntry(json, QStringLiteral("v1_ConfigMap_ns_b"));
    QCOMPARE(b.value(QStringLiteral("CorrelatedTemplate")).toString(), QStringLiteral("cm-b.yaml"));
    QCOMPARE(b.value(QStringLiteral("DiffOutput")).toString(), QString());
    if (setup == QLatin1String("crlfbom")) // line ends and a BOM are not drift
        QCOMPARE(diffEntry(json, QStringLiteral("v1_ConfigMap_ns_a")).value(QStringLiteral("DiffOutput")).toString(),
                 QString());
    if (setup == QLatin1String("regex")) // no match, reported as drift
        QVERIFY(!diffEntry(json, QStringLiteral("v1_ConfigMap_ns_a")).value(QStringLiteral("DiffOutput"))
                     .toString().isEmpty());
    if (!unmatched.isEmpty()) {
        const QJsonArray list = json.value(QStringLiteral("Summary")).toObject().value(QStringLiteral("UnmatchedCRS")).toArray();
        QVERIFY2(list.contains(QJsonValue(unmatched)), qPrintable(QJsonDocument(list).toJson()));
    }
}

// Archives are read in place, never extracted: names with ../ or a leading /
// are shown cleaned up and nothing is written anywhere.
void tst_HostileInput::archiveNamesNeverEscape()
{
    const QString archive = m_dir->filePath(QStringLiteral("escape.tar"));
    makeArchive(archive, QStringLiteral("escape"));
    const QStringList before = QDir(m_dir->path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot);
    const RunResult r = run({QStringLiteral("-r"), QStringLiteral("$T/ref/metadata.yaml"), QStringLiteral("-f"),
                             QStringLiteral("$T/crs,$T/escape.tar"), QStringLiteral("-o"), QStringLiteral("json"),
                             QStringLiteral("-A")});
    QCOMPARE(r.code, 0);
    const QJsonArray list =
        QJsonDocument::fromJson(r.out).object().value(QStringLiteral("Summary")).toObject().value(QStringLiteral("UnmatchedCRS")).toArray();
    for (const char *name : {"v1_ConfigMap_ns_escape", "v1_ConfigMap_ns_abs", "v1_ConfigMap_ns_dots"})
        QVERIFY2(list.contains(QJsonValue(QLatin1String(name))), name);
    QCOMPARE(QDir(m_dir->path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), before);
    QVERIFY(!QFile::exists(QFileInfo(m_dir->path()).dir().filePath(QStringLiteral("escape.yaml"))));
}

void tst_HostileInput::archiveNamesKeepTheirCharacters_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("pax (UTF-8 path records)") << QStringLiteral("pax");
    QTest::newRow("GNU (names as bytes)") << QStringLiteral("gnu");
}

// Member names are taken as they are when ASCII, converted otherwise: either
// way the warning names the member as the archive does.
void tst_HostileInput::archiveNamesKeepTheirCharacters()
{
    QFETCH(QString, format);
    const QString archive = m_dir->filePath(format + QStringLiteral(".tar"));
    makeArchive(archive, format);
    const RunResult r = run({QStringLiteral("-r"), QStringLiteral("$T/ref/metadata.yaml"), QStringLiteral("-f"), archive});
    QVERIFY2(r.err.contains(archive + QStringLiteral(":d\u00eda/caf\u00e9.yaml\":")), qPrintable(r.err));
    QVERIFY2(r.err.contains(archive + QStringLiteral(":plain/ok.yaml\":")), qPrintable(r.err));
}

QTEST_GUILESS_MAIN(tst_HostileInput)
#include "tst_hostileinput.moc"
