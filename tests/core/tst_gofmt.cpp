// SPDX-License-Identifier: Apache-2.0
#include "go/GoFmt.h"
#include "go/GoTypes.h"
#include "go/GoStrconv.h"
#include "template/TemplateObject.h"

#include <QTest>

#include <cstdint>
#include <limits>

using namespace ds;
namespace gofmt = ds::go::fmt;

using Args = std::vector<ds::Value>;
Q_DECLARE_METATYPE(ds::Value) // std::vector<Value> is then known to QMetaType too

namespace {

// Template number constants are Go int / float64; data integers are int64.
Value ci(std::int64_t i) { return Value::fromInt(i); }
Value i64(std::int64_t i) { return Value::fromInt64(i); }
Value u64(std::uint64_t u) { return Value::fromUint64(u); }
Value f64(double d) { return Value::fromFloat(d); }
Value str(std::string s) { return Value(std::move(s)); }
Value boolean(bool b) { return Value(b); }
Value list(ValueList items, Value::ListType type = Value::ListType::Interface)
{
    return Value(std::move(items), type);
}
Value dict(ValueMap items, Value::MapType type = Value::MapType::Interface)
{
    return Value(std::move(items), type);
}

const double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::numeric_limits<double>::quiet_NaN();

// Go's fmt_test zeroFill: prefix + zeros + suffix, width excluding the prefix.
std::string zeroFill(const std::string &prefix, int width, const std::string &suffix)
{
    return prefix + std::string(static_cast<std::size_t>(width) - suffix.size(), '0') + suffix;
}

// Stand-ins for the template library's Go objects.
class FakeObject : public tmpl::TemplateObject
{
public:
    FakeObject(std::string type, std::string text, std::string kind, Value json = {})
        : m_type(std::move(type)), m_text(std::move(text)), m_kind(std::move(kind)), m_json(std::move(json))
    {
    }
    std::string typeName() const override { return m_type; }
    std::string toString() const override { return m_text; }
    std::string kindName() const override { return m_kind; }
    Value jsonValue() const override { return m_json.isMissing() ? Value(m_text) : m_json; }

private:
    std::string m_type, m_text, m_kind;
    Value m_json;
};

Value semver() { return Value(std::make_shared<FakeObject>("*semver.Version", "1.2.3", "ptr")); }
Value date()
{
    return Value(std::make_shared<FakeObject>("time.Time", "2024-01-01 00:00:00 +0000 UTC", "struct"));
}
Value duration()
{
    return Value(std::make_shared<FakeObject>("time.Duration", "1h0m0s", "int64", i64(3600000000000)));
}

void checkSprintf()
{
    QFETCH(QByteArray, format);
    QFETCH(Args, args);
    QFETCH(QByteArray, expected);
    QCOMPARE(QByteArray::fromStdString(go::fmt::sprintf(format.toStdString(), args)), expected);
}

void addRow(const std::string &format, const Args &args, const std::string &expected)
{
    static int n = 0;
    QTest::addRow("%d: %s", ++n, format.c_str())
        << QByteArray::fromStdString(format) << args << QByteArray::fromStdString(expected);
}

} // namespace

class tst_GoFmt : public QObject
{
    Q_OBJECT

private slots:
    void specPrintf_data();
    void specPrintf();
    void goFmtTests_data();
    void goFmtTests();
    void formatValue_data();
    void formatValue();
    void typeAndKind_data();
    void typeAndKind();
    void sprint_data();
    void sprint();
    void quote_data();
    void quote();
    void strval();
};

// go-template.md §7.3 PF-1..PF-14, NIL-18, CMP-10 and KC-1's printf text.
void tst_GoFmt::specPrintf_data()
{
    QTest::addColumn<QByteArray>("format");
    QTest::addColumn<Args>("args");
    QTest::addColumn<QByteArray>("expected");

    const Value l = list({i64(1), str("a")});
    // PF-1
    addRow("%s|%d|%v|%q|%x|%X|%05d|%-5d|%5d|%t|%f|%.2f",
           {str("s"), ci(42), ci(42), str("q"), ci(255), ci(255), ci(42), ci(42), ci(42), boolean(true),
            f64(3.14159), f64(3.14159)},
           R"(s|42|42|"q"|ff|FF|00042|42   |   42|true|3.141590|3.14)");
    // PF-2
    addRow("%-10s|%10s|%.2s|%q|%x|% x|%#x|%o|%#o|%b|%c|%U",
           {str("abc"), str("abc"), str("abc"), str("a\"b\n"), str("hi"), str("hi"), ci(255), ci(8), ci(8),
            ci(5), ci(65), ci(65)},
           R"(abc       |       abc|ab|"a\"b\n"|6869|68 69|0xff|10|010|101|A|U+0041)");
    // PF-3
    addRow("%e|%E|%g|%G|%8.3f|%-8.2f|%+d|%+.1f|%06.2f|% d",
           {f64(1234.5678), f64(1234.5678), f64(1234.5678), f64(1e-7), f64(3.14159), f64(1.5), ci(5),
            f64(1.25), f64(3.14159), ci(7)},
           "1.234568e+03|1.234568E+03|1234.5678|1E-07|   3.142|1.50    |+5|+1.2|003.14| 7");
    // PF-4
    addRow("%.0f|%.1f|%.1f|%.2f", {f64(2.5), f64(0.05), f64(0.25), f64(1.005)}, "2|0.1|0.2|1.00");
    // PF-5
    addRow("%s", {i64(42)}, "%!s(int64=42)");
    addRow("%d", {str("hi")}, "%!d(string=hi)");
    addRow("%d", {f64(3.14159)}, "%!d(float64=3.14159)");
    addRow("%s", {f64(3.5)}, "%!s(float64=3.5)");
    addRow("%t", {ci(1)}, "%!t(int=1)");
    // PF-6
    addRow("%s", {Value::null()}, "%!s(<nil>)");
    addRow("%v", {Value::null()}, "<nil>");
    addRow("%d", {Value::missing()}, "%!d(<nil>)");
    // PF-7
    addRow("%s", {l}, "[%!s(int64=1) a]");
    addRow("%v", {l}, "[1 a]");
    addRow("%q", {list({str("a"), str("b")})}, R"(["a" "b"])");
    addRow("%d", {l}, "[1 %!d(string=a)]");
    // PF-8
    addRow("%d %d", {ci(1)}, "1 %!d(MISSING)");
    addRow("%d", {ci(1), ci(2)}, "1%!(EXTRA int=2)");
    addRow("%z", {ci(1)}, "%!z(int=1)");
    addRow("100%%", {}, "100%");
    addRow("%", {}, "%!(NOVERB)");
    addRow("%d", {ci(1), ci(2), str("x")}, "1%!(EXTRA int=2, string=x)");
    // PF-9
    addRow("%T|%T|%T|%T|%T|%T", {i64(42), f64(3.14159), str("hi"), l, Value::null(), ci(1)},
           "int64|float64|string|[]interface {}|<nil>|int");
    // PF-10
    addRow("%#v", {l}, R"([]interface {}{1, "a"})");
    addRow("%+v", {l}, "[1 a]");
    // PF-11
    addRow("%[2]d %[1]d", {ci(1), ci(2)}, "2 1");
    addRow("%*d", {ci(5), ci(42)}, "   42");
    addRow("%-*d|", {ci(4), ci(7)}, "7   |");
    // PF-12
    addRow("%q|%q|%q", {ci(65), i64(42), str("\u00e9\t\x01")}, R"('A'|'*'|"é\t\x01")");
    addRow("%x|%X", {str("h\u00e9llo"), ci(-255)}, "68c3a96c6c6f|-FF");
    // PF-13
    addRow("%5t|%v", {boolean(false), boolean(true)}, "false|true");
    addRow("%3c|%-3c|", {ci(65), ci(66)}, "  A|B  |");
    // PF-14
    addRow("%f|%.1f|%g", {ci(1), ci(2), ci(3)}, "%!f(int=1)|%!f(int=2)|%!g(int=3)");
    addRow("%+q|%#q|%-6q|", {str("\u00e9"), str("a"), str("b")}, R"("\u00e9"|`a`|"b"   |)");
    addRow("%O", {ci(8)}, "0o10");
    addRow("%8.3s|", {str("abcdef")}, "     abc|");
    addRow("%05s|%-05d|", {str("ab"), ci(3)}, "000ab|3    |");
    addRow("%.3g|%#g|%g", {f64(1234.5678), f64(1.0), f64(1e21)}, "1.23e+03|1.00000|1e+21");
    // NIL-18
    addRow("%v|%s|%T", {Value::missing(), Value::missing(), Value::missing()}, "<nil>|%!s(<nil>)|<nil>");
    // CMP-10: the eq error formats the operand with %s
    addRow("%s", {list({i64(1), i64(2)})}, "[%!s(int64=1) %!s(int64=2)]");
    // KC-1: a nil []map[string]interface {}
    addRow("%#v", {Value::nilList(Value::ListType::MapList)}, "[]map[string]interface {}(nil)");
    // CTL-14, LIT-3
    addRow("%T %v", {Value::emptyList(), Value::emptyList()}, "[]interface {} []");
    addRow("%T %T %T %T", {ci(16), f64(100), f64(1), ci('a')}, "int float64 float64 int");
    addRow("%c", {ci('x')}, "x");
    // ERR-10: a template name used as a format
    addRow("Deploy%ment.yaml", {str("b")}, "Deploy%!m(string=b)ent.yaml");
    // Collections print verbs element-wise, maps sorted by key.
    addRow("%d", {dict({{"a", i64(1)}})}, "map[%!d(string=a):1]");
    addRow("%q", {dict({{"_1", str("b")}, {"_0", str("a")}}, Value::MapType::String)},
           R"(map["_0":"a" "_1":"b"])");
    addRow("%#v", {dict({{"b", str("x")}, {"a", i64(1)}, {"c", Value::null()}})},
           R"(map[string]interface {}{"a":1, "b":"x", "c":interface {}(nil)})");
    addRow("%#v", {Value::nilMap()}, "map[string]interface {}(nil)");
    addRow("%#v", {Value::nilList()}, "[]interface {}(nil)");
    addRow("%#v", {list({list({ci(1)}), Value::nilList()}, Value::ListType::InterfaceList)},
           "[][]interface {}{[]interface {}{1}, []interface {}(nil)}");
    addRow("%#v", {list({ci(0), ci(1)}, Value::ListType::Int)}, "[]int{0, 1}");
    addRow("%#v|%#v|%#v", {Value::fromUint8(65), u64(5), str("s")}, R"(0x41|0x5|"s")");
    addRow("%v|%d|%c|%T", {Value::fromUint8(65), Value::fromUint8(65), Value::fromUint8(65), Value::fromUint8(65)},
           "65|65|A|uint8");
    addRow("%5v", {list({ci(1), ci(2)})}, "[    1     2]");
    addRow("%x", {list({str("hi"), str("a")}, Value::ListType::String)}, "[6869 61]");
    addRow("%s", {list({Value::null(), str("a")})}, "[<nil> a]");
    addRow("%x|%X|%x|%x", {f64(3.5), f64(3.5), f64(-3.5), f64(0)}, "0x1.cp+01|0X1.CP+01|-0x1.cp+01|0x0p+00");
    // Go values with String() methods, alone and inside collections.
    addRow("%v|%s|%q|%T|%5s|%x", {semver(), semver(), semver(), semver(), semver(), semver()},
           R"(1.2.3|1.2.3|"1.2.3"|*semver.Version|1.2.3|312e322e33)");
    addRow("%v", {list({semver(), date()})}, "[1.2.3 2024-01-01 00:00:00 +0000 UTC]");
    addRow("%q", {dict({{"v", semver()}})}, R"(map["v":"1.2.3"])");
    addRow("%v|%d|%T", {duration(), duration(), duration()}, "1h0m0s|3600000000000|time.Duration");
    addRow("%t", {duration()}, "%!t(time.Duration=3600000000000)");
    addRow("%s|%d|%02d",
           {Value(std::make_shared<FakeObject>("time.Month", "January", "int", ci(1))),
            Value(std::make_shared<FakeObject>("time.Month", "January", "int", ci(1))),
            Value(std::make_shared<FakeObject>("time.Month", "January", "int", ci(1)))},
           "January|1|01");
    addRow("%d", {str("1")}, "%!d(string=1)");
    addRow("%w", {ci(1)}, "%!w(int=1)");
    addRow("%w", {list({ci(1)})}, "%!w([]interface {}=[1])");
}

void tst_GoFmt::specPrintf()
{
    checkSprintf();
}

// Rows of Go's own fmt_test.go whose operand types exist in the value model
// (int → Go int, uint → uint64, rune → int: only error texts would differ).
void tst_GoFmt::goFmtTests_data()
{
    QTest::addColumn<QByteArray>("format");
    QTest::addColumn<Args>("args");
    QTest::addColumn<QByteArray>("expected");

    struct Row
    {
        const char *format;
        Value arg;
        std::string out;
    };
    const Value iarray = list({ci(1), str("hello"), f64(2.5), Value::null()});
    const Row rows[] = {
        {"%d", ci(12345), "12345"},
        {"%v", ci(12345), "12345"},
        {"%t", boolean(true), "true"},
        // basic string
        {"%s", str("abc"), "abc"},
        {"%q", str("abc"), R"("abc")"},
        {"%x", str("abc"), "616263"},
        {"%x", str("\xff\xf0\x0f\xff"), "fff00fff"},
        {"%X", str("\xff\xf0\x0f\xff"), "FFF00FFF"},
        {"%x", str(""), ""},
        {"% x", str(""), ""},
        {"%#x", str(""), ""},
        {"%# x", str(""), ""},
        {"%x", str("xyz"), "78797a"},
        {"%X", str("xyz"), "78797A"},
        {"% x", str("xyz"), "78 79 7a"},
        {"% X", str("xyz"), "78 79 7A"},
        {"%#x", str("xyz"), "0x78797a"},
        {"%#X", str("xyz"), "0X78797A"},
        {"%# x", str("xyz"), "0x78 0x79 0x7a"},
        {"%# X", str("xyz"), "0X78 0X79 0X7A"},
        // escaped strings
        {"%q", str(""), R"("")"},
        {"%#q", str(""), "``"},
        {"%q", str("\""), R"("\"")"},
        {"%#q", str("\""), "`\"`"},
        {"%q", str("`"), "\"`\""},
        {"%#q", str("`"), "\"`\""},
        {"%q", str("\n"), R"("\n")"},
        {"%#q", str("\n"), R"("\n")"},
        {"%q", str(R"(\n)"), R"("\\n")"},
        {"%#q", str(R"(\n)"), R"(`\n`)"},
        {"%#q", str("abc"), "`abc`"},
        {"%q", str("日本語"), R"("日本語")"},
        {"%+q", str("日本語"), R"("\u65e5\u672c\u8a9e")"},
        {"%#q", str("日本語"), "`日本語`"},
        {"%#+q", str("日本語"), "`日本語`"},
        {"%q", str("\a\b\f\n\r\t\v\"\\"), R"("\a\b\f\n\r\t\v\"\\")"},
        {"%+q", str("\a\b\f\n\r\t\v\"\\"), R"("\a\b\f\n\r\t\v\"\\")"},
        {"%#q", str("\a\b\f\n\r\t\v\"\\"), R"("\a\b\f\n\r\t\v\"\\")"},
        {"%q", str("☺"), R"("☺")"},
        {"% q", str("☺"), R"("☺")"},
        {"%+q", str("☺"), R"("\u263a")"},
        {"%#q", str("☺"), "`☺`"},
        {"%10q", str("⌘"), R"(       "⌘")"},
        {"%+10q", str("⌘"), R"(  "\u2318")"},
        {"%-10q", str("⌘"), R"("⌘"       )"},
        {"%+-10q", str("⌘"), R"("\u2318"  )"},
        {"%010q", str("⌘"), R"(0000000"⌘")"},
        {"%+010q", str("⌘"), R"(00"\u2318")"},
        {"%-010q", str("⌘"), R"("⌘"       )"},
        {"%#8q", str("\n"), R"(    "\n")"},
        {"%#+8q", str("\r"), R"(    "\r")"},
        {"%#-8q", str("\t"), "`\t`     "},
        {"%#+-8q", str("\b"), R"("\b"    )"},
        {"%q", str("abc\xff" "def"), R"("abc\xffdef")"},
        {"%+q", str("abc\xff" "def"), R"("abc\xffdef")"},
        {"%#q", str("abc\xff" "def"), R"("abc\xffdef")"},
        {"%q", str("\U0010ffff"), R"("\U0010ffff")"},
        {"%+q", str("\U0010ffff"), R"("\U0010ffff")"},
        {"%#q", str("\U0010ffff"), "`\U0010ffff`"},
        {"%q", str("\xef\xbf\xbd"), "\"\xef\xbf\xbd\""},
        {"%+q", str("\xef\xbf\xbd"), R"("\ufffd")"},
        // characters
        {"%c", u64('x'), "x"},
        {"%c", ci(0xe4), "ä"},
        {"%c", ci(0x672c), "本"},
        {"%.0c", ci(0x2318), "⌘"},
        {"%3c", ci(0x2318), "  ⌘"},
        {"%-3c", ci(0x2318), "⌘  "},
        {"%c", ci(0x10ffff), "\U0010ffff"},
        {"%c", ci(-1), "\xef\xbf\xbd"},
        {"%c", ci(0xDC80), "\xef\xbf\xbd"},
        {"%c", ci(0x110000), "\xef\xbf\xbd"},
        {"%c", i64(0xFFFFFFFFF), "\xef\xbf\xbd"},
        {"%c", u64(0xFFFFFFFFF), "\xef\xbf\xbd"},
        // escaped characters
        {"%q", u64(0), R"('\x00')"},
        {"%+q", u64(0), R"('\x00')"},
        {"%q", ci('"'), R"('"')"},
        {"%q", ci('\''), R"('\'')"},
        {"%q", ci('`'), "'`'"},
        {"%q", ci('x'), "'x'"},
        {"%q", ci(0xff), "'ÿ'"},
        {"%+q", ci(0xff), R"('\u00ff')"},
        {"%q", ci('\n'), R"('\n')"},
        {"%q", ci(0x263a), "'☺'"},
        {"%+q", ci(0x263a), R"('\u263a')"},
        {"% q", ci(0x263a), "'☺'"},
        {"%.0q", ci(0x263a), "'☺'"},
        {"%10q", ci(0x2318), "       '⌘'"},
        {"%+10q", ci(0x2318), R"(  '\u2318')"},
        {"%-10q", ci(0x2318), "'⌘'       "},
        {"%010q", ci(0x2318), "0000000'⌘'"},
        {"%+010q", ci(0x2318), R"(00'\u2318')"},
        {"%-010q", ci(0x2318), "'⌘'       "},
        {"%q", ci(0x0e00), R"('\u0e00')"},
        {"%q", ci(0x10ffff), R"('\U0010ffff')"},
        {"%q", ci(-1), "'\xef\xbf\xbd'"},
        {"%q", ci(0xDC80), "'\xef\xbf\xbd'"},
        {"%q", ci(0x110000), "'\xef\xbf\xbd'"},
        {"%q", u64(0xFFFFFFFFF), "'\xef\xbf\xbd'"},
        // width and precision
        {"%5s", str("abc"), "  abc"},
        {"%2s", str("\u263a"), " ☺"},
        {"%-5s", str("abc"), "abc  "},
        {"%05s", str("abc"), "00abc"},
        {"%5s", str("abcdefghijklmnopqrstuvwxyz"), "abcdefghijklmnopqrstuvwxyz"},
        {"%.5s", str("abcdefghijklmnopqrstuvwxyz"), "abcde"},
        {"%.0s", str("日本語日本語"), ""},
        {"%.5s", str("日本語日本語"), "日本語日本"},
        {"%.10s", str("日本語日本語"), "日本語日本語"},
        {"%08q", str("abc"), R"(000"abc")"},
        {"%-8q", str("abc"), R"("abc"   )"},
        {"%.5q", str("abcdefghijklmnopqrstuvwxyz"), R"("abcde")"},
        {"%.5x", str("abcdefghijklmnopqrstuvwxyz"), "6162636465"},
        {"%.3q", str("日本語日本語"), R"("日本語")"},
        {"%.1q", str("日本語"), R"("日")"},
        {"%.1x", str("日本語"), "e6"},
        {"%10.1q", str("日本語日本語"), R"(       "日")"},
        {"%10v", Value::null(), "     <nil>"},
        {"%-10v", Value::null(), "<nil>     "},
        // integers
        {"%d", u64(12345), "12345"},
        {"%d", ci(-12345), "-12345"},
        {"%d", Value::fromUint8(255), "255"},
        {"%d", u64(~std::uint64_t(0)), "18446744073709551615"},
        {"%d", i64(std::numeric_limits<std::int64_t>::min()), "-9223372036854775808"},
        {"%.d", ci(0), ""},
        {"%.0d", ci(0), ""},
        {"%6.0d", ci(0), "      "},
        {"%06.0d", ci(0), "      "},
        {"% d", ci(12345), " 12345"},
        {"%+d", ci(12345), "+12345"},
        {"%+d", ci(-12345), "-12345"},
        {"%b", ci(7), "111"},
        {"%b", ci(-6), "-110"},
        {"%#b", ci(7), "0b111"},
        {"%#b", ci(-6), "-0b110"},
        {"%b", u64(~std::uint64_t(0)), std::string(64, '1')},
        {"%b", i64(std::numeric_limits<std::int64_t>::min()), zeroFill("-1", 63, "")},
        {"%o", ci(01234), "1234"},
        {"%o", ci(-01234), "-1234"},
        {"%#o", ci(01234), "01234"},
        {"%#o", ci(-01234), "-01234"},
        {"%O", ci(01234), "0o1234"},
        {"%O", ci(-01234), "-0o1234"},
        {"%o", u64(~std::uint64_t(0)), "1777777777777777777777"},
        {"%#X", ci(0), "0X0"},
        {"%x", ci(0x12abcdef), "12abcdef"},
        {"%X", ci(0x12abcdef), "12ABCDEF"},
        {"%X", u64(~std::uint64_t(0)), "FFFFFFFFFFFFFFFF"},
        {"%.20b", ci(7), "00000000000000000111"},
        {"%10d", ci(12345), "     12345"},
        {"%10d", ci(-12345), "    -12345"},
        {"%+10d", ci(12345), "    +12345"},
        {"%010d", ci(12345), "0000012345"},
        {"%010d", ci(-12345), "-000012345"},
        {"%20.8d", ci(1234), "            00001234"},
        {"%20.8d", ci(-1234), "           -00001234"},
        {"%020.8d", ci(1234), "            00001234"},
        {"%020.8d", ci(-1234), "           -00001234"},
        {"%-20.8d", ci(1234), "00001234            "},
        {"%-20.8d", ci(-1234), "-00001234           "},
        {"%-#20.8x", ci(0x1234abc), "0x01234abc          "},
        {"%-#20.8X", ci(0x1234abc), "0X01234ABC          "},
        {"%-#20.8o", ci(01234), "00001234            "},
        {"%068d", ci(1), zeroFill("", 68, "1")},
        {"%068d", ci(-1), zeroFill("-", 67, "1")},
        {"%#.68x", ci(42), zeroFill("0x", 68, "2a")},
        {"%.68d", ci(-42), zeroFill("-", 68, "42")},
        {"%+.68d", ci(42), zeroFill("+", 68, "42")},
        {"% .68d", ci(42), zeroFill(" ", 68, "42")},
        {"% +.68d", ci(42), zeroFill("+", 68, "42")},
        // unicode format
        {"%U", ci(0), "U+0000"},
        {"%U", ci(-1), "U+FFFFFFFFFFFFFFFF"},
        {"%U", ci('\n'), "U+000A"},
        {"%#U", ci('\n'), "U+000A"},
        {"%+U", ci('x'), "U+0078"},
        {"%# U", ci('x'), "U+0078 'x'"},
        {"%#.2U", ci('x'), "U+0078 'x'"},
        {"%U", ci(0x263a), "U+263A"},
        {"%#U", ci(0x263a), "U+263A '☺'"},
        {"%U", ci(0x1D6C2), "U+1D6C2"},
        {"%#U", ci(0x1D6C2), "U+1D6C2 '\U0001D6C2'"},
        {"%#14.6U", ci(0x2318), "  U+002318 '⌘'"},
        {"%#-14.6U", ci(0x2318), "U+002318 '⌘'  "},
        {"%#014.6U", ci(0x2318), "  U+002318 '⌘'"},
        {"%#-014.6U", ci(0x2318), "U+002318 '⌘'  "},
        {"%.68U", u64(42), zeroFill("U+", 68, "2A")},
        {"%#.68U", ci(0x65e5), zeroFill("U+", 68, "65E5") + " '日'"},
        // floats
        {"%+.3e", f64(0.0), "+0.000e+00"},
        {"%+.3e", f64(1.0), "+1.000e+00"},
        {"%+.3x", f64(0.0), "+0x0.000p+00"},
        {"%+.3x", f64(1.0), "+0x1.000p+00"},
        {"%+.3f", f64(-1.0), "-1.000"},
        {"%+.3F", f64(-1.0), "-1.000"},
        {"%+07.2f", f64(1.0), "+001.00"},
        {"%+07.2f", f64(-1.0), "-001.00"},
        {"%-07.2f", f64(1.0), "1.00   "},
        {"%-07.2f", f64(-1.0), "-1.00  "},
        {"%+-07.2f", f64(1.0), "+1.00  "},
        {"%+-07.2f", f64(-1.0), "-1.00  "},
        {"%-+07.2f", f64(1.0), "+1.00  "},
        {"%-+07.2f", f64(-1.0), "-1.00  "},
        {"%+10.2f", f64(+1.0), "     +1.00"},
        {"%+10.2f", f64(-1.0), "     -1.00"},
        {"% .3E", f64(-1.0), "-1.000E+00"},
        {"% .3e", f64(1.0), " 1.000e+00"},
        {"% .3X", f64(-1.0), "-0X1.000P+00"},
        {"% .3x", f64(1.0), " 0x1.000p+00"},
        {"%+.3g", f64(0.0), "+0"},
        {"%+.3g", f64(1.0), "+1"},
        {"%+.3g", f64(-1.0), "-1"},
        {"% .3g", f64(-1.0), "-1"},
        {"% .3g", f64(1.0), " 1"},
        {"%b", f64(1.0), "4503599627370496p-52"},
        {"%#g", f64(1e-323), "1.00000e-323"},
        {"%#g", f64(-1.0), "-1.00000"},
        {"%#g", f64(1.1), "1.10000"},
        {"%#g", f64(123456.0), "123456."},
        {"%#g", f64(1234567.0), "1.234567e+06"},
        {"%#g", f64(1230000.0), "1.23000e+06"},
        {"%#g", f64(1000000.0), "1.00000e+06"},
        {"%#.0f", f64(1.0), "1."},
        {"%#.0e", f64(1.0), "1.e+00"},
        {"%#.0x", f64(1.0), "0x1.p+00"},
        {"%#.0g", f64(1.0), "1."},
        {"%#.0g", f64(1100000.0), "1.e+06"},
        {"%#.4f", f64(1.0), "1.0000"},
        {"%#.4e", f64(1.0), "1.0000e+00"},
        {"%#.4x", f64(1.0), "0x1.0000p+00"},
        {"%#.4g", f64(1.0), "1.000"},
        {"%#.4g", f64(100000.0), "1.000e+05"},
        {"%#.4g", f64(1.234), "1.234"},
        {"%#.4g", f64(0.1234), "0.1234"},
        {"%#.4g", f64(1.23), "1.230"},
        {"%#.4g", f64(0.123), "0.1230"},
        {"%#.4g", f64(1.2), "1.200"},
        {"%#.4g", f64(0.12), "0.1200"},
        {"%#.4g", f64(10.2), "10.20"},
        {"%#.4g", f64(0.0), "0.000"},
        {"%#.4g", f64(0.012), "0.01200"},
        {"%#.0f", f64(123.0), "123."},
        {"%#.0e", f64(123.0), "1.e+02"},
        {"%#.0x", f64(123.0), "0x1.p+07"},
        {"%#.0g", f64(123.0), "1.e+02"},
        {"%#.4f", f64(123.0), "123.0000"},
        {"%#.4e", f64(123.0), "1.2300e+02"},
        {"%#.4x", f64(123.0), "0x1.ec00p+06"},
        {"%#.4g", f64(123.0), "123.0"},
        {"%#.4g", f64(123000.0), "1.230e+05"},
        {"%#9.4g", f64(1.0), "    1.000"},
        {"%#b", f64(1.0), "4503599627370496p-52"},
        {"%.4b", f64(-1.0), "-4503599627370496p-52"},
        {"%.68f", f64(1.0), zeroFill("1.", 68, "")},
        {"%.68f", f64(-1.0), zeroFill("-1.", 68, "")},
        {"%f", f64(kInf), "+Inf"},
        {"%.1f", f64(-kInf), "-Inf"},
        {"% f", f64(kNaN), " NaN"},
        {"%20f", f64(kInf), "                +Inf"},
        {"% 20F", f64(kInf), "                 Inf"},
        {"% 20e", f64(-kInf), "                -Inf"},
        {"% 20x", f64(-kInf), "                -Inf"},
        {"%+20E", f64(-kInf), "                -Inf"},
        {"%+20X", f64(-kInf), "                -Inf"},
        {"% +20g", f64(-kInf), "                -Inf"},
        {"%+-20G", f64(kInf), "+Inf                "},
        {"%20e", f64(kNaN), "                 NaN"},
        {"%20x", f64(kNaN), "                 NaN"},
        {"% +20E", f64(kNaN), "                +NaN"},
        {"% +20X", f64(kNaN), "                +NaN"},
        {"% -20g", f64(kNaN), " NaN                "},
        {"%+-20G", f64(kNaN), "+NaN                "},
        {"%+020e", f64(kInf), "                +Inf"},
        {"%+020x", f64(kInf), "                +Inf"},
        {"%-020f", f64(-kInf), "-Inf                "},
        {"%-020E", f64(kNaN), "NaN                 "},
        {"%-020X", f64(kNaN), "NaN                 "},
        // old test/fmt_test.go
        {"%e", f64(1.0), "1.000000e+00"},
        {"%e", f64(1234.5678e3), "1.234568e+06"},
        {"%e", f64(1234.5678e-8), "1.234568e-05"},
        {"%e", f64(-7.0), "-7.000000e+00"},
        {"%e", f64(-1e-9), "-1.000000e-09"},
        {"%f", f64(1234.5678e3), "1234567.800000"},
        {"%f", f64(1234.5678e-8), "0.000012"},
        {"%f", f64(-7.0), "-7.000000"},
        {"%f", f64(-1e-9), "-0.000000"},
        {"%g", f64(1234.5678e3), "1.2345678e+06"},
        {"%g", f64(1234.5678e-8), "1.2345678e-05"},
        {"%g", f64(-7.0), "-7"},
        {"%g", f64(-1e-9), "-1e-09"},
        {"%E", f64(1.0), "1.000000E+00"},
        {"%E", f64(1234.5678e3), "1.234568E+06"},
        {"%E", f64(1234.5678e-8), "1.234568E-05"},
        {"%E", f64(-7.0), "-7.000000E+00"},
        {"%E", f64(-1e-9), "-1.000000E-09"},
        {"%G", f64(1234.5678e3), "1.2345678E+06"},
        {"%G", f64(1234.5678e-8), "1.2345678E-05"},
        {"%G", f64(-7.0), "-7"},
        {"%G", f64(-1e-9), "-1E-09"},
        {"%20.5s", str("qwertyuiop"), "               qwert"},
        {"%.5s", str("qwertyuiop"), "qwert"},
        {"%-20.5s", str("qwertyuiop"), "qwert               "},
        {"%20c", ci('x'), "                   x"},
        {"%-20c", ci('x'), "x                   "},
        {"%20.6e", f64(1.2345e3), "        1.234500e+03"},
        {"%20.6e", f64(1.2345e-3), "        1.234500e-03"},
        {"%20e", f64(1.2345e3), "        1.234500e+03"},
        {"%20e", f64(1.2345e-3), "        1.234500e-03"},
        {"%20.8e", f64(1.2345e3), "      1.23450000e+03"},
        {"%20f", f64(1.23456789e3), "         1234.567890"},
        {"%20f", f64(1.23456789e-3), "            0.001235"},
        {"%20f", f64(12345678901.23456789), "  12345678901.234568"},
        {"%-20f", f64(1.23456789e3), "1234.567890         "},
        {"%20.8f", f64(1.23456789e3), "       1234.56789000"},
        {"%20.8f", f64(1.23456789e-3), "          0.00123457"},
        {"%g", f64(1.23456789e3), "1234.56789"},
        {"%g", f64(1.23456789e-3), "0.00123456789"},
        {"%g", f64(1.23456789e20), "1.23456789e+20"},
        // slices
        {"%v", list({ci(1), ci(2), ci(3), ci(4), ci(5)}, Value::ListType::Int), "[1 2 3 4 5]"},
        {"%v", iarray, "[1 hello 2.5 <nil>]"},
        {"%v", f64(1.2345678), "1.2345678"},
        // go syntax
        {"%#v", u64(~std::uint64_t(0)), "0xffffffffffffffff"},
        {"%#v", ci(1000000000), "1000000000"},
        {"%#v", list({str("a"), str("b")}, Value::ListType::String), R"([]string{"a", "b"})"},
        {"%#v", Value::nilList(Value::ListType::Int), "[]int(nil)"},
        {"%#v", Value::emptyList(Value::ListType::Int), "[]int{}"},
        {"%#v", iarray, R"([]interface {}{1, "hello", 2.5, interface {}(nil)})"},
        {"%#v", str("foo"), R"("foo")"},
        {"%#v", f64(1.2345678), "1.2345678"},
        {"%#v", f64(1.0), "1"},
        {"%#v", f64(1000000.0), "1e+06"},
        // slices with other formats
        {"%#x", list({ci(1), ci(2), ci(15)}, Value::ListType::Int), "[0x1 0x2 0xf]"},
        {"%x", list({ci(1), ci(2), ci(15)}, Value::ListType::Int), "[1 2 f]"},
        {"%d", list({ci(1), ci(2), ci(15)}, Value::ListType::Int), "[1 2 15]"},
        {"%q", list({str("a"), str("b")}, Value::ListType::String), R"(["a" "b"])"},
        // padding with hex strings
        {"%2x", str(""), "  "},
        {"%#2x", str(""), "  "},
        {"% 02x", str(""), "00"},
        {"%# 02x", str(""), "00"},
        {"%-2x", str(""), "  "},
        {"%-02x", str(""), "  "},
        {"%8x", str("\xab"), "      ab"},
        {"% 8x", str("\xab"), "      ab"},
        {"%#8x", str("\xab"), "    0xab"},
        {"%# 8x", str("\xab"), "    0xab"},
        {"%08x", str("\xab"), "000000ab"},
        {"% 08x", str("\xab"), "000000ab"},
        {"%#08x", str("\xab"), "00000xab"},
        {"%# 08x", str("\xab"), "00000xab"},
        {"%10x", str("\xab\xcd"), "      abcd"},
        {"% 10x", str("\xab\xcd"), "     ab cd"},
        {"%#10x", str("\xab\xcd"), "    0xabcd"},
        {"%# 10x", str("\xab\xcd"), " 0xab 0xcd"},
        {"%010x", str("\xab\xcd"), "000000abcd"},
        {"% 010x", str("\xab\xcd"), "00000ab cd"},
        {"%#010x", str("\xab\xcd"), "00000xabcd"},
        {"%# 010x", str("\xab\xcd"), "00xab 0xcd"},
        {"%-10X", str("\xab"), "AB        "},
        {"% -010X", str("\xab"), "AB        "},
        {"%#-10X", str("\xab\xcd"), "0XABCD    "},
        {"%# -010X", str("\xab\xcd"), "0XAB 0XCD "},
        // %T
        {"%T", Value::fromUint8(0), "uint8"},
        {"%T", ci(0), "int"},
        {"%10T", Value::null(), "     <nil>"},
        {"%-10T", Value::null(), "<nil>     "},
        // %p on non-pointers
        {"%p", ci(27), "%!p(int=27)"},
        {"%p", Value::null(), "%!p(<nil>)"},
        {"%#p", Value::null(), "%!p(<nil>)"},
        {"%v", Value::null(), "<nil>"},
        {"%#v", Value::null(), "<nil>"},
        // erroneous things
        {"", Value::null(), "%!(EXTRA <nil>)"},
        {"", ci(2), "%!(EXTRA int=2)"},
        {"no args", str("hello"), "no args%!(EXTRA string=hello)"},
        {"%s %", str("hello"), "hello %!(NOVERB)"},
        {"%s %.2", str("hello"), "hello %!(NOVERB)"},
        {"%017091901790959340919092959340919017929593813360", ci(0), "%!(NOVERB)%!(EXTRA int=0)"},
        {"%184467440737095516170v", ci(0), "%!(NOVERB)%!(EXTRA int=0)"},
        {"%010.2", str("12345"), "%!(NOVERB)%!(EXTRA string=12345)"},
        // padding rules compared with C printf
        {"%.2f", f64(1.0), "1.00"},
        {"%.2f", f64(-1.0), "-1.00"},
        {"% .2f", f64(1.0), " 1.00"},
        {"% .2f", f64(-1.0), "-1.00"},
        {"%+.2f", f64(1.0), "+1.00"},
        {"%+.2f", f64(-1.0), "-1.00"},
        {"%7.2f", f64(1.0), "   1.00"},
        {"%7.2f", f64(-1.0), "  -1.00"},
        {"% 7.2f", f64(1.0), "   1.00"},
        {"% 7.2f", f64(-1.0), "  -1.00"},
        {"%+7.2f", f64(1.0), "  +1.00"},
        {"%+7.2f", f64(-1.0), "  -1.00"},
        {"% +7.2f", f64(1.0), "  +1.00"},
        {"% +7.2f", f64(-1.0), "  -1.00"},
        {"%07.2f", f64(1.0), "0001.00"},
        {"%07.2f", f64(-1.0), "-001.00"},
        {"% 07.2f", f64(1.0), " 001.00"},
        {"% 07.2f", f64(-1.0), "-001.00"},
        {"%+07.2f", f64(1.0), "+001.00"},
        {"%+07.2f", f64(-1.0), "-001.00"},
        {"% +07.2f", f64(1.0), "+001.00"},
        {"% +07.2f", f64(-1.0), "-001.00"},
        {"%0-5s", str("abc"), "abc  "},
        {"%-05.1f", f64(1.0), "1.0  "},
        // padding of one element does not leak into the next
        {"%06v", list({f64(10.0), ci(10)}), "[000010 000010]"},
        {"%06v", list({f64(-10.0), ci(10)}), "[-00010 000010]"},
        {"%03.6v", list({ci(1), f64(2.0), str("x")}), "[000001 002 00x]"},
        {"%03.0v", list({ci(0), f64(2.0), str("x")}), "[    002 000]"},
        {"%.", ci(3), "%!.(int=3)"},
        // unsupported verbs
        {"%☠", Value::null(), "%!☠(<nil>)"},
        {"%☠", ci(0), "%!☠(int=0)"},
        {"%☠", u64(0), "%!☠(uint64=0)"},
        {"%☠", str("hello"), "%!☠(string=hello)"},
        {"%☠", f64(1.2345678), "%!☠(float64=1.2345678)"},
    };
    for (const Row &row : rows)
        addRow(row.format, {row.arg}, row.out);

    // Go's reorderTests
    addRow("%[1]d", {ci(1)}, "1");
    addRow("%[2]d", {ci(2), ci(1)}, "1");
    addRow("%[2]d %[1]d", {ci(1), ci(2)}, "2 1");
    addRow("%[2]*[1]d", {ci(2), ci(5)}, "    2");
    addRow("%6.2f", {f64(12.0)}, " 12.00");
    addRow("%[3]*.[2]*[1]f", {f64(12.0), ci(2), ci(6)}, " 12.00");
    addRow("%[1]*.[2]*[3]f", {ci(6), ci(2), f64(12.0)}, " 12.00");
    addRow("%10f", {f64(12.0)}, " 12.000000");
    addRow("%[1]*[3]f", {ci(10), ci(99), f64(12.0)}, " 12.000000");
    addRow("%.6f", {f64(12.0)}, "12.000000");
    addRow("%.[1]*[3]f", {ci(6), ci(99), f64(12.0)}, "12.000000");
    addRow("%6.f", {f64(12.0)}, "    12");
    addRow("%[1]*.[3]f", {ci(6), ci(3), f64(12.0)}, "    12");
    addRow("%d %d %d %#[1]o %#o %#o", {ci(11), ci(12), ci(13)}, "11 12 13 013 014 015");
    addRow("%[d", {ci(2), ci(1)}, "%!d(BADINDEX)");
    addRow("%]d", {ci(2), ci(1)}, "%!](int=2)d%!(EXTRA int=1)");
    addRow("%[]d", {ci(2), ci(1)}, "%!d(BADINDEX)");
    addRow("%[-3]d", {ci(2), ci(1)}, "%!d(BADINDEX)");
    addRow("%[99]d", {ci(2), ci(1)}, "%!d(BADINDEX)");
    addRow("%[3]", {ci(2), ci(1)}, "%!(NOVERB)");
    addRow("%[1].2d", {ci(5), ci(6)}, "%!d(BADINDEX)");
    addRow("%[1]2d", {ci(2), ci(1)}, "%!d(BADINDEX)");
    addRow("%3.[2]d", {ci(7)}, "%!d(BADINDEX)");
    addRow("%.[2]d", {ci(7)}, "%!d(BADINDEX)");
    addRow("%d %d %d %#[1]o %#o %#o %#o", {ci(11), ci(12), ci(13)}, "11 12 13 013 014 015 %!o(MISSING)");
    addRow("%[5]d %[2]d %d", {ci(1), ci(2), ci(3)}, "%!d(BADINDEX) 2 3");
    addRow("%d %[3]d %d", {ci(1), ci(2)}, "1 %!d(BADINDEX) 2");
    addRow("%.[]", {}, "%!](BADINDEX)");
    addRow("%.-3d", {ci(42)}, "%!-(int=42)3d");
    addRow("%2147483648d", {ci(42)}, "%!(NOVERB)%!(EXTRA int=42)");
    addRow("%-2147483648d", {ci(42)}, "%!(NOVERB)%!(EXTRA int=42)");
    addRow("%.2147483648d", {ci(42)}, "%!(NOVERB)%!(EXTRA int=42)");
    // '*' arguments that are not integers
    addRow("%*d", {str("x"), ci(42)}, "%!(BADWIDTH)42");
    addRow("%.*d", {ci(-1), ci(42)}, "%!(BADPREC)42");
    addRow("%*d|", {ci(-4), ci(7)}, "7   |");
}

void tst_GoFmt::goFmtTests()
{
    checkSprintf();
}

// go-template.md §7.2 PR-1..PR-9 (%v of one value, as action output prints it).
void tst_GoFmt::formatValue_data()
{
    QTest::addColumn<Value>("value");
    QTest::addColumn<QByteArray>("expected");

    // PR-1
    QTest::newRow("int64") << i64(1) << QByteArray("1");
    QTest::newRow("1.5") << f64(1.5) << QByteArray("1.5");
    QTest::newRow("1e6") << f64(1e6) << QByteArray("1e+06");
    QTest::newRow("100.0") << f64(100.0) << QByteArray("100");
    QTest::newRow("1e21") << f64(1e21) << QByteArray("1e+21");
    QTest::newRow("1e-7") << f64(1e-7) << QByteArray("1e-07");
    QTest::newRow("-0") << f64(-0.0) << QByteArray("-0");
    QTest::newRow("int64 max") << i64(9223372036854775807) << QByteArray("9223372036854775807");
    // PR-2 (inside print/collections nil is <nil>)
    QTest::newRow("bool") << boolean(true) << QByteArray("true");
    QTest::newRow("null") << Value::null() << QByteArray("<nil>");
    QTest::newRow("missing") << Value::missing() << QByteArray("<nil>");
    // PR-3
    QTest::newRow("list") << list({i64(1), str("x"), f64(2.5), Value::null(), boolean(true)})
                          << QByteArray("[1 x 2.5 <nil> true]");
    // PR-4
    QTest::newRow("map") << dict({{"b", i64(2)}, {"a", str("x")}, {"c", Value::null()},
                                  {"d", dict({{"e", list({})}})}})
                         << QByteArray("map[a:x b:2 c:<nil> d:map[e:[]]]");
    // PR-5
    QTest::newRow("empty list") << Value::emptyList() << QByteArray("[]");
    QTest::newRow("empty map") << Value::emptyMap() << QByteArray("map[]");
    QTest::newRow("nil map") << Value::nilMap() << QByteArray("map[]");
    QTest::newRow("nil []map") << Value::nilList(Value::ListType::MapList) << QByteArray("[]");
    // PR-6
    QTest::newRow("[]string") << list({str("a"), str("b")}, Value::ListType::String) << QByteArray("[a b]");
    QTest::newRow("map[string]string")
        << dict({{"_1", str("b")}, {"_0", str("a")}}, Value::MapType::String) << QByteArray("map[_0:a _1:b]");
    QTest::newRow("[]int") << list({ci(0), ci(1), ci(2)}, Value::ListType::Int) << QByteArray("[0 1 2]");
    QTest::newRow("[][]interface {}")
        << list({list({ci(1), ci(2)}), list({ci(3)})}, Value::ListType::InterfaceList) << QByteArray("[[1 2] [3]]");
    // PR-7
    QTest::newRow("[\"\"]") << list({str("")}, Value::ListType::String) << QByteArray("[]");
    // PR-8
    QTest::newRow("semver") << semver() << QByteArray("1.2.3");
    QTest::newRow("time") << date() << QByteArray("2024-01-01 00:00:00 +0000 UTC");
    // PR-9
    QTest::newRow("1.0") << f64(1.0) << QByteArray("1");
    QTest::newRow("1234567.5") << f64(1234567.5) << QByteArray("1.2345675e+06");
    QTest::newRow("100000.5") << f64(100000.5) << QByteArray("100000.5");
    QTest::newRow("0.0001") << f64(0.0001) << QByteArray("0.0001");
    QTest::newRow("0.00001") << f64(0.00001) << QByteArray("1e-05");
    // others
    QTest::newRow("string") << str("a b") << QByteArray("a b");
    QTest::newRow("uint8") << Value::fromUint8(104) << QByteArray("104");
    QTest::newRow("uint64") << u64(~std::uint64_t(0)) << QByteArray("18446744073709551615");
    QTest::newRow("int") << ci(-3) << QByteArray("-3");
    QTest::newRow("+Inf") << f64(kInf) << QByteArray("+Inf");
    QTest::newRow("NaN") << f64(kNaN) << QByteArray("NaN");
    QTest::newRow("nested nil list") << list({Value::nilList(), Value::nilMap()}) << QByteArray("[[] map[]]");
}

void tst_GoFmt::formatValue()
{
    QFETCH(Value, value);
    QFETCH(QByteArray, expected);
    QCOMPARE(QByteArray::fromStdString(go::fmt::formatValue(value)), expected);
}

// sprig-helm-functions.md RFL-1 / RFL-2, go-template.md §2's type table.
void tst_GoFmt::typeAndKind_data()
{
    QTest::addColumn<Value>("value");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("kind");

    QTest::newRow("int64") << i64(1) << "int64" << "int64";
    QTest::newRow("float64") << f64(1.5) << "float64" << "float64";
    QTest::newRow("string") << str("s") << "string" << "string";
    QTest::newRow("list") << list({}) << "[]interface {}" << "slice";
    QTest::newRow("map") << dict({}) << "map[string]interface {}" << "map";
    QTest::newRow("bool") << boolean(true) << "bool" << "bool";
    QTest::newRow("null") << Value::null() << "<nil>" << "invalid";
    QTest::newRow("missing") << Value::missing() << "<nil>" << "invalid";
    QTest::newRow("int") << ci(1) << "int" << "int";
    QTest::newRow("uint8") << Value::fromUint8(1) << "uint8" << "uint8";
    QTest::newRow("uint64") << u64(1) << "uint64" << "uint64";
    QTest::newRow("[]string") << list({str("a")}, Value::ListType::String) << "[]string" << "slice";
    QTest::newRow("[]int") << list({}, Value::ListType::Int) << "[]int" << "slice";
    QTest::newRow("map[string]string") << dict({}, Value::MapType::String) << "map[string]string" << "map";
    QTest::newRow("[][]interface {}") << list({}, Value::ListType::InterfaceList) << "[][]interface {}" << "slice";
    QTest::newRow("[]map") << Value::nilList(Value::ListType::MapList) << "[]map[string]interface {}" << "slice";
    QTest::newRow("nil map") << Value::nilMap() << "map[string]interface {}" << "map";
    QTest::newRow("semver") << semver() << "*semver.Version" << "ptr";
    QTest::newRow("time") << date() << "time.Time" << "struct";
    QTest::newRow("duration") << duration() << "time.Duration" << "int64";
}

void tst_GoFmt::typeAndKind()
{
    QFETCH(Value, value);
    QFETCH(QString, type);
    QFETCH(QString, kind);
    QCOMPARE(QString::fromStdString(go::typeName(value)), type);
    QCOMPARE(QString::fromStdString(go::kindName(value)), kind);
    QCOMPARE(QString::fromStdString(go::fmt::sprintf("%T", {value})), type);
}

// go-template.md BI-16, LIT-22, NIL-18's print: spaces only between non-strings.
void tst_GoFmt::sprint_data()
{
    QTest::addColumn<Args>("args");
    QTest::addColumn<QByteArray>("expected");
    QTest::addColumn<QByteArray>("expectedLn");

    QTest::newRow("1 2") << Args{ci(1), ci(2)} << QByteArray("1 2") << QByteArray("1 2\n");
    QTest::newRow("a b") << Args{str("a"), str("b")} << QByteArray("ab") << QByteArray("a b\n");
    QTest::newRow("1 a 2") << Args{ci(1), str("a"), ci(2)} << QByteArray("1a2") << QByteArray("1 a 2\n");
    QTest::newRow("a 1 b") << Args{str("a"), ci(1), str("b")} << QByteArray("a1b") << QByteArray("a 1 b\n");
    QTest::newRow("missing") << Args{Value::missing()} << QByteArray("<nil>") << QByteArray("<nil>\n");
    QTest::newRow("none") << Args{} << QByteArray("") << QByteArray("\n");
    QTest::newRow("nil nil") << Args{Value::null(), Value::null()} << QByteArray("<nil> <nil>")
                             << QByteArray("<nil> <nil>\n");
    QTest::newRow("objects") << Args{semver(), semver(), str("x")} << QByteArray("1.2.3 1.2.3x")
                             << QByteArray("1.2.3 1.2.3 x\n");
    QTest::newRow("list") << Args{list({ci(1)}), dict({{"a", ci(1)}})} << QByteArray("[1] map[a:1]")
                          << QByteArray("[1] map[a:1]\n");
}

void tst_GoFmt::sprint()
{
    QFETCH(Args, args);
    QFETCH(QByteArray, expected);
    QFETCH(QByteArray, expectedLn);
    QCOMPARE(QByteArray::fromStdString(go::fmt::sprint(args)), expected);
    QCOMPARE(QByteArray::fromStdString(go::fmt::sprintln(args)), expectedLn);
}

// strconv.Quote; sprig's quote is quote(strval(x)) (STR-20).
void tst_GoFmt::quote_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("expected");

    QTest::newRow("STR-20 1e6") << QByteArray::fromStdString(go::fmt::strval(f64(1e6))) << QByteArray(R"("1e+06")");
    QTest::newRow("STR-20 list") << QByteArray::fromStdString(go::fmt::strval(list({ci(1), str("a")})))
                                 << QByteArray(R"("[1 a]")");
    QTest::newRow("STR-20 escapes") << QByteArray("\u00e9\t\x01") << QByteArray(R"("é\t\x01")");
    QTest::newRow("controls") << QByteArray("\a\b\f\n\r\t\v\\\"") << QByteArray(R"("\a\b\f\n\r\t\v\\\"")");
    QTest::newRow("del") << QByteArray("\x7f") << QByteArray(R"("\x7f")");
    QTest::newRow("nul") << QByteArray("a\0b", 3) << QByteArray(R"("a\x00b")");
    QTest::newRow("invalid utf-8") << QByteArray("\xff\xc3") << QByteArray(R"("\xff\xc3")");
    QTest::newRow("line separator") << QByteArray("\u2028") << QByteArray(R"("\u2028")");
    QTest::newRow("bom") << QByteArray("\ufeff") << QByteArray(R"("\ufeff")");
    QTest::newRow("tag char") << QByteArray("\U000E0001") << QByteArray(R"("\U000e0001")");
    QTest::newRow("emoji") << QByteArray("\U0001F600") << QByteArray("\"\U0001F600\"");
    QTest::newRow("single quote") << QByteArray("it's") << QByteArray(R"("it's")");
    QTest::newRow("nbsp") << QByteArray("\u00a0") << QByteArray(R"("\u00a0")");
    QTest::newRow("empty") << QByteArray("") << QByteArray(R"("")");
}

void tst_GoFmt::quote()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, expected);
    QCOMPARE(QByteArray::fromStdString(go::strconv::quote(input.toStdString())), expected);
}

void tst_GoFmt::strval()
{
    QCOMPARE(go::fmt::strval(str("x y")), std::string("x y"));
    QCOMPARE(go::fmt::strval(i64(1)), std::string("1"));
    QCOMPARE(go::fmt::strval(f64(0.5)), std::string("0.5"));
    QCOMPARE(go::fmt::strval(Value::null()), std::string("<nil>"));
    QCOMPARE(go::fmt::strval(Value::missing()), std::string("<nil>"));
    QCOMPARE(go::fmt::strval(boolean(false)), std::string("false"));
    QCOMPARE(go::fmt::strval(semver()), std::string("1.2.3"));
    QCOMPARE(go::fmt::strval(duration()), std::string("1h0m0s"));
    QCOMPARE(go::fmt::strval(dict({{"a", list({})}})), std::string("map[a:[]]"));
}

QTEST_GUILESS_MAIN(tst_GoFmt)
#include "tst_gofmt.moc"
