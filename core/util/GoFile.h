// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <optional>
#include <string>

struct stat;

namespace ds {

// An errno value as Go's syscall.Errno prints it ("permission denied", "no
// such file or directory"), for messages that must read like kube-compare's.
std::string goErrnoText(int error);

// os.ReadFile: the whole file, read straight into the string (no QByteArray
// copy); nullopt with Go's error text ("open <path>: permission denied",
// "read <path>: is a directory") when it cannot be read. `status`, when given,
// gets the open file's fstat(2), taken before reading: a later change of the
// file changes its stamp (input/FileStamp).
std::optional<std::string> readFileLikeGo(const std::string &path, std::string &error,
                                          struct stat *status = nullptr);

} // namespace ds
