// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "Log.h"

#include <vector>

namespace ds {

// Keeps messages to pass them on later, so that work done out of order (on
// several threads) still logs in order.
class BufferedLog : public Log
{
public:
    void message(Severity severity, int verbosity, const std::string &text) override;
    // Passes every kept message to `target` in the order they came, and forgets them.
    void replayInto(Log &target);
    // Passes every kept message to `target`, keeping them (to pass on again later).
    void copyInto(Log &target) const;
    bool empty() const { return m_entries.empty(); }

private:
    struct Entry
    {
        Severity severity;
        int verbosity;
        std::string text;
    };
    std::vector<Entry> m_entries;
};

} // namespace ds
