// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "IdList.h"
#include "value/ObjectPath.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ds::report {

// kube-compare's ValidationIssue: one per reported component.
struct ValidationIssue
{
    std::string msg; // "Missing CRs", "One of the following is required", ...
    std::vector<std::string> crs; // template paths, in metadata order
    // template path → description (only templates that have one)
    std::vector<std::pair<std::string, std::string>> crMetadata;
};

// part → component → issue; std::map gives the sorted order reports print in.
using ValidationIssues = std::map<std::string, std::map<std::string, ValidationIssue>>;

struct Summary
{
    ValidationIssues validationIssues;
    int numMissing = 0;
    IdList unmatchedCRs; // processing order
    int numDiffCRs = 0;
    int totalCRs = 0;
    std::string metadataHash;
    int patchedCRs = 0;
    std::vector<std::string> matchedByReferenceOnly; // template paths
};

// One candidate template tried for a CR.
struct CandidateResult
{
    std::size_t templateIndex = 0;
    std::string templatePath;
    int score = 0;
    bool excluded = false;          // doNotMatch
    std::string excludedReason;
    std::optional<std::string> error;
};

// How a CR was paired with the template it was compared with.
struct CorrelationReason
{
    enum class Kind {
        Fields, // the template fixes these fields and the CR has the same values (group correlation)
        Manual, // pinned in the diff config (or in the window)
    };
    Kind kind = Kind::Fields;
    // Fields: the fields of the group that matched ("apiVersion", "metadata.name", ...)
    // with the CR's values, in kube-compare's group order.
    std::vector<std::pair<std::string, std::string>> fields;
    std::string diffConfig; // Manual: the diff config's path, when it came from a file
};

// A field the reference decided not to compare for one pair — so a reviewer
// can see what a clean verdict did not look at.
struct HiddenField
{
    enum class Reason {
        Omitted,        // removed from both sides by fieldsToOmit
        Unspecified,    // the template does not specify it and ignore-unspecified-fields takes the cluster's
        InlineFunction, // an inline diff function (regex, capturegroups) judged it
    };
    Reason reason = Reason::Omitted;
    ObjectPath path;
    std::string rule;         // Omitted: "<fieldsToOmit item>: <pathToKey>"; InlineFunction: the function
    std::string clusterValue; // the cluster's value as compact JSON (Secret data masked)
    bool accepted = false;    // InlineFunction: the function accepted the cluster's value
};

// kube-compare's DiffSum plus what the GUI and the HTML report need.
struct CrResult
{
    std::string crName;             // apiVersion_kind[_ns]_name
    std::string correlatedTemplate; // template path
    std::size_t templateIndex = 0;
    std::string diffOutput;         // the (external or internal) diff's output
    std::string patched;            // -p path when an override correlated
    std::vector<std::string> overrideReasons;
    std::string description;
    // richer data
    std::string source;        // input file of the CR
    std::string referenceYaml; // the MERGED side as written for the diff
    std::string clusterYaml;   // the LIVE side
    int score = 0;
    bool manualCorrelation = false;
    std::vector<CandidateResult> candidates;
    // The CR's identity as written in it (an override names these).
    std::string apiVersion;
    std::string kind;
    std::string ns;
    std::string name;
    // With drift: the merge patch (JSON) that makes the reference accept the
    // CR as it is — what `-o generate-patches --generate-override-for` records.
    std::string acceptPatch;
    CorrelationReason correlation;
    // With CompareOptions::explain: what the rules hid, in the order they applied.
    std::vector<HiddenField> hidden;
    bool hasDiff() const { return score > 0; }
};

// A CR whose comparison failed (Driftscope keeps going; kube-compare aborts).
struct FailedCr
{
    std::string crName;
    std::string source;
    std::vector<std::string> templates; // the candidates it was compared with
    std::string error;
};

struct ComparisonReport
{
    Summary summary;
    std::vector<CrResult> diffs;             // processing order (kube-compare's Diffs)
    std::vector<FailedCr> failures;          // errors with --keep-going / in the GUI
    std::vector<std::string> skippedByDoNotMatch; // CR ids every candidate excluded
    IdList unmatchedAll;                     // every CR no template correlated with (even without -A)
    std::map<std::string, int> matchCounts;  // template path → matches (incl. by-reference)
    // Templates found only because a CR refers to them: path → "ownerReferences" or "RBAC subjects".
    std::map<std::string, std::string> foundByReferenceVia;
    std::vector<std::string> warnings;       // warnings logged while reading the cluster data (files skipped)
    // Cluster data that could not be read (a damaged archive, an unreadable
    // directory, a kind the cluster refused) while the run went on (--keep-going,
    // the window): the report is incomplete, and "missing" cannot be told apart
    // from "not read" — templateStatuses() and countsOf() say "not verified".
    std::vector<std::string> inputErrors;
    std::string patchesYaml;                 // -o generate-patches output
    std::string inputDescription;            // what was compared (paths or cluster)
    std::string clusterVersion;              // the input's OpenShift version ("" when unknown)
};

} // namespace ds::report
