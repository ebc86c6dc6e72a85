// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>

namespace ds {

// Where the engine reports what kube-compare logs through klog: warnings and
// verbose (V(1)) information. The CLI prints klog-formatted lines on stderr,
// the GUI shows them in its Problems panel, tests collect them.
class Log
{
public:
    enum class Severity { Info, Warning, Error };

    virtual ~Log() = default;
    virtual void message(Severity severity, int verbosity, const std::string &text) = 0;

    void warning(const std::string &text) { message(Severity::Warning, 0, text); }
    void info(int verbosity, const std::string &text) { message(Severity::Info, verbosity, text); }

    // A Log that drops everything.
    static Log &null();
};

} // namespace ds
