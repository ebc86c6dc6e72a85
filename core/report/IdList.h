// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

namespace ds::report {

// A list of CR ids that copies by sharing: a report's unmatched CRs (49,000
// of a 50k must-gather) are the same list from one comparison to the next
// after a pin, an accepted override or a reload of one file, and copying
// each id again was most of comparing again. Read like a const vector;
// push_back copies the ids first when the list is shared.
class IdList
{
public:
    IdList() = default;
    IdList(std::initializer_list<std::string> ids) : m_ids(std::make_shared<std::vector<std::string>>(ids)) {}

    const std::vector<std::string> &ids() const { return m_ids ? *m_ids : none(); }
    operator const std::vector<std::string> &() const { return ids(); }
    auto begin() const { return ids().begin(); }
    auto end() const { return ids().end(); }
    std::size_t size() const { return ids().size(); }
    bool empty() const { return ids().empty(); }
    const std::string &operator[](std::size_t i) const { return ids()[i]; }
    bool operator==(const IdList &other) const { return ids() == other.ids(); }

    void push_back(std::string id) { own().push_back(std::move(id)); }
    void reserve(std::size_t n) { own().reserve(n); }

private:
    static const std::vector<std::string> &none()
    {
        static const std::vector<std::string> none;
        return none;
    }
    std::vector<std::string> &own()
    {
        if (!m_ids)
            m_ids = std::make_shared<std::vector<std::string>>();
        else if (m_ids.use_count() > 1)
            m_ids = std::make_shared<std::vector<std::string>>(*m_ids);
        return *m_ids;
    }

    std::shared_ptr<std::vector<std::string>> m_ids;
};

} // namespace ds::report
