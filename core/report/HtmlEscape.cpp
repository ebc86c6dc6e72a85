// SPDX-License-Identifier: Apache-2.0
#include "HtmlEscape.h"

#include "text/Utf8.h"

#include <cstdio>

namespace ds::report {

namespace {

// The reference for an ASCII character that HTML gives a meaning, or null.
const char *asciiReference(unsigned char c)
{
    switch (c) {
    case '&': return "&amp;";
    case '<': return "&lt;";
    case '>': return "&gt;";
    case '"': return "&quot;";
    case '\'': return "&#39;";
    default: return nullptr;
    }
}

bool isBidiControl(char32_t c)
{
    return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x200E || c == 0x200F
        || c == 0x061C;
}

void appendVisibleEscape(std::string &out, char32_t c, HtmlContext context)
{
    char code[16];
    std::snprintf(code, sizeof code, "\\u%04X", static_cast<unsigned>(c));
    if (context == HtmlContext::Attribute) {
        out += code;
        return;
    }
    out += "<span class=cc>";
    out += code;
    out += "</span>";
}

// Appends the character decoded at s[i] (width bytes); invalid bytes arrive as U+FFFD.
void appendRune(std::string &out, std::string_view s, std::size_t i, int width, char32_t c, HtmlContext context)
{
    if (isHiddenCharacter(c))
        appendVisibleEscape(out, c, context);
    else if (c == 0x2028 || c == 0x2029)
        out += c == 0x2028 ? "&#x2028;" : "&#x2029;";
    else if (c == utf8::kRuneError)
        out += "\xEF\xBF\xBD"; // also for invalid bytes: the page itself must stay valid UTF-8
    else
        out.append(s.substr(i, static_cast<std::size_t>(width)));
}

} // namespace

bool isHiddenCharacter(char32_t c)
{
    if (c == '\t' || c == '\n')
        return false;
    return c < 0x20 || (c >= 0x7F && c <= 0x9F) || isBidiControl(c) || c == 0xFEFF || c == 0xFFFE || c == 0xFFFF;
}

void appendEscapedHtml(std::string &out, std::string_view s, HtmlContext context)
{
    out.reserve(out.size() + s.size());
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        if (b >= 0x20 && b < 0x7F) { // the common case: printable ASCII
            if (const char *ref = asciiReference(b))
                out += ref;
            else
                out += static_cast<char>(b);
            ++i;
            continue;
        }
        int width = 1;
        const char32_t c = utf8::decodeRune(s, i, width);
        appendRune(out, s, i, width, c, context);
        i += static_cast<std::size_t>(width);
    }
}

std::string escapeHtml(std::string_view utf8, HtmlContext context)
{
    std::string out;
    appendEscapedHtml(out, utf8, context);
    return out;
}

} // namespace ds::report
