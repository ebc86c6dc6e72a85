// SPDX-License-Identifier: Apache-2.0
// Sprig string, path/URL and toToml functions (sprig-helm-functions.md §3, §4, §14),
// called directly through their registered FunctionSpecs.
#include "template/FunctionError.h"
#include "template/FunctionRegistry.h"
#include "go/GoFmt.h"
#include "template/TemplateObject.h"
#include "template/functions/CaseConversion.h"
#include "template/functions/FunctionGroups.h"
#include "template/functions/TomlEncoder.h"
#include "text/Utf8.h"

#include <QTest>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <limits>
#include <set>

using namespace ds;
using namespace ds::tmpl;

namespace {

struct Case
{
    std::string fn;
    std::vector<Value> args;
    Value expected;
};

Value I(std::int64_t i)
{
    return Value::fromInt(i);
}

Value L(std::initializer_list<Value> items)
{
    return Value(ValueList(items));
}

Value SL(std::initializer_list<const char *> items)
{
    ValueList list;
    for (const char *s : items)
        list.emplace_back(s);
    return Value(std::move(list), Value::ListType::String);
}

Value M(std::initializer_list<std::pair<const std::string, Value>> items, Value::MapType t = Value::MapType::Interface)
{
    return Value(ValueMap(items), t);
}

const FunctionRegistry &registry()
{
    static const FunctionRegistry r = [] {
        FunctionRegistry reg;
        registerStringFunctions(reg);
        registerPathFunctions(reg);
        registerTomlFunction(reg);
        return reg;
    }();
    return r;
}

Value call(const std::string &fn, std::vector<Value> args, FunctionContext *context = nullptr)
{
    const FunctionSpec *spec = registry().find(fn);
    if (!spec)
        throw std::logic_error("no function " + fn);
    FunctionContext local;
    return spec->impl(context ? *context : local, args);
}

QByteArray bytes(const std::string &s)
{
    return QByteArray::fromStdString(s);
}

// A readable rendering for failure messages: %v plus the value's Go type.
QByteArray describe(const Value &v)
{
    std::string type = v.isList() ? "list" + std::to_string(int(v.listType()))
        : v.isMap()               ? "map" + std::to_string(int(v.mapType()))
                                  : std::to_string(int(v.type()));
    return bytes(go::fmt::formatValue(v) + " (" + type + ")");
}

bool sameValue(const Value &a, const Value &b)
{
    if (a.isList() && b.isList() && a.listType() != b.listType())
        return false;
    if (a.isMap() && b.isMap() && a.mapType() != b.mapType())
        return false;
    return a.type() == b.type() && a.deepEquals(b);
}

// Stand-ins for the Go objects templates can hold (time.Time, Duration, semver, certificate).
class FakeObject : public TemplateObject
{
public:
    FakeObject(std::string type, std::string kind, std::string text, Value json = Value(),
               std::vector<std::pair<std::string, Value>> fields = {})
        : m_type(std::move(type)), m_kind(std::move(kind)), m_text(std::move(text)), m_json(std::move(json)),
          m_fields(std::move(fields))
    {
    }
    std::string typeName() const override { return m_type; }
    std::string toString() const override { return m_text; }
    std::string kindName() const override { return m_kind; }
    Value jsonValue() const override { return m_json; }
    std::optional<Value> field(std::string_view name) const override
    {
        for (const auto &[n, v] : m_fields) {
            if (n == name)
                return v;
        }
        return std::nullopt;
    }

private:
    std::string m_type, m_kind, m_text;
    Value m_json;
    std::vector<std::pair<std::string, Value>> m_fields;
};

Value object(std::shared_ptr<const GoObject> o)
{
    return Value(std::move(o));
}

} // namespace

Q_DECLARE_METATYPE(Case)
Q_DECLARE_METATYPE(ds::Value)

class tst_StringFunctions : public QObject
{
    Q_OBJECT

private slots:
    void signatures_data();
    void signatures();
    void results_data();
    void results();
    void errors_data();
    void errors();
    void caseConversion_data();
    void caseConversion();
    void goStrings();
    void listAliasing();
    void random();
    void toml_data();
    void toml();
    void tomlPanics();
};

void tst_StringFunctions::signatures_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("params"); // one letter per parameter
    QTest::addColumn<bool>("variadic");
    // S string, I int, A any, M map[string]interface{}
    const std::pair<const char *, const char *> fixed[] = {
        {"abbrev", "IS"}, {"abbrevboth", "IIS"}, {"camelcase", "S"}, {"contains", "SS"}, {"hasPrefix", "SS"},
        {"hasSuffix", "SS"}, {"hello", ""}, {"indent", "IS"}, {"initials", "S"}, {"join", "SA"},
        {"kebabcase", "S"}, {"lower", "S"}, {"nindent", "IS"}, {"nospace", "S"}, {"plural", "SSI"},
        {"randAlpha", "I"}, {"randAlphaNum", "I"}, {"randAscii", "I"}, {"randNumeric", "I"}, {"repeat", "IS"},
        {"replace", "SSS"}, {"shuffle", "S"}, {"snakecase", "S"}, {"sortAlpha", "A"}, {"split", "SS"},
        {"splitList", "SS"}, {"splitn", "SIS"}, {"substr", "IIS"}, {"swapcase", "S"}, {"title", "S"},
        {"toStrings", "A"}, {"trim", "S"}, {"trimAll", "SS"}, {"trimPrefix", "SS"}, {"trimSuffix", "SS"},
        {"trimall", "SS"}, {"trunc", "IS"}, {"untitle", "S"}, {"upper", "S"}, {"wrap", "IS"}, {"wrapWith", "ISS"},
        {"base", "S"}, {"clean", "S"}, {"dir", "S"}, {"ext", "S"}, {"isAbs", "S"}, {"osBase", "S"},
        {"osClean", "S"}, {"osDir", "S"}, {"osExt", "S"}, {"osIsAbs", "S"}, {"urlJoin", "M"}, {"urlParse", "S"},
        {"toToml", "A"}};
    for (const auto &[name, params] : fixed)
        QTest::newRow(name) << QString(name) << QString(params) << false;
    for (const char *name : {"cat", "quote", "squote"})
        QTest::newRow(name) << QString(name) << QString("A") << true;
}

void tst_StringFunctions::signatures()
{
    QFETCH(QString, name);
    QFETCH(QString, params);
    QFETCH(bool, variadic);
    const FunctionSpec *spec = registry().find(name.toStdString());
    QVERIFY(spec);
    QCOMPARE(spec->variadic, variadic);
    QString actual;
    for (ParamType p : spec->params) {
        switch (p) {
        case ParamType::String: actual += 'S'; break;
        case ParamType::Int: actual += 'I'; break;
        case ParamType::Any: actual += 'A'; break;
        case ParamType::Map: actual += 'M'; break;
        default: actual += '?'; break;
        }
    }
    QCOMPARE(actual, params);
}

void tst_StringFunctions::results_data()
{
    QTest::addColumn<Case>("c");
    const auto row = [](const char *name, Case c) { QTest::newRow(name) << c; };
    // STR-1
    row("STR-1 trim", {"trim", {"  \t a b \n"}, "a b"});
    row("STR-1 trimAll", {"trimAll", {"$-", "$-a$b-$"}, "a$b"});
    row("STR-1 trimPrefix", {"trimPrefix", {"-", "--a"}, "-a"});
    row("STR-1 trimSuffix", {"trimSuffix", {"-", "a--"}, "a-"});
    row("STR-1 trimall", {"trimall", {"x", "xxaxx"}, "a"});
    // STR-2
    row("STR-2 upper", {"upper", {"héllo"}, "HÉLLO"});
    row("STR-2 upper sharp s", {"upper", {"ß"}, "ß"});
    row("STR-2 lower", {"lower", {"HÉLLO"}, "héllo"});
    row("STR-2 title", {"title", {"hello wORLD foo-bar o'neil"}, "Hello WORLD Foo-Bar O'Neil"});
    row("STR-2 untitle", {"untitle", {"Hello World"}, "hello world"});
    // STR-3
    row("STR-3 trunc 5", {"trunc", {I(5), "hello world"}, "hello"});
    row("STR-3 trunc -5", {"trunc", {I(-5), "hello world"}, "world"});
    row("STR-3 trunc 50", {"trunc", {I(50), "hi"}, "hi"});
    row("STR-3 trunc -50", {"trunc", {I(-50), "hi"}, "hi"});
    row("STR-3 trunc bytes", {"trunc", {I(2), "héllo"}, "h\xC3"});
    // STR-4
    row("STR-4 substr 1 3", {"substr", {I(1), I(3), "hello"}, "el"});
    row("STR-4 substr -1 3", {"substr", {I(-1), I(3), "hello"}, "hel"});
    row("STR-4 substr 2 -1", {"substr", {I(2), I(-1), "hello"}, "llo"});
    row("STR-4 substr 2 99", {"substr", {I(2), I(99), "hello"}, "llo"});
    row("STR-4 substr 0 0", {"substr", {I(0), I(0), "hello"}, ""});
    // STR-7
    row("STR-7 abbrev 5", {"abbrev", {I(5), "hello world"}, "he..."});
    row("STR-7 abbrev 3", {"abbrev", {I(3), "hello"}, "hello"});
    row("STR-7 abbrev 20", {"abbrev", {I(20), "hello"}, "hello"});
    row("STR-7 abbrevboth", {"abbrevboth", {I(5), I(10), "1234 5678 9123"}, "...5678..."});
    row("abbrevboth short right", {"abbrevboth", {I(1), I(6), "1234 5678 9123"}, "1234 5678 9123"});
    row("abbrevboth offset near end", {"abbrevboth", {I(12), I(8), "1234 5678 9123"}, "... 9123"});
    row("abbrev empty", {"abbrev", {I(5), ""}, ""});
    // STR-8
    row("STR-8 repeat 3", {"repeat", {I(3), "ab"}, "ababab"});
    row("STR-8 repeat 0", {"repeat", {I(0), "ab"}, ""});
    row("STR-8 repeat 2", {"repeat", {I(2), "ab"}, "abab"});
    // STR-10, STR-11
    row("STR-10 nospace", {"nospace", {" a b\tc\nd "}, "abcd"});
    row("STR-10 initials", {"initials", {"hello big world"}, "hbw"});
    row("STR-10 swapcase", {"swapcase", {"Hello World"}, "hELLO wORLD"});
    row("STR-11 nospace mangles", {"nospace", {"é b"}, "Ã©b"});
    row("STR-11 nospace unchanged", {"nospace", {"éb"}, "éb"});
    row("STR-11 initials bytes", {"initials", {"été x"}, "Ãx"});
    row("nospace nbsp byte", {"nospace", {"a\xC2\xA0" "b"}, "aÂb"});
    row("swapcase title case", {"swapcase", {"ǆa ǆ"}, "ǅA ǅ"});
    row("untitle unicode space", {"untitle", {"ABC\u3000DEF"}, "aBC\u3000dEF"});
    // STR-12 .. STR-15
    row("STR-12 HelloWorld", {"snakecase", {"HelloWorld"}, "hello_world"});
    row("STR-12 helloWorldAPI", {"snakecase", {"helloWorldAPI"}, "hello_world_api"});
    row("STR-12 hello-world foo", {"snakecase", {"hello-world foo"}, "hello_world_foo"});
    row("STR-12 HTTPServer", {"snakecase", {"HTTPServer"}, "http_server"});
    row("STR-13 hello_world", {"camelcase", {"hello_world"}, "HelloWorld"});
    row("STR-13 hello-world foo", {"camelcase", {"hello-world foo"}, "HelloWorldFoo"});
    row("STR-13 helloWorld", {"camelcase", {"helloWorld"}, "HelloWorld"});
    row("STR-13 HTTP_server", {"camelcase", {"HTTP_server"}, "HttpServer"});
    row("STR-14 snake a.b", {"snakecase", {"a.b"}, "a.b"});
    row("STR-14 snake hello.World", {"snakecase", {"hello.World"}, "hello.world"});
    row("STR-14 snake a  b", {"snakecase", {"a  b"}, "a__b"});
    row("STR-14 snake v1Beta2", {"snakecase", {"v1Beta2"}, "v1_beta2"});
    row("STR-14 snake aB-C", {"snakecase", {"aB-C"}, "a_b_c"});
    row("STR-14 camel a.b", {"camelcase", {"a.b"}, "A.b"});
    row("STR-14 camel _lead", {"camelcase", {"_lead"}, "_Lead"});
    row("STR-14 camel a__b", {"camelcase", {"a__b"}, "A_B"});
    row("STR-14 camel ABC DEF", {"camelcase", {"ABC DEF"}, "AbcDef"});
    row("STR-15 kebab HelloWorld", {"kebabcase", {"HelloWorld"}, "hello-world"});
    row("STR-15 kebab hello_world", {"kebabcase", {"hello_world"}, "hello-world"});
    row("STR-15 kebab helloWorldAPI", {"kebabcase", {"helloWorldAPI"}, "hello-world-api"});
    // STR-16
    row("STR-16 wrap", {"wrap", {I(5), "hello world foo"}, "hello\nworld\nfoo"});
    row("STR-16 wrapWith", {"wrapWith", {I(5), "<br>", "hello world foo"}, "hello<br>world<br>foo"});
    row("STR-16 wrap long word", {"wrap", {I(3), "abcdefgh"}, "abcdefgh"});
    row("wrapWith long word", {"wrapWith", {I(3), "|", "abcdefgh"}, "abc|def|gh"});
    row("wrap long word then text", {"wrap", {I(3), "abcdefgh ij kl"}, "abcdefgh\nij\nkl"});
    row("wrap keeps newlines", {"wrap", {I(4), "ab\ncd ef"}, "ab\ncd\nef"});
    row("wrap zero width", {"wrap", {I(0), "a b"}, "a\nb"});
    row("wrapWith empty sep", {"wrapWith", {I(1), "", "a b"}, "a\nb"});
    // STR-17
    row("STR-17 contains", {"contains", {"lo", "hello"}, Value(true)});
    row("STR-17 hasPrefix", {"hasPrefix", {"he", "hello"}, Value(true)});
    row("STR-17 hasSuffix", {"hasSuffix", {"lo", "hello"}, Value(true)});
    row("STR-17 contains ell", {"contains", {"ell", "hello"}, Value(true)});
    row("contains false", {"contains", {"x", "hello"}, Value(false)});
    // STR-19 .. STR-21
    row("STR-19 quote",
        {"quote", {"a\"b", I(1), Value::null(), Value::fromFloat(2.5), Value(true), Value::fromInt64(5)},
         "\"a\\\"b\" \"1\" \"2.5\" \"true\" \"5\""});
    row("STR-19 squote", {"squote", {"a'b", I(1), Value::null()}, "'a'b' '1'"});
    row("STR-19 quote none", {"quote", {}, ""});
    row("STR-19 quote missing", {"quote", {Value::missing()}, ""});
    row("STR-20 quote 1e6", {"quote", {Value::fromFloat(1e6)}, "\"1e+06\""});
    row("STR-20 quote list", {"quote", {L({I(1), "a"})}, "\"[1 a]\""});
    row("STR-20 quote escapes", {"quote", {"é\t\x01"}, "\"é\\t\\x01\""});
    row("STR-21 cat", {"cat", {"a", I(1), Value::null(), "b", Value::missing(), Value::fromFloat(2.5)}, "a 1 b 2.5"});
    row("STR-21 cat none", {"cat", {}, ""});
    row("cat typed nil list", {"cat", {Value::nilList(), "x"}, "[] x"});
    // STR-22, STR-23, STR-24
    row("STR-22 indent", {"indent", {I(2), "a\nb\n"}, "  a\n  b\n  "});
    row("STR-22 nindent", {"nindent", {I(2), "a\nb"}, "\n  a\n  b"});
    row("STR-22 indent 0", {"indent", {I(0), "x"}, "x"});
    row("STR-23 replace", {"replace", {"a", "b", "banana"}, "bbnbnb"});
    row("STR-23 replace empty old", {"replace", {"", "-", "abc"}, "-a-b-c-"});
    row("STR-23 replace an", {"replace", {"an", "AN", "banana"}, "bANANa"});
    row("replace empty old runes", {"replace", {"", "|", "é\xFF"}, "|é|\xFF|"});
    row("STR-24 plural 1", {"plural", {"one", "many", I(1)}, "one"});
    row("STR-24 plural 2", {"plural", {"one", "many", I(2)}, "many"});
    row("STR-24 plural 0", {"plural", {"one", "many", I(0)}, "many"});
    // STR-26, STR-27
    const auto SM = Value::MapType::String;
    row("STR-26 split", {"split", {",", "a,b,c"}, M({{"_0", "a"}, {"_1", "b"}, {"_2", "c"}}, SM)});
    row("STR-26 splitn", {"splitn", {",", I(2), "a,b,c"}, M({{"_0", "a"}, {"_1", "b,c"}}, SM)});
    row("splitn 0", {"splitn", {",", I(0), "a,b,c"}, M({}, SM)});
    row("splitn -1", {"splitn", {",", I(-1), "a,b"}, M({{"_0", "a"}, {"_1", "b"}}, SM)});
    row("STR-27 splitList", {"splitList", {",", "a,b,c"}, SL({"a", "b", "c"})});
    row("STR-27 splitList empty", {"splitList", {",", ""}, SL({""})});
    row("STR-27 splitList runes", {"splitList", {"", "abc"}, SL({"a", "b", "c"})});
    row("STR-27 splitList trailing", {"splitList", {",", "a,"}, SL({"a", ""})});
    row("splitList empty both", {"splitList", {"", ""}, SL({})});
    row("splitList invalid bytes", {"splitList", {"", "\xFFé"}, SL({"\xFF", "é"})});
    // STR-28 .. STR-31
    row("STR-28 join list", {"join", {",", L({"b", "a"})}, "b,a"});
    row("STR-28 join mixed", {"join", {"-", L({I(1), Value::null(), Value::fromFloat(2.5), "x"})}, "1-2.5-x"});
    row("STR-28 join string", {"join", {",", "abc"}, "abc"});
    row("STR-28 join nil", {"join", {",", Value::null()}, ""});
    row("STR-28 join int", {"join", {",", I(5)}, "5"});
    row("join []string", {"join", {"+", SL({"x", "y"})}, "x+y"});
    row("STR-29 sortAlpha", {"sortAlpha", {L({"b", "a", "C"})}, SL({"C", "a", "b"})});
    row("STR-29 sortAlpha mixed", {"sortAlpha", {L({I(3), "b", I(10), "A"})}, SL({"10", "3", "A", "b"})});
    row("STR-29 sortAlpha scalar", {"sortAlpha", {"x"}, SL({"x"})});
    row("sortAlpha nil", {"sortAlpha", {Value::null()}, SL({"<nil>"})});
    row("STR-30 toStrings list",
        {"toStrings", {L({I(1), Value::null(), "a", Value::fromFloat(2.5)})}, SL({"1", "a", "2.5"})});
    row("STR-30 toStrings scalar", {"toStrings", {"a"}, SL({"a"})});
    row("STR-30 toStrings nil", {"toStrings", {Value::null()}, SL({})});
    row("STR-30 toStrings empty", {"toStrings", {L({})}, SL({})});
    row("toStrings map", {"toStrings", {M({{"a", I(1)}})}, SL({"map[a:1]"})});
    row("STR-31 hello", {"hello", {}, "Hello!"});
    // PTH-1, PTH-2
    row("PTH-1 base", {"base", {"a/b/c.txt"}, "c.txt"});
    row("PTH-1 base empty", {"base", {""}, "."});
    row("PTH-1 base root", {"base", {"/"}, "/"});
    row("PTH-1 base trailing", {"base", {"a/b/"}, "b"});
    row("PTH-1 dir", {"dir", {"a/b/c"}, "a/b"});
    row("PTH-1 dir plain", {"dir", {"c"}, "."});
    row("PTH-1 dir rooted", {"dir", {"/a"}, "/"});
    row("PTH-1 clean", {"clean", {"a//b/../c/."}, "a/c"});
    row("PTH-1 clean empty", {"clean", {""}, "."});
    row("PTH-1 ext", {"ext", {"a/b.tar.gz"}, ".gz"});
    row("PTH-1 ext none", {"ext", {"a"}, ""});
    row("PTH-1 isAbs", {"isAbs", {"/a"}, Value(true)});
    row("PTH-1 isAbs relative", {"isAbs", {"a"}, Value(false)});
    row("PTH-2 osBase", {"osBase", {"a/b"}, "b"});
    row("PTH-2 osDir", {"osDir", {"a/b"}, "a"});
    row("PTH-2 osClean", {"osClean", {"a//b"}, "a/b"});
    row("PTH-2 osExt", {"osExt", {"x.y"}, ".y"});
    row("PTH-2 osIsAbs", {"osIsAbs", {"/x"}, Value(true)});
    row("clean dotdot rooted", {"clean", {"/../a"}, "/a"});
    row("clean dotdot relative", {"clean", {"../../a/.."}, "../.."});
    row("clean dotdot past start", {"clean", {"a/../.."}, ".."});
    row("base double slash", {"base", {"//"}, "/"});
    row("dir empty", {"dir", {""}, "."});
    row("dir root", {"dir", {"/"}, "/"});
    row("ext in directory", {"ext", {"a.b/c"}, ""});
    // PTH-3, PTH-4
    const auto url = [](const char *scheme, const char *host, const char *hostname, const char *path,
                        const char *query, const char *opaque, const char *fragment, const char *userinfo) {
        return M({{"scheme", scheme}, {"host", host}, {"hostname", hostname}, {"path", path}, {"query", query},
                  {"opaque", opaque}, {"fragment", fragment}, {"userinfo", userinfo}});
    };
    row("PTH-3 urlParse", {"urlParse", {"https://user:pw@host.com:8080/p/a?q=1&r=2#frag"},
                           url("https", "host.com:8080", "host.com", "/p/a", "q=1&r=2", "", "frag", "user:pw")});
    row("PTH-3 urlParse mailto", {"urlParse", {"mailto:x@y"}, url("mailto", "", "", "", "", "x@y", "", "")});
    row("urlParse ipv6 zone", {"urlParse", {"http://[fe80::1%25en0]:8080/p"},
                               url("http", "[fe80::1%en0]:8080", "fe80::1%en0", "/p", "", "", "", "")});
    row("urlParse decoded path", {"urlParse", {"HTTP://h/a%2Fb%20c?x=%20#a%20b"},
                                  url("http", "h", "h", "/a/b c", "x=%20", "", "a b", "")});
    row("urlParse user escape", {"urlParse", {"ftp://us%40er@h"}, url("ftp", "h", "h", "", "", "", "", "us%40er")});
    row("urlParse relative", {"urlParse", {"a/b:c"}, url("", "", "", "a/b:c", "", "", "", "")});
    row("urlParse star", {"urlParse", {"*"}, url("", "", "", "*", "", "", "", "")});
    row("urlParse force query", {"urlParse", {"http://h/p?"}, url("http", "h", "h", "/p", "", "", "", "")});
    row("urlParse triple slash", {"urlParse", {"file:///etc/x"}, url("file", "", "", "/etc/x", "", "", "", "")});
    row("PTH-4 urlJoin",
        {"urlJoin", {M({{"scheme", "https"}, {"host", "h:1"}, {"path", "/a b"}, {"query", "x=1"}})},
         "https://h:1/a%20b?x=1"});
    row("urlJoin opaque", {"urlJoin", {M({{"scheme", "mailto"}, {"opaque", "x@y"}})}, "mailto:x@y"});
    row("urlJoin colon segment", {"urlJoin", {M({{"path", "a:b"}})}, "./a:b"});
    row("urlJoin host relative path", {"urlJoin", {M({{"host", "h"}, {"path", "p"}})}, "//h/p"});
    row("urlJoin userinfo fragment",
        {"urlJoin", {M({{"scheme", "https"}, {"host", "h"}, {"userinfo", "u:p%40"}, {"fragment", "f g!"}})},
         "https://u:p%40@h#f%20g!"});
    row("urlJoin empty", {"urlJoin", {M({})}, ""});
    row("urlJoin nil map", {"urlJoin", {Value::nilMap()}, ""});
}

void tst_StringFunctions::results()
{
    QFETCH(Case, c);
    const Value actual = call(c.fn, c.args);
    if (!sameValue(actual, c.expected))
        QCOMPARE(describe(actual), describe(c.expected));
    QVERIFY(sameValue(actual, c.expected));
}

void tst_StringFunctions::errors_data()
{
    QTest::addColumn<Case>("c");
    const auto row = [](const char *name, const char *fn, std::vector<Value> args, const char *message) {
        QTest::newRow(name) << Case{fn, std::move(args), Value(message)};
    };
    row("STR-5", "substr", {I(3), I(1), "hello"}, "runtime error: slice bounds out of range [3:1]");
    row("STR-6", "substr", {I(-1), I(99), "hello"}, "runtime error: slice bounds out of range [:99] with length 5");
    row("substr negative end", "substr", {I(-1), I(-2), "hello"}, "runtime error: slice bounds out of range [:-2]");
    row("substr start past end", "substr", {I(7), I(-1), "hello"}, "runtime error: slice bounds out of range [7:5]");
    row("STR-9", "repeat", {I(-1), "ab"}, "strings: negative Repeat count");
    row("repeat overflow", "repeat", {I(std::numeric_limits<std::int64_t>::max()), "ab"},
        "strings: Repeat output length overflow");
    row("indent negative", "indent", {I(-1), "x"}, "strings: negative Repeat count");
    row("PTH-5", "urlParse", {":bad"}, "unable to parse url: parse \":bad\": missing protocol scheme");
    row("urlParse bad host", "urlParse", {"http://a b.com/"},
        "unable to parse url: parse \"http://a b.com/\": invalid character \" \" in host name");
    row("urlParse bad escape", "urlParse", {"http://x/%zz"},
        "unable to parse url: parse \"http://x/%zz\": invalid URL escape \"%zz\"");
    row("urlParse bad port", "urlParse", {"http://h:port/"},
        "unable to parse url: parse \"http://h:port/\": invalid port \":port\" after host");
    row("urlParse colon segment", "urlParse", {"1a:b"},
        "unable to parse url: parse \"1a:b\": first path segment in URL cannot contain colon");
    row("urlParse bad fragment", "urlParse", {"http://h/p#%zz"},
        "unable to parse url: parse \"http://h/p#%zz\": invalid URL escape \"%zz\"");
    row("urlParse control", "urlParse", {"http://h/\n"},
        "unable to parse url: parse \"http://h/\\n\": net/url: invalid control character in URL");
    row("urlParse missing bracket", "urlParse", {"http://[::1/"},
        "unable to parse url: parse \"http://[::1/\": missing ']' in host");
    row("urlParse bad userinfo", "urlParse", {"http://a b@h/"},
        "unable to parse url: parse \"http://a b@h/\": net/url: invalid userinfo");
    row("PTH-6", "urlJoin", {M({{"host", I(1)}})}, "unable to parse host key, must be of type string, but int found");
    row("urlJoin slice", "urlJoin", {M({{"path", L({})}})},
        "unable to parse path key, must be of type string, but slice found");
    row("urlJoin nil value", "urlJoin", {M({{"query", Value::null()}})},
        "runtime error: invalid memory address or nil pointer dereference");
    row("urlJoin bad userinfo", "urlJoin", {M({{"userinfo", "u:p w"}})},
        "unable to parse userinfo in dict: parse \"proto://u:p w@host\": net/url: invalid userinfo");
    row("CONV-26", "toToml", {Value::null()}, "reflect: call of reflect.Value.Type on zero Value");
    row("toToml missing", "toToml", {Value::missing()}, "reflect: call of reflect.Value.Type on zero Value");
}

void tst_StringFunctions::errors()
{
    QFETCH(Case, c);
    try {
        const Value v = call(c.fn, c.args);
        QFAIL(qPrintable("no error; got " + describe(v)));
    } catch (const FunctionError &e) {
        QCOMPARE(bytes(e.what()), bytes(c.expected.str()));
    }
}

void tst_StringFunctions::caseConversion_data()
{
    QTest::addColumn<QString>("fn");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("expected");
    // huandu/xstrings v1.5.0 convert_test.go.
    const std::pair<const char *, const char *> snake[] = {
        {"HTTPServer", "http_server"}, {"_camelCase", "_camel_case"}, {"NoHTTPS", "no_https"},
        {"Wi_thF", "wi_th_f"}, {"_AnotherTES_TCaseP", "_another_tes_t_case_p"}, {"ALL", "all"},
        {"_HELLO_WORLD_", "_hello_world_"}, {"HELLO_WORLD", "hello_world"}, {"HELLO____WORLD", "hello____world"},
        {"TW", "tw"}, {"_C", "_c"}, {"http2xx", "http_2xx"}, {"HTTP2XX", "http2_xx"}, {"HTTP20xOK", "http_20x_ok"},
        {"HTTP20xStatus", "http_20x_status"}, {"HTTP-20xStatus", "http_20x_status"}, {"a", "a"},
        {"Duration2m3s", "duration_2m3s"}, {"Bld4Floor3rd", "bld4_floor_3rd"}, {" _-_ ", "_____"},
        {"a1b2c3d", "a_1b2c3d"}, {"A//B%%2c", "a//b%%2c"}, {"HTTP状态码404/502Error", "http_状态码404/502_error"},
        {"中文(字符)", "中文(字符)"}, {"混合ABCWords与123数字456", "混合_abc_words_与123_数字456"},
        {"  sentence case  ", "__sentence_case__"},
        {" Mixed-hyphen case _and SENTENCE_case and UPPER-case",
         "_mixed_hyphen_case__and_sentence_case_and_upper_case"},
        {"FROM CamelCase to snake/kebab-case", "from_camel_case_to_snake/kebab_case"}, {"", ""},
        {"Abc\uFFFDE\uFFFDf\uFFFDd\uFFFD2\uFFFD00z\uFFFDZZ\uFFFDZZ",
         "abc_\uFFFDe\uFFFDf\uFFFDd_\uFFFD2\uFFFD00z_\uFFFDzz\uFFFDzz"},
        {"\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD", "\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD"}, {"abc_123_def", "abc_123_def"},
        {"FirstName", "first_name"}, {"GO_PATH", "go_path"}, {"GO PATH", "go_path"}, {"GO-PATH", "go_path"},
        {"HTTP_20x_OK", "http_20x_ok"}, {"1_2", "1_2"}, {"aB", "a_b"}, {"AB", "ab"}, {"Ab", "ab"}, {"A1", "a1"},
        {"AB12", "ab12"}, {"12AB", "12_ab"}, {"1A", "1_a"}, {"a.b", "a.b"}, {"a'b", "a'b"}, {"a😀b", "a_😀_b"},
        {"😀ABC", "😀_abc"}, {"中ABC", "中_abc"}, {"ABC中", "abc_中"}};
    for (const auto &[in, out] : snake) {
        QTest::addRow("snake %s", in) << "snake" << QByteArray(in) << QByteArray(out);
        QTest::addRow("kebab %s", in) << "kebab" << QByteArray(in) << QByteArray(out).replace('_', '-');
    }
    const std::pair<const char *, const char *> pascal[] = {
        {"http_server", "HttpServer"}, {"_camel_case", "_CamelCase"}, {"no_https", "NoHttps"},
        {"_complex__case_", "_Complex_Case_"}, {" complex -case ", " Complex Case "}, {"all", "All"},
        {"GOLANG_IS_GREAT", "GolangIsGreat"}, {"GOLANG", "Golang"}, {"a", "A"}, {"好", "好"},
        {"FROM CamelCase to snake/kebab-case", "FromCamelCaseToSnake/kebabCase"}, {"", ""},
        {"some words", "SomeWords"}, {"hello-world", "HelloWorld"}, {"HELLO", "Hello"}, {"helloWORLD", "HelloWORLD"},
        {"some_1_thing", "Some1Thing"}, {"1_abc", "1Abc"}, {"abc_1", "Abc1"}, {"v1_2v", "V12v"}, {"a__b", "A_B"},
        {"a  b", "A B"}, {"1_2", "12"}, {"_a_B_", "_AB_"}, {"中文_测试", "中文测试"}};
    for (const auto &[in, out] : pascal)
        QTest::addRow("pascal %s", in) << "pascal" << QByteArray(in) << QByteArray(out);
}

void tst_StringFunctions::caseConversion()
{
    QFETCH(QString, fn);
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, expected);
    const std::string in = input.toStdString();
    const std::string out = fn == "snake" ? toSnakeCase(in) : fn == "kebab" ? toKebabCase(in) : toPascalCase(in);
    QCOMPARE(bytes(out), expected);
}

void tst_StringFunctions::goStrings()
{
    // strings.Title separators: letters, digits and '_' join words.
    QCOMPARE(bytes(goTitle("a_b c1d é-x\u00A0y")), QByteArray("A_b C1d É-X\u00A0Y"));
    QCOMPARE(bytes(goTitle("ǆemal")), QByteArray("ǅemal"));
    // Invalid bytes become U+FFFD wherever Go maps runes.
    QCOMPARE(bytes(goToUpper("a\xFF")), QByteArray("A\xEF\xBF\xBD"));
    QCOMPARE(bytes(goTrimSpace("\u2003 x\u00A0\u0085")), QByteArray("x"));
    QCOMPARE(bytes(goTrimSpace("\xFF x ")), QByteArray("\xFF x"));
    QCOMPARE(bytes(goTrim("éaé", "é")), QByteArray("a"));
    QCOMPARE(bytes(goTrim("\xFF" "a\xFF", "\uFFFD")), QByteArray("a"));
    QCOMPARE(bytes(goTrim("abc", "")), QByteArray("abc"));
    QCOMPARE(goSplitN("a,b,c", ",", 2), (std::vector<std::string>{"a", "b,c"}));
    QCOMPARE(goSplitN("abc", "", 2), (std::vector<std::string>{"a", "bc"}));
    QCOMPARE(goSplitN("abc", "x", -1), (std::vector<std::string>{"abc"}));
    QCOMPARE(bytes(goReplaceAll("aaa", "aa", "b")), QByteArray("ba"));
    QCOMPARE(bytes(goRepeat("", std::numeric_limits<std::int64_t>::max())), QByteArray());
    int width = 0;
    QCOMPARE(uint(decodeLastRune("aé", width)), uint(U'é'));
    QCOMPARE(width, 2);
    QCOMPARE(uint(decodeLastRune("a\xA9", width)), uint(utf8::kRuneError));
    QCOMPARE(width, 1);
    // goutils corner cases.
    QCOMPARE(bytes(abbreviateFull("abcdefghijklmno", 10, 7)), QByteArray("...k..."));
    QCOMPARE(bytes(abbreviateFull("abcdefghijklmno", 5, 10)), QByteArray("...fghi..."));
    QCOMPARE(bytes(abbreviateFull("abcdefghij", 5, 6)), QByteArray());
    QCOMPARE(bytes(wrapCustom("  a b", 1, "", false)), QByteArray("a\nb"));
    QCOMPARE(bytes(initials("\x85x y")), QByteArray("xy"));
}

void tst_StringFunctions::listAliasing()
{
    // sortAlpha sorts a []string in place; toStrings returns the same slice.
    Value list = SL({"b", "a"});
    const Value sorted = call("sortAlpha", {list});
    QCOMPARE(sorted.identity(), list.identity());
    QCOMPARE(bytes(list.list()[0].str()), QByteArray("a"));
    QCOMPARE(call("toStrings", {list}).identity(), list.identity());
    // Other lists are copied.
    const Value mixed = L({"b", "a"});
    QVERIFY(call("sortAlpha", {mixed}).identity() != mixed.identity());
    QCOMPARE(bytes(mixed.list()[0].str()), QByteArray("b"));
}

void tst_StringFunctions::random()
{
    FunctionContext context;
    context.random().seed(7);
    const auto check = [&](const char *fn, int n, auto allowed) {
        const std::string s = call(fn, {I(n)}, &context).str();
        QCOMPARE(int(s.size()), n);
        for (const char c : s)
            QVERIFY2(allowed(static_cast<unsigned char>(c)), fn);
    };
    check("randAlpha", 200, [](unsigned char c) { return std::isalpha(c) != 0; });
    check("randAlphaNum", 200, [](unsigned char c) { return std::isalnum(c) != 0; });
    check("randNumeric", 200, [](unsigned char c) { return std::isdigit(c) != 0; });
    check("randAscii", 400, [](unsigned char c) { return c >= 32 && c <= 126; });
    QCOMPARE(bytes(call("randAlpha", {I(0)}, &context).str()), QByteArray());
    QCOMPARE(bytes(call("randAlpha", {I(-3)}, &context).str()), QByteArray());
    // All 62 alphanumerics show up in a long enough sample.
    const std::string sample = call("randAlphaNum", {I(5000)}, &context).str();
    QCOMPARE(std::set<char>(sample.begin(), sample.end()).size(), std::size_t(62));

    const std::string input = "héllo wörld";
    const std::string shuffled = call("shuffle", {input}, &context).str();
    std::vector<char32_t> a = utf8::decodeRunes(input);
    std::vector<char32_t> b = utf8::decodeRunes(shuffled);
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    QVERIFY(a == b);
    QCOMPARE(bytes(call("shuffle", {""}, &context).str()), QByteArray());
}

void tst_StringFunctions::toml_data()
{
    QTest::addColumn<Value>("input");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("CONV-25") << M({{"a", M({{"b", "c"}})}, {"l", L({I(1), I(2)})}, {"k", Value::fromFloat(1.5)},
                                   {"t", Value(true)}})
                             << QByteArray("k = 1.5\nl = [1, 2]\nt = true\n\n[a]\n  b = \"c\"\n");
    QTest::newRow("nested tables") << M({{"a", M({{"b", M({{"c", Value::fromInt64(1)}})}})}, {"x", "y"}})
                                   << QByteArray("x = \"y\"\n\n[a]\n  [a.b]\n    c = 1\n");
    QTest::newRow("two top-level tables") << M({{"a", M({{"x", I(1)}})}, {"b", M({{"y", I(2)}})}})
                                          << QByteArray("[a]\n  x = 1\n\n[b]\n  y = 2\n");
    QTest::newRow("array of tables") << M({{"srv", L({M({{"n", I(1)}}), M({{"n", I(2)}})})}})
                                     << QByteArray("[[srv]]\n  n = 1\n\n[[srv]]\n  n = 2\n");
    QTest::newRow("table in array of tables") << M({{"x", L({M({{"a", M({{"b", I(1)}})}})})}})
                                              << QByteArray("[[x]]\n  [x.a]\n    b = 1\n");
    QTest::newRow("nil omitted, floats") << M({{"a", Value::null()}, {"b", Value::fromFloat(1.0)}, {"c", L({})},
                                               {"d", Value::nilList()}, {"e", Value::nilMap()}})
                                         << QByteArray("b = 1.0\nc = []\n");
    QTest::newRow("float forms") << M({{"f", Value::fromFloat(1e21)}, {"g", Value::fromFloat(-0.0)},
                                       {"h", Value::fromFloat(std::nan(""))},
                                       {"i", Value::fromFloat(-std::numeric_limits<double>::infinity())},
                                       {"j", Value::fromFloat(1e-7)}})
                                 << QByteArray("f = 1000000000000000000000.0\ng = -0.0\nh = nan\ni = -inf\n"
                                               "j = 0.0000001\n");
    QTest::newRow("inline table in array") << M({{"l", L({I(1), M({{"k", "v"}, {"m", M({{"z", Value(false)}})}})})}})
                                           << QByteArray("l = [1, {k = \"v\", m = {z = false}}]\n");
    QTest::newRow("inline nil comma quirk") << M({{"l", L({M({{"a", I(1)}, {"b", Value::null()}}), I(2)})}})
                                            << QByteArray("l = [{a = 1, }, 2]\n");
    QTest::newRow("quoted keys") << M({{"a.b", I(1)}, {"", I(2)}, {"é", I(3)}, {"ok-_9", I(4)}})
                                 << QByteArray("\"\" = 2\n\"a.b\" = 1\nok-_9 = 4\n\"é\" = 3\n");
    QTest::newRow("quoted table key") << M({{"x y", M({{"k\"", I(1)}})}})
                                      << QByteArray("[\"x y\"]\n  \"k\\\"\" = 1\n");
    QTest::newRow("string escapes") << M({{"s", "a\"b\\c\n\t\x01\x7F" "é"}})
                                    << QByteArray("s = \"a\\\"b\\\\c\\n\\t\\u0001\\u007f" "é\"\n");
    QTest::newRow("nested arrays") << M({{"l", L({L({I(1)}), L({"a", Value::fromFloat(2)})})}})
                                   << QByteArray("l = [[1], [\"a\", 2.0]]\n");
    QTest::newRow("string list") << M({{"l", SL({"x"})}}) << QByteArray("l = [\"x\"]\n");
    QTest::newRow("top-level string") << Value("a\"b") << QByteArray("\"a\\\"b\"");
    QTest::newRow("top-level int") << I(5) << QByteArray("5");
    QTest::newRow("top-level list") << L({I(1), I(2)}) << QByteArray("[1, 2]");
    QTest::newRow("top-level empty map") << M({}) << QByteArray("");
    QTest::newRow("top-level nil map") << Value::nilMap() << QByteArray("");
    QTest::newRow("nil element") << M({{"l", L({I(1), Value::null()})}})
                                 << QByteArray("toml: cannot encode array with nil element");
    QTest::newRow("nested nil element") << M({{"l", L({L({Value::null()})})}})
                                        << QByteArray("toml: cannot encode array with nil element");
    const Value time = object(std::make_shared<FakeObject>("time.Time", "struct", "2024-03-05 00:00:00 +0000 UTC",
                                                          Value("2024-03-05T00:00:00.5Z")));
    const Value duration = object(std::make_shared<FakeObject>("time.Duration", "int64", "1h0m0s",
                                                              Value::fromInt64(3600000000000)));
    const Value version = object(std::make_shared<FakeObject>("*semver.Version", "ptr", "1.2.3", Value("1.2.3")));
    const Value month = object(std::make_shared<FakeObject>("time.Month", "int", "March", I(3)));
    const Value cert = object(std::make_shared<FakeObject>(
        "sprig.certificate", "struct", "{c k}", Value(),
        std::vector<std::pair<std::string, Value>>{{"Cert", "c\n"}, {"Key", "k"}}));
    QTest::newRow("objects") << M({{"t", time}, {"d", duration}, {"v", version}, {"m", month}, {"c", cert},
                                   {"l", L({time, version})}})
                             << QByteArray("d = \"1h0m0s\"\nl = [2024-03-05T00:00:00.5Z, \"1.2.3\"]\nm = 3\n"
                                           "t = 2024-03-05T00:00:00.5Z\nv = \"1.2.3\"\n\n[c]\n  Cert = \"c\\n\"\n"
                                           "  Key = \"k\"\n");
    QTest::newRow("certificate inline") << L({cert}) << QByteArray("toml: top-level values must be Go maps or structs");
    QTest::newRow("certificate in mixed list") << M({{"l", L({cert, I(1)})}})
                                               << QByteArray("l = [{Cert = \"c\\n\", Key = \"k\"}, 1]\n");
    QTest::newRow("top-level time") << time << QByteArray("2024-03-05T00:00:00.5Z");
    QTest::newRow("top-level certificate") << cert << QByteArray("Cert = \"c\\n\"\nKey = \"k\"\n");
    QTest::newRow("top-level tables") << L({M({{"a", I(1)}})})
                                      << QByteArray("toml: top-level values must be Go maps or structs");
}

void tst_StringFunctions::toml()
{
    QFETCH(Value, input);
    QFETCH(QByteArray, expected);
    QCOMPARE(bytes(call("toToml", {input}).str()), expected);
}

void tst_StringFunctions::tomlPanics()
{
    QVERIFY_THROWS_EXCEPTION(FunctionError, TomlEncoder::encode(Value::null()));
    QVERIFY_THROWS_EXCEPTION(TomlEncodeError, TomlEncoder::encode(L({M({})})));
}

QTEST_GUILESS_MAIN(tst_StringFunctions)
#include "tst_stringfunctions.moc"
