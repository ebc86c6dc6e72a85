// SPDX-License-Identifier: Apache-2.0
#include "BufferedLog.h"

namespace ds {

void BufferedLog::message(Severity severity, int verbosity, const std::string &text)
{
    m_entries.push_back({severity, verbosity, text});
}

void BufferedLog::replayInto(Log &target)
{
    copyInto(target);
    m_entries.clear();
}

void BufferedLog::copyInto(Log &target) const
{
    for (const Entry &e : m_entries)
        target.message(e.severity, e.verbosity, e.text);
}

} // namespace ds
