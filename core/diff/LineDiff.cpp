// SPDX-License-Identifier: Apache-2.0
#include "diff/LineDiff.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <unordered_map>

namespace ds::diff {

namespace {

using Lin = std::ptrdiff_t; // diffutils' `lin`
constexpr Lin kLinMax = PTRDIFF_MAX;

int floorLog2(Lin n)
{
    int r = 0;
    while (n >>= 1)
        ++r;
    return r;
}

// A vector of flags with a false sentinel on each side: analyze.c allocates
// `changed` that way and its loops rely on changed[-1] and changed[n].
class Flags
{
public:
    explicit Flags(Lin n = 0) : m_v(static_cast<std::size_t>(n + 2), 0) {}
    char &operator[](Lin i) { return m_v[static_cast<std::size_t>(i + 1)]; }
    char operator[](Lin i) const { return m_v[static_cast<std::size_t>(i + 1)]; }

private:
    std::vector<char> m_v;
};

struct FileData {
    std::string buffer;          // the text, plus the '\n' diff appends to an incomplete last line
    bool missingNewline = false;
    Lin prefixLines = 0;         // identical leading lines kept out of the analysis
    Lin bufferedLines = 0;       // lines taking part in the analysis
    std::vector<Lin> equivs;     // equivalence class of each buffered line (≥ 1)
    std::vector<Lin> undiscarded;
    std::vector<Lin> realindexes;
    Lin nondiscardedLines = 0;
    Flags changed;
};

struct Partition {
    Lin xmid = 0;
    Lin ymid = 0;
    bool loMinimal = false;
    bool hiMinimal = false;
};

// diff_2_files() for two in-memory texts, up to the `changed` flags.
class GnuAnalysis
{
public:
    GnuAnalysis(std::string_view text0, std::string_view text1, Lin horizon);
    // Whether line `line` (0-based, whole file) of file f is inserted/deleted.
    bool changed(int f, Lin line) const;

private:
    void findIdenticalEnds(Lin horizon, Lin &prefixEnd, std::array<Lin, 2> &suffixBegin);
    void hashLines(Lin prefixEnd, const std::array<Lin, 2> &suffixBegin);
    void discardConfusingLines();
    void compareseq(Lin xoff, Lin xlim, Lin yoff, Lin ylim, bool findMinimal);
    void diag(Lin xoff, Lin xlim, Lin yoff, Lin ylim, bool findMinimal, Partition &part);
    void shiftBoundaries();

    Lin &fd(Lin d) { return m_diagSpace[static_cast<std::size_t>(m_fdOrigin + d)]; }
    Lin &bd(Lin d) { return m_diagSpace[static_cast<std::size_t>(m_bdOrigin + d)]; }

    std::array<FileData, 2> m_file;
    Lin m_equivMax = 1;
    std::vector<Lin> m_diagSpace;
    Lin m_fdOrigin = 0;
    Lin m_bdOrigin = 0;
    Lin m_tooExpensive = 4096;
};

GnuAnalysis::GnuAnalysis(std::string_view text0, std::string_view text1, Lin horizon)
{
    const std::array<std::string_view, 2> texts{text0, text1};
    for (int f = 0; f < 2; ++f) {
        FileData &file = m_file[f];
        file.buffer.assign(texts[f]);
        // prepare_text(): make the text end in a newline, remembering it was added.
        if (!file.buffer.empty() && file.buffer.back() != '\n') {
            file.buffer.push_back('\n');
            file.missingNewline = true;
        }
    }

    Lin prefixEnd = 0;
    std::array<Lin, 2> suffixBegin{};
    findIdenticalEnds(horizon, prefixEnd, suffixBegin);
    hashLines(prefixEnd, suffixBegin);

    for (FileData &file : m_file)
        file.changed = Flags(file.bufferedLines);
    discardConfusingLines();

    const Lin n0 = m_file[0].nondiscardedLines;
    const Lin n1 = m_file[1].nondiscardedLines;
    const Lin diags = n0 + n1 + 3;
    m_diagSpace.assign(static_cast<std::size_t>(2 * diags), 0);
    m_fdOrigin = n1 + 1;
    m_bdOrigin = diags + n1 + 1;
    // TOO_EXPENSIVE: about the square root of the input size, at least 4096.
    m_tooExpensive = std::max<Lin>(4096, Lin(1) << ((floorLog2(diags) >> 1) + 1));

    compareseq(0, n0, 0, n1, false);
    shiftBoundaries();
}

bool GnuAnalysis::changed(int f, Lin line) const
{
    const FileData &file = m_file[f];
    const Lin i = line - file.prefixLines;
    return i >= 0 && i < file.bufferedLines && file.changed[i];
}

// io.c find_identical_ends(): the common prefix and suffix (in bytes, cut back
// to line boundaries, minus `horizon` lines each) take no part in the analysis.
void GnuAnalysis::findIdenticalEnds(Lin horizon, Lin &prefixEnd, std::array<Lin, 2> &suffixBegin)
{
    const std::string &b0 = m_file[0].buffer;
    const std::string &b1 = m_file[1].buffer;
    const Lin n0 = static_cast<Lin>(b0.size());
    const Lin n1 = static_cast<Lin>(b1.size());
    const Lin miss0 = m_file[0].missingNewline;
    const Lin miss1 = m_file[1].missingNewline;

    Lin p = 0;
    const Lin shorter = std::min(n0, n1);
    while (p < shorter && b0[p] == b1[p])
        ++p;
    // Don't count an appended newline as part of the prefix.
    if ((n0 - miss0 < p) != (n1 - miss1 < p))
        --p;
    Lin hor = horizon;
    while (p != 0 && (b0[p - 1] != '\n' || hor--))
        --p;
    prefixEnd = p;
    m_file[0].prefixLines = m_file[1].prefixLines = std::count(b0.begin(), b0.begin() + p, '\n');

    Lin p0 = n0;
    Lin p1 = n1;
    if (miss0 == miss1) {
        const Lin end0 = p0;
        Lin beg0 = prefixEnd + (n0 < n1 ? 0 : n0 - n1);
        while (p0 != beg0) {
            if (b0[--p0] != b1[--p1]) {
                ++p0, ++p1;
                beg0 = p0;
                break;
            }
        }
        const bool atLineBeginning = (p0 == 0 || b0[p0 - 1] == '\n') && (p1 == 0 || b1[p1 - 1] == '\n');
        // Keep `horizon` lines of the suffix, plus the rest of a partial line.
        Lin i = horizon + (atLineBeginning ? 0 : 1);
        while (i-- && p0 != end0)
            while (b0[p0++] != '\n') {
            }
        p1 += p0 - beg0;
    }
    suffixBegin = {p0, p1};
}

// io.c find_and_hash_each_line(): equal lines share an equivalence class. An
// incomplete last line lives in a bucket of its own, so it only equals the
// other file's incomplete last line.
void GnuAnalysis::hashLines(Lin prefixEnd, const std::array<Lin, 2> &suffixBegin)
{
    std::array<std::unordered_map<std::string_view, Lin>, 2> classes; // [complete, incomplete]
    for (int f = 0; f < 2; ++f) {
        FileData &file = m_file[f];
        const std::string_view buffer = file.buffer;
        for (Lin p = prefixEnd; p < suffixBegin[f];) {
            const Lin nl = static_cast<Lin>(buffer.find('\n', static_cast<std::size_t>(p)));
            const bool incomplete = file.missingNewline && nl + 1 == static_cast<Lin>(buffer.size());
            const auto line = buffer.substr(static_cast<std::size_t>(p), static_cast<std::size_t>(nl - p));
            auto [it, inserted] = classes[incomplete ? 1 : 0].try_emplace(line, m_equivMax);
            if (inserted)
                ++m_equivMax;
            file.equivs.push_back(it->second);
            p = nl + 1;
        }
        file.bufferedLines = static_cast<Lin>(file.equivs.size());
    }
}

// discard_confusing_lines(), second pass, for one run [i, i+length) of
// discardable lines that starts and ends with a definite discard (1):
// provisional discards (2) survive only well inside long runs.
void filterProvisionalRun(char *discards, Lin i, Lin length, Lin provisional)
{
    Lin j;
    if (length >> 2 < provisional) {
        // A quarter or more of the run is provisional: keep all of those lines.
        for (j = i + length; j > i;)
            if (discards[--j] == 2)
                discards[j] = 0;
        return;
    }
    // MINIMUM is about the square root of LENGTH/4; cancel any subrun of that
    // many provisionals or more.
    const Lin minimum = length < 4 ? 2 : (Lin(1) << ((floorLog2(length) >> 1) - 1)) + 1;
    Lin consec = 0;
    for (j = 0; j < length; ++j) {
        if (discards[i + j] != 2)
            consec = 0;
        else if (minimum == ++consec)
            j -= consec; // back up to cancel the whole subrun
        else if (minimum < consec)
            discards[i + j] = 0;
    }
    // From each end, cancel provisionals until 3 definite discards in a row
    // or the first definite one at least 8 lines in.
    consec = 0;
    for (j = 0; j < length; ++j) {
        if (j >= 8 && discards[i + j] == 1)
            break;
        if (discards[i + j] == 2)
            consec = 0, discards[i + j] = 0;
        else if (discards[i + j] == 0)
            consec = 0;
        else
            ++consec;
        if (consec == 3)
            break;
    }
    const Lin last = i + length - 1;
    consec = 0;
    for (j = 0; j < length; ++j) {
        if (j >= 8 && discards[last - j] == 1)
            break;
        if (discards[last - j] == 2)
            consec = 0, discards[last - j] = 0;
        else if (discards[last - j] == 0)
            consec = 0;
        else
            ++consec;
        if (consec == 3)
            break;
    }
}

// discard_confusing_lines(), second pass over one file.
void filterProvisionalDiscards(std::vector<char> &flags)
{
    char *discards = flags.data();
    const Lin end = static_cast<Lin>(flags.size());
    for (Lin i = 0; i < end; ++i) {
        if (discards[i] == 2) {
            discards[i] = 0; // not inside a run
            continue;
        }
        if (discards[i] == 0)
            continue;
        Lin provisional = 0;
        Lin j;
        for (j = i; j < end && discards[j] != 0; ++j)
            provisional += discards[j] == 2;
        while (j > i && discards[j - 1] == 2)
            discards[--j] = 0, --provisional;
        filterProvisionalRun(discards, i, j - i, provisional);
        i = j - 1;
    }
}

// analyze.c discard_confusing_lines(): lines without a match in the other
// file, and runs of lines with very many matches, are marked changed up front
// and hidden from compareseq.
void GnuAnalysis::discardConfusingLines()
{
    std::array<std::vector<Lin>, 2> equivCount;
    for (int f = 0; f < 2; ++f) {
        equivCount[f].assign(static_cast<std::size_t>(m_equivMax), 0);
        for (Lin e : m_file[f].equivs)
            ++equivCount[f][static_cast<std::size_t>(e)];
    }

    for (int f = 0; f < 2; ++f) {
        FileData &file = m_file[f];
        const Lin end = file.bufferedLines;
        // MANY: 5 times the approximate square root of the number of lines.
        Lin many = 5;
        if (end >= 64)
            many <<= (floorLog2(end) >> 1) - 3;
        // 1: no match at all; 2: provisionally discardable, too many matches.
        std::vector<char> discards(static_cast<std::size_t>(end), 0);
        for (std::size_t i = 0; i < discards.size(); ++i) {
            const Lin nmatch = equivCount[1 - f][static_cast<std::size_t>(file.equivs[i])];
            discards[i] = nmatch == 0 ? 1 : nmatch > many ? 2 : 0;
        }
        filterProvisionalDiscards(discards);

        for (Lin i = 0; i < end; ++i) {
            if (discards[static_cast<std::size_t>(i)] == 0) {
                file.undiscarded.push_back(file.equivs[static_cast<std::size_t>(i)]);
                file.realindexes.push_back(i);
            } else {
                file.changed[i] = 1;
            }
        }
        file.nondiscardedLines = static_cast<Lin>(file.undiscarded.size());
    }
}

// gnulib diffseq.h compareseq(): trim the matching ends, split at the middle
// snake, recurse into the smaller half and loop on the other (the order does
// not change the result, only the recursion depth).
void GnuAnalysis::compareseq(Lin xoff, Lin xlim, Lin yoff, Lin ylim, bool findMinimal)
{
    const Lin *xv = m_file[0].undiscarded.data();
    const Lin *yv = m_file[1].undiscarded.data();
    while (true) {
        while (xoff < xlim && yoff < ylim && xv[xoff] == yv[yoff])
            ++xoff, ++yoff;
        while (xoff < xlim && yoff < ylim && xv[xlim - 1] == yv[ylim - 1])
            --xlim, --ylim;

        if (xoff == xlim) {
            for (; yoff < ylim; ++yoff)
                m_file[1].changed[m_file[1].realindexes[static_cast<std::size_t>(yoff)]] = 1;
            return;
        }
        if (yoff == ylim) {
            for (; xoff < xlim; ++xoff)
                m_file[0].changed[m_file[0].realindexes[static_cast<std::size_t>(xoff)]] = 1;
            return;
        }

        Partition part;
        diag(xoff, xlim, yoff, ylim, findMinimal, part);
        if ((xlim + ylim) - (part.xmid + part.ymid) < (part.xmid + part.ymid) - (xoff + yoff)) {
            compareseq(part.xmid, xlim, part.ymid, ylim, part.hiMinimal);
            xlim = part.xmid, ylim = part.ymid, findMinimal = part.loMinimal;
        } else {
            compareseq(xoff, part.xmid, yoff, part.ymid, part.loMinimal);
            xoff = part.xmid, yoff = part.ymid, findMinimal = part.hiMinimal;
        }
    }
}

// gnulib diffseq.h diag(): the forward and backward breadth-first searches of
// Myers' algorithm meet at the midpoint of a shortest edit script. diff runs
// it without the --speed-large-files heuristic, so only TOO_EXPENSIVE can cut
// the search short (with a suboptimal split).
void GnuAnalysis::diag(Lin xoff, Lin xlim, Lin yoff, Lin ylim, bool findMinimal, Partition &part)
{
    const Lin *xv = m_file[0].undiscarded.data();
    const Lin *yv = m_file[1].undiscarded.data();
    const Lin dmin = xoff - ylim;
    const Lin dmax = xlim - yoff;
    const Lin fmid = xoff - yoff;
    const Lin bmid = xlim - ylim;
    Lin fmin = fmid, fmax = fmid;
    Lin bmin = bmid, bmax = bmid;
    const bool odd = (fmid - bmid) & 1;

    fd(fmid) = xoff;
    bd(bmid) = xlim;

    for (Lin c = 1;; ++c) {
        if (fmin > dmin)
            fd(--fmin - 1) = -1;
        else
            ++fmin;
        if (fmax < dmax)
            fd(++fmax + 1) = -1;
        else
            --fmax;
        for (Lin d = fmax; d >= fmin; d -= 2) {
            const Lin tlo = fd(d - 1);
            const Lin thi = fd(d + 1);
            const Lin x0 = tlo < thi ? thi : tlo + 1;
            Lin x = x0, y = x0 - d;
            while (x < xlim && y < ylim && xv[x] == yv[y])
                ++x, ++y;
            fd(d) = x;
            if (odd && bmin <= d && d <= bmax && bd(d) <= x) {
                part = {x, y, true, true};
                return;
            }
        }

        if (bmin > dmin)
            bd(--bmin - 1) = kLinMax;
        else
            ++bmin;
        if (bmax < dmax)
            bd(++bmax + 1) = kLinMax;
        else
            --bmax;
        for (Lin d = bmax; d >= bmin; d -= 2) {
            const Lin tlo = bd(d - 1);
            const Lin thi = bd(d + 1);
            const Lin x0 = tlo < thi ? tlo : thi - 1;
            Lin x = x0, y = x0 - d;
            while (xoff < x && yoff < y && xv[x - 1] == yv[y - 1])
                --x, --y;
            bd(d) = x;
            if (!odd && fmin <= d && d <= fmax && x <= fd(d)) {
                part = {x, y, true, true};
                return;
            }
        }

        if (findMinimal || c < m_tooExpensive)
            continue;

        // Gone well beyond the call of duty: report halfway between the best
        // results so far.
        Lin fxybest = -1, fxbest = 0;
        for (Lin d = fmax; d >= fmin; d -= 2) {
            Lin x = std::min(fd(d), xlim);
            Lin y = x - d;
            if (ylim < y)
                x = ylim + d, y = ylim;
            if (fxybest < x + y)
                fxybest = x + y, fxbest = x;
        }
        Lin bxybest = kLinMax, bxbest = 0;
        for (Lin d = bmax; d >= bmin; d -= 2) {
            Lin x = std::max(xoff, bd(d));
            Lin y = x - d;
            if (y < yoff)
                x = yoff + d, y = yoff;
            if (x + y < bxybest)
                bxybest = x + y, bxbest = x;
        }
        if ((xlim + ylim) - bxybest < fxybest - (xoff + yoff))
            part = {fxbest, fxybest - fxbest, true, false};
        else
            part = {bxbest, bxybest - bxbest, false, true};
        return;
    }
}

// analyze.c shift_boundaries(): slide each run of changes over identical
// lines so that runs merge, then as far down as possible, then back to line
// up with a run in the other file.
void GnuAnalysis::shiftBoundaries()
{
    for (int f = 0; f < 2; ++f) {
        Flags &changed = m_file[f].changed;
        const Flags &otherChanged = m_file[1 - f].changed;
        const std::vector<Lin> &equivs = m_file[f].equivs;
        const auto eq = [&equivs](Lin a, Lin b) {
            return equivs[static_cast<std::size_t>(a)] == equivs[static_cast<std::size_t>(b)];
        };
        Lin i = 0;
        Lin j = 0;
        const Lin iEnd = m_file[f].bufferedLines;

        while (true) {
            while (i < iEnd && !changed[i]) {
                while (otherChanged[j++]) {
                }
                ++i;
            }
            if (i == iEnd)
                break;

            Lin start = i;
            while (changed[++i]) {
            }
            while (otherChanged[j])
                ++j;

            Lin runlength;
            Lin corresponding;
            do {
                runlength = i - start;
                // Move the run back while the previous unchanged line matches
                // its last line, merging with earlier runs.
                while (start && eq(start - 1, i - 1)) {
                    changed[--start] = 1;
                    changed[--i] = 0;
                    while (changed[start - 1])
                        --start;
                    while (otherChanged[--j]) {
                    }
                }
                corresponding = otherChanged[j - 1] ? i : iEnd;
                // Then forward while its first line matches the next line.
                while (i != iEnd && eq(start, i)) {
                    changed[start++] = 0;
                    changed[i++] = 1;
                    while (changed[i])
                        ++i;
                    while (otherChanged[++j])
                        corresponding = i;
                }
            } while (runlength != i - start);

            while (corresponding < i) {
                changed[--start] = 1;
                changed[--i] = 0;
                while (otherChanged[--j]) {
                }
            }
        }
    }
}

// Splits a text into lines without their newlines.
std::vector<std::string> splitLines(std::string_view text, bool &missingNewline)
{
    std::vector<std::string> lines;
    std::size_t p = 0;
    while (p < text.size()) {
        std::size_t nl = text.find('\n', p);
        if (nl == std::string_view::npos)
            nl = text.size();
        lines.emplace_back(text.substr(p, nl - p));
        p = nl + 1;
    }
    missingNewline = !text.empty() && text.back() != '\n';
    return lines;
}

void appendRange(std::string &out, int start, int length)
{
    out += std::to_string(start);
    if (length != 1)
        out += ',' + std::to_string(length);
}

} // namespace

std::string Hunk::header() const
{
    std::string out = "@@ -";
    appendRange(out, oldStart, oldLength);
    out += " +";
    appendRange(out, newStart, newLength);
    out += " @@";
    return out;
}

LineDiff::LineDiff(std::string_view oldText, std::string_view newText, int context)
{
    m_oldLines = splitLines(oldText, m_oldMissingNewline);
    m_newLines = splitLines(newText, m_newMissingNewline);
    context = std::max(context, 0);
    // diff makes the horizon at least as large as the context.
    const GnuAnalysis analysis(oldText, newText, context);

    // build_script(): maximal runs of changed lines between matched pairs.
    std::vector<Change> changes;
    const int len0 = static_cast<int>(m_oldLines.size());
    const int len1 = static_cast<int>(m_newLines.size());
    int i0 = 0, i1 = 0;
    while (i0 < len0 || i1 < len1) {
        const bool c0 = i0 < len0 && analysis.changed(0, i0);
        const bool c1 = i1 < len1 && analysis.changed(1, i1);
        if (c0 || c1) {
            const int line0 = i0, line1 = i1;
            while (i0 < len0 && analysis.changed(0, i0))
                ++i0;
            while (i1 < len1 && analysis.changed(1, i1))
                ++i1;
            changes.push_back({line0, line1, i0 - line0, i1 - line1});
        }
        ++i0, ++i1;
    }
    buildHunks(changes, context);
    buildChunks(changes);
}

HunkLine LineDiff::makeLine(LineKind kind, bool fromOld, int index) const
{
    const auto &lines = fromOld ? m_oldLines : m_newLines;
    const bool missing = fromOld ? m_oldMissingNewline : m_newMissingNewline;
    return {kind, lines[static_cast<std::size_t>(index)],
            missing && index + 1 == static_cast<int>(lines.size())};
}

// context.c find_hunk() + pr_unidiff_hunk(): changes less than 2*context+1
// lines apart share a hunk, which gets `context` lines on each side.
void LineDiff::buildHunks(const std::vector<Change> &changes, int context)
{
    const long threshold = 2L * context + 1;
    const int total0 = static_cast<int>(m_oldLines.size());
    const int total1 = static_cast<int>(m_newLines.size());
    for (std::size_t s = 0; s < changes.size();) {
        std::size_t e = s;
        while (e + 1 < changes.size()
               && changes[e + 1].line0 - (changes[e].line0 + changes[e].deleted) < threshold)
            ++e;

        const int first0 = std::max(changes[s].line0 - context, 0);
        const int first1 = std::max(changes[s].line1 - context, 0);
        const int last0 = std::min(changes[e].line0 + changes[e].deleted - 1 + context, total0 - 1);
        const int last1 = std::min(changes[e].line1 + changes[e].inserted - 1 + context, total1 - 1);

        Hunk hunk;
        // print_unidiff_number_range(): an empty range names the line before it.
        hunk.oldLength = last0 - first0 + 1;
        hunk.oldStart = hunk.oldLength == 0 ? last0 + 1 : first0 + 1;
        hunk.newLength = last1 - first1 + 1;
        hunk.newStart = hunk.newLength == 0 ? last1 + 1 : first1 + 1;

        int i = first0, j = first1;
        std::size_t next = s;
        while (i <= last0 || j <= last1) {
            if (next > e || i < changes[next].line0) {
                hunk.lines.push_back(makeLine(LineKind::Context, true, i++));
                ++j;
                continue;
            }
            for (int k = 0; k < changes[next].deleted; ++k)
                hunk.lines.push_back(makeLine(LineKind::Removed, true, i++));
            for (int k = 0; k < changes[next].inserted; ++k)
                hunk.lines.push_back(makeLine(LineKind::Added, false, j++));
            ++next;
        }
        m_hunks.push_back(std::move(hunk));
        s = e + 1;
    }
}

void LineDiff::buildChunks(const std::vector<Change> &changes)
{
    int i0 = 0, i1 = 0;
    for (const Change &c : changes) {
        if (c.line0 > i0)
            m_chunks.push_back({Chunk::Kind::Equal, i0, c.line0 - i0, i1, c.line1 - i1});
        m_chunks.push_back({Chunk::Kind::Change, c.line0, c.deleted, c.line1, c.inserted});
        i0 = c.line0 + c.deleted;
        i1 = c.line1 + c.inserted;
    }
    const int rest = static_cast<int>(m_oldLines.size()) - i0;
    if (rest > 0)
        m_chunks.push_back({Chunk::Kind::Equal, i0, rest, i1, rest});
}

std::string LineDiff::unifiedBody() const
{
    std::string out;
    for (const Hunk &hunk : m_hunks) {
        out += hunk.header();
        out += '\n';
        for (const HunkLine &line : hunk.lines) {
            out += line.kind == LineKind::Context ? ' ' : line.kind == LineKind::Removed ? '-' : '+';
            out += line.text;
            out += '\n';
            if (line.missingNewline)
                out += "\\ No newline at end of file\n";
        }
    }
    return out;
}

} // namespace ds::diff
