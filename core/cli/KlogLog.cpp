// SPDX-License-Identifier: Apache-2.0
#include "KlogLog.h"

#include <QDateTime>

#include <cstdio>
#include <ostream>
#include <unistd.h>

namespace ds::cli {

void KlogLog::message(Severity severity, int verbosity, const std::string &text)
{
    if (severity == Severity::Info && verbosity > m_verbosity)
        return;
    if (severity == Severity::Error)
        ++m_errors;
    const char level = severity == Severity::Info ? 'I' : severity == Severity::Warning ? 'W' : 'E';
    const QDateTime now = QDateTime::currentDateTime();
    char header[64];
    std::snprintf(header, sizeof header, "%c%02d%02d %02d:%02d:%02d.%06d %7d driftscope:0] ", level,
                  now.date().month(), now.date().day(), now.time().hour(), now.time().minute(),
                  now.time().second(), now.time().msec() * 1000, static_cast<int>(getpid()));
    m_err << header << text << "\n";
    m_err.flush();
}

} // namespace ds::cli
