// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>
#include <string_view>
#include <vector>

// A line diff that reproduces GNU `diff -u` (diffutils 3.8) exactly.
//
// kube-compare shows the output of `diff -u -N MERGED LIVE`, and GNU diff picks
// one of many equally short edit scripts with its own machinery, so this is a
// port of it rather than a textbook Myers diff: io.c's identical prefix/suffix
// trimming (keeping a horizon of `context` lines), analyze.c's
// discard_confusing_lines, gnulib diffseq.h's middle-snake divide and conquer
// with the TOO_EXPENSIVE cut-off (default options: no --minimal, no
// --speed-large-files), shift_boundaries, and context.c's unified hunks.
// Lines compare byte for byte; an incomplete last line only equals the other
// file's incomplete last line. Texts are treated as text even if they hold NUL
// bytes (diff would print "Binary files ... differ" instead).
namespace ds::diff {

enum class LineKind { Context, Removed, Added };

struct HunkLine {
    LineKind kind = LineKind::Context;
    std::string text; // without its newline
    // The last line of its file, and that file does not end in '\n'
    // (diff follows it with "\ No newline at end of file").
    bool missingNewline = false;
};

struct Hunk {
    // The numbers of "@@ -oldStart,oldLength +newStart,newLength @@", 1-based.
    // For an empty range GNU prints the line before it (0 at the top of a file).
    int oldStart = 0;
    int oldLength = 0;
    int newStart = 0;
    int newLength = 0;
    std::vector<HunkLine> lines;

    // "@@ -l,s +l,s @@" without newline; a length of 1 is omitted as GNU does.
    std::string header() const;
};

// One stretch of the full alignment of both files (0-based line indices).
// The chunks cover every line of both files in order; an Equal chunk pairs
// oldStart+k with newStart+k, a Change chunk replaces oldCount lines (possibly
// none) by newCount lines (possibly none).
struct Chunk {
    enum class Kind { Equal, Change };
    Kind kind = Kind::Equal;
    int oldStart = 0;
    int oldCount = 0;
    int newStart = 0;
    int newCount = 0;
};

class LineDiff
{
public:
    // `context` is diff's -U value; kube-compare uses the default 3.
    LineDiff(std::string_view oldText, std::string_view newText, int context = 3);

    bool hasChanges() const { return !m_hunks.empty(); }
    const std::vector<Hunk> &hunks() const { return m_hunks; }
    const std::vector<Chunk> &chunks() const { return m_chunks; }

    // The lines of each text without their newlines.
    const std::vector<std::string> &oldLines() const { return m_oldLines; }
    const std::vector<std::string> &newLines() const { return m_newLines; }
    bool oldMissingNewline() const { return m_oldMissingNewline; }
    bool newMissingNewline() const { return m_newMissingNewline; }

    // Exactly what `diff -u` prints after its "---"/"+++" lines; empty when
    // the texts are equal.
    std::string unifiedBody() const;

private:
    // One GNU `struct change`: lines [line0, line0+deleted) of the old text
    // become lines [line1, line1+inserted) of the new one.
    struct Change {
        int line0, line1, deleted, inserted;
    };

    void buildHunks(const std::vector<Change> &changes, int context);
    void buildChunks(const std::vector<Change> &changes);
    HunkLine makeLine(LineKind kind, bool fromOld, int index) const;

    std::vector<std::string> m_oldLines;
    std::vector<std::string> m_newLines;
    bool m_oldMissingNewline = false;
    bool m_newMissingNewline = false;
    std::vector<Hunk> m_hunks;
    std::vector<Chunk> m_chunks;
};

} // namespace ds::diff
