// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

#include <string>

class QThreadPool;

namespace ds::ui {

// The thread exports (HTML report, fixes) run on: one at a time, with the
// stack deep objects and template rendering need, never the GUI thread.
QThreadPool *exportPool();

// Writes `text` to `path` atomically (QSaveFile: a failed write leaves an
// existing file untouched). Returns "" or what went wrong, naming the file.
QString writeFileAtomically(const QString &path, const std::string &text);

} // namespace ds::ui
