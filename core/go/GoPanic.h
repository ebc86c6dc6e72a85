// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <stdexcept>
#include <string>

namespace ds::go {

// A panic in a port of Go library code (shopspring/decimal on NaN, a
// capturegroups inline diff on a bad pattern): the message is Go's. Callers
// turn it into what Go's callers see, e.g. a template function's error.
class Panic : public std::runtime_error
{
public:
    explicit Panic(const std::string &message) : std::runtime_error(message) {}
};

} // namespace ds::go
