// SPDX-License-Identifier: Apache-2.0
// Writing manual correlation pairs into a diff config (spec d.2) while keeping
// the rest of the file as it was.
#include "compare/DiffConfig.h"
#include "compare/DiffConfigWriter.h"

#include "TestData.h"

#include <QTest>

using namespace ds;
using compare::DiffConfig;
using compare::DiffConfigWriter;

namespace {

using Pairs = DiffConfigWriter::Pairs;

Pairs toPairs(const QStringList &list)
{
    Pairs pairs;
    for (const QString &entry : list) {
        const qsizetype eq = entry.indexOf(QLatin1Char('='));
        pairs[entry.left(eq).toStdString()] = entry.mid(eq + 1).toStdString();
    }
    return pairs;
}

const QString kHeader = QStringLiteral("correlationSettings:\n  manualCorrelation:\n    correlationPairs:\n");

} // namespace

class tst_DiffConfigWriter : public QObject
{
    Q_OBJECT

private slots:
    void update_data();
    void update();
    void unchangedPairsKeepTheFile_data();
    void unchangedPairsKeepTheFile();
    void scalar_data();
    void scalar();
    void awkwardStringsRoundTrip();
    void invalidExistingFile_data();
    void invalidExistingFile();
    void goldenUserConfig();
};

void tst_DiffConfigWriter::update_data()
{
    QTest::addColumn<QString>("existing");
    QTest::addColumn<QStringList>("pairs");
    QTest::addColumn<QString>("expected");

    QTest::newRow("create from empty") << QString() << QStringList{"v1_ConfigMap_ns_a=cm.yaml"}
                                       << kHeader + "      v1_ConfigMap_ns_a: cm.yaml\n";
    QTest::newRow("no pairs from empty") << QString() << QStringList()
                                         << QStringLiteral("correlationSettings:\n  manualCorrelation:\n"
                                                           "    correlationPairs: {}\n");
    QTest::newRow("pairs sorted by CR id")
        << QString() << QStringList{"v1_Namespace_b=ns.yaml", "apps/v1_Deployment_x_d=d.yaml"}
        << kHeader + "      apps/v1_Deployment_x_d: d.yaml\n      v1_Namespace_b: ns.yaml\n";
    QTest::newRow("comments only") << QStringLiteral("# lab cluster\n\n") << QStringList{"a=b.yaml"}
                                   << "# lab cluster\n\n" + kHeader + "      a: b.yaml\n";
    QTest::newRow("null document") << QStringLiteral("# c\nnull\n") << QStringList{"a=b.yaml"}
                                   << "# c\n" + kHeader + "      a: b.yaml\n";

    const QString commented = QStringLiteral("# Pairs for the lab cluster\n"
                                             "correlationSettings:   # top\n"
                                             "  manualCorrelation:\n"
                                             "    # pinned by hand\n"
                                             "    correlationPairs:\n"
                                             "      v1_ConfigMap_ns_a: old.yaml # was wrong\n"
                                             "      # the dashboard\n"
                                             "      apps/v1_Deployment_ns_d: d.yaml\n"
                                             "# trailing comment\n");
    QTest::newRow("replace, keep, add")
        << commented
        << QStringList{"v1_ConfigMap_ns_a=cm.yaml", "apps/v1_Deployment_ns_d=d.yaml", "v1_Namespace_x=ns.yaml"}
        << QStringLiteral("# Pairs for the lab cluster\n"
                          "correlationSettings:   # top\n"
                          "  manualCorrelation:\n"
                          "    # pinned by hand\n"
                          "    correlationPairs:\n"
                          "      v1_ConfigMap_ns_a: cm.yaml\n"
                          "      # the dashboard\n"
                          "      apps/v1_Deployment_ns_d: d.yaml\n"
                          "      v1_Namespace_x: ns.yaml\n"
                          "# trailing comment\n");
    QTest::newRow("remove one") << commented << QStringList{"apps/v1_Deployment_ns_d=d.yaml"}
                                << QStringLiteral("# Pairs for the lab cluster\n"
                                                  "correlationSettings:   # top\n"
                                                  "  manualCorrelation:\n"
                                                  "    # pinned by hand\n"
                                                  "    correlationPairs:\n"
                                                  "      # the dashboard\n"
                                                  "      apps/v1_Deployment_ns_d: d.yaml\n"
                                                  "# trailing comment\n");
    QTest::newRow("remove all") << commented << QStringList()
                                << QStringLiteral("# Pairs for the lab cluster\n"
                                                  "correlationSettings:   # top\n"
                                                  "  manualCorrelation:\n"
                                                  "    # pinned by hand\n"
                                                  "    correlationPairs: {}\n"
                                                  "      # the dashboard\n"
                                                  "# trailing comment\n");
    QTest::newRow("new pair where a removed one was")
        << kHeader + "      # first\n      a: a.yaml\n      # second\n      b: b.yaml\n"
        << QStringList{"c=c.yaml"} << kHeader + "      # first\n      c: c.yaml\n      # second\n";
    QTest::newRow("key comment kept when emptied")
        << QStringLiteral("correlationSettings:\n  manualCorrelation:\n    correlationPairs: # none yet\n")
        << QStringList() << QStringLiteral("correlationSettings:\n  manualCorrelation:\n"
                                           "    correlationPairs: {} # none yet\n");
    QTest::newRow("four-space indentation")
        << QStringLiteral("correlationSettings:\n    manualCorrelation:\n        correlationPairs:\n"
                          "            a: a.yaml\n")
        << QStringList{"a=a.yaml", "b=b.yaml"}
        << QStringLiteral("correlationSettings:\n    manualCorrelation:\n        correlationPairs:\n"
                          "            a: a.yaml\n            b: b.yaml\n");
    QTest::newRow("four-space indentation, parents added")
        << QStringLiteral("correlationSettings:\n    manualCorrelation:\n") << QStringList{"a=a.yaml"}
        << QStringLiteral("correlationSettings:\n    manualCorrelation:\n        correlationPairs:\n"
                          "            a: a.yaml\n");
    QTest::newRow("CRLF line ends") << QStringLiteral("# c\r\ncorrelationSettings:\r\n  manualCorrelation: {}\r\n")
                                    << QStringList{"a=a.yaml"}
                                    << QStringLiteral("# c\r\ncorrelationSettings:\r\n  manualCorrelation:\r\n"
                                                      "    correlationPairs:\r\n      a: a.yaml\r\n");
    QTest::newRow("flow parent replaced") << QStringLiteral("correlationSettings: {}  # empty\n# end\n")
                                          << QStringList{"a=a.yaml"} << kHeader + "      a: a.yaml\n# end\n";
    QTest::newRow("flow pairs replaced")
        << QStringLiteral("correlationSettings:\n  manualCorrelation:\n    correlationPairs: {a: x.yaml,\n"
                          "      b: b.yaml}\n")
        << QStringList{"a=a.yaml"} << kHeader + "      a: a.yaml\n";
    QTest::newRow("keys fold case")
        << QStringLiteral("CorrelationSettings:\n  MANUALCORRELATION:\n    correlationpairs:\n      x: t.yaml\n")
        << QStringList{"x=u.yaml"}
        << QStringLiteral("CorrelationSettings:\n  MANUALCORRELATION:\n    correlationpairs:\n      x: u.yaml\n");
    QTest::newRow("quoted keys kept")
        << kHeader + "      'v1_ConfigMap_ns_a': \"cm.yaml\"\n" << QStringList{"v1_ConfigMap_ns_a=cm.yaml", "b=b"}
        << kHeader + "      'v1_ConfigMap_ns_a': \"cm.yaml\"\n      b: b\n";
    QTest::newRow("multi-line value rewritten") << kHeader + "      a: first\n        second\n      b: b.yaml\n"
                                                << QStringList{"a=a.yaml", "b=b.yaml"}
                                                << kHeader + "      a: a.yaml\n      b: b.yaml\n";
    QTest::newRow("no final newline") << kHeader + "      a: a.yaml" << QStringList{"a=a.yaml", "b=b.yaml"}
                                      << kHeader + "      a: a.yaml\n      b: b.yaml\n";
    QTest::newRow("later documents untouched")
        << QStringLiteral("---\ncorrelationSettings: null\n---\nfoo: bar\n") << QStringList{"a=a.yaml"}
        << "---\n" + kHeader + "      a: a.yaml\n---\nfoo: bar\n";
    QTest::newRow("JSON rewritten as YAML")
        << QStringLiteral(R"({"correlationSettings":{"manualCorrelation":{"correlationPairs":{"x":"t.yaml"}}}})")
        << QStringList{"x=t.yaml"} << kHeader + "      x: t.yaml\n";
    QTest::newRow("byte order mark") << QString::fromUtf8("\xEF\xBB\xBF# c\n") << QStringList{"a=a.yaml"}
                                     << QString::fromUtf8("\xEF\xBB\xBF# c\n") + kHeader + "      a: a.yaml\n";
    QTest::newRow("quoting where needed")
        << QString() << QStringList{"v1_ConfigMap_ns_yes=yes", "a: b=#x", "n=123"}
        << kHeader + "      'a: b': '#x'\n      'n': '123'\n      v1_ConfigMap_ns_yes: 'yes'\n"; // yaml.v2: n is a bool
}

void tst_DiffConfigWriter::update()
{
    QFETCH(QString, existing);
    QFETCH(QStringList, pairs);
    QFETCH(QString, expected);
    // QString holds the BOM as U+FEFF; toStdString() gives it back as UTF-8.
    const DiffConfigWriter::Result r = DiffConfigWriter::update(existing.toStdString(), toPairs(pairs));
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
    QCOMPARE(QString::fromStdString(r.text), expected);
    const DiffConfig::LoadResult back = DiffConfig::parse(r.text);
    QVERIFY(back.ok());
    QCOMPARE(back.config.correlationPairs, toPairs(pairs));
}

void tst_DiffConfigWriter::unchangedPairsKeepTheFile_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("plain") << kHeader + "      a: a.yaml\n";
    QTest::newRow("comments and quoting")
        << QStringLiteral("# header\ncorrelationSettings:\n  manualCorrelation:\n    correlationPairs:\n"
                          "      \"a\": 'a.yaml'   # why\n\n      b: \"yes\"\n# tail\n");
    QTest::newRow("empty pairs") << QStringLiteral("correlationSettings:\n  manualCorrelation:\n"
                                                   "    correlationPairs: {}\n");
    QTest::newRow("number value stays") << kHeader + "      a: '5'\n";
}

void tst_DiffConfigWriter::unchangedPairsKeepTheFile()
{
    QFETCH(QString, text);
    const std::string original = text.toStdString();
    const DiffConfig::LoadResult loaded = DiffConfig::parse(original);
    QVERIFY(loaded.ok());
    const DiffConfigWriter::Result r = DiffConfigWriter::update(original, loaded.config.correlationPairs);
    QVERIFY(r.ok());
    QCOMPARE(QString::fromStdString(r.text), text);
}

void tst_DiffConfigWriter::scalar_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("written");
    QTest::newRow("CR id") << "apps/v1_Deployment_kubernetes-dashboard_kubernetes-dashboard"
                           << "apps/v1_Deployment_kubernetes-dashboard_kubernetes-dashboard";
    QTest::newRow("template path") << "sub dir/cm.yaml" << "sub dir/cm.yaml";
    QTest::newRow("leading dash") << "-x" << "-x";
    QTest::newRow("lone dash") << "-" << "'-'";
    QTest::newRow("empty") << "" << "''";
    QTest::newRow("bool 1.1") << "on" << "'on'";
    QTest::newRow("null") << "~" << "'~'";
    QTest::newRow("int") << "0x1F" << "'0x1F'";
    QTest::newRow("float") << "1e3" << "'1e3'";
    QTest::newRow("base 60") << "12:30" << "'12:30'";
    QTest::newRow("timestamp") << "2024-01-02" << "'2024-01-02'";
    QTest::newRow("colon space") << "a: b" << "'a: b'";
    QTest::newRow("trailing colon") << "a:" << "'a:'";
    QTest::newRow("comment") << "a #b" << "'a #b'";
    QTest::newRow("hash inside") << "a#b" << "a#b";
    QTest::newRow("leading indicator") << "*alias" << "'*alias'";
    QTest::newRow("single quote inside") << "it's" << "it's";
    QTest::newRow("leading quote") << "'q" << "'''q'";
    QTest::newRow("leading space") << " a" << "' a'";
    QTest::newRow("document marker") << "--- x" << "'--- x'";
    QTest::newRow("tab") << "a\tb" << "\"a\\tb\"";
    QTest::newRow("newline and quote") << "a\n\"b\"" << "\"a\\n\\\"b\\\"\"";
    QTest::newRow("non-ASCII") << QStringLiteral("caf\u00e9.yaml") << QStringLiteral("caf\u00e9.yaml");
}

void tst_DiffConfigWriter::scalar()
{
    QFETCH(QString, value);
    QFETCH(QString, written);
    QCOMPARE(QString::fromStdString(DiffConfigWriter::scalar(value.toStdString())), written);
}

void tst_DiffConfigWriter::awkwardStringsRoundTrip()
{
    const QStringList awkward{"", "yes", "No", "null", "~", "1", "-1", "0o17", ".inf", "1_000", "a: b", "#c", "a #c",
                              "[x]", "{x}", "x,y", "&a", "*a", "!t", "|", ">", "%d", "@a", "`a", "'", "\"", "\\",
                              "a\tb", "a\nb", " lead", "trail ", "---", "...", "?", ":", "-", "- a", "? a",
                              QStringLiteral("\u00e9\u4e2d"), "a\x7f"};
    Pairs pairs;
    int i = 0;
    for (const QString &s : awkward) {
        pairs["k" + std::to_string(i++) + s.toStdString()] = s.toStdString();
        pairs[s.toStdString() + "-key"] = "v" + s.toStdString();
    }
    for (const std::string &existing : {std::string(), kHeader.toStdString() + "      old: x\n"}) {
        const DiffConfigWriter::Result r = DiffConfigWriter::update(existing, pairs);
        QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
        const DiffConfig::LoadResult back = DiffConfig::parse(r.text);
        QVERIFY2(back.ok(), back.error ? back.error->c_str() : "");
        QCOMPARE(back.config.correlationPairs, pairs);
        QVERIFY(r.text.starts_with(kHeader.toStdString())); // the line editor did it, not the fallback
    }
}

void tst_DiffConfigWriter::invalidExistingFile_data()
{
    QTest::addColumn<QString>("existing");
    QTest::newRow("syntax") << QStringLiteral("correlationSettings: [\n");
    QTest::newRow("unknown field") << QStringLiteral("foo: bar\n");
    QTest::newRow("pairs not a map") << kHeader.trimmed() + QStringLiteral(" [a]\n");
}

void tst_DiffConfigWriter::invalidExistingFile()
{
    QFETCH(QString, existing);
    const DiffConfigWriter::Result r = DiffConfigWriter::update(existing.toStdString(), toPairs({"a=b"}));
    QVERIFY(!r.ok());
    QVERIFY(QString::fromStdString(*r.error).startsWith(QStringLiteral("the existing diff config cannot be read: ")));
}

void tst_DiffConfigWriter::goldenUserConfig()
{
    const std::string golden = test::readFile(test::dataPath(QStringLiteral(
        "shared/conformance/cases/ManualCorrelationMatchesArePrioritizedOverGroupCorrelation/userconfig.yaml")));
    const Pairs pairs = DiffConfig::parse(golden).config.correlationPairs;
    QCOMPARE(pairs.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(DiffConfigWriter::create(pairs)), QString::fromStdString(golden).trimmed() + "\n");
}

QTEST_GUILESS_MAIN(tst_DiffConfigWriter)
#include "tst_diffconfigwriter.moc"
