// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ds::input {

// Where the resources of an OpenShift must-gather (or `oc adm inspect` output)
// live: every directory with a `cluster-scoped-resources/` or `namespaces/`
// child is a data root (a must-gather holds one per gather image). Logs, HTML
// and gatherer-specific files outside those trees are not resources.
namespace mustgather {

inline constexpr std::string_view kClusterScoped = "cluster-scoped-resources";
inline constexpr std::string_view kNamespaces = "namespaces";

// Data roots under a local directory (the directory itself included), sorted.
// The search stops at each root and at `maxDepth` levels below `dir`.
std::vector<std::string> findDataRoots(const std::string &dir, int maxDepth = 5);

// Data roots among archive member paths ("a/b/namespaces/x/y.yaml" → "a/b"),
// sorted; "" stands for the archive's top level.
std::vector<std::string> dataRootsOf(const std::vector<std::string_view> &memberPaths);

// Whether a member path lies in a resource tree of one of `roots`.
bool inResourceTree(std::string_view path, const std::vector<std::string> &roots);

// Orders resource files as kube-compare's documented must-gather invocation reads
// them (`-f "must-gather*/*/cluster-scoped-resources","must-gather*/*/namespaces" -R`):
// every root's cluster-scoped tree first, then every root's namespaces tree, each
// walked in lexical order. Only the first occurrence of an object counts, so the
// order decides between duplicates.
void sortLikeKubeCompare(std::vector<std::string> &paths, const std::vector<std::string> &roots);
// The same order as positions into `paths` (archive members are ordered with it).
std::vector<std::size_t> readingOrder(const std::vector<std::string_view> &paths, const std::vector<std::string> &roots);

// filepath.Walk's order: directory by directory, names in byte order (so
// "a/b/c.yaml" comes before "a/b.yaml").
bool walkOrder(std::string_view a, std::string_view b);

// Namespace data the gather compressed (namespaces/<ns>.tar.gz): not read, but
// worth a warning rather than a silent gap.
bool isCompressedNamespace(std::string_view path);

} // namespace mustgather

} // namespace ds::input
