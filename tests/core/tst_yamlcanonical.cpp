// SPDX-License-Identifier: Apache-2.0
// Every case of yaml-canonical.json: JSON/template text through the sigs.k8s.io/yaml
// pipelines, compared byte for byte with what the Go code produced.
#include "TestData.h"

#include "json/JsonReader.h"
#include "template/TemplateSet.h"
#include "yaml/SigsYaml.h"
#include "yaml/YamlWriter.h"

#include <QHash>
#include <QJsonObject>
#include <QTest>

using namespace ds;

class tst_YamlCanonical : public QObject
{
    Q_OBJECT

private slots:
    void vector_data();
    void vector();
    void jsonRoundTripOfKeys_data();
    void jsonRoundTripOfKeys();

private:
    // The end-to-end pipeline of kube-compare's reference side: render with the
    // object, then delete every "<no value>".
    std::string renderWithData(const std::string &templateText, const QString &id);
    QHash<QString, QString> m_data;
};

std::string tst_YamlCanonical::renderWithData(const std::string &templateText, const QString &id)
{
    const yaml::ReadResult data = json::read(m_data.value(id).toStdString());
    tmpl::TemplateSet set;
    if (auto e = set.parse("t", templateText))
        return "parse error: " + *e;
    tmpl::FunctionContext context;
    const tmpl::RenderResult r = set.execute("t", data.documents.front(), context);
    if (!r.ok())
        return "render error: " + *r.error;
    std::string out = r.output;
    for (std::size_t pos; (pos = out.find("<no value>")) != std::string::npos;)
        out.erase(pos, 10);
    return out;
}

void tst_YamlCanonical::vector_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<bool>("expectError");
    const QJsonArray cases = test::loadVectors(QStringLiteral("yaml-canonical"));
    QVERIFY(cases.size() >= 66);
    for (const auto &c : cases) {
        const QJsonObject o = c.toObject();
        const QString kind = o.value(QLatin1String("kind")).toString();
        QString input = o.value(QLatin1String("input_json")).toString();
        if (kind == QLatin1String("yamlrt"))
            input = o.value(QLatin1String("template_output")).toString();
        if (kind == QLatin1String("kc")) {
            input = o.value(QLatin1String("template")).toString();
            m_data[o.value(QLatin1String("id")).toString()] = o.value(QLatin1String("data")).toString();
        }
        const bool isError = o.contains(QLatin1String("error"));
        const QString expected = o.value(isError ? QLatin1String("error") : QLatin1String("output")).toString();
        QTest::newRow(qPrintable(o.value(QLatin1String("id")).toString())) << kind << input << expected << isError;
    }
}

void tst_YamlCanonical::vector()
{
    QFETCH(QString, kind);
    QFETCH(QString, input);
    QFETCH(QString, expected);
    QFETCH(bool, expectError);

    QString actual;
    bool gotError = false;
    if (kind == QLatin1String("kc") || kind == QLatin1String("yamlrt")) {
        std::string text = input.toStdString();
        if (kind == QLatin1String("kc"))
            text = renderWithData(text, QTest::currentDataTag());
        const yaml::UnmarshalResult r = yaml::unmarshalObject(text);
        if (!r.ok()) {
            gotError = true;
            actual = QStringLiteral("YAML: ") + QString::fromStdString(*r.error);
        } else {
            const yaml::WriteResult w = yaml::writeCanonical(r.value);
            gotError = !w.ok();
            actual = QString::fromStdString(w.ok() ? w.text : *w.error);
        }
    } else {
        const auto numbers = kind == QLatin1String("yamlf") ? yaml::NumberTyping::Float64
                                                            : yaml::NumberTyping::Kubernetes;
        const yaml::ReadResult in = json::read(input.toStdString(), numbers);
        QVERIFY2(in.ok() && in.documents.size() == 1, "vector input is not one JSON value");
        const yaml::WriteResult w = yaml::writeCanonical(in.documents.front());
        gotError = !w.ok();
        actual = QString::fromStdString(w.ok() ? w.text : *w.error);
    }
    QCOMPARE(gotError, expectError);
    QCOMPARE(actual, expected);
}

// sigs.k8s.io/yaml.Marshal goes through JSON: yaml.v2 reads the keys back with
// U+0085 folded, sorts them as read, and a later key (encoding/json's byte order)
// that folds to the same text wins. Found by fuzz_roundtrip: writing the value
// read back gave another text.
void tst_YamlCanonical::jsonRoundTripOfKeys_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("folded key sorts as folded") << QByteArray("{\"\\N)b\": 1, \"-\": 2}\n")
                                                << QByteArray("' )b': 1\n'-': 2\n");
    QTest::newRow("keys folding together: the later wins") << QByteArray("{\"a \\Nb\": 1, \"a\\Nb\": 2}\n")
                                                            << QByteArray("a b: 2\n");
    QTest::newRow("value folded") << QByteArray("f: \"trail \\Nx\"\n") << QByteArray("f: trail x\n");
    // yaml.v2's order is cyclic here (x1101 < x1r < x2 < x1101): the result must
    // not depend on where the folded key stood before folding.
    QTest::newRow("cyclic order, folded key") << QByteArray("{\"x\\NMLx1\": 2, \"x1r\": 5, \"x2\": 6, \"x1101\": 1}\n")
                                              << QByteArray("x MLx1: 2\nx1101: 1\nx1r: 5\nx2: 6\n");
    QTest::newRow("cyclic order, same keys unfolded") << QByteArray("{\"x MLx1\": 2, \"x1r\": 5, \"x2\": 6, \"x1101\": 1}\n")
                                                      << QByteArray("x MLx1: 2\nx1101: 1\nx1r: 5\nx2: 6\n");
}

void tst_YamlCanonical::jsonRoundTripOfKeys()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, expected);
    const yaml::ReadResult in = yaml::read(std::string_view(input.constData(), std::size_t(input.size())));
    QVERIFY2(in.ok(), in.error ? in.error->message.c_str() : "");
    const yaml::WriteResult w = yaml::writeCanonical(in.documents.front());
    QVERIFY(w.ok());
    QCOMPARE(QByteArray::fromStdString(w.text), expected);
    // Writing is a fixed point once folded.
    const yaml::ReadResult again = yaml::read(w.text);
    QVERIFY(again.ok());
    QCOMPARE(QByteArray::fromStdString(yaml::writeCanonical(again.documents.front()).text), expected);
}

QTEST_GUILESS_MAIN(tst_YamlCanonical)
#include "tst_yamlcanonical.moc"
