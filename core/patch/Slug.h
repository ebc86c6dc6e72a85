// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>
#include <string_view>

namespace ds::patch {

// github.com/gosimple/slug v1.15.0 slug.Make(s) with its defaults (language
// "en", Lowercase, MaxLength 0, no custom substitutions), which kube-compare
// uses for the diff file names, MERGED-*/<slug> and LIVE-*/<slug> (tst_patch):
// 1. strings.TrimSpace;
// 2. rune substitution: & → "and", @ → "at", the quotes " ' U+2019 dropped,
//    U+2012..U+2015 (figure dash .. horizontal bar) → "-";
// 3. gosimple/unidecode transliteration of every other non-ASCII rune. Its
//    table is reproduced for U+0080..U+04FF (Latin-1, Latin Extended-A and -B,
//    IPA, modifiers, combining marks, Greek, Cyrillic), e.g. "ß" → "ss",
//    "Ж" → "Zh", unassigned Greek/Cyrillic code points → "[?]"; runes beyond
//    that range are dropped (the library knows more of them, e.g. "€" → "EU");
// 4. ASCII lowercase;
// 5. every byte outside [a-zA-Z0-9_-] → "-", runs of "-" collapsed, leading
//    and trailing "-" and "_" trimmed.
// Example: "apps/v1_Deployment_ns_name" → "apps-v1_deployment_ns_name".
std::string slug(std::string_view s);

} // namespace ds::patch
