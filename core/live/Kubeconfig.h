// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "KubeconfigTypes.h"

#include <optional>
#include <string>
#include <vector>

namespace ds::live {

// One row of a context picker.
struct ContextSummary
{
    std::string name;
    std::string cluster;   // the cluster entry's name
    std::string server;    // its URL ("" when the cluster entry is missing)
    std::string user;
    std::string namespaceName; // "" = the user's default ("default")
    bool current = false;
};

// The merged view of one or more kubeconfig files, as kubectl builds it:
// clusters, users and contexts are merged by name and the first file that
// defines a name wins; current-context comes from the first file that sets it.
// Driftscope only reads kubeconfig files, it never writes them.
class Kubeconfig
{
public:
    struct LoadResult;

    // $KUBECONFIG's entries (split on ':', empty and repeated entries dropped),
    // else ~/.kube/config.
    static std::vector<std::string> defaultPaths();

    // Loads `explicitPath` alone when it is not empty (it must exist, like
    // kubectl --kubeconfig), else defaultPaths(), where missing files are skipped.
    static LoadResult load(const std::string &explicitPath = {});
    // Merges these files in order; missing files are skipped.
    static LoadResult loadFiles(const std::vector<std::string> &paths);
    // Parses one file's text (`fileName` resolves relative paths and names errors).
    static LoadResult parse(const std::string &text, const std::string &fileName);

    const std::vector<KubeCluster> &clusters() const { return m_clusters; }
    const std::vector<KubeUser> &users() const { return m_users; }
    const std::vector<KubeContext> &contexts() const { return m_contexts; }
    const std::string &currentContext() const { return m_currentContext; }
    const std::vector<std::string> &files() const { return m_files; }

    const KubeCluster *cluster(const std::string &name) const;
    const KubeUser *user(const std::string &name) const;
    const KubeContext *context(const std::string &name) const;

    // Every context, in file order, with its cluster URL; `current` marks current-context.
    std::vector<ContextSummary> contextSummaries() const;

    // Adds what `other` defines and this does not (kubectl's first-wins merge).
    void mergeFrom(const Kubeconfig &other);

private:
    std::vector<KubeCluster> m_clusters;
    std::vector<KubeUser> m_users;
    std::vector<KubeContext> m_contexts;
    std::string m_currentContext;
    std::vector<std::string> m_files;
};

struct Kubeconfig::LoadResult
{
    Kubeconfig config;
    std::optional<std::string> error;
    bool ok() const { return !error.has_value(); }
};

} // namespace ds::live
