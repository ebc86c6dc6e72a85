// SPDX-License-Identifier: Apache-2.0
// Sprig's path and URL functions (tst_templatevectors): Go's path,
// path/filepath (Linux, identical to path) and net/url (Go 1.24) semantics.
#include "FunctionGroups.h"

#include "template/FunctionError.h"
#include "template/FunctionRegistry.h"
#include "go/GoFmt.h"
#include "go/GoTypes.h"
#include "go/GoStrconv.h"

#include <optional>
#include <stdexcept>

namespace ds::tmpl {

namespace {

using Args = std::vector<Value>;

// --- path ----------------------------------------------------------------------

// path.Clean: Plan 9 lexical rules (lazybuf port).
std::string cleanPath(std::string_view path)
{
    if (path.empty())
        return ".";
    const bool rooted = path[0] == '/';
    const std::size_t n = path.size();
    std::string buf;
    std::size_t w = 0;
    const auto append = [&](char c) {
        if (w < buf.size())
            buf[w] = c;
        else
            buf.push_back(c);
        ++w;
    };
    std::size_t r = 0;
    std::size_t dotdot = 0;
    if (rooted) {
        append('/');
        r = 1;
        dotdot = 1;
    }
    while (r < n) {
        if (path[r] == '/') {
            ++r;
        } else if (path[r] == '.' && (r + 1 == n || path[r + 1] == '/')) {
            ++r;
        } else if (path[r] == '.' && path[r + 1] == '.' && (r + 2 == n || path[r + 2] == '/')) {
            r += 2;
            if (w > dotdot) {
                --w;
                while (w > dotdot && buf[w] != '/')
                    --w;
            } else if (!rooted) {
                if (w > 0)
                    append('/');
                append('.');
                append('.');
                dotdot = w;
            }
        } else {
            if ((rooted && w != 1) || (!rooted && w != 0))
                append('/');
            for (; r < n && path[r] != '/'; ++r)
                append(path[r]);
        }
    }
    if (w == 0)
        return ".";
    return buf.substr(0, w);
}

std::string basePath(std::string_view path)
{
    if (path.empty())
        return ".";
    while (!path.empty() && path.back() == '/')
        path.remove_suffix(1);
    if (const std::size_t i = path.rfind('/'); i != std::string_view::npos)
        path.remove_prefix(i + 1);
    if (path.empty())
        return "/";
    return std::string(path);
}

std::string dirPath(std::string_view path)
{
    const std::size_t i = path.rfind('/');
    return cleanPath(i == std::string_view::npos ? std::string_view() : path.substr(0, i + 1));
}

std::string extPath(std::string_view path)
{
    for (std::size_t i = path.size(); i > 0 && path[i - 1] != '/'; --i) {
        if (path[i - 1] == '.')
            return std::string(path.substr(i - 1));
    }
    return {};
}

// --- net/url -------------------------------------------------------------------

struct UrlError : std::runtime_error
{
    using std::runtime_error::runtime_error;
};

enum class Encoding { Path, PathSegment, Host, Zone, UserPassword, QueryComponent, Fragment };

bool isHex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

unsigned char unhex(char c)
{
    if (c >= '0' && c <= '9')
        return static_cast<unsigned char>(c - '0');
    if (c >= 'a' && c <= 'f')
        return static_cast<unsigned char>(c - 'a' + 10);
    if (c >= 'A' && c <= 'F')
        return static_cast<unsigned char>(c - 'A' + 10);
    return 0;
}

bool shouldEscape(unsigned char c, Encoding mode)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return false;
    if (mode == Encoding::Host || mode == Encoding::Zone) {
        switch (c) {
        case '!': case '$': case '&': case '\'': case '(': case ')': case '*': case '+': case ',': case ';':
        case '=': case ':': case '[': case ']': case '<': case '>': case '"':
            return false;
        default:
            break;
        }
    }
    switch (c) {
    case '-': case '_': case '.': case '~':
        return false;
    case '$': case '&': case '+': case ',': case '/': case ':': case ';': case '=': case '?': case '@':
        switch (mode) {
        case Encoding::Path: return c == '?';
        case Encoding::PathSegment: return c == '/' || c == ';' || c == ',' || c == '?';
        case Encoding::UserPassword: return c == '@' || c == '/' || c == '?' || c == ':';
        case Encoding::QueryComponent: return true;
        case Encoding::Fragment: return false;
        default: break;
        }
        break;
    default:
        break;
    }
    if (mode == Encoding::Fragment) {
        switch (c) {
        case '!': case '(': case ')': case '*':
            return false;
        default:
            break;
        }
    }
    return true;
}

[[noreturn]] void escapeError(std::string_view s)
{
    throw UrlError("invalid URL escape " + go::strconv::quote(s));
}

std::string unescape(std::string_view s, Encoding mode)
{
    std::size_t n = 0;
    bool hasPlus = false;
    for (std::size_t i = 0; i < s.size();) {
        switch (s[i]) {
        case '%':
            ++n;
            if (i + 2 >= s.size() || !isHex(s[i + 1]) || !isHex(s[i + 2]))
                escapeError(s.substr(i, 3));
            // Hosts may only %-encode non-ASCII bytes (and %25 in zones).
            if (mode == Encoding::Host && unhex(s[i + 1]) < 8 && s.substr(i, 3) != "%25")
                escapeError(s.substr(i, 3));
            if (mode == Encoding::Zone) {
                const auto v = static_cast<unsigned char>(unhex(s[i + 1]) << 4 | unhex(s[i + 2]));
                if (s.substr(i, 3) != "%25" && v != ' ' && shouldEscape(v, Encoding::Host))
                    escapeError(s.substr(i, 3));
            }
            i += 3;
            break;
        case '+':
            hasPlus = mode == Encoding::QueryComponent;
            ++i;
            break;
        default:
            if ((mode == Encoding::Host || mode == Encoding::Zone) && static_cast<unsigned char>(s[i]) < 0x80
                && shouldEscape(static_cast<unsigned char>(s[i]), mode))
                throw UrlError("invalid character " + go::strconv::quote(s.substr(i, 1)) + " in host name");
            ++i;
            break;
        }
    }
    if (n == 0 && !hasPlus)
        return std::string(s);
    std::string t;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%') {
            t += static_cast<char>(unhex(s[i + 1]) << 4 | unhex(s[i + 2]));
            i += 2;
        } else if (s[i] == '+') {
            t += mode == Encoding::QueryComponent ? ' ' : '+';
        } else {
            t += s[i];
        }
    }
    return t;
}

std::string escape(std::string_view s, Encoding mode)
{
    static constexpr char kUpperHex[] = "0123456789ABCDEF";
    std::string t;
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == ' ' && mode == Encoding::QueryComponent) {
            t += '+';
        } else if (shouldEscape(c, mode)) {
            t += '%';
            t += kUpperHex[c >> 4];
            t += kUpperHex[c & 15];
        } else {
            t += ch;
        }
    }
    return t;
}

struct Userinfo
{
    std::string username;
    std::string password;
    bool passwordSet = false;

    std::string toString() const
    {
        std::string s = escape(username, Encoding::UserPassword);
        if (passwordSet)
            s += ":" + escape(password, Encoding::UserPassword);
        return s;
    }
};

bool validOptionalPort(std::string_view port)
{
    if (port.empty())
        return true;
    if (port[0] != ':')
        return false;
    for (const char b : port.substr(1)) {
        if (b < '0' || b > '9')
            return false;
    }
    return true;
}

bool validUserinfo(std::string_view s)
{
    for (const char c : s) {
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            continue;
        switch (c) {
        case '-': case '.': case '_': case ':': case '~': case '!': case '$': case '&': case '\'': case '(':
        case ')': case '*': case '+': case ',': case ';': case '=': case '%': case '@':
            continue;
        default:
            // Non-ASCII bytes decode to runes that are all rejected too.
            return false;
        }
    }
    return true;
}

// validEncoded: s needs no escaping beyond what it has (for RawPath/RawFragment).
bool validEncoded(std::string_view s, Encoding mode)
{
    for (const char ch : s) {
        switch (ch) {
        case '!': case '$': case '&': case '\'': case '(': case ')': case '*': case '+': case ',': case ';':
        case '=': case ':': case '@': case '[': case ']': case '%':
            break;
        default:
            if (shouldEscape(static_cast<unsigned char>(ch), mode))
                return false;
        }
    }
    return true;
}

std::string parseHost(std::string_view host)
{
    if (host.starts_with('[')) {
        // IP literal, possibly with an RFC 6874 zone ("%25en0").
        const std::size_t i = host.rfind(']');
        if (i == std::string_view::npos)
            throw UrlError("missing ']' in host");
        const std::string_view colonPort = host.substr(i + 1);
        if (!validOptionalPort(colonPort))
            throw UrlError("invalid port " + go::strconv::quote(colonPort) + " after host");
        const std::size_t zone = host.substr(0, i).find("%25");
        if (zone != std::string_view::npos) {
            return unescape(host.substr(0, zone), Encoding::Host)
                + unescape(host.substr(zone, i - zone), Encoding::Zone)
                + unescape(host.substr(i), Encoding::Host);
        }
    } else if (const std::size_t i = host.rfind(':'); i != std::string_view::npos) {
        const std::string_view colonPort = host.substr(i);
        if (!validOptionalPort(colonPort))
            throw UrlError("invalid port " + go::strconv::quote(colonPort) + " after host");
    }
    return unescape(host, Encoding::Host);
}

struct Url
{
    std::string scheme;
    std::string opaque;
    std::optional<Userinfo> user;
    std::string host;
    std::string path;
    std::string rawPath;
    bool forceQuery = false;
    std::string rawQuery;
    std::string fragment;
    std::string rawFragment;

    void parseAuthority(std::string_view authority)
    {
        const std::size_t at = authority.rfind('@');
        host = parseHost(at == std::string_view::npos ? authority : authority.substr(at + 1));
        if (at == std::string_view::npos)
            return;
        const std::string_view userinfo = authority.substr(0, at);
        if (!validUserinfo(userinfo))
            throw UrlError("net/url: invalid userinfo");
        Userinfo u;
        if (const std::size_t colon = userinfo.find(':'); colon == std::string_view::npos) {
            u.username = unescape(userinfo, Encoding::UserPassword);
        } else {
            u.username = unescape(userinfo.substr(0, colon), Encoding::UserPassword);
            u.password = unescape(userinfo.substr(colon + 1), Encoding::UserPassword);
            u.passwordSet = true;
        }
        user = std::move(u);
    }

    void setPath(std::string_view p)
    {
        path = unescape(p, Encoding::Path);
        rawPath = escape(path, Encoding::Path) == p ? std::string() : std::string(p);
    }

    void setFragment(std::string_view f)
    {
        fragment = unescape(f, Encoding::Fragment);
        rawFragment = escape(fragment, Encoding::Fragment) == f ? std::string() : std::string(f);
    }

    std::string escapedPath() const
    {
        if (!rawPath.empty() && validEncoded(rawPath, Encoding::Path)) {
            try {
                if (unescape(rawPath, Encoding::Path) == path)
                    return rawPath;
            } catch (const UrlError &) {
            }
        }
        if (path == "*")
            return "*";
        return escape(path, Encoding::Path);
    }

    std::string escapedFragment() const
    {
        if (!rawFragment.empty() && validEncoded(rawFragment, Encoding::Fragment)) {
            try {
                if (unescape(rawFragment, Encoding::Fragment) == fragment)
                    return rawFragment;
            } catch (const UrlError &) {
            }
        }
        return escape(fragment, Encoding::Fragment);
    }

    // URL.Hostname: host without a valid port and without IPv6 brackets.
    std::string hostname() const
    {
        std::string_view h = host;
        const std::size_t colon = h.rfind(':');
        if (colon != std::string_view::npos && validOptionalPort(h.substr(colon)))
            h = h.substr(0, colon);
        if (h.starts_with('[') && h.ends_with(']'))
            h = h.substr(1, h.size() - 2);
        return std::string(h);
    }

    std::string toString() const;
};

std::string Url::toString() const
{
    std::string buf;
    if (!scheme.empty())
        buf += scheme + ":";
    if (!opaque.empty()) {
        buf += opaque;
    } else {
        if (!scheme.empty() || !host.empty() || user) {
            if (!host.empty() || !path.empty() || user)
                buf += "//";
            if (user)
                buf += user->toString() + "@";
            if (!host.empty())
                buf += escape(host, Encoding::Host);
        }
        const std::string p = escapedPath();
        if (!p.empty() && p[0] != '/' && !host.empty())
            buf += '/';
        if (buf.empty()) {
            // A first segment with a colon would read as a scheme (RFC 3986 §4.2).
            const std::string_view segment = std::string_view(p).substr(0, p.find('/'));
            if (segment.find(':') != std::string_view::npos)
                buf += "./";
        }
        buf += p;
    }
    if (forceQuery || !rawQuery.empty())
        buf += "?" + rawQuery;
    if (!fragment.empty())
        buf += "#" + escapedFragment();
    return buf;
}

// getScheme: [a-zA-Z][a-zA-Z0-9+-.]* before a colon.
bool splitScheme(std::string_view raw, std::string &scheme, std::string_view &rest)
{
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const char c = raw[i];
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
            continue;
        if ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.') {
            if (i == 0)
                break;
            continue;
        }
        if (c == ':') {
            if (i == 0)
                throw UrlError("missing protocol scheme");
            scheme = std::string(raw.substr(0, i));
            rest = raw.substr(i + 1);
            return true;
        }
        break;
    }
    rest = raw;
    return false;
}

// url.parse(rawURL, viaRequest=false).
Url parseUrl(std::string_view raw)
{
    for (const char c : raw) {
        if (static_cast<unsigned char>(c) < ' ' || c == 0x7F)
            throw UrlError("net/url: invalid control character in URL");
    }
    Url url;
    if (raw == "*") {
        url.path = "*";
        return url;
    }
    std::string_view rest;
    splitScheme(raw, url.scheme, rest);
    for (char &c : url.scheme)
        c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c;

    const std::size_t question = rest.find('?');
    if (!rest.empty() && rest.back() == '?' && question == rest.size() - 1) {
        url.forceQuery = true;
        rest.remove_suffix(1);
    } else if (question != std::string_view::npos) {
        url.rawQuery = std::string(rest.substr(question + 1));
        rest = rest.substr(0, question);
    }

    if (!rest.starts_with('/')) {
        if (!url.scheme.empty()) {
            // Rootless paths are opaque (RFC 3986).
            url.opaque = std::string(rest);
            return url;
        }
        if (rest.substr(0, rest.find('/')).find(':') != std::string_view::npos)
            throw UrlError("first path segment in URL cannot contain colon");
    }
    if ((!url.scheme.empty() || !rest.starts_with("///")) && rest.starts_with("//")) {
        std::string_view authority = rest.substr(2);
        rest = {};
        if (const std::size_t slash = authority.find('/'); slash != std::string_view::npos) {
            rest = authority.substr(slash);
            authority = authority.substr(0, slash);
        }
        url.parseAuthority(authority);
    }
    url.setPath(rest);
    return url;
}

// url.Parse: the fragment is split off first; errors read `parse "<url>": <reason>`.
Url parseUrlWithFragment(std::string_view raw)
{
    const std::size_t hash = raw.find('#');
    const std::string_view u = raw.substr(0, hash);
    Url url;
    try {
        url = parseUrl(u);
    } catch (const UrlError &e) {
        throw UrlError("parse " + go::strconv::quote(u) + ": " + e.what());
    }
    if (hash == std::string_view::npos || hash + 1 == raw.size())
        return url;
    try {
        url.setFragment(raw.substr(hash + 1));
    } catch (const UrlError &e) {
        throw UrlError("parse " + go::strconv::quote(raw) + ": " + e.what());
    }
    return url;
}

Value urlParse(const std::string &raw)
{
    Url url;
    try {
        url = parseUrlWithFragment(raw);
    } catch (const UrlError &e) {
        throw FunctionError(std::string("unable to parse url: ") + e.what());
    }
    ValueMap dict;
    dict.emplace("scheme", Value(url.scheme));
    dict.emplace("host", Value(url.host));
    dict.emplace("hostname", Value(url.hostname()));
    dict.emplace("path", Value(url.path));
    dict.emplace("query", Value(url.rawQuery));
    dict.emplace("opaque", Value(url.opaque));
    dict.emplace("fragment", Value(url.fragment));
    dict.emplace("userinfo", Value(url.user ? url.user->toString() : std::string()));
    return Value(std::move(dict));
}

// sprig's dictGetOrEmpty: a present key must hold a string.
std::string dictGetOrEmpty(const Value &dict, std::string_view key)
{
    const Value v = dict.get(key);
    if (v.isMissing())
        return {};
    if (v.isNull()) // reflect.TypeOf(nil).Kind()
        throw FunctionError("runtime error: invalid memory address or nil pointer dereference");
    if (!v.isString())
        throw FunctionError("unable to parse " + std::string(key) + " key, must be of type string, but "
                            + go::kindName(v) + " found");
    return v.str();
}

std::string urlJoin(const Value &dict)
{
    Url url;
    url.scheme = dictGetOrEmpty(dict, "scheme");
    url.host = dictGetOrEmpty(dict, "host");
    url.path = dictGetOrEmpty(dict, "path");
    url.rawQuery = dictGetOrEmpty(dict, "query");
    url.opaque = dictGetOrEmpty(dict, "opaque");
    url.fragment = dictGetOrEmpty(dict, "fragment");
    const std::string userinfo = dictGetOrEmpty(dict, "userinfo");
    if (!userinfo.empty()) {
        try {
            url.user = parseUrlWithFragment("proto://" + userinfo + "@host").user;
        } catch (const UrlError &e) {
            throw FunctionError(std::string("unable to parse userinfo in dict: ") + e.what());
        }
    }
    return url.toString();
}

void addPathFunction(FunctionRegistry &registry, const std::string &name, std::string (*f)(std::string_view))
{
    registry.add(name, {ParamType::String}, [f](FunctionContext &, Args &a) { return Value(f(a[0].str())); });
}

bool isAbsPath(std::string_view p)
{
    return p.starts_with('/');
}

} // namespace

void registerPathFunctions(FunctionRegistry &registry)
{
    // path/filepath on Linux behaves exactly like path.
    for (const std::string prefix : {"", "os"}) {
        const auto name = [&prefix](const std::string &base) {
            return prefix.empty() ? base : prefix + static_cast<char>(base[0] - 32) + base.substr(1);
        };
        addPathFunction(registry, name("base"), basePath);
        addPathFunction(registry, name("clean"), cleanPath);
        addPathFunction(registry, name("dir"), dirPath);
        addPathFunction(registry, name("ext"), extPath);
        registry.add(name("isAbs"), {ParamType::String},
                     [](FunctionContext &, Args &a) { return Value(isAbsPath(a[0].str())); });
    }
    registry.add("urlParse", {ParamType::String}, [](FunctionContext &, Args &a) { return urlParse(a[0].str()); });
    registry.add("urlJoin", {ParamType::Map}, [](FunctionContext &, Args &a) { return Value(urlJoin(a[0])); });
}

} // namespace ds::tmpl
