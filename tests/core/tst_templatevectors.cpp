// SPDX-License-Identifier: Apache-2.0
// Every case of go-template.json and sprig-helm-functions.json rendered by the
// engine and compared byte for byte with what Go produced.
#include "TemplateVectors.h"

#include <QTest>

#include <ctime>

using namespace ds;

class tst_TemplateVectors : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void goTemplate_data() { addRows(QStringLiteral("go-template")); }
    void goTemplate() { check(); }
    void sprigFunctions_data() { addRows(QStringLiteral("sprig-helm-functions")); }
    void sprigFunctions() { check(); }

private:
    void addRows(const QString &file);
    void check();
    std::vector<test::TemplateVector> m_vectors;
};

Q_DECLARE_METATYPE(std::size_t)

void tst_TemplateVectors::initTestCase()
{
    // Time-zone dependent cases were generated with TZ=UTC.
    qputenv("TZ", "UTC");
    tzset();
}

void tst_TemplateVectors::addRows(const QString &file)
{
    QTest::addColumn<std::size_t>("index");
    const auto vectors = test::loadTemplateVectors(file);
    QVERIFY(!vectors.empty());
    for (const auto &v : vectors) {
        m_vectors.push_back(v);
        QTest::newRow(v.id.c_str()) << (m_vectors.size() - 1);
    }
}

void tst_TemplateVectors::check()
{
    QFETCH(std::size_t, index);
    const test::TemplateVector &v = m_vectors.at(index);
    const test::RenderOutcome r = test::renderVector(v);
    if (r.error != v.expectError) {
        const QByteArray msg = QByteArray(r.error ? "unexpected error: " : "expected an error, got output: ")
            + QByteArray::fromStdString(r.text);
        QFAIL(msg.constData());
    }
    QCOMPARE(QByteArray::fromStdString(r.text), QByteArray::fromStdString(v.expected));
}

QTEST_GUILESS_MAIN(tst_TemplateVectors)
#include "tst_templatevectors.moc"
