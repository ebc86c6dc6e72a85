// SPDX-License-Identifier: Apache-2.0
#include "ComparisonSnapshot.h"

namespace ds::ui {

const ReportIndex &ComparisonSnapshot::lookup() const
{
    static const ReportIndex empty;
    return index ? *index : empty;
}

std::shared_ptr<const ComparisonSnapshot> ComparisonSnapshot::indexed(ComparisonSnapshot snapshot)
{
    auto out = std::make_shared<ComparisonSnapshot>(std::move(snapshot));
    out->index = std::make_shared<const ReportIndex>(*out);
    return out;
}

} // namespace ds::ui
