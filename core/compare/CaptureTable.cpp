// SPDX-License-Identifier: Apache-2.0
#include "CaptureTable.h"

#include <algorithm>

namespace ds::compare {

void CaptureTable::add(const std::string &name, const std::string &value)
{
    auto &list = m_values[name];
    if (std::find(list.begin(), list.end(), value) == list.end())
        list.push_back(value);
}

const std::vector<std::string> &CaptureTable::values(std::string_view name) const
{
    static const std::vector<std::string> none;
    const auto it = m_values.find(name);
    return it == m_values.end() ? none : it->second;
}

std::string CaptureTable::substitution(std::string_view name) const
{
    const auto &list = values(name);
    if (list.empty())
        return {};
    if (list.size() == 1)
        return list.front();
    return "(?<" + std::string(name) + ">=" + list.front() + ")";
}

std::string CaptureTable::warnings() const
{
    std::string out;
    for (const auto &[name, list] : m_values) {
        if (list.size() < 2)
            continue;
        out += "\nWARNING: Capturegroup (?<" + name + ">…) matched multiple values: « ";
        for (std::size_t i = 0; i < list.size(); ++i) {
            if (i > 0)
                out += " | ";
            out += list[i];
        }
        out += " »";
    }
    return out;
}

} // namespace ds::compare
