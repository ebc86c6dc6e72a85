// SPDX-License-Identifier: Apache-2.0
// driftscope-cli's compare mode run in-process: kubectl cluster-compare's flags
// (pflag syntax), usage errors, exit codes, output formats and the
// generate-patches → -p round trip (spec a.1, a.3, a.6, a.8, e.14, f), plus
// Driftscope's --keep-going extension.
#include "DriftscopeVersion.h"
#include "cli/CliRunner.h"
#include "cli/FlagParser.h"
#include "compare/UserOverrides.h"

#include "TestData.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <memory>
#include <sstream>

using namespace ds;

namespace {

struct RunResult
{
    int code = -1;
    QString out;
    QString err;
};

const QString kSeeHelp = QStringLiteral("See 'cluster-compare -h' for help and examples\n");

QString configMap(const QString &name, const QString &value)
{
    return QStringLiteral("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: %1\n  namespace: ns\ndata:\n  key: %2\n")
        .arg(name, value);
}

QString metadata(const QStringList &templates)
{
    QString out = QStringLiteral("parts:\n  - name: Part\n    components:\n      - name: Comp\n        type: Required\n"
                                 "        requiredTemplates:\n");
    for (const QString &t : templates)
        out += QStringLiteral("          - path: %1\n").arg(t);
    return out;
}

// The files every test can use, below a temporary directory ($T in arguments).
QStringList fixtureFiles()
{
    const QString a = configMap("a", "value-a");
    const QString b = configMap("b", "value-b");
    const QString c = configMap("c", "value-c");
    return {
        "ref/metadata.yaml", metadata({"cm-a.yaml", "cm-b.yaml"}),
        "ref/cm-a.yaml", a,
        "ref/cm-b.yaml", b,
        "refc/metadata.yaml", metadata({"cm-a.yaml", "cm-b.yaml", "cm-c.yaml"}),
        "refc/cm-a.yaml", a,
        "refc/cm-b.yaml", b,
        "refc/cm-c.yaml", c,
        // Renders with empty data (pre-processing) but fails with the CR.
        "reffail/metadata.yaml", metadata({"cm-a.yaml", "cm-b.yaml"}),
        "reffail/cm-a.yaml", configMap("a", R"({{ if .data }}{{ fail "boom" }}{{ end }})"),
        "reffail/cm-b.yaml", b,
        "refbad/metadata.yaml", metadata({"cm-a.yaml"}),
        "refbad/cm-a.yaml", configMap("a", R"({{ .data.key | required "x" }})"),
        "crs/a.yaml", a,
        "crs/b.yaml", b,
        "drift/a.yaml", a,
        "drift/b.yaml", configMap("b", R"("a&b<c>")"),
        "nested/a.yaml", a,
        "nested/sub/b.yaml", b,
        "extra/s.yaml", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\n  namespace: ns\n",
        "p.yaml", "- apiVersion: v1\n  kind: ConfigMap\n  name: b\n  namespace: ns\n  reason: known drift\n"
                  "  type: mergepatch\n  patch: '{\"data\":{\"key\":\"a&b<c>\"}}'\n",
    };
}

QString goldenCase(const QString &name)
{
    return test::dataPath(QStringLiteral("shared/conformance/cases/") + name);
}

QString benchPath(const QString &name)
{
    return test::dataPath(QStringLiteral("shared/bench/") + name);
}

// A JSON report's Diffs entry for a CR.
QJsonObject diffEntry(const QJsonObject &report, const QString &crName)
{
    for (const QJsonValue &d : report.value("Diffs").toArray())
        if (d.toObject().value("CRName").toString() == crName)
            return d.toObject();
    return {};
}

QStringList keysInTextOrder(const QString &json, const QStringList &keys)
{
    QStringList present;
    for (const QString &k : keys)
        if (json.contains('"' + k + "\":"))
            present << k;
    std::sort(present.begin(), present.end(), [&](const QString &a, const QString &b) {
        return json.indexOf('"' + a + "\":") < json.indexOf('"' + b + "\":");
    });
    return present;
}

} // namespace

class tst_CompareCommand : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void flagParser_data();
    void flagParser();
    void flagForms_data();
    void flagForms();
    void usageErrors_data();
    void usageErrors();
    void version_data();
    void version();
    void showTemplateFunctions_data();
    void showTemplateFunctions();
    void exitCodes_data();
    void exitCodes();
    void keepGoing_data();
    void keepGoing();
    void generatePatchesRoundTrip_data();
    void generatePatchesRoundTrip();
    void benchReference_data();
    void benchReference();
    void jsonOutput_data();
    void jsonOutput();
    void junitOutput_data();
    void junitOutput();
    void sampleShowsItsChanges();

private:
    QString expand(QString s) const;
    QStringList expand(const QStringList &list) const;
    RunResult run(const QStringList &args) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    QByteArray m_savedTmpDir;
    bool m_hadTmpDir = false;
    QByteArray m_savedExternalDiff;
    bool m_hadExternalDiff = false;
};

void tst_CompareCommand::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    const QStringList files = fixtureFiles();
    for (qsizetype i = 0; i + 1 < files.size(); i += 2) {
        const QString path = m_dir->filePath(files[i]);
        QVERIFY(QDir().mkpath(QFileInfo(path).path()));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(files[i + 1].toUtf8());
    }
    // Anything the comparison writes goes below the temporary directory; the
    // built-in diff is used.
    m_hadTmpDir = qEnvironmentVariableIsSet("TMPDIR");
    m_savedTmpDir = qgetenv("TMPDIR");
    m_hadExternalDiff = qEnvironmentVariableIsSet("KUBECTL_EXTERNAL_DIFF");
    m_savedExternalDiff = qgetenv("KUBECTL_EXTERNAL_DIFF");
    QVERIFY(QDir().mkpath(m_dir->filePath("tmp")));
    qputenv("TMPDIR", m_dir->filePath("tmp").toUtf8());
    qunsetenv("KUBECTL_EXTERNAL_DIFF");
}

void tst_CompareCommand::cleanup()
{
    if (m_hadTmpDir)
        qputenv("TMPDIR", m_savedTmpDir);
    else
        qunsetenv("TMPDIR");
    if (m_hadExternalDiff)
        qputenv("KUBECTL_EXTERNAL_DIFF", m_savedExternalDiff);
    m_dir.reset();
}

QString tst_CompareCommand::expand(QString s) const
{
    return s.replace(QStringLiteral("$T"), m_dir->path());
}

QStringList tst_CompareCommand::expand(const QStringList &list) const
{
    QStringList out;
    for (const QString &s : list)
        out << expand(s);
    return out;
}

RunResult tst_CompareCommand::run(const QStringList &args) const
{
    std::vector<std::string> argv{"driftscope-cli"};
    for (const QString &a : args)
        argv.push_back(expand(a).toStdString());
    std::ostringstream out, err;
    RunResult r;
    r.code = cli::run(argv, out, err);
    r.out = QString::fromStdString(out.str());
    r.err = QString::fromStdString(err.str());
    return r;
}

// ---------------------------------------------------------------------------
// pflag semantics of the flag parser itself.

void tst_CompareCommand::flagParser_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("reference"); // -r/--reference value
    QTest::addColumn<QStringList>("files"); // -f/--filename values
    QTest::addColumn<bool>("recursive");
    QTest::addColumn<bool>("verbose");
    QTest::addColumn<int>("concurrency");
    QTest::addColumn<QStringList>("positional");

    QTest::newRow("-r x") << QStringList{"-r", "x"} << "x" << QStringList() << false << false << 4 << QStringList();
    QTest::newRow("-r=x") << QStringList{"-r=x"} << "x" << QStringList() << false << false << 4 << QStringList();
    QTest::newRow("-rx") << QStringList{"-rx"} << "x" << QStringList() << false << false << 4 << QStringList();
    QTest::newRow("--reference x") << QStringList{"--reference", "x"} << "x" << QStringList() << false << false << 4
                                   << QStringList();
    QTest::newRow("--reference=x") << QStringList{"--reference=x"} << "x" << QStringList() << false << false << 4
                                   << QStringList();
    QTest::newRow("--reference= (empty)") << QStringList{"--reference="} << "" << QStringList() << false << false << 4
                                          << QStringList();
    // `-r=` is too short for the `-f=arg` form: it is `-farg` with arg "=".
    QTest::newRow("-r= is the value =") << QStringList{"-r="} << "=" << QStringList() << false << false << 4
                                        << QStringList();
    QTest::newRow("last value wins") << QStringList{"-r", "a", "--reference", "b"} << "b" << QStringList() << false
                                     << false << 4 << QStringList();
    QTest::newRow("value that looks like a flag") << QStringList{"-r", "-R"} << "-R" << QStringList() << false << false
                                                  << 4 << QStringList();
    QTest::newRow("combined bools") << QStringList{"-Rv"} << "" << QStringList() << true << true << 4 << QStringList();
    QTest::newRow("combined bools then a value") << QStringList{"-Rvf", "x"} << "" << QStringList{"x"} << true << true
                                                 << 4 << QStringList();
    QTest::newRow("combined bools with inline value") << QStringList{"-vRfx.yaml"} << "" << QStringList{"x.yaml"}
                                                      << true << true << 4 << QStringList();
    QTest::newRow("value swallows the rest") << QStringList{"-fRv"} << "" << QStringList{"Rv"} << false << false << 4
                                             << QStringList();
    QTest::newRow("bool = false") << QStringList{"-R", "--recursive=false", "-v=0"} << "" << QStringList() << false
                                  << false << 4 << QStringList();
    QTest::newRow("bool texts of strconv.ParseBool")
        << QStringList{"--recursive=T", "--verbose=TRUE"} << "" << QStringList() << true << true << 4 << QStringList();
    QTest::newRow("bool does not take the next argument") << QStringList{"-R", "false"} << "" << QStringList() << true
                                                          << false << 4 << QStringList{"false"};
    QTest::newRow("comma-separated files") << QStringList{"-f", "a.yaml,b/,c*"} << "" << QStringList{"a.yaml", "b/", "c*"}
                                           << false << false << 4 << QStringList();
    QTest::newRow("repeated files accumulate") << QStringList{"-f", "a", "--filename=b,c", "-fd"} << ""
                                               << QStringList{"a", "b", "c", "d"} << false << false << 4
                                               << QStringList();
    QTest::newRow("CSV quoting") << QStringList{"-f", R"("a,b",c)"} << "" << QStringList{"a,b", "c"} << false << false
                                 << 4 << QStringList();
    QTest::newRow("empty slice value adds nothing") << QStringList{"-f", ""} << "" << QStringList() << false << false
                                                    << 4 << QStringList();
    QTest::newRow("int base prefixes (ParseInt base 0)") << QStringList{"--concurrency=0x10"} << "" << QStringList()
                                                         << false << false << 16 << QStringList();
    QTest::newRow("positional args interspersed") << QStringList{"one", "-R", "two"} << "" << QStringList() << true
                                                  << false << 4 << QStringList{"one", "two"};
    QTest::newRow("lone dash is positional") << QStringList{"-"} << "" << QStringList() << false << false << 4
                                             << QStringList{"-"};
    QTest::newRow("-- ends the flags") << QStringList{"-v", "--", "-R", "--x"} << "" << QStringList() << false << true
                                       << 4 << QStringList{"-R", "--x"};
}

void tst_CompareCommand::flagParser()
{
    QFETCH(QStringList, args);
    QFETCH(QString, reference);
    QFETCH(QStringList, files);
    QFETCH(bool, recursive);
    QFETCH(bool, verbose);
    QFETCH(int, concurrency);
    QFETCH(QStringList, positional);

    using K = cli::FlagParser::Kind;
    cli::FlagParser p;
    p.add("reference", 'r', K::String, "");
    p.add("filename", 'f', K::StringSlice, "");
    p.add("recursive", 'R', K::Bool, "");
    p.add("verbose", 'v', K::Bool, "");
    p.add("concurrency", 0, K::Int, "");
    std::vector<std::string> argv;
    for (const QString &a : args)
        argv.push_back(a.toStdString());
    const std::optional<std::string> error = p.parse(argv);
    QVERIFY2(!error, error ? error->c_str() : "");
    QCOMPARE(QString::fromStdString(p.stringValue("reference")), reference);
    QStringList gotFiles;
    for (const auto &f : p.sliceValue("filename"))
        gotFiles << QString::fromStdString(f);
    QCOMPARE(gotFiles, files);
    QCOMPARE(p.boolValue("recursive"), recursive);
    QCOMPARE(p.boolValue("verbose"), verbose);
    QCOMPARE(p.isSet("concurrency") ? p.intValue("concurrency") : 4, concurrency);
    QStringList gotPositional;
    for (const auto &a : p.positional())
        gotPositional << QString::fromStdString(a);
    QCOMPARE(gotPositional, positional);
}

// ---------------------------------------------------------------------------
// The same flags through the whole command: every spelling reaches the comparison.

void tst_CompareCommand::flagForms_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QStringList>("stdoutContains");
    QTest::addColumn<QStringList>("stdoutLacks");

    const QStringList clean = {"CRs with diffs: 0/2\nNo validation issues with the cluster\n"};
    QTest::newRow("-r x -f y") << QStringList{"-r", "$T/ref/metadata.yaml", "-f", "$T/crs"} << 0 << clean
                               << QStringList();
    QTest::newRow("-r=x -f=y") << QStringList{"-r=$T/ref/metadata.yaml", "-f=$T/crs"} << 0 << clean << QStringList();
    QTest::newRow("-rx -fy") << QStringList{"-r$T/ref/metadata.yaml", "-f$T/crs"} << 0 << clean << QStringList();
    QTest::newRow("--reference x --filename y")
        << QStringList{"--reference", "$T/ref/metadata.yaml", "--filename", "$T/crs"} << 0 << clean << QStringList();
    QTest::newRow("--reference=x --filename=y")
        << QStringList{"--reference=$T/ref/metadata.yaml", "--filename=$T/crs"} << 0 << clean << QStringList();
    QTest::newRow("flags after -f") << QStringList{"-f", "$T/crs", "-r", "$T/ref/metadata.yaml"} << 0 << clean
                                    << QStringList();
    QTest::newRow("comma-separated -f")
        << QStringList{"-r", "$T/ref/metadata.yaml", "-f", "$T/crs/a.yaml,$T/crs/b.yaml"} << 0 << clean
        << QStringList();
    QTest::newRow("repeated -f") << QStringList{"-r", "$T/ref/metadata.yaml", "-f", "$T/crs/a.yaml", "-f",
                                                "$T/crs/b.yaml"}
                                 << 0 << clean << QStringList();
    QTest::newRow("one -f file: the other template is missing")
        << QStringList{"-r", "$T/ref/metadata.yaml", "-f", "$T/crs/a.yaml"} << 1
        << QStringList{"CRs with diffs: 0/1\nCRs in reference missing from the cluster: 1\n"} << QStringList();
    // -R descends into nested/sub; without it only nested/a.yaml is read.
    QTest::newRow("without -R") << QStringList{"-r", "$T/ref/metadata.yaml", "-f", "$T/nested"} << 1
                                << QStringList{"CRs with diffs: 0/1\n"} << QStringList();
    QTest::newRow("-R") << QStringList{"-R", "-r", "$T/ref/metadata.yaml", "-f", "$T/nested"} << 0 << clean
                        << QStringList();
    QTest::newRow("--recursive=true") << QStringList{"--recursive=true", "-r", "$T/ref/metadata.yaml", "-f",
                                                     "$T/nested"}
                                      << 0 << clean << QStringList();
    QTest::newRow("-R=1") << QStringList{"-R=1", "-r", "$T/ref/metadata.yaml", "-f", "$T/nested"} << 0 << clean
                          << QStringList();
    QTest::newRow("-R then --recursive=false") << QStringList{"-R", "--recursive=false", "-r", "$T/ref/metadata.yaml",
                                                              "-f", "$T/nested"}
                                               << 1 << QStringList{"CRs with diffs: 0/1\n"} << QStringList();
    // -v shows every compared CR, also those without differences (spec a.1, a.6).
    QTest::newRow("combined -Rv") << QStringList{"-Rv", "-r", "$T/ref/metadata.yaml", "-f", "$T/nested"} << 0
                                  << QStringList{"Cluster CR: v1_ConfigMap_ns_a\nReference File: cm-a.yaml\nDiff Output: "
                                                 "None\n",
                                                 "CRs with diffs: 0/2\n"}
                                  << QStringList();
    QTest::newRow("combined -vR") << QStringList{"-vR", "-r", "$T/ref/metadata.yaml", "-f", "$T/nested"} << 0
                                  << QStringList{"Diff Output: None\n", "CRs with diffs: 0/2\n"} << QStringList();
    QTest::newRow("--verbose=false") << QStringList{"--verbose=false", "-r", "$T/ref/metadata.yaml", "-f", "$T/crs"}
                                     << 0 << clean << QStringList{"Diff Output: None"};
    QTest::newRow("--concurrency is accepted") << QStringList{"--concurrency", "8", "-r", "$T/ref/metadata.yaml",
                                                              "-f", "$T/crs"}
                                               << 0 << clean << QStringList();
    // Any other -o value silently gives the text report (spec a.1).
    QTest::newRow("-o typo is text") << QStringList{"-o", "xml", "-r", "$T/ref/metadata.yaml", "-f", "$T/drift"} << 1
                                     << QStringList{"Cluster CR: v1_ConfigMap_ns_b\n", "CRs with diffs: 1/2\n"}
                                     << QStringList();
    QTest::newRow("-ojson") << QStringList{"-ojson", "-r", "$T/ref/metadata.yaml", "-f", "$T/drift"} << 1
                            << QStringList{"{\"Summary\":{"} << QStringList{"CRs with diffs"};
}

void tst_CompareCommand::flagForms()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QStringList, stdoutContains);
    QFETCH(QStringList, stdoutLacks);
    const RunResult r = run(args);
    QVERIFY2(r.code == exitCode, qPrintable(r.err));
    for (const QString &s : stdoutContains)
        QVERIFY2(r.out.contains(s), qPrintable(s + "\n--- in ---\n" + r.out));
    for (const QString &s : stdoutLacks)
        QVERIFY2(!r.out.contains(s), qPrintable(s));
}

// ---------------------------------------------------------------------------
// Usage errors: pflag's texts, `See 'cluster-compare -h' ...`, exit 2, nothing on stdout.

void tst_CompareCommand::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("stderr");

    auto usage = [](const QString &message) { return "error: " + message + "\n" + kSeeHelp; };
    const QString boolSyntax = QStringLiteral("strconv.ParseBool: parsing \"%1\": invalid syntax");

    // pflag parse errors (spec a.1 step 1).
    QTest::newRow("unknown flag") << QStringList{"--bogus"} << usage("unknown flag: --bogus");
    QTest::newRow("unknown flag with value") << QStringList{"--bogus=1"} << usage("unknown flag: --bogus");
    // --kubeconfig/--context are Driftscope's (issue #8); kubectl's other cluster flags are not.
    QTest::newRow("no cluster flags: --server") << QStringList{"--server", "x"} << usage("unknown flag: --server");
    QTest::newRow("no cluster flags: -n") << QStringList{"-n", "ns"} << usage("unknown shorthand flag: 'n' in -n");
    QTest::newRow("unknown shorthand after bools") << QStringList{"-Rx"} << usage("unknown shorthand flag: 'x' in -x");
    QTest::newRow("unknown shorthand names the rest") << QStringList{"-vqR"}
                                                      << usage("unknown shorthand flag: 'q' in -qR");
    QTest::newRow("bad flag syntax ---") << QStringList{"---x"} << usage("bad flag syntax: ---x");
    QTest::newRow("bad flag syntax --=") << QStringList{"--=x"} << usage("bad flag syntax: --=x");
    QTest::newRow("missing argument -r") << QStringList{"-r"} << usage("flag needs an argument: 'r' in -r");
    QTest::newRow("missing argument after bools") << QStringList{"-Rr"} << usage("flag needs an argument: 'r' in -r");
    QTest::newRow("missing argument --reference") << QStringList{"--reference"}
                                                  << usage("flag needs an argument: --reference");
    QTest::newRow("missing argument -f") << QStringList{"-R", "-f"} << usage("flag needs an argument: 'f' in -f");
    QTest::newRow("missing argument --output") << QStringList{"--output"} << usage("flag needs an argument: --output");
    QTest::newRow("bad bool long") << QStringList{"--recursive=maybe"}
                                   << usage("invalid argument \"maybe\" for \"-R, --recursive\" flag: "
                                            + boolSyntax.arg("maybe"));
    QTest::newRow("bad bool short") << QStringList{"-v=yes"}
                                    << usage("invalid argument \"yes\" for \"-v, --verbose\" flag: "
                                             + boolSyntax.arg("yes"));
    QTest::newRow("bad bool without shorthand") << QStringList{"--show-managed-fields=2"}
                                                << usage("invalid argument \"2\" for \"--show-managed-fields\" flag: "
                                                         + boolSyntax.arg("2"));
    QTest::newRow("empty bool") << QStringList{"--all-resources="}
                                << usage("invalid argument \"\" for \"-A, --all-resources\" flag: "
                                         + boolSyntax.arg(""));
    QTest::newRow("-R= is -R then '='") << QStringList{"-R="} << usage("unknown shorthand flag: '=' in -=");
    QTest::newRow("bad int") << QStringList{"--concurrency=abc"}
                             << usage("invalid argument \"abc\" for \"--concurrency\" flag: strconv.ParseInt: parsing "
                                      "\"abc\": invalid syntax");
    QTest::newRow("bad value is Go-quoted") << QStringList{"--recursive=a\"b"}
                                            << usage("invalid argument \"a\\\"b\" for \"-R, --recursive\" flag: "
                                                     "strconv.ParseBool: parsing \"a\\\"b\": invalid syntax");
    QTest::newRow("parse errors win over --version") << QStringList{"--version", "--bogus"}
                                                     << usage("unknown flag: --bogus");

    // Argument validation, in kube-compare's order (spec a.1 step 3).
    QTest::newRow("no arguments") << QStringList() << usage("\"Reference config file is required\"");
    QTest::newRow("no -r") << QStringList{"-f", "$T/crs"} << usage("\"Reference config file is required\"");
    QTest::newRow("positional before -r check") << QStringList{"extra"}
                                                << usage("\"Reference config file is required\"");
    QTest::newRow("generate-patches without templates")
        << QStringList{"-o", "generate-patches", "-r", "$T/ref/metadata.yaml", "-f", "$T/crs", "--override-reason",
                       "r"}
        << usage("Requested user override generation but no entires for which template to generate overrides for");
    QTest::newRow("generate-patches checked before -r") << QStringList{"-o", "generate-patches"}
                                                        << usage("Requested user override generation but no entires "
                                                                 "for which template to generate overrides for");
    QTest::newRow("generate-patches without reason")
        << QStringList{"-o", "generate-patches", "--generate-override-for", "cm-a.yaml", "-r", "$T/ref/metadata.yaml",
                       "-f", "$T/crs"}
        << usage("Reason required when generating overrides");
    QTest::newRow("Unexpected args") << QStringList{"-r", "$T/ref/metadata.yaml", "-f", "$T/crs", "extra1", "extra2"}
                                     << usage("Unexpected args: [extra1 extra2]");
    QTest::newRow("Unexpected args after --") << QStringList{"-r", "$T/ref/metadata.yaml", "-f", "$T/crs", "--", "-R"}
                                              << usage("Unexpected args: [-R]");
    // Not usage errors: no "See ..." line.
    QTest::newRow("Unexpected args only after the reference loads")
        << QStringList{"-r", "$T/nothere/metadata.yaml", "extra"}
        << QStringLiteral("error: \"Reference config file doesn't exist\"\n");
    QTest::newRow("reference is a directory")
        << QStringList{"-r", "$T/ref", "-f", "$T/crs"}
        << QStringLiteral("error: Reference config file not found. error: read ref: is a directory\n");
    // --review (Driftscope's) is read before anything else, so a broken file costs no wait.
    QTest::newRow("--review without -o html")
        << QStringList{"-r", "$T/ref/metadata.yaml", "-f", "$T/crs", "--review", "$T/review.yaml"}
        << usage("--review only applies to -o html (the other formats are kube-compare's)");
    QTest::newRow("--review file missing")
        << QStringList{"-r", "$T/ref/metadata.yaml", "-f", "$T/crs", "-o", "html", "--review", "$T/review.yaml"}
        << QStringLiteral("error: cannot read review file $T/review.yaml: No such file or directory\n");
    QTest::newRow("--review file is no review")
        << QStringList{"-r", "$T/ref/metadata.yaml", "-f", "$T/crs", "-o", "html", "--review", "$T/ref/metadata.yaml"}
        << QStringLiteral("error: review file $T/ref/metadata.yaml: not a Driftscope review (kind: DriftscopeReview is "
                          "missing)\n");
}

void tst_CompareCommand::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, stderr);
    const RunResult r = run(args);
    QCOMPARE(r.err, expand(stderr));
    QCOMPARE(r.code, 2);
    QCOMPARE(r.out, QString());
}

// ---------------------------------------------------------------------------

void tst_CompareCommand::version_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("alone") << QStringList{"--version"};
    // cobra handles --version before the command runs: other flags are not checked.
    QTest::newRow("with a missing reference") << QStringList{"--version", "-r", "$T/nothere.yaml"};
    QTest::newRow("=true") << QStringList{"--version=true"};
}

void tst_CompareCommand::version()
{
    QFETCH(QStringList, args);
    const RunResult r = run(args);
    QCOMPARE(r.code, 0);
    QCOMPARE(r.err, QString());
    // cobra's version template: "<name> version <version>\n" on stdout.
    static const QRegularExpression line(QStringLiteral("^\\S+ version (\\S+)[^\\n]*\\n$"));
    const QRegularExpressionMatch m = line.match(r.out);
    QVERIFY2(m.hasMatch(), qPrintable(r.out));
    QCOMPARE(m.captured(1), QStringLiteral(DRIFTSCOPE_VERSION_STRING));
}

void tst_CompareCommand::showTemplateFunctions_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("alone") << QStringList{"--show-template-functions"};
    // It is handled before the reference is even looked at.
    QTest::newRow("with a missing reference") << QStringList{"--show-template-functions", "-r", "$T/nothere.yaml"};
}

void tst_CompareCommand::showTemplateFunctions()
{
    QFETCH(QStringList, args);
    const RunResult r = run(args);
    QCOMPARE(r.code, 0);
    QCOMPARE(r.err, QString());
    // Spec a.8: heading, the ten custom functions with their help, then Sprig's names.
    const QString custom = QStringLiteral(
        "Available Template Functions\n"
        "============================\n"
        "doNotMatch:\n  Skip matching this target against the current CR\n"
        "fromJson:\n  Parse the incoming string as a structured JSON object\n"
        "fromJsonArray:\n  Parse the incoming string as a structured JSON array\n"
        "fromYaml:\n  Parse the incoming string as a structured YAML object\n"
        "fromYamlArray:\n  Parse the incoming string as a structured YAML array\n"
        "lookupCR:\n  Lookup an external CR and return exactly one matching object\n"
        "lookupCRs:\n  Lookup an external CR and return an array of matching objects\n"
        "toJson:\n  Render incoming data of any type as a JSON string\n"
        "toToml:\n  Render incoming data of any type as a TOML document string\n"
        "toYaml:\n  Render incoming data of any type as a YAML document string\n");
    QVERIFY2(r.out.startsWith(custom), qPrintable(r.out.left(custom.size() + 40)));
    const QString sprigHeading = QStringLiteral("Imported from https://masterminds.github.io/sprig/\n");
    const qsizetype at = r.out.indexOf(sprigHeading);
    QVERIFY(at > 0);
    const QStringList rest = r.out.mid(at + sprigHeading.size()).split(QLatin1Char('\n'));
    QVERIFY(rest.size() >= 2);
    QVERIFY(!rest[0].isEmpty() && rest[0] == QString(rest[0].size(), QLatin1Char('-')));
    const QStringList names = rest[1].split(QStringLiteral(", "));
    QCOMPARE(names.size(), 206);
    QStringList sorted = names;
    std::sort(sorted.begin(), sorted.end(), [](const QString &a, const QString &b) { return a.toUtf8() < b.toUtf8(); });
    QCOMPARE(names, sorted);
    for (const char *removed : {"env", "expandenv", "getHostByName"})
        QVERIFY2(!names.contains(QLatin1String(removed)), removed);
    for (const char *present : {"semverCompare", "regexReplaceAll", "b64enc", "dict", "uuidv4"})
        QVERIFY2(names.contains(QLatin1String(present)), present);
}

// ---------------------------------------------------------------------------
// Exit codes (spec a.3): 0 clean, 1 differences or validation issues, 2 errors.

void tst_CompareCommand::exitCodes_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QStringList>("stdoutContains");
    QTest::addColumn<QString>("stderr"); // exact; "*" = not checked

    const QStringList ref = {"-r", "$T/ref/metadata.yaml"};
    QTest::newRow("no differences") << ref + QStringList{"-f", "$T/crs"} << 0
                                    << QStringList{"Summary\nCRs with diffs: 0/2\nNo validation issues with the cluster\n"
                                                   "No CRs are unmatched to reference CRs\nMetadata Hash: "}
                                    << QString();
    QTest::newRow("no CR shown: only the summary") << ref + QStringList{"-f", "$T/crs"} << 0
                                                   << QStringList{"Summary\n"} << QString();
    // Exit 1 prints nothing on stderr.
    QTest::newRow("a difference") << ref + QStringList{"-f", "$T/drift"} << 1
                                  << QStringList{"Cluster CR: v1_ConfigMap_ns_b\nReference File: cm-b.yaml\nDiff Output: "
                                                 "diff -u -N ",
                                                 "-  key: value-b\n+  key: a&b<c>\n", "CRs with diffs: 1/2\n"}
                                  << QString();
    QTest::newRow("missing required template") << QStringList{"-r", "$T/refc/metadata.yaml", "-f", "$T/crs"} << 1
                                               << QStringList{"CRs with diffs: 0/2\nCRs in reference missing from the "
                                                              "cluster: 1\nPart:\n  Comp:\n    Missing CRs:\n    - "
                                                              "cm-c.yaml\n"}
                                               << QString();
    // Unmatched CRs never change the exit code; without -A they are not reported.
    QTest::newRow("unmatched CR without -A") << ref + QStringList{"-f", "$T/crs,$T/extra"} << 0
                                             << QStringList{"No CRs are unmatched to reference CRs\n"} << QString();
    QTest::newRow("unmatched CR with -A") << ref + QStringList{"-A", "-f", "$T/crs,$T/extra"} << 0
                                          << QStringList{"Cluster CRs unmatched to reference CRs: 1\n- v1_Secret_ns_s\n"}
                                          << QString();
    QTest::newRow("patched CR") << ref + QStringList{"-f", "$T/drift", "-p", "$T/p.yaml"} << 0
                                << QStringList{"Cluster CR: v1_ConfigMap_ns_b\nReference File: cm-b.yaml\nDiff Output: "
                                               "None\nPatched with $T/p.yaml\nPatch Reasons:\n- known drift\n",
                                               "CRs with diffs: 0/2\n", "Cluster CRs with patches applied: 1\n"}
                                << QString();
    QTest::newRow("json with differences") << ref + QStringList{"-o", "json", "-f", "$T/drift"} << 1
                                           << QStringList{"\"NumDiffCRs\":1"} << QString();
    QTest::newRow("generate-patches always 0")
        << ref + QStringList{"-o", "generate-patches", "--generate-override-for", "cm-b.yaml", "--override-reason", "r",
                             "-f", "$T/drift"}
        << 0 << QStringList{"- apiVersion: v1\n  kind: ConfigMap\n  name: b\n"} << QString();
    QTest::newRow("verbose clean run") << ref + QStringList{"-v", "-f", "$T/crs"} << 0
                                       << QStringList{"Diff Output: None\n"} << QStringLiteral("*");

    QTest::newRow("missing -f path") << ref + QStringList{"-f", "$T/nothere"} << 2 << QStringList()
                                     << QStringLiteral("error: failed to collect resources: the path \"$T/nothere\" does "
                                                       "not exist\n");
    QTest::newRow("reference missing") << QStringList{"-r", "$T/nothere/metadata.yaml", "-f", "$T/crs"} << 2
                                       << QStringList()
                                       << QStringLiteral("error: \"Reference config file doesn't exist\"\n");
    QTest::newRow("template does not parse") << QStringList{"-r", "$T/refbad/metadata.yaml", "-f", "$T/crs"} << 2
                                             << QStringList()
                                             << QStringLiteral("error: an error occurred while parsing template: "
                                                               "cm-a.yaml specified in the config. error: template: "
                                                               "cm-a.yaml:7: function \"required\" not defined\n");
    QTest::newRow("diff config missing") << ref + QStringList{"-c", "$T/nothere.yaml", "-f", "$T/crs"} << 2
                                         << QStringList()
                                         << "error: User Config File not found. error: open $T/nothere.yaml: no such "
                                            "file or directory\n";
    QTest::newRow("overrides missing") << ref + QStringList{"-p", "$T/nothere.yaml", "-f", "$T/crs"} << 2
                                       << QStringList()
                                       << QStringLiteral("error: failed to load user overrides: open $T/nothere.yaml: "
                                                         "no such file or directory\n");
    QTest::newRow("render failure") << QStringList{"-r", "$T/reffail/metadata.yaml", "-f", "$T/crs"} << 2
                                    << QStringList() << QStringLiteral("*");
}

void tst_CompareCommand::exitCodes()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QStringList, stdoutContains);
    QFETCH(QString, stderr);
    const RunResult r = run(args);
    QVERIFY2(r.code == exitCode, qPrintable(QStringLiteral("exit %1\n%2").arg(r.code).arg(r.err)));
    for (const QString &s : stdoutContains)
        QVERIFY2(r.out.contains(expand(s)), qPrintable(expand(s) + "\n--- in ---\n" + r.out));
    if (QTest::currentDataTag() == QLatin1String("no CR shown: only the summary"))
        QVERIFY2(r.out.startsWith(QStringLiteral("Summary\n")), qPrintable(r.out));
    if (stderr == QLatin1String("*"))
        return;
    // The diff config is read from filepath.Abs(path)[1:] (spec a.1; golden UserConfigDoesntExist).
    QString expected = expand(stderr);
    if (QTest::currentDataTag() == QLatin1String("diff config missing"))
        expected.replace(QStringLiteral("open /"), QStringLiteral("open "));
    QCOMPARE(r.err, expected);
    if (exitCode == 2)
        QCOMPARE(r.out, QString());
}

// ---------------------------------------------------------------------------
// --keep-going (Driftscope extension, docs/cli.md): kube-compare aborts on the
// first CR that fails to render; with the flag the other CRs are still compared.

void tst_CompareCommand::keepGoing_data()
{
    QTest::addColumn<QStringList>("extraArgs");
    QTest::addColumn<bool>("keepGoing");
    QTest::addColumn<QString>("format");

    QTest::newRow("without --keep-going") << QStringList() << false << "";
    QTest::newRow("--keep-going") << QStringList{"--keep-going"} << true << "";
    QTest::newRow("--keep-going=true -o json") << QStringList{"--keep-going=true", "-o", "json"} << true << "json";
    QTest::newRow("--keep-going=false") << QStringList{"--keep-going=false"} << false << "";
}

void tst_CompareCommand::keepGoing()
{
    QFETCH(QStringList, extraArgs);
    QFETCH(bool, keepGoing);
    QFETCH(QString, format);

    // Go text/template's error for `fail` on line 7, column 24 (0-based byte
    // offset of the call), wrapped as in spec c ("Render errors at compare time").
    const QString renderError = QStringLiteral(
        "template injection failed: failed to constuct template: template: cm-a.yaml:7:24: executing \"cm-a.yaml\" at "
        "<fail \"boom\">: error calling fail: boom");
    const RunResult r = run(QStringList{"-r", "$T/reffail/metadata.yaml", "-f", "$T/drift"} + extraArgs);
    QCOMPARE(r.code, 2);
    if (!keepGoing) {
        QCOMPARE(r.err, "error: error occurred while trying to process resources: " + renderError + "\n");
        QCOMPARE(r.out, QString());
        return;
    }
    QCOMPARE(r.err, "error: v1_ConfigMap_ns_a: " + renderError + "\n");
    if (format == QLatin1String("json")) {
        QJsonParseError e;
        const QJsonObject report = QJsonDocument::fromJson(r.out.toUtf8(), &e).object();
        QCOMPARE(e.error, QJsonParseError::NoError);
        const QJsonObject summary = report.value("Summary").toObject();
        QCOMPARE(summary.value("NumDiffCRs").toInt(), 1);
        QCOMPARE(summary.value("TotalCRs").toInt(), 1);
        QCOMPARE(summary.value("UnmatchedCRS").toArray(), QJsonArray()); // it matched a template, then failed
        const QJsonArray failures = report.value("Failures").toArray();
        QCOMPARE(failures.size(), 1);
        QCOMPARE(failures[0].toObject().value("CRName").toString(), QStringLiteral("v1_ConfigMap_ns_a"));
        QCOMPARE(failures[0].toObject().value("Templates").toArray(), QJsonArray{"cm-a.yaml"});
        QCOMPARE(failures[0].toObject().value("Error").toString(), renderError);
        QCOMPARE(report.value("Diffs").toArray().size(), 1);
        QVERIFY(diffEntry(report, "v1_ConfigMap_ns_b").value("DiffOutput").toString().contains("+  key: a&b<c>\n"));
        return;
    }
    // The healthy CR is compared and reported; the failed one is listed with its
    // error, and its template counts as missing (it matched nothing cleanly).
    QVERIFY2(r.out.contains("Cluster CR: v1_ConfigMap_ns_b\nReference File: cm-b.yaml\nDiff Output: diff -u -N "),
             qPrintable(r.out));
    QVERIFY(r.out.contains("-  key: value-b\n+  key: a&b<c>\n"));
    QVERIFY(r.out.contains("CRs in reference missing from the cluster: 1\nPart:\n  Comp:\n    "
                           "Missing CRs:\n    - cm-a.yaml\n"));
    QVERIFY2(r.out.contains("Cluster CR: v1_ConfigMap_ns_a\nReference File: cm-a.yaml\nComparison failed:\n  "
                            + renderError + "\n"),
             qPrintable(r.out));
    QVERIFY(r.out.contains("CRs with diffs: 1/1\nCRs that failed to compare: 1\n- v1_ConfigMap_ns_a\n"));
    QVERIFY(r.out.contains("No CRs are unmatched to reference CRs\n"));
}

// ---------------------------------------------------------------------------
// -o generate-patches, then -p with its output: every CR that differed is now
// patched and nothing differs (spec a.6 generate-patches, e.14).

void tst_CompareCommand::generatePatchesRoundTrip_data()
{
    QTest::addColumn<QStringList>("compareArgs");
    QTest::addColumn<int>("crsWithDiffs");

    QTest::newRow("small reference") << QStringList{"-r", "$T/ref/metadata.yaml", "-f", "$T/drift"} << 1;
    QTest::newRow("golden UserOverride case")
        << QStringList{"-r", goldenCase("UserOverride/reference/metadata.yaml"), "-f",
                       goldenCase("UserOverride/resources"), "-R"}
        << 2;
    QTest::newRow("golden SomeDiffs case") << QStringList{"-r", goldenCase("SomeDiffs/reference/metadata.yaml"), "-f",
                                                          goldenCase("SomeDiffs/resources"), "-R"}
                                           << 1;
    QTest::newRow("bench reference") << QStringList{"-r", benchPath("reference-core/metadata.yaml"), "-f",
                                                    benchPath("seed-core"), "-R"}
                                     << 1;
}

void tst_CompareCommand::generatePatchesRoundTrip()
{
    QFETCH(QStringList, compareArgs);
    QFETCH(int, crsWithDiffs);

    // 1. Which CRs differ, and from which templates.
    const RunResult before = run(compareArgs + QStringList{"-o", "json"});
    QCOMPARE(before.code, 1);
    const QJsonObject beforeReport = QJsonDocument::fromJson(before.out.toUtf8()).object();
    QStringList drifted, templates;
    for (const QJsonValue &d : beforeReport.value("Diffs").toArray()) {
        const QJsonObject o = d.toObject();
        if (o.value("DiffOutput").toString().isEmpty())
            continue;
        drifted << o.value("CRName").toString();
        if (!templates.contains(o.value("CorrelatedTemplate").toString()))
            templates << o.value("CorrelatedTemplate").toString();
    }
    QCOMPARE(drifted.size(), crsWithDiffs);
    QCOMPARE(beforeReport.value("Summary").toObject().value("NumDiffCRs").toInt(), crsWithDiffs);

    // 2. Generate overrides for those templates.
    const RunResult generated = run(compareArgs + QStringList{"-o", "generate-patches", "--generate-override-for",
                                                              templates.join(','), "--override-reason",
                                                              "accepted drift"});
    QCOMPARE(generated.code, 0);
    const compare::UserOverrides::LoadResult overrides = compare::UserOverrides::parse(generated.out.toStdString());
    QVERIFY2(overrides.ok(), overrides.error ? overrides.error->c_str() : "");
    QVERIFY(overrides.overrides->all().size() >= std::size_t(crsWithDiffs));
    for (const auto &o : overrides.overrides->all()) {
        QCOMPARE(QString::fromStdString(o.reason), QStringLiteral("accepted drift"));
        QCOMPARE(QString::fromStdString(o.type), QStringLiteral("mergepatch"));
        QVERIFY(templates.contains(QString::fromStdString(o.templatePath)));
        QVERIFY(!o.kind.empty());
    }
    const QString patchFile = m_dir->filePath("generated.yaml");
    {
        QFile f(patchFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(generated.out.toUtf8());
    }

    // 3. Compare again with them: no differences, every drifted CR patched.
    const RunResult after = run(compareArgs + QStringList{"-o", "json", "-p", patchFile});
    QVERIFY2(after.code == 0, qPrintable(after.err));
    const QJsonObject afterReport = QJsonDocument::fromJson(after.out.toUtf8()).object();
    const QJsonObject summary = afterReport.value("Summary").toObject();
    QCOMPARE(summary.value("NumDiffCRs").toInt(), 0);
    QCOMPARE(summary.value("TotalCRs").toInt(), beforeReport.value("Summary").toObject().value("TotalCRs").toInt());
    QVERIFY(summary.value("patchedCRs").toInt() >= crsWithDiffs);
    for (const QString &cr : drifted) {
        const QJsonObject d = diffEntry(afterReport, cr);
        QVERIFY2(!d.isEmpty(), qPrintable(cr));
        QCOMPARE(d.value("DiffOutput").toString(), QString());
        QCOMPARE(d.value("Patched").toString(), patchFile);
        QCOMPARE(d.value("OverrideReason").toArray(), QJsonArray{"accepted drift"});
    }

    // 4. The text report agrees, and a second generation keeps the loaded overrides first.
    const RunResult text = run(compareArgs + QStringList{"-p", patchFile});
    QCOMPARE(text.code, 0);
    QVERIFY(text.out.contains(QStringLiteral("CRs with diffs: 0/%1\n").arg(summary.value("TotalCRs").toInt())));
    const RunResult again = run(compareArgs + QStringList{"-p", patchFile, "-o", "generate-patches",
                                                          "--generate-override-for", templates.join(','),
                                                          "--override-reason", "accepted drift"});
    QCOMPARE(again.code, 0);
    QVERIFY(again.out.startsWith(generated.out));
}

// ---------------------------------------------------------------------------
// The published reference used for benchmarks ships an override for the
// ClusterVersion status, which kube-compare reports as a diff without it.

void tst_CompareCommand::benchReference_data()
{
    QTest::addColumn<QStringList>("extraArgs");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("summaryLine");

    QTest::newRow("with its overrides")
        << QStringList{"-p", benchPath("reference-core/comparison-overrides.yaml")} << 0 << "CRs with diffs: 0/75\n";
    QTest::newRow("without overrides") << QStringList() << 1 << "CRs with diffs: 1/75\n";
}

void tst_CompareCommand::benchReference()
{
    QFETCH(QStringList, extraArgs);
    QFETCH(int, exitCode);
    QFETCH(QString, summaryLine);
    const RunResult r = run(QStringList{"-r", benchPath("reference-core/metadata.yaml"), "-f", benchPath("seed-core"),
                                        "-R"}
                            + extraArgs);
    QVERIFY2(r.code == exitCode, qPrintable(r.err));
    QVERIFY2(r.out.contains("\nSummary\n" + summaryLine), qPrintable(r.out.right(600)));
    QVERIFY(r.out.contains("No validation issues with the cluster\n"));
}

// ---------------------------------------------------------------------------
// -o json (spec a.6): Go json.Marshal of kube-compare's structs.

void tst_CompareCommand::jsonOutput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");

    QTest::newRow("diff, missing template, unmatched")
        << QStringList{"-r", "$T/refc/metadata.yaml", "-f", "$T/drift,$T/extra", "-A"} << 1;
    QTest::newRow("clean, patched") << QStringList{"-r", "$T/ref/metadata.yaml", "-f", "$T/drift", "-p", "$T/p.yaml"}
                                    << 0;
}

void tst_CompareCommand::jsonOutput()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    const RunResult r = run(args + QStringList{"-o", "json"});
    QCOMPARE(r.code, exitCode);
    QCOMPARE(r.err, QString());

    // Compact, one line, newline-terminated, HTML-escaped.
    QVERIFY(r.out.endsWith('\n'));
    QCOMPARE(r.out.count('\n'), 1);
    QVERIFY2(!r.out.contains('&') && !r.out.contains('<') && !r.out.contains('>'), qPrintable(r.out));
    QJsonParseError error;
    const QJsonObject report = QJsonDocument::fromJson(r.out.toUtf8(), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);

    // Field names and struct order; Warnings omitted when empty.
    QCOMPARE(report.keys().size(), 2);
    QCOMPARE(keysInTextOrder(r.out, {"Diffs", "Summary", "Warnings"}), (QStringList{"Summary", "Diffs"}));
    const QJsonObject s = report.value("Summary").toObject();
    const QString summaryText = r.out.left(r.out.indexOf(QStringLiteral("\"Diffs\":")));
    QCOMPARE(keysInTextOrder(summaryText, {"MetadataHash", "NumDiffCRs", "NumMissing", "TotalCRs", "UnmatchedCRS",
                                           "ValidationIssuses", "matchedByReferenceOnly", "patchedCRs"}),
             (QStringList{"ValidationIssuses", "NumMissing", "UnmatchedCRS", "NumDiffCRs", "TotalCRs", "MetadataHash",
                          "patchedCRs"}));
    QVERIFY(QRegularExpression(QStringLiteral("^[0-9a-f]{64}$")).match(s.value("MetadataHash").toString()).hasMatch());
    QVERIFY(s.value("UnmatchedCRS").isArray());
    QCOMPARE(s.value("TotalCRs").toInt(), 2);

    const QJsonArray diffs = report.value("Diffs").toArray();
    QCOMPARE(diffs.size(), 2); // every compared CR, in processing order
    QCOMPARE(diffs[0].toObject().value("CRName").toString(), QStringLiteral("v1_ConfigMap_ns_a"));
    QCOMPARE(diffs[1].toObject().value("CRName").toString(), QStringLiteral("v1_ConfigMap_ns_b"));
    const QJsonObject a = diffs[0].toObject();
    QCOMPARE(a.value("DiffOutput").toString(), QString());
    QCOMPARE(a.value("CorrelatedTemplate").toString(), QStringLiteral("cm-a.yaml"));
    QVERIFY(!a.contains("Patched") && !a.contains("OverrideReason") && !a.contains("description"));
    const QJsonObject b = diffs[1].toObject();
    const QString aName = QStringLiteral("\"CRName\":\"v1_ConfigMap_ns_a\"");
    const QString bText = r.out.mid(r.out.indexOf(aName) + aName.size()); // from the end of a's entry

    if (exitCode == 1) {
        QCOMPARE(s.value("ValidationIssuses").toObject(),
                 (QJsonObject{{"Part", QJsonObject{{"Comp", QJsonObject{{"Msg", "Missing CRs"},
                                                                         {"CRs", QJsonArray{"cm-c.yaml"}}}}}}}));
        QCOMPARE(s.value("NumMissing").toInt(), 1);
        QCOMPARE(s.value("UnmatchedCRS").toArray(), QJsonArray{"v1_Secret_ns_s"});
        QCOMPARE(s.value("NumDiffCRs").toInt(), 1);
        QCOMPARE(s.value("patchedCRs").toInt(), 0);
        QVERIFY(b.value("DiffOutput").toString().contains("-  key: value-b\n+  key: a&b<c>\n"));
        QVERIFY(r.out.contains("+  key: a\\u0026b\\u003cc\\u003e\\n"));
        QCOMPARE(keysInTextOrder(bText, {"CRName", "CorrelatedTemplate", "DiffOutput"}),
                 (QStringList{"DiffOutput", "CorrelatedTemplate", "CRName"}));
        QVERIFY(!b.contains("Patched"));
    } else {
        QCOMPARE(s.value("ValidationIssuses").toObject(), QJsonObject());
        QVERIFY(r.out.contains("\"ValidationIssuses\":{}"));
        QCOMPARE(s.value("UnmatchedCRS").toArray(), QJsonArray());
        QVERIFY(r.out.contains("\"UnmatchedCRS\":[]"));
        QCOMPARE(s.value("NumDiffCRs").toInt(), 0);
        QCOMPARE(s.value("patchedCRs").toInt(), 1);
        QCOMPARE(b.value("DiffOutput").toString(), QString());
        QCOMPARE(b.value("Patched").toString(), expand("$T/p.yaml"));
        QCOMPARE(b.value("OverrideReason").toArray(), QJsonArray{"known drift"});
        QCOMPARE(keysInTextOrder(bText, {"CRName", "CorrelatedTemplate", "DiffOutput", "OverrideReason", "Patched"}),
                 (QStringList{"DiffOutput", "CorrelatedTemplate", "CRName", "Patched", "OverrideReason"}));
    }
}

// ---------------------------------------------------------------------------
// -o junit (spec a.6): testsuites / three testsuites / testcases with failure or skipped.

namespace {

struct JunitCase
{
    QString classname, name;
    QString failureMessage, failureType, failureText;
    bool hasFailure = false;
    QString skippedMessage;
    bool hasSkipped = false;
};

struct JunitSuite
{
    QXmlStreamAttributes attributes;
    QStringList properties; // name=value
    QList<JunitCase> cases;
};

struct JunitReport
{
    QXmlStreamAttributes attributes;
    QList<JunitSuite> suites;
    QString error;
};

JunitReport parseJunit(const QString &xml)
{
    JunitReport report;
    QXmlStreamReader x(xml);
    while (!x.atEnd()) {
        if (x.readNext() != QXmlStreamReader::StartElement)
            continue;
        const auto n = x.name();
        if (n == QLatin1String("testsuites")) {
            report.attributes = x.attributes();
        } else if (n == QLatin1String("testsuite")) {
            report.suites.append(JunitSuite{x.attributes(), {}, {}});
        } else if (n == QLatin1String("property") && !report.suites.isEmpty() && report.suites.last().cases.isEmpty()) {
            report.suites.last().properties << x.attributes().value("name").toString() + "="
                    + x.attributes().value("value").toString();
        } else if (n == QLatin1String("testcase") && !report.suites.isEmpty()) {
            JunitCase c;
            c.classname = x.attributes().value("classname").toString();
            c.name = x.attributes().value("name").toString();
            report.suites.last().cases.append(c);
        } else if (n == QLatin1String("failure") && !report.suites.isEmpty()) {
            JunitCase &c = report.suites.last().cases.last();
            c.hasFailure = true;
            c.failureMessage = x.attributes().value("message").toString();
            c.failureType = x.attributes().value("type").toString();
            c.failureText = x.readElementText();
        } else if (n == QLatin1String("skipped") && !report.suites.isEmpty()) {
            JunitCase &c = report.suites.last().cases.last();
            c.hasSkipped = true;
            c.skippedMessage = x.attributes().value("message").toString();
        }
    }
    if (x.hasError())
        report.error = x.errorString();
    return report;
}

QString attr(const QXmlStreamAttributes &a, const char *name)
{
    return a.value(QLatin1String(name)).toString();
}

} // namespace

void tst_CompareCommand::junitOutput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");

    QTest::newRow("diff, missing template, unmatched")
        << QStringList{"-r", "$T/refc/metadata.yaml", "-f", "$T/drift,$T/extra", "-A"} << 1;
    QTest::newRow("clean, patched") << QStringList{"-r", "$T/ref/metadata.yaml", "-f", "$T/drift", "-p", "$T/p.yaml"}
                                    << 0;
}

void tst_CompareCommand::junitOutput()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    const RunResult r = run(args + QStringList{"-o", "junit"});
    QCOMPARE(r.code, exitCode);
    QCOMPARE(r.err, QString());
    QVERIFY(r.out.startsWith(QStringLiteral("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites ")));
    QVERIFY(r.out.endsWith(QStringLiteral("</testsuites>\n")));
    // Attribute order of encoding/xml (struct order); testsuite has timestamp after name.
    QVERIFY(r.out.contains(QRegularExpression(QStringLiteral(
        "<testsuites name=\"Comparison results of known valid reference configuration and a set of specific cluster "
        "CRs\" tests=\"\\d+\" failures=\"\\d+\" errors=\"0\" skipped=\"\\d+\" time=\"0\">"))));
    static const QRegularExpression suiteTag(QStringLiteral(
        "<testsuite tests=\"\\d+\" failures=\"\\d+\" skipped=\"\\d+\" time=\"0\" name=\"[^\"]+\" "
        "timestamp=\"\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(Z|[+-]\\d\\d:\\d\\d)\">"));
    QCOMPARE(r.out.count(suiteTag), 3);
    QCOMPARE(r.out.count(QStringLiteral("<testcase ")), r.out.count(QStringLiteral("<properties></properties>")));

    const JunitReport j = parseJunit(r.out);
    QCOMPARE(j.error, QString());
    QCOMPARE(j.suites.size(), 3);
    QCOMPARE(attr(j.suites[0].attributes, "name"),
             QStringLiteral("Detected Differences Between Cluster CRs and Expected CRs"));
    QCOMPARE(attr(j.suites[1].attributes, "name"), QStringLiteral("Reference validation"));
    QCOMPARE(attr(j.suites[2].attributes, "name"), QStringLiteral("Unmatched Cluster Resources"));
    int tests = 0, failures = 0, skipped = 0;
    for (const JunitSuite &suite : j.suites) {
        QCOMPARE(suite.properties.size(), 2);
        QVERIFY(suite.properties[0].startsWith(QStringLiteral("MetadataHash=")));
        QCOMPARE(suite.properties[1], QStringLiteral("TotalCRs=2"));
        int f = 0, sk = 0;
        for (const JunitCase &c : suite.cases) {
            f += c.hasFailure;
            sk += !c.hasFailure && c.hasSkipped;
        }
        QCOMPARE(attr(suite.attributes, "tests").toInt(), suite.cases.size());
        QCOMPARE(attr(suite.attributes, "failures").toInt(), f);
        QCOMPARE(attr(suite.attributes, "skipped").toInt(), sk);
        tests += suite.cases.size();
        failures += f;
        skipped += sk;
    }
    QCOMPARE(attr(j.attributes, "tests").toInt(), tests);
    QCOMPARE(attr(j.attributes, "failures").toInt(), failures);
    QCOMPARE(attr(j.attributes, "skipped").toInt(), skipped);

    // Suite 1: one testcase per compared CR, in processing order.
    const QList<JunitCase> &crs = j.suites[0].cases;
    QCOMPARE(crs.size(), 2);
    QCOMPARE(crs[0].classname, QStringLiteral("Matching Reference CR: cm-a.yaml"));
    QCOMPARE(crs[0].name, QStringLiteral("CR: v1_ConfigMap_ns_a"));
    QVERIFY(!crs[0].hasFailure && !crs[0].hasSkipped);
    QCOMPARE(crs[1].classname, QStringLiteral("Matching Reference CR: cm-b.yaml"));
    QCOMPARE(crs[1].name, QStringLiteral("CR: v1_ConfigMap_ns_b"));
    const QList<JunitCase> &validation = j.suites[1].cases;
    const QList<JunitCase> &unmatched = j.suites[2].cases;
    QCOMPARE(validation.size(), 1);
    QCOMPARE(unmatched.size(), 1);

    if (exitCode == 1) {
        QVERIFY(crs[1].hasFailure);
        QCOMPARE(crs[1].failureMessage,
                 QStringLiteral("Differences found in CR: v1_ConfigMap_ns_b, Compared To Reference CR: cm-b.yaml"));
        QCOMPARE(crs[1].failureType, QStringLiteral("Difference"));
        QVERIFY(crs[1].failureText.startsWith(QStringLiteral("diff -u -N ")));
        QVERIFY(crs[1].failureText.contains(QStringLiteral("+  key: a&b<c>\n")));
        QVERIFY(r.out.contains(QStringLiteral("+  key: a&amp;b&lt;c&gt;&#xA;")));
        QCOMPARE(validation[0].classname, QStringLiteral("Part:Part Component: Comp"));
        QCOMPARE(validation[0].name, QStringLiteral("Reference validation failure"));
        QCOMPARE(validation[0].failureMessage, QStringLiteral("Missing CRs: cm-c.yaml"));
        QCOMPARE(validation[0].failureType, QStringLiteral("Validation Issue"));
        QCOMPARE(unmatched[0].classname, QString());
        QCOMPARE(unmatched[0].name, QStringLiteral("v1_Secret_ns_s"));
        QCOMPARE(unmatched[0].failureMessage, QStringLiteral("Cluster resource 'v1_Secret_ns_s' is unmatched."));
        QCOMPARE(unmatched[0].failureType, QStringLiteral("Unmatched CR"));
        QCOMPARE(failures, 3);
    } else {
        QVERIFY(!crs[1].hasFailure);
        QVERIFY(crs[1].hasSkipped);
        QCOMPARE(crs[1].skippedMessage, expand("Patched with $T/p.yaml; Reasons given: known drift"));
        QCOMPARE(validation[0].classname, QString());
        QCOMPARE(validation[0].name,
                 QStringLiteral("No reference validation issues: All expected CRs exist in the cluster"));
        QVERIFY(!validation[0].hasFailure);
        QCOMPARE(unmatched[0].classname, QString());
        QCOMPARE(unmatched[0].name, QStringLiteral("All Cluster CRs are matched to reference CRs "));
        QVERIFY(!unmatched[0].hasFailure);
        QCOMPARE(failures, 0);
        QCOMPARE(skipped, 1);
    }
}

// --sample: the bundled comparison shows what resources/sample/README.md says.
void tst_CompareCommand::sampleShowsItsChanges()
{
    const RunResult r = run({"--sample", "-A", "-o", "json"});
    QCOMPARE(r.code, 1);
    const QJsonObject report = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonObject summary = report.value("Summary").toObject();
    QCOMPARE(summary.value("NumDiffCRs").toInt(), 2);
    QCOMPARE(summary.value("patchedCRs").toInt(), 1);
    QVERIFY(r.out.contains("required/networking/metallb/bgp-peer.yaml"));
    QVERIFY(summary.value("UnmatchedCRS").toArray().contains(QJsonValue("v1_ConfigMap_openshift-monitoring_team-dashboards")));
    QStringList drifted;
    for (const QJsonValue &d : report.value("Diffs").toArray())
        if (!d.toObject().value("DiffOutput").toString().isEmpty())
            drifted << d.toObject().value("CorrelatedTemplate").toString();
    drifted.sort();
    QCOMPARE(drifted, (QStringList{"optional/other/kdump-worker.yaml", "required/networking/sriov/SriovOperatorConfig.yaml"}));
    QVERIFY(r.out.contains("Verbose operator logs while CHG-7 is investigated"));
    // Flags given after --sample still apply: two changed fields left (one accepted).
    QCOMPARE(run({"--sample", "-o", "fields"}).out.count(QLatin1Char('\n')), 2);
}

QTEST_GUILESS_MAIN(tst_CompareCommand)
#include "tst_comparecommand.moc"
