// SPDX-License-Identifier: Apache-2.0
// ds::diff::LineDiff against GNU diff 3.8: the Diff Output blocks of the
// conformance goldens, hand-checked tricky inputs, and a differential run of
// thousands of random pairs through the real /usr/bin/diff.
#include "TestData.h"

#include "diff/LineDiff.h"
#include "diff/UnifiedDiffHeader.h"

#include <QDebug>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cstdint>
#include <map>
#include <random>

using namespace ds;
using diff::LineDiff;

namespace {

const QString kDiff = QStringLiteral("/usr/bin/diff");

// A reproducible generator (the std distributions are implementation-defined).
class Rng
{
public:
    explicit Rng(std::uint32_t seed) : m_gen(seed) {}
    int below(int n) { return n <= 0 ? 0 : static_cast<int>(m_gen() % static_cast<std::uint32_t>(n)); }
    int between(int lo, int hi) { return lo + below(hi - lo + 1); }
    bool chance(int percent) { return below(100) < percent; }

private:
    std::mt19937 m_gen;
};

using Lines = std::vector<std::string>;

std::string joinLines(const Lines &lines, bool dropFinalNewline = false)
{
    std::string out;
    for (const auto &l : lines)
        out += l + '\n';
    if (dropFinalNewline && !out.empty())
        out.pop_back();
    return out;
}

void writeFile(const QString &path, const std::string &content)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(content.data(), static_cast<qint64>(content.size()));
}

// Runs `diff -u -N -r A B` over two directories of same-named files and
// returns, per file name, what diff printed after its two header lines.
std::map<QString, std::string> runDiffTree(const QString &a, const QString &b)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    p.setProcessEnvironment(env);
    p.start(kDiff, {QStringLiteral("-u"), QStringLiteral("-N"), QStringLiteral("-r"), a, b});
    p.waitForFinished(600000);
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() > 1)
        qFatal("diff failed: %s", p.readAllStandardError().constData());
    const std::string out = p.readAllStandardOutput().toStdString();

    std::map<QString, std::string> bodies;
    std::string *current = nullptr;
    int headerLinesLeft = 0;
    for (std::size_t pos = 0; pos < out.size();) {
        std::size_t nl = out.find('\n', pos);
        nl = nl == std::string::npos ? out.size() : nl + 1;
        const std::string_view line(out.data() + pos, nl - pos);
        pos = nl;
        // Body lines always start with ' ', '-', '+', '@' or '\', so "diff " opens a new file.
        if (line.rfind("diff ", 0) == 0) {
            const std::string path(line.substr(line.rfind('/') + 1));
            current = &bodies[QString::fromStdString(path).trimmed()];
            headerLinesLeft = 2;
        } else if (headerLinesLeft > 0) {
            --headerLinesLeft;
        } else if (current) {
            current->append(line);
        }
    }
    return bodies;
}

// The chunks must tile both files, pair equal lines, and agree with hunks().
void checkAlignment(const LineDiff &d)
{
    int i0 = 0, i1 = 0;
    int changes = 0;
    for (const diff::Chunk &c : d.chunks()) {
        QCOMPARE(c.oldStart, i0);
        QCOMPARE(c.newStart, i1);
        if (c.kind == diff::Chunk::Kind::Equal) {
            QCOMPARE(c.oldCount, c.newCount);
            QVERIFY(c.oldCount > 0);
            for (int k = 0; k < c.oldCount; ++k)
                QCOMPARE(d.oldLines()[static_cast<std::size_t>(c.oldStart + k)],
                         d.newLines()[static_cast<std::size_t>(c.newStart + k)]);
        } else {
            QVERIFY(c.oldCount + c.newCount > 0);
            ++changes;
        }
        i0 += c.oldCount;
        i1 += c.newCount;
    }
    QCOMPARE(i0, static_cast<int>(d.oldLines().size()));
    QCOMPARE(i1, static_cast<int>(d.newLines().size()));
    QCOMPARE(d.hasChanges(), changes > 0);
    int removed = 0, added = 0;
    for (const diff::Chunk &c : d.chunks())
        if (c.kind == diff::Chunk::Kind::Change)
            removed += c.oldCount, added += c.newCount;
    int hunkRemoved = 0, hunkAdded = 0;
    for (const diff::Hunk &h : d.hunks())
        for (const diff::HunkLine &l : h.lines)
            hunkRemoved += l.kind == diff::LineKind::Removed, hunkAdded += l.kind == diff::LineKind::Added;
    QCOMPARE(hunkRemoved, removed);
    QCOMPARE(hunkAdded, added);
}

// --- random inputs -----------------------------------------------------------

Lines randomLines(Rng &rng, const Lines &alphabet, int count)
{
    Lines out;
    for (int i = 0; i < count; ++i)
        out.push_back(alphabet[static_cast<std::size_t>(rng.below(static_cast<int>(alphabet.size())))]);
    return out;
}

// Deletes, inserts, replaces and moves lines and blocks.
Lines mutate(Rng &rng, Lines lines, const Lines &alphabet, int edits)
{
    const auto pick = [&] { return alphabet[static_cast<std::size_t>(rng.below(static_cast<int>(alphabet.size())))]; };
    for (int e = 0; e < edits; ++e) {
        const int n = static_cast<int>(lines.size());
        switch (rng.below(5)) {
        case 0:
            if (n > 0)
                lines.erase(lines.begin() + rng.below(n));
            break;
        case 1:
            lines.insert(lines.begin() + rng.between(0, n), pick());
            break;
        case 2:
            if (n > 0)
                lines[static_cast<std::size_t>(rng.below(n))] = pick();
            break;
        case 3:
            if (n > 2) {
                const int i = rng.below(n);
                const int j = std::min(n, i + rng.between(1, 5));
                Lines block(lines.begin() + i, lines.begin() + j);
                lines.erase(lines.begin() + i, lines.begin() + j);
                const int at = rng.between(0, static_cast<int>(lines.size()));
                lines.insert(lines.begin() + at, block.begin(), block.end());
            }
            break;
        default: {
            const int at = rng.between(0, n);
            const Lines block = randomLines(rng, alphabet, rng.between(1, 8));
            lines.insert(lines.begin() + at, block.begin(), block.end());
        }
        }
    }
    return lines;
}

// A Kubernetes-like object as sigs.k8s.io/yaml prints it: sorted keys,
// repeated container blocks, blank-free, occasionally a block scalar.
Lines yamlObject(Rng &rng)
{
    Lines out{"apiVersion: apps/v1", "kind: Deployment", "metadata:"};
    if (rng.chance(60))
        out.insert(out.end(), {"  annotations:", "    a: \"1\"", "    b: value"});
    out.insert(out.end(), {"  labels:", "    app: demo", "  name: demo-" + std::to_string(rng.below(3)),
                           "  namespace: default", "spec:", "  replicas: " + std::to_string(rng.below(4)),
                           "  template:", "    spec:", "      containers:"});
    const int containers = rng.between(1, 4);
    for (int c = 0; c < containers; ++c) {
        out.push_back("      - args:");
        for (int a = rng.between(0, 3); a > 0; --a)
            out.push_back("        - --flag" + std::to_string(rng.below(4)));
        out.push_back("        image: registry/image:" + std::to_string(rng.below(3)));
        out.push_back("        name: c" + std::to_string(rng.below(3)));
        out.push_back("        resources: {}");
        if (rng.chance(40))
            out.insert(out.end(), {"        env:", "        - name: X", "          value: |-", "            line one",
                                   "            line two"});
    }
    out.insert(out.end(), {"      restartPolicy: Always", "status: {}"});
    return out;
}

struct Pair {
    std::string oldText;
    std::string newText;
};

Pair randomPair(Rng &rng, const QString &family)
{
    Lines a, b;
    if (family == QLatin1String("tinyAlphabet")) {
        static const std::vector<Lines> alphabets{
            {"a", "b"}, {"a", "b", "c"}, {"a", "b", "c", "d", ""}, {"x", "y", "", "  k: v"}};
        const Lines &alpha = alphabets[static_cast<std::size_t>(rng.below(4))];
        a = randomLines(rng, alpha, rng.between(0, 14));
        b = randomLines(rng, alpha, rng.between(0, 14));
    } else if (family == QLatin1String("edited")) {
        Lines alpha{""};
        for (int i = rng.between(2, 6); i > 0; --i)
            alpha.push_back(std::string(1, static_cast<char>('a' + i)));
        a = randomLines(rng, alpha, rng.between(0, 60));
        b = mutate(rng, a, alpha, rng.between(0, 6));
    } else if (family == QLatin1String("longRepetitive")) {
        // Long enough for the discard thresholds to grow (MANY, MINIMUM).
        Lines alpha{"a", "b", "c", "d"};
        alpha.resize(static_cast<std::size_t>(rng.between(2, 4)));
        a = randomLines(rng, alpha, rng.between(50, 400));
        Lines more = alpha;
        for (int i = 0; i < 5; ++i)
            more.push_back("u" + std::to_string(i));
        b = mutate(rng, mutate(rng, a, alpha, rng.between(0, 6)), more, rng.between(0, 6));
    } else if (family == QLatin1String("discards")) {
        // Frequent lines among lines unique to one file: runs of definite and
        // provisional discards for discard_confusing_lines() to sort out.
        Lines frequent{"a", "b", "c"};
        frequent.resize(static_cast<std::size_t>(rng.between(1, 3)));
        const int uniquePercent = 20 * rng.between(1, 4);
        const auto make = [&](const std::string &prefix, int n) {
            Lines out;
            for (int i = 0; i < n; ++i)
                out.push_back(rng.below(100) < uniquePercent ? prefix + std::to_string(rng.below(1000000))
                                                             : randomLines(rng, frequent, 1).front());
            return out;
        };
        a = make("x", rng.between(20, 300));
        b = make("y", rng.between(20, 300));
        if (rng.chance(50)) { // keep some of the old text around the new part
            Lines mixed(a.begin(), a.begin() + rng.between(0, static_cast<int>(a.size())));
            mixed.insert(mixed.end(), b.begin(), b.end());
            mixed.insert(mixed.end(), a.begin() + rng.between(0, static_cast<int>(a.size())), a.end());
            b = std::move(mixed);
        }
    } else {
        a = yamlObject(rng);
        const Lines alpha{"  - name: x", "        resources: {}", "", "      - args:", "    app: demo", "status: {}",
                          "  new: " + std::to_string(rng.below(3))};
        b = rng.chance(20) ? yamlObject(rng) : mutate(rng, a, alpha, rng.between(1, 5));
    }
    return {joinLines(a, rng.chance(12)), joinLines(b, rng.chance(12))};
}

// --- golden reconstruction -----------------------------------------------------

struct GoldenBlock {
    QString name;
    std::string body;
};

std::vector<GoldenBlock> goldenDiffBlocks()
{
    std::vector<GoldenBlock> blocks;
    QDirIterator it(test::dataPath(QStringLiteral("shared/conformance/cases")), {QStringLiteral("*.golden")},
                    QDir::Files, QDirIterator::Subdirectories);
    QStringList files;
    while (it.hasNext())
        files << it.next();
    files.sort();
    for (const QString &file : files) {
        const std::string text = test::readFile(file);
        int index = 0;
        // Only GNU unified output; other blocks are "None" or KUBECTL_EXTERNAL_DIFF="diff -y -W 150".
        for (std::size_t at = text.find("\nDiff Output: diff -u -N "); at != std::string::npos;
             at = text.find("\nDiff Output: diff -u -N ", at + 1)) {
            std::size_t pos = text.find('\n', at + 1) + 1;
            for (int skip = 0; skip < 2; ++skip) // the ---/+++ lines
                pos = text.find('\n', pos) + 1;
            std::size_t end = text.find("\n\n", pos - 1);
            if (end == std::string::npos)
                end = text.size() - 1;
            GoldenBlock block;
            block.name = QDir(test::dataPath(QStringLiteral("shared/conformance/cases"))).relativeFilePath(file)
                         + QStringLiteral("#%1").arg(index++);
            block.body = text.substr(pos, end + 1 - pos);
            blocks.push_back(std::move(block));
        }
    }
    return blocks;
}

// Two texts that give the golden hunks: the hunk lines, with identical filler
// lines wherever the hunks leave a gap.
bool reconstruct(const std::string &body, Pair &out, int context = 3)
{
    static const QRegularExpression header(QStringLiteral(R"(^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@$)"));
    Lines a, b;
    bool aNoNewline = false, bNoNewline = false;
    char last = 0;
    int trailingContext = 0;
    int filler = 0;
    std::size_t pos = 0;
    while (pos < body.size()) {
        const std::size_t nl = body.find('\n', pos);
        const std::string line = body.substr(pos, nl - pos);
        pos = nl + 1;
        if (line.rfind("@@", 0) == 0) {
            const auto m = header.match(QString::fromStdString(line));
            if (!m.hasMatch())
                return false;
            const int oldStart = m.captured(1).toInt();
            const int oldLen = m.captured(2).isEmpty() ? 1 : m.captured(2).toInt();
            const int newStart = m.captured(3).toInt();
            const int newLen = m.captured(4).isEmpty() ? 1 : m.captured(4).toInt();
            const int gapA = (oldLen == 0 ? oldStart : oldStart - 1) - static_cast<int>(a.size());
            const int gapB = (newLen == 0 ? newStart : newStart - 1) - static_cast<int>(b.size());
            if (gapA != gapB || gapA < 0)
                return false;
            for (int k = 0; k < gapA; ++k) {
                const std::string f = "# filler line " + std::to_string(++filler);
                a.push_back(f);
                b.push_back(f);
            }
            trailingContext = 0;
            continue;
        }
        if (line.empty())
            return false;
        const std::string text = line.substr(1);
        switch (line[0]) {
        case ' ': a.push_back(text), b.push_back(text), ++trailingContext; break;
        case '-': a.push_back(text), trailingContext = 0; break;
        case '+': b.push_back(text), trailingContext = 0; break;
        case '\\':
            if (last == ' ' || last == '-')
                aNoNewline = true;
            if (last == ' ' || last == '+')
                bNoNewline = true;
            break;
        default: return false;
        }
        last = line[0];
    }
    if (trailingContext >= context && !aNoNewline && !bNoNewline)
        for (int k = 0; k < 4; ++k) {
            const std::string f = "# filler line " + std::to_string(++filler);
            a.push_back(f);
            b.push_back(f);
        }
    out = {joinLines(a, aNoNewline), joinLines(b, bNoNewline)};
    return true;
}

} // namespace

class tst_LineDiff : public QObject
{
    Q_OBJECT

private slots:
    void goldens_data();
    void goldens();
    void tricky_data();
    void tricky();
    void structure();
    void differential_data();
    void differential();
    void tooExpensive();
    void timestamp_data();
    void timestamp();
    void quoteFileName_data();
    void quoteFileName();
    void headerMatchesDiff();
};

void tst_LineDiff::goldens_data()
{
    QTest::addColumn<QByteArray>("body");
    const auto blocks = goldenDiffBlocks();
    QVERIFY(blocks.size() >= 34);
    for (const GoldenBlock &b : blocks)
        QTest::newRow(qPrintable(b.name)) << QByteArray::fromStdString(b.body);
}

void tst_LineDiff::goldens()
{
    QFETCH(QByteArray, body);
    QVERIFY(body.startsWith("@@ -"));
    Pair pair;
    QVERIFY(reconstruct(body.toStdString(), pair));
    const LineDiff d(pair.oldText, pair.newText);
    QCOMPARE(QByteArray::fromStdString(d.unifiedBody()), body);
    checkAlignment(d);
}

void tst_LineDiff::tricky_data()
{
    QTest::addColumn<QByteArray>("oldText");
    QTest::addColumn<QByteArray>("newText");
    QTest::addColumn<QByteArray>("expected");
    // l1..l20, and copies with two lines upper-cased 6 and 7 lines apart.
    QByteArray ten, twenty, twentyGap6, twentyGap7;
    for (int i = 1; i <= 20; ++i) {
        const QByteArray n = QByteArray::number(i);
        if (i <= 10)
            ten += "l" + n + "\n";
        twenty += "l" + n + "\n";
        twentyGap6 += (i == 5 || i == 12 ? "L" : "l") + n + "\n";
        twentyGap7 += (i == 5 || i == 13 ? "L" : "l") + n + "\n";
    }

    QTest::newRow("equal") << QByteArray("a\nb\n") << QByteArray("a\nb\n") << QByteArray();
    QTest::newRow("bothEmpty") << QByteArray() << QByteArray() << QByteArray();
    QTest::newRow("equalNoNewline") << QByteArray("a\nb") << QByteArray("a\nb") << QByteArray();
    QTest::newRow("fromEmpty") << QByteArray() << QByteArray("a\nb\n") << QByteArray("@@ -0,0 +1,2 @@\n+a\n+b\n");
    QTest::newRow("toEmpty") << QByteArray("a\nb\n") << QByteArray() << QByteArray("@@ -1,2 +0,0 @@\n-a\n-b\n");
    QTest::newRow("oldNoNewline") << QByteArray("a\nb") << QByteArray("a\nb\n")
                                  << QByteArray("@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n");
    QTest::newRow("newNoNewline") << QByteArray("a\nb\n") << QByteArray("a\nb")
                                  << QByteArray("@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n");
    QTest::newRow("bothNoNewlineChanged")
        << QByteArray("a\nb") << QByteArray("a\nc")
        << QByteArray("@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n");
    QTest::newRow("singleNoNewline")
        << QByteArray("a") << QByteArray("b")
        << QByteArray("@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n");
    QTest::newRow("emptyToNoNewline") << QByteArray() << QByteArray("x")
                                      << QByteArray("@@ -0,0 +1 @@\n+x\n\\ No newline at end of file\n");
    QTest::newRow("insertAtStart") << ten << "new\n" + ten << QByteArray("@@ -1,3 +1,4 @@\n+new\n l1\n l2\n l3\n");
    QTest::newRow("appendAtEnd") << ten << ten + "new\n" << QByteArray("@@ -8,3 +8,4 @@\n l8\n l9\n l10\n+new\n");
    QTest::newRow("deleteFirst") << ten << ten.mid(3) << QByteArray("@@ -1,4 +1,3 @@\n-l1\n l2\n l3\n l4\n");
    QTest::newRow("repeatedDelete") << QByteArray("a\na\na\n") << QByteArray("a\na\n")
                                    << QByteArray("@@ -1,3 +1,2 @@\n a\n a\n-a\n");
    QTest::newRow("repeatedInsertMiddle") << QByteArray("x\na\na\ny\n") << QByteArray("x\na\na\na\ny\n")
                                          << QByteArray("@@ -1,4 +1,5 @@\n x\n a\n a\n+a\n y\n");
    QTest::newRow("blankLines") << QByteArray("x\n\ny\n\nz\n") << QByteArray("x\n\nz\n")
                                << QByteArray("@@ -1,5 +1,3 @@\n x\n \n-y\n-\n z\n");
    QTest::newRow("movedBlock") << QByteArray("a\nb\nc\nd\ne\nf\ng\n") << QByteArray("a\ne\nf\nb\nc\nd\ng\n")
                                << QByteArray("@@ -1,7 +1,7 @@\n a\n+e\n+f\n b\n c\n d\n-e\n-f\n g\n");
    QTest::newRow("gapSixMerges") << twenty << twentyGap6
                                  << QByteArray("@@ -2,14 +2,14 @@\n l2\n l3\n l4\n-l5\n+L5\n l6\n l7\n l8\n l9\n"
                                                " l10\n l11\n-l12\n+L12\n l13\n l14\n l15\n");
    QTest::newRow("gapSevenSplits") << twenty << twentyGap7
                                    << QByteArray("@@ -2,7 +2,7 @@\n l2\n l3\n l4\n-l5\n+L5\n l6\n l7\n l8\n"
                                                  "@@ -10,7 +10,7 @@\n l10\n l11\n l12\n-l13\n+L13\n l14\n l15\n l16\n");
    QTest::newRow("crlf") << QByteArray("a\r\nb\r\n") << QByteArray("a\r\nc\r\n")
                          << QByteArray("@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n");
    QTest::newRow("yamlListInsert") << QByteArray("- name: a\n  x: 1\n- name: b\n  x: 1\n")
                                    << QByteArray("- name: a\n  x: 1\n- name: c\n  x: 1\n- name: b\n  x: 1\n")
                                    << QByteArray("@@ -1,4 +1,6 @@\n - name: a\n   x: 1\n+- name: c\n+  x: 1\n"
                                                  " - name: b\n   x: 1\n");
    QTest::newRow("trailingBlank") << QByteArray("a\nb\n") << QByteArray("a\nb\n\n")
                                   << QByteArray("@@ -1,2 +1,3 @@\n a\n b\n+\n");
}

void tst_LineDiff::tricky()
{
    QFETCH(QByteArray, oldText);
    QFETCH(QByteArray, newText);
    QFETCH(QByteArray, expected);
    const LineDiff d(oldText.toStdString(), newText.toStdString());
    QCOMPARE(QByteArray::fromStdString(d.unifiedBody()), expected);
    QCOMPARE(d.hasChanges(), !expected.isEmpty());
    checkAlignment(d);
}

void tst_LineDiff::structure()
{
    const LineDiff d("a\nb\nc\nd", "a\nB\nc\nd\ne\n");
    QCOMPARE(d.oldLines(), (std::vector<std::string>{"a", "b", "c", "d"}));
    QVERIFY(d.oldMissingNewline());
    QVERIFY(!d.newMissingNewline());
    QCOMPARE(d.hunks().size(), std::size_t(1));
    const diff::Hunk &h = d.hunks().front();
    QCOMPARE(h.oldStart, 1);
    QCOMPARE(h.oldLength, 4);
    QCOMPARE(h.newStart, 1);
    QCOMPARE(h.newLength, 5);
    QCOMPARE(h.header(), std::string("@@ -1,4 +1,5 @@"));
    using K = diff::LineKind;
    const std::vector<std::pair<K, std::string>> expected{
        {K::Context, "a"}, {K::Removed, "b"}, {K::Added, "B"}, {K::Context, "c"},
        {K::Removed, "d"}, {K::Added, "d"},   {K::Added, "e"}};
    QCOMPARE(h.lines.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        QCOMPARE(h.lines[i].kind, expected[i].first);
        QCOMPARE(h.lines[i].text, expected[i].second);
        QCOMPARE(h.lines[i].missingNewline, i == 4);
    }
    using C = diff::Chunk::Kind;
    const std::vector<diff::Chunk> chunks{
        {C::Equal, 0, 1, 0, 1}, {C::Change, 1, 1, 1, 1}, {C::Equal, 2, 1, 2, 1}, {C::Change, 3, 1, 3, 2}};
    QCOMPARE(d.chunks().size(), chunks.size());
    for (std::size_t i = 0; i < chunks.size(); ++i) {
        QCOMPARE(d.chunks()[i].kind, chunks[i].kind);
        QCOMPARE(d.chunks()[i].oldStart, chunks[i].oldStart);
        QCOMPARE(d.chunks()[i].oldCount, chunks[i].oldCount);
        QCOMPARE(d.chunks()[i].newStart, chunks[i].newStart);
        QCOMPARE(d.chunks()[i].newCount, chunks[i].newCount);
    }

    // An empty old range names the line before it; insertion after line 2.
    const LineDiff ins("a\nb\n", "a\nb\nc\n", 0);
    QCOMPARE(ins.unifiedBody(), std::string("@@ -2,0 +3 @@\n+c\n"));
    QCOMPARE(ins.hunks().front().oldStart, 2);
    QCOMPARE(ins.hunks().front().oldLength, 0);
}

void tst_LineDiff::differential_data()
{
    QTest::addColumn<QString>("family");
    QTest::addColumn<int>("count");
    QTest::addColumn<uint>("seed");
    QTest::newRow("tinyAlphabet") << QStringLiteral("tinyAlphabet") << 1500 << 1u;
    QTest::newRow("edited") << QStringLiteral("edited") << 1500 << 2u;
    QTest::newRow("longRepetitive") << QStringLiteral("longRepetitive") << 400 << 3u;
    QTest::newRow("yaml") << QStringLiteral("yaml") << 1000 << 4u;
    QTest::newRow("discards") << QStringLiteral("discards") << 1500 << 5u;
}

void tst_LineDiff::differential()
{
    if (!QFile::exists(kDiff))
        QSKIP("/usr/bin/diff is not installed");
    QFETCH(QString, family);
    QFETCH(int, count);
    QFETCH(uint, seed);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString a = dir.filePath(QStringLiteral("a"));
    const QString b = dir.filePath(QStringLiteral("b"));
    QVERIFY(QDir().mkpath(a) && QDir().mkpath(b));

    Rng rng(seed);
    std::map<QString, Pair> pairs;
    for (int i = 0; i < count; ++i) {
        const QString name = QStringLiteral("case%1").arg(i, 5, 10, QLatin1Char('0'));
        Pair pair = randomPair(rng, family);
        writeFile(a + QLatin1Char('/') + name, pair.oldText);
        writeFile(b + QLatin1Char('/') + name, pair.newText);
        pairs.emplace(name, std::move(pair));
    }

    const auto expected = runDiffTree(a, b);
    int differing = 0;
    for (const auto &[name, pair] : pairs) {
        const LineDiff d(pair.oldText, pair.newText);
        const auto it = expected.find(name);
        const std::string want = it == expected.end() ? std::string() : it->second;
        differing += !want.empty();
        if (d.unifiedBody() != want) {
            qWarning().noquote() << name << "\n--- old\n"
                                 << QString::fromStdString(pair.oldText) << "\n--- new\n"
                                 << QString::fromStdString(pair.newText);
            QCOMPARE(QString::fromStdString(d.unifiedBody()), QString::fromStdString(want));
        }
        checkAlignment(d);
        if (QTest::currentTestFailed())
            return;
    }
    QVERIFY(differing > count / 2); // the generators do produce differences
}

// Inputs large and different enough that diag() hits TOO_EXPENSIVE (4096) and
// returns a suboptimal split; the output must still be diff's.
void tst_LineDiff::tooExpensive()
{
    if (!QFile::exists(kDiff))
        QSKIP("/usr/bin/diff is not installed");
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a"));
    const QString b = dir.filePath(QStringLiteral("b"));
    QVERIFY(QDir().mkpath(a) && QDir().mkpath(b));
    Rng rng(99);
    std::map<QString, Pair> pairs;
    for (int i = 0; i < 3; ++i) {
        Lines alpha;
        for (int k = 10 + 10 * i; k > 0; --k)
            alpha.push_back("line " + std::to_string(k));
        Pair pair{joinLines(randomLines(rng, alpha, 12000)), joinLines(randomLines(rng, alpha, 11000))};
        const QString name = QStringLiteral("big%1").arg(i);
        writeFile(a + QLatin1Char('/') + name, pair.oldText);
        writeFile(b + QLatin1Char('/') + name, pair.newText);
        pairs.emplace(name, std::move(pair));
    }
    const auto expected = runDiffTree(a, b);
    for (const auto &[name, pair] : pairs) {
        const LineDiff d(pair.oldText, pair.newText);
        QVERIFY(expected.count(name));
        QVERIFY2(d.unifiedBody() == expected.at(name), qPrintable(name));
        checkAlignment(d);
    }
}

void tst_LineDiff::timestamp_data()
{
    QTest::addColumn<QDateTime>("time");
    QTest::addColumn<int>("nanoseconds");
    QTest::addColumn<QString>("expected");
    // From ISO strings: the same UTC/offset times on Qt 6.4 and 6.8 without the
    // Qt::TimeSpec constructors Qt 6.8 deprecates.
    const auto at = [](const char *iso) { return QDateTime::fromString(QLatin1String(iso), Qt::ISODateWithMs); };
    QTest::newRow("utc-ns") << at("2024-05-06T07:08:09.123Z") << 123456789
                            << QStringLiteral("2024-05-06 07:08:09.123456789 +0000");
    QTest::newRow("utc-ms") << at("2024-05-06T07:08:09.123Z") << -1
                            << QStringLiteral("2024-05-06 07:08:09.123000000 +0000");
    QTest::newRow("east") << at("2024-05-06T07:08:09+05:30") << 5
                          << QStringLiteral("2024-05-06 07:08:09.000000005 +0530");
    QTest::newRow("west") << at("1999-12-31T23:59:59-08:00") << 0
                          << QStringLiteral("1999-12-31 23:59:59.000000000 -0800");
}

void tst_LineDiff::timestamp()
{
    QFETCH(QDateTime, time);
    QFETCH(int, nanoseconds);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(diff::gnuTimestamp(time, nanoseconds)), expected);
}

void tst_LineDiff::quoteFileName_data()
{
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("plain") << QByteArray("TEMP/apps-v1_deployment_ns_name") << QByteArray("TEMP/apps-v1_deployment_ns_name");
    QTest::newRow("punctuation") << QByteArray("ok-_.~!$'") << QByteArray("ok-_.~!$'");
    QTest::newRow("space") << QByteArray("x y") << QByteArray("\"x y\"");
    QTest::newRow("backslash") << QByteArray("p\\q") << QByteArray("\"p\\\\q\"");
    QTest::newRow("tab") << QByteArray("t\tz") << QByteArray("\"t\\tz\"");
    QTest::newRow("quote") << QByteArray("q\"u") << QByteArray("\"q\\\"u\"");
    QTest::newRow("control") << QByteArray("n\001o\033") << QByteArray("\"n\\001o\\033\"");
    QTest::newRow("escapes") << QByteArray("\a\b\f\n\r\v") << QByteArray("\"\\a\\b\\f\\n\\r\\v\"");
    QTest::newRow("utf8") << QByteArray("\xc3\xa9") << QByteArray("\"\\303\\251\"");
    QTest::newRow("del") << QByteArray("d\177l") << QByteArray("d\177l");
}

void tst_LineDiff::quoteFileName()
{
    QFETCH(QByteArray, name);
    QFETCH(QByteArray, expected);
    QCOMPARE(QByteArray::fromStdString(diff::quoteFileName(name.toStdString())), expected);
}

// The header lines diff prints for real files: names, mtimes with
// nanoseconds, local time zone.
void tst_LineDiff::headerMatchesDiff()
{
    if (!QFile::exists(kDiff))
        QSKIP("/usr/bin/diff is not installed");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString oldName = QStringLiteral("MERGED-1/v1_configmap_ns_name");
    const QString newName = QStringLiteral("LIVE 2/with\\backslash");
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("MERGED-1")));
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("LIVE 2")));
    writeFile(dir.filePath(oldName), "a\nb\n");
    writeFile(dir.filePath(newName), "a\nc\n");

    QProcess p;
    p.setWorkingDirectory(dir.path());
    p.start(kDiff, {QStringLiteral("-u"), QStringLiteral("-N"), oldName, newName});
    QVERIFY(p.waitForFinished());
    QCOMPARE(p.exitCode(), 1);
    const std::string out = p.readAllStandardOutput().toStdString();

    const std::string oldTime = diff::fileTimestamp(dir.filePath(oldName));
    const std::string newTime = diff::fileTimestamp(dir.filePath(newName));
    QVERIFY(!oldTime.empty() && !newTime.empty());
    const LineDiff d("a\nb\n", "a\nc\n");
    QCOMPARE(QString::fromStdString(diff::unifiedHeader(oldName.toStdString(), oldTime, newName.toStdString(), newTime)
                                    + d.unifiedBody()),
             QString::fromStdString(out));
    QVERIFY(diff::fileTimestamp(dir.filePath(QStringLiteral("missing"))).empty());
}

QTEST_GUILESS_MAIN(tst_LineDiff)
#include "tst_linediff.moc"
