// SPDX-License-Identifier: Apache-2.0
#include "template/FunctionError.h"
#include "template/FunctionRegistry.h"
#include "template/functions/FunctionGroups.h"
#include "template/functions/TimeObjects.h"
#include "go/GoFloat.h"

#include <QFile>
#include <QTest>

#include <cstdint>
#include <ctime>

using namespace ds;
using namespace ds::tmpl;

namespace {

constexpr std::int64_t kSecond = 1000000000;

// How a test expects a result to print (strings as is, Stringers via String()).
std::string text(const Value &v)
{
    switch (v.type()) {
    case Value::Type::String: return v.str();
    case Value::Type::Int:
    case Value::Type::Int64: return std::to_string(v.toInt64());
    case Value::Type::Bool: return v.toBool() ? "true" : "false";
    case Value::Type::Float64: return go::strconv::formatShortest(v.toFloat());
    case Value::Type::Object: return v.object().toString();
    default: return "<unexpected>";
    }
}

// "UTC", an IANA name, or "fixed:NAME:OFFSET".
go::LocationPtr zone(const QString &spec)
{
    if (spec.startsWith("fixed:")) {
        const QStringList parts = spec.split(':');
        return go::Location::fixedZone(parts[1].toStdString(), parts[2].toInt());
    }
    go::LocationPtr loc = go::Location::load(spec.toStdString());
    if (!loc)
        qFatal("unknown zone in test: %s", qPrintable(spec));
    return loc;
}

go::Time::ClockReading fixedReading(std::int64_t unixNanos, std::int64_t mono)
{
    return go::Time::ClockReading{unixNanos, mono};
}

} // namespace

class tst_GoTime : public QObject
{
    Q_OBJECT

public:
    tst_GoTime() { registerDateFunctions(m_registry); }

private:
    Value call(const std::string &name, std::vector<Value> args);
    Value callMethod(const Value &receiver, const std::string &name, std::vector<Value> args);
    Value argument(const QString &spec);
    Value toDate(const std::string &layout, const std::string &value)
    {
        return call("toDate", {Value(layout), Value(value)});
    }

    FunctionRegistry m_registry;
    FunctionContext m_context;

private slots:
    void initTestCase();
    void cleanup();

    void zones_data();
    void zones();
    void unknownZones();
    void format_data();
    void format();
    void parse_data();
    void parse();
    void parseGoReferenceTimes_data();
    void parseGoReferenceTimes();
    void parseErrors_data();
    void parseErrors();
    void parseYearDays();
    void parseAbbreviationInLocation();
    void formatParseRoundTrip_data();
    void formatParseRoundTrip();
    void dateNormalization_data();
    void dateNormalization();
    void functions_data();
    void functions();
    void functionErrors_data();
    void functionErrors();
    void nowAndMonotonicClock();
    void timeMethods_data();
    void timeMethods();
    void methodSignatures();
    void durationMethods();
    void jsonAndTruth();
    void durationString_data();
    void durationString();
    void parseDuration_data();
    void parseDuration();
    void parseDurationErrors_data();
    void parseDurationErrors();
};

Value tst_GoTime::call(const std::string &name, std::vector<Value> args)
{
    const FunctionSpec *spec = m_registry.find(name);
    if (!spec)
        qFatal("function not registered: %s", name.c_str());
    if (args.size() != spec->params.size())
        qFatal("wrong number of args for %s", name.c_str());
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (spec->params[i] == ParamType::Time && !asTimeObject(args[i]))
            qFatal("argument %zu of %s is not a time.Time", i, name.c_str());
    }
    return spec->impl(m_context, args);
}

Value tst_GoTime::callMethod(const Value &receiver, const std::string &name, std::vector<Value> args)
{
    const TemplateObject *object = asTemplateObject(receiver);
    if (!object)
        qFatal("receiver of %s is not a template object", name.c_str());
    const FunctionSpec *spec = object->method(name);
    if (!spec)
        qFatal("no method %s on %s", name.c_str(), object->typeName().c_str());
    if (args.size() != spec->params.size())
        qFatal("wrong number of args for method %s", name.c_str());
    args.insert(args.begin(), receiver);
    return spec->impl(m_context, args);
}

// s:TEXT, i64:N (data integer), int:N (Go int constant), f:X, nil, now,
// toDate:LAYOUT|VALUE.
Value tst_GoTime::argument(const QString &spec)
{
    const QString rest = spec.section(':', 1);
    if (spec.startsWith("s:"))
        return Value(rest.toStdString());
    if (spec.startsWith("i64:"))
        return Value::fromInt64(rest.toLongLong());
    if (spec.startsWith("int:"))
        return Value::fromInt(rest.toLongLong());
    if (spec.startsWith("f:"))
        return Value::fromFloat(rest.toDouble());
    if (spec == "nil")
        return Value::null();
    if (spec == "now")
        return call("now", {});
    if (spec.startsWith("toDate:"))
        return toDate(rest.section('|', 0, 0).toStdString(), rest.section('|', 1).toStdString());
    qFatal("bad argument spec %s", qPrintable(spec));
}

void tst_GoTime::initTestCase()
{
    // The spec's expectations assume the process runs in UTC; Local is read on first use.
    qputenv("TZ", "UTC");
    tzset();
}

void tst_GoTime::cleanup()
{
    go::Time::setClockForTesting({});
}

// ---- Zones: tzdata offsets and abbreviations, not Qt display names ----

void tst_GoTime::zones_data()
{
    QTest::addColumn<QString>("zone");
    QTest::addColumn<qint64>("unix");
    QTest::addColumn<QString>("expected"); // "MST -0700" at that instant

    QTest::newRow("New York winter") << "America/New_York" << 1700000000LL << "EST -0500";
    QTest::newRow("New York summer") << "America/New_York" << 1720000000LL << "EDT -0400";
    QTest::newRow("Kolkata") << "Asia/Kolkata" << 1700000000LL << "IST +0530";
    QTest::newRow("Kathmandu numeric abbreviation") << "Asia/Kathmandu" << 1700000000LL << "+0545 +0545";
    QTest::newRow("Sao Paulo numeric abbreviation") << "America/Sao_Paulo" << 1700000000LL << "-03 -0300";
    QTest::newRow("London summer") << "Europe/London" << 1720000000LL << "BST +0100";
    QTest::newRow("UTC") << "UTC" << 1700000000LL << "UTC +0000";
    QTest::newRow("Etc/UTC") << "Etc/UTC" << 1700000000LL << "UTC +0000";
    QTest::newRow("Local is UTC here") << "Local" << 1700000000LL << "UTC +0000";
    QTest::newRow("New York 1800 LMT") << "America/New_York" << -5364662400LL << "LMT -0456";
}

void tst_GoTime::zones()
{
    QFETCH(QString, zone);
    QFETCH(qint64, unix);
    QFETCH(QString, expected);
    const go::Time t(unix, 0, ::zone(zone));
    QCOMPARE(QString::fromStdString(t.format("MST -0700")), expected);
}

void tst_GoTime::unknownZones()
{
    // Go's LoadLocation fails for these; Qt alone would accept POSIX-style names.
    for (const char *name : {"Bad/Zone", "Foo", "america/new_york", "../zoneinfo/UTC", "/etc/localtime", "zone.tab"})
        QVERIFY2(!go::Location::load(name), name);
    QVERIFY(go::Location::load("") == go::Location::utc());
    QVERIFY(go::Location::load("UTC") == go::Location::utc());
    QVERIFY(go::Location::load("Local") == go::Location::local());
    // Like Go, zones come from the system's tz database (tzdata), when installed.
    QCOMPARE(bool(go::Location::load("EST5EDT")), QFile::exists(QStringLiteral("/usr/share/zoneinfo/EST5EDT")));
}

// ---- Format ----

void tst_GoTime::format_data()
{
    QTest::addColumn<QString>("zone");
    QTest::addColumn<qint64>("unix");
    QTest::addColumn<int>("nsec");
    QTest::addColumn<QString>("layout");
    QTest::addColumn<QString>("expected");

    // DATE-1..3 (sprig-helm-functions.md §10), .ts = 1700000000
    QTest::newRow("DATE-1 RFC3339 UTC") << "UTC" << 1700000000LL << 0 << "2006-01-02T15:04:05Z07:00"
                                        << "2023-11-14T22:13:20Z";
    QTest::newRow("DATE-1 New York") << "America/New_York" << 1700000000LL << 0
                                     << "Jan 2, 2006 at 3:04pm (MST) Mon .000"
                                     << "Nov 14, 2023 at 5:13pm (EST) Tue .000";
    QTest::newRow("DATE-2 all tokens")
        << "UTC" << 1700000000LL << 0
        << "Mon Monday Jan January 1 01 2 02 _2 __2 002 15 3 03 4 04 5 05 06 2006 PM pm MST Z07:00 -07:00 -0700 -07 "
           "Z0700 Z07 .000 .999 .000000 ,000 .9"
        << "Tue Tuesday Nov November 11 11 14 14 14 318 318 22 10 10 13 13 20 20 23 2023 PM pm UTC Z +00:00 +0000 +00 "
           "Z Z .000  .000000 ,000 ";
    QTest::newRow("DATE-3 Kathmandu") << "Asia/Kathmandu" << 1700000000LL << 0 << "Z07:00 -07:00 MST"
                                      << "+05:45 +05:45 +0545";
    QTest::newRow("DATE-3 Kolkata") << "Asia/Kolkata" << 1700000000LL << 0
                                    << "02/01/06 15:04:05.000000 -0700 Z07 pm"
                                    << "15/11/23 03:43:20.000000 +0530 +05 am";

    // Go's format_test.go: Thu Feb  4 21:00:57.012345600 PST 2009
    const qint64 ref = 1233810057;
    const int refNs = 12345600;
    const QString la = "America/Los_Angeles";
    QTest::newRow("ANSIC") << la << ref << refNs << "Mon Jan _2 15:04:05 2006" << "Wed Feb  4 21:00:57 2009";
    QTest::newRow("UnixDate") << la << ref << refNs << "Mon Jan _2 15:04:05 MST 2006"
                              << "Wed Feb  4 21:00:57 PST 2009";
    QTest::newRow("RubyDate") << la << ref << refNs << "Mon Jan 02 15:04:05 -0700 2006"
                              << "Wed Feb 04 21:00:57 -0800 2009";
    QTest::newRow("RFC822") << la << ref << refNs << "02 Jan 06 15:04 MST" << "04 Feb 09 21:00 PST";
    QTest::newRow("RFC850") << la << ref << refNs << "Monday, 02-Jan-06 15:04:05 MST"
                            << "Wednesday, 04-Feb-09 21:00:57 PST";
    QTest::newRow("RFC1123") << la << ref << refNs << "Mon, 02 Jan 2006 15:04:05 MST"
                             << "Wed, 04 Feb 2009 21:00:57 PST";
    QTest::newRow("RFC1123Z") << la << ref << refNs << "Mon, 02 Jan 2006 15:04:05 -0700"
                              << "Wed, 04 Feb 2009 21:00:57 -0800";
    QTest::newRow("RFC3339") << la << ref << refNs << "2006-01-02T15:04:05Z07:00" << "2009-02-04T21:00:57-08:00";
    QTest::newRow("RFC3339Nano") << la << ref << refNs << "2006-01-02T15:04:05.999999999Z07:00"
                                 << "2009-02-04T21:00:57.0123456-08:00";
    QTest::newRow("Kitchen") << la << ref << refNs << "3:04PM" << "9:00PM";
    QTest::newRow("am/pm") << la << ref << refNs << "3pm" << "9pm";
    QTest::newRow("AM/PM") << la << ref << refNs << "3PM" << "9PM";
    QTest::newRow("two-digit year") << la << ref << refNs << "06 01 02" << "09 02 04";
    QTest::newRow("Janet") << la << ref << refNs << "Hi Janet, the Month is January"
                           << "Hi Janet, the Month is February";
    QTest::newRow("Stamp") << la << ref << refNs << "Jan _2 15:04:05" << "Feb  4 21:00:57";
    QTest::newRow("StampMilli") << la << ref << refNs << "Jan _2 15:04:05.000" << "Feb  4 21:00:57.012";
    QTest::newRow("StampMicro") << la << ref << refNs << "Jan _2 15:04:05.000000" << "Feb  4 21:00:57.012345";
    QTest::newRow("StampNano") << la << ref << refNs << "Jan _2 15:04:05.000000000" << "Feb  4 21:00:57.012345600";
    QTest::newRow("YearDay") << la << ref << refNs << "Jan  2 002 __2 2" << "Feb  4 035  35 4";
    QTest::newRow("comma fraction") << la << ref << refNs << "05,000 05,999999" << "57,012 57,012345";
    QTest::newRow("fraction beyond 9 digits") << la << ref << refNs << ".0000000000" << ".012345600";
    QTest::newRow("nines trim to nothing") << "UTC" << 0LL << 5000 << ".99|.999999|.9999999" << "|.000005|.000005";
    QTest::newRow("digits after fraction are literal") << "UTC" << 0LL << 5000 << ".0009" << ".0009";

    // Go's TestFormatSingleDigits, noon/midnight, short years
    QTest::newRow("single digits") << "UTC" << 981173106LL << 700000000 << "3:4:5" << "4:5:6";
    QTest::newRow("noon") << "UTC" << 1704110400LL << 0 << "3:04PM 03:04PM" << "12:00PM 12:00PM";
    QTest::newRow("midnight") << "UTC" << 1704067200LL << 0 << "3:04PM 03:04PM" << "12:00AM 12:00AM";
    QTest::newRow("underscore day") << "UTC" << 1704412800LL << 0 << "_2|__2|002|_2006" << " 5|  5|005|_2024";
    QTest::newRow("zero time") << "UTC" << -62135596800LL << 0 << "2006 06 Jan 2 Mon" << "0001 01 Jan 1 Mon";
    QTest::newRow("year -1") << "UTC" << -62167219200LL - 365 * 86400LL << 0 << "2006.01.02 06"
                             << "-0001.01.01 01";
    QTest::newRow("year 10000") << "UTC" << 253402300800LL << 0 << "2006.01.02" << "10000.01.01";

    // Offsets with seconds (Go's TestFormatSecondsInTimeZone): 1871-01-01 05:33:02 in a fixed zone
    const qint64 t1871 = -3124117618LL; // 1871-01-01T05:33:02Z
    QTest::newRow("-070000") << "fixed:LMT:-2048" << t1871 + 2048 << 0 << "2006-01-02T15:04:05-070000"
                             << "1871-01-01T05:33:02-003408";
    QTest::newRow("-07:00:00") << "fixed:LMT:2048" << t1871 - 2048 << 0 << "2006-01-02T15:04:05-07:00:00"
                               << "1871-01-01T05:33:02+00:34:08";
    QTest::newRow("Z07:00:00") << "fixed:LMT:2048" << t1871 - 2048 << 0 << "Z07:00:00 Z070000 -07 Z07"
                               << "+00:34:08 +003408 +00 +00";
    QTest::newRow("unnamed fixed zone MST") << "fixed::-16200" << 0LL << 0 << "MST|-0700|Z07:00"
                                            << "-0430|-0430|-04:30";
    QTest::newRow("New York 1800 LMT") << "America/New_York" << -5364662400LL << 0
                                       << "2006-01-02 15:04:05 -07:00:00 MST"
                                       << "1799-12-31 19:03:58 -04:56:02 LMT";
    QTest::newRow("literal text") << "UTC" << 0LL << 0 << "Monkey Janet MSTx" << "Monkey Janet UTCx";
}

void tst_GoTime::format()
{
    QFETCH(QString, zone);
    QFETCH(qint64, unix);
    QFETCH(int, nsec);
    QFETCH(QString, layout);
    QFETCH(QString, expected);
    const go::Time t(unix, nsec, ::zone(zone));
    QCOMPARE(QString::fromStdString(t.format(layout.toStdString())), expected);
}

// ---- Parse (ParseInLocation with Local = UTC, as toDate does here) ----

void tst_GoTime::parse_data()
{
    QTest::addColumn<QString>("layout");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("expected"); // String() of the result

    const QString rfc3339 = "2006-01-02T15:04:05Z07:00";
    QTest::newRow("DATE-6 date") << "2006-01-02" << "2024-02-29" << "2024-02-29 00:00:00 +0000 UTC";
    QTest::newRow("DATE-7 foreign offset") << rfc3339 << "2024-05-06T07:08:09+02:00"
                                           << "2024-05-06 07:08:09 +0200 +0200";
    QTest::newRow("PR-8") << "2006-01-02" << "2024-01-01" << "2024-01-01 00:00:00 +0000 UTC";
    QTest::newRow("Z") << rfc3339 << "2024-05-06T07:08:09Z" << "2024-05-06 07:08:09 +0000 UTC";
    QTest::newRow("offset matching Local") << rfc3339 << "2024-05-06T07:08:09+00:00"
                                           << "2024-05-06 07:08:09 +0000 UTC";
    QTest::newRow("fraction not in layout") << rfc3339 << "2024-05-06T07:08:09.123Z"
                                            << "2024-05-06 07:08:09.123 +0000 UTC";
    QTest::newRow("no year") << "Jan _2 15:04:05" << "Feb  3 04:05:06" << "0000-02-03 04:05:06 +0000 UTC";
    QTest::newRow("12:30AM") << "3:04PM" << "12:30AM" << "0000-01-01 00:30:00 +0000 UTC";
    QTest::newRow("1:05pm") << "3:04pm" << "1:05pm" << "0000-01-01 13:05:00 +0000 UTC";
    QTest::newRow("12PM is noon") << "03:04PM" << "12:00PM" << "0000-01-01 12:00:00 +0000 UTC";
    QTest::newRow("unknown abbreviation") << "2006-01-02 MST" << "2024-02-29 EST"
                                          << "2024-02-29 00:00:00 +0000 EST";
    QTest::newRow("UTC abbreviation") << "2006-01-02 MST" << "2024-02-29 UTC" << "2024-02-29 00:00:00 +0000 UTC";
    QTest::newRow("GMT+3 keeps the instant") << "2006-01-02 MST" << "2024-02-29 GMT+3"
                                             << "2024-02-29 03:00:00 +0300 GMT+3";
    QTest::newRow("offset and name") << "2006-01-02 -0700 MST" << "2024-02-29 +0530 IST"
                                     << "2024-02-29 00:00:00 +0530 IST";
    QTest::newRow("day of year") << "002 2006" << "060 2024" << "2024-02-29 00:00:00 +0000 UTC";
    QTest::newRow("space-padded day of year") << "__2 2006" << " 61 2024" << "2024-03-01 00:00:00 +0000 UTC";
    QTest::newRow("literal Z") << "2006-01-02T15:04:05.000Z" << "2024-01-02T03:04:05.678Z"
                               << "2024-01-02 03:04:05.678 +0000 UTC";
    QTest::newRow("case-insensitive names") << "Monday, 02-Jan-06" << "tuesday, 05-MAR-24"
                                            << "2024-03-05 00:00:00 +0000 UTC";
    QTest::newRow("two-digit year 68") << "06" << "68" << "2068-01-01 00:00:00 +0000 UTC";
    QTest::newRow("two-digit year 69") << "06" << "69" << "1969-01-01 00:00:00 +0000 UTC";
    QTest::newRow("spaces collapse") << "Jan 2 2006" << "Feb     3    2024" << "2024-02-03 00:00:00 +0000 UTC";
    QTest::newRow("underscore 2006") << "15:04_20060102" << "14:38_20150618" << "2015-06-18 14:38:00 +0000 UTC";
    QTest::newRow("offset minutes") << "Mon Jan 02 15:04:05 -0700 2006" << "Mon Jan 02 15:04:05 +0123 2006"
                                    << "2006-01-02 15:04:05 +0123 +0123";
    QTest::newRow("offset seconds") << "2006-01-02T15:04:05-07:00:00" << "1871-01-01T05:33:02-00:34:08"
                                    << "1871-01-01 05:33:02 -0034 -0034";
    QTest::newRow("short offset") << "2006-01-02T15:04:05Z07" << "1871-01-01T05:33:02-02"
                                  << "1871-01-01 05:33:02 -0200 -0200";
    QTest::newRow("RFC3339Nano") << "2006-01-02T15:04:05.999999999Z07:00" << "2024-05-06T07:08:09.000000001-01:30"
                                 << "2024-05-06 07:08:09.000000001 -0130 -0130";
    QTest::newRow("nanos truncated") << "2006-01-02 15:04:05" << "2024-05-06 07:08:09.1234567891"
                                     << "2024-05-06 07:08:09.123456789 +0000 UTC";
    QTest::newRow("numeric zone abbreviation") << "2006-01-02 MST" << "2024-02-29 +03"
                                               << "2024-02-29 00:00:00 +0000 +03";
}

void tst_GoTime::parse()
{
    QFETCH(QString, layout);
    QFETCH(QString, value);
    QFETCH(QString, expected);
    std::string error;
    const auto t = go::Time::parseInLocation(layout.toStdString(), value.toStdString(), go::Location::local(), error);
    QVERIFY2(t, error.c_str());
    QCOMPARE(QString::fromStdString(t->toString()), expected);
    // toDate is exactly this
    QCOMPARE(QString::fromStdString(text(toDate(layout.toStdString(), value.toStdString()))), expected);
}

// Go's format_test.go parseTests (Local = America/Los_Angeles): every value is
// Thu Feb  4 21:00:57 PST 2010 with some fractional digits.
void tst_GoTime::parseGoReferenceTimes_data()
{
    QTest::addColumn<QString>("layout");
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("hasTZ");
    QTest::addColumn<bool>("hasWD");
    QTest::addColumn<bool>("hasYear");
    QTest::addColumn<int>("fracDigits");

    const QString ansic = "Mon Jan _2 15:04:05 2006";
    const QString unixDate = "Mon Jan _2 15:04:05 MST 2006";
    const QString rubyDate = "Mon Jan 02 15:04:05 -0700 2006";
    const QString rfc850 = "Monday, 02-Jan-06 15:04:05 MST";
    const QString rfc1123 = "Mon, 02 Jan 2006 15:04:05 MST";
    const QString rfc1123z = "Mon, 02 Jan 2006 15:04:05 -0700";
    const QString rfc3339 = "2006-01-02T15:04:05Z07:00";
    QTest::newRow("ANSIC") << ansic << "Thu Feb  4 21:00:57 2010" << false << true << true << 0;
    QTest::newRow("UnixDate") << unixDate << "Thu Feb  4 21:00:57 PST 2010" << true << true << true << 0;
    QTest::newRow("RubyDate") << rubyDate << "Thu Feb 04 21:00:57 -0800 2010" << true << true << true << 0;
    QTest::newRow("RFC850") << rfc850 << "Thursday, 04-Feb-10 21:00:57 PST" << true << true << true << 0;
    QTest::newRow("RFC1123") << rfc1123 << "Thu, 04 Feb 2010 21:00:57 PST" << true << true << true << 0;
    QTest::newRow("RFC1123 PDT") << rfc1123 << "Thu, 04 Feb 2010 22:00:57 PDT" << true << true << true << 0;
    QTest::newRow("RFC1123Z") << rfc1123z << "Thu, 04 Feb 2010 21:00:57 -0800" << true << true << true << 0;
    QTest::newRow("RFC3339") << rfc3339 << "2010-02-04T21:00:57-08:00" << true << false << true << 0;
    QTest::newRow("custom -07") << "2006-01-02 15:04:05-07" << "2010-02-04 21:00:57-08" << true << false << true << 0;
    QTest::newRow("ANSIC .0") << ansic << "Thu Feb  4 21:00:57.0 2010" << false << true << true << 1;
    QTest::newRow("UnixDate .01") << unixDate << "Thu Feb  4 21:00:57.01 PST 2010" << true << true << true << 2;
    QTest::newRow("RubyDate .012") << rubyDate << "Thu Feb 04 21:00:57.012 -0800 2010" << true << true << true << 3;
    QTest::newRow("RFC850 .0123") << rfc850 << "Thursday, 04-Feb-10 21:00:57.0123 PST" << true << true << true << 4;
    QTest::newRow("RFC1123 .01234") << rfc1123 << "Thu, 04 Feb 2010 21:00:57.01234 PST" << true << true << true << 5;
    QTest::newRow("RFC1123Z .01234") << rfc1123z << "Thu, 04 Feb 2010 21:00:57.01234 -0800" << true << true << true
                                     << 5;
    QTest::newRow("RFC3339 nanos") << rfc3339 << "2010-02-04T21:00:57.012345678-08:00" << true << false << true << 9;
    QTest::newRow("optional .0") << "2006-01-02 15:04:05" << "2010-02-04 21:00:57.0" << false << false << true << 0;
    QTest::newRow("one space") << ansic << "Thu Feb 4 21:00:57 2010" << false << true << true << 0;
    QTest::newRow("many spaces") << ansic << "Thu      Feb     4     21:00:57     2010" << false << true << true << 0;
    QTest::newRow("upper case") << ansic << "THU FEB 4 21:00:57 2010" << false << true << true << 0;
    QTest::newRow("lower case") << ansic << "thu feb 4 21:00:57 2010" << false << true << true << 0;
    QTest::newRow("ms dot") << "Mon Jan _2 15:04:05.000 2006" << "Thu Feb  4 21:00:57.012 2010" << false << true
                            << true << 3;
    QTest::newRow("us dot") << "Mon Jan _2 15:04:05.000000 2006" << "Thu Feb  4 21:00:57.012345 2010" << false
                            << true << true << 6;
    QTest::newRow("ns dot") << "Mon Jan _2 15:04:05.000000000 2006" << "Thu Feb  4 21:00:57.012345678 2010" << false
                            << true << true << 9;
    QTest::newRow("ms comma") << "Mon Jan _2 15:04:05,000 2006" << "Thu Feb  4 21:00:57.012 2010" << false << true
                              << true << 3;
    QTest::newRow("ns comma") << "Mon Jan _2 15:04:05,000000000 2006" << "Thu Feb  4 21:00:57.012345678 2010"
                              << false << true << true << 9;
    QTest::newRow("zero1") << "2006.01.02.15.04.05.0" << "2010.02.04.21.00.57.0" << false << false << true << 1;
    QTest::newRow("zero2") << "2006.01.02.15.04.05.00" << "2010.02.04.21.00.57.01" << false << false << true << 2;
    QTest::newRow("Janet") << "Hi Janet, the Month is January: Jan _2 15:04:05 2006"
                           << "Hi Janet, the Month is February: Feb  4 21:00:57 2010" << false << true << true << 0;
    QTest::newRow("GMT-8") << unixDate << "Fri Feb  5 05:00:57 GMT-8 2010" << true << true << true << 0;
    QTest::newRow(".9999 none") << "2006-01-02 15:04:05.9999 -0700 MST" << "2010-02-04 21:00:57 -0800 PST" << true
                                << false << true << 0;
    QTest::newRow(".9999 four") << "2006-01-02 15:04:05.9999 -0700 MST" << "2010-02-04 21:00:57.0123 -0800 PST"
                                << true << false << true << 4;
    QTest::newRow(".9999 nine") << "2006-01-02 15:04:05.9999 -0700 MST" << "2010-02-04 21:00:57.012345678 -0800 PST"
                                << true << false << true << 9;
    QTest::newRow(",999999999 four") << "2006-01-02 15:04:05,999999999 -0700 MST"
                                     << "2010-02-04 21:00:57.0123 -0800 PST" << true << false << true << 4;
    QTest::newRow("StampNano") << "Jan _2 15:04:05.000000000" << "Feb  4 21:00:57.012345678" << false << false
                               << false << 9;
    QTest::newRow(".999 more digits") << "Jan _2 15:04:05.999" << "Feb  4 21:00:57.012345678" << false << false
                                      << false << 9;
    QTest::newRow("yday") << "2006-01-02 002 15:04:05" << "2010-02-04 035 21:00:57" << false << false << true << 0;
    QTest::newRow("yday month") << "2006-01 002 15:04:05" << "2010-02 035 21:00:57" << false << false << true << 0;
    QTest::newRow("yday only") << "2006-002 15:04:05" << "2010-035 21:00:57" << false << false << true << 0;
    QTest::newRow("yday 01") << "200600201 15:04:05" << "201003502 21:00:57" << false << false << true << 0;
    QTest::newRow("yday 04") << "200600204 15:04:05" << "201003504 21:00:57" << false << false << true << 0;
}

void tst_GoTime::parseGoReferenceTimes()
{
    QFETCH(QString, layout);
    QFETCH(QString, value);
    QFETCH(bool, hasTZ);
    QFETCH(bool, hasWD);
    QFETCH(bool, hasYear);
    QFETCH(int, fracDigits);
    std::string error;
    const auto t = go::Time::parseInLocation(layout.toStdString(), value.toStdString(),
                                           go::Location::load("America/Los_Angeles"), error);
    QVERIFY2(t, error.c_str());
    const go::Time::Civil c = t->civil();
    if (hasYear)
        QCOMPARE(c.year, std::int64_t(2010));
    QCOMPARE(c.month, 2);
    QCOMPARE(c.day, 4);
    QCOMPARE(c.hour, 21);
    QCOMPARE(c.minute, 0);
    QCOMPARE(c.second, 57);
    const std::string digits = std::string("012345678").substr(0, fracDigits) + std::string(9 - fracDigits, '0');
    QCOMPARE(t->nanosecond(), std::stoi(digits));
    if (hasTZ)
        QCOMPARE(c.zone.offset, -28800);
    if (hasWD)
        QCOMPARE(c.weekday, 4);
}

void tst_GoTime::parseErrors_data()
{
    QTest::addColumn<QString>("layout");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<bool>("exact"); // else: expected is a substring

    const QString ansic = "Mon Jan _2 15:04:05 2006";
    const QString rfc3339 = "2006-01-02T15:04:05Z07:00";
    QTest::newRow("DATE-8") << "2006-01-02" << "bad"
                            << R"(parsing time "bad" as "2006-01-02": cannot parse "bad" as "2006")" << true;
    QTest::newRow("extra text") << rfc3339 << "2006-01-02T15:04:05Z07:00"
                                << R"(parsing time "2006-01-02T15:04:05Z07:00": extra text: "07:00")" << true;
    QTest::newRow("literal mismatch")
        << rfc3339 << "2006-01-02T15:04_abc"
        << R"(parsing time "2006-01-02T15:04_abc" as "2006-01-02T15:04:05Z07:00": cannot parse "_abc" as ":")" << true;
    QTest::newRow("bad zone")
        << rfc3339 << "2006-01-02T15:04:05_abc"
        << R"(parsing time "2006-01-02T15:04:05_abc" as "2006-01-02T15:04:05Z07:00": cannot parse "_abc" as "Z07:00")"
        << true;
    QTest::newRow("extra after Z") << rfc3339 << "2006-01-02T15:04:05Z_abc"
                                   << R"(parsing time "2006-01-02T15:04:05Z_abc": extra text: "_abc")" << true;
    QTest::newRow("std0x") << "01 MST" << "0 MST" << R"(parsing time "0 MST" as "01 MST": cannot parse "0 MST" as "01")"
                           << true;
    QTest::newRow("month range") << "01-02" << "13-01" << R"(parsing time "13-01": month out of range)" << true;
    QTest::newRow("day range") << ansic << "Thu Feb 29 21:00:57 2010"
                               << R"(parsing time "Thu Feb 29 21:00:57 2010": day out of range)" << true;
    QTest::newRow("non-ASCII quoted") << "2006" << "\xC3\xA9t\xC3\xA9"
                                      << R"(parsing time "\xc3\xa9t\xc3\xa9" as "2006": cannot parse "\xc3\xa9t\xc3\xa9" as "2006")"
                                      << true;
    QTest::newRow("weekday") << ansic << "Feb  4 21:00:60 2010" << "cannot parse" << false;
    QTest::newRow("year @") << ansic << "Thu Feb  4 21:00:57 @2010" << "cannot parse" << false;
    QTest::newRow("second") << ansic << "Thu Feb  4 21:00:60 2010" << "second out of range" << false;
    QTest::newRow("minute") << ansic << "Thu Feb  4 21:61:57 2010" << "minute out of range" << false;
    QTest::newRow("hour") << ansic << "Thu Feb  4 24:00:60 2010" << "hour out of range" << false;
    QTest::newRow("x01") << "Mon Jan _2 15:04:05.000 2006" << "Thu Feb  4 23:00:59x01 2010" << "cannot parse" << false;
    QTest::newRow(".xxx") << "Mon Jan _2 15:04:05.000 2006" << "Thu Feb  4 23:00:59.xxx 2010" << "cannot parse"
                          << false;
    QTest::newRow("negative fraction") << "Mon Jan _2 15:04:05.000 2006" << "Thu Feb  4 23:00:59.-123 2010"
                                       << "fractional second out of range" << false;
    QTest::newRow("StampNano short") << "Jan _2 15:04:05.000000000" << "Dec  7 11:22:01.000000"
                                     << R"(cannot parse ".000000" as ".000000000")" << false;
    QTest::newRow("StampNano long") << "Jan _2 15:04:05.000000000" << "Dec  7 11:22:01.0000000000"
                                    << R"(extra text: "0")" << false;
    QTest::newRow("second before fraction") << rfc3339 << "2010-02-04T21:00:67.012345678-08:00"
                                            << "second out of range" << false;
    QTest::newRow("issue 21113") << "_2 Jan 06 15:04 MST" << "4 --- 00 00:00 GMT" << "cannot parse" << false;
    QTest::newRow("issue 21113 long") << "_2 January 06 15:04 MST" << "4 --- 00 00:00 GMT" << "cannot parse"
                                      << false;
    QTest::newRow("yday day") << "Jan _2 002 2006" << "Feb  4 034 2006" << "day-of-year does not match day" << false;
    QTest::newRow("yday month") << "Jan _2 002 2006" << "Feb  4 004 2006" << "day-of-year does not match month"
                                << false;
    QTest::newRow("yday range") << "002 2006" << "366 2023" << "day-of-year out of range" << false;
    QTest::newRow("Jan 32") << ansic << "Thu Jan 32 21:00:57 2010" << "day out of range" << false;
    QTest::newRow("Apr 31") << ansic << "Thu Apr 31 21:00:57 2010" << "day out of range" << false;
    QTest::newRow("Dec 00") << ansic << "Thu Dec 00 21:00:57 2010" << "day out of range" << false;
    QTest::newRow("zone hour") << "-07:00" << "+25:00" << "time zone offset hour out of range" << false;
}

void tst_GoTime::parseErrors()
{
    QFETCH(QString, layout);
    QFETCH(QString, value);
    QFETCH(QString, expected);
    QFETCH(bool, exact);
    std::string error;
    const auto t = go::Time::parseInLocation(layout.toStdString(), value.toStdString(), go::Location::utc(), error);
    QVERIFY(!t);
    if (exact)
        QCOMPARE(QString::fromStdString(error), expected);
    else
        QVERIFY2(QString::fromStdString(error).contains(expected), error.c_str());
}

void tst_GoTime::parseYearDays()
{
    // Go's TestParseYday; and the valid days of Go's dayOutOfRangeTests
    for (int i = 1; i <= 365; ++i) {
        std::string error;
        const std::string value = QString("2020-%1").arg(i, 3, 10, QChar('0')).toStdString();
        const auto t = go::Time::parseInLocation("2006-002", value, go::Location::utc(), error);
        QVERIFY2(t, error.c_str());
        QCOMPARE(t->civil().year, std::int64_t(2020));
        QCOMPARE(t->civil().yearDay, i);
    }
    for (const char *ok : {"Thu Jan 31 21:00:57 2010", "Thu Feb 29 21:00:57 2012", "Thu Apr 30 21:00:57 2010",
                           "Thu Dec 31 21:00:57 2010"}) {
        std::string error;
        QVERIFY2(go::Time::parseInLocation("Mon Jan _2 15:04:05 2006", ok, go::Location::utc(), error), error.c_str());
    }
}

void tst_GoTime::parseAbbreviationInLocation()
{
    // Go's TestParseInLocation: AST means Atlantic Standard Time in Blanc-Sablon.
    const go::LocationPtr blancSablon = go::Location::load("America/Blanc-Sablon");
    QVERIFY(blancSablon);
    std::string error;
    const auto t = go::Time::parseInLocation("Jan 02 2006 MST", "Feb 01 2013 AST", blancSablon, error);
    QVERIFY2(t, error.c_str());
    const go::Time expected = go::Time::date(2013, 2, 1, 0, 0, 0, 0, blancSablon);
    QCOMPARE(t->unixSeconds(), expected.unixSeconds());
    QCOMPARE(t->civil().zone.offset, -4 * 3600);
    QVERIFY(t->location() == blancSablon);

    // A matching numeric offset adopts the location (New York in summer).
    const go::LocationPtr ny = go::Location::load("America/New_York");
    const auto summer = go::Time::parseInLocation("2006-01-02 15:04 -0700", "2024-07-01 12:00 -0400", ny, error);
    QVERIFY2(summer, error.c_str());
    QCOMPARE(QString::fromStdString(summer->toString()), "2024-07-01 12:00:00 -0400 EDT");
    const auto named = go::Time::parseInLocation("2006-01-02 15:04 MST", "2024-01-10 12:00 EDT", ny, error);
    QVERIFY2(named, error.c_str());
    // EDT is not in effect in January: Go takes its offset anyway and shows the instant in EST.
    QCOMPARE(QString::fromStdString(named->toString()), "2024-01-10 11:00:00 -0500 EST");
}

void tst_GoTime::formatParseRoundTrip_data()
{
    QTest::addColumn<QString>("layout");
    QTest::addColumn<qint64>("unix");
    QTest::addColumn<int>("nsec");
    QTest::newRow("RFC3339") << "2006-01-02T15:04:05Z07:00" << 1700000000LL << 0;
    QTest::newRow("RFC3339Nano") << "2006-01-02T15:04:05.999999999Z07:00" << 1700000000LL << 120000;
    QTest::newRow("RFC1123Z") << "Mon, 02 Jan 2006 15:04:05 -0700" << 1234567890LL << 0;
    QTest::newRow("ANSIC") << "Mon Jan _2 15:04:05 2006" << 1709164800LL << 0;
    QTest::newRow("all fields") << "Mon MST 2006-01-02T15:04:05Z07:00" << 4102444799LL << 0;
    QTest::newRow("year day") << "2006 002 15:04:05.000000" << 951782400LL << 7000;
    QTest::newRow("kitchen date") << "Jan 2 2006 3:04:05PM" << 1718000000LL << 0;
}

void tst_GoTime::formatParseRoundTrip()
{
    QFETCH(QString, layout);
    QFETCH(qint64, unix);
    QFETCH(int, nsec);
    const std::string l = layout.toStdString();
    for (const char *zoneName : {"UTC", "America/New_York", "Asia/Kolkata"}) {
        const go::LocationPtr loc = go::Location::load(zoneName);
        const go::Time t(unix, nsec, loc);
        const std::string s = t.format(l);
        std::string error;
        const auto back = go::Time::parseInLocation(l, s, loc, error);
        QVERIFY2(back, error.c_str());
        QCOMPARE(qint64(back->unixSeconds()), unix);
        QCOMPARE(back->nanosecond(), nsec);
        QCOMPARE(back->format(l), s);
    }
}

// Go's time_test.go dateTests (Local = America/Los_Angeles): normalisation and DST.
void tst_GoTime::dateNormalization_data()
{
    QTest::addColumn<QList<qint64>>("fields"); // y m d h min s ns
    QTest::addColumn<qint64>("unix");
    QTest::newRow("fall back 1:00 PDT") << QList<qint64>{2011, 11, 6, 1, 0, 0, 0} << 1320566400LL;
    QTest::newRow("fall back 1:59:59 PDT") << QList<qint64>{2011, 11, 6, 1, 59, 59, 0} << 1320569999LL;
    QTest::newRow("fall back 2:00 PST") << QList<qint64>{2011, 11, 6, 2, 0, 0, 0} << 1320573600LL;
    QTest::newRow("spring 1:00 PST") << QList<qint64>{2011, 3, 13, 1, 0, 0, 0} << 1300006800LL;
    QTest::newRow("spring 1:59:59 PST") << QList<qint64>{2011, 3, 13, 1, 59, 59, 0} << 1300010399LL;
    QTest::newRow("spring 3:00 PDT") << QList<qint64>{2011, 3, 13, 3, 0, 0, 0} << 1300010400LL;
    QTest::newRow("spring gap 2:30") << QList<qint64>{2011, 3, 13, 2, 30, 0, 0} << 1300008600LL;
    QTest::newRow("leap year") << QList<qint64>{2012, 12, 24, 0, 0, 0, 0} << 1356336000LL;
    QTest::newRow("Nov 18 7:56:35") << QList<qint64>{2011, 11, 18, 7, 56, 35, 0} << 1321631795LL;
    QTest::newRow("Nov 19 -17:56:35") << QList<qint64>{2011, 11, 19, -17, 56, 35, 0} << 1321631795LL;
    QTest::newRow("Nov 17 31:56:35") << QList<qint64>{2011, 11, 17, 31, 56, 35, 0} << 1321631795LL;
    QTest::newRow("Nov 18 6:116:35") << QList<qint64>{2011, 11, 18, 6, 116, 35, 0} << 1321631795LL;
    QTest::newRow("Oct 49 7:56:35") << QList<qint64>{2011, 10, 49, 7, 56, 35, 0} << 1321631795LL;
    QTest::newRow("Nov 18 7:55:95") << QList<qint64>{2011, 11, 18, 7, 55, 95, 0} << 1321631795LL;
    QTest::newRow("Nov 18 7:56:34+1e9ns") << QList<qint64>{2011, 11, 18, 7, 56, 34, 1000000000} << 1321631795LL;
    QTest::newRow("Dec -21") << QList<qint64>{2011, 12, -12, 7, 56, 35, 0} << 1321631795LL;
    QTest::newRow("Jan 2012 -42") << QList<qint64>{2012, 1, -43, 7, 56, 35, 0} << 1321631795LL;
    QTest::newRow("month 23") << QList<qint64>{2012, -1, 18, 7, 56, 35, 0} << 1321631795LL;
    QTest::newRow("month 11+12") << QList<qint64>{2010, 23, 18, 7, 56, 35, 0} << 1321631795LL;
}

void tst_GoTime::dateNormalization()
{
    QFETCH(QList<qint64>, fields);
    QFETCH(qint64, unix);
    const go::Time t = go::Time::date(fields[0], fields[1], fields[2], fields[3], fields[4], fields[5], fields[6],
                                  go::Location::load("America/Los_Angeles"));
    QCOMPARE(qint64(t.unixSeconds()), unix);
}

// ---- The sprig functions, called as the executor would ----

void tst_GoTime::functions_data()
{
    QTest::addColumn<QString>("function");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");

    const QString ts = "i64:1700000000";
    // DATE-1
    QTest::newRow("DATE-1 dateInZone UTC") << "dateInZone"
                                           << QStringList{"s:2006-01-02T15:04:05Z07:00", ts, "s:UTC"}
                                           << "2023-11-14T22:13:20Z";
    QTest::newRow("DATE-1 dateInZone NY") << "dateInZone"
                                          << QStringList{"s:Jan 2, 2006 at 3:04pm (MST) Mon .000", ts,
                                                         "s:America/New_York"}
                                          << "Nov 14, 2023 at 5:13pm (EST) Tue .000";
    QTest::newRow("DATE-1 unknown zone") << "dateInZone" << QStringList{"s:2006", ts, "s:Bad/Zone"} << "2023";
    QTest::newRow("DATE-1 unknown zone is UTC") << "dateInZone" << QStringList{"s:15 MST", ts, "s:Nowhere"}
                                                << "22 UTC";
    QTest::newRow("DATE-1 htmlDateInZone") << "htmlDateInZone" << QStringList{ts, "s:UTC"} << "2023-11-14";
    QTest::newRow("date_in_zone alias") << "date_in_zone" << QStringList{"s:2006", ts, "s:UTC"} << "2023";
    // DATE-3
    QTest::newRow("DATE-3 Kathmandu") << "dateInZone" << QStringList{"s:Z07:00 -07:00 MST", ts, "s:Asia/Kathmandu"}
                                      << "+05:45 +05:45 +0545";
    QTest::newRow("DATE-3 Kolkata") << "dateInZone"
                                    << QStringList{"s:02/01/06 15:04:05.000000 -0700 Z07 pm", ts, "s:Asia/Kolkata"}
                                    << "15/11/23 03:43:20.000000 +0530 +05 am";
    // DATE-4: date uses Local (UTC here)
    QTest::newRow("DATE-4 date") << "date" << QStringList{"s:2006-01-02 15:04:05 MST", ts} << "2023-11-14 22:13:20 UTC";
    QTest::newRow("htmlDate") << "htmlDate" << QStringList{ts} << "2023-11-14";
    // DATE-5: Go int is a date too; float64 and strings mean now (clock at 2024-02-29 here)
    QTest::newRow("DATE-5 int") << "dateInZone" << QStringList{"s:2006", "int:1700000000", "s:UTC"} << "2023";
    QTest::newRow("DATE-5 float is now") << "dateInZone" << QStringList{"s:2006-01-02", "f:1700000000.5", "s:UTC"}
                                         << "2024-02-29";
    QTest::newRow("string is now") << "date" << QStringList{"s:2006-01-02", "s:1700000000"} << "2024-02-29";
    QTest::newRow("nil is now") << "htmlDate" << QStringList{"nil"} << "2024-02-29";
    QTest::newRow("time.Time") << "dateInZone"
                               << QStringList{"s:2006-01-02 15:04 MST", "toDate:2006-01-02|2024-03-05",
                                              "s:Asia/Tokyo"}
                               << "2024-03-05 09:00 JST";
    // DATE-6
    QTest::newRow("DATE-6 toDate") << "toDate" << QStringList{"s:2006-01-02", "s:2024-02-29"}
                                   << "2024-02-29 00:00:00 +0000 UTC";
    QTest::newRow("DATE-6 toDate error") << "toDate" << QStringList{"s:2006-01-02", "s:bad"}
                                         << "0001-01-01 00:00:00 +0000 UTC";
    QTest::newRow("DATE-6 unixEpoch") << "unixEpoch" << QStringList{"toDate:2006-01-02 MST|2024-02-29 UTC"}
                                      << "1709164800";
    // DATE-7
    QTest::newRow("DATE-7 offset") << "toDate" << QStringList{"s:2006-01-02T15:04:05Z07:00",
                                                              "s:2024-05-06T07:08:09+02:00"}
                                   << "2024-05-06 07:08:09 +0200 +0200";
    QTest::newRow("DATE-7 date") << "date" << QStringList{"s:Mon Jan 2", "toDate:2006-01-02|2024-03-05"}
                                 << "Tue Mar 5";
    QTest::newRow("mustToDate ok") << "mustToDate" << QStringList{"s:2006-01-02", "s:2024-03-05"}
                                   << "2024-03-05 00:00:00 +0000 UTC";
    // DATE-9
    QTest::newRow("DATE-9 dateModify") << "dateModify" << QStringList{"s:+1h", "toDate:2006-01-02|2024-01-01"}
                                       << "2024-01-01 01:00:00 +0000 UTC";
    QTest::newRow("DATE-9 dateModify bad") << "dateModify" << QStringList{"s:bad", "toDate:2006-01-02|2024-01-01"}
                                           << "2024-01-01 00:00:00 +0000 UTC";
    QTest::newRow("DATE-9 mustDateModify") << "mustDateModify"
                                           << QStringList{"s:-30m", "toDate:2006-01-02|2024-01-01"}
                                           << "2023-12-31 23:30:00 +0000 UTC";
    QTest::newRow("date_modify 1.5h") << "date_modify" << QStringList{"s:1h30m0.5s", "toDate:2006-01-02|2024-01-01"}
                                      << "2024-01-01 01:30:00.5 +0000 UTC";
    QTest::newRow("must_date_modify") << "must_date_modify" << QStringList{"s:-1.5h", "toDate:2006-01-02|2024-01-01"}
                                      << "2023-12-31 22:30:00 +0000 UTC";
    // DATE-10
    QTest::newRow("DATE-10 string") << "duration" << QStringList{"s:95"} << "1m35s";
    QTest::newRow("DATE-10 int64") << "duration" << QStringList{ts} << "472222h13m20s";
    QTest::newRow("DATE-10 int constant") << "duration" << QStringList{"int:95"} << "0s";
    QTest::newRow("DATE-10 bad string") << "duration" << QStringList{"s:x"} << "0s";
    QTest::newRow("DATE-10 negative") << "duration" << QStringList{"s:-5"} << "-5s";
    QTest::newRow("duration float") << "duration" << QStringList{"f:95"} << "0s";
    QTest::newRow("duration +") << "duration" << QStringList{"s:+3600"} << "1h0m0s";
    QTest::newRow("duration range clamps then wraps") << "duration" << QStringList{"s:99999999999999999999"} << "-1s";
    QTest::newRow("duration negative range") << "duration" << QStringList{"s:-99999999999999999999"} << "0s";
    QTest::newRow("duration underscore") << "duration" << QStringList{"s:1_000"} << "0s";
    // DATE-11
    QTest::newRow("DATE-11 2h10m") << "durationRound" << QStringList{"s:2h10m"} << "2h";
    QTest::newRow("DATE-11 400d") << "durationRound" << QStringList{"s:400d"} << "0s";
    QTest::newRow("DATE-11 -3h") << "durationRound" << QStringList{"s:-3h"} << "3h";
    QTest::newRow("DATE-11 1s") << "durationRound" << QStringList{"s:1s"} << "0s";
    QTest::newRow("DATE-11 2s") << "durationRound" << QStringList{"s:2s"} << "2s";
    QTest::newRow("DATE-11 60s") << "durationRound" << QStringList{"s:60s"} << "60s";
    QTest::newRow("DATE-11 36h") << "durationRound" << QStringList{"s:36h"} << "1d";
    QTest::newRow("DATE-11 720h1s") << "durationRound" << QStringList{"s:720h1s"} << "1mo";
    QTest::newRow("DATE-11 8760h1s") << "durationRound" << QStringList{"s:8760h1s"} << "1y";
    QTest::newRow("DATE-11 int") << "durationRound" << QStringList{"int:5"} << "0s";
    QTest::newRow("durationRound int64 ns") << "durationRound" << QStringList{"i64:5000000000"} << "5s";
    QTest::newRow("durationRound 24h") << "durationRound" << QStringList{"s:24h"} << "24h";
    QTest::newRow("durationRound time") << "durationRound" << QStringList{"toDate:2006-01-02|2024-02-27"} << "2d";
    // ago
    QTest::newRow("ago int64") << "ago" << QStringList{"i64:1709161200"} << "1h0m0s";
    QTest::newRow("ago int") << "ago" << QStringList{"int:1709164790"} << "10s";
    QTest::newRow("ago future") << "ago" << QStringList{"i64:1709164900"} << "-1m40s";
    QTest::newRow("ago string is now") << "ago" << QStringList{"s:1709161200"} << "0s";
    QTest::newRow("ago time") << "ago" << QStringList{"toDate:2006-01-02|2024-02-28"} << "24h0m0s";
}

void tst_GoTime::functions()
{
    QFETCH(QString, function);
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    // 2024-02-29T00:00:00.4Z: ago rounds to whole seconds
    go::Time::setClockForTesting([] { return fixedReading(1709164800 * kSecond + 400000000, 5000); });
    std::vector<Value> values;
    for (const QString &arg : args)
        values.push_back(argument(arg));
    QCOMPARE(QString::fromStdString(text(call(function.toStdString(), values))), expected);
}

void tst_GoTime::functionErrors_data()
{
    QTest::addColumn<QString>("function");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");
    QTest::newRow("DATE-8 mustToDate") << "mustToDate" << QStringList{"s:2006-01-02", "s:bad"}
                                       << R"(parsing time "bad" as "2006-01-02": cannot parse "bad" as "2006")";
    QTest::newRow("mustDateModify") << "mustDateModify" << QStringList{"s:bad", "toDate:2006-01-02|2024-01-01"}
                                    << R"(time: invalid duration "bad")";
    QTest::newRow("mustDateModify unit") << "mustDateModify" << QStringList{"s:1d", "toDate:2006-01-02|2024-01-01"}
                                         << R"(time: unknown unit "d" in duration "1d")";
}

void tst_GoTime::functionErrors()
{
    QFETCH(QString, function);
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    std::vector<Value> values;
    for (const QString &arg : args)
        values.push_back(argument(arg));
    try {
        call(function.toStdString(), values);
        QFAIL("no error");
    } catch (const FunctionError &e) {
        QCOMPARE(QString::fromStdString(e.what()), expected);
    }
}

void tst_GoTime::nowAndMonotonicClock()
{
    go::Time::setClockForTesting([] { return fixedReading(1700000000123456789LL, 123000); });
    const Value now = call("now", {});
    // DATE-13
    QCOMPARE(now.object().typeName(), std::string("time.Time"));
    QCOMPARE(text(now), std::string("2023-11-14 22:13:20.123456789 +0000 UTC m=+0.000123000"));
    QCOMPARE(text(call("date", {Value("2006"), now})), std::string("2023"));
    QCOMPARE(text(call("ago", {now})), std::string("0s"));
    // Add keeps the monotonic reading; In/UTC/AddDate/Round strip it.
    const Value later = call("dateModify", {Value("1h"), now});
    QCOMPARE(text(later), std::string("2023-11-14 23:13:20.123456789 +0000 UTC m=+3600.000123000"));
    QCOMPARE(text(callMethod(now, "UTC", {})), std::string("2023-11-14 22:13:20.123456789 +0000 UTC"));
    QCOMPARE(text(callMethod(now, "AddDate", {Value::fromInt(0), Value::fromInt(0), Value::fromInt(1)})),
             std::string("2023-11-15 22:13:20.123456789 +0000 UTC"));
    QCOMPARE(text(callMethod(later, "Sub", {now})), std::string("1h0m0s"));

    go::Time::setClockForTesting([] { return fixedReading(0, 1234567890123456789LL); });
    QCOMPARE(text(call("now", {})), std::string("1970-01-01 00:00:00 +0000 UTC m=+1234567890.123456789"));
    go::Time::setClockForTesting([] { return fixedReading(-1, -5); });
    QCOMPARE(text(call("now", {})), std::string("1969-12-31 23:59:59.999999999 +0000 UTC m=-0.000000005"));

    // The system clock: a plausible present and a positive monotonic reading.
    go::Time::setClockForTesting({});
    const go::Time real = go::Time::now();
    QVERIFY(real.hasMonotonic() && real.monotonic() > 0);
    QVERIFY(real.unixSeconds() > 1700000000);
    QCOMPARE(text(call("date", {Value("2006"), call("now", {})})).size(), std::size_t(4));
}

void tst_GoTime::timeMethods_data()
{
    QTest::addColumn<QString>("method");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");
    // receiver: toDate "2006-01-02 15:04:05" "2024-03-05 13:45:30.25" (a Tuesday)
    QTest::newRow("DATE-12 Year") << "Year" << QStringList{} << "2024";
    QTest::newRow("DATE-12 Month") << "Month" << QStringList{} << "March";
    QTest::newRow("DATE-12 Format") << "Format" << QStringList{"s:Jan 2"} << "Mar 5";
    QTest::newRow("DATE-12 YearDay") << "YearDay" << QStringList{} << "65";
    QTest::newRow("FLD-18 Weekday") << "Weekday" << QStringList{} << "Tuesday";
    QTest::newRow("Day") << "Day" << QStringList{} << "5";
    QTest::newRow("Hour") << "Hour" << QStringList{} << "13";
    QTest::newRow("Minute") << "Minute" << QStringList{} << "45";
    QTest::newRow("Second") << "Second" << QStringList{} << "30";
    QTest::newRow("Nanosecond") << "Nanosecond" << QStringList{} << "250000000";
    QTest::newRow("Unix") << "Unix" << QStringList{} << "1709646330";
    QTest::newRow("UnixMilli") << "UnixMilli" << QStringList{} << "1709646330250";
    QTest::newRow("UnixMicro") << "UnixMicro" << QStringList{} << "1709646330250000";
    QTest::newRow("UnixNano") << "UnixNano" << QStringList{} << "1709646330250000000";
    QTest::newRow("String") << "String" << QStringList{} << "2024-03-05 13:45:30.25 +0000 UTC";
    QTest::newRow("IsZero") << "IsZero" << QStringList{} << "false";
    QTest::newRow("Add") << "Add" << QStringList{"int:-3600000000000"} << "2024-03-05 12:45:30.25 +0000 UTC";
    QTest::newRow("AddDate") << "AddDate" << QStringList{"int:1", "int:-3", "int:30"}
                             << "2025-01-04 13:45:30.25 +0000 UTC";
    QTest::newRow("Sub") << "Sub" << QStringList{"toDate:2006-01-02|2024-03-04"} << "37h45m30.25s";
    QTest::newRow("Before") << "Before" << QStringList{"toDate:2006-01-02|2024-03-06"} << "true";
    QTest::newRow("After") << "After" << QStringList{"toDate:2006-01-02|2024-03-06"} << "false";
    QTest::newRow("Equal") << "Equal" << QStringList{"toDate:2006-01-02 15:04:05.00 -0700|2024-03-05 14:45:30.25 +0100"}
                           << "true";
    QTest::newRow("Compare") << "Compare" << QStringList{"toDate:2006-01-02|2024-03-06"} << "-1";
    QTest::newRow("Truncate hour") << "Truncate" << QStringList{"int:3600000000000"}
                                   << "2024-03-05 13:00:00 +0000 UTC";
    QTest::newRow("Round hour") << "Round" << QStringList{"int:3600000000000"} << "2024-03-05 14:00:00 +0000 UTC";
    QTest::newRow("Round 0") << "Round" << QStringList{"int:0"} << "2024-03-05 13:45:30.25 +0000 UTC";
    QTest::newRow("Truncate week since year 1") << "Truncate" << QStringList{"int:604800000000000"}
                                                << "2024-03-04 00:00:00 +0000 UTC";
    QTest::newRow("UTC") << "UTC" << QStringList{} << "2024-03-05 13:45:30.25 +0000 UTC";
    QTest::newRow("Local") << "Local" << QStringList{} << "2024-03-05 13:45:30.25 +0000 UTC";
}

void tst_GoTime::timeMethods()
{
    QFETCH(QString, method);
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    const Value t = toDate("2006-01-02 15:04:05", "2024-03-05 13:45:30.25");
    std::vector<Value> values;
    for (const QString &arg : args)
        values.push_back(argument(arg));
    QCOMPARE(QString::fromStdString(text(callMethod(t, method.toStdString(), values))), expected);
}

void tst_GoTime::methodSignatures()
{
    const Value t = toDate("2006-01-02", "2024-03-05");
    const TemplateObject *object = asTemplateObject(t);
    QVERIFY(object);
    QCOMPARE(object->kindName(), std::string("struct"));
    // FLD-19: Sub wants one argument
    QVERIFY(object->method("Sub"));
    QCOMPARE(object->method("Sub")->params.size(), std::size_t(1));
    QVERIFY(object->method("Format")->params == std::vector<ParamType>{ParamType::String});
    QVERIFY(!object->method("Nope"));
    QVERIFY(!object->field("Year"));

    // Month / Weekday: int kinds printing names; Sunday is falsy.
    const Value month = callMethod(t, "Month", {});
    const TemplateObject *m = asTemplateObject(month);
    QCOMPARE(m->typeName(), std::string("time.Month"));
    QCOMPARE(m->kindName(), std::string("int"));
    QCOMPARE(text(m->jsonValue()), std::string("3"));
    const Value sunday = callMethod(toDate("2006-01-02", "2024-03-03"), "Weekday", {});
    QCOMPARE(text(sunday), std::string("Sunday"));
    QVERIFY(!asTemplateObject(sunday)->truth());
    QCOMPARE(text(callMethod(month, "String", {})), std::string("March"));

    // A data int64 is not a time.Duration
    try {
        callMethod(t, "Add", {Value::fromInt64(5)});
        QFAIL("no error");
    } catch (const FunctionError &e) {
        QCOMPARE(std::string(e.what()), std::string("wrong type for value; expected time.Duration; got int64"));
    }
}

void tst_GoTime::durationMethods()
{
    const Value d = callMethod(toDate("2006-01-02 15:04", "2024-03-05 01:30"), "Sub",
                               {toDate("2006-01-02", "2024-03-05")});
    const TemplateObject *object = asTemplateObject(d);
    QVERIFY(object);
    QCOMPARE(object->typeName(), std::string("time.Duration"));
    QCOMPARE(object->kindName(), std::string("int64"));
    QCOMPARE(text(d), std::string("1h30m0s"));
    QCOMPARE(text(callMethod(d, "Hours", {})), std::string("1.5"));
    QCOMPARE(text(callMethod(d, "Minutes", {})), std::string("90"));
    QCOMPARE(text(callMethod(d, "Seconds", {})), std::string("5400"));
    QCOMPARE(text(callMethod(d, "Milliseconds", {})), std::string("5400000"));
    QCOMPARE(text(callMethod(d, "Nanoseconds", {})), std::string("5400000000000"));
    QCOMPARE(text(callMethod(d, "String", {})), std::string("1h30m0s"));
    QCOMPARE(text(callMethod(d, "Round", {Value::fromInt(3600 * kSecond)})), std::string("2h0m0s"));
    QCOMPARE(text(callMethod(d, "Truncate", {Value::fromInt(3600 * kSecond)})), std::string("1h0m0s"));
    // a Duration value as the argument
    QCOMPARE(text(callMethod(d, "Round", {callMethod(d, "Truncate", {Value::fromInt(3600 * kSecond)})})),
             std::string("2h0m0s"));
    QCOMPARE(text(object->jsonValue()), std::string("5400000000000"));
    QVERIFY(object->truth());
    QVERIFY(!DurationObject(0).truth());
    QCOMPARE(go::roundDuration(-90 * 60 * kSecond, 3600 * kSecond), -2 * 3600 * kSecond);
    QCOMPARE(go::roundDuration(INT64_MAX, 2 * kSecond), std::int64_t(9223372036000000000));
    QCOMPARE(go::roundDuration(INT64_MAX, kSecond), INT64_MAX); // saturates
    QCOMPARE(go::roundDuration(1499 * 1000000, kSecond), kSecond);
    QCOMPARE(go::roundDuration(1500 * 1000000, kSecond), 2 * kSecond);
}

void tst_GoTime::jsonAndTruth()
{
    // DATE-12 toJson: RFC 3339 with nanoseconds
    QCOMPARE(text(asTemplateObject(toDate("2006-01-02", "2024-03-05"))->jsonValue()),
             std::string("2024-03-05T00:00:00Z"));
    const Value offset = toDate("2006-01-02T15:04:05.999999999Z07:00", "2024-05-06T07:08:09.5+02:00");
    QCOMPARE(text(asTemplateObject(offset)->jsonValue()), std::string("2024-05-06T07:08:09.5+02:00"));
    const TimeObject zero{go::Time()};
    QVERIFY(zero.time().isZero());
    QCOMPARE(zero.toString(), std::string("0001-01-01 00:00:00 +0000 UTC"));
    QCOMPARE(text(zero.jsonValue()), std::string("0001-01-01T00:00:00Z"));
    // structs are never false or empty, even the zero time
    QVERIFY(zero.truth());
    QVERIFY(!zero.isEmpty());
    QVERIFY(zero.equals(TimeObject(go::Time())));
    QVERIFY(!zero.equals(TimeObject(go::Time(0, 0, go::Location::utc()))));
}

// ---- Durations ----

void tst_GoTime::durationString_data()
{
    QTest::addColumn<qint64>("ns");
    QTest::addColumn<QString>("expected");
    // Go's time_test.go durationTests
    QTest::newRow("0") << 0LL << "0s";
    QTest::newRow("1ns") << 1LL << "1ns";
    QTest::newRow("1.1us") << 1100LL << "1.1\u00b5s";
    QTest::newRow("2.2ms") << 2200000LL << "2.2ms";
    QTest::newRow("3.3s") << 3300000000LL << "3.3s";
    QTest::newRow("4m5s") << 245000000000LL << "4m5s";
    QTest::newRow("4m5.001s") << 245001000000LL << "4m5.001s";
    QTest::newRow("5h6m7.001s") << 18367001000000LL << "5h6m7.001s";
    QTest::newRow("8m0.000000001s") << 480000000001LL << "8m0.000000001s";
    QTest::newRow("max") << qint64(INT64_MAX) << "2562047h47m16.854775807s";
    QTest::newRow("min") << qint64(INT64_MIN) << "-2562047h47m16.854775808s";
    QTest::newRow("-1ns") << -1LL << "-1ns";
    QTest::newRow("-1.1us") << -1100LL << "-1.1\u00b5s";
    QTest::newRow("-4m5.001s") << -245001000000LL << "-4m5.001s";
    QTest::newRow("1h0m0s") << 3600000000000LL << "1h0m0s";
    QTest::newRow("1.5s") << 1500000000LL << "1.5s";
    QTest::newRow("1.5ms") << 1500000LL << "1.5ms";
}

void tst_GoTime::durationString()
{
    QFETCH(qint64, ns);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(go::durationString(ns)), expected);
    QCOMPARE(QString::fromStdString(DurationObject(ns).toString()), expected);
}

void tst_GoTime::parseDuration_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<qint64>("ns");
    const qint64 ms = 1000000;
    const qint64 s = kSecond;
    const qint64 m = 60 * s;
    const qint64 h = 60 * m;
    // Go's time_test.go parseDurationTests
    QTest::newRow("0") << "0" << 0LL;
    QTest::newRow("5s") << "5s" << 5 * s;
    QTest::newRow("30s") << "30s" << 30 * s;
    QTest::newRow("1478s") << "1478s" << 1478 * s;
    QTest::newRow("-5s") << "-5s" << -5 * s;
    QTest::newRow("+5s") << "+5s" << 5 * s;
    QTest::newRow("-0") << "-0" << 0LL;
    QTest::newRow("+0") << "+0" << 0LL;
    QTest::newRow("5.0s") << "5.0s" << 5 * s;
    QTest::newRow("5.6s") << "5.6s" << 5 * s + 600 * ms;
    QTest::newRow("5.s") << "5.s" << 5 * s;
    QTest::newRow(".5s") << ".5s" << 500 * ms;
    QTest::newRow("1.0s") << "1.0s" << s;
    QTest::newRow("1.00s") << "1.00s" << s;
    QTest::newRow("1.004s") << "1.004s" << s + 4 * ms;
    QTest::newRow("1.0040s") << "1.0040s" << s + 4 * ms;
    QTest::newRow("100.00100s") << "100.00100s" << 100 * s + ms;
    QTest::newRow("10ns") << "10ns" << 10LL;
    QTest::newRow("11us") << "11us" << 11000LL;
    QTest::newRow("12µs") << "12\u00b5s" << 12000LL;
    QTest::newRow("12μs") << "12\u03bcs" << 12000LL;
    QTest::newRow("13ms") << "13ms" << 13 * ms;
    QTest::newRow("14s") << "14s" << 14 * s;
    QTest::newRow("15m") << "15m" << 15 * m;
    QTest::newRow("16h") << "16h" << 16 * h;
    QTest::newRow("3h30m") << "3h30m" << 3 * h + 30 * m;
    QTest::newRow("10.5s4m") << "10.5s4m" << 4 * m + 10 * s + 500 * ms;
    QTest::newRow("-2m3.4s") << "-2m3.4s" << -(2 * m + 3 * s + 400 * ms);
    QTest::newRow("1h2m3s4ms5us6ns") << "1h2m3s4ms5us6ns" << h + 2 * m + 3 * s + 4 * ms + 5006LL;
    QTest::newRow("39h9m14.425s") << "39h9m14.425s" << 39 * h + 9 * m + 14 * s + 425 * ms;
    QTest::newRow("52763797000ns") << "52763797000ns" << 52763797000LL;
    QTest::newRow("0.3333333333333333333h") << "0.3333333333333333333h" << 20 * m;
    QTest::newRow("1<<53+1") << "9007199254740993ns" << 9007199254740993LL;
    QTest::newRow("max ns") << "9223372036854775807ns" << qint64(INT64_MAX);
    QTest::newRow("max us") << "9223372036854775.807us" << qint64(INT64_MAX);
    QTest::newRow("max mixed") << "9223372036s854ms775us807ns" << qint64(INT64_MAX);
    QTest::newRow("min ns") << "-9223372036854775808ns" << qint64(INT64_MIN);
    QTest::newRow("min us") << "-9223372036854775.808us" << qint64(INT64_MIN);
    QTest::newRow("min mixed") << "-9223372036s854ms775us808ns" << qint64(INT64_MIN);
    QTest::newRow("min round trip") << "-2562047h47m16.854775808s" << qint64(INT64_MIN);
    QTest::newRow("huge fraction") << "0.100000000000000000000h" << 6 * m;
    QTest::newRow("leadingFraction overflow") << "0.830103483285477580700h" << 49 * m + 48 * s + 372539827LL;
}

void tst_GoTime::parseDuration()
{
    QFETCH(QString, input);
    QFETCH(qint64, ns);
    std::int64_t got = -1;
    std::string error;
    QVERIFY2(go::parseDuration(input.toStdString(), got, error), error.c_str());
    QCOMPARE(qint64(got), ns);
}

void tst_GoTime::parseDurationErrors_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("expected");
    // Go's parseDurationErrorTests, with the full messages
    auto invalid = [](const char *quoted) { return QString("time: invalid duration ") + quoted; };
    QTest::newRow("empty") << QByteArray("") << invalid(R"("")");
    QTest::newRow("3") << QByteArray("3") << QString(R"(time: missing unit in duration "3")");
    QTest::newRow("-") << QByteArray("-") << invalid(R"("-")");
    QTest::newRow("s") << QByteArray("s") << invalid(R"("s")");
    QTest::newRow(".") << QByteArray(".") << invalid(R"(".")");
    QTest::newRow("-.") << QByteArray("-.") << invalid(R"("-.")");
    QTest::newRow(".s") << QByteArray(".s") << invalid(R"(".s")");
    QTest::newRow("+.s") << QByteArray("+.s") << invalid(R"("+.s")");
    QTest::newRow("1d") << QByteArray("1d") << QString(R"(time: unknown unit "d" in duration "1d")");
    QTest::newRow("\\x85\\x85") << QByteArray("\x85\x85") << invalid(R"("\x85\x85")");
    QTest::newRow("\\xffff") << QByteArray("\xff" "ff") << invalid(R"("\xffff")");
    QTest::newRow("hello") << QByteArray("hello \xff" "ff world") << invalid(R"("hello \xffff world")");
    QTest::newRow("RuneError") << QByteArray("\xef\xbf\xbd") << invalid(R"("\xef\xbf\xbd")");
    QTest::newRow("overflow 810") << QByteArray("9223372036854775810ns") << invalid(R"("9223372036854775810ns")");
    QTest::newRow("overflow 808") << QByteArray("9223372036854775808ns") << invalid(R"("9223372036854775808ns")");
    QTest::newRow("overflow -809") << QByteArray("-9223372036854775809ns") << invalid(R"("-9223372036854775809ns")");
    QTest::newRow("overflow us") << QByteArray("9223372036854776us") << invalid(R"("9223372036854776us")");
    QTest::newRow("overflow h") << QByteArray("3000000h") << invalid(R"("3000000h")");
    QTest::newRow("overflow .808us") << QByteArray("9223372036854775.808us") << invalid(R"("9223372036854775.808us")");
    QTest::newRow("overflow mixed") << QByteArray("9223372036854ms775us808ns")
                                    << invalid(R"("9223372036854ms775us808ns")");
    QTest::newRow("unit with quote") << QByteArray("1\"x") << QString(R"(time: unknown unit "\"x" in duration "1\"x")");
}

void tst_GoTime::parseDurationErrors()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, expected);
    std::int64_t got = -1;
    std::string error;
    QVERIFY(!go::parseDuration(input.toStdString(), got, error));
    QCOMPARE(got, std::int64_t(0));
    QCOMPARE(QString::fromStdString(error), expected);
}

QTEST_GUILESS_MAIN(tst_GoTime)
#include "tst_gotime.moc"
