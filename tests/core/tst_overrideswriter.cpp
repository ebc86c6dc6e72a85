// SPDX-License-Identifier: Apache-2.0
// OverridesWriter: accepting drift appends the override generate-patches
// writes; removing one or editing its reason touches only its lines; comments,
// other overrides and their order stay byte for byte; what the text holds is
// always read back.
#include "TestPrinters.h"
#include "compare/OverridesWriter.h"

#include <QTest>

using namespace ds;
using compare::OverridesWriter;
using compare::UserOverride;

namespace {

UserOverride override(const std::string &name, const std::string &reason)
{
    UserOverride o;
    o.name = name;
    o.apiVersion = "v1";
    o.kind = "ConfigMap";
    o.ns = "ns";
    o.type = "mergepatch";
    o.patch = R"({"data":{"k":"v"}})";
    o.reason = reason;
    o.templatePath = "cm.yaml";
    return o;
}

const char *const kFile = R"(# Overrides agreed with the platform team
- apiVersion: v1
  kind: ConfigMap
  name: first
  namespace: ns
  patch: '{"data":{"a":"1"}}'
  # kept for the audit
  reason: first reason
  templatePath: cm.yaml
  type: mergepatch

# the second one
- apiVersion: v1
  kind: ConfigMap
  name: second
  namespace: ns
  patch: '{"data":{"b":"2"}}'
  reason: >-
    a reason folded
    over two lines
  templatePath: cm.yaml
  type: mergepatch
)";

QStringList names(const std::vector<UserOverride> &overrides)
{
    QStringList out;
    for (const auto &o : overrides)
        out << QString::fromStdString(o.name + "/" + o.reason);
    return out;
}

} // namespace

class tst_OverridesWriter : public QObject
{
    Q_OBJECT

private slots:
    void appendKeepsTheFile()
    {
        const auto r = OverridesWriter::append(kFile, {override("third", "accepted in review")});
        QVERIFY(r.ok());
        QVERIFY(r.text.starts_with(kFile)); // everything before stays byte for byte
        QCOMPARE(r.text.substr(std::string(kFile).size()), compare::UserOverrides::toYaml({override("third", "accepted in review")}));
        QCOMPARE(names(r.overrides), (QStringList{"first/first reason", "second/a reason folded over two lines",
                                                  "third/accepted in review"}));
    }

    void appendToNothing_data()
    {
        QTest::addColumn<QByteArray>("existing");
        QTest::newRow("empty file") << QByteArray();
        QTest::newRow("comments only") << QByteArray("# my overrides\n");
        QTest::newRow("null") << QByteArray("null\n");
        QTest::newRow("empty list") << QByteArray("[]\n");
        QTest::newRow("flow list") << QByteArray("[{name: a, reason: r, type: mergepatch, patch: '{}', templatePath: t}]\n");
    }

    void appendToNothing()
    {
        QFETCH(QByteArray, existing);
        const auto r = OverridesWriter::append(existing.toStdString(), {override("new", "because")});
        QVERIFY(r.ok());
        QVERIFY(names(r.overrides).endsWith("new/because"));
        if (existing.startsWith('#'))
            QVERIFY(r.text.starts_with("# my overrides\n")); // leading comments survive a rewrite
        QVERIFY(compare::UserOverrides::parse(r.text).ok());
    }

    void removeTakesOnlyItsLines()
    {
        const auto r = OverridesWriter::remove(kFile, 0);
        QVERIFY(r.ok());
        QCOMPARE(names(r.overrides), QStringList{"second/a reason folded over two lines"});
        const std::string second = std::string(kFile).substr(std::string(kFile).find("\n# the second one") + 1);
        QCOMPARE(r.text, "# Overrides agreed with the platform team\n\n" + second);
        const auto last = OverridesWriter::remove(r.text, 0);
        QVERIFY(last.ok());
        QVERIFY(last.overrides.empty());
        QVERIFY(compare::UserOverrides::parse(last.text).ok());
        QVERIFY(last.text.starts_with("# Overrides agreed with the platform team\n"));
    }

    void setReasonTouchesOnlyTheReason_data()
    {
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("reason");
        QTest::newRow("plain") << 0 << "looked at it again";
        QTest::newRow("folded over two lines") << 1 << "now one line";
        QTest::newRow("needs quoting") << 0 << "yes: with a colon # and hash";
        QTest::newRow("two lines") << 1 << "line one\nline two";
    }

    void setReasonTouchesOnlyTheReason()
    {
        QFETCH(int, index);
        QFETCH(QString, reason);
        const auto r = OverridesWriter::setReason(kFile, std::size_t(index), reason.toStdString());
        QVERIFY(r.ok());
        QCOMPARE(QString::fromStdString(r.overrides[std::size_t(index)].reason), reason);
        // Every line but the reason's is unchanged.
        const QStringList before = QString::fromUtf8(kFile).split('\n');
        const QStringList after = QString::fromStdString(r.text).split('\n');
        for (const QString &line : before)
            if (!line.contains("reason") && !line.startsWith("    "))
                QVERIFY2(after.contains(line), qPrintable(line));
        QVERIFY(r.text.find("# kept for the audit") != std::string::npos);
    }

    void badFileIsAnError()
    {
        QVERIFY(!OverridesWriter::append("- name: a\n  type: mergepatch\n", {override("b", "r")}).ok()); // no reason
        QVERIFY(!OverridesWriter::remove(kFile, 5).ok());
        QVERIFY(!OverridesWriter::setReason("key: [unclosed\n", 0, "r").ok());
    }
};

QTEST_GUILESS_MAIN(tst_OverridesWriter)
#include "tst_overrideswriter.moc"
