// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <stdexcept>
#include <string>

namespace ds::tmpl {

// Thrown by a template function to fail the call. The message is Go's error (or
// panic) text without the "error calling NAME: " prefix the executor adds, e.g.
// "runtime error: integer divide by zero" or "Cannot find first on type string".
class FunctionError : public std::runtime_error
{
public:
    explicit FunctionError(const std::string &message) : std::runtime_error(message) {}
};

// kube-compare's doNotMatch: the template excludes itself for this CR.
class DoNotMatchError : public FunctionError
{
public:
    explicit DoNotMatchError(const std::string &reason)
        : FunctionError("Do not match: " + reason), m_reason(reason)
    {
    }
    const std::string &reason() const { return m_reason; }

private:
    std::string m_reason;
};

} // namespace ds::tmpl
