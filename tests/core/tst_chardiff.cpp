// SPDX-License-Identifier: Apache-2.0
#include "diff/CharDiff.h"

#include <QTest>

#include <chrono>

using namespace ds::diff;
using Operation = CharDiff::Operation;

namespace {

// Compact notation for an op list: segments separated by '|', each starting
// with '=', '-' or '+' ("=ab|-c|+d"); "" is the empty list, "-" an empty delete.
CharDiff::Ops ops(const QByteArray &spec)
{
    CharDiff::Ops out;
    if (spec.isEmpty())
        return out;
    for (const QByteArray &part : spec.split('|')) {
        const Operation op = part[0] == '-' ? Operation::Delete : part[0] == '+' ? Operation::Insert : Operation::Equal;
        out.push_back({op, part.mid(1).toStdString()});
    }
    return out;
}

QByteArray spec(const CharDiff::Ops &diffs)
{
    QByteArrayList parts;
    for (const auto &op : diffs) {
        const char sign = op.operation == Operation::Delete ? '-' : op.operation == Operation::Insert ? '+' : '=';
        parts << QByteArray(1, sign) + QByteArray::fromStdString(op.text);
    }
    return parts.join('|');
}

} // namespace

class tst_CharDiff : public QObject
{
    Q_OBJECT

private slots:
    void commonOverlap_data();
    void commonOverlap();
    void halfMatch_data();
    void halfMatch();
    void cleanupMerge_data();
    void cleanupMerge();
    void cleanupSemanticLossless_data();
    void cleanupSemanticLossless();
    void cleanupSemantic_data();
    void cleanupSemantic();
    void bisect_data();
    void bisect();
    void diffMain_data();
    void diffMain();
    void nodeTable_data();
    void nodeTable();
    void invalidUtf8();
    void score_data();
    void score();
    void timeout();
};

// go-diff TestDiffCommonOverlap (bytes).
void tst_CharDiff::commonOverlap_data()
{
    QTest::addColumn<QByteArray>("text1");
    QTest::addColumn<QByteArray>("text2");
    QTest::addColumn<int>("expected");
    QTest::newRow("null") << QByteArray("") << QByteArray("abcd") << 0;
    QTest::newRow("whole") << QByteArray("abc") << QByteArray("abcd") << 3;
    QTest::newRow("no overlap") << QByteArray("123456") << QByteArray("abcd") << 0;
    QTest::newRow("overlap") << QByteArray("123456xxx") << QByteArray("xxxabcd") << 3;
    QTest::newRow("ligature is not fi") << QByteArray("fi") << QByteArray("\xef\xac\x81i") << 0;
    QTest::newRow("bytes not runes") << QByteArray("a\xc3\xa9") << QByteArray("\xc3\xa9z") << 2;
}

void tst_CharDiff::commonOverlap()
{
    QFETCH(QByteArray, text1);
    QFETCH(QByteArray, text2);
    QFETCH(int, expected);
    QCOMPARE(CharDiff::commonOverlap(text1.toStdString(), text2.toStdString()), expected);
}

// go-diff TestDiffHalfMatch (DiffTimeout 1 ns, i.e. enabled).
void tst_CharDiff::halfMatch_data()
{
    QTest::addColumn<QByteArray>("text1");
    QTest::addColumn<QByteArray>("text2");
    QTest::addColumn<bool>("withTimeout");
    QTest::addColumn<QByteArrayList>("expected");
    const QByteArrayList none;
    QTest::newRow("no match 1") << QByteArray("1234567890") << QByteArray("abcdef") << true << none;
    QTest::newRow("no match 2") << QByteArray("12345") << QByteArray("23") << true << none;
    QTest::newRow("single 1") << QByteArray("1234567890") << QByteArray("a345678z") << true
                              << QByteArrayList{"12", "90", "a", "z", "345678"};
    QTest::newRow("single 2") << QByteArray("a345678z") << QByteArray("1234567890") << true
                              << QByteArrayList{"a", "z", "12", "90", "345678"};
    QTest::newRow("single 3") << QByteArray("abc56789z") << QByteArray("1234567890") << true
                              << QByteArrayList{"abc", "z", "1234", "0", "56789"};
    QTest::newRow("single 4") << QByteArray("a23456xyz") << QByteArray("1234567890") << true
                              << QByteArrayList{"a", "xyz", "1", "7890", "23456"};
    QTest::newRow("multiple 1") << QByteArray("121231234123451234123121") << QByteArray("a1234123451234z") << true
                                << QByteArrayList{"12123", "123121", "a", "z", "1234123451234"};
    QTest::newRow("multiple 2") << QByteArray("x-=-=-=-=-=-=-=-=-=-=-=-=") << QByteArray("xx-=-=-=-=-=-=-=") << true
                                << QByteArrayList{"", "-=-=-=-=-=", "x", "", "x-=-=-=-=-=-=-="};
    QTest::newRow("multiple 3") << QByteArray("-=-=-=-=-=-=-=-=-=-=-=-=y") << QByteArray("-=-=-=-=-=-=-=yy") << true
                                << QByteArrayList{"-=-=-=-=-=", "", "", "y", "-=-=-=-=-=-=-=y"};
    QTest::newRow("non-optimal") << QByteArray("qHilloHelloHew") << QByteArray("xHelloHeHulloy") << true
                                 << QByteArrayList{"qHillo", "w", "x", "Hulloy", "HelloHe"};
    QTest::newRow("optimal without timeout") << QByteArray("qHilloHelloHew") << QByteArray("xHelloHeHulloy") << false
                                             << none;
}

void tst_CharDiff::halfMatch()
{
    QFETCH(QByteArray, text1);
    QFETCH(QByteArray, text2);
    QFETCH(bool, withTimeout);
    QFETCH(QByteArrayList, expected);
    const CharDiff dmp(withTimeout ? std::chrono::nanoseconds(1) : std::chrono::nanoseconds(0));
    const auto hm = dmp.diffHalfMatch(text1.toStdString(), text2.toStdString());
    QByteArrayList actual;
    if (hm) {
        for (const auto &s : *hm)
            actual << QByteArray::fromStdString(s);
    }
    QCOMPARE(actual, expected);
}

// go-diff TestDiffCleanupMerge, plus the empty-segment quirk.
void tst_CharDiff::cleanupMerge_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("null") << QByteArray("") << QByteArray("");
    QTest::newRow("no diff") << QByteArray("=a|-b|+c") << QByteArray("=a|-b|+c");
    QTest::newRow("merge equalities") << QByteArray("=a|=b|=c") << QByteArray("=abc");
    QTest::newRow("merge deletions") << QByteArray("-a|-b|-c") << QByteArray("-abc");
    QTest::newRow("merge insertions") << QByteArray("+a|+b|+c") << QByteArray("+abc");
    QTest::newRow("merge interweave") << QByteArray("-a|+b|-c|+d|=e|=f") << QByteArray("-ac|+bd|=ef");
    QTest::newRow("prefix and suffix") << QByteArray("-a|+abc|-dc") << QByteArray("=a|-d|+b|=c");
    QTest::newRow("prefix and suffix with equalities") << QByteArray("=x|-a|+abc|-dc|=y") << QByteArray("=xa|-d|+b|=cy");
    QTest::newRow("same with unicode") << QByteArray("=x|-\xc4\x81|+\xc4\x81" "bc|-dc|=y")
                                       << QByteArray("=x\xc4\x81|-d|+b|=cy");
    QTest::newRow("slide edit left") << QByteArray("=a|+ba|=c") << QByteArray("+ab|=ac");
    QTest::newRow("slide edit right") << QByteArray("=c|+ab|=a") << QByteArray("=ca|+ba");
    QTest::newRow("slide edit left recursive") << QByteArray("=a|-b|=c|-ac|=x") << QByteArray("-abc|=acx");
    QTest::newRow("slide edit right recursive") << QByteArray("=x|-ca|=c|-b|=a") << QByteArray("=xca|-cba");
    // Pre-2018 upstream keeps the emptied records (kube-compare's go-diff too).
    QTest::newRow("emptied records stay") << QByteArray("=x|-a|+a|=b") << QByteArray("=xa|-|+|=b");
    QTest::newRow("common prefix at the start") << QByteArray("-ab|+ac") << QByteArray("=a|-b|+c");
}

void tst_CharDiff::cleanupMerge()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, expected);
    QCOMPARE(spec(CharDiff::cleanupMerge(ops(input))), expected);
}

// go-diff TestDiffCleanupSemanticLossless.
void tst_CharDiff::cleanupSemanticLossless_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("null") << QByteArray("") << QByteArray("");
    QTest::newRow("blank lines") << QByteArray("=AAA\r\n\r\nBBB|+\r\nDDD\r\n\r\nBBB|=\r\nEEE")
                                 << QByteArray("=AAA\r\n\r\n|+BBB\r\nDDD\r\n\r\n|=BBB\r\nEEE");
    QTest::newRow("line boundaries") << QByteArray("=AAA\r\nBBB|+ DDD\r\nBBB|= EEE")
                                     << QByteArray("=AAA\r\n|+BBB DDD\r\n|=BBB EEE");
    QTest::newRow("word boundaries") << QByteArray("=The c|+ow and the c|=at.") << QByteArray("=The |+cow and the |=cat.");
    QTest::newRow("alphanumeric boundaries") << QByteArray("=The-c|+ow-and-the-c|=at.")
                                             << QByteArray("=The-|+cow-and-the-|=cat.");
    QTest::newRow("hitting the start") << QByteArray("=a|-a|=ax") << QByteArray("-a|=aax");
    QTest::newRow("hitting the end") << QByteArray("=xa|-a|=a") << QByteArray("=xaa|-a");
    QTest::newRow("sentence boundaries") << QByteArray("=The xxx. The |+zzz. The |=yyy.")
                                         << QByteArray("=The xxx.|+ The zzz.|= The yyy.");
    QTest::newRow("UTF-8 strings") << QByteArray("=The ♕. The |+♔. The |=♖.") << QByteArray("=The ♕.|+ The ♔.|= The ♖.");
    QTest::newRow("rune boundaries") << QByteArray("=♕♕|+♔♔|=♖♖") << QByteArray("=♕♕|+♔♔|=♖♖");
}

void tst_CharDiff::cleanupSemanticLossless()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, expected);
    QCOMPARE(spec(CharDiff::cleanupSemanticLossless(ops(input))), expected);
}

// go-diff TestDiffCleanupSemantic.
void tst_CharDiff::cleanupSemantic_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("null") << QByteArray("") << QByteArray("");
    QTest::newRow("no elimination 1") << QByteArray("-ab|+cd|=12|-e") << QByteArray("-ab|+cd|=12|-e");
    QTest::newRow("no elimination 2") << QByteArray("-abc|+ABC|=1234|-wxyz") << QByteArray("-abc|+ABC|=1234|-wxyz");
    QTest::newRow("no elimination 3") << QByteArray("=2016-09-01T03:07:1|+5.15|=4|-.|=80|+0|=78|-3074|=1Z")
                                      << QByteArray("=2016-09-01T03:07:1|+5.15|=4|-.|=80|+0|=78|-3074|=1Z");
    QTest::newRow("simple elimination") << QByteArray("-a|=b|-c") << QByteArray("-abc|+b");
    QTest::newRow("backpass elimination") << QByteArray("-ab|=cd|-e|=f|+g") << QByteArray("-abcdef|+cdfg");
    QTest::newRow("multiple eliminations") << QByteArray("+1|=A|-B|+2|=_|+1|=A|-B|+2")
                                           << QByteArray("-AB_AB|+1A2_1A2");
    QTest::newRow("word boundaries") << QByteArray("=The c|-ow and the c|=at.") << QByteArray("=The |-cow and the |=cat.");
    QTest::newRow("no overlap elimination") << QByteArray("-abcxx|+xxdef") << QByteArray("-abcxx|+xxdef");
    QTest::newRow("overlap elimination") << QByteArray("-abcxxx|+xxxdef") << QByteArray("-abc|=xxx|+def");
    QTest::newRow("reverse overlap elimination") << QByteArray("-xxxabc|+defxxx") << QByteArray("+def|=xxx|-abc");
    QTest::newRow("two overlap eliminations") << QByteArray("-abcd1212|+1212efghi|=----|-A3|+3BC")
                                              << QByteArray("-abcd|=1212|+efghi|=----|-A|=3|+BC");
    QTest::newRow("python version #19")
        << QByteArray("=James McCarthy |-close to |=sign|-ing|+s|= new |-E|+fi|=ve|+-yea|=r|-ton|= deal|+ at Everton")
        << QByteArray("=James McCarthy |-close to |=sign|-ing|+s|= new |+five-year deal at |=Everton|- deal");
    QTest::newRow("python / CPP library")
        << QByteArray("+星球大戰：新的希望 |=star wars: |-episodio iv - un|=a n|-u|=e|-va|+w|= |-es|+ho|=pe|-ranza")
        << QByteArray("+星球大戰：新的希望 |=star wars: |-episodio iv - una nueva esperanza|+a new hope");
    QTest::newRow("panic") << QByteArray("+킬러 인 |=리커버리|- 보이즈") << QByteArray("+킬러 인 |=리커버리|- 보이즈");
}

void tst_CharDiff::cleanupSemantic()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, expected);
    QCOMPARE(spec(CharDiff::cleanupSemantic(ops(input))), expected);
}

// go-diff TestDiffBisect.
void tst_CharDiff::bisect_data()
{
    QTest::addColumn<int>("deadline"); // 1: far future, 0: none, -1: already passed
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("normal") << 1 << QByteArray("-c|+m|=a|-t|+p");
    QTest::newRow("no deadline") << 0 << QByteArray("-c|+m|=a|-t|+p");
    QTest::newRow("timeout") << -1 << QByteArray("-cat|+map");
}

void tst_CharDiff::bisect()
{
    QFETCH(int, deadline);
    QFETCH(QByteArray, expected);
    CharDiff::Deadline when;
    if (deadline > 0)
        when = CharDiff::Clock::now() + std::chrono::hours(1);
    else if (deadline < 0)
        when = CharDiff::Clock::now() - std::chrono::seconds(1);
    QCOMPARE(spec(CharDiff().diffBisect("cat", "map", when)), expected);
}

// go-diff TestDiffMain: the trivial cases with the default 1 s timeout, the
// real ones with DiffTimeout = 0.
void tst_CharDiff::diffMain_data()
{
    QTest::addColumn<QByteArray>("text1");
    QTest::addColumn<QByteArray>("text2");
    QTest::addColumn<bool>("withTimeout");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("null") << QByteArray("") << QByteArray("") << true << QByteArray("");
    QTest::newRow("equality") << QByteArray("abc") << QByteArray("abc") << true << QByteArray("=abc");
    QTest::newRow("simple insertion") << QByteArray("abc") << QByteArray("ab123c") << true << QByteArray("=ab|+123|=c");
    QTest::newRow("simple deletion") << QByteArray("a123bc") << QByteArray("abc") << true << QByteArray("=a|-123|=bc");
    QTest::newRow("two insertions") << QByteArray("abc") << QByteArray("a123b456c") << true
                                    << QByteArray("=a|+123|=b|+456|=c");
    QTest::newRow("two deletions") << QByteArray("a123b456c") << QByteArray("abc") << true
                                   << QByteArray("=a|-123|=b|-456|=c");
    QTest::newRow("simple case 1") << QByteArray("a") << QByteArray("b") << false << QByteArray("-a|+b");
    QTest::newRow("simple case 2") << QByteArray("Apples are a fruit.") << QByteArray("Bananas are also fruit.") << false
                                   << QByteArray("-Apple|+Banana|=s are a|+lso|= fruit.");
    QTest::newRow("simple case 3") << QByteArray("ax\t") << QByteArray("\xda\x80x\0", 4) << false
                                   << QByteArray("-a|+\xda\x80|=x|-\t|+\0", 15);
    QTest::newRow("overlap 1") << QByteArray("1ayb2") << QByteArray("abxab") << false << QByteArray("-1|=a|-y|=b|-2|+xab");
    QTest::newRow("overlap 2") << QByteArray("abcy") << QByteArray("xaxcxabc") << false << QByteArray("+xaxcx|=abc|-y");
    QTest::newRow("overlap 3") << QByteArray("ABCDa=bcd=efghijklmnopqrsEFGHIJKLMNOefg")
                               << QByteArray("a-bcd-efghijklmnopqrs") << false
                               << QByteArray("-ABCD|=a|-=|+-|=bcd|-=|+-|=efghijklmnopqrs|-EFGHIJKLMNOefg");
    QTest::newRow("large equality") << QByteArray("a [[Pennsylvania]] and [[New") << QByteArray(" and [[Pennsylvania]]")
                                    << false << QByteArray("+ |=a|+nd|= [[Pennsylvania]]|- and [[New");
}

void tst_CharDiff::diffMain()
{
    QFETCH(QByteArray, text1);
    QFETCH(QByteArray, text2);
    QFETCH(bool, withTimeout);
    QFETCH(QByteArray, expected);
    const CharDiff dmp(withTimeout ? std::chrono::nanoseconds(std::chrono::seconds(1)) : std::chrono::nanoseconds(0));
    const auto diffs = dmp.diffMain(text1.toStdString(), text2.toStdString());
    QCOMPARE(spec(diffs), expected);
}

// Differential table: 34,000 random pairs were compared with npm's
// diff-match-patch 1.0.5 (Google's JavaScript, BMP-only texts), patched to the
// pre-2018 diff_cleanupMerge and to go-diff's blank-line score that go-diff
// ports; all agreed. These rows are a sample of them. Columns: DiffMain with
// the 1 s timeout (half-match on), with timeout 0, and, for ASCII rows,
// DiffCleanupSemantic of the first.
void tst_CharDiff::nodeTable_data()
{
    QTest::addColumn<QByteArray>("text1");
    QTest::addColumn<QByteArray>("text2");
    QTest::addColumn<QByteArray>("expected");
    QTest::addColumn<QByteArray>("expectedOptimal");
    QTest::addColumn<QByteArray>("expectedSemantic");
    QTest::addColumn<bool>("checkSemantic");
    auto addDmp = [](const char *name, const char *a, const char *b, const char *e1, const char *e0, const char *sem) {
        QTest::newRow(name) << QByteArray(a) << QByteArray(b) << QByteArray(e1) << QByteArray(e0)
                            << QByteArray(sem ? sem : "") << (sem != nullptr);
    };
    addDmp("node 1", "baaaaaabbaaabbbaabbbbbabbabbbbaaaabaaaaaaabbabbab", "baaaaaabbbaabbbbbabbbaabbbbbaaaabaabaaaaabbabbab", "=baaaaaabb|-aaabb|=baabbbbbab|-|+bbaa|=b|-a|=bbbbaaaabaa|+b|=aaaaabbabbab", "=baaaaaabb|-a|+b|=aabbb|-aa|=bb|+a|=bbba|-bb|=abbbb|+b|=aaaabaa|+b|=aaaaabbabbab", nullptr);
    addDmp("node 2", "ccccbaacacccccccaaabaacbccccbaccaaabaabaa", "cccaacbcacccccccaaabaacbccccbaccaaabaabaa", "=ccc|+aa|=cb|-aa|=cacccccccaaabaacbccccbaccaaabaabaa", "=ccc|-cb|=aa|+cb|=cacccccccaaabaacbccccbaccaaabaabaa", nullptr);
    addDmp("node 3", "bcbcccccaaacabccb", "babcccaaacabccbb", "=b|-c|+a|=b|-cc|=cccaaacabccb|+b", "=b|-c|+a|=b|-c|=ccc|-c|=aaacabccb|+b", nullptr);
    addDmp("node 4", "bwbnw. bufr", "bwwub. buf", "=bw|-bn|=w|+ub|=. buf|-r", "=bw|+wu|=b|-nw|=. buf|-r", nullptr);
    addDmp("node 5", "aaaaabbbabaaaaabbbabaaaabaaaabbaba", "aaabbbabaaaaabbbaabaaaaaaababaaaabbaba", "=aaa|-aa|=bbbabaaaaabbba|+a|=baaa|+aaaab|=abaaaabbaba", "=aaa|-aa|=bbbabaaaaabbba|+a|=b|+a|=aaa|+aaab|=abaaaabbaba", nullptr);
    addDmp("node 6", "bbbbabaaaaabaa", "bbbbbabaabbab", "=bbbb|+b|=abaa|-aa|+bb|=ab|-aa", "=bbbb|-a|=ba|+b|=aa|-a|+bb|=ab|-aa", nullptr);
    addDmp("node 7", "=xx-yy====-yxxyxxyx--xx=-yy-yx--", "=xx--=xy====-xxyxxyxx-yy--y-xyy-yx--", "==xx-|-y|+-=x|=y====-|-y|=xxyxxyx|+x|=-|+yy--y|=-x|-x=-|=yy-yx--", "==xx-|-y|+-=x|=y====-|-y|=xxyxxy|+x|=x-|+yy--y|=-x|-x=-|=yy-yx--", nullptr);
    addDmp("node 8", "-y=--==yy=--yx-yyx-yyx---yyxy=x--==-----", "-y=--==yy=--y-x--yx-yyx-yyx---yyxy=x--==----x=", "=-y=--==yy=--y|+-x--y|=x-yyx-yyx---yyxy=x--==----|--|+x=", "=-y=--==yy=--y|+-x--y|=x-yyx-yyx---yyxy=x--==|--|=----|+x=", nullptr);
    addDmp("node 9", "cbaccacccbacbcccaacaccaabcc", "ccccbacbcccbcccaaacaccaabcc", "=c|-bacca|=cccbacbccc|+bccca|=aacaccaabcc", "=c|-ba|=cc|+cb|=ac|+b|=cc|-ba|=cbccc|+a|=aacaccaabcc", nullptr);
    addDmp("node 10", "ڀځ\txڀx\tځ\tڀڀځځx\t\tڀڀڀx", "ڀځ\txڀx\tځ\tځڀڀ\tx\t\tڀڀ", "=ڀځ\txڀx\tځ\t|+ځ|=ڀڀ|-ځځ|+\t|=x\t\tڀڀ|-ڀx", "=ڀځ\txڀx\tځ\t|+ځ|=ڀڀ|-ځځ|+\t|=x\t\t|-ڀ|=ڀڀ|-x", nullptr);
    addDmp("node 11", "x\tځڀxx\t\tځڀ\tځ\t\tڀ\tځxڀڀڀ\tڀځxxځځځځ", "x\tځڀ\t\tڀځ\tځ\tځځڀ\tځ\t\tڀ\tځxځxxځځځځ", "=x\tځڀ|-xx|=\t\t|+ڀځ\tځ\tځ|=ځڀ\tځ\t\tڀ\tځx|-ڀڀڀ\tڀ|=ځxxځځځځ", "=x\tځڀ|-xx|+\t\tڀځ|=\t|+ځ|=\tځ|+ځ|=ڀ\tځ\t\tڀ\tځx|-ڀڀڀ\tڀ|=ځxxځځځځ", nullptr);
    addDmp("node 12", "ڀx\tځ\tځ\tڀڀx\tځڀx\txڀڀځځڀڀڀځڀ\tځڀڀڀx\t", "ځxxځ\tڀڀx\tځڀx\txڀڀځځڀڀڀځڀ\tځڀڀڀ\t", "-ڀx\t|=ځ|-\t|+xx|=ځ\tڀڀx\tځڀx\txڀڀځځڀڀڀځڀ\tځڀڀڀ|-x|=\t", "-ڀ|+ځ|=x|-\tځ\t|+x|=ځ\tڀڀx\tځڀx\txڀڀځځڀڀڀځڀ\tځڀڀڀ|-x|=\t", nullptr);
    addDmp("node 13", "x\t\tڀځxڀ\txځx\txڀ\tڀځڀxڀځڀڀxڀ\tڀځ\tڀڀڀڀ", "x\tڀ\tځx\tڀځx\tځxڀڀځځڀxڀځڀڀڀڀ\tڀ\tڀځ\tڀڀڀxځ\t", "=x\t|-\t|=ڀ|+\t|=ځx|-ڀ|=\t|-x|+ڀ|=ځx\t|+ځ|=xڀ|-\t|=ڀ|+ځ|=ځڀxڀځڀڀ|-x|+ڀڀ\t|=ڀ\tڀځ\tڀڀڀ|-ڀ|+xځ\t", "=x\t|-\t|=ڀ|+\t|=ځx|-ڀ|=\t|-x|+ڀ|=ځx\t|+ځ|=xڀ|-\t|=ڀ|+ځ|=ځڀxڀځڀڀ|-x|+ڀ|=ڀ\tڀ|-ځ|=\tڀ|+ځ\t|=ڀڀڀ|+xځ\t", nullptr);
    addDmp("node 14", "a中", "a é中♕中中 ♕éa", "=a|+ é|=中|+♕中中 ♕éa", "=a|+ é|=中|+♕中中 ♕éa", nullptr);
    addDmp("node 15", "üßöaöbü\nb öaööaßbßa", "üßü ßüaööaßßbßa", "=üß|-öaöb|=ü|-\nb|= |-ö|+ßü|=aööa|+ß|=ßbßa", "=üß|-öaöb|=ü|-\nb|= |-ö|+ßü|=aööa|+ß|=ßbßa", nullptr);
    addDmp("node 16", "öa büöß  ", "öabüöß  ", "=öa|- |=büöß  ", "=öa|- |=büöß  ", nullptr);
    addDmp("node 17", "\t\tځڀ", "\t\tځڀ", "=\t\tځڀ", "=\t\tځڀ", nullptr);
    addDmp("node 18", "ü", "   b\n", "-ü|+   b\n", "-ü|+   b\n", nullptr);
    addDmp("node 19", "\nüöaaßbbba b\n\nbü\na\nüüb\nö", "b\nüö ö\nöaaß\nß ü\n\naü bbbba b\n\nbü\na\nüü\nööa üb\nö", "+b|=\nüö|+ ö\nö|=aaß|+\nß ü\n\naü b|=bbba b\n\nbü\na\nü|+ü\nööa |=üb\nö", "+b|=\nüö|+ ö\nö|=aaß|+\nß ü\n\naü b|=bbba b\n\nbü\na\nü|+ü\nööa |=üb\nö", nullptr);
    addDmp("node 20", "♕中 aa a中éa♕", "♕aa♕é a♕a  中a a中é a ", "=♕|-中|+aa♕é|= a|+♕a  中|=a a中é|+ |=a|-♕|+ ", "=♕|-中|+aa♕é|= a|+♕a  中|=a a中é|+ |=a|-♕|+ ", nullptr);
    addDmp("node 21", "\na\nö", "\nö\na", "-\na|=\nö|+\na", "-\na|=\nö|+\na", nullptr);
    addDmp("node 22", "c", "cbacbacaabababbbaccbab", "=c|+bacbacaabababbbaccbab", "=c|+bacbacaabababbbaccbab", nullptr);
    addDmp("node 23", "gcb.c. ih", "gcb.c. \n3 1i.h", "=gcb.c. |+\n3 1|=i|+.|=h", "=gcb.c. |+\n3 1|=i|+.|=h", nullptr);
    addDmp("node 24", "\n", "b \naa\nbb \n", "+b \naa\nbb |=\n", "+b \naa\nbb |=\n", nullptr);
    addDmp("node 25", "xx==", "xy==x-=x==", "=x|+y==x-=|=x==", "=x|+y==x-=|=x==", nullptr);
    addDmp("node 26", "büabü\nöü\nö aßa \naab", "büaö ü\nöü\n\nö aßa \naab", "=büa|-b|+ö |=ü\nöü|+\n|=\nö aßa \naab", "=büa|-b|+ö |=ü\nöü|+\n|=\nö aßa \naab", nullptr);
    addDmp("node 27", "中", "♕ éaééé ♕", "-中|+♕ éaééé ♕", "-中|+♕ éaééé ♕", nullptr);
    addDmp("node 28", " uc coqbfxb rwooxbb ", " uc cobfxb ohonnrxb.wf h.i.nThhu cf", "= uc co|-q|=bfxb |-rw|=o|+h|=o|+nnr|=xb|-b|+.wf h.i.nThhu|= |+cf", "= uc co|-q|=bfxb |-rw|=o|+h|=o|+nnr|=xb|-b|+.wf h.i.nThhu|= |+cf", nullptr);
    addDmp("node 29", "", "bcbcbcaaabcc", "+bcbcbcaaabcc", "+bcbcbcaaabcc", nullptr);
    addDmp("node semantic 1", "\naa ba  bbb bb\nb ", "\naa\nb\n  \nb b ", "=\naa|- |+\n|=b|-a|+\n|=  |-bb|+\n|=b |-bb\n|=b ", "=\naa|- |+\n|=b|-a|+\n|=  |-bb|+\n|=b |-bb\n|=b ", "=\naa|- ba  bbb bb\n|+\nb\n  \nb |=b ");
    addDmp("node semantic 2", "\na  ab bb", "\naaa \na b b\n ab bb", "=\na|+aa|= |+\na b b\n|= ab bb", "=\na|+aa|= |+\na b b\n|= ab bb", "=\na|- |+aa \na b b\n|= ab bb");
    addDmp("node semantic 3", "abaabababaabaabaa", "baaabbabab", "-a|=baa|-b|=ab|-a|=b|-a|=aba|-a|=b|-aa", "-a|=baa|-b|=ab|-a|=b|-a|=aba|-a|=b|-aa", "-a|=baa|-b|=ab|-abaabaabaa|+babab");
    addDmp("node semantic 4", "aaaaabbbaa", "aaaaabbaaabaaabbbbb", "=aaaaabb|+aaa|=baa|+abbbbb", "=aaaaabb|+aaa|=baa|+abbbbb", "=aaaaabb|-b|=aa|+abaaabbbbb");
    addDmp("node semantic 5", "caaabcccccbacaababccbcacbcacccbaababaacaaa", "acaaacccbcaababccacbaccacccbaaaaabaccaacaaa", "+a|=caaa|-bcc|=cccb|-a|=caababcc|+ac|=b|-c|=ac|-b|=cacccbaa|-b|+aa|=ab|+acc|=aacaaa", "+a|=caaa|-bcc|=cccb|-a|=caababcc|-b|+a|=c|+b|=ac|-b|=cacccb|+aaa|=aaba|-b|+cc|=aacaaa", "+a|=caaa|-bcc|=cccb|-a|=caababcc|+ac|=b|-c|=ac|-b|=cacccbaa|-bab|+aaabacc|=aacaaa");
    addDmp("node semantic 6", "bcbcbcbc", "aacbcbccabcbcbc", "+aac|=bc|+bcca|=bcbcbc", "+aac|=bc|+bcca|=bcbcbc", "-bc|+aacbcbcca|=bcbcbc");
    addDmp("node semantic 7", "-x-", "yxxx===x-x==y==x=-=y=y==x-", "+yxxx===x|=-|+x==y==x=-=y=y==|=x-", "+yxxx===x|=-|+x==y==x=-=y=y==|=x-", "--|+yxxx===x-x==y==x=-=y=y==|=x-");
    addDmp("node semantic 8", "bbc", "abcbcb", "+a|=b|+c|=bc|+b", "+a|=b|+c|=bc|+b", "-b|+abc|=bc|+b");
    addDmp("node semantic 9", "rbx", "bknnf", "-r|=b|-x|+knnf", "-r|=b|-x|+knnf", "-rbx|+bknnf");
    addDmp("node semantic 10", "dc3a 2.\n3e", "dc202ga3a", "=dc|+202ga|=3a|- 2.\n3e", "=dc|+202ga|=3a|- 2.\n3e", "=dc|-3a 2.\n3e|+202ga3a");
}

void tst_CharDiff::nodeTable()
{
    QFETCH(QByteArray, text1);
    QFETCH(QByteArray, text2);
    QFETCH(QByteArray, expected);
    QFETCH(QByteArray, expectedOptimal);
    QFETCH(QByteArray, expectedSemantic);
    QFETCH(bool, checkSemantic);
    const auto diffs = CharDiff().diffMain(text1.toStdString(), text2.toStdString());
    QCOMPARE(spec(diffs), expected);
    const CharDiff optimal(std::chrono::nanoseconds(0));
    QCOMPARE(spec(optimal.diffMain(text1.toStdString(), text2.toStdString())), expectedOptimal);
    if (checkSemantic)
        QCOMPARE(spec(CharDiff::cleanupSemantic(diffs)), expectedSemantic);
}

// Go's []rune conversion: each invalid byte is one U+FFFD.
void tst_CharDiff::invalidUtf8()
{
    QCOMPARE(spec(CharDiff().diffBisect("\xe0\xe5", "\xe0\xe5", CharDiff::Clock::now() + std::chrono::minutes(1))),
             QByteArray("=\xef\xbf\xbd\xef\xbf\xbd"));
    QCOMPARE(spec(CharDiff().diffMain("\xe0\xe5", "")), QByteArray("-\xef\xbf\xbd\xef\xbf\xbd"));
    // Both texts decode to the same runes: no diff although the bytes differ.
    QCOMPARE(spec(CharDiff().diffMain("a\xff", "a\xfe")), QByteArray("=a\xef\xbf\xbd"));
}

void tst_CharDiff::score_data()
{
    QTest::addColumn<QByteArray>("text1");
    QTest::addColumn<QByteArray>("text2");
    QTest::addColumn<int>("expected");
    QTest::newRow("equal") << QByteArray("a: b\n") << QByteArray("a: b\n") << 0;
    QTest::newRow("longer") << QByteArray("data:\n  a: b\n") << QByteArray("data:\n  a: bc\n") << 1;
    QTest::newRow("replaced") << QByteArray("x: 1\n") << QByteArray("x: 2\n") << 2;
    QTest::newRow("missing field") << QByteArray("a: 1\nb: 2\n") << QByteArray("a: 1\n") << 5;
    QTest::newRow("bytes not runes") << QByteArray("é") << QByteArray("e") << 3;
    QTest::newRow("invalid byte counts as U+FFFD") << QByteArray("\xff") << QByteArray("") << 3;
}

void tst_CharDiff::score()
{
    QFETCH(QByteArray, text1);
    QFETCH(QByteArray, text2);
    QFETCH(int, expected);
    QCOMPARE(CharDiff::score(CharDiff().diffMain(text1.toStdString(), text2.toStdString())), expected);
}

// go-diff TestDiffMainWithTimeout (without line mode, at 1/8 of the size).
void tst_CharDiff::timeout()
{
    std::string a = "`Twas brillig, and the slithy toves\nDid gyre and gimble in the wabe:\n"
                    "All mimsy were the borogoves,\nAnd the mome raths outgrabe.\n";
    std::string b = "I am the very model of a modern major general,\nI've information vegetable, animal, and mineral,\n"
                    "I know the kings of England, and I quote the fights historical,\n"
                    "From Marathon to Waterloo, in order categorical.\n";
    for (int x = 0; x < 10; ++x) {
        a += a;
        b += b;
    }
    const auto limit = std::chrono::milliseconds(200);
    const CharDiff dmp(limit);
    const auto start = std::chrono::steady_clock::now();
    const auto diffs = dmp.diffMain(a, b);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    QVERIFY(elapsed >= limit);
    QVERIFY(elapsed < limit * 100);
    // Still a valid diff of the two texts.
    std::string text1, text2;
    for (const auto &op : diffs) {
        if (op.operation != Operation::Insert)
            text1 += op.text;
        if (op.operation != Operation::Delete)
            text2 += op.text;
    }
    QCOMPARE(text1, a);
    QCOMPARE(text2, b);
}

QTEST_GUILESS_MAIN(tst_CharDiff)
#include "tst_chardiff.moc"
