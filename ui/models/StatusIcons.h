// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "States.h"

#include <QIcon>

namespace ds::ui {

// Painted state icons: each state has its own shape and mark as well as its
// colour, so they stay distinguishable without colour. Manual rows get a pin
// badge. Icons are cached; needs a QGuiApplication.
class StatusIcons
{
public:
    static QIcon forTemplate(TemplateState state, bool manual = false);
    static QIcon forClusterObject(ClusterObjectState state, bool manual = false);
    // Drift still to review (kUnreviewedDrift): the drift colour, open.
    static QIcon unreviewedDrift();
};

} // namespace ds::ui
