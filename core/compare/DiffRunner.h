// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <optional>
#include <string>

namespace ds::compare {

struct DiffRun
{
    std::string output;               // what kube-compare embeds as "Diff Output"
    int exitStatus = 0;               // 0 equal, 1 different (external tools may say otherwise)
    std::optional<std::string> error; // "diff exited with non-zero code: ..."
};

// Produces the diff of the two written YAML files the way kube-compare's
// `kubectl diff` step does: by default the output of `diff -u -N MERGED-n LIVE-n`
// computed internally (GNU-identical hunks, GNU's directory header line and
// timestamps), or, when KUBECTL_EXTERNAL_DIFF is set, by running that program on
// real temporary directories.
class DiffRunner
{
public:
    DiffRunner(std::string tmpDir, std::string externalDiff);

    DiffRun run(const std::string &fileName, const std::string &merged, const std::string &live) const;

private:
    DiffRun runInternal(const std::string &fileName, const std::string &merged, const std::string &live) const;
    DiffRun runExternal(const std::string &fileName, const std::string &merged, const std::string &live) const;
    std::string tempDirName(const char *prefix) const;

    std::string m_tmpDir;
    std::string m_externalDiff;
    // Local time's offset, taken once: converting each diff's time with the
    // C library's time zone state is not safe while CRs are compared side by side.
    int m_utcOffset = 0;
};

} // namespace ds::compare
