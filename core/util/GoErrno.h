// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>

namespace ds {

// An errno value as Go's syscall.Errno prints it ("permission denied", "no
// such file or directory"), for messages that must read like kube-compare's.
std::string goErrnoText(int error);

} // namespace ds
