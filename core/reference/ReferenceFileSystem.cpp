// SPDX-License-Identifier: Apache-2.0
#include "ReferenceFileSystem.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace ds::ref {

namespace {

bool hasMeta(const std::string &s)
{
    return s.find_first_of("*?[\\") != std::string::npos;
}

QString toQ(const std::string &s) { return QString::fromStdString(s); }

// path.Match's character class at pattern[i] == '['; returns position after ']'.
bool matchClass(const std::string &p, std::size_t &i, char c, bool &malformed)
{
    ++i; // '['
    bool negated = false;
    if (i < p.size() && p[i] == '^') {
        negated = true;
        ++i;
    }
    bool matched = false;
    bool first = true;
    for (;;) {
        if (i >= p.size()) {
            malformed = true;
            return false;
        }
        if (p[i] == ']' && !first) {
            ++i;
            break;
        }
        first = false;
        auto readChar = [&](char &out) {
            if (i < p.size() && p[i] == '\\')
                ++i;
            if (i >= p.size()) {
                malformed = true;
                return false;
            }
            out = p[i++];
            return true;
        };
        char lo = 0, hi = 0;
        if (!readChar(lo))
            return false;
        hi = lo;
        if (i < p.size() && p[i] == '-') {
            ++i;
            if (!readChar(hi))
                return false;
        }
        if (lo <= c && c <= hi)
            matched = true;
    }
    return matched != negated;
}

bool matchFrom(const std::string &p, std::size_t pi, const std::string &n, std::size_t ni, bool &malformed)
{
    while (pi < p.size()) {
        const char pc = p[pi];
        if (pc == '*') {
            while (pi < p.size() && p[pi] == '*')
                ++pi;
            for (std::size_t k = ni; k <= n.size(); ++k) {
                if (matchFrom(p, pi, n, k, malformed))
                    return true;
                if (malformed || (k < n.size() && n[k] == '/'))
                    return false;
            }
            return false;
        }
        if (ni >= n.size())
            return false;
        if (pc == '?') {
            if (n[ni] == '/')
                return false;
            ++pi;
            ++ni;
        } else if (pc == '[') {
            if (n[ni] == '/' || !matchClass(p, pi, n[ni], malformed))
                return false;
            ++ni;
        } else {
            if (pc == '\\') {
                if (++pi >= p.size()) {
                    malformed = true;
                    return false;
                }
            }
            if (p[pi] != n[ni])
                return false;
            ++pi;
            ++ni;
        }
    }
    return ni == n.size();
}

std::string joinPath(const std::string &dir, const std::string &name)
{
    return dir.empty() || dir == "." ? name : dir + "/" + name;
}

} // namespace

ReferenceFileSystem::ReferenceFileSystem(std::string rootDirectory, UrlReader urlReader)
    : m_root(std::move(rootDirectory)), m_urlReader(std::move(urlReader))
{
    if (!isRemote())
        m_canonicalRoot = QFileInfo(toQ(m_root)).canonicalFilePath().toStdString();
}

const UrlContent &ReferenceFileSystem::fetch(const std::string &path) const
{
    auto it = m_fetched.find(path);
    if (it == m_fetched.end()) {
        UrlContent content;
        if (m_urlReader)
            content = m_urlReader(m_root + "/" + path);
        else
            content.error = "reading " + m_root + "/" + path + ": URLs cannot be read here";
        it = m_fetched.emplace(path, std::move(content)).first;
    }
    return it->second;
}

bool ReferenceFileSystem::validPath(const std::string &path)
{
    if (path == ".")
        return true;
    if (path.empty() || path.front() == '/' || path.back() == '/')
        return false;
    std::size_t start = 0;
    for (;;) {
        const std::size_t slash = path.find('/', start);
        const std::string elem = path.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
        if (elem.empty() || elem == "." || elem == "..")
            return false;
        if (slash == std::string::npos)
            return true;
        start = slash + 1;
    }
}

bool ReferenceFileSystem::match(const std::string &pattern, const std::string &name, bool &malformed)
{
    malformed = false;
    return matchFrom(pattern, 0, name, 0, malformed);
}

bool ReferenceFileSystem::insideRoot(const std::string &absolutePath) const
{
    const std::string canonical = QFileInfo(toQ(absolutePath)).canonicalFilePath().toStdString();
    if (canonical.empty())
        return true; // does not exist: nothing to escape to
    return canonical == m_canonicalRoot || canonical.rfind(m_canonicalRoot + "/", 0) == 0;
}

std::vector<std::string> ReferenceFileSystem::glob(const std::string &pattern, std::string &error) const
{
    bool malformed = false;
    match(pattern, "", malformed);
    if (malformed) {
        error = "syntax error in pattern";
        return {};
    }
    if (!hasMeta(pattern)) {
        if (!validPath(pattern))
            return {};
        if (isRemote())
            return fetch(pattern).bytes ? std::vector<std::string>{pattern} : std::vector<std::string>{};
        if (!QFileInfo::exists(toQ(joinPath(m_root, pattern))))
            return {};
        return {pattern};
    }
    if (isRemote())
        return {}; // Go's fs.Glob cannot list an HTTP directory: no match
    const std::size_t slash = pattern.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : pattern.substr(0, slash);
    const std::string file = slash == std::string::npos ? pattern : pattern.substr(slash + 1);
    std::vector<std::string> dirs;
    if (hasMeta(dir)) {
        if (dir == pattern) {
            error = "syntax error in pattern";
            return {};
        }
        dirs = glob(dir, error);
    } else {
        dirs = {dir};
    }
    std::vector<std::string> matches;
    for (const auto &d : dirs) {
        if (!validPath(d))
            continue;
        QDir qdir(toQ(joinPath(m_root, d == "." ? std::string() : d)));
        QStringList entries = qdir.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                                             QDir::Name);
        std::vector<std::string> names;
        for (const auto &e : entries)
            names.push_back(e.toStdString());
        std::sort(names.begin(), names.end());
        for (const auto &n : names) {
            if (match(file, n, malformed))
                matches.push_back(joinPath(d, n));
            if (malformed) {
                error = "syntax error in pattern";
                return matches;
            }
        }
    }
    return matches;
}

std::optional<std::string> ReferenceFileSystem::readFile(const std::string &path, std::string &error) const
{
    if (!validPath(path)) {
        error = "open " + path + ": invalid argument";
        return std::nullopt;
    }
    if (m_overlay)
        if (const auto it = m_overlay->find(path); it != m_overlay->end())
            return it->second;
    if (isRemote()) {
        const UrlContent &content = fetch(path);
        error = content.error;
        return content.bytes;
    }
    const std::string absolute = joinPath(m_root, path);
    if (!insideRoot(absolute)) {
        error = "open " + path + ": refusing to follow a link outside the reference directory";
        return std::nullopt;
    }
    const QFileInfo info(toQ(absolute));
    if (!info.exists()) {
        error = "open " + path + ": no such file or directory";
        return std::nullopt;
    }
    if (info.isDir()) {
        error = "read " + path + ": is a directory";
        return std::nullopt;
    }
    QFile f(toQ(absolute));
    if (!f.open(QIODevice::ReadOnly)) {
        error = "open " + path + ": permission denied";
        return std::nullopt;
    }
    return f.readAll().toStdString();
}

} // namespace ds::ref
