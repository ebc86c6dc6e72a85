// SPDX-License-Identifier: Apache-2.0
#include "YamlV2QuotedScalar.h"

#include "YamlScalarValue.h"
#include "text/Utf8.h"

namespace ds::yaml::detail {

namespace {

constexpr std::string_view kNel = "\xC2\x85";
constexpr std::string_view kLs = "\xE2\x80\xA8";
constexpr std::string_view kPs = "\xE2\x80\xA9";

// A port of yaml.v2's yaml_parser_scan_flow_scalar over a string_view.
class FlowScalarScanner
{
public:
    FlowScalarScanner(std::string_view text, std::size_t quote)
        : m_text(text), m_pos(quote + 1), m_single(text[quote] == '\'')
    {
    }

    std::optional<QuotedScalar> scan()
    {
        while (true) {
            if (m_atLineStart && atDocumentMarker())
                return std::nullopt;
            if (m_pos >= m_text.size())
                return std::nullopt;
            if (!scanNonBlanks())
                return std::nullopt;
            if (m_pos < m_text.size() && m_text[m_pos] == quoteChar())
                break;
            scanBlanks();
            join();
        }
        return QuotedScalar{std::move(m_value), m_pos + 1};
    }

private:
    char quoteChar() const { return m_single ? '\'' : '"'; }

    // Bytes of the line break at i (libyaml's is_break), 0 if none.
    std::size_t breakWidth(std::size_t i) const
    {
        const std::string_view rest = m_text.substr(i);
        if (rest.starts_with("\r\n"))
            return 2;
        if (rest.starts_with('\r') || rest.starts_with('\n'))
            return 1;
        if (rest.starts_with(kNel))
            return 2;
        return rest.starts_with(kLs) || rest.starts_with(kPs) ? 3 : 0;
    }
    bool isBlank(std::size_t i) const { return i < m_text.size() && (m_text[i] == ' ' || m_text[i] == '\t'); }
    bool isBlankOrEnd(std::size_t i) const { return i >= m_text.size() || isBlank(i) || breakWidth(i) > 0; }

    bool atDocumentMarker() const
    {
        const std::string_view rest = m_text.substr(m_pos);
        return (rest.starts_with("---") || rest.starts_with("...")) && isBlankOrEnd(m_pos + 3);
    }

    // read_line: CR LF, CR, LF and NEL become '\n'; LS and PS are kept.
    std::string readLine()
    {
        const std::size_t width = breakWidth(m_pos);
        const bool kept = width == 3;
        const std::string line = kept ? std::string(m_text.substr(m_pos, 3)) : std::string("\n");
        m_pos += width;
        m_atLineStart = true;
        return line;
    }

    // Up to the next blank, break, closing quote or end; false on a bad escape.
    bool scanNonBlanks()
    {
        m_leadingBlanks = false;
        while (!isBlankOrEnd(m_pos)) {
            m_atLineStart = false;
            const char c = m_text[m_pos];
            if (m_single && c == '\'' && m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '\'') {
                m_value += '\'';
                m_pos += 2;
            } else if (c == quoteChar()) {
                break;
            } else if (!m_single && c == '\\' && m_pos + 1 < m_text.size() && breakWidth(m_pos + 1) > 0) {
                ++m_pos;
                (void)readLine(); // an escaped line break joins without a space
                m_leadingBlanks = true;
                break;
            } else if (!m_single && c == '\\') {
                if (!scanEscape())
                    return false;
            } else {
                int width = 1;
                (void)utf8::decodeRune(m_text, m_pos, width);
                m_value.append(m_text.substr(m_pos, static_cast<std::size_t>(width)));
                m_pos += static_cast<std::size_t>(width);
            }
        }
        return true;
    }

    bool scanEscape()
    {
        if (m_pos + 1 >= m_text.size())
            return false;
        const char c = m_text[m_pos + 1];
        m_pos += 2;
        switch (c) {
        case '0': m_value += '\0'; return true;
        case 'a': m_value += '\x07'; return true;
        case 'b': m_value += '\x08'; return true;
        case 't':
        case '\t': m_value += '\t'; return true;
        case 'n': m_value += '\n'; return true;
        case 'v': m_value += '\x0B'; return true;
        case 'f': m_value += '\x0C'; return true;
        case 'r': m_value += '\r'; return true;
        case 'e': m_value += '\x1B'; return true;
        case ' ': m_value += ' '; return true;
        case '"': m_value += '"'; return true;
        case '\'': m_value += '\''; return true;
        case '\\': m_value += '\\'; return true;
        case '/': m_value += '/'; return true;
        case 'N': m_value += kNel; return true;
        case '_': m_value += "\xC2\xA0"; return true;
        case 'L': m_value += kLs; return true;
        case 'P': m_value += kPs; return true;
        case 'x': return scanCodePoint(2);
        case 'u': return scanCodePoint(4);
        case 'U': return scanCodePoint(8);
        default: return false;
        }
    }

    bool scanCodePoint(int digits)
    {
        const std::optional<char32_t> value = escapedCodePoint(m_text.substr(m_pos), digits);
        if (!value)
            return false;
        m_pos += static_cast<std::size_t>(digits);
        utf8::appendRune(m_value, *value);
        return true;
    }

    // Blanks are kept only between non-blanks on one line; the first break of a
    // run is remembered apart from the ones after it.
    void scanBlanks()
    {
        while (isBlank(m_pos) || breakWidth(m_pos) > 0) {
            if (isBlank(m_pos)) {
                if (!m_leadingBlanks)
                    m_whitespaces += m_text[m_pos];
                ++m_pos;
                m_atLineStart = false;
            } else if (!m_leadingBlanks) {
                m_whitespaces.clear();
                m_leadingBreak = readLine();
                m_leadingBlanks = true;
            } else {
                m_trailingBreaks += readLine();
            }
        }
    }

    // One newline folds to a space; more keep all but the first; an LS or PS
    // break is kept with everything after it.
    void join()
    {
        if (!m_leadingBlanks) {
            m_value += m_whitespaces;
        } else if (m_leadingBreak.starts_with('\n')) {
            m_value += m_trailingBreaks.empty() ? std::string(" ") : m_trailingBreaks;
        } else {
            m_value += m_leadingBreak;
            m_value += m_trailingBreaks;
        }
        m_whitespaces.clear();
        m_leadingBreak.clear();
        m_trailingBreaks.clear();
    }

    std::string_view m_text;
    std::size_t m_pos;
    bool m_single;
    bool m_atLineStart = false;
    bool m_leadingBlanks = false;
    std::string m_value, m_whitespaces, m_leadingBreak, m_trailingBreaks;
};

} // namespace

bool mayReadOtherwiseInYamlV2(std::string_view value)
{
    for (std::size_t i = value.find_first_of("\xC2\xE2"); i != std::string_view::npos;
         i = value.find_first_of("\xC2\xE2", i + 1)) {
        const std::string_view rest = value.substr(i);
        if (rest.starts_with(kNel) || rest.starts_with(kLs) || rest.starts_with(kPs))
            return true;
    }
    return false;
}

std::optional<QuotedScalar> scanQuotedAsYamlV2(std::string_view text, std::size_t quote)
{
    if (quote >= text.size() || (text[quote] != '\'' && text[quote] != '"'))
        return std::nullopt;
    return FlowScalarScanner(text, quote).scan();
}

} // namespace ds::yaml::detail
