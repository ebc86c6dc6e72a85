// SPDX-License-Identifier: Apache-2.0
#include "BufferedLog.h"

namespace ds {

void BufferedLog::message(Severity severity, int verbosity, const std::string &text)
{
    m_entries.push_back({severity, verbosity, text});
}

void BufferedLog::replayInto(Log &target)
{
    for (const Entry &e : m_entries)
        target.message(e.severity, e.verbosity, e.text);
    m_entries.clear();
}

} // namespace ds
