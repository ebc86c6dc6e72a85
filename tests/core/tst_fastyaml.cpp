// SPDX-License-Identifier: Apache-2.0
// The fast YAML path against the yaml-cpp reader: wherever fastRead() accepts a
// text, its documents must be exactly (reflect.DeepEqual, with Go's types) what
// readWithYamlCpp() produces, under both number typings; and it must accept the
// YAML that Kubernetes tools write, or it would be no fast path at all.
#include "TestData.h"
#include "yaml/FastYamlReader.h"
#include "yaml/YamlReader.h"

#include <QDir>
#include <QDirIterator>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

using namespace ds;

class tst_FastYaml : public QObject
{
    Q_OBJECT

private slots:
    void snippets_data();
    void snippets();
    void firstDocumentOnly();
    void strictDuplicateKeysDecline();
    void maxValuesDeclines();
    void readUsesFastPath();
    void strayCommaDoesNotHang();
    void sharedDataFiles();
    void syntheticMustGather();
};

namespace {

// Values with their Go types, for failure messages.
void describe(const Value &v, std::string &out)
{
    switch (v.type()) {
    case Value::Type::Null: out += "null"; break;
    case Value::Type::Bool: out += v.toBool() ? "true" : "false"; break;
    case Value::Type::Int64: out += "int64(" + std::to_string(v.toInt64()) + ")"; break;
    case Value::Type::Float64: {
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "float64(%.17g)", v.toFloat());
        out += buffer;
        break;
    }
    case Value::Type::String:
        out += '"';
        for (const char c : v.str()) {
            if (static_cast<unsigned char>(c) < 0x20 || c == '"' || c == '\\') {
                char buffer[8];
                std::snprintf(buffer, sizeof buffer, "\\x%02x", static_cast<unsigned char>(c));
                out += buffer;
            } else {
                out += c;
            }
        }
        out += '"';
        break;
    case Value::Type::List:
        out += '[';
        for (std::size_t i = 0; i < v.list().size(); ++i) {
            out += i ? ", " : "";
            describe(v.list()[i], out);
        }
        out += ']';
        break;
    case Value::Type::Map: {
        out += '{';
        bool first = true;
        for (const auto &[key, value] : v.map()) {
            out += first ? "" : ", ";
            first = false;
            out += key + ": ";
            describe(value, out);
        }
        out += '}';
        break;
    }
    default: out += "?"; break;
    }
}

std::string describe(const yaml::ReadResult &r)
{
    std::string out = std::to_string(r.documents.size()) + " document(s)";
    for (const Value &d : r.documents) {
        out += "\n    ";
        describe(d, out);
    }
    if (r.error)
        out += "\n    error: " + r.error->describe();
    return out;
}

bool sameDocuments(const yaml::ReadResult &fast, const yaml::ReadResult &reference)
{
    if (!reference.ok() || fast.documents.size() != reference.documents.size())
        return false;
    for (std::size_t i = 0; i < fast.documents.size(); ++i)
        if (!fast.documents[i].deepEquals(reference.documents[i]))
            return false;
    return true;
}

enum class Outcome { Declined, Agreed, Mismatch };

// Compares the two paths for one text and options; on a mismatch `why` says how.
Outcome compare(std::string_view text, yaml::ReadOptions options, std::string *why = nullptr)
{
    Outcome outcome = Outcome::Agreed;
    for (const auto typing : {yaml::NumberTyping::Kubernetes, yaml::NumberTyping::Float64}) {
        options.numbers = typing;
        const std::optional<yaml::ReadResult> fast = yaml::fastRead(text, options);
        if (!fast) {
            outcome = Outcome::Declined;
            continue;
        }
        const yaml::ReadResult reference = yaml::readWithYamlCpp(text, options);
        if (!sameDocuments(*fast, reference)) {
            if (why)
                *why = std::string(typing == yaml::NumberTyping::Kubernetes ? "Kubernetes" : "Float64")
                    + " typing\n  fast path: " + describe(*fast) + "\n  yaml-cpp:  " + describe(reference);
            return Outcome::Mismatch;
        }
    }
    return outcome;
}

struct Tally
{
    int accepted = 0;
    int declined = 0;
    QStringList mismatches;
    QStringList declinedFiles;

    void add(const QString &name, const std::string &text)
    {
        std::string why;
        yaml::ReadOptions firstOnly;
        firstOnly.firstDocumentOnly = true;
        Outcome outcome = compare(text, {}, &why);
        if (outcome != Outcome::Mismatch && compare(text, firstOnly, &why) == Outcome::Mismatch)
            outcome = Outcome::Mismatch;
        switch (outcome) {
        case Outcome::Agreed: ++accepted; break;
        case Outcome::Declined:
            ++declined;
            declinedFiles << name;
            break;
        case Outcome::Mismatch: mismatches << name + ":\n" + QString::fromStdString(why); break;
        }
    }
    double ratio() const { return accepted / std::max(1.0, double(accepted + declined)); }
};

Tally tallyDirectory(const QString &root, const QStringList &patterns)
{
    Tally tally;
    QDirIterator it(root, patterns, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        tally.add(QDir(root).relativeFilePath(path), test::readFile(path));
    }
    return tally;
}

std::string repeat(char c, int n)
{
    return std::string(static_cast<std::size_t>(n), c);
}

// n levels of "k:" mappings, each one deeper.
std::string deepMapping(int n)
{
    std::string out;
    for (int i = 0; i < n; ++i)
        out += repeat(' ', i) + "k:\n";
    return out + repeat(' ', n) + "leaf\n";
}

} // namespace

void tst_FastYaml::snippets_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("mustAccept"); // false: declining is fine too

    struct Row
    {
        const char *name;
        std::string text;
        bool mustAccept;
    };
    const Row rows[] = {
        // block scalars: chomping, also at the end of the text
        {"literal clip at eof", "a: |\n  x\n  y", true},
        {"literal clip", "a: |\n  x\n\n\n", true},
        {"literal keep at eof", "a: |+\n  x\n\n", true},
        {"literal keep blank lines", "a: |+\n  x\n\n\nb: 1\n", true},
        {"literal strip", "a: |-\n  x\n\n", true},
        {"literal strip at eof", "a: |-\n  x", true},
        {"folded", "a: >\n  one\n  two\n\n  three\n    more\n  end\n", true},
        {"folded strip", "a: >-\n  x\n  y\n", true},
        {"folded keep", "a: >+\n  x\n\n", true},
        {"explicit indentation", "a: |2-\n   x\n  y\n", true},
        {"indentation after chomp", "a: >-1\n  x\n y\n", true},
        {"block scalar in sequence", "- |\n  x\n- >+\n  y\n\n- z\n", true},
        {"block scalar then key", "a: |\n  x\nb: 1\n", true},
        {"block scalar header comment", "a: | # note\n  x\n", true},
        {"empty block scalar", "a: |\nb: 1\n", true},
        {"block scalar at eof after header", "a: >", true},
        {"block scalar leading blank lines", "a: |\n\n  x\n", true},
        {"block scalar indented blank lines", "a: |\n  x\n    \n  y\n", true},
        {"block scalar keeps comments", "a: |\n  # not a comment\n  x\n", true},
        {"block scalar deeper first line", "a: |\n    x\n  y\n", false},
        {"block scalar on its own line", "a:\n  |\n  x\n", true},
        {"top-level block scalar", "|\n x\n", true},
        // plain scalars folded over lines
        {"folded plain", "a: one\n  two\n\n  three\nb: 2\n", true},
        {"folded plain in sequence", "- one\n  two\n- three\n", true},
        {"folded plain at top level", "one\ntwo\n", true},
        {"folded plain with dashes", "a: x\n  - y\n", true},
        {"plain with colons", "a: b:c\nurl: http://x:80/y?q=1\n", true},
        {"plain with hash", "a: b#c\n", true},
        {"plain starting with indicators", "a: -x\nb: ?x\nc: :x\nd: --flag=1\n", true},
        {"plain after comment in continuation", "a: x\n  # c\nb: 1\n", false},
        // quoted scalars
        {"single-quoted folding", "a: 'x\n\n  y\n   z'\n", true},
        {"single-quoted escape", "a: 'it''s'\n", true},
        {"double-quoted escapes",
         "a: \"\\n\\t\\\"\\\\\\/\\x41\\u00e9\\U0001F600\\0\\a\\b\\e\\v\\f\\r\\L\\P\\ \"\n", true},
        {"escapes that depend on the yaml-cpp version", "a: \"\\N\\_\"\n", false},
        {"double-quoted line continuation", "a: \"x\\\n   y\"\n", true},
        {"double-quoted folding blank lines", "a: \"x\n\n\n  y \"\n", true},
        {"quoted trailing newlines clipped", "a: 'x\n\n\n'\n", true},
        {"quoted continuation at column 0", "a: \"x\ny\"\n", true},
        {"quoted then comment", "a: 'x' # c\nb: \"y\"#d\n", true},
        {"unknown escape", "a: \"\\q\"\n", false},
        {"surrogate escape", "a: \"\\ud800\"\n", false},
        {"unterminated quote", "a: 'x\n", false},
        {"document marker in quotes", "a: 'x\n---\n'\n", false},
        // keys
        {"keys needing quotes", "\"a: b\": 1\n'#x': 2\n\"\": 3\n'-': 4\n\"yes\": 5\n\"x\\ty\": 6\n", true},
        {"typed plain keys", "1: a\n0x1F: b\n1.5: c\ny: d\non: e\n1e3: f\n-0: g\n", true},
        {"key with spaces before colon", "a   : 1\n'b' : 2\n", true},
        {"very long key", repeat('k', 900) + ": v\n", true},
        {"key over yaml-cpp's length limit", repeat('k', 1100) + ": v\n", false},
        {"unsorted keys", "b: 1\na: 2\nc: 3\n", true},
        {"duplicate key, later wins", "a: 1\na: 2\n", true},
        {"null key", "~: 1\n", false},
        {"merge key", "<<: {a: 1}\n", false},
        {"infinite key", ".inf: 1\n", false},
        {"complex key", "? a\n: b\n", false},
        {"empty key", ": b\n", false},
        {"multi-line quoted key", "'a\n b': 1\n", false},
        // sequences
        {"sequence at the key's indentation", "a:\n- b\n- c\nd: e\n", true},
        {"sequence of maps at the key's indentation", "items:\n- name: a\n  value: 1\n- name: b\nnext: x\n", true},
        {"indented sequence", "a:\n  - b\n  - c\n", true},
        {"sequences of sequences", "- - a\n  - b\n- - - c\n", true},
        {"spaces after dash", "-   a: 1\n    b: 2\n-    x\n", true},
        {"map in sequence in map", "- a:\n  - b\n  c: d\n", true},
        {"sequence entry on next line", "-\n  a: 1\n-\n  - x\n", true},
        {"sequence after value", "a: b\n- c\n", false},
        {"content after top-level sequence", "- a\nb\n", false},
        {"dash after colon", "a: - b\n", false},
        // empty and special values
        {"empty values", "a:\nb:\n  # comment\nc:\n- \n-\nd: # c\n", true},
        {"empty strings", "a: \"\"\nb: ''\n", true},
        {"numbers",
         "- 1e3\n- 0x1F\n- -0\n- .5\n- 0000:51:00.0\n- 1_000\n- 0o17\n- 017\n- 9223372036854775808\n"
         "- -9223372036854775808\n- 3.0\n- 1.5e-7\n- +1\n- 0b101\n- 1e400\n- 08\n- -.5\n",
         true},
        {"bools and nulls", "- yes\n- on\n- y\n- n\n- Off\n- ~\n- null\n- NULL\n- tRUE\n- Yes please\n", true},
        {"timestamps stay strings", "- 2024-01-01\n- 2024-01-01T10:00:00Z\n- 12:30\n", true},
        {"infinity value", "a: +.inf\n", false},
        {"nan value", "a: .nan\n", false},
        {"empty flow collections", "a: []\nb: {}\nc: [ ]\nd: { }\n- ", false},
        {"empty flow collections in a mapping", "a: []\nb: {}\nc: [ ]\nd: { } # c\n", true},
        {"one-line flow collections", "a: [x, 'y', \"z\", 1, yes]\nb: {k: v, 'q': 2, \"r\": ~}\n", true},
        {"nested flow", "a: [[1], {b: 2}]\n", false},
        {"flow over lines", "a: [1,\n  2]\n", false},
        {"trailing comma", "a: [1, 2,]\n", false},
        {"deep nesting", deepMapping(60), true},
        // layout: line breaks, whitespace, comments, documents
        {"crlf", "a: b\r\nc:\r\n  - d\r\n  - |\r\n    x\r\n", true},
        {"lone carriage return", "a: b\rc: d\n", false},
        {"trailing spaces", "a: b   \nc:   \n  d  \ne: 'f'  \n", true},
        {"comments after values", "a: b # c\nc: 'd' # e\nf: [] # g\nh: | # i\n  x\n", true},
        {"comment lines everywhere", "# head\na:\n  # inner\n  b: 1\n# between\nc: 2\n# tail", true},
        {"only comments", "# just\n# comments\n", true},
        {"empty text", "", true},
        {"blank lines only", "\n\n   \n", true},
        {"byte order mark", "\xEF\xBB\xBF" "a: 1\n", true},
        {"document end markers", "a: 1\n...\nb: 2\n...\n", true},
        {"documents", "---\na: 1\n---\n- b\n--- # c\nc\n", true},
        {"empty documents", "---\n---\n", true},
        {"only a document end", "...\n", true},
        {"trailing document start", "a: 1\n---\n", true},
        {"comment-only document between", "a: 1\n---\n# nothing\n---\nb: 2\n", true},
        {"content on the marker line", "--- a\n", false},
        {"directive", "%YAML 1.1\n---\na: 1\n", false},
        {"tab", "a:\tb\n", false},
        {"anchor and alias", "a: &x 1\nb: *x\n", false},
        {"tag", "a: !!str 1\n", false},
        {"mapping value in plain", "a: b: c\n", false},
        {"stray comma", ",a\n", false},
    };
    for (const Row &row : rows)
        QTest::newRow(row.name) << QByteArray::fromStdString(row.text) << row.mustAccept;
}

void tst_FastYaml::snippets()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, mustAccept);
    std::string why;
    const Outcome outcome = compare(text.toStdString(), {}, &why);
    QVERIFY2(outcome != Outcome::Mismatch, why.c_str());
    if (mustAccept)
        QVERIFY2(outcome == Outcome::Agreed, "the fast path declined");
}

void tst_FastYaml::firstDocumentOnly()
{
    yaml::ReadOptions options;
    options.firstDocumentOnly = true;
    for (const char *text : {"a: 1\n---\nb: 2\n", "---\n---\n", "x\n...\ny\n"}) {
        const std::optional<yaml::ReadResult> fast = yaml::fastRead(text, options);
        QVERIFY(fast.has_value());
        QCOMPARE(fast->documents.size(), std::size_t(1));
        QVERIFY(compare(text, options) == Outcome::Agreed);
    }
}

void tst_FastYaml::strictDuplicateKeysDecline()
{
    // The error (and its text) is yaml-cpp's to produce.
    yaml::ReadOptions strict;
    strict.rejectDuplicateKeys = true;
    QVERIFY(!yaml::fastRead("a: 1\nb: 2\na: 3\n", strict));
    QVERIFY(!yaml::fastRead("a: {x: 1, x: 2}\n", strict));
    QVERIFY(yaml::fastRead("a: 1\nb: 2\n", strict));
    QVERIFY(yaml::fastRead("a: 1\na: 3\n"));
    QCOMPARE(yaml::read("a: 1\nb: 2\na: 3\n", strict).error->goText(),
             std::string("yaml: unmarshal errors:\n  line 3: key \"a\" already set in map"));
}

void tst_FastYaml::maxValuesDeclines()
{
    yaml::ReadOptions small;
    small.maxValues = 3;
    QVERIFY(!yaml::fastRead("- 1\n- 2\n- 3\n- 4\n", small));
    QVERIFY(!yaml::read("- 1\n- 2\n- 3\n- 4\n", small).ok());
    QVERIFY(yaml::fastRead("- 1\n", small));
}

void tst_FastYaml::readUsesFastPath()
{
    const char *text = "a:\n- b: 1\n  c: 'x'\n";
    const std::optional<yaml::ReadResult> fast = yaml::fastRead(text);
    QVERIFY(fast.has_value());
    const yaml::ReadResult viaRead = yaml::read(text);
    QVERIFY(viaRead.ok());
    QCOMPARE(fast->documents.front(), viaRead.documents.front());
    // errors still come from yaml-cpp, with yaml.v2's wording
    QCOMPARE(yaml::read("a: b: c\n").error->goText(),
             std::string("yaml: mapping values are not allowed in this context"));
}

void tst_FastYaml::strayCommaDoesNotHang()
{
    // yaml-cpp loops forever on a ',' at document level; the reader stops it.
    const yaml::ReadResult r = yaml::read(",a\n");
    QVERIFY(!r.ok());
    QCOMPARE(r.error->goText(), std::string("yaml: did not find expected node content"));
}

void tst_FastYaml::sharedDataFiles()
{
    const QString root = test::dataPath(QStringLiteral("shared"));
    const Tally tally = tallyDirectory(root, {QStringLiteral("*.yaml"), QStringLiteral("*.yml"), QStringLiteral("*.json")});
    qInfo("tests/data/shared: fast path accepted %d of %d files (%.1f%%); declined: %s", tally.accepted,
          tally.accepted + tally.declined, 100 * tally.ratio(),
          qPrintable(tally.declined > 20 ? QStringLiteral("%1 files").arg(tally.declined)
                                         : tally.declinedFiles.join(QStringLiteral(", "))));
    QVERIFY2(tally.mismatches.isEmpty(), qPrintable(tally.mismatches.join(QLatin1Char('\n'))));
    QVERIFY(tally.accepted > 0);
    // The seed cluster objects are plain kubectl-style YAML: all of them.
    const Tally seed = tallyDirectory(root + QStringLiteral("/bench/seed-core"), {QStringLiteral("*.yaml")});
    QVERIFY2(seed.declined == 0, qPrintable(seed.declinedFiles.join(QStringLiteral(", "))));
}

void tst_FastYaml::syntheticMustGather()
{
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (python.isEmpty())
        QSKIP("python3 is not available");
    QTemporaryDir out;
    QVERIFY(out.isValid());
    const QString bench = test::dataPath(QStringLiteral("shared/bench"));
    QProcess generator;
    generator.start(python, {bench + QStringLiteral("/gen-synthetic.py"), QStringLiteral("--ref"),
                             bench + QStringLiteral("/reference-core"), QStringLiteral("--seed"),
                             bench + QStringLiteral("/seed-core"), QStringLiteral("-n"), QStringLiteral("300"),
                             QStringLiteral("-o"), out.path() + QStringLiteral("/mg")});
    if (!generator.waitForFinished(120000) || generator.exitStatus() != QProcess::NormalExit
        || generator.exitCode() != 0)
        QSKIP(qPrintable(QStringLiteral("gen-synthetic.py failed (PyYAML missing?): ")
                         + QString::fromLocal8Bit(generator.readAllStandardError().right(300))));

    const Tally tally = tallyDirectory(out.path() + QStringLiteral("/mg"), {QStringLiteral("*.yaml")});
    qInfo("synthetic must-gather (-n 300): fast path accepted %d of %d files (%.1f%%)", tally.accepted,
          tally.accepted + tally.declined, 100 * tally.ratio());
    QVERIFY2(tally.mismatches.isEmpty(), qPrintable(tally.mismatches.join(QLatin1Char('\n'))));
    QVERIFY(tally.accepted > 100);
    QVERIFY2(tally.ratio() >= 0.99, qPrintable(tally.declinedFiles.join(QStringLiteral(", "))));
}

QTEST_GUILESS_MAIN(tst_FastYaml)
#include "tst_fastyaml.moc"
