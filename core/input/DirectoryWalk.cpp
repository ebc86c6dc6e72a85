// SPDX-License-Identifier: Apache-2.0
#include "DirectoryWalk.h"

#include "ChangeJournal.h"

#include "util/GoFile.h"

#include <QDir>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <dirent.h>
#include <iterator>
#include <sys/stat.h>
#include <thread>

namespace ds::input {

namespace {

// A folder with this many subfolders is shared out between walkers; with fewer
// the walk looks up to kDeepEnough levels down for such a folder.
constexpr std::size_t kEnoughToShare = 4;
constexpr int kDeepEnough = 3;

// filepath.Walk order: lexical (bytes), directories descended only with -R.
// `dir` is already clean, as filepath.Join makes it ("crs/" and "./crs" → "crs",
// "." and "x" → "x").
void walkCleanDirectory(const std::string &dir, bool recursive, std::vector<std::string> &files,
                        std::vector<std::string> &unreadable, ChangeJournal *journal, int depth = 0);

// Walks `subdirs` on up to kWalkers threads; each one's files and unreadable
// folders, in their order.
struct Walked
{
    std::vector<std::string> files;
    std::vector<std::string> unreadable;
};

std::vector<Walked> walkSideBySide(const std::vector<std::string> &subdirs, ChangeJournal *journal)
{
    constexpr std::size_t kWalkers = 8;
    std::vector<Walked> walked(subdirs.size());
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < subdirs.size();)
            walkCleanDirectory(subdirs[i], true, walked[i].files, walked[i].unreadable, journal, kDeepEnough);
    };
    std::vector<std::thread> helpers;
    for (std::size_t t = 1; t < std::min(kWalkers, subdirs.size()); ++t)
        helpers.emplace_back(work);
    work();
    for (std::thread &t : helpers)
        t.join();
    return walked;
}

void walkCleanDirectory(const std::string &dir, bool recursive, std::vector<std::string> &files,
                        std::vector<std::string> &unreadable, ChangeJournal *journal, int depth)
{
    if (journal)
        journal->watchFolder(dir);
    std::string error;
    const std::vector<DirEntry> entries = listDirectory(dir, error);
    if (!error.empty())
        unreadable.push_back(error);
    std::vector<std::string> subdirs;
    if (recursive)
        for (const DirEntry &e : entries)
            if (e.isDirectory)
                subdirs.push_back(joinedPath(dir, e.name));
    // Enough folders here to share out between walkers: each is walked whole on
    // one of them. Too few (a must-gather's one image folder): look deeper first.
    std::vector<Walked> walked;
    if (depth < kDeepEnough && subdirs.size() >= kEnoughToShare)
        walked = walkSideBySide(subdirs, journal);
    std::size_t next = 0;
    for (const DirEntry &e : entries) {
        if (e.isDirectory) {
            if (!recursive)
                continue;
            if (walked.empty()) {
                walkCleanDirectory(subdirs[next++], recursive, files, unreadable, journal, depth + 1);
                continue;
            }
            Walked &w = walked[next++];
            std::move(w.files.begin(), w.files.end(), std::back_inserter(files));
            std::move(w.unreadable.begin(), w.unreadable.end(), std::back_inserter(unreadable));
            continue;
        }
        if (e.isLinkToDirectory)
            continue;
        std::string path = joinedPath(dir, e.name);
        if (!hasResourceExtension(path))
            continue;
        if (journal && e.isLink)
            journal->distrust(); // its target changes where no watched folder sees it
        files.push_back(std::move(path));
    }
}

} // namespace

std::vector<DirEntry> listDirectory(const std::string &dir, std::string &error)
{
    std::vector<DirEntry> entries;
    DIR *d = ::opendir(dir.c_str());
    if (!d) {
        error = "open " + dir + ": " + goErrnoText(errno);
        return entries;
    }
    while (const dirent *e = ::readdir(d)) {
        const std::string_view name = e->d_name;
        if (name == "." || name == "..")
            continue;
        DirEntry entry{std::string(name), e->d_type == DT_DIR, false};
        if (e->d_type == DT_UNKNOWN || e->d_type == DT_LNK) {
            const std::string path = dir + '/' + entry.name;
            struct stat st {};
            const bool link = ::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode);
            entry.isLink = link;
            if (!link)
                entry.isDirectory = S_ISDIR(st.st_mode);
            else
                entry.isLinkToDirectory = ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
        }
        entries.push_back(std::move(entry));
    }
    ::closedir(d);
    std::sort(entries.begin(), entries.end(), [](const DirEntry &a, const DirEntry &b) { return a.name < b.name; });
    return entries;
}

std::string joinedPath(const std::string &dir, std::string_view name)
{
    return dir == "/" ? "/" + std::string(name) : dir == "." ? std::string(name) : dir + '/' + std::string(name);
}

bool hasResourceExtension(std::string_view path)
{
    return path.ends_with(".json") || path.ends_with(".yaml") || path.ends_with(".yml");
}

void walkDirectory(const QString &dir, bool recursive, std::vector<std::string> &files,
                   std::vector<std::string> &unreadable, ChangeJournal *journal)
{
    walkCleanDirectory(QDir::cleanPath(dir).toStdString(), recursive, files, unreadable, journal);
}

} // namespace ds::input
