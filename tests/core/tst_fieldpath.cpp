// SPDX-License-Identifier: Apache-2.0
// FieldPath (kube-compare's pathToList: Go encoding/csv with '.' as separator), the
// unstructured accessors kube-compare uses (pkg/compare/unstructured.go and
// apimachinery's RemoveNestedField) and omitFields (compare.go, spec e.13).
#include "compare/ObjectTransforms.h"
#include "json/JsonReader.h"
#include "json/JsonWriter.h"
#include "reference/FieldPath.h"

#include "TestData.h"

#include <QTest>

using namespace ds;
using ref::FieldPath;

namespace {

// Objects as the engine sees rendered templates: JSON numbers are float64.
Value parseJson(const QString &text)
{
    const yaml::ReadResult r = json::read(text.toStdString(), yaml::NumberTyping::Float64);
    if (!r.ok() || r.documents.size() != 1)
        qFatal("bad test JSON: %s", qPrintable(text));
    return r.documents.front();
}

QString dump(const Value &v)
{
    return QString::fromStdString(json::write(v).text);
}

std::vector<std::string> segments(const QStringList &list)
{
    std::vector<std::string> out;
    for (const QString &s : list)
        out.push_back(s.toStdString());
    return out;
}

QStringList toList(const std::vector<std::string> &segments)
{
    QStringList out;
    for (const auto &s : segments)
        out << QString::fromStdString(s);
    return out;
}

// "path" or "path*" (a prefix entry), parsed as the loader does.
std::vector<ref::OmitEntry> omitEntries(const QStringList &specs)
{
    std::vector<ref::OmitEntry> out;
    for (QString spec : specs) {
        ref::OmitEntry e;
        e.isPrefix = spec.endsWith('*');
        if (e.isPrefix)
            spec.chop(1);
        e.pathToKey = spec.toStdString();
        std::string error;
        auto path = FieldPath::parse(e.pathToKey, error);
        if (!path)
            qFatal("bad omit path %s: %s", qPrintable(spec), error.c_str());
        e.path = *path;
        out.push_back(std::move(e));
    }
    return out;
}

const QString kBareQuote = QStringLiteral("bare \" in non-quoted-field");
const QString kQuote = QStringLiteral("extraneous or missing \" in quoted-field");

} // namespace

class TestFieldPath : public QObject
{
    Q_OBJECT

private slots:
    void parse_data();
    void parse();
    void toStringJoinsSegments();
    void nestedField_data();
    void nestedField();
    void nestedString_data();
    void nestedString();
    void setNestedString_data();
    void setNestedString();
    void removeNestedField_data();
    void removeNestedField();
    void omitFields_data();
    void omitFields();
};

void TestFieldPath::parse_data()
{
    QTest::addColumn<QString>("pathToKey");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<QString>("error");

    const QString ok;
    QTest::newRow("plain") << "metadata.name" << QStringList{"metadata", "name"} << ok;
    QTest::newRow("single segment") << "status" << QStringList{"status"} << ok;
    QTest::newRow("leading dot stripped") << ".metadata.name" << QStringList{"metadata", "name"} << ok;
    QTest::newRow("only one leading dot stripped") << "..a" << QStringList{"", "a"} << ok;
    QTest::newRow("quoted segment with dots")
        << "metadata.annotations.\"a.b/c\"" << QStringList{"metadata", "annotations", "a.b/c"} << ok;
    QTest::newRow("built-in last-applied annotation")
        << "metadata.annotations.\"kubectl.kubernetes.io/last-applied-configuration\""
        << QStringList{"metadata", "annotations", "kubectl.kubernetes.io/last-applied-configuration"} << ok;
    QTest::newRow("built-in top-level quoted key") << "\"kubectl.kubernetes.io/last-applied-configuration\""
                                                   << QStringList{"kubectl.kubernetes.io/last-applied-configuration"} << ok;
    QTest::newRow("all segments quoted") << "\"spec\".\"selector\"" << QStringList{"spec", "selector"} << ok;
    QTest::newRow("leading dot then quoted") << ".\"a.b\".c" << QStringList{"a.b", "c"} << ok;
    QTest::newRow("escaped quote in quoted segment") << "\"a\"\"b\".c" << QStringList{"a\"b", "c"} << ok;
    QTest::newRow("empty quoted segment") << "a.\"\"" << QStringList{"a", ""} << ok;
    QTest::newRow("empty middle segment") << "a..b" << QStringList{"a", "", "b"} << ok;
    QTest::newRow("trailing separator") << "a." << QStringList{"a", ""} << ok;
    QTest::newRow("spaces kept") << " a . b" << QStringList{" a ", " b"} << ok;
    QTest::newRow("numeric segments") << "spec.list.0.field" << QStringList{"spec", "list", "0", "field"} << ok;
    // One CSV record: only the first line counts, empty lines before it are skipped.
    QTest::newRow("second line ignored") << "a.b\nc.d" << QStringList{"a", "b"} << ok;
    QTest::newRow("leading empty line skipped") << "\na.b" << QStringList{"a", "b"} << ok;
    QTest::newRow("CRLF line end") << "a.b\r\nc" << QStringList{"a", "b"} << ok;
    QTest::newRow("trailing CR before EOF dropped") << "a.b\r" << QStringList{"a", "b"} << ok;
    QTest::newRow("quoted segment spans lines") << "\"a\nb\".c" << QStringList{"a\nb", "c"} << ok;
    QTest::newRow("quoted segment then newline") << "\"a\"\nb" << QStringList{"a"} << ok;

    QTest::newRow("empty") << "" << QStringList{} << "EOF";
    QTest::newRow("only a dot") << "." << QStringList{} << "EOF";
    QTest::newRow("only a newline") << "\n" << QStringList{} << "EOF";
    QTest::newRow("bare quote") << "a\"b" << QStringList{}
                                << "parse error on line 1, column 2: " + kBareQuote;
    QTest::newRow("bare quote in later segment")
        << "a.b\"c" << QStringList{} << "parse error on line 1, column 4: " + kBareQuote;
    QTest::newRow("bare quote after leading dot (columns count after the cut)")
        << ".a\"b" << QStringList{} << "parse error on line 1, column 2: " + kBareQuote;
    QTest::newRow("bare quote columns are bytes") << "\xc3\xa4\"" << QStringList{}
                                                  << "parse error on line 1, column 3: " + kBareQuote;
    QTest::newRow("text after closing quote") << "\"a\"b" << QStringList{}
                                              << "parse error on line 1, column 3: " + kQuote;
    QTest::newRow("text after closing quote, later segment")
        << "x.\"a\"b.c" << QStringList{} << "parse error on line 1, column 5: " + kQuote;
    QTest::newRow("unterminated quote") << "\"ab" << QStringList{}
                                        << "parse error on line 1, column 4: " + kQuote;
    QTest::newRow("unterminated quote in later segment")
        << "a.\"b" << QStringList{} << "parse error on line 1, column 5: " + kQuote;
    QTest::newRow("quote error on the second line of a record")
        << "\"a\nb\"x" << QStringList{} << "record on line 1; parse error on line 2, column 2: " + kQuote;
    QTest::newRow("unterminated quote across lines")
        << "\"a\nb" << QStringList{} << "record on line 1; parse error on line 2, column 2: " + kQuote;
}

void TestFieldPath::parse()
{
    QFETCH(QString, pathToKey);
    QFETCH(QStringList, expected);
    QFETCH(QString, error);

    std::string err;
    const auto path = FieldPath::parse(pathToKey.toStdString(), err);
    if (!error.isEmpty()) {
        QVERIFY2(!path, qPrintable(toList(path ? path->segments : std::vector<std::string>{}).join('|')));
        QCOMPARE(QString::fromStdString(err), error);
        return;
    }
    QVERIFY2(path.has_value(), err.c_str());
    QCOMPARE(toList(path->segments), expected);
}

void TestFieldPath::toStringJoinsSegments()
{
    std::string err;
    const auto path = FieldPath::parse("metadata.annotations.\"a.b\"", err);
    QVERIFY(path);
    QCOMPARE(QString::fromStdString(path->toString()), QStringLiteral("metadata.annotations.a.b"));
}

// nestedField is apimachinery's NestedFieldNoCopy (maps only); nestedFieldThroughLists
// is kube-compare's NestedField (integer segments index lists).
void TestFieldPath::nestedField_data()
{
    QTest::addColumn<QString>("object");
    QTest::addColumn<QStringList>("path");
    QTest::addColumn<QString>("mapsOnly");     // JSON of the value, or "" when absent
    QTest::addColumn<QString>("throughLists"); // same for nestedFieldThroughLists

    const QString obj = R"({"a":{"b":{"c":"x"},"l":[{"k":"v0"},{"k":"v1"}],"n":null,"s":"str"}})";
    QTest::newRow("leaf") << obj << QStringList{"a", "b", "c"} << "\"x\"" << "\"x\"";
    QTest::newRow("map") << obj << QStringList{"a", "b"} << R"({"c":"x"})" << R"({"c":"x"})";
    QTest::newRow("empty path is the object") << R"({"k":1})" << QStringList{} << R"({"k":1})" << R"({"k":1})";
    QTest::newRow("missing key") << obj << QStringList{"a", "z"} << "" << "";
    QTest::newRow("missing root key") << obj << QStringList{"z", "y"} << "" << "";
    QTest::newRow("list index") << obj << QStringList{"a", "l", "1", "k"} << "" << "\"v1\"";
    QTest::newRow("list element") << obj << QStringList{"a", "l", "0"} << "" << R"({"k":"v0"})";
    QTest::newRow("index with leading zero") << obj << QStringList{"a", "l", "01", "k"} << "" << "\"v1\"";
    QTest::newRow("index with plus sign") << obj << QStringList{"a", "l", "+1", "k"} << "" << "\"v1\"";
    QTest::newRow("index out of range") << obj << QStringList{"a", "l", "2", "k"} << "" << "";
    QTest::newRow("null leaf") << obj << QStringList{"a", "n"} << "null" << "null";
    QTest::newRow("through null") << obj << QStringList{"a", "n", "x"} << "" << "";
    QTest::newRow("through string") << obj << QStringList{"a", "s", "x"} << "" << "";
}

void TestFieldPath::nestedField()
{
    QFETCH(QString, object);
    QFETCH(QStringList, path);
    QFETCH(QString, mapsOnly);
    QFETCH(QString, throughLists);

    const Value o = parseJson(object);
    const Value a = ref::nestedField(o, segments(path));
    QCOMPARE(a.isMissing() ? QString() : dump(a), mapsOnly);
    const Value b = ref::nestedFieldThroughLists(o, segments(path));
    QCOMPARE(b.isMissing() ? QString() : dump(b), throughLists);
}

// kube-compare's NestedString, with its unit test cases (unstructured_test.go) and
// the accessor errors of unstructured.go.
void TestFieldPath::nestedString_data()
{
    QTest::addColumn<QString>("object");
    QTest::addColumn<QStringList>("path");
    QTest::addColumn<bool>("found");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("error");

    const QString deep = R"({"one":{"two":{"three":"answer"}}})";
    const QString slice = R"({"one":{"two":[{"three":"answer"},{"threeA":"answerA"}]}})";
    const QString none;
    QTest::newRow("nil object") << "null" << QStringList{"foo"} << false << none << none;
    QTest::newRow("trivial case") << R"({"foo":"bar"})" << QStringList{"foo"} << true << "bar" << none;
    QTest::newRow("missing") << R"({"foo":"bar"})" << QStringList{"blee"} << false << none << none;
    QTest::newRow("overshoot") << R"({"foo":"bar"})" << QStringList{"foo", "blee"} << false << none
                               << ".foo.blee accessor error: bar is of the type string, expected map[string]any or []any";
    QTest::newRow("overshoot through a number")
        << R"({"a":5})" << QStringList{"a", "b", "c"} << false << none
        << ".a.b accessor error: 5 is of the type float64, expected map[string]any or []any";
    QTest::newRow("deep structs") << deep << QStringList{"one", "two", "three"} << true << "answer" << none;
    QTest::newRow("falling short") << deep << QStringList{"one", "two"} << true << none
                                   << ".one.two accessor error: map[three:answer] is of the type "
                                      "map[string]interface {}, expected string";
    QTest::newRow("with a slice") << slice << QStringList{"one", "two", "0", "three"} << true << "answer" << none;
    QTest::newRow("bad slice index")
        << slice << QStringList{"one", "two", "three"} << false << none
        << ".one.two.three accessor error: found slice but index three could not be converted into an int: "
           "strconv.Atoi: parsing \"three\": invalid syntax";
    QTest::newRow("empty slice index")
        << slice << QStringList{"one", "two", ""} << false << none
        << ".one.two. accessor error: found slice but index  could not be converted into an int: "
           "strconv.Atoi: parsing \"\": invalid syntax";
    QTest::newRow("slice index out of int range")
        << slice << QStringList{"one", "two", "99999999999999999999"} << false << none
        << ".one.two.99999999999999999999 accessor error: found slice but index 99999999999999999999 could not be "
           "converted into an int: strconv.Atoi: parsing \"99999999999999999999\": value out of range";
    QTest::newRow("slice index past the end") << slice << QStringList{"one", "two", "2", "three"} << false << none
                                              << none;
    QTest::newRow("missing key in slice element")
        << slice << QStringList{"one", "two", "1", "three"} << false << none << none;
    QTest::newRow("number leaf (spec b.4 example)") << R"({"spec":{"x":5}})" << QStringList{"spec", "x"} << true << none
                                                    << ".spec.x accessor error: 5 is of the type float64, expected string";
    QTest::newRow("bool leaf") << R"({"a":true})" << QStringList{"a"} << true << none
                               << ".a accessor error: true is of the type bool, expected string";
    QTest::newRow("list leaf") << R"({"a":["x","y"]})" << QStringList{"a"} << true << none
                               << ".a accessor error: [x y] is of the type []interface {}, expected string";
    QTest::newRow("null leaf") << R"({"a":null})" << QStringList{"a"} << true << none
                               << ".a accessor error: <nil> is of the type <nil>, expected string";
    QTest::newRow("through null") << R"({"a":null})" << QStringList{"a", "b"} << false << none << none;
    QTest::newRow("empty string") << R"({"a":""})" << QStringList{"a"} << true << "" << none;
}

void TestFieldPath::nestedString()
{
    QFETCH(QString, object);
    QFETCH(QStringList, path);
    QFETCH(bool, found);
    QFETCH(QString, value);
    QFETCH(QString, error);

    const ref::NestedStringResult r = ref::nestedString(parseJson(object), segments(path));
    QCOMPARE(r.error ? QString::fromStdString(*r.error) : QString(), error);
    QCOMPARE(r.found, found);
    QCOMPARE(QString::fromStdString(r.value), value);
}

// kube-compare's SetNestedString: the parent (reached through maps and lists) must be a map.
void TestFieldPath::setNestedString_data()
{
    QTest::addColumn<QString>("object");
    QTest::addColumn<QStringList>("path");
    QTest::addColumn<QString>("expected"); // object after the call
    QTest::addColumn<QString>("error");

    const QString obj = R"({"foo":"unset","one":{"two":{"three":"unset"}},"a":{"b":[{"c":"unset"}]}})";
    const QString none;
    QTest::newRow("top level") << obj << QStringList{"foo"}
                               << R"({"a":{"b":[{"c":"unset"}]},"foo":"set","one":{"two":{"three":"unset"}}})" << none;
    QTest::newRow("nested") << obj << QStringList{"one", "two", "three"}
                            << R"({"a":{"b":[{"c":"unset"}]},"foo":"unset","one":{"two":{"three":"set"}}})" << none;
    QTest::newRow("through a list") << obj << QStringList{"a", "b", "0", "c"}
                                    << R"({"a":{"b":[{"c":"set"}]},"foo":"unset","one":{"two":{"three":"unset"}}})"
                                    << none;
    QTest::newRow("new key in an existing map")
        << R"({"m":{}})" << QStringList{"m", "k"} << R"({"m":{"k":"set"}})" << none;
    QTest::newRow("replaces a non-string") << R"({"m":{"k":5}})" << QStringList{"m", "k"} << R"({"m":{"k":"set"}})"
                                           << none;
    QTest::newRow("parent missing") << R"({"m":{}})" << QStringList{"x", "y"} << R"({"m":{}})"
                                    << ".x.y accessor error: Not found";
    QTest::newRow("list element leaf") << R"({"l":["x"]})" << QStringList{"l", "0"} << R"({"l":["x"]})"
                                       << ".l.0 accessor error: [x] is of type []interface {}, expected map[string]string";
    QTest::newRow("parent is a string") << R"({"foo":"bar"})" << QStringList{"foo", "x"} << R"({"foo":"bar"})"
                                        << ".foo.x accessor error: bar is of type string, expected map[string]string";
    QTest::newRow("parent path overshoots")
        << R"({"foo":"bar"})" << QStringList{"foo", "x", "y"} << R"({"foo":"bar"})"
        << ".foo.x accessor error: bar is of the type string, expected map[string]any or []any";
}

void TestFieldPath::setNestedString()
{
    QFETCH(QString, object);
    QFETCH(QStringList, path);
    QFETCH(QString, expected);
    QFETCH(QString, error);

    Value o = parseJson(object);
    const std::optional<std::string> e = ref::setNestedString(o, segments(path), "set");
    QCOMPARE(e ? QString::fromStdString(*e) : QString(), error);
    QCOMPARE(dump(o), dump(parseJson(expected)));
}

// apimachinery's RemoveNestedField: maps only, no pruning.
void TestFieldPath::removeNestedField_data()
{
    QTest::addColumn<QString>("object");
    QTest::addColumn<QStringList>("path");
    QTest::addColumn<QString>("expected");

    QTest::newRow("leaf") << R"({"a":{"b":1,"c":2}})" << QStringList{"a", "b"} << R"({"a":{"c":2}})";
    QTest::newRow("last key leaves an empty map") << R"({"a":{"b":1}})" << QStringList{"a", "b"} << R"({"a":{}})";
    QTest::newRow("top level") << R"({"a":1,"b":2})" << QStringList{"a"} << R"({"b":2})";
    QTest::newRow("whole subtree") << R"({"a":{"b":{"c":1}},"d":1})" << QStringList{"a"} << R"({"d":1})";
    QTest::newRow("missing leaf") << R"({"a":{"b":1}})" << QStringList{"a", "x"} << R"({"a":{"b":1}})";
    QTest::newRow("missing parent") << R"({"a":{"b":1}})" << QStringList{"x", "b"} << R"({"a":{"b":1}})";
    QTest::newRow("no path through lists") << R"({"l":[{"k":1}]})" << QStringList{"l", "0", "k"}
                                           << R"({"l":[{"k":1}]})";
    QTest::newRow("parent is a string") << R"({"a":"s"})" << QStringList{"a", "b"} << R"({"a":"s"})";
    QTest::newRow("parent is null") << R"({"a":null})" << QStringList{"a", "b"} << R"({"a":null})";
}

void TestFieldPath::removeNestedField()
{
    QFETCH(QString, object);
    QFETCH(QStringList, path);
    QFETCH(QString, expected);

    Value o = parseJson(object);
    ref::removeNestedField(o, segments(path));
    QCOMPARE(dump(o), dump(parseJson(expected)));
}

// kube-compare's omitFields (spec e.13): prefix entries, maps only, pruning of maps
// left empty along the path.
void TestFieldPath::omitFields_data()
{
    QTest::addColumn<QString>("object");
    QTest::addColumn<QStringList>("omit"); // a trailing '*' marks isPrefix
    QTest::addColumn<QString>("expected");

    QStringList builtIns;
    for (const auto &p : ref::builtInOmitPaths())
        builtIns << QString::fromStdString(p);
    QTest::newRow("built-ins")
        << R"({"apiVersion":"v1","kind":"ConfigMap","kubectl.kubernetes.io/last-applied-configuration":"x",
              "metadata":{"name":"n","resourceVersion":"1","uid":"u","creationTimestamp":"t","generation":2,
                          "managedFields":[{}],"selfLink":"l","generateName":"g","finalizers":["f"],
                          "annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{}"}},
              "status":{"phase":"ok"},"data":{"k":"v"}})"
        << builtIns << R"({"apiVersion":"v1","data":{"k":"v"},"kind":"ConfigMap","metadata":{"name":"n"}})";
    QTest::newRow("emptied map pruned up the path")
        << R"({"kind":"K","metadata":{"annotations":{"a":"1"}}})" << QStringList{"metadata.annotations.a"}
        << R"({"kind":"K"})";
    QTest::newRow("pruning stops at a non-empty map")
        << R"({"kind":"K","metadata":{"name":"n","annotations":{"a":"1"}}})" << QStringList{"metadata.annotations.a"}
        << R"({"kind":"K","metadata":{"name":"n"}})";
    QTest::newRow("pre-existing empty map on the path is pruned")
        << R"({"kind":"K","metadata":{"name":"n","labels":{}}})" << QStringList{"metadata.labels.x"}
        << R"({"kind":"K","metadata":{"name":"n"}})";
    QTest::newRow("empty map elsewhere is kept")
        << R"({"kind":"K","a":{},"b":{"c":1}})" << QStringList{"b.c"} << R"({"a":{},"kind":"K"})";
    QTest::newRow("missing path is a no-op") << R"({"kind":"K","a":{"b":1}})" << QStringList{"x.y", "a.c"}
                                             << R"({"kind":"K","a":{"b":1}})";
    QTest::newRow("prefix") << R"({"kind":"K","metadata":{"annotations":{"foo":"1","foobar":"2","bar":"3"}}})"
                            << QStringList{"metadata.annotations.foo*"}
                            << R"({"kind":"K","metadata":{"annotations":{"bar":"3"}}})";
    QTest::newRow("prefix removing every key prunes the parents")
        << R"({"kind":"K","metadata":{"annotations":{"foo":"1","foobar":"2"}}})"
        << QStringList{"metadata.annotations.foo*"} << R"({"kind":"K"})";
    QTest::newRow("quoted prefix")
        << R"({"kind":"K","metadata":{"labels":{"app.kubernetes.io/name":"a","app.kubernetes.io/part-of":"b","x":"c"}}})"
        << QStringList{"metadata.labels.\"app.kubernetes.io/\"*"} << R"({"kind":"K","metadata":{"labels":{"x":"c"}}})";
    QTest::newRow("top-level prefix") << R"({"kind":"K","status":{},"stuff":1,"spec":2})" << QStringList{"st*"}
                                      << R"({"kind":"K","spec":2})";
    QTest::newRow("prefix under a missing parent") << R"({"kind":"K"})" << QStringList{"metadata.annotations.a*"}
                                                   << R"({"kind":"K"})";
    QTest::newRow("empty prefix removes every key of the parent")
        << R"({"kind":"K","m":{"a":1,"b":2}})" << QStringList{"m.*"} << R"({"kind":"K"})";
    QTest::newRow("no removal through lists")
        << R"({"kind":"K","spec":{"list":[{"x":1,"y":2}]}})" << QStringList{"spec.list.0.x", "spec.list.0.y*"}
        << R"({"kind":"K","spec":{"list":[{"x":1,"y":2}]}})";
    QTest::newRow("null parent kept") << R"({"kind":"K","metadata":{"annotations":null}})"
                                      << QStringList{"metadata.annotations.a"}
                                      << R"({"kind":"K","metadata":{"annotations":null}})";
    QTest::newRow("whole subtree") << R"({"kind":"K","status":{"a":{"b":1}}})" << QStringList{"status"}
                                   << R"({"kind":"K"})";
    QTest::newRow("chain of empty maps pruned bottom up")
        << R"({"kind":"K","a":{"b":{"c":{}}}})" << QStringList{"a.b.c.d"} << R"({"kind":"K"})";
    QTest::newRow("scalar on the path stops the walk")
        << R"({"kind":"K","a":{"b":1}})" << QStringList{"a.b.c"} << R"({"a":{"b":1},"kind":"K"})";
    QTest::newRow("null on the path stops the walk")
        << R"({"kind":"K","a":{"b":null,"c":{}}})" << QStringList{"a.b.x", "a.c.y"} << R"({"a":{"b":null},"kind":"K"})";
    QTest::newRow("entries applied in order")
        << R"({"kind":"K","m":{"a":{"b":1},"c":1}})" << QStringList{"m.a.b", "m.c"} << R"({"kind":"K"})";
}

void TestFieldPath::omitFields()
{
    QFETCH(QString, object);
    QFETCH(QStringList, omit);
    QFETCH(QString, expected);

    Value o = parseJson(object);
    compare::omitFields(o, omitEntries(omit));
    QCOMPARE(dump(o), dump(parseJson(expected)));
}

QTEST_GUILESS_MAIN(TestFieldPath)
#include "tst_fieldpath.moc"
