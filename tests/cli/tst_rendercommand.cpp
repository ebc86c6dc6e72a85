// SPDX-License-Identifier: Apache-2.0
// `driftscope-cli render` (issue #3): the engine's output on stdout with exit 0,
// or `error: <Go's message>` on stderr with exit 2.
#include "cli/CliRunner.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>

using namespace ds;

class tst_RenderCommand : public QObject
{
    Q_OBJECT

private slots:
    void render_data();
    void render();
};

namespace {

struct Result
{
    int code;
    QString out;
    QString err;
};

Result runCli(const QStringList &args)
{
    std::vector<std::string> argv{"driftscope-cli", "render"};
    for (const QString &a : args)
        argv.push_back(a.toStdString());
    std::ostringstream out, err;
    const int code = cli::run(argv, out, err);
    return {code, QString::fromStdString(out.str()), QString::fromStdString(err.str())};
}

} // namespace

void tst_RenderCommand::render_data()
{
    // Files are written as name=content pairs; $T in args is the temp dir.
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("out");
    QTest::addColumn<QString>("err");

    const QString tmpl = QStringLiteral("t.yaml");
    QTest::newRow("no data: empty map")
        << QStringList{tmpl, "name: {{ .metadata.name }}|{{ len . }}"} << QStringList{"--template", "$T/t.yaml"} << 0
        << "name: <no value>|0" << "";
    QTest::newRow("YAML data, Kubernetes number typing")
        << QStringList{tmpl, "{{ printf \"%T %T %v\" .a .b .c }}", "d.yaml", "a: 1\nb: 1.5\nc: yes\n"}
        << QStringList{"--template", "$T/t.yaml", "--data", "$T/d.yaml"} << 0 << "int64 float64 true" << "";
    QTest::newRow("JSON data")
        << QStringList{tmpl, "{{ .spec.replicas }}", "d.json", "{\"spec\": {\"replicas\": 3}}"}
        << QStringList{"--template", "$T/t.yaml", "--data", "$T/d.json"} << 0 << "3" << "";
    QTest::newRow("function file and default name")
        << QStringList{tmpl, "{{ template \"greet\" . }}", "f.tmpl", "{{ define \"greet\" }}hi {{ .who }}{{ end }}",
                       "d.yaml", "who: you\n"}
        << QStringList{"--template", "$T/t.yaml", "--function-file", "$T/f.tmpl", "--data", "$T/d.yaml"} << 0
        << "hi you" << "";
    QTest::newRow("-r adds the reference's function files; template relative to it")
        << QStringList{"metadata.yaml",
                       "apiVersion: v2\nparts:\n- name: p\n  components:\n  - name: c\n    allOf:\n"
                       "    - path: t.yaml\ntemplateFunctionFiles:\n- functions/*.tmpl\n",
                       tmpl, "{{ template \"greet\" . }}", "functions/f.tmpl",
                       "{{ define \"greet\" }}hi {{ .who }}{{ end }}", "d.yaml", "who: you\n"}
        << QStringList{"-r", "$T/metadata.yaml", "--template", "t.yaml", "--data", "$T/d.yaml"} << 0
        << "hi you" << "";
    QTest::newRow("-r with a broken metadata.yaml")
        << QStringList{"metadata.yaml", "parts: 3\n", tmpl, "x"}
        << QStringList{"-r", "$T/metadata.yaml", "--template", "t.yaml"} << 2 << ""
        << "error: Reference config isn't in correct format. error: error unmarshaling JSON: while decoding JSON: json: "
           "cannot unmarshal number into Go struct field ReferenceV1.parts of type []compare.PartV1\n";
    QTest::newRow("execution error in Go's words")
        << QStringList{tmpl, "a: {{ .x.y | upper }}"} << QStringList{"--template", "$T/t.yaml"} << 2 << ""
        << "error: template: t.yaml:1:13: executing \"t.yaml\" at <upper>: invalid value; expected string\n";
    QTest::newRow("--name names the template")
        << QStringList{tmpl, "{{ fail \"no\" }}"} << QStringList{"--template", "$T/t.yaml", "--name", "custom"} << 2
        << "" << "error: template: custom:1:3: executing \"custom\" at <fail \"no\">: error calling fail: no\n";
    QTest::newRow("parse error")
        << QStringList{tmpl, "{{ if }}"} << QStringList{"--template", "$T/t.yaml"} << 2 << ""
        << "error: template: t.yaml:1: missing value for if\n";
    // Go's index checks 0 <= i <= len; reflect panics at i == len, in its own words for each kind.
    QTest::newRow("index of a string at its length")
        << QStringList{tmpl, "{{ index \"abc\" 3 }}"} << QStringList{"--template", "$T/t.yaml"} << 2 << ""
        << "error: template: t.yaml:1:3: executing \"t.yaml\" at <index \"abc\" 3>: error calling index: reflect: "
           "string index out of range\n";
    QTest::newRow("index of a list at its length")
        << QStringList{tmpl, "{{ index (list 1 2) 2 }}"} << QStringList{"--template", "$T/t.yaml"} << 2 << ""
        << "error: template: t.yaml:1:3: executing \"t.yaml\" at <index (list 1 2) 2>: error calling index: reflect: "
           "slice index out of range\n";
    QTest::newRow("index of a string beyond its length")
        << QStringList{tmpl, "{{ index \"abc\" 4 }}"} << QStringList{"--template", "$T/t.yaml"} << 2 << ""
        << "error: template: t.yaml:1:3: executing \"t.yaml\" at <index \"abc\" 4>: error calling index: index out of "
           "range: 4\n";
    QTest::newRow("missingkey=error")
        << QStringList{tmpl, "{{ .nope }}"} << QStringList{"--template", "$T/t.yaml", "--option", "missingkey=error"}
        << 2 << "" << "error: template: t.yaml:1:3: executing \"t.yaml\" at <.nope>: map has no entry for key \"nope\"\n";
    QTest::newRow("missingkey=zero")
        << QStringList{tmpl, "[{{ .nope }}]"} << QStringList{"--template", "$T/t.yaml", "--option=missingkey=zero"} << 0
        << "[<no value>]" << "";
    QTest::newRow("env is not available")
        << QStringList{tmpl, "{{ env \"HOME\" }}"} << QStringList{"--template", "$T/t.yaml"} << 2 << ""
        << "error: template: t.yaml:1: function \"env\" not defined\n";
    QTest::newRow("YAML 1.1 key n is the boolean false")
        << QStringList{tmpl, "{{ .n }}|{{ index . \"false\" }}", "d.yaml", "n: you\n"}
        << QStringList{"--template", "$T/t.yaml", "--data", "$T/d.yaml"} << 0 << "<no value>|you" << "";
    QTest::newRow("missing --template")
        << QStringList{} << QStringList{} << 2 << ""
        << "error: --template is required\nUsage: driftscope-cli render --template FILE [--data FILE] "
           "[--function-file FILE]...\n                             [--name NAME] [--option "
           "missingkey=default|zero|error]\n                             [-r REFERENCE/metadata.yaml]\n";
    QTest::newRow("unknown flag") << QStringList{} << QStringList{"--bogus"} << 2 << ""
                                  << "error: unknown flag: --bogus\nUsage: driftscope-cli render --template FILE "
                                     "[--data FILE] [--function-file FILE]...\n                             [--name "
                                     "NAME] [--option missingkey=default|zero|error]\n                             [-r REFERENCE/metadata.yaml]\n";
    QTest::newRow("unreadable template") << QStringList{} << QStringList{"--template", "$T/none.yaml"} << 2 << ""
                                         << "error: cannot read $T/none.yaml: No such file or directory\n";
    QTest::newRow("invalid data names the file and line")
        << QStringList{tmpl, "x", "d.yaml", "a: 1\n b: 2\n"}
        << QStringList{"--template", "$T/t.yaml", "--data", "$T/d.yaml"} << 2 << ""
        << "error: $T/d.yaml: line 2, column 3: mapping values are not allowed in this context\n";
}

void tst_RenderCommand::render()
{
    QFETCH(QStringList, files);
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, out);
    QFETCH(QString, err);
    QTemporaryDir dir;
    for (qsizetype i = 0; i + 1 < files.size(); i += 2) {
        QDir().mkpath(QFileInfo(dir.filePath(files[i])).path());
        QFile f(dir.filePath(files[i]));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(files[i + 1].toUtf8());
    }
    for (QString &a : args)
        a.replace(QLatin1String("$T"), dir.path());
    err.replace(QLatin1String("$T"), dir.path());
    const Result r = runCli(args);
    QCOMPARE(r.err, err);
    QCOMPARE(r.out, out);
    QCOMPARE(r.code, code);
}

QTEST_GUILESS_MAIN(tst_RenderCommand)
#include "tst_rendercommand.moc"
