// SPDX-License-Identifier: Apache-2.0
#include "YamlV2Scanner.h"

#include <vector>

namespace ds::yaml {

namespace {

bool isBlankOrEnd(std::string_view line, std::size_t i)
{
    return i >= line.size() || line[i] == ' ' || line[i] == '\t';
}

// What one pass over the text needs to remember between lines.
class Scanner
{
public:
    std::optional<ScannerError> run(std::string_view text)
    {
        std::size_t start = 0;
        int number = 0;
        while (start <= text.size() && !m_error) {
            std::size_t end = text.find('\n', start);
            const bool last = end == std::string_view::npos;
            if (last)
                end = text.size();
            std::string_view line = text.substr(start, end - start);
            if (!line.empty() && line.back() == '\r')
                line.remove_suffix(1);
            ++number;
            if (!(last && line.empty()))
                scanLine(line, number);
            m_lastLine = number;
            if (last)
                break;
            start = end + 1;
        }
        if (!m_error && m_quote) // the text ends inside a quoted scalar
            m_error = ScannerError{m_lastLine, 1, "found unexpected end of stream"};
        return m_error;
    }

private:
    void fail(int line, std::size_t column, const char *message)
    {
        if (!m_error)
            m_error = ScannerError{line, int(column) + 1, message};
    }

    void scanLine(std::string_view line, int number)
    {
        std::size_t i = 0;
        if (m_quote) { // a quoted scalar running over lines: tabs and '#' are text
            i = closeQuote(line, 0);
            if (m_quote)
                return;
            scanTokens(line, i, number, false);
            return;
        }
        std::size_t spaces = 0;
        while (spaces < line.size() && line[spaces] == ' ')
            ++spaces;
        if (m_blockParent >= 0) { // a block scalar's content: deeper lines (and blank ones) are text
            if (spaces >= line.size() || int(spaces) > m_blockParent || line[spaces] == '\t')
                return;
            m_blockParent = -1;
        }
        if (m_flow > 0) { // flow collections allow tabs anywhere between tokens
            scanTokens(line, spaces, number, false);
            return;
        }
        if (spaces < line.size() && line[spaces] == '\t') {
            // A plain scalar's continuation eats blanks until its indentation;
            // a tab before it is go-yaml's "violates indentation". Elsewhere a
            // line cannot start (after spaces) with a tab in block context.
            if (m_plainOpen && int(spaces) < m_plainIndent)
                return fail(number, spaces, "found a tab character that violates indentation");
            if (!m_plainOpen)
                return fail(number, spaces, "found character that cannot start any token");
            return; // deeper than the scalar's indentation: more of its text
        }
        if (spaces >= line.size() || line[spaces] == '#') // blank or comment: the scalar may continue after it
            return;
        if (spaces == 0 && (line.starts_with("---") || line.starts_with("...")) && isBlankOrEnd(line, 3)) {
            m_mappings.clear();
            m_plainOpen = false;
            scanTokens(line, 3, number, false);
            return;
        }
        if (line[spaces] == '%' && spaces == 0) // a directive
            return;
        const bool continues = m_plainOpen && int(spaces) >= m_plainIndent;
        while (!m_mappings.empty() && m_mappings.back() > int(spaces))
            m_mappings.pop_back();
        if (continues) { // more words of the plain scalar before
            return;
        }
        m_plainOpen = false;
        scanTokens(line, spaces, number, true);
    }

    // From `i` on: quoted scalars, flow brackets, comments, block scalar
    // headers and keys; notes whether the line ends in a plain scalar.
    void scanTokens(std::string_view line, std::size_t i, int number, bool lineStart)
    {
        bool tokenStart = true;
        bool plainLast = false;
        bool firstIsPlain = false; // the line's first token is a plain scalar
        int keyColumn = -1;        // the line's (first) block key
        int dashColumn = -1;       // the line's last block sequence indicator
        std::size_t tokenBegin = i;
        const std::size_t first = i;
        while (i < line.size() && !m_error) {
            const char c = line[i];
            if (c == ' ' || c == '\t') {
                ++i;
                continue;
            }
            if (c == '#' && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t'))
                break; // a comment
            if (tokenStart && (c == '"' || c == '\'')) {
                tokenBegin = i;
                m_quote = c;
                i = closeQuote(line, i + 1);
                if (m_quote)
                    return; // runs on over the next lines
                tokenStart = false;
                plainLast = false;
                continue;
            }
            if (c == '[' || c == '{') {
                ++m_flow;
                ++i;
                tokenStart = true;
                plainLast = false;
                continue;
            }
            if (c == ']' || c == '}') {
                m_flow = m_flow > 0 ? m_flow - 1 : 0;
                ++i;
                tokenStart = false;
                plainLast = false;
                continue;
            }
            if (c == ',' && m_flow > 0) {
                ++i;
                tokenStart = true;
                plainLast = false;
                continue;
            }
            if (c == ':' && (isBlankOrEnd(line, i + 1) || m_flow > 0)) {
                if (m_flow == 0 && keyColumn < 0) {
                    keyColumn = int(tokenBegin);
                    m_mappings.push_back(keyColumn);
                }
                ++i;
                tokenStart = true;
                plainLast = false;
                continue;
            }
            if (tokenStart && m_flow == 0 && (c == '-' || c == '?') && isBlankOrEnd(line, i + 1)) {
                dashColumn = int(i);
                tokenBegin = ++i;
                continue;
            }
            if (tokenStart && m_flow == 0 && (c == '|' || c == '>')) {
                // Lines deeper than the node holding the scalar (its key, or
                // its item's '-') are its text.
                m_blockParent = keyColumn >= 0 ? keyColumn : dashColumn >= 0 ? dashColumn : int(first);
                m_plainOpen = false;
                return;
            }
            if (tokenStart && (c == '&' || c == '!')) { // an anchor or tag: the node follows
                while (i < line.size() && line[i] != ' ' && line[i] != '\t')
                    ++i;
                continue;
            }
            // A plain scalar (or an alias): up to ": ", " #" or, in flow, an indicator.
            if (tokenStart) {
                tokenBegin = i;
                firstIsPlain = firstIsPlain || (i == first && c != '*');
            }
            tokenStart = false;
            plainLast = c != '*';
            ++i;
            while (i < line.size()) {
                const char d = line[i];
                if (d == ':' && (isBlankOrEnd(line, i + 1) || m_flow > 0))
                    break;
                if (d == '#' && (line[i - 1] == ' ' || line[i - 1] == '\t'))
                    break;
                if (m_flow > 0 && (d == ',' || d == ']' || d == '}' || d == '[' || d == '{'))
                    break;
                ++i;
            }
        }
        if (m_error)
            return;
        // A block mapping's key must have its ':' on its own line.
        if (lineStart && m_flow == 0 && firstIsPlain && keyColumn < 0 && !m_mappings.empty()
            && m_mappings.back() == int(first))
            return fail(number, first, "could not find expected ':'");
        m_plainOpen = m_flow == 0 && plainLast;
        // go-yaml's plain scalar indentation: the innermost block collection's, plus one.
        m_plainIndent = keyColumn >= 0   ? keyColumn + 1
            : dashColumn >= 0            ? dashColumn + 1
            : !m_mappings.empty()        ? m_mappings.back() + 1
                                         : 0;
    }

    // After an open quote: the index past its closing quote, or the line's
    // end with the quote still open.
    std::size_t closeQuote(std::string_view line, std::size_t i)
    {
        while (i < line.size()) {
            const char c = line[i];
            if (m_quote == '"' && c == '\\') {
                i += 2;
                continue;
            }
            if (c == m_quote) {
                if (m_quote == '\'' && i + 1 < line.size() && line[i + 1] == '\'') { // '' is a quote
                    i += 2;
                    continue;
                }
                m_quote = 0;
                return i + 1;
            }
            ++i;
        }
        return line.size();
    }

    std::optional<ScannerError> m_error;
    char m_quote = 0;
    int m_flow = 0;
    int m_blockParent = -1;
    bool m_plainOpen = false;
    int m_plainIndent = 0;
    std::vector<int> m_mappings; // indentation of the open block mappings, outermost first
    int m_lastLine = 0;
};

} // namespace

std::optional<ScannerError> yamlV2ScannerError(std::string_view text)
{
    return Scanner().run(text);
}

} // namespace ds::yaml
