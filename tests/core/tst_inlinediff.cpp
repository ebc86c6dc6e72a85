// SPDX-License-Identifier: Apache-2.0
#include "compare/CaptureTable.h"
#include "compare/CapturegroupsInlineDiff.h"
#include "compare/InlineDiffFunction.h"
#include "compare/RegexInlineDiff.h"

#include <QTest>

#include <algorithm>

using namespace ds::compare;

namespace {

// Texts of the conformance cases ReferenceV2InlineCapturegroups and
// ReferenceV2InlineRegex (template field values as rendered, cluster values).
const char *const kLine1 = "This is a big text block with some static content, like this line.";
const char *const kUserLine = "It also has a place where (?<username>[a-z0-9]+) would put in their own name. "
                              "(?<username>[a-z0-9]+) would put in their own name.";
const char *const kGroupLine = "More complicated [(?<group>[^\\]]+)] are also allowed.";
const char *const kCrUserLine = "It also has a place where exampleuser would put in their own name. "
                                "exampleuser would put in their own name.";
const char *const kCrGroupLine = "More complicated [capture groups] are also allowed.";

QByteArray lines(std::initializer_list<const char *> parts)
{
    QByteArrayList list;
    for (const char *p : parts)
        list << QByteArray(p);
    return list.join('\n');
}

QByteArray crBlock()
{
    return lines({kLine1, kCrUserLine, kCrGroupLine});
}

struct Field {
    std::string path;
    std::string function;
    std::string templateValue;
    std::string crValue;
};

// The engine's two passes (compare.go runInlineDiffFuncs) over sorted paths:
// pass 1 validates and collects captures, pass 2 rewrites with the full table.
std::vector<std::string> runTwoPasses(std::vector<Field> fields)
{
    std::sort(fields.begin(), fields.end(), [](const Field &a, const Field &b) { return a.path < b.path; });
    CaptureTable table;
    for (const Field &f : fields) {
        const auto *fn = InlineDiffFunction::find(f.function);
        if (!fn || fn->validate(f.templateValue))
            return {};
        fn->diff(f.templateValue, f.crValue, table);
    }
    std::vector<std::string> results;
    for (const Field &f : fields)
        results.push_back(InlineDiffFunction::find(f.function)->diff(f.templateValue, f.crValue, table));
    return results;
}

class RecordingLog : public ds::Log
{
public:
    void message(Severity severity, int verbosity, const std::string &text) override
    {
        lines.push_back((severity == Severity::Warning ? "W" : "I") + std::to_string(verbosity) + " " + text);
    }
    std::vector<std::string> lines;
};

const char *const kWarningUsername
    = "\nWARNING: Capturegroup (?<username>…) matched multiple values: « mismatchuser | exampleuser »";

} // namespace

class tst_InlineDiff : public QObject
{
    Q_OBJECT

private slots:
    void find();
    void singleField_data();
    void singleField();
    void acrossFields_data();
    void acrossFields();
    void validate_data();
    void validate();
    void groupIndex_data();
    void groupIndex();
    void quoteMeta_data();
    void quoteMeta();
    void regexQuirks_data();
    void regexQuirks();
    void regexPanics_data();
    void regexPanics();
    void captureTable();
    void sharedTableDrivesSubstitution();
    void klogMessages();
};

void tst_InlineDiff::find()
{
    QVERIFY(InlineDiffFunction::find("regex"));
    QCOMPARE(InlineDiffFunction::find("regex")->name(), std::string_view("regex"));
    QVERIFY(InlineDiffFunction::find("capturegroups"));
    QCOMPARE(InlineDiffFunction::find("capturegroups")->name(), std::string_view("capturegroups"));
    QVERIFY(!InlineDiffFunction::find("Regex"));
    QVERIFY(!InlineDiffFunction::find("unknown"));
}

// One field per comparison; the expected values are read off the goldens'
// MERGED side (or equal the CR value where the golden shows no diff).
void tst_InlineDiff::singleField_data()
{
    QTest::addColumn<QByteArray>("function");
    QTest::addColumn<QByteArray>("templateValue");
    QTest::addColumn<QByteArray>("crValue");
    QTest::addColumn<QByteArray>("expected");

    const QByteArray cr = crBlock();
    // ReferenceV2InlineCapturegroups
    QTest::newRow("capturegroups localout") << QByteArray("capturegroups") << lines({kLine1, kUserLine, kGroupLine})
                                            << cr << cr;
    QTest::newRow("capturegroups withDiff")
        << QByteArray("capturegroups")
        << lines({kLine1,
                  "It also has a place where (?<username>[0-9]+) would put in their own name. (?<username>[0-9]+) would "
                  "put in their own name.",
                  kGroupLine})
        << cr
        << lines({kLine1,
                  "It also has a place where (?<username>[0-9]+) would put in their own name. (?<username>[0-9]+) would "
                  "put in their own name.",
                  kCrGroupLine});
    QTest::newRow("capturegroups WithDiffBetweenCapturegroups")
        << QByteArray("capturegroups")
        << lines({kLine1,
                  "It also has a place where (?<username>[a-z0-9]+) would put NEW TEXT in their own name. "
                  "(?<username>[a-z0-9]+) would put in their own name.",
                  kGroupLine})
        << cr
        << lines({kLine1,
                  "It also has a place where exampleuser would put NEW TEXT in their own name. exampleuser would put in "
                  "their own name.",
                  kCrGroupLine});
    QTest::newRow("capturegroups WithDiffInFirstLine")
        << QByteArray("capturegroups")
        << lines({"This is a big text block with some static content, like this line", kUserLine, kGroupLine}) << cr
        << lines({"This is a big text block with some static content, like this line", kCrUserLine, kCrGroupLine});
    QTest::newRow("capturegroups WithMismatchedCapturegroups")
        << QByteArray("capturegroups")
        << lines({"This is a big (?<test>[a-z\\s]+) block with some static (?<test>[a-z\\s]+), like this line.",
                  "It also has a place where (?<username>[a-z0-9]+) would put in their own name. "
                  "(?<username>[a-z0-9]+) would put in their (?<test>[a-z\\s]+).",
                  kGroupLine})
        << cr
        << lines({"This is a big (?<test>=text) block with some static (?<test>=text), like this line.",
                  "It also has a place where exampleuser would put in their own name. exampleuser would put in their "
                  "(?<test>=text).",
                  kCrGroupLine,
                  "WARNING: Capturegroup (?<test>…) matched multiple values: « text | content | own name »"});

    // ReferenceV2InlineRegex
    const QByteArray regexCr = lines({kLine1, kCrUserLine});
    QTest::newRow("regex localout") << QByteArray("regex") << lines({kLine1, kUserLine}) << regexCr << regexCr;
    const QByteArray noMatch = lines({kLine1,
                                      "It also has a place where (?<username>[0-9]+) would put in their own name. "
                                      "(?<username>[0-9]+) would put in their own name."});
    QTest::newRow("regex withDiff") << QByteArray("regex") << noMatch << regexCr << noMatch;
    const QByteArray firstLine = lines({"This is a big text block with some static content.", kUserLine});
    QTest::newRow("regex WithDiffInFirstLine") << QByteArray("regex") << firstLine << regexCr << firstLine;
}

void tst_InlineDiff::singleField()
{
    QFETCH(QByteArray, function);
    QFETCH(QByteArray, templateValue);
    QFETCH(QByteArray, crValue);
    QFETCH(QByteArray, expected);
    const auto results = runTwoPasses({{"spec.list.0.bigTextBlock", function.toStdString(), templateValue.toStdString(),
                                        crValue.toStdString()}});
    QCOMPARE(results.size(), std::size_t(1));
    QCOMPARE(QByteArray::fromStdString(results[0]), expected);
}

// ReferenceV2InlineCapturegroups WithDiffAcrossCapturegroups*: spec.first and
// spec.list.0.bigTextBlock share the table; spec.first sorts first.
void tst_InlineDiff::acrossFields_data()
{
    QTest::addColumn<QByteArray>("firstFunction");
    QTest::addColumn<QByteArray>("firstCr");
    QTest::addColumn<QByteArray>("expectedFirst");
    QTest::addColumn<QByteArray>("expectedBlock");

    const QByteArray cr = crBlock();
    const QByteArray okFirst("This short group establishes exampleuser");
    QTest::newRow("capturegroups") << QByteArray("capturegroups") << okFirst << okFirst << cr;
    QTest::newRow("regex and capturegroups") << QByteArray("regex") << okFirst << okFirst << cr;

    const QByteArray mismatchFirst =
        QByteArray("This short group establishes (?<username>=mismatchuser)") + kWarningUsername;
    const QByteArray mismatchBlock =
        lines({kLine1,
               "It also has a place where (?<username>=mismatchuser) would put in their own name. "
               "(?<username>=mismatchuser) would put in their own name.",
               kCrGroupLine})
        + kWarningUsername;
    const QByteArray badFirst("This short group establishes mismatchuser");
    QTest::newRow("capturegroups mismatch") << QByteArray("capturegroups") << badFirst << mismatchFirst << mismatchBlock;
    QTest::newRow("regex and capturegroups mismatch") << QByteArray("regex") << badFirst << mismatchFirst
                                                      << mismatchBlock;
}

void tst_InlineDiff::acrossFields()
{
    QFETCH(QByteArray, firstFunction);
    QFETCH(QByteArray, firstCr);
    QFETCH(QByteArray, expectedFirst);
    QFETCH(QByteArray, expectedBlock);
    const auto results = runTwoPasses(
        {{"spec.list.0.bigTextBlock", "capturegroups", lines({kLine1, kUserLine, kGroupLine}).toStdString(),
          crBlock().toStdString()},
         {"spec.first", firstFunction.toStdString(), "This short group establishes (?<username>[a-z0-9]+)",
          firstCr.toStdString()}});
    QCOMPARE(results.size(), std::size_t(2));
    QCOMPARE(QByteArray::fromStdString(results[0]), expectedFirst);
    QCOMPARE(QByteArray::fromStdString(results[1]), expectedBlock);
}

void tst_InlineDiff::validate_data()
{
    QTest::addColumn<QByteArray>("function");
    QTest::addColumn<QByteArray>("templateValue");
    QTest::addColumn<QByteArray>("expected"); // empty: valid

    // localinvalidCapturegroupserr.golden / localinvalidRegexerr.golden
    const QByteArray badUserLine("It also has a place where (?<username[a-z0-9]+) would put in their own name. "
                                 "(?<username>[a-z0-9]+) would put in their own name.");
    QTest::newRow("capturegroups invalid")
        << QByteArray("capturegroups")
        << lines({kLine1, badUserLine.constData(),
                  "More complicated [(?<group>[[:_broken_capturegroup_:]]+)] are also allowed."})
        << QByteArray("line 2 error parsing regexp: invalid named capture: `(?<username[a-z0-9]+) would put in their "
                      "own name. (?<username>`\n"
                      "line 3 error parsing regexp: invalid character class range: `[:_broken_capturegroup_:]`");
    QTest::newRow("regex invalid") << QByteArray("regex") << lines({kLine1, badUserLine.constData()})
                                   << QByteArray("invalid regex passed to inline regex diff function: error parsing "
                                                 "regexp: invalid named capture: `(?<username[a-z0-9]+) would put in "
                                                 "their own name. (?<username>`");
    QTest::newRow("capturegroups valid") << QByteArray("capturegroups") << lines({kLine1, kUserLine, kGroupLine})
                                         << QByteArray();
    QTest::newRow("regex valid") << QByteArray("regex") << lines({kLine1, kUserLine}) << QByteArray();
    // Text outside groups is quoted, so regex syntax there is harmless.
    QTest::newRow("capturegroups quotes literal text") << QByteArray("capturegroups") << QByteArray("a (b [c * d")
                                                       << QByteArray();
    QTest::newRow("regex literal text is a regex") << QByteArray("regex") << QByteArray("a (b")
                                                   << QByteArray("invalid regex passed to inline regex diff function: "
                                                                 "error parsing regexp: missing closing ): `a (b`");
    // This version no longer rejects spaces inside groups.
    QTest::newRow("capturegroups space in group") << QByteArray("capturegroups") << QByteArray("x (?<a>[a-z ]+) y")
                                                  << QByteArray();
    QTest::newRow("capturegroups empty") << QByteArray("capturegroups") << QByteArray("") << QByteArray();
    QTest::newRow("capturegroups line numbers")
        << QByteArray("capturegroups") << QByteArray("ok\n(?<a>*)\nok\n(?<b>x{2,1})")
        << QByteArray("line 2 error parsing regexp: missing argument to repetition operator: `*`\n"
                      "line 4 error parsing regexp: invalid repeat count: `{2,1}`");
}

void tst_InlineDiff::validate()
{
    QFETCH(QByteArray, function);
    QFETCH(QByteArray, templateValue);
    QFETCH(QByteArray, expected);
    const auto error = InlineDiffFunction::find(function.toStdString())->validate(templateValue.toStdString());
    QCOMPARE(QByteArray::fromStdString(error.value_or("")), expected);
    QCOMPARE(error.has_value(), !expected.isEmpty());
}

void tst_InlineDiff::groupIndex_data()
{
    QTest::addColumn<QByteArray>("pattern");
    QTest::addColumn<QByteArrayList>("groups"); // "name@start-end"
    QTest::newRow("none") << QByteArray("plain (text) [x]") << QByteArrayList{};
    QTest::newRow("two") << QByteArray("a (?<x>\\d+) b (?<y>[a-z]+)") << QByteArrayList{"x@2-11", "y@14-26"};
    QTest::newRow("nested is part of outer") << QByteArray("(?<a>x(?<b>y)z)!") << QByteArrayList{"a@0-15"};
    QTest::newRow("paren in class") << QByteArray("[(?<g>[)(]+)]") << QByteArrayList{"g@1-12"};
    QTest::newRow("escaped paren") << QByteArray("(?<g>\\)x)") << QByteArrayList{"g@0-9"};
    QTest::newRow("escaped bracket in class") << QByteArray("(?<g>[^\\]]+)") << QByteArrayList{"g@0-12"};
    QTest::newRow("unclosed") << QByteArray("(?<g>abc") << QByteArrayList{};
    QTest::newRow("unclosed then closed") << QByteArray("(?<g>(a) (?<h>b)") << QByteArrayList{};
    QTest::newRow("escaped > in name") << QByteArray("(?<a\\>b>x)") << QByteArrayList{"a\\>b@0-10"};
    QTest::newRow("name runs to a later >") << QByteArray("(?<user[a-z]+) and (?<user>x)")
                                            << QByteArrayList{"user[a-z]+) and (?<user@0-29"};
    QTest::newRow("not named") << QByteArray("(?P<n>x) (?:y) (z)") << QByteArrayList{};
    QTest::newRow("stray ] ends class depth early") << QByteArray("(?<g>a]b)c)") << QByteArrayList{"g@0-9"};
}

void tst_InlineDiff::groupIndex()
{
    QFETCH(QByteArray, pattern);
    QFETCH(QByteArrayList, groups);
    QByteArrayList actual;
    for (const auto &g : CapturegroupsInlineDiff::groupIndex(pattern.toStdString())) {
        actual << QByteArray::fromStdString(g.name) + "@" + QByteArray::number(qulonglong(g.start)) + "-"
                      + QByteArray::number(qulonglong(g.end));
    }
    QCOMPARE(actual, groups);
}

void tst_InlineDiff::quoteMeta_data()
{
    QTest::addColumn<QByteArray>("pattern");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("no groups") << QByteArray("a.b (c)") << QByteArray("a\\.b \\(c\\)");
    QTest::newRow("group alone") << QByteArray("(?<a>\\w+)") << QByteArray("^(?<a>\\w+)$");
    QTest::newRow("group at start then space") << QByteArray("(?<a>\\w+) is.") << QByteArray("^(?<a>\\w+)\\b is\\.");
    QTest::newRow("space then group at end") << QByteArray("x= (?<a>\\w+)") << QByteArray("x= \\b(?<a>\\w+)$");
    QTest::newRow("inside words") << QByteArray("[(?<g>[^\\]]+)]") << QByteArray("\\[(?<g>[^\\]]+)\\]");
    QTest::newRow("adjacent groups") << QByteArray("(?<a>x)(?<b>y) z") << QByteArray("^(?<a>x)(?<b>y)\\b z");
}

void tst_InlineDiff::quoteMeta()
{
    QFETCH(QByteArray, pattern);
    QFETCH(QByteArray, expected);
    const std::string p = pattern.toStdString();
    QCOMPARE(QByteArray::fromStdString(CapturegroupsInlineDiff::quoteMeta(p, CapturegroupsInlineDiff::groupIndex(p))),
             expected);
}

void tst_InlineDiff::regexQuirks_data()
{
    QTest::addColumn<QByteArray>("regex");
    QTest::addColumn<QByteArray>("crValue");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("unanchored: result is the matched part") << QByteArray("b+") << QByteArray("abbbc")
                                                            << QByteArray("bbb");
    QTest::newRow("dot does not match newline") << QByteArray("a.b") << QByteArray("a\nb") << QByteArray("a.b");
    QTest::newRow("group substituted") << QByteArray("v(?<n>[0-9]+)") << QByteArray("v42") << QByteArray("v42");
    QTest::newRow("nested groups: only the outer is replaced") << QByteArray("(?<o>a(?<i>b)c)") << QByteArray("abc")
                                                                << QByteArray("abc");
    // Group offsets are CR-relative but applied to the matched substring.
    QTest::newRow("CR-relative offsets") << QByteArray("(?<x>b)c+") << QByteArray("abcccc") << QByteArray("bbccc");
    QTest::newRow("duplicate name, two values") << QByteArray("(?<n>\\d+)-(?<n>\\d+)") << QByteArray("1-2")
                                                << QByteArray("(?<n>=1)-(?<n>=1)\nWARNING: Capturegroup (?<n>…) "
                                                              "matched multiple values: « 1 | 2 »");
    QTest::newRow("duplicate name, same value") << QByteArray("(?<n>\\d+)-(?<n>\\d+)") << QByteArray("7-7")
                                                << QByteArray("7-7");
    QTest::newRow("warnings in name order") << QByteArray("(?<z>.)(?<a>.)(?<z>.)(?<a>.)") << QByteArray("wxyz")
                                            << QByteArray("(?<z>=w)(?<a>=x)(?<z>=w)(?<a>=x)"
                                                          "\nWARNING: Capturegroup (?<a>…) matched multiple values: « x | z »"
                                                          "\nWARNING: Capturegroup (?<z>…) matched multiple values: « w | y »");
    QTest::newRow("empty capture") << QByteArray("a(?<x>b*)c") << QByteArray("ac") << QByteArray("ac");
    QTest::newRow("does not compile: kept") << QByteArray("(") << QByteArray("(") << QByteArray("(");
}

void tst_InlineDiff::regexQuirks()
{
    QFETCH(QByteArray, regex);
    QFETCH(QByteArray, crValue);
    QFETCH(QByteArray, expected);
    CaptureTable table;
    const std::string result = RegexInlineDiff().diff(regex.toStdString(), crValue.toStdString(), table);
    QCOMPARE(QByteArray::fromStdString(result), expected);
}

void tst_InlineDiff::regexPanics_data()
{
    QTest::addColumn<QByteArray>("regex");
    QTest::addColumn<QByteArray>("crValue");
    QTest::addColumn<QByteArray>("message");
    QTest::newRow("optional group not taking part") << QByteArray("a(?<x>z)?") << QByteArray("a")
                                                    << QByteArray("runtime error: slice bounds out of range [:-1]");
    QTest::newRow("end past the matched part") << QByteArray("b(?<x>c)") << QByteArray("abcd")
                                               << QByteArray("runtime error: slice bounds out of range [3:2]");
    QTest::newRow("start past the matched part") << QByteArray("c(?<x>d)") << QByteArray("abcde")
                                                 << QByteArray("runtime error: slice bounds out of range [:3] with "
                                                               "length 2");
}

void tst_InlineDiff::regexPanics()
{
    QFETCH(QByteArray, regex);
    QFETCH(QByteArray, crValue);
    QFETCH(QByteArray, message);
    CaptureTable table;
    try {
        RegexInlineDiff().diff(regex.toStdString(), crValue.toStdString(), table);
        QFAIL("no GoPanic");
    } catch (const GoPanic &panic) {
        QCOMPARE(QByteArray(panic.what()), message);
    }
}

void tst_InlineDiff::captureTable()
{
    CaptureTable table;
    QVERIFY(table.empty());
    QCOMPARE(table.substitution("n"), std::string());
    QCOMPARE(table.warnings(), std::string());
    table.add("n", "b");
    table.add("n", "a");
    table.add("n", "b");
    table.add("e", "");
    QCOMPARE(table.values("n"), (std::vector<std::string>{"b", "a"}));
    QCOMPARE(table.values("missing"), std::vector<std::string>{});
    QCOMPARE(table.substitution("n"), std::string("(?<n>=b)"));
    QCOMPARE(table.substitution("e"), std::string());
    QCOMPARE(table.warnings(), std::string("\nWARNING: Capturegroup (?<n>…) matched multiple values: « b | a »"));
}

// Values from earlier fields decide the substitution; a group whose only
// value is empty keeps its source.
void tst_InlineDiff::sharedTableDrivesSubstitution()
{
    CaptureTable empty;
    empty.add("v", "");
    QCOMPARE(CapturegroupsInlineDiff().diff("v=(?<v>[0-9]*);", "v=;", empty), std::string("v=(?<v>[0-9]*);"));
    QCOMPARE(CapturegroupsInlineDiff().diff("v=(?<v>[0-9]+)", "v=12", empty),
             std::string("v=(?<v>=)\nWARNING: Capturegroup (?<v>…) matched multiple values: «  | 12 »"));

    CaptureTable seeded;
    seeded.add("v", "9");
    QCOMPARE(CapturegroupsInlineDiff().diff("v=(?<v>[0-9]+)", "v=9", seeded), std::string("v=9"));
    // Not matching the group's regex: nothing captured, the group is kept.
    CaptureTable fresh;
    QCOMPARE(CapturegroupsInlineDiff().diff("v=(?<v>[0-9]+)", "v=x", fresh), std::string("v=(?<v>[0-9]+)"));
    QVERIFY(fresh.empty());
}

// The klog lines the functions themselves print (V(1) with --verbose).
void tst_InlineDiff::klogMessages()
{
    RecordingLog log;
    CaptureTable table;
    QCOMPARE(CapturegroupsInlineDiff().diff("v=(?<v>[0-9]+) w=(?<w>.)", "v=12 w=3", table, log),
             std::string("v=12 w=3"));
    QCOMPARE(log.lines, (std::vector<std::string>{"I1 Comparing Pattern '(?<v>[0-9]+)' to value '12'",
                                                  "I1 Comparing Pattern '(?<w>.)' to value '3'"}));
    log.lines.clear();
    QCOMPARE(RegexInlineDiff().diff("a\\n(", "x", table, log), std::string("a\\n("));
    QCOMPARE(log.lines, (std::vector<std::string>{
                            "I1 Failed to compile regex \"a\\\\n(\" in inline diff: error parsing regexp: "
                            "missing closing ): `a\\n(`"}));
}

QTEST_GUILESS_MAIN(tst_InlineDiff)
#include "tst_inlinediff.moc"
