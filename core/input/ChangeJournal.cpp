// SPDX-License-Identifier: Apache-2.0
#include "ChangeJournal.h"

#include "DirectoryWalk.h"

#include <QFile>

#include <algorithm>
#include <array>
#include <climits>
#include <cstdlib>
#include <string_view>
#include <unistd.h>

#ifdef __linux__
#include <sys/inotify.h>
#endif

namespace ds::input {

namespace {

#ifdef __linux__
constexpr std::uint32_t kWatched = IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM
    | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR;
// The folder itself went, its file system went, or events were lost.
constexpr std::uint32_t kLost = IN_Q_OVERFLOW | IN_IGNORED | IN_UNMOUNT | IN_DELETE_SELF | IN_MOVE_SELF;
constexpr std::uint32_t kEntryGone = IN_DELETE | IN_MOVED_FROM;
constexpr std::uint32_t kEntryCame = IN_CREATE | IN_MOVED_TO;
#endif

// File systems whose every change passes through this kernel (so inotify sees
// it). Network and FUSE file systems change under other writers unseen.
bool isLocalFileSystem(std::string_view type)
{
    static constexpr std::array<std::string_view, 13> kLocal = {"ext2", "ext3",  "ext4",     "xfs",     "btrfs",
                                                                 "f2fs", "tmpfs", "ramfs",    "overlay", "zfs",
                                                                 "jfs",  "bcachefs", "reiserfs"};
    return std::find(kLocal.begin(), kLocal.end(), type) != kLocal.end();
}

// /proc/self/mountinfo escapes blanks and backslashes in octal ("\040").
std::string unescapeMountPath(std::string_view text)
{
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\' && i + 3 < text.size()) {
            out += char((text[i + 1] - '0') * 64 + (text[i + 2] - '0') * 8 + (text[i + 3] - '0'));
            i += 3;
        } else {
            out += text[i];
        }
    }
    return out;
}

bool isBelow(std::string_view path, std::string_view folder)
{
    if (folder == "/")
        return path.size() > 1 && path.starts_with('/');
    return path.size() > folder.size() && path.starts_with(folder) && path[folder.size()] == '/';
}

// Each root lies on a local file system and nothing is mounted inside it.
bool onLocalFileSystems(const std::vector<std::string> &roots)
{
    QFile file(QStringLiteral("/proc/self/mountinfo"));
    if (!file.open(QIODevice::ReadOnly))
        return false;
    struct Mount
    {
        std::string point;
        std::string type;
    };
    std::vector<Mount> mounts;
    for (const QByteArray &line : file.readAll().split('\n')) {
        const std::string_view text(line.constData(), std::size_t(line.size()));
        const std::size_t separator = text.find(" - ");
        std::size_t start = 0; // the mount point is the fifth field
        for (int skipped = 0; skipped < 4 && start != std::string_view::npos; ++skipped) {
            const std::size_t space = text.find(' ', start);
            start = space == std::string_view::npos ? space : space + 1;
        }
        if (separator == std::string_view::npos || start == std::string_view::npos)
            continue;
        const std::size_t end = text.find(' ', start);
        const std::string_view rest = text.substr(separator + 3);
        mounts.push_back({unescapeMountPath(text.substr(start, end - start)), std::string(rest.substr(0, rest.find(' ')))});
    }
    for (const std::string &root : roots) {
        char resolved[PATH_MAX];
        if (!::realpath(root.c_str(), resolved))
            return false;
        const std::string path = resolved;
        const Mount *holder = nullptr;
        for (const Mount &m : mounts) {
            if (isBelow(m.point, path))
                return false; // another file system inside the input: too many cases to trust
            if ((m.point == path || isBelow(path, m.point)) && (!holder || m.point.size() >= holder->point.size()))
                holder = &m;
        }
        if (!holder || !isLocalFileSystem(holder->type))
            return false;
    }
    return true;
}

} // namespace

std::shared_ptr<ChangeJournal> ChangeJournal::open(const std::vector<std::string> &roots)
{
#ifdef __linux__
    if (roots.empty() || !onLocalFileSystems(roots))
        return nullptr;
    const int fd = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (fd < 0)
        return nullptr; // inotify's instance limit: read as if there were no journal
    return std::shared_ptr<ChangeJournal>(new ChangeJournal(fd));
#else
    (void)roots;
    return nullptr;
#endif
}

ChangeJournal::ChangeJournal(int fd) : m_fd(fd) {}

ChangeJournal::~ChangeJournal()
{
    ::close(m_fd);
}

void ChangeJournal::watchFolder(const std::string &folder, bool entriesMatter)
{
#ifdef __linux__
    const int watch = ::inotify_add_watch(m_fd, folder.c_str(), kWatched);
    const std::lock_guard guard(m_lock);
    if (watch < 0) {
        m_broken = true; // out of watches (fs.inotify.max_user_watches), or unreadable
        return;
    }
    auto [it, added] = m_folders.try_emplace(watch, Folder{folder, entriesMatter});
    if (!added && it->second.path != folder)
        m_broken = true; // one folder under two names: events could not name the files the walk listed
    it->second.entriesMatter = it->second.entriesMatter || entriesMatter;
#else
    (void)folder;
    (void)entriesMatter;
#endif
}

void ChangeJournal::distrust()
{
    const std::lock_guard guard(m_lock);
    m_broken = true;
}

bool ChangeJournal::usable()
{
    const std::lock_guard guard(m_lock);
    drain();
    return !m_broken;
}

ChangeJournal::Mark ChangeJournal::mark()
{
    const std::lock_guard guard(m_lock);
    drain();
    return m_last;
}

// Reads what the kernel queued so far (never waits: the descriptor does not block).
void ChangeJournal::drain()
{
#ifdef __linux__
    alignas(inotify_event) char buffer[64 * 1024];
    for (;;) {
        const ssize_t got = ::read(m_fd, buffer, sizeof buffer);
        if (got <= 0)
            return; // EAGAIN: nothing more queued
        for (ssize_t at = 0; at < got;) {
            const auto *event = reinterpret_cast<const inotify_event *>(buffer + at);
            at += ssize_t(sizeof(inotify_event) + event->len);
            if (m_broken)
                continue;
            if (event->mask & kLost) {
                m_broken = true;
                continue;
            }
            m_events.push_back({++m_last, event->wd, event->mask, event->len ? std::string(event->name) : std::string()});
        }
        if (m_events.size() > kMaxEvents) {
            m_broken = true;
            m_events = {};
        }
    }
#endif
}

bool ChangeJournal::touchedSince(Mark from)
{
    const std::lock_guard guard(m_lock);
    drain();
    if (m_broken)
        return false;
#ifdef __linux__
    return std::any_of(m_events.begin(), m_events.end(), [from](const Event &e) {
        return e.mark > from && ((e.mask & IN_ISDIR) || e.name.empty() || hasResourceExtension(e.name));
    });
#else
    return false;
#endif
}

ChangeJournal::Changes ChangeJournal::since(Mark from, Mark &now)
{
    const std::lock_guard guard(m_lock);
    drain();
    now = m_last;
    Changes changes;
    if (m_broken)
        return changes;
#ifdef __linux__
    for (const Event &e : m_events) {
        if (e.mark <= from)
            continue;
        const auto folder = m_folders.find(e.watch);
        // A subfolder added, removed or renamed, or the folder's own mode
        // changed: only a walk tells what is readable now.
        if (folder == m_folders.end() || e.name.empty() || (e.mask & IN_ISDIR))
            return {};
        const bool entry = e.mask & (kEntryGone | kEntryCame);
        if (!hasResourceExtension(e.name)) {
            if (entry && folder->second.entriesMatter)
                return {};
            continue; // an editor's temporary file, a log: never read
        }
        const std::string path = joinedPath(folder->second.path, e.name);
        if (e.mask & kEntryGone) {
            changes.written.erase(path);
            changes.created.erase(path);
            changes.removed.insert(path);
        } else if (e.mask & kEntryCame) {
            changes.removed.erase(path);
            changes.created.insert(path);
            changes.written.insert(path);
        } else {
            changes.written.insert(path);
        }
    }
#endif
    changes.complete = true;
    return changes;
}

} // namespace ds::input
