// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "util/UrlReader.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ds::ref {

// Read access to the files of a reference directory, confined to it: paths are
// Go fs.FS paths (slash-separated, relative, no "..") and symlinks that resolve
// outside the directory are refused. Templates are untrusted input.
// A root that is an http(s) URL is read with `urlReader`, as kube-compare reads
// a reference given by URL: each file is a GET of <root>/<path>, and a pattern
// with wildcards matches nothing (a web server cannot list a directory).
class ReferenceFileSystem
{
public:
    explicit ReferenceFileSystem(std::string rootDirectory, UrlReader urlReader = {});

    const std::string &root() const { return m_root; }

    // Go fs.Glob: the files matching `pattern` (path.Match per element), sorted.
    // Error text as Go's (`syntax error in pattern`).
    std::vector<std::string> glob(const std::string &pattern, std::string &error) const;

    // fs.ReadFile; on failure error is Go's PathError text ("open x: no such file
    // or directory", "read x: is a directory") or Driftscope's refusal to leave the root.
    std::optional<std::string> readFile(const std::string &path, std::string &error) const;

    // Go's fs.ValidPath.
    static bool validPath(const std::string &path);
    // Go's path.Match; error set for a malformed pattern.
    static bool match(const std::string &pattern, const std::string &name, bool &malformed);

    bool isRemote() const { return isHttpUrl(m_root); }

    // Files whose text is given instead of read (fs paths → text): the
    // template editor's unsaved buffer, rendered as if it were saved.
    using Overlay = std::map<std::string, std::string>;
    void setOverlay(std::shared_ptr<const Overlay> overlay) { m_overlay = std::move(overlay); }

private:
    bool insideRoot(const std::string &absolutePath) const;
    const UrlContent &fetch(const std::string &path) const;
    std::string m_root;
    std::string m_canonicalRoot;
    UrlReader m_urlReader;
    mutable std::map<std::string, UrlContent> m_fetched; // a glob's check, then the read: one GET
    std::shared_ptr<const Overlay> m_overlay;
};

} // namespace ds::ref
