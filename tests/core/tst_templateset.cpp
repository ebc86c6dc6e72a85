// SPDX-License-Identifier: Apache-2.0
// TemplateSet: a file parsed once and added to several sets (parseFile + add,
// how a reference's function files join every template) behaves exactly like
// parsing its text into each set, including Go's rule that an empty definition
// never replaces an existing one.
#include "template/TemplateSet.h"

#include <QTest>

using namespace ds;

class tst_TemplateSet : public QObject
{
    Q_OBJECT

private slots:
    void addEqualsParse_data();
    void addEqualsParse();
    void parseErrorLeavesSetUnchanged();
};

namespace {

std::string run(const tmpl::TemplateSet &set, const std::string &name)
{
    tmpl::FunctionContext context;
    const tmpl::RenderResult r = set.execute(name, Value::emptyMap(), context);
    return r.ok() ? r.output : "error: " + *r.error;
}

} // namespace

void tst_TemplateSet::addEqualsParse_data()
{
    QTest::addColumn<QString>("main");
    QTest::addColumn<QString>("functions");
    QTest::addColumn<QString>("expected");
    QTest::newRow("function used by the main template")
        << "kind: {{ template \"k\" }}" << "{{ define \"k\" }}ConfigMap{{ end }}" << "kind: ConfigMap";
    QTest::newRow("later definition replaces")
        << "{{ define \"k\" }}a{{ end }}{{ template \"k\" }}" << "{{ define \"k\" }}b{{ end }}" << "b";
    QTest::newRow("empty later definition does not replace")
        << "{{ define \"k\" }}a{{ end }}{{ template \"k\" }}" << "{{ define \"k\" }}{{ end }}" << "a";
    QTest::newRow("file's own template by its name")
        << "{{ template \"funcs.tpl\" }}" << "top {{ define \"x\" }}{{ end }}" << "top ";
    QTest::newRow("parse error of the function file")
        << "x" << "{{ define \"f\" }}" << "template: funcs.tpl:1: unexpected EOF";
}

void tst_TemplateSet::addEqualsParse()
{
    QFETCH(QString, main);
    QFETCH(QString, functions);
    QFETCH(QString, expected);
    const auto &registry = tmpl::FunctionRegistry::kubeCompare();
    const tmpl::TemplateSet::ParsedFile shared = tmpl::TemplateSet::parseFile("funcs.tpl", functions.toStdString(), registry);

    tmpl::TemplateSet parsed;
    QVERIFY(!parsed.parse("t.yaml", main.toStdString()));
    const std::optional<std::string> parseError = parsed.parse("funcs.tpl", functions.toStdString());

    // Two sets share the one parse, as the templates of a reference do.
    for (int i = 0; i < 2; ++i) {
        tmpl::TemplateSet added;
        QVERIFY(!added.parse("t.yaml", main.toStdString()));
        const std::optional<std::string> addError = added.add(shared);
        QCOMPARE(addError, parseError);
        QCOMPARE(QString::fromStdString(addError ? *addError : run(added, "t.yaml")), expected);
        QCOMPARE(run(added, "t.yaml"), run(parsed, "t.yaml"));
    }
}

void tst_TemplateSet::parseErrorLeavesSetUnchanged()
{
    tmpl::TemplateSet set;
    QVERIFY(!set.parse("t", "{{ define \"k\" }}a{{ end }}{{ template \"k\" }}"));
    QVERIFY(set.parse("f", "{{ define \"k\" }}b{{ end }}{{ if }}"));
    QCOMPARE(run(set, "t"), std::string("a"));
}

QTEST_GUILESS_MAIN(tst_TemplateSet)
#include "tst_templateset.moc"
