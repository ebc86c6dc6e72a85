// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>
#include <string_view>

namespace ds::report {

// How escapeHtml shows characters that must not reach the page as they are.
enum class HtmlContext {
    // Element content: invisible or dangerous characters become a visible,
    // styled "\u0007" (<span class=cc>) so a reader sees they are there.
    Text,
    // Attribute values and <title>: no markup is possible, so the same
    // "\u0007" appears as plain text.
    Attribute,
};

// Escapes untrusted UTF-8 (CR and template content, paths, messages) for an
// HTML page. Nothing from the input can open or close an element, an
// attribute or a script:
//   & < > " ' become character references (in every context, so a value is
//   safe wherever it is placed); invalid UTF-8 becomes U+FFFD; C0 controls
//   except tab and newline, DEL and C1 controls, bidirectional overrides and
//   isolates (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C, which can
//   reorder how the text reads), U+FEFF and the noncharacters U+FFFE/U+FFFF
//   are shown as \uXXXX; U+2028/U+2029 become character references (they end
//   a line inside JavaScript strings).
std::string escapeHtml(std::string_view utf8, HtmlContext context = HtmlContext::Text);
void appendEscapedHtml(std::string &out, std::string_view utf8, HtmlContext context = HtmlContext::Text);

// Whether escapeHtml shows the character as \uXXXX.
bool isHiddenCharacter(char32_t c);

} // namespace ds::report
