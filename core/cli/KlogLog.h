// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "util/Log.h"

#include <iosfwd>

namespace ds::cli {

// Writes log messages the way kube-compare's klog does on stderr:
// "Lmmdd hh:mm:ss.uuuuuu threadid file:line] message". Verbose (V(n)) messages
// are shown up to the configured verbosity.
class KlogLog : public Log
{
public:
    KlogLog(std::ostream &err, int verbosity) : m_err(err), m_verbosity(verbosity) {}
    void message(Severity severity, int verbosity, const std::string &text) override;
    // Errors written so far (e.g. a kind the cluster refused with --keep-going).
    int errorCount() const { return m_errors; }

private:
    int m_errors = 0;
    std::ostream &m_err;
    int m_verbosity;
};

} // namespace ds::cli
