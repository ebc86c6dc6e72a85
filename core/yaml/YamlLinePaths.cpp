// SPDX-License-Identifier: Apache-2.0
#include "YamlLinePaths.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/parser.h>

#include <sstream>

namespace ds::yaml {

namespace {

// Walks the parser's events keeping the path of each open container; every
// node records the line it starts on with its path.
class PathRecorder : public YAML::EventHandler
{
public:
    struct Start
    {
        std::size_t line;
        ObjectPath path;
    };
    std::vector<Start> starts;

    void OnDocumentStart(const YAML::Mark &) override {}
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark &mark, YAML::anchor_t) override { node(mark, {}); }
    void OnAlias(const YAML::Mark &mark, YAML::anchor_t) override { node(mark, {}); }
    void OnScalar(const YAML::Mark &mark, const std::string &, YAML::anchor_t, const std::string &value) override
    {
        node(mark, value);
    }
    void OnSequenceStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t, YAML::EmitterStyle::value) override
    {
        m_stack.push_back({valuePath(mark), false, false, {}, 0});
    }
    void OnSequenceEnd() override { close(); }
    void OnMapStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t, YAML::EmitterStyle::value) override
    {
        m_stack.push_back({valuePath(mark), true, true, {}, 0});
    }
    void OnMapEnd() override { close(); }

private:
    struct Frame
    {
        ObjectPath path;
        bool map;
        bool awaitingKey;
        std::string key;
        std::size_t index;
    };

    // A scalar, null or alias: a key of the open map, or a value.
    void node(const YAML::Mark &mark, const std::string &value)
    {
        if (!m_stack.empty() && m_stack.back().map && m_stack.back().awaitingKey) {
            Frame &map = m_stack.back();
            map.key = value;
            map.awaitingKey = false;
            ObjectPath path = map.path;
            path.push_back(PathSegment{value, {}, {}});
            record(mark, std::move(path));
            return;
        }
        valuePath(mark);
        advance();
    }

    // The path of the value starting here, recorded; the parent moves on when it ends.
    ObjectPath valuePath(const YAML::Mark &mark)
    {
        ObjectPath path;
        if (!m_stack.empty()) {
            const Frame &parent = m_stack.back();
            path = parent.path;
            path.push_back(parent.map ? PathSegment{parent.key, {}, {}} : PathSegment{{}, parent.index, {}});
        }
        record(mark, path);
        return path;
    }

    void close()
    {
        m_stack.pop_back();
        advance();
    }

    void advance()
    {
        if (m_stack.empty())
            return;
        Frame &parent = m_stack.back();
        if (parent.map)
            parent.awaitingKey = true;
        else
            ++parent.index;
    }

    void record(const YAML::Mark &mark, ObjectPath path)
    {
        if (!mark.is_null())
            starts.push_back({static_cast<std::size_t>(mark.line), std::move(path)});
    }

    std::vector<Frame> m_stack;
};

} // namespace

std::vector<ObjectPath> yamlLinePaths(const std::string &text)
{
    std::size_t lines = 0;
    for (char c : text)
        lines += c == '\n' ? 1 : 0;
    if (!text.empty() && text.back() != '\n')
        ++lines;
    PathRecorder recorder;
    try {
        std::istringstream in(text);
        YAML::Parser parser(in);
        parser.HandleNextDocument(recorder);
    } catch (const YAML::Exception &) {
        return {};
    }
    std::vector<ObjectPath> out(lines);
    std::size_t next = 0;
    ObjectPath current;
    for (std::size_t line = 0; line < lines; ++line) {
        // The last node starting on or before this line is the innermost one it belongs to.
        while (next < recorder.starts.size() && recorder.starts[next].line <= line)
            current = recorder.starts[next++].path;
        out[line] = current;
    }
    return out;
}

} // namespace ds::yaml
