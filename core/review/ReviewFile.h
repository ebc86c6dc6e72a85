// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "report/ComparisonReport.h"

#include <optional>
#include <string>
#include <vector>

namespace ds::review {

// What a reviewer decided about one drifted CR (docs/review-file.md). Accepted
// drift is not here: it is a user override (-p) with its reason, so the CLI,
// kube-compare and CI see the same verdict.
struct ReviewMark
{
    enum class Outcome {
        Reviewed, // seen; nothing to do
        ToFix,    // the cluster must change (its fix goes into the reports)
    };
    std::string crId;
    std::string templatePath;
    Outcome outcome = Outcome::Reviewed;
    std::string note;
    std::string diffHash; // the drift the mark was made for (DiffHash.h)
    std::string markedAt; // RFC 3339, UTC
};

const char *outcomeName(ReviewMark::Outcome outcome); // "reviewed", "fix"

// The marks of one review, kept next to the diff config as YAML:
//
//   # comments are kept when the file is written again
//   kind: DriftscopeReview
//   marks:
//   - cr: apps/v1_Deployment_ns_name
//     template: required/deployment.yaml
//     outcome: reviewed          # or fix
//     diff: sha256:…             # the drift it was made for
//     note: looked at it with the app team
//     marked: "2026-11-27T10:00:00Z"
class ReviewFile
{
public:
    struct LoadResult;

    static LoadResult load(const std::string &path);
    static LoadResult parse(const std::string &text, const std::string &path = {});

    const std::vector<ReviewMark> &marks() const { return m_marks; }
    // The mark for a CR compared with a template, or null.
    const ReviewMark *find(const std::string &crId, const std::string &templatePath) const;
    // Adds or replaces the mark of (crId, templatePath); an empty optional removes it.
    void set(const std::string &crId, const std::string &templatePath, std::optional<ReviewMark> mark);

    // The file's text: the comments it was read with, then the marks.
    std::string toYaml() const;

private:
    std::vector<ReviewMark> m_marks;
    std::string m_leadingComments;
};

struct ReviewFile::LoadResult
{
    ReviewFile file;
    std::optional<std::string> error; // names the file and the mark (or the YAML line)
    bool ok() const { return !error.has_value(); }
};

// A mark whose drift is no longer the CR's drift.
bool isOutdated(const ReviewMark &mark, const report::CrResult &result);

// A mark for a compared CR, made now: its id, template and the hash of its drift.
ReviewMark markFor(const report::CrResult &result, ReviewMark::Outcome outcome, std::string note = {});

// How far a review is: of the drifted CRs, how many have a mark for their
// current drift ("12 of 40 drifted CRs reviewed"), of those how many are to
// fix, and how many marks were made for an earlier drift.
struct ReviewProgress
{
    int drifted = 0;
    int reviewed = 0; // a current mark, either outcome
    int toFix = 0;
    int outdated = 0;
};
ReviewProgress reviewProgress(const report::ComparisonReport &report, const ReviewFile &review);

} // namespace ds::review
