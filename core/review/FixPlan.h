// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "diff/FieldChanges.h"
#include "reference/Reference.h"
#include "report/ComparisonReport.h"

#include <string>
#include <vector>

namespace ds::review {

// The change that brings a cluster CR back to what the reference expects, for
// someone with write access to apply (Driftscope never writes to a cluster).
struct Fix
{
    enum class Type {
        MergePatch, // RFC 7386 (`kubectl patch --type merge`)
        JsonPatch,  // RFC 6902 (`kubectl patch --type json`): list items, which a merge patch replaces whole
        Create,     // a required CR the cluster lacks: its rendered manifest (`kubectl apply`)
        None,       // nothing Driftscope can write: see note
    };
    std::string crId;         // empty for Create
    std::string templatePath;
    std::string apiVersion;
    std::string kind;
    std::string ns;
    std::string name;
    Type type = Type::None;
    std::vector<diff::FieldChange> changes; // what the patch sets (MergePatch, JsonPatch)
    std::string patch;    // JSON text of `changes` (MergePatch, JsonPatch)
    std::string manifest; // YAML (Create)
    std::string note;     // what the fix leaves to a person, or why there is none
};

// The fixes for the drifted CRs named in `crIds` (every drifted CR when empty)
// and, with `missingTemplates`, manifests for the required templates no CR
// matched. A fix changes only the fields the comparison showed as different:
// fields the reference leaves open, omits (fieldsToOmit) or lets an inline
// diff function accept never appear in it. Secret data is never written out.
std::vector<Fix> planFixes(const report::ComparisonReport &report, const ref::Reference &reference,
                           const std::vector<std::string> &crIds = {}, bool missingTemplates = true);

// Makes `fix` the patch of `changes` (a JSON patch when one reaches into a
// list, which a merge patch would replace whole); Type::None when empty.
void setPatch(Fix &fix, std::vector<diff::FieldChange> changes);

// The fix's kubectl command ("kubectl patch deployment.v1.apps web -n ns --type merge -p '…'"),
// empty for Type::None. Create commands read the manifest from a here-document.
std::string kubectlCommand(const Fix &fix);

// `-o fixes`: one YAML document per fix (what it changes, the patch, the command, the note).
std::string fixesYaml(const std::vector<Fix> &fixes);
// `-o fixes-script`: a bash script of the commands, each after a comment naming the CR.
std::string fixesScript(const std::vector<Fix> &fixes);

} // namespace ds::review
