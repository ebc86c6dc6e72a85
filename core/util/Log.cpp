// SPDX-License-Identifier: Apache-2.0
#include "Log.h"

namespace ds {

namespace {
class NullLog : public Log
{
public:
    void message(Severity, int, const std::string &) override {}
};
} // namespace

Log &Log::null()
{
    static NullLog log;
    return log;
}

} // namespace ds
