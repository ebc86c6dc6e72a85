// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace ds::ui {

struct ComparisonSnapshot;

// The Details panel's page for what the diff shows: the state; the template
// and its description, links made clickable; why the CR was paired with it
// (the manual pin and its diff config, or the fields the template fixes and
// the CR's values), the other candidate templates and their scores; the
// override reasons; what the reference's rules hid; for a template alone, how
// it was found (by reference) or why it is missing. Rich text, everything from
// the input escaped.
QString detailsHtml(const ComparisonSnapshot &snapshot, const QString &objectId, const QString &templatePath);

} // namespace ds::ui
