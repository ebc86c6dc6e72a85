// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace ds::input {

// What changed in the folders a load walked, as the kernel tells it (inotify),
// so that reading the same inputs again needs neither a walk nor a stat per
// file: a 50k-object must-gather has 23,000 folders and 42,000 files, and
// walking and stat'ing them costs more than everything else a reload does.
//
// Trusted only where the kernel reports every change that matters; wherever
// it may not, the journal is unusable and the reader walks and stats as
// before. Not trusted: a file system where others may write unseen (NFS, SMB,
// FUSE: only the kinds in ChangeJournal.cpp are local; nothing may be mounted
// inside the inputs), a listed file that is a symlink (its target lives
// elsewhere) or has other hard links when read (a write through another name
// is reported to that name's folder), a folder that could not be watched
// (inotify's limits), lost events (the kernel's queue overflowed), a watched
// folder removed or moved.
//
// What inotify cannot tell, and the journal therefore misses: a write through
// a shared mapping (editors and tools use write(2)), and a write through a
// hard link made after the file was read (a new link is reported to the file,
// not to its folder).
class ChangeJournal
{
public:
    using Mark = std::uint64_t;

    // Resource files (.yaml, .yml, .json) by path, as the walk spells them.
    struct Changes
    {
        bool complete = false; // false: walk and stat as if there were no journal
        std::unordered_set<std::string> written; // written, replaced or created since
        std::unordered_set<std::string> created; // the subset that appeared (new unless the walk listed it)
        std::unordered_set<std::string> removed; // gone (a temporary file, unless the walk listed it)
    };

    // A journal for inputs under `roots` (folders), or null where the system
    // cannot tell every change: no inotify, a root on a network file system.
    static std::shared_ptr<ChangeJournal> open(const std::vector<std::string> &roots);
    ~ChangeJournal();
    ChangeJournal(const ChangeJournal &) = delete;
    ChangeJournal &operator=(const ChangeJournal &) = delete;

    // Called before `folder` is listed (so nothing changed after listing goes
    // unseen), from any thread. `entriesMatter`: any file added or removed
    // there (whatever its name) changes what a walk finds, as in the folders
    // where must-gather and ConfigDir layouts are recognised.
    void watchFolder(const std::string &folder, bool entriesMatter = false);
    // The walk or the reading met something changes may escape.
    void distrust();
    bool usable();

    // The events so far; a later since() reports what happened after.
    Mark mark();
    // What happened after `from`; `now` becomes the mark of the last event.
    Changes since(Mark from, Mark &now);
    // Whether a resource file or a folder was touched after `from` (cheap: no
    // sets built), for telling the user the cluster data changed. False once
    // the journal is unusable: it can no longer tell.
    bool touchedSince(Mark from);

    // Beyond this many events kept the journal gives up (a tree rewritten as
    // it is watched): walking again is cheaper than replaying them.
    static constexpr std::size_t kMaxEvents = 100'000;

private:
    explicit ChangeJournal(int fd);
    void drain();

    struct Folder
    {
        std::string path;
        bool entriesMatter = false;
    };
    struct Event
    {
        Mark mark = 0;
        int watch = -1;
        std::uint32_t mask = 0;
        std::string name;
    };

    const int m_fd;
    std::mutex m_lock;
    std::unordered_map<int, Folder> m_folders; // by watch descriptor
    std::vector<Event> m_events;
    Mark m_last = 0;
    bool m_broken = false;
};

} // namespace ds::input
