// SPDX-License-Identifier: Apache-2.0
// Templates are untrusted: hostile ones must end with a clear error, never a
// crash, a hang or exhausted memory (issue #3, "Limits").
#include "Sanitizers.h"
#include "template/FunctionSpec.h"
#include "template/TemplateSet.h"
#include "util/LargeStack.h"

#include <QTest>

using namespace ds;

class tst_RenderLimits : public QObject
{
    Q_OBJECT

private slots:
    void hostileTemplates_data();
    void hostileTemplates();
    void smallLimits_data();
    void smallLimits();
    void goDepthLimitOnLargeStack();
};

namespace {

tmpl::RenderResult render(const std::string &text, const tmpl::RenderLimits &limits = {})
{
    tmpl::TemplateSet set;
    if (auto error = set.parse("t", text)) {
        tmpl::RenderResult failed;
        failed.error = error;
        return failed;
    }
    tmpl::FunctionContext context;
    return set.execute("t", Value::emptyMap(), context, limits);
}

} // namespace

void tst_RenderLimits::hostileTemplates_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected"); // output, or "error: <substring>"

    QTest::newRow("repeat beyond memory") << R"({{repeat 2000000000 "x"}})" << "error: error calling repeat";
    QTest::newRow("doubling string") << R"({{$s := "xxxxxxxxxx"}}{{range 100}}{{$s = cat $s $s}}{{end}})"
                                     << "error: exceeds Driftscope's limit of 67108864 bytes per value";
    QTest::newRow("shared doubling list is cheap") << R"({{$l := list 1}}{{range 60}}{{$l = list $l $l}}{{end}}{{len $l}})"
                                                   << "2";
    QTest::newRow("shared doubling list printed") << R"({{$l := list 1}}{{range 60}}{{$l = list $l $l}}{{end}}{{toJson $l}})"
                                                  << "error: error calling toJson: result of";
    QTest::newRow("shared doubling list deep-copied") << R"({{$l := list 1}}{{range 60}}{{$l = list $l $l}}{{end}}{{deepCopy $l | len}})"
                                                      << "error: error calling deepCopy";
    QTest::newRow("shared doubling list as action") << R"({{$l := list 1}}{{range 60}}{{$l = list $l $l}}{{end}}{{$l}})"
                                                    << "error: exceeds Driftscope's limit";
    QTest::newRow("deep chain is freed") << R"({{$l := list}}{{range 300000}}{{$l = list $l}}{{end}}{{len $l}})" << "1";
    QTest::newRow("deep chain printed") << R"({{$l := list}}{{range 300000}}{{$l = list $l}}{{end}}{{toYaml $l}})"
                                        << "error: value nests deeper than 1000 levels";
    QTest::newRow("deep dict chain via set")
        << R"({{$cur := dict}}{{$root := $cur}}{{range 300000}}{{$n := dict}}{{$_ := set $cur "a" $n}}{{$cur = $n}}{{end}}{{toJson $root}})"
        << "error: value nests deeper than 1000 levels";
    QTest::newRow("set cycle") << R"({{$d := dict}}{{$_ := set $d "a" $d}}{{toJson $d}})"
                               << "error: Driftscope does not let a dict contain itself";
    QTest::newRow("nested set cycle") << R"({{$d := dict}}{{$e := dict "d" $d}}{{$_ := set $d "e" (list $e)}})"
                                      << "error: Driftscope does not let a dict contain itself";
    QTest::newRow("merge cycle") << R"({{$d := dict}}{{$_ := merge $d (dict "x" $d)}})"
                                 << "error: Driftscope does not let a dict contain itself";
    QTest::newRow("self merge allowed") << R"({{$d := dict "a" 1}}{{$_ := merge $d $d}}{{toJson $d}})" << R"({"a":1})";
    QTest::newRow("until") << R"({{until 100000000 | len}})" << "error: list longer than Driftscope's limit";
    // Refused before building anything (fuzz_template: a timeout filling memory first).
    QTest::newRow("seq 8e17") << R"({{seq 804333333333333333}})" << "error: list longer than Driftscope's limit";
    QTest::newRow("untilStep extremes") << R"({{untilStep -9223372036854775807 9223372036854775807 1 | len}})"
                                        << "error: list longer than Driftscope's limit";
    // Go's loop overflows int64 here and never ends; Driftscope stops at stop.
    QTest::newRow("untilStep huge step") << R"({{untilStep -9223372036854775807 9223372036854775807 4611686018427387904 | len}})"
                                         << "4";
    QTest::newRow("negative step") << R"({{untilStep 5 -6 -3 | toJson}})" << "[5,2,-1,-4]";
    QTest::newRow("indent") << "{{indent 60000000 \"a\\nb\\nc\"}}" << "error: error calling indent";
    QTest::newRow("randAlpha") << R"({{randAlpha 100000000 | len}})" << "error: error calling randAlpha";
    QTest::newRow("huge complex literal") << R"({{ 1e31i }})" << "(0+1e+31i)";
}

void tst_RenderLimits::hostileTemplates()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const tmpl::RenderResult result = render(text.toStdString());
    if (expected.startsWith(QLatin1String("error: "))) {
        QVERIFY2(!result.ok(), result.output.substr(0, 200).c_str());
        QVERIFY2(QString::fromStdString(*result.error).contains(expected.mid(7)), result.error->c_str());
    } else {
        QVERIFY2(result.ok(), result.error ? result.error->c_str() : "");
        QCOMPARE(QString::fromStdString(result.output), expected);
    }
}

void tst_RenderLimits::smallLimits_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");

    QTest::newRow("steps") << "{{range 100000}}{{end}}" << "exceeded Driftscope's limit of 1000 steps";
    QTest::newRow("output") << "{{range 100}}0123456789{{end}}" << "output exceeded Driftscope's limit of 64 bytes";
    QTest::newRow("value") << R"({{repeat 100 "x" | len}})" << "exceeds Driftscope's limit of 50 bytes per value";
    QTest::newRow("total") << R"({{range 10}}{{$x := repeat 40 "x"}}{{end}})" << "limit of 200 bytes of values";
    QTest::newRow("depth") << R"({{define "a"}}{{template "a"}}{{end}}{{template "a"}})"
                           << "exceeded maximum template depth (5)";
}

void tst_RenderLimits::smallLimits()
{
    QFETCH(QString, text);
    QFETCH(QString, error);
    tmpl::RenderLimits limits;
    limits.maxSteps = 1000;
    limits.maxOutputBytes = 64;
    limits.maxValueBytes = 50;
    limits.maxValueTotalBytes = 200;
    limits.maxTemplateDepth = 5;
    const tmpl::RenderResult result = render(text.toStdString(), limits);
    QVERIFY(!result.ok());
    QVERIFY2(QString::fromStdString(*result.error).contains(error), result.error->c_str());
}

void tst_RenderLimits::goDepthLimitOnLargeStack()
{
    if (test::kAddressSanitizer)
        QSKIP(test::kDeepStackUnderAsan);
    // Go's own limit (100000 nested calls) is reachable on a render thread.
    std::string error;
    runOnLargeStack([&] {
        const auto result = render(R"({{define "a"}}{{template "a"}}{{end}}{{template "a"}})");
        error = result.error.value_or("");
        return 0;
    });
    QCOMPARE(QString::fromStdString(error),
             QStringLiteral("template: t:1:25: executing \"a\" at <{{template \"a\"}}>: exceeded maximum template depth (100000)"));
}

QTEST_GUILESS_MAIN(tst_RenderLimits)
#include "tst_renderlimits.moc"
