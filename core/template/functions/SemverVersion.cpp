// SPDX-License-Identifier: Apache-2.0
#include "SemverVersion.h"

#include "go/GoTypes.h"

#include "template/FunctionError.h"

#include <re2/re2.h>

#include <algorithm>
#include <limits>
#include <map>
#include <vector>

namespace ds::tmpl {

namespace {

// Masterminds' loose version regex, anchored like its versionRegex. RE2 has
// Go's regexp semantics; the pattern is ASCII, so Latin-1 matching is exact.
const RE2 &versionRegex()
{
    static const RE2 re = [] {
        RE2::Options options;
        options.set_encoding(RE2::Options::EncodingLatin1);
        return RE2(R"(^v?([0-9]+)(\.[0-9]+)?(\.[0-9]+)?)"
                   R"((-([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?)"
                   R"((\+([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?$)",
                   options);
    }();
    return re;
}

bool isDigits(std::string_view s)
{
    return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool isIdentifierChars(std::string_view s)
{
    return std::all_of(s.begin(), s.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-';
    });
}

// strconv.ParseUint(s, 10, 64): false on syntax error or overflow.
bool parseUint64(std::string_view s, std::uint64_t &out)
{
    if (s.empty() || !isDigits(s))
        return false;
    constexpr std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
    std::uint64_t value = 0;
    for (char c : s) {
        const unsigned digit = static_cast<unsigned>(c - '0');
        if (value > (max - digit) / 10)
            return false;
        value = value * 10 + digit;
    }
    out = value;
    return true;
}

// A numeric segment (digits only, as the regex guarantees) or Go's error text.
bool parseSegment(std::string_view digits, std::uint64_t &out, std::string &error)
{
    if (parseUint64(digits, out))
        return true;
    error = "Error parsing version segment: strconv.ParseUint: parsing \"" + std::string(digits)
        + "\": value out of range";
    return false;
}

std::vector<std::string_view> splitDots(std::string_view s)
{
    std::vector<std::string_view> parts;
    for (std::size_t start = 0;;) {
        const std::size_t dot = s.find('.', start);
        parts.push_back(s.substr(start, dot == std::string_view::npos ? dot : dot - start));
        if (dot == std::string_view::npos)
            return parts;
        start = dot + 1;
    }
}

// validatePrerelease of v3.3.0 (empty identifiers slip through, as in Go).
std::string prereleaseError(std::string_view prerelease)
{
    for (std::string_view part : splitDots(prerelease)) {
        if (isDigits(part)) {
            if (part.size() > 1 && part[0] == '0')
                return "Version segment starts with 0";
        } else if (!isIdentifierChars(part)) {
            return "Invalid Prerelease string";
        }
    }
    return {};
}

std::string metadataError(std::string_view metadata)
{
    for (std::string_view part : splitDots(metadata)) {
        if (!isIdentifierChars(part))
            return "Invalid Metadata string";
    }
    return {};
}

int comparePrereleasePart(std::string_view s, std::string_view o)
{
    if (s == o)
        return 0;
    if (s.empty())
        return -1;
    if (o.empty())
        return 1;
    std::uint64_t si = 0;
    std::uint64_t oi = 0;
    const bool sNumeric = parseUint64(s, si);
    const bool oNumeric = parseUint64(o, oi);
    if (!sNumeric && !oNumeric)
        return s > o ? 1 : -1; // byte-wise, like Go string comparison
    if (!oNumeric)
        return -1; // numbers sort before alphanumerics
    if (!sNumeric)
        return 1;
    return si > oi ? 1 : -1;
}

int compareSegment(std::uint64_t a, std::uint64_t b)
{
    return a < b ? -1 : (a > b ? 1 : 0);
}

// ---- Template methods ----------------------------------------------------

const SemverVersion &receiverOf(const std::vector<Value> &args)
{
    const SemverVersion *self = args.empty() ? nullptr : SemverVersion::from(args[0]);
    if (!self)
        throw FunctionError("runtime error: invalid memory address or nil pointer dereference");
    return *self;
}

// A *semver.Version parameter: nullptr for nil; Go rejects anything else
// (including a semver.Version struct value) before the call.
const SemverVersion *versionArgument(const Value &arg)
{
    if (arg.isNothing())
        return nullptr;
    const SemverVersion *version = SemverVersion::from(arg);
    if (version && version->isPointer())
        return version;
    throw FunctionError("wrong type for value; expected *semver.Version; got " + go::typeName(arg));
}

// Compare dereferences its argument: a nil version panics in Go.
int compareWithArgument(const std::vector<Value> &args)
{
    const SemverVersion *other = versionArgument(args.at(1));
    if (!other)
        throw FunctionError("runtime error: invalid memory address or nil pointer dereference");
    return receiverOf(args).compare(*other);
}

struct Method
{
    FunctionSpec spec;
    bool pointerReceiver = false;
};

using MethodTable = std::map<std::string, Method, std::less<>>;

void addMethod(MethodTable &table, std::string name, std::vector<ParamType> params, bool pointerReceiver,
               std::function<Value(const std::vector<Value> &)> body)
{
    FunctionSpec spec{name, std::move(params), false,
                      [body = std::move(body)](FunctionContext &, std::vector<Value> &args) { return body(args); }};
    table.insert_or_assign(std::move(name), Method{std::move(spec), pointerReceiver});
}

void addComparison(MethodTable &table, std::string name, bool (*accept)(int))
{
    addMethod(table, std::move(name), {ParamType::Any}, true, [accept](const std::vector<Value> &args) {
        return Value(accept(compareWithArgument(args)));
    });
}

Value setterResult(std::optional<SemverVersion> version, const std::string &error)
{
    if (!version)
        throw FunctionError(error);
    return SemverVersion::toValue(std::move(*version));
}

MethodTable buildMethods()
{
    MethodTable t;
    addMethod(t, "Major", {}, false, [](const auto &a) { return Value::fromUint64(receiverOf(a).majorVersion()); });
    addMethod(t, "Minor", {}, false, [](const auto &a) { return Value::fromUint64(receiverOf(a).minorVersion()); });
    addMethod(t, "Patch", {}, false, [](const auto &a) { return Value::fromUint64(receiverOf(a).patchVersion()); });
    addMethod(t, "Prerelease", {}, false, [](const auto &a) { return Value(receiverOf(a).prerelease()); });
    addMethod(t, "Metadata", {}, false, [](const auto &a) { return Value(receiverOf(a).metadata()); });
    addMethod(t, "String", {}, false, [](const auto &a) { return Value(receiverOf(a).toString()); });
    addMethod(t, "Original", {}, true, [](const auto &a) { return Value(receiverOf(a).original()); });
    addMethod(t, "IncMajor", {}, false, [](const auto &a) { return SemverVersion::toValue(receiverOf(a).incMajor()); });
    addMethod(t, "IncMinor", {}, false, [](const auto &a) { return SemverVersion::toValue(receiverOf(a).incMinor()); });
    addMethod(t, "IncPatch", {}, false, [](const auto &a) { return SemverVersion::toValue(receiverOf(a).incPatch()); });
    addMethod(t, "SetPrerelease", {ParamType::String}, false, [](const auto &a) {
        std::string error;
        return setterResult(receiverOf(a).withPrerelease(a.at(1).str(), error), error);
    });
    addMethod(t, "SetMetadata", {ParamType::String}, false, [](const auto &a) {
        std::string error;
        return setterResult(receiverOf(a).withMetadata(a.at(1).str(), error), error);
    });
    addMethod(t, "Compare", {ParamType::Any}, true,
              [](const auto &a) { return Value::fromInt(compareWithArgument(a)); });
    // Equal checks for nil before comparing (v3.3.0), so nil is just unequal.
    addMethod(t, "Equal", {ParamType::Any}, true, [](const auto &a) {
        const SemverVersion *other = versionArgument(a.at(1));
        return Value(other != nullptr && receiverOf(a).compare(*other) == 0);
    });
    addComparison(t, "LessThan", [](int c) { return c < 0; });
    addComparison(t, "LessThanEqual", [](int c) { return c <= 0; });
    addComparison(t, "GreaterThan", [](int c) { return c > 0; });
    addComparison(t, "GreaterThanEqual", [](int c) { return c >= 0; });
    return t;
}

} // namespace

SemverVersion::SemverVersion(std::uint64_t major, std::uint64_t minor, std::uint64_t patch,
                             std::string prerelease, std::string metadata, std::string original,
                             bool pointer)
    : m_major(major), m_minor(minor), m_patch(patch), m_prerelease(std::move(prerelease)),
      m_metadata(std::move(metadata)), m_original(std::move(original)), m_pointer(pointer)
{
}

std::optional<SemverVersion> SemverVersion::parse(std::string_view text, std::string &error)
{
    constexpr int groupCount = 10;
    re2::StringPiece groups[groupCount];
    if (!versionRegex().Match(re2::StringPiece(text.data(), text.size()), 0, text.size(), RE2::UNANCHORED,
                              groups, groupCount)) {
        error = "Invalid Semantic Version";
        return std::nullopt;
    }
    auto group = [&](int i) { return std::string_view(groups[i].data(), groups[i].size()); };
    auto withoutDot = [](std::string_view s) { return s.substr(1); };

    std::uint64_t numbers[3] = {0, 0, 0};
    if (!parseSegment(group(1), numbers[0], error))
        return std::nullopt;
    for (int i = 1; i < 3; ++i) {
        if (!group(i + 1).empty() && !parseSegment(withoutDot(group(i + 1)), numbers[i], error))
            return std::nullopt;
    }
    const std::string_view prerelease = group(5);
    const std::string_view metadata = group(8);
    if (!prerelease.empty() && !(error = prereleaseError(prerelease)).empty())
        return std::nullopt;
    if (!metadata.empty() && !(error = metadataError(metadata)).empty())
        return std::nullopt;
    return SemverVersion(numbers[0], numbers[1], numbers[2], std::string(prerelease), std::string(metadata),
                         std::string(text));
}

Value SemverVersion::toValue(SemverVersion version)
{
    return Value(std::make_shared<const SemverVersion>(std::move(version)));
}

const SemverVersion *SemverVersion::from(const Value &v)
{
    if (!v.isObject())
        return nullptr;
    return dynamic_cast<const SemverVersion *>(&v.object());
}

int SemverVersion::comparePrerelease(std::string_view a, std::string_view b)
{
    const std::vector<std::string_view> as = splitDots(a);
    const std::vector<std::string_view> bs = splitDots(b);
    for (std::size_t i = 0; i < std::max(as.size(), bs.size()); ++i) {
        const int d = comparePrereleasePart(i < as.size() ? as[i] : std::string_view(),
                                            i < bs.size() ? bs[i] : std::string_view());
        if (d != 0)
            return d;
    }
    return 0;
}

int SemverVersion::compare(const SemverVersion &other) const
{
    if (int d = compareSegment(m_major, other.m_major))
        return d;
    if (int d = compareSegment(m_minor, other.m_minor))
        return d;
    if (int d = compareSegment(m_patch, other.m_patch))
        return d;
    if (m_prerelease.empty() && other.m_prerelease.empty())
        return 0;
    if (m_prerelease.empty())
        return 1;
    if (other.m_prerelease.empty())
        return -1;
    return comparePrerelease(m_prerelease, other.m_prerelease);
}

SemverVersion SemverVersion::derived(std::uint64_t major, std::uint64_t minor, std::uint64_t patch,
                                     std::string prerelease, std::string metadata) const
{
    SemverVersion next(major, minor, patch, std::move(prerelease), std::move(metadata), {}, false);
    // originalVPrefix(): only a lowercase v survives into the new Original.
    const bool vPrefix = !m_original.empty() && m_original[0] == 'v';
    next.m_original = (vPrefix ? "v" : "") + next.toString();
    return next;
}

SemverVersion SemverVersion::incMajor() const
{
    return derived(m_major + 1, 0, 0, {}, {});
}

SemverVersion SemverVersion::incMinor() const
{
    return derived(m_major, m_minor + 1, 0, {}, {});
}

SemverVersion SemverVersion::incPatch() const
{
    // A pre-release already precedes its release: just drop the pre-release.
    return derived(m_major, m_minor, m_prerelease.empty() ? m_patch + 1 : m_patch, {}, {});
}

std::optional<SemverVersion> SemverVersion::withPrerelease(std::string_view prerelease, std::string &error) const
{
    if (!prerelease.empty() && !(error = prereleaseError(prerelease)).empty())
        return std::nullopt;
    return derived(m_major, m_minor, m_patch, std::string(prerelease), m_metadata);
}

std::optional<SemverVersion> SemverVersion::withMetadata(std::string_view metadata, std::string &error) const
{
    if (!metadata.empty() && !(error = metadataError(metadata)).empty())
        return std::nullopt;
    return derived(m_major, m_minor, m_patch, m_prerelease, std::string(metadata));
}

std::string SemverVersion::typeName() const
{
    return m_pointer ? "*semver.Version" : "semver.Version";
}

std::string SemverVersion::toString() const
{
    std::string s = std::to_string(m_major) + '.' + std::to_string(m_minor) + '.' + std::to_string(m_patch);
    if (!m_prerelease.empty())
        s += '-' + m_prerelease;
    if (!m_metadata.empty())
        s += '+' + m_metadata;
    return s;
}

bool SemverVersion::equals(const GoObject &other) const
{
    // Go's == compares pointers by identity and struct values field by field.
    if (m_pointer)
        return this == &other;
    const auto *o = dynamic_cast<const SemverVersion *>(&other);
    return o && !o->m_pointer && m_major == o->m_major && m_minor == o->m_minor && m_patch == o->m_patch
        && m_prerelease == o->m_prerelease && m_metadata == o->m_metadata && m_original == o->m_original;
}

std::string SemverVersion::kindName() const
{
    return m_pointer ? "ptr" : "struct";
}

const FunctionSpec *SemverVersion::method(std::string_view name) const
{
    static const MethodTable methods = buildMethods();
    const auto it = methods.find(name);
    if (it == methods.end() || (it->second.pointerReceiver && !m_pointer))
        return nullptr;
    return &it->second.spec;
}

} // namespace ds::tmpl
