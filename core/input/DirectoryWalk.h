// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

#include <string>
#include <string_view>
#include <vector>

namespace ds::input {

// One directory's entries in byte order, as filepath.Walk lists them: name and
// whether it is a real directory (symlinks are never descended) or a symlink
// to one. readdir's d_type spares a stat per file. `error` gets Go's text when
// the directory cannot be read ("open <dir>: permission denied").
struct DirEntry
{
    std::string name;
    bool isDirectory = false;
    bool isLinkToDirectory = false;
    bool isLink = false; // a symlink (to a file, or to nothing)
};
std::vector<DirEntry> listDirectory(const std::string &dir, std::string &error);

// The files kubectl's builder reads from a directory.
bool hasResourceExtension(std::string_view path);
// `name` in `dir` as filepath.Join spells it ("." + "a" is "a").
std::string joinedPath(const std::string &dir, std::string_view name);

class ChangeJournal;

// The resource files under `dir` in filepath.Walk's order: lexical (bytes),
// subdirectories descended only when `recursive`, symlinks to directories
// never. Directories that cannot be read go to `unreadable` with Go's text
// ("open <dir>: permission denied"), in the order the walk met them.
//
// Subdirectories are walked side by side: with a cold cache every directory
// read waits for the disk, and one walker at a time leaves the disk idle
// between requests (a 50k-object must-gather has 23,000 folders: 2.5 s walked
// one at a time, under 1 s eight at a time). The order is the sequential one.
//
// With a `journal`, each folder is watched before it is listed, and a listed
// file that is a symlink makes the journal unusable.
void walkDirectory(const QString &dir, bool recursive, std::vector<std::string> &files,
                   std::vector<std::string> &unreadable, ChangeJournal *journal = nullptr);

} // namespace ds::input
