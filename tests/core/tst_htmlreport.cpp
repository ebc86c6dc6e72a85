// SPDX-License-Identifier: Apache-2.0
// The HTML report (-o html): golden files of its structure for conformance
// cases, escaping of hostile input everywhere the input reaches the page, the
// escaping function itself, the YAML classifier behind the syntax colours and
// the folding of unchanged diff rows.
//
// Goldens: tests/data/html/golden/<name>.html, with the inline CSS/JS, the CSP
// hash, dates, the version and the test data directory normalised away.
// Refresh them with tests/data/html/update-goldens.sh.
#include "DriftscopeVersion.h"
#include "cli/CliRunner.h"
#include "diff/SideBySideDiff.h"
#include "report/HtmlDiffTable.h"
#include "report/HtmlEscape.h"
#include "report/HtmlReportWriter.h"
#include "report/YamlLineClassifier.h"
#include "text/Utf8.h"
#include "yaml/YamlWriter.h"

#include "TestData.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <cstdint>
#include <sstream>

using namespace ds;

namespace {

QString normalised(QString html)
{
    const QString dataDir = QDir(test::dataPath(QString())).absolutePath();
    html.replace(dataDir, QStringLiteral("@DATA@"));
    html.replace(QStringLiteral("Driftscope " DRIFTSCOPE_VERSION_STRING), QStringLiteral("Driftscope @VERSION@"));
    html.replace(QRegularExpression(QStringLiteral("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC")),
                 QStringLiteral("@DATE@"));
    html.replace(QRegularExpression(QStringLiteral("'sha256-[A-Za-z0-9+/=]+'")), QStringLiteral("'sha256-@HASH@'"));
    const auto options = QRegularExpression::DotMatchesEverythingOption;
    html.replace(QRegularExpression(QStringLiteral("<style>.*</style>"), options),
                 QStringLiteral("<style>@STYLE@</style>"));
    html.replace(QRegularExpression(QStringLiteral("<script>.*</script>"), options),
                 QStringLiteral("<script>@SCRIPT@</script>"));
    return html;
}

struct CliRun
{
    int code = -1;
    std::string out;
    std::string err;
};

CliRun runCli(const QStringList &args)
{
    std::vector<std::string> argv{"driftscope-cli"};
    for (const QString &a : args)
        argv.push_back(a.toStdString());
    std::ostringstream out, err;
    CliRun r;
    r.code = cli::run(argv, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

// The tag skeleton of a page: every tag name with its attribute names, in
// order, skipping the raw text of <style> and <script>. Input that escaped
// its context would add or change tags or attributes here. The tags that
// the content legitimately changes (syntax spans, marks, diff rows) are left out.
QStringList skeleton(const std::string &html)
{
    static const QSet<QString> ignored{"span", "/span", "mark", "/mark", "tr", "th", "td", "tbody", "/td"};
    static const QRegularExpression tag(QStringLiteral("<(/?[A-Za-z][A-Za-z0-9-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>"));
    static const QRegularExpression attrName(QStringLiteral("([A-Za-z-]+)(?:=(?:\"[^\"]*\"|'[^']*'|[^\\s>]+))?"));
    const QString text = QString::fromUtf8(html.data(), static_cast<qsizetype>(html.size()));
    QStringList out;
    qsizetype pos = 0;
    while (true) {
        const auto m = tag.match(text, pos);
        if (!m.hasMatch())
            break;
        const QString name = m.captured(1).toLower();
        pos = m.capturedEnd();
        if (name == QLatin1String("style") || name == QLatin1String("script")) {
            pos = text.indexOf(QStringLiteral("</") + name, pos, Qt::CaseInsensitive);
            if (pos < 0) // unterminated raw text: the skeleton ends there (and differs)
                break;
        }
        if (ignored.contains(name))
            continue;
        QStringList attrs;
        auto it = attrName.globalMatch(m.captured(2));
        while (it.hasNext())
            attrs << it.next().captured(1).toLower();
        out << name + QLatin1Char(' ') + attrs.join(QLatin1Char(' '));
    }
    return out;
}

// A reference and a report in which every string the page shows is payload.
struct HostileFixture
{
    ref::Reference reference;
    report::ComparisonReport report;
};

HostileFixture hostileFixture(const std::string &p)
{
    HostileFixture f;
    ref::Reference &r = f.reference;
    r.version = 2;
    r.directory = "/refs/" + p;
    r.metadataFile = "/refs/" + p + "/metadata.yaml";
    r.warnings = {"reference warning " + p};
    ref::Component comp{"component " + p, "component description " + p, "", ref::ComponentRule::AllOf, {0, 1, 2}, {}};
    r.parts.push_back(ref::Part{"part " + p, "part description " + p, {comp}});
    for (const std::string name : {"drift", "missing", "failing"}) {
        ref::ReferenceTemplate t;
        t.path = name + "-" + p + ".yaml";
        t.description = "template description " + p;
        r.templates.push_back(t);
    }
    report::ComparisonReport &rep = f.report;
    rep.summary.metadataHash = "hash " + p;
    rep.summary.totalCRs = 2;
    rep.summary.numDiffCRs = 1;
    rep.summary.numMissing = 1;
    rep.summary.patchedCRs = 1;
    rep.summary.unmatchedCRs = {"unmatched " + p};
    rep.summary.matchedByReferenceOnly = {"byref " + p};
    rep.summary.validationIssues["part " + p]["component " + p] =
        report::ValidationIssue{"Missing CRs " + p, {r.templates[1].path}, {{r.templates[1].path, "why " + p}}};
    report::CrResult d;
    d.crName = "v1_ConfigMap_ns_" + p;
    d.correlatedTemplate = r.templates[0].path;
    d.templateIndex = 0;
    d.description = "cr description " + p;
    d.patched = "overrides " + p;
    d.overrideReasons = {"reason " + p};
    d.source = "source " + p;
    d.manualCorrelation = true;
    d.correlation.kind = report::CorrelationReason::Kind::Manual;
    d.correlation.diffConfig = "diff config " + p;
    d.hidden = {{report::HiddenField::Reason::Omitted, {PathSegment{"path " + p, {}, {}}}, "rule " + p, "value " + p, false},
                {report::HiddenField::Reason::InlineFunction, {PathSegment{"inline " + p, {}, {}}}, "regex", "value " + p,
                 true}};
    // As the engine writes them: canonical YAML of a value holding the payload,
    // so the changed fields are found whatever the payload is.
    const auto side = [&p](std::int64_t a, const std::string &key) {
        ValueMap m;
        m.emplace("a", Value::fromInt64(a));
        m.emplace("key", Value(key));
        m.emplace("z", Value(p));
        const yaml::WriteResult w = yaml::writeCanonical(Value(std::move(m)));
        if (w.ok())
            return w.text;
        // Characters YAML cannot hold (the engine fails such a CR): the same
        // shape without them, the payload shows everywhere else.
        return "a: " + std::to_string(a) + "\nkey: " + (key == p ? "x" : "x changed") + "\nz: x\n";
    };
    d.referenceYaml = side(1, p);
    d.clusterYaml = side(2, p + " changed");
    d.diffOutput = "@@ -1 +1 @@\n-a: 1\n+a: 2\n";
    d.score = 1;
    rep.diffs.push_back(d);
    rep.failures.push_back({"v1_Secret_ns_" + p, "source " + p, {r.templates[2].path}, "render error " + p});
    rep.skippedByDoNotMatch = {"skipped " + p};
    rep.unmatchedAll = {"unmatched " + p};
    rep.matchCounts[r.templates[0].path] = 1;
    rep.warnings = {"warning " + p};
    rep.inputDescription = "input " + p;
    return f;
}

std::string hostileHtml(const std::string &payload)
{
    const HostileFixture f = hostileFixture(payload);
    report::HtmlOptions options;
    options.title = "title " + payload;
    options.generatedAt = "date " + payload;
    options.version = "version " + payload;
    options.manualCorrelations = {{"v1_Secret_ns_" + payload, f.reference.templates[2].path}};
    options.contextLines = -1; // payloads with newlines would otherwise add fold bars
    return report::writeHtml(f.report, f.reference, options);
}

// A byte string literal with embedded NULs.
template <std::size_t N>
QByteArray raw(const char (&s)[N])
{
    return QByteArray(s, static_cast<qsizetype>(N - 1));
}

QString tokensText(const QString &line, report::YamlLineClassifier &classifier)
{
    static const char *names[] = {"key", "string", "number", "literal", "property", "comment", "punct", "indicator",
                                  "marker"};
    QStringList out;
    for (const report::YamlToken &t : classifier.classify(line))
        out << QStringLiteral("%1:%2").arg(QLatin1String(names[static_cast<int>(t.kind)]), line.mid(t.start, t.length));
    return out.join(QLatin1Char(' '));
}

} // namespace

class tst_HtmlReport : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void goldens_data();
    void goldens();

    void escaping_data();
    void escaping();

    void escapeFunction_data();
    void escapeFunction();

    void yamlClassifier_data();
    void yamlClassifier();

    void foldsUnchangedRuns();
    void noFoldsWithoutContext();
    void templateStatesShown();
    void selfContained();
    void cliHelpMentionsHtml();
};

void tst_HtmlReport::initTestCase()
{
    qputenv("SOURCE_DATE_EPOCH", "0");
}

// ---------------------------------------------------------------------------
// Golden files: the page structure for conformance cases (v1 and v2) and the demo fixture.

void tst_HtmlReport::goldens_data()
{
    QTest::addColumn<QString>("golden");
    QTest::addColumn<QStringList>("args");
    const QString cases = test::dataPath(QStringLiteral("shared/conformance/cases/"));
    const QString demo = test::dataPath(QStringLiteral("html/demo/"));
    QTest::newRow("SomeDiffs (v1)") << "SomeDiffs.html"
                                    << QStringList{"-r", cases + "SomeDiffs/reference/metadata.yaml", "-f",
                                                   cases + "SomeDiffs/resources", "-R"};
    QTest::newRow("ReferenceV2OnlyOne allOf (v2)")
        << "ReferenceV2OnlyOne-allOf.html"
        << QStringList{"-r", cases + "ReferenceV2OnlyOne/reference/metadata-all-of.yaml", "-f",
                       cases + "ReferenceV2OnlyOne/resources", "-R"};
    QTest::newRow("demo (every state)")
        << "demo.html"
        << QStringList{"-A", "-r", demo + "platform-reference/metadata.yaml", "-f", demo + "resources", "-R", "-c",
                       demo + "diff-config.yaml", "-p", demo + "overrides.yaml"};
    QTest::newRow("demo with a review (reasons, fixes, notes, an outdated mark)")
        << "demo-review.html"
        << QStringList{"-A", "-r", demo + "platform-reference/metadata.yaml", "-f", demo + "resources", "-R", "-c",
                       demo + "diff-config.yaml", "-p", demo + "overrides.yaml", "--review", demo + "review.yaml"};
}

void tst_HtmlReport::goldens()
{
    QFETCH(QString, golden);
    QFETCH(QStringList, args);
    const CliRun run = runCli(args + QStringList{"-o", "html"});
    QVERIFY2(run.code == 0 || run.code == 1 || run.code == 2, run.err.c_str());
    const QString actual = normalised(QString::fromStdString(run.out));
    const QString path = test::dataPath(QStringLiteral("html/golden/") + golden);
    if (qEnvironmentVariableIsSet("DRIFTSCOPE_UPDATE_GOLDENS")) {
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(actual.toUtf8());
        qInfo("updated %s", qPrintable(path));
        return;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        QFAIL(qPrintable(QStringLiteral("no golden file %1; create it with tests/data/html/update-goldens.sh").arg(path)));
    const QString expected = QString::fromUtf8(file.readAll());
    if (actual != expected) {
        const QStringList a = actual.split(QLatin1Char('\n')), e = expected.split(QLatin1Char('\n'));
        for (qsizetype i = 0; i < std::max(a.size(), e.size()); ++i)
            if (a.value(i) != e.value(i)) {
                qWarning("first difference at line %lld:\n  expected: %s\n  actual:   %s", static_cast<long long>(i + 1),
                         qPrintable(e.value(i)), qPrintable(a.value(i)));
                break;
            }
        QFAIL("HTML differs from the golden file; run tests/data/html/update-goldens.sh if the change is intended");
    }
}

// ---------------------------------------------------------------------------
// Hostile input: each payload goes into every string of the report at once.

void tst_HtmlReport::escaping_data()
{
    QTest::addColumn<QByteArray>("payload");
    QTest::addColumn<QStringList>("mustContain"); // escaped forms that must appear

    QTest::newRow("script") << QByteArray("</script><script>document.title='pwned'</script>")
                            << QStringList{"&lt;/script&gt;&lt;script&gt;document.title=&#39;pwned&#39;"};
    QTest::newRow("pre and table") << QByteArray("</pre></code></td></tr></table></details></section><pre>")
                                   << QStringList{"&lt;/pre&gt;&lt;/code&gt;"};
    QTest::newRow("attribute break") << QByteArray("\"><img src=x onerror=alert(1)><a href=\"")
                                     << QStringList{"&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"};
    QTest::newRow("quotes") << QByteArray("\" onmouseover=\"alert(1)\" x='y' `z`")
                            << QStringList{"&quot; onmouseover=&quot;alert(1)&quot; x=&#39;y&#39; `z`"};
    QTest::newRow("style") << QByteArray("</style><style>body{display:none}</style>")
                           << QStringList{"&lt;/style&gt;&lt;style&gt;"};
    QTest::newRow("comment and doctype") << QByteArray("<!-- --> <![CDATA[x]]> <!DOCTYPE html> <?php ?>")
                                         << QStringList{"&lt;!-- --&gt; &lt;![CDATA[x]]&gt;"};
    QTest::newRow("entities stay text") << QByteArray("&amp; &lt; &#60; &#x3C;")
                                        << QStringList{"&amp;amp; &amp;lt; &amp;#60; &amp;#x3C;"};
    QTest::newRow("line separators") << QByteArray("a\xE2\x80\xA8" "b\xE2\x80\xA9" "c")
                                     << QStringList{"a&#x2028;b&#x2029;c"};
    QTest::newRow("C0 and C1 controls") << raw("nul\0 bel\a esc\x1b del\x7f c1\xC2\x85 cr\r")
                                        << QStringList{"nul<span class=cc>\\u0000</span>", "\\u0007", "\\u001B",
                                                       "\\u007F", "\\u0085", "\\u000D"};
    QTest::newRow("bidi overrides") << QByteArray("abc\xE2\x80\xAE" "fed\xE2\x81\xA6x\xE2\x81\xA9\xE2\x80\x8F")
                                    << QStringList{"abc<span class=cc>\\u202E</span>fed", "\\u2066", "\\u2069",
                                                   "\\u200F"};
    QTest::newRow("BOM and noncharacters") << QByteArray("\xEF\xBB\xBF" "bom \xEF\xBF\xBE \xEF\xBF\xBF")
                                           << QStringList{"\\uFEFF", "\\uFFFE", "\\uFFFF"};
    QTest::newRow("invalid UTF-8") << QByteArray("bad \xFF\xFE overlong \xC0\xAF surrogate \xED\xA0\x80 cut \xE2\x82")
                                   << QStringList{"bad \xEF\xBF\xBD\xEF\xBF\xBD overlong"};
    QTest::newRow("newlines") << QByteArray("line1\nline2\n</pre>\n\n") << QStringList{"line1\nline2\n&lt;/pre&gt;"};
    QTest::newRow("astral characters pass") << QByteArray("emoji \xF0\x9F\x98\x80 math \xF0\x9D\x94\x98")
                                            << QStringList{"emoji \xF0\x9F\x98\x80 math \xF0\x9D\x94\x98"};
    QTest::newRow("yaml-looking markup") << QByteArray("\"<b>bold</b>\" # <i>c</i> {a: [1, '<x>']}")
                                         << QStringList{"&lt;b&gt;bold&lt;/b&gt;"};
}

void tst_HtmlReport::escaping()
{
    QFETCH(QByteArray, payload);
    QFETCH(QStringList, mustContain);
    const std::string html = hostileHtml(payload.toStdString());
    const std::string baseline = hostileHtml("plain");

    QVERIFY2(utf8::isValid(html), "the page must be valid UTF-8");
    for (std::size_t i = 0; i < html.size();) {
        int width = 1;
        const char32_t c = utf8::decodeRune(html, i, width);
        if (report::isHiddenCharacter(c) || c == 0x2028 || c == 0x2029)
            QFAIL(qPrintable(QStringLiteral("raw U+%1 at byte %2").arg(static_cast<uint>(c), 4, 16, QLatin1Char('0')).arg(i)));
        i += static_cast<std::size_t>(width);
    }
    const QStringList actual = skeleton(html), expected = skeleton(baseline);
    QCOMPARE(actual, expected);
    for (const QString &s : mustContain)
        QVERIFY2(html.find(s.toStdString()) != std::string::npos, qPrintable(QStringLiteral("missing: ") + s));
    // The title element holds text only: nothing may become markup there.
    const auto title = html.substr(html.find("<title>"), html.find("</title>") - html.find("<title>"));
    QVERIFY(title.find('<', 1) == std::string::npos);
}

void tst_HtmlReport::escapeFunction_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<bool>("attribute");
    QTest::addColumn<QByteArray>("expected");

    QTest::newRow("ascii") << QByteArray("a-z 0-9 {}[]") << false << QByteArray("a-z 0-9 {}[]");
    QTest::newRow("markup") << QByteArray("<a href=\"x\">'&'</a>") << false
                            << QByteArray("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    QTest::newRow("tab and newline kept") << QByteArray("a\tb\nc") << false << QByteArray("a\tb\nc");
    QTest::newRow("control in text") << QByteArray("a\x01") << false << QByteArray("a<span class=cc>\\u0001</span>");
    QTest::newRow("control in attribute") << QByteArray("a\x01") << true << QByteArray("a\\u0001");
    QTest::newRow("nul") << raw("\0") << true << QByteArray("\\u0000");
    QTest::newRow("U+2028") << QByteArray("\xE2\x80\xA8") << true << QByteArray("&#x2028;");
    QTest::newRow("invalid byte") << QByteArray("\x80") << false << QByteArray("\xEF\xBF\xBD");
    QTest::newRow("truncated sequence") << QByteArray("\xE2\x82") << false << QByteArray("\xEF\xBF\xBD\xEF\xBF\xBD");
    QTest::newRow("U+FFFD itself") << QByteArray("\xEF\xBF\xBD") << false << QByteArray("\xEF\xBF\xBD");
    QTest::newRow("non-ASCII text") << QByteArray("gr\xC3\xBC\xC3\x9F") << false << QByteArray("gr\xC3\xBC\xC3\x9F");
    QTest::newRow("RLO") << QByteArray("\xE2\x80\xAE") << true << QByteArray("\\u202E");
}

void tst_HtmlReport::escapeFunction()
{
    QFETCH(QByteArray, input);
    QFETCH(bool, attribute);
    QFETCH(QByteArray, expected);
    const auto context = attribute ? report::HtmlContext::Attribute : report::HtmlContext::Text;
    const std::string actual = report::escapeHtml(std::string_view(input.constData(), static_cast<std::size_t>(input.size())), context);
    QCOMPARE(QByteArray::fromStdString(actual), expected);
}

// ---------------------------------------------------------------------------
// Syntax classes (the GUI's built-in highlighter's rules).

void tst_HtmlReport::yamlClassifier_data()
{
    QTest::addColumn<QStringList>("lines");
    QTest::addColumn<QStringList>("tokens"); // per line

    QTest::newRow("key and scalars") << QStringList{"name: web", "replicas: 3", "enabled: true", "none: null"}
                                     << QStringList{"key:name punct:: string:web", "key:replicas punct:: number:3",
                                                    "key:enabled punct:: literal:true", "key:none punct:: literal:null"};
    QTest::newRow("list and quoted") << QStringList{"- \"a: b\"", "- 'it''s'", "  - key: v # note"}
                                     << QStringList{"indicator:- string:\"a: b\"", "indicator:- string:'it''s'",
                                                    "indicator:- key:key punct:: string:v comment:# note"};
    QTest::newRow("block scalar") << QStringList{"data: |", "  line: not a key", "  # not a comment", "next: 1"}
                                  << QStringList{"key:data punct:: indicator:|", "string:  line: not a key",
                                                 "string:  # not a comment", "key:next punct:: number:1"};
    QTest::newRow("flow and properties") << QStringList{"a: {b: 1, c: [x, 'y']}", "ref: &anchor !!str v", "---"}
                                         << QStringList{"key:a punct:: punct:{ key:b punct:: number:1 punct:, key:c "
                                                        "punct:: punct:[ string:x punct:, string:'y' punct:] punct:}",
                                                        "key:ref punct:: property:&anchor property:!!str string:v",
                                                        "marker:---"};
    QTest::newRow("multi-line quoted") << QStringList{"k: \"start", "  end\" # c", "u: x:y"}
                                       << QStringList{"key:k punct:: string:\"start", "string:  end\" comment:# c",
                                                      "key:u punct:: string:x:y"};
}

void tst_HtmlReport::yamlClassifier()
{
    QFETCH(QStringList, lines);
    QFETCH(QStringList, tokens);
    report::YamlLineClassifier classifier;
    for (qsizetype i = 0; i < lines.size(); ++i)
        QCOMPARE(tokensText(lines[i], classifier), tokens[i]);
}

// ---------------------------------------------------------------------------
// Diff tables and page content.

void tst_HtmlReport::foldsUnchangedRuns()
{
    std::string left, right;
    for (int i = 1; i <= 30; ++i) {
        left += "k" + std::to_string(i) + ": v\n";
        right += "k" + std::to_string(i) + (i == 20 ? ": changed\n" : ": v\n");
    }
    const auto diff = diff::SideBySideDiff::fromUtf8(left, right);
    std::string html;
    report::HtmlDiffTable(3).append(html, diff, "L", "R");
    // Rows 1-16 and 24-30 fold; rows 17-23 (the change and 3 lines around it) stay.
    QVERIFY(html.find("Show 16 unchanged lines") != std::string::npos);
    QVERIFY(html.find("Show 7 unchanged lines") != std::string::npos);
    const QString text = QString::fromStdString(html);
    QCOMPARE(text.count(QStringLiteral("<tbody class=f>")), 2);
    QCOMPARE(text.count(QStringLiteral("<tr")), 30 + 1 /* header */ + 2 /* fold bars */);
    QVERIFY(text.contains(QStringLiteral("<tr class=c><th>20<td><span class=k>k20</span>: <mark><span class=s>v</span></mark>")));
}

void tst_HtmlReport::noFoldsWithoutContext()
{
    const auto diff = diff::SideBySideDiff::fromUtf8("a: 1\nb: 2\nc: 3\nd: 4\ne: 5\nf: 6\n", "a: 1\nb: 2\nc: 3\nd: 4\ne: 5\nf: 7\n");
    std::string html;
    report::HtmlDiffTable(-1).append(html, diff, "L", "R");
    QVERIFY(html.find("class=f>") == std::string::npos);
    QVERIFY(html.find("<tr class=c><th>6") != std::string::npos);
}

// The demo fixture has one template in every state: each appears with the GUI's text.
void tst_HtmlReport::templateStatesShown()
{
    const QString demo = test::dataPath(QStringLiteral("html/demo/"));
    const CliRun run = runCli({"-A", "-r", demo + "platform-reference/metadata.yaml", "-f", demo + "resources", "-R", "-c",
                               demo + "diff-config.yaml", "-p", demo + "overrides.yaml", "-o", "html"});
    QCOMPARE(run.code, 2); // the render error
    const QString html = QString::fromStdString(run.out);
    const QStringList expected{
        "data-s=\"drift\"><div class=t><span class=\"b s-drift\"><i class=g aria-hidden=true>\u25B2</i> Drift: 5 changed lines</span> <code class=nm>ingress/ingresscontroller.yaml",
        "data-s=\"drift manual\"><div class=t><span class=\"b s-drift\"><i class=g aria-hidden=true>\u25B2</i> Drift: 4 changed lines \u00B7 manual</span> <code class=nm>ingress/router-config.yaml",
        "data-s=\"missing\"><div class=t><span class=\"b s-missing\"><i class=g aria-hidden=true>\u2612</i> Missing (required)</span> <code class=nm>dns/dns-default.yaml",
        "data-s=\"patched\"><div class=t><span class=\"b s-patched\"><i class=g aria-hidden=true>\u25A0</i> Patched</span> <code class=nm>monitoring/alertmanager-main.yaml",
        "data-s=\"notpresent\"><div class=t><span class=\"b s-notpresent\"><i class=g aria-hidden=true>\u25CC</i> Not present (optional)</span> <code class=nm>monitoring/grafana-dashboard.yaml",
        "data-s=\"error\"><div class=t><span class=\"b s-error\"><i class=g aria-hidden=true>\u2716</i> Render error</span> <code class=nm>logging/cluster-log-forwarder.yaml",
        "data-s=\"toomany\"><div class=t><span class=\"b s-toomany\"><i class=g aria-hidden=true>\u25C6</i> Matched more than allowed</span> <code class=nm>deprecated/sdn-config.yaml",
    };
    for (const QString &e : expected)
        QVERIFY2(html.contains(e), qPrintable(e));
    QVERIFY(html.contains(QStringLiteral("<li data-s=unmatched><code class=nm>v1_ConfigMap_payments_team-notes</code>")));
    QVERIFY(html.contains(QStringLiteral("only https:// endpoints are allowed")));
    QVERIFY(html.contains(QStringLiteral("Reason: Payments clusters page their own on-call team (CHG-1234)")));
}

// No external resources: nothing is fetched when the page opens.
void tst_HtmlReport::selfContained()
{
    const std::string html = hostileHtml("x");
    for (const char *needle : {"src=", "href=\"http", "href=http", "@import", "url(", "<link", "<iframe", "<object"})
        QVERIFY2(html.find(needle) == std::string::npos, needle);
    QVERIFY(html.find("<meta http-equiv=Content-Security-Policy content=\"default-src 'none'") != std::string::npos);
}

void tst_HtmlReport::cliHelpMentionsHtml()
{
    const CliRun run = runCli({"-h"});
    QVERIFY(run.out.find("generate-patches, junit, html, fields, fixes, fixes-script)") != std::string::npos);
    QVERIFY(run.out.find("-o html > report.html") != std::string::npos);
}

QTEST_GUILESS_MAIN(tst_HtmlReport)
#include "tst_htmlreport.moc"
