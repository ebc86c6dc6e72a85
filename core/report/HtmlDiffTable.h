// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "YamlLineClassifier.h"
#include "diff/SideBySideDiff.h"

#include <string>

namespace ds::report {

// One side-by-side diff as an HTML <table class=d>: line numbers, row kinds
// (tr.r removed, tr.a added, tr.c changed, fillers td.x), intra-line changes
// as <mark>, YAML syntax classes as <span>, and every run of unchanged rows
// longer than the context in its own <tbody class=f> behind a
// <tbody class=fb> bar. The page's stylesheet folds those runs only when
// its script runs, so without JavaScript (and on paper) every line shows.
class HtmlDiffTable
{
public:
    // contextLines: unchanged rows kept next to each change; < 0 folds nothing.
    explicit HtmlDiffTable(int contextLines = 3);

    // Appends the table for diff to out. leftTitle/rightTitle are escaped.
    void append(std::string &out, const diff::SideBySideDiff &diff, std::string_view leftTitle,
                std::string_view rightTitle);

private:
    void appendRow(std::string &out, const diff::SideBySideRow &row);
    void appendSide(std::string &out, int line, const QString &text, const QList<diff::TextRange> &highlights,
                    YamlLineClassifier &classifier);

    int m_contextLines;
    YamlLineClassifier m_left;
    YamlLineClassifier m_right;
};

} // namespace ds::report
