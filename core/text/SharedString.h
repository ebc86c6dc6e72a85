// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>

namespace ds {

// An immutable string that copies by sharing. A cluster object's id and file
// path are copied with the object each time the objects are gathered again —
// after one file of a 50k must-gather changed, every other object is taken
// from the previous reading — and copying 100,000 strings was most of such a
// reload. Read like a const std::string (it converts to one).
class SharedString
{
public:
    SharedString() = default;
    SharedString(std::string text) : m_block(text.empty() ? nullptr : new Block{{1}, std::move(text)}) {}
    SharedString(const char *text) : SharedString(std::string(text)) {}
    explicit SharedString(std::string_view text) : SharedString(std::string(text)) {}
    SharedString(const SharedString &other) : m_block(other.m_block)
    {
        if (m_block)
            m_block->refs.fetch_add(1, std::memory_order_relaxed);
    }
    SharedString(SharedString &&other) noexcept : m_block(std::exchange(other.m_block, nullptr)) {}
    SharedString &operator=(SharedString other) noexcept
    {
        std::swap(m_block, other.m_block);
        return *this;
    }
    ~SharedString()
    {
        if (m_block && m_block->refs.fetch_sub(1, std::memory_order_acq_rel) == 1)
            delete m_block;
    }

    const std::string &str() const { return m_block ? m_block->text : none(); }
    operator const std::string &() const { return str(); }
    operator std::string_view() const { return str(); }

    std::size_t size() const { return str().size(); }
    bool empty() const { return !m_block; }
    const char *data() const { return str().data(); }
    const char *c_str() const { return str().c_str(); }
    std::size_t find(std::string_view s, std::size_t from = 0) const { return str().find(s, from); }
    std::size_t find(char c, std::size_t from = 0) const { return str().find(c, from); }
    std::size_t rfind(std::string_view s, std::size_t from = std::string::npos) const { return str().rfind(s, from); }
    std::string substr(std::size_t from, std::size_t n = std::string::npos) const { return str().substr(from, n); }
    bool starts_with(std::string_view s) const { return str().starts_with(s); }
    bool ends_with(std::string_view s) const { return str().ends_with(s); }

    // Copies of one string compare without reading it.
    friend bool operator==(const SharedString &a, const SharedString &b)
    {
        return a.m_block == b.m_block || a.str() == b.str();
    }
    friend bool operator==(const SharedString &a, std::string_view b) { return a.str() == b; }
    friend bool operator==(const SharedString &a, const std::string &b) { return a.str() == b; }
    friend bool operator==(const SharedString &a, const char *b) { return a.str() == b; }
    // (No <=>: Qt 6.4's moc cannot read <compare>, and the engine's headers reach the window's.)
    friend bool operator<(const SharedString &a, const SharedString &b) { return a.str() < b.str(); }
    friend bool operator<(const SharedString &a, const std::string &b) { return a.str() < b; }
    friend bool operator<(const std::string &a, const SharedString &b) { return a < b.str(); }

    friend std::string operator+(const SharedString &a, std::string_view b) { return a.str() + std::string(b); }
    friend std::string operator+(const SharedString &a, const std::string &b) { return a.str() + b; }
    friend std::string operator+(const SharedString &a, const char *b) { return a.str() + b; }
    friend std::string operator+(const SharedString &a, char b) { return a.str() + b; }
    friend std::string operator+(const std::string &a, const SharedString &b) { return a + b.str(); }
    friend std::string operator+(std::string &&a, const SharedString &b) { return std::move(a) + b.str(); }
    friend std::string operator+(const char *a, const SharedString &b) { return a + b.str(); }
    friend std::string operator+(char a, const SharedString &b) { return a + b.str(); }

private:
    static const std::string &none()
    {
        static const std::string empty;
        return empty;
    }

    // One allocation per string, counted in place (a std::shared_ptr's control
    // block would make it larger, and every cluster object holds two).
    struct Block
    {
        std::atomic<std::uint32_t> refs;
        const std::string text;
    };
    Block *m_block = nullptr;
};

} // namespace ds

template <>
struct std::hash<ds::SharedString>
{
    std::size_t operator()(const ds::SharedString &s) const noexcept { return std::hash<std::string>()(s.str()); }
};
