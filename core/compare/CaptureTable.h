// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace ds::compare {

// kube-compare's CapturedValues: the values captured by named groups of the
// inline diff functions, shared by all perField entries of one comparison
// (both passes). Each name keeps its distinct values in first-seen order.
class CaptureTable
{
public:
    // addCapture: appends value unless this name already has it.
    void add(const std::string &name, const std::string &value);

    bool empty() const { return m_values.empty(); }
    // The values of name, first-seen order; empty when never captured.
    const std::vector<std::string> &values(std::string_view name) const;

    // groupValues: "" for an unknown name, the value when there is one, and
    // "(?<name>=<first value>)" to draw attention when there are several.
    // A single empty value also gives "" (capturegroups then keeps the group).
    std::string substitution(std::string_view name) const;

    // getWarnings: "\nWARNING: Capturegroup (?<name>…) matched multiple values:
    // « v1 | v2 »" for each name with several values. Go iterates its map in
    // random order; here the names are in byte order.
    std::string warnings() const;

private:
    std::map<std::string, std::vector<std::string>, std::less<>> m_values;
};

} // namespace ds::compare
