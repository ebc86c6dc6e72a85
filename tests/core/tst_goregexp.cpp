// SPDX-License-Identifier: Apache-2.0
#include "template/FunctionError.h"
#include "go/GoStrconv.h"
#include "template/FunctionRegistry.h"
#include "go/GoFmt.h"
#include "template/functions/FunctionGroups.h"
#include "go/GoRegexp.h"

#include <QTest>

#include <optional>

using namespace ds;
using namespace ds::tmpl;

namespace {

const FunctionRegistry &regexRegistry()
{
    static const FunctionRegistry registry = [] {
        FunctionRegistry r;
        registerRegexFunctions(r);
        return r;
    }();
    return registry;
}

// Arguments as QVariants: int → Go int, QString/QByteArray → string.
std::vector<Value> toArgs(const QVariantList &list)
{
    std::vector<Value> args;
    for (const QVariant &v : list) {
        if (v.typeId() == QMetaType::Int)
            args.push_back(Value::fromInt(v.toInt()));
        else if (v.typeId() == QMetaType::QByteArray)
            args.emplace_back(v.toByteArray().toStdString());
        else
            args.emplace_back(v.toString().toStdString());
    }
    return args;
}

// Calls a registered function; returns Go's %v of the result or "ERROR: <text>".
std::string call(const std::string &name, const QVariantList &list)
{
    const FunctionSpec *spec = regexRegistry().find(name);
    if (!spec)
        return "NO SUCH FUNCTION " + name;
    std::vector<Value> args = toArgs(list);
    if (args.size() != spec->params.size())
        return "WRONG ARGUMENT COUNT";
    FunctionContext context;
    try {
        return go::fmt::formatValue(spec->impl(context, args));
    } catch (const FunctionError &e) {
        return std::string("ERROR: ") + e.what();
    }
}

Value callValue(const std::string &name, const QVariantList &list)
{
    std::vector<Value> args = toArgs(list);
    FunctionContext context;
    return regexRegistry().find(name)->impl(context, args);
}

go::Regexp mustCompile(std::string_view pattern)
{
    std::string error;
    auto re = go::Regexp::compile(pattern, error);
    if (!re)
        qFatal("unexpected compile error for %s: %s", std::string(pattern).c_str(), error.c_str());
    return *re;
}

// Go's %v of [][]int.
std::string formatIndices(const std::vector<go::Regexp::Indices> &all)
{
    std::string out = "[";
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (i)
            out += ' ';
        out += '[';
        for (std::size_t k = 0; k < all[i].size(); ++k) {
            if (k)
                out += ' ';
            out += std::to_string(all[i][k]);
        }
        out += ']';
    }
    return out + "]";
}

// Go's %q of []string: ["" "b"].
std::string formatStrings(const std::vector<std::string> &items)
{
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i)
            out += ' ';
        out += go::strconv::quote(items[i]);
    }
    return out + "]";
}

QByteArray bytes(const std::string &s)
{
    return QByteArray::fromStdString(s);
}

const QString kData = QStringLiteral("abc-123-def-45");

} // namespace

class tst_GoRegexp : public QObject
{
    Q_OBJECT

private slots:
    void specVectors_data();
    void specVectors();
    void compileErrors_data();
    void compileErrors();
    void functionErrors_data();
    void functionErrors();
    void find_data();
    void find();
    void findAll_data();
    void findAll();
    void submatchIndex_data();
    void submatchIndex();
    void replace_data();
    void replace();
    void split_data();
    void split();
    void names();
    void expand();
    void quoteMeta();
    void invalidUtf8Input();
    void resultTypes();
    void limits();
};

// sprig-helm-functions.md §8, RE-1..RE-14: each template action as one row.
void tst_GoRegexp::specVectors_data()
{
    QTest::addColumn<QString>("function");
    QTest::addColumn<QVariantList>("args");
    QTest::addColumn<QByteArray>("expected");

    const QString d = kData;
    auto row = [](const char *id, const char *fn, QVariantList args, const QByteArray &expected) {
        QTest::newRow(id) << QString::fromLatin1(fn) << args << expected;
    };
    row("RE-1a", "regexMatch", {"^[a-z]+-\\d+", d}, "true");
    row("RE-1b", "regexMatch", {"xyz", d}, "false");
    row("RE-1c", "regexMatch", {"[", d}, "false");
    row("RE-1d", "regexMatch", {"(?=x)", d}, "false");
    row("RE-2", "mustRegexMatch", {"[", d}, "ERROR: error parsing regexp: missing closing ]: `[`");
    row("RE-3a", "regexFind", {"\\d+", d}, "123");
    row("RE-3b", "regexFind", {"zz", d}, "");
    row("RE-3c", "regexFindAll", {"\\d+", d, -1}, "[123 45]");
    row("RE-3d", "regexFindAll", {"\\d+", d, 1}, "[123]");
    row("RE-3e", "regexFindAll", {"\\d+", d, 0}, "[]");
    row("RE-4", "regexFind", {"[", d},
        "ERROR: regexp: Compile(`[`): error parsing regexp: missing closing ]: `[`");
    row("RE-5a", "regexReplaceAll", {"(\\d+)", d, "<${1}>"}, "abc-<123>-def-<45>");
    row("RE-5b", "regexReplaceAll", {"(\\d+)", d, "$1x"}, "abc--def-");
    row("RE-5c", "regexReplaceAll", {"(?P<n>\\d+)", d, "[$n]"}, "abc-[123]-def-[45]");
    row("RE-5d", "regexReplaceAllLiteral", {"(\\d+)", d, "$1"}, "abc-$1-def-$1");
    row("RE-6a", "regexReplaceAll", {"", "ab", "-"}, "-a-b-");
    row("RE-6b", "regexReplaceAll", {"a|ab", "abab", "X"}, "XbXb");
    row("RE-6c", "regexReplaceAll", {"x*", "abc", "-"}, "-a-b-c-");
    row("RE-6d", "regexReplaceAll", {"b*", "abc", "-"}, "-a-c-");
    row("RE-7a", "regexSplit", {"-", d, -1}, "[abc 123 def 45]");
    row("RE-7b", "regexSplit", {"-", d, 2}, "[abc 123-def-45]");
    row("RE-7c", "regexSplit", {"-", d, 0}, "[]");
    row("RE-7d", "regexSplit", {"", "abc", -1}, "[a b c]");
    row("RE-7e", "regexSplit", {"x*", "axbc", -1}, "[a b c]");
    row("RE-8b", "regexSplit", {"b*", "abbc", -1}, "[a c]");
    row("RE-9a", "regexReplaceAll", {"a", "banana", "$-"}, "b$-n$-n$-");
    row("RE-9b", "regexReplaceAll", {"(a)", "banana", "${1"}, "b${1n${1n${1");
    row("RE-9c", "regexReplaceAll", {"(a)(n)", "banana", "$2$1"}, "bnanaa");
    row("RE-9d", "regexReplaceAll", {"(a)", "banana", "$9"}, "bnn");
    row("RE-10", "regexQuoteMeta", {"a.b*c[d]$"}, "a\\.b\\*c\\[d\\]\\$");
    row("RE-11a", "regexMatch", {"(?<name>a)", "a"}, "true");
    row("RE-11b", "regexFind", {"\\Qa.b\\E", "xa.by"}, "a.b");
    row("RE-11c", "regexFind", {"(?U)a+", "aaa"}, "a");
    row("RE-11d", "regexFind", {"(?m)^b$", "a\nb\nc"}, "b");
    row("RE-11e", "regexFind", {"[^a]", "\n"}, "\n");
    row("RE-12a", "regexMatch", {"(?i)ABC", d}, "true");
    row("RE-12b", "regexMatch", {"\\bdef\\b", d}, "true");
    row("RE-12c", "regexFind", {"a.c", "a\nc"}, "");
    row("RE-12d", "regexFind", {"(?s)a.c", "a\nc"}, "a\nc");
    row("RE-12e", "regexFind", {"[[:alpha:]]+", d}, "abc");
    row("RE-12f", "regexFind", {"\\pL+", QStringLiteral("héllo1")}, QStringLiteral("héllo").toUtf8());
    row("RE-12g", "regexFind", {"(a|ab)(c|bcd)", "abcd"}, "abcd");
    row("RE-12h", "regexFind", {"a+?", "aaa"}, "a");
    row("RE-13a", "mustRegexReplaceAllLiteral", {"a", "banana", "$"}, "b$n$n$");
    row("RE-13b", "mustRegexReplaceAll", {"(a)", "banana", "${1}_"}, "ba_na_na_");
    row("RE-13c", "regexReplaceAll", {"(a)", "banana", "$1_"}, "bnn");
    row("RE-13d", "regexReplaceAll", {"a", "banana", "$$"}, "b$n$n$");
    row("RE-14", "mustRegexMatch", {"a{1001}", "a"}, "ERROR: error parsing regexp: invalid repeat count: `{1001}`");
}

void tst_GoRegexp::specVectors()
{
    QFETCH(QString, function);
    QFETCH(QVariantList, args);
    QFETCH(QByteArray, expected);
    QCOMPARE(bytes(call(function.toStdString(), args)), expected);
}

// Go's regexp/syntax errors (parse.go; cases from Go's own bad-pattern tests).
void tst_GoRegexp::compileErrors_data()
{
    QTest::addColumn<QByteArray>("pattern");
    QTest::addColumn<QByteArray>("error"); // empty: must compile

    auto row = [](const QByteArray &pattern, const QByteArray &error) {
        QTest::newRow(pattern.left(40).constData()) << pattern << error;
    };
    row("[", "missing closing ]: `[`");
    row("x[a-z", "missing closing ]: `[a-z`");
    row("[]", "missing closing ]: `[]`");
    row("[^]", "missing closing ]: `[^]`");
    row("[[:alpha:]", "missing closing ]: `[[:alpha:]`");
    row("(", "missing closing ): `(`");
    row("(abc", "missing closing ): `(abc`");
    row("(a|b", "missing closing ): `(a|b`");
    row("(?P<name>a", "missing closing ): `(?P<name>a`");
    row(")", "unexpected ): `)`");
    row("abc)", "unexpected ): `abc)`");
    row("a|b)", "unexpected ): `a|b)`");
    row("([a-z]))", "unexpected ): `([a-z]))`");
    row("*", "missing argument to repetition operator: `*`");
    row("+", "missing argument to repetition operator: `+`");
    row("?", "missing argument to repetition operator: `?`");
    row("*?", "missing argument to repetition operator: `*?`");
    row("{5}", "missing argument to repetition operator: `{5}`");
    row("a|*", "missing argument to repetition operator: `*`");
    row("(*)", "missing argument to repetition operator: `*`");
    row("(?:*)", "missing argument to repetition operator: `*`");
    row("(?i)*", "missing argument to repetition operator: `*`");
    row("\\Q\\E*", "missing argument to repetition operator: `*`");
    row("a**", "invalid nested repetition operator: `**`");
    row("a*+", "invalid nested repetition operator: `*+`");
    row("a*?*", "invalid nested repetition operator: `*?*`");
    row("a{2}{3}", "invalid nested repetition operator: `{2}{3}`");
    row("a{2}*", "invalid nested repetition operator: `{2}*`");
    row("a{1001}", "invalid repeat count: `{1001}`");
    row("x{2,1}", "invalid repeat count: `{2,1}`");
    row("x{1001,}", "invalid repeat count: `{1001,}`");
    row("x{0,1001}", "invalid repeat count: `{0,1001}`");
    row("x{9876543210}", "invalid repeat count: `{9876543210}`");
    row("x{1,9876543210}", "invalid repeat count: `{1,9876543210}`");
    row("a{100000,}", "invalid repeat count: `{100000,}`");
    row("(a{100}){100}", "invalid repeat count: `{100}`");
    row("(?:a{10}){101}", "invalid repeat count: `{101}`");
    row("(?:a{1000}){2}?", "invalid repeat count: `{2}?`");
    row("((((((((((x{2}){2}){2}){2}){2}){2}){2}){2}){2}){2})", "invalid repeat count: `{2}`");
    row("[z-a]", "invalid character class range: `z-a`");
    row("[a-Z]", "invalid character class range: `a-Z`");
    row("(?i)[a-Z]", "invalid character class range: `a-Z`");
    row("[[:foo:]]", "invalid character class range: `[:foo:]`");
    row("\\pX", "invalid character class range: `\\pX`");
    row("\\p{Foo}", "invalid character class range: `\\p{Foo}`");
    row("[\\p{Foo}]", "invalid character class range: `\\p{Foo}`");
    row("\\p{Greek", "invalid character class range: `\\p{Greek`");
    row("\\p{^^Greek}", "invalid character class range: `\\p{^^Greek}`");
    row("\\p{Cn}", "invalid character class range: `\\p{Cn}`"); // Go 1.25+ only
    row("\\p", "invalid character class range: `\\p`");
    row("abc\\", "trailing backslash at end of expression: ``");
    row("[a\\", "trailing backslash at end of expression: ``");
    row("\\x", "invalid escape sequence: `\\x`");
    row("\\xg", "invalid escape sequence: `\\xg`");
    row("\\x{zz}", "invalid escape sequence: `\\x{z`");
    row("\\x{}", "invalid escape sequence: `\\x{}`");
    row("\\x{110000}", "invalid escape sequence: `\\x{110000`");
    row("\\q", "invalid escape sequence: `\\q`");
    row("\\C", "invalid escape sequence: `\\C`");
    row("\\Z", "invalid escape sequence: `\\Z`");
    row("\\1", "invalid escape sequence: `\\1`");
    row("\\8", "invalid escape sequence: `\\8`");
    row("[a-\\d]", "invalid escape sequence: `\\d`");
    row("\\\xC3\xA9", "invalid escape sequence: `\\\xC3\xA9`");
    row("(?=x)", "invalid or unsupported Perl syntax: `(?=`");
    row("(?!x)", "invalid or unsupported Perl syntax: `(?!`");
    row("(?P=n)", "invalid or unsupported Perl syntax: `(?P`");
    row("(?i", "invalid or unsupported Perl syntax: `(?i`");
    row("(?", "invalid or unsupported Perl syntax: `(?`");
    row("(?z)", "invalid or unsupported Perl syntax: `(?z`");
    row("(?-)", "invalid or unsupported Perl syntax: `(?-)`");
    row("(?i-)", "invalid or unsupported Perl syntax: `(?i-)`");
    row("(?--i)", "invalid or unsupported Perl syntax: `(?--`");
    row("(?<=x)", "invalid named capture: `(?<=x)`");
    row("(?<name", "invalid named capture: `(?<name`");
    row("(?P<name", "invalid named capture: `(?P<name`");
    row("(?P<x y>a)", "invalid named capture: `(?P<x y>`");
    row("(?<x y>a)", "invalid named capture: `(?<x y>`");
    row("(?P<>a)", "invalid named capture: `(?P<>`");
    row("(?<>a)", "invalid named capture: `(?<>`");
    row("(?P<n!>a)", "invalid named capture: `(?P<n!>`");
    row("(?<\xC3\xA9>a)", "invalid named capture: `(?<\xC3\xA9>`");
    row("\xFF", "invalid UTF-8: `\xFF`");
    row("a\xFF" "b", "invalid UTF-8: `\xFF" "b`");
    row("[\xFF]", "invalid UTF-8: `\xFF]`");
    row("[\\\xFF]", "invalid UTF-8: `\xFF]`");
    row("\\\xFF", "invalid UTF-8: `\xFF`");
    row("\\Q\xFF\\Ex", "invalid UTF-8: `\xFF`");
    row("(?P<n\xFF>a)", "invalid UTF-8: `\xFF`");
    // Accepted by Go.
    row("(?<name>a)", "");
    row("(?P<n>a)(?P<n>b)", "");
    row("a{1000}", "");
    row("(?:a{10}){100}", "");
    row("(?:a{1000}){1}", "");
    row("(?:a{1000}){0}", "");
    row("a{,5}", "");
    row("x{01}", "");
    row("a*\\Q\\E*", "");
    row("a*(?i)*", "");
    row("\\Q+|*?{[\\E", "");
    row("[]a]", "");
    row("[^]a]", "");
    row("[a-]", "");
    row("[\\d-z]", "");
    row("\\_", "");
    row("\\x{10FFFF}\\x{D800}\\0\\01\\012\\x41", "");
    row("\\p{Greek}\\P{^Greek}\\pL\\p{Any}[\\p{Han}[:^alpha:]\\W]", "");
    row("(?i)(?m)(?s)(?U)(?i-s:a)(?-i)", "");
    row("^*$+\\b?", "");
    row("(|)||", "");
}

void tst_GoRegexp::compileErrors()
{
    QFETCH(QByteArray, pattern);
    QFETCH(QByteArray, error);
    std::string goError;
    const auto re = go::Regexp::compile(pattern.toStdString(), goError);
    if (error.isEmpty()) {
        QVERIFY2(re.has_value(), goError.c_str());
        QCOMPARE(bytes(re->pattern()), pattern);
    } else {
        QVERIFY(!re.has_value());
        QCOMPARE(bytes(goError), "error parsing regexp: " + error);
    }
}

// Non-must variants fail with MustCompile's panic text, must variants with the error.
void tst_GoRegexp::functionErrors_data()
{
    QTest::addColumn<QString>("function");
    QTest::addColumn<QVariantList>("args");
    QTest::addColumn<QByteArray>("expected");

    const QByteArray missing = "error parsing regexp: missing closing ]: `[`";
    const QByteArray panic = "ERROR: regexp: Compile(`[`): " + missing;
    auto row = [](const char *tag, const char *fn, const QVariantList &args, const QByteArray &expected) {
        QTest::newRow(tag) << QString::fromLatin1(fn) << args << expected;
    };
    row("regexFind", "regexFind", {"[", "a"}, panic);
    row("regexFindAll", "regexFindAll", {"[", "a", -1}, panic);
    row("regexReplaceAll", "regexReplaceAll", {"[", "a", "b"}, panic);
    row("regexReplaceAllLiteral", "regexReplaceAllLiteral", {"[", "a", "b"}, panic);
    row("regexSplit", "regexSplit", {"[", "a", -1}, panic);
    row("mustRegexMatch", "mustRegexMatch", {"[", "a"}, "ERROR: " + missing);
    row("mustRegexFind", "mustRegexFind", {"[", "a"}, "ERROR: " + missing);
    row("mustRegexFindAll", "mustRegexFindAll", {"[", "a", 1}, "ERROR: " + missing);
    row("mustRegexReplaceAll", "mustRegexReplaceAll", {"[", "a", "b"}, "ERROR: " + missing);
    row("mustRegexReplaceAllLiteral", "mustRegexReplaceAllLiteral", {"[", "a", "b"}, "ERROR: " + missing);
    row("mustRegexSplit", "mustRegexSplit", {"[", "a", 1}, "ERROR: " + missing);
    row("regexMatch swallows", "regexMatch", {"a{1001}", "a"}, "false");
    // regexp's quote(): strconv.Quote when the pattern cannot be backquoted.
    row("backquote in pattern", "regexFind", {"`(", "a"},
        "ERROR: regexp: Compile(\"`(\"): error parsing regexp: missing closing ): ``(`");
    row("newline in pattern", "regexFind", {"(\n", "a"},
        "ERROR: regexp: Compile(\"(\\n\"): error parsing regexp: missing closing ): `(\n`");
    row("tab stays backquoted", "regexSplit", {"(\t", "a", 1},
        "ERROR: regexp: Compile(`(\t`): error parsing regexp: missing closing ): `(\t`");
}

void tst_GoRegexp::functionErrors()
{
    QFETCH(QString, function);
    QFETCH(QVariantList, args);
    QFETCH(QByteArray, expected);
    QCOMPARE(bytes(call(function.toStdString(), args)), expected);
}

// Leftmost-first matching of Go syntax, including forms rewritten for RE2.
void tst_GoRegexp::find_data()
{
    QTest::addColumn<QByteArray>("pattern");
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("expected"); // "<nil>": no match

    auto row = [](const char *tag, const QByteArray &p, const QByteArray &t, const QByteArray &e) {
        QTest::newRow(tag) << p << t << e;
    };
    row("quoted literal", "\\Q+|*?{[\\E", "a+|*?{[b", "+|*?{[");
    row("unterminated \\Q", "x\\Q.*", "ax.*", "x.*");
    row("brace literal", "x{01}", "x{01}", "x{01}");
    row("brace without min", "a{,5}", "a{,5}", "a{,5}");
    row("brace unclosed", "a{2", "aa{2", "a{2");
    row("star of star", "a*\\Q\\E*", "aaab", "aaa");
    row("star after flags", "a(?i)*", "aaAb", "aa");
    row("non-greedy after flags", "a(?U)*", "aaa", "");
    row("bracket first", "[]a]+", "x]a]", "]a]");
    row("negated bracket first", "[^]a]+", "]]bc", "bc");
    row("dash last", "[a-]+", "x-a-", "-a-");
    row("escaped underscore", "\\_+", "a__", "__");
    row("hex", "\\x41\\x{42}", "ABC", "AB");
    row("octal", "\\012\\101", "\nA", "\nA");
    row("escaped punctuation", "\\.\\$\\^\\[\\]", "a.$^[]", ".$^[]");
    row("kelvin folds", "(?i)k", "\xE2\x84\xAA", "\xE2\x84\xAA");
    row("fold in class", "(?i)[a-c]+", "xABc", "ABc");
    row("perl classes", "\\d\\s\\w\\W", "a1 _!", "1 _!");
    row("\\s excludes \\v", "\\s", "\v", "<nil>");
    row("posix space has \\v", "[[:space:]]", "\v", "\v");
    row("unicode class in class", "[\\p{Greek}\\d]+", "x\xCE\xB1" "1\xCE\xB2", "\xCE\xB1" "1\xCE\xB2");
    row("negated unicode", "\\P{L}+", "ab12cd", "12");
    row("\\pN", "\\pN+", "x\xD9\xA3" "7", "\xD9\xA3" "7");
    row("dot excludes newline", "a.+", "ab\ncd", "ab");
    row("\\z", "a\\z", "a\na", "a");
    row("$ is end of text", "a$", "a\n", "<nil>");
    row("\\A", "\\Aa", "ba", "<nil>");
    row("leftmost-first alternation", "(a|ab)(c|bcd)(d*)", "abcd", "abcd");
    row("empty alternative", "a(|b)c", "abc", "abc");
    row("repeat range", "a{2,3}", "aaaa", "aaa");
    row("non-greedy range", "a{2,3}?", "aaaa", "aa");
    row("nested group repeat", "(?:ab){2}", "abababab", "abab");
    row("zero repeat", "ab{0}c", "abc ac", "ac");
    row("named groups", "(?<y>\\d{4})-(?P<m>\\d{2})", "on 2024-05-01", "2024-05");
    row("no match", "zz", "abc", "<nil>");
    row("empty pattern", "", "abc", "");
}

void tst_GoRegexp::find()
{
    QFETCH(QByteArray, pattern);
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, expected);
    const go::Regexp re = mustCompile(pattern.toStdString());
    const go::Regexp::Indices m = re.findStringIndex(text.toStdString());
    const std::string found =
        m.empty() ? "<nil>" : text.toStdString().substr(std::size_t(m[0]), std::size_t(m[1] - m[0]));
    QCOMPARE(bytes(found), expected);
    QCOMPARE(re.matchString(text.toStdString()), !m.empty());
}

// FindAllStringIndex: Go's iteration over empty matches (find_test.go, doc examples).
void tst_GoRegexp::findAll_data()
{
    QTest::addColumn<QByteArray>("pattern");
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("n");
    QTest::addColumn<QByteArray>("expected");

    QTest::newRow("a. paranormal") << QByteArray("a.") << QByteArray("paranormal") << -1
                                   << QByteArray("[[1 3] [3 5] [8 10]]");
    QTest::newRow("a. paranormal 2") << QByteArray("a.") << QByteArray("paranormal") << 2
                                     << QByteArray("[[1 3] [3 5]]");
    QTest::newRow("a. graal") << QByteArray("a.") << QByteArray("graal") << -1 << QByteArray("[[2 4]]");
    QTest::newRow("a. none") << QByteArray("a.") << QByteArray("none") << -1 << QByteArray("[]");
    QTest::newRow("n=0") << QByteArray("a") << QByteArray("aaa") << 0 << QByteArray("[]");
    QTest::newRow("a* baaab") << QByteArray("a*") << QByteArray("baaab") << -1
                              << QByteArray("[[0 0] [1 4] [5 5]]");
    QTest::newRow("b* abbc") << QByteArray("b*") << QByteArray("abbc") << -1
                             << QByteArray("[[0 0] [1 3] [4 4]]");
    QTest::newRow("empty abc") << QByteArray("") << QByteArray("abc") << -1
                               << QByteArray("[[0 0] [1 1] [2 2] [3 3]]");
    QTest::newRow("empty on empty") << QByteArray("") << QByteArray("") << -1 << QByteArray("[[0 0]]");
    QTest::newRow("empty steps runes") << QByteArray("") << QByteArray("\xC3\xA9") << -1
                                       << QByteArray("[[0 0] [2 2]]");
    QTest::newRow("\\B only at rune boundaries") << QByteArray("\\B") << QByteArray("a\xC3\xA9") << -1
                                                 << QByteArray("[[3 3]]");
    QTest::newRow("x* multibyte") << QByteArray("[a-c]*") << QByteArray("\xE6\x97\xA5") << -1
                                  << QByteArray("[[0 0] [3 3]]");
    QTest::newRow("leftmost-first") << QByteArray("a|ab") << QByteArray("abab") << -1
                                    << QByteArray("[[0 1] [2 3]]");
    QTest::newRow("\\b context") << QByteArray("\\bx") << QByteArray("x xx") << -1
                                 << QByteArray("[[0 1] [2 3]]");
    QTest::newRow("^ only at start") << QByteArray("^a") << QByteArray("aaa") << -1 << QByteArray("[[0 1]]");
    QTest::newRow("(?m)^") << QByteArray("(?m)^.") << QByteArray("ab\ncd") << -1 << QByteArray("[[0 1] [3 4]]");
}

void tst_GoRegexp::findAll()
{
    QFETCH(QByteArray, pattern);
    QFETCH(QByteArray, text);
    QFETCH(int, n);
    QFETCH(QByteArray, expected);
    const go::Regexp re = mustCompile(pattern.toStdString());
    QCOMPARE(bytes(formatIndices(re.findAllStringIndex(text.toStdString(), n))), expected);
}

void tst_GoRegexp::submatchIndex_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("expected");
    // Go's FindAllStringSubmatchIndex example for a(x*)b.
    QTest::newRow("-ab-") << QByteArray("-ab-") << QByteArray("[[1 3 2 2]]");
    QTest::newRow("-axxb-") << QByteArray("-axxb-") << QByteArray("[[1 5 2 4]]");
    QTest::newRow("-ab-axb-") << QByteArray("-ab-axb-") << QByteArray("[[1 3 2 2] [4 7 5 6]]");
    QTest::newRow("-axxb-ab-") << QByteArray("-axxb-ab-") << QByteArray("[[1 5 2 4] [6 8 7 7]]");
    QTest::newRow("-foo-") << QByteArray("-foo-") << QByteArray("[]");
}

void tst_GoRegexp::submatchIndex()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, expected);
    const go::Regexp re = mustCompile("a(x*)b");
    QCOMPARE(bytes(formatIndices(re.findAllStringSubmatchIndex(text.toStdString(), -1))), expected);

    const go::Regexp groups = mustCompile("a(x*)b(y|z)c|(q)");
    QCOMPARE(bytes(formatStrings(groups.findStringSubmatch("-axxxbyc-"))), QByteArray(R"(["axxxbyc" "xxx" "y" ""])"));
    QCOMPARE(bytes(formatStrings(groups.findStringSubmatch("-abzc-"))), QByteArray(R"(["abzc" "" "z" ""])"));
    QCOMPARE(bytes(formatIndices({groups.findStringSubmatchIndex("-abzc-")})), QByteArray("[[1 5 2 2 3 4 -1 -1]]"));
    QVERIFY(groups.findStringSubmatch("nothing").empty());
    QVERIFY(groups.findStringIndex("nothing").empty());
    QCOMPARE(groups.findString("xq"), std::string("q"));
}

// Go's replaceTests / replaceLiteralTests (regexp/all_test.go) and doc examples.
void tst_GoRegexp::replace_data()
{
    QTest::addColumn<QByteArray>("pattern");
    QTest::addColumn<QByteArray>("repl");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<bool>("literal");
    QTest::addColumn<QByteArray>("expected");

    int i = 0;
    auto row = [&i](const QByteArray &p, const QByteArray &r, const QByteArray &in, bool literal,
                    const QByteArray &out) {
        QTest::addRow("%d %s -> %s", ++i, p.constData(), r.constData()) << p << r << in << literal << out;
    };
    row("", "", "", false, "");
    row("", "x", "", false, "x");
    row("", "", "abc", false, "abc");
    row("", "x", "abc", false, "xaxbxcx");
    row("b", "", "", false, "");
    row("b", "x", "", false, "");
    row("b", "", "abc", false, "ac");
    row("b", "x", "abc", false, "axc");
    row("y", "x", "abc", false, "abc");
    row("[a-c]*", "x", "\xE6\x97\xA5", false, "x\xE6\x97\xA5x");
    row("[^\xE6\x97\xA5]", "x", "abc\xE6\x97\xA5" "def", false, "xxx\xE6\x97\xA5xxx");
    row("^[a-c]*", "x", "abcdabc", false, "xdabc");
    row("[a-c]*$", "x", "abcdabc", false, "abcdx");
    row("^[a-c]*$", "x", "abcdabc", false, "abcdabc");
    row("^[a-c]*", "x", "dabce", false, "xdabce");
    row("[a-c]*$", "x", "dabce", false, "dabcex");
    row("^[a-c]*", "x", "", false, "x");
    row("^[a-c]+", "x", "", false, "");
    row("bc", "BC", "abcbcdcdedef", false, "aBCBCdcdedef");
    row("abc", "", "abcdabc", false, "d");
    row("x", "xXx", "xxxXxxx", false, "xXxxXxxXxXxXxxXxxXx");
    row(".+", "x", "abc", false, "x");
    row("[a-c]*", "x", "def", false, "xdxexfx");
    row("[a-c]+", "x", "abcbcdcdedef", false, "xdxdedef");
    row("[a-c]*", "x", "abcbcdcdedef", false, "xdxdxexdxexfx");
    row("a*", "-", "baaac", false, "-b-c-");
    row("a+", "($0)", "banana", false, "b(a)n(a)n(a)");
    row("a+", "(${0})", "banana", false, "b(a)n(a)n(a)");
    row("a+", "(${0})$0", "banana", false, "b(a)an(a)an(a)a");
    row("hello, (.+)", "goodbye, ${1}", "hello, world", false, "goodbye, world");
    row("hello, (.+)", "goodbye, $1x", "hello, world", false, "goodbye, ");
    row("hello, (.+)", "goodbye, ${1}x", "hello, world", false, "goodbye, worldx");
    row("hello, (.+)", "<$0><$1><$2><$3>", "hello, world", false, "<hello, world><world><><>");
    row("hello, (?P<noun>.+)", "goodbye, $noun!", "hello, world", false, "goodbye, world!");
    row("hello, (?P<noun>.+)", "goodbye, ${noun}", "hello, world", false, "goodbye, world");
    row("(?P<x>hi)|(?P<x>bye)", "$x$x$x", "hi", false, "hihihi");
    row("(?P<x>hi)|(?P<x>bye)", "$x$x$x", "bye", false, "byebyebye");
    row("(?P<x>hi)|(?P<x>bye)", "$xyz", "hi", false, "");
    row("(?P<x>hi)|(?P<x>bye)", "${x}yz", "hi", false, "hiyz");
    row("(?P<x>hi)|(?P<x>bye)", "hello $$x", "hi", false, "hello $x");
    row("(?<x>hi)|(?<x>bye)", "[$x]", "bye", false, "[bye]");
    row("a+", "${oops", "aaa", false, "${oops");
    row("a+", "$$", "aaa", false, "$");
    row("a+", "$", "aaa", false, "$");
    row("a+", "${}", "aaa", false, "${}");
    row("(x)?", "$1", "123", false, "123");
    row("abc", "$1", "123", false, "123");
    row("(a)(b){0}(c)", ".$1|$3.", "xacxacx", false, "x.a|c.x.a|c.x");
    row("(?P<01>a)", "[$01][$1]", "a", false, "[a][a]");
    row("(a)", "[$\xC3\xA9]", "a", false, "[]");
    row("a(x*)b", "T", "-ab-axxb-", false, "-T-T-");
    row("a(x*)b", "$1", "-ab-axxb-", false, "--xx-");
    row("a(x*)b", "$1W", "-ab-axxb-", false, "---");
    row("a(x*)b", "${1}W", "-ab-axxb-", false, "-W-xxW-");
    row("a(?P<1W>x*)b", "$1W", "-ab-axxb-", false, "--xx-");
    row("a(?P<1W>x*)b", "${1}W", "-ab-axxb-", false, "-W-xxW-");
    row("(?P<first>[a-zA-Z]+) (?P<last>[a-zA-Z]+)", "${last} ${first}", "Alan Turing", false, "Turing Alan");
    row("a+", "($0)", "banana", true, "b($0)n($0)n($0)");
    row("a+", "(${0})$0", "banana", true, "b(${0})$0n(${0})$0n(${0})$0");
    row("hello, (?P<noun>.+)", "goodbye, $noun!", "hello, world", true, "goodbye, $noun!");
    row("(?P<x>hi)|(?P<x>bye)", "hello $$x", "hi", true, "hello $$x");
    row("a+", "$$", "aaa", true, "$$");
    row("a(x*)b", "${1}", "-ab-axxb-", true, "-${1}-${1}-");
    row("", "-", "abc", true, "-a-b-c-");
}

void tst_GoRegexp::replace()
{
    QFETCH(QByteArray, pattern);
    QFETCH(QByteArray, repl);
    QFETCH(QByteArray, input);
    QFETCH(bool, literal);
    QFETCH(QByteArray, expected);
    const go::Regexp re = mustCompile(pattern.toStdString());
    const std::string out = literal ? re.replaceAllLiteralString(input.toStdString(), repl.toStdString())
                                    : re.replaceAllString(input.toStdString(), repl.toStdString());
    QCOMPARE(bytes(out), expected);
}

// Go's splitTests (regexp/all_test.go) and the Split doc examples.
void tst_GoRegexp::split_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("pattern");
    QTest::addColumn<int>("n");
    QTest::addColumn<QByteArray>("expected");

    int i = 0;
    auto row = [&i](const QByteArray &in, const QByteArray &p, int n, const QByteArray &out) {
        QTest::addRow("%d %s / %s / %d", ++i, in.constData(), p.constData(), n) << in << p << n << out;
    };
    row("abc", "", -1, R"(["a" "b" "c"])");
    row("abc", "b*", -1, R"(["a" "c"])");
    row("foo:and:bar", ":", -1, R"(["foo" "and" "bar"])");
    row("foo:and:bar", ":", 1, R"(["foo:and:bar"])");
    row("foo:and:bar", ":", 2, R"(["foo" "and:bar"])");
    row("foo:and:bar", "foo", -1, R"(["" ":and:bar"])");
    row("foo:and:bar", "bar", -1, R"(["foo:and:" ""])");
    row("foo:and:bar", "baz", -1, R"(["foo:and:bar"])");
    row("baabaab", "a", -1, R"(["b" "" "b" "" "b"])");
    row("baabaab", "a*", -1, R"(["b" "b" "b"])");
    row("baabaab", "ba*", -1, R"(["" "" "" ""])");
    row("foobar", "f*b*", -1, R"(["" "o" "o" "a" "r"])");
    row("foobar", "f+.*b+", -1, R"(["" "ar"])");
    row("foobooboar", "o{2}", -1, R"(["f" "b" "boar"])");
    row("a,b,c,d,e,f", ",", 3, R"(["a" "b" "c,d,e,f"])");
    row("a,b,c,d,e,f", ",", 0, "[]");
    row(",", ",", -1, R"(["" ""])");
    row(",,,", ",", -1, R"(["" "" "" ""])");
    row("", ",", -1, R"([""])");
    row("", ".*", -1, R"([""])");
    row("", ".+", -1, R"([""])");
    row("", "", -1, "[]");
    row("foobar", "", -1, R"(["f" "o" "o" "b" "a" "r"])");
    row("abaabaccadaaae", "a*", 5, R"(["" "b" "b" "c" "cadaaae"])");
    row(":x:y:z:", ":", -1, R"(["" "x" "y" "z" ""])");
    row("pizza", "z+", -1, R"(["pi" "a"])");
    row("pizza", "z+", 1, R"(["pizza"])");
    row("pizza", "z+", 2, R"(["pi" "a"])");
    row("banana", "a", -1, R"(["b" "n" "n" ""])");
    row("a", "a", -1, R"(["" ""])");
    row("\xC3\xA9t\xC3\xA9", "", -1, R"(["é" "t" "é"])");
}

void tst_GoRegexp::split()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, pattern);
    QFETCH(int, n);
    QFETCH(QByteArray, expected);
    const go::Regexp re = mustCompile(pattern.toStdString());
    QCOMPARE(bytes(formatStrings(re.split(input.toStdString(), n))), expected);
}

void tst_GoRegexp::names()
{
    const go::Regexp re = mustCompile("(?P<first>[a-zA-Z]+) (?<last>[a-zA-Z]+)(x)?(?:y)");
    QCOMPARE(re.numSubexp(), 3);
    QCOMPARE(re.subexpNames(), (std::vector<std::string>{"", "first", "last", ""}));
    QCOMPARE(re.subexpIndex("last"), 2);
    QCOMPARE(re.subexpIndex("nope"), -1);
    QCOMPARE(re.subexpIndex(""), -1);

    const go::Regexp dup = mustCompile("(?P<x>a)|(?<x>b)");
    QCOMPARE(dup.subexpNames(), (std::vector<std::string>{"", "x", "x"}));
    QCOMPARE(dup.subexpIndex("x"), 1);
    QCOMPARE(bytes(formatStrings(dup.findStringSubmatch("b"))), QByteArray(R"(["b" "" "b"])"));

    // A (?P<name> inside \Q…\E or a class is literal text, not a group.
    const go::Regexp quoted = mustCompile("\\Q(?P<a>\\E[(?P<b>]");
    QCOMPARE(quoted.numSubexp(), 0);
    QVERIFY(quoted.matchString("x(?P<a>b"));
}

void tst_GoRegexp::expand()
{
    // Go's ExampleRegexp_ExpandString.
    const std::string content = "\n\t# comment line\n\toption1: value1\n\toption2: value2\n\n"
                                "\t# another comment line\n\toption3: value3\n";
    const go::Regexp re = mustCompile("(?m)(?P<key>\\w+):\\s+(?P<value>\\w+)$");
    std::string result;
    for (const auto &m : re.findAllStringSubmatchIndex(content, -1))
        re.expandString(result, "$key=$value\n", content, m);
    QCOMPARE(bytes(result), QByteArray("option1=value1\noption2=value2\noption3=value3\n"));
}

void tst_GoRegexp::quoteMeta()
{
    QCOMPARE(bytes(go::Regexp::quoteMeta("Escaping symbols like: .+*?()|[]{}^$")),
             QByteArray("Escaping symbols like: \\.\\+\\*\\?\\(\\)\\|\\[\\]\\{\\}\\^\\$"));
    QCOMPARE(bytes(go::Regexp::quoteMeta("\\a-b#\xC3\xA9")), QByteArray("\\\\a-b#\xC3\xA9"));
    QCOMPARE(bytes(go::Regexp::quoteMeta("")), QByteArray());
    // Quoted text matches itself literally.
    const std::string text = "1.5*[x]{2}^$|(?:y)\\";
    QCOMPARE(mustCompile("^" + go::Regexp::quoteMeta(text) + "$").matchString(text), true);
}

// Go reads each invalid byte as one U+FFFD rune; offsets stay those of the input.
void tst_GoRegexp::invalidUtf8Input()
{
    const std::string bad = "a\xFF" "b";
    QCOMPARE(bytes(formatIndices(mustCompile(".").findAllStringIndex(bad, -1))), QByteArray("[[0 1] [1 2] [2 3]]"));
    QCOMPARE(bytes(formatIndices({mustCompile("\\x{FFFD}").findStringIndex(bad)})), QByteArray("[[1 2]]"));
    QCOMPARE(bytes(mustCompile(".").replaceAllString(bad, "<$0>")), QByteArray("<a><\xFF><b>"));
    QCOMPARE(bytes(mustCompile("b").replaceAllString("\xFF" "b\xFE", "x")), QByteArray("\xFFx\xFE"));
    QVERIFY(mustCompile("^[^a]$").matchString("\xFF"));
    QVERIFY(mustCompile("^...$").matchString("\xED\xA0\x80")); // an encoded surrogate is 3 bad bytes
    QVERIFY(!mustCompile("^.$").matchString("\xED\xA0\x80"));
    QCOMPARE(bytes(formatStrings(mustCompile("").split("\xFF\xC3\xA9", -1))), QByteArray(R"(["\xff" "é"])"));
    QVERIFY(!mustCompile("\\B").matchString("a"));
    QVERIFY(mustCompile("\\B").matchString("a\xC3\xA9"));
}

void tst_GoRegexp::resultTypes()
{
    const Value none = callValue("regexFindAll", {"x", "abc", -1});
    QVERIFY(none.isTypedNil());
    QCOMPARE(none.listType(), Value::ListType::String);
    const Value zero = callValue("regexFindAll", {"a", "abc", 0});
    QVERIFY(zero.isTypedNil());
    const Value found = callValue("mustRegexFindAll", {"[a-b]", "abc", -1});
    QVERIFY(found.isList() && !found.isTypedNil());
    QCOMPARE(found.listType(), Value::ListType::String);
    QCOMPARE(found.size(), std::size_t(2));
    QVERIFY(callValue("regexSplit", {"-", "a-b", 0}).isTypedNil());
    const Value emptySplit = callValue("regexSplit", {"", "", -1});
    QVERIFY(emptySplit.isList() && !emptySplit.isTypedNil() && emptySplit.size() == 0);
    QCOMPARE(callValue("regexSplit", {",", "", -1}).size(), std::size_t(1));
    QCOMPARE(callValue("regexFindAll", {"b*", "abbc", -1}).size(), std::size_t(3)); // RE-8
    QCOMPARE(callValue("regexSplit", {"a", "a", -1}).size(), std::size_t(2));      // RE-8
    QVERIFY(callValue("regexMatch", {"a", "a"}).isBool());
    QCOMPARE(bytes(call("regexFindAll", {"\\pL", QStringLiteral("é1ü"), -1})), QStringLiteral("[é ü]").toUtf8());
}

void tst_GoRegexp::limits()
{
    std::string error;
    // Go's nesting limit: a tree of height > 1000.
    const std::string deep999 = std::string(999, '(') + "a" + std::string(999, ')');
    QVERIFY(go::Regexp::compile(deep999, error).has_value());
    const std::string deep1000 = std::string(1000, '(') + std::string(1000, ')');
    QVERIFY(!go::Regexp::compile(deep1000, error));
    QCOMPARE(bytes(error), bytes("error parsing regexp: expression nests too deeply: `" + deep1000 + "`"));
    std::string stars;
    for (int i = 0; i < 1000; ++i)
        stars += "(?:";
    for (int i = 0; i < 1000; ++i)
        stars += ")*";
    QVERIFY(!go::Regexp::compile(stars, error));
    QVERIFY(error.starts_with("error parsing regexp: expression nests too deeply: "));

    // Go's program size limit (3.3M instructions).
    const std::string large = "(?:" + std::string(5000, 'a') + "){1000}";
    QVERIFY(!go::Regexp::compile(large, error));
    QCOMPARE(bytes(error), bytes("error parsing regexp: expression too large: `" + large + "`"));
    std::string manyGroups = "(";
    for (int i = 0; i < 1000; ++i)
        manyGroups += "(xx?)";
    manyGroups += "){1000}";
    QVERIFY(!go::Regexp::compile(manyGroups, error));
    QVERIFY(error.starts_with("error parsing regexp: expression too large: "));

    // Large but within Go's limits: RE2 must accept it too.
    const auto letters = go::Regexp::compile("^\\pL{1000}$", error);
    QVERIFY2(letters.has_value(), error.c_str());
    std::string text;
    for (int i = 0; i < 1000; ++i)
        text += "\xC3\xA9";
    QVERIFY(letters->matchString(text));
    QVERIFY(!letters->matchString(text + "1"));
}

QTEST_GUILESS_MAIN(tst_GoRegexp)
#include "tst_goregexp.moc"
