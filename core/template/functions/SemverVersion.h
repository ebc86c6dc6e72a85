// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "template/TemplateObject.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ds::tmpl {

// A Masterminds/semver v3.3.0 Version (tst_semver).
//
// Go has two flavours that templates can tell apart: `semver` returns a
// *semver.Version, while IncMajor/IncMinor/IncPatch/SetPrerelease/SetMetadata
// return a semver.Version struct value. The value is not addressable in a
// template, so it lacks the pointer-receiver methods (Original, Compare,
// LessThan, ...) and cannot be passed where a *semver.Version is expected.
class SemverVersion : public TemplateObject
{
public:
    SemverVersion(std::uint64_t major, std::uint64_t minor, std::uint64_t patch,
                  std::string prerelease = {}, std::string metadata = {},
                  std::string original = {}, bool pointer = true);

    // semver.NewVersion (the coercing parser): nullopt and Go's error text
    // ("Invalid Semantic Version", "Version segment starts with 0",
    // "Error parsing version segment: ...") when text is not a version.
    static std::optional<SemverVersion> parse(std::string_view text, std::string &error);
    // A template value holding a copy of version.
    static Value toValue(SemverVersion version);
    // The version inside v; nullptr when v is not a semver object.
    static const SemverVersion *from(const Value &v);
    // Pre-release precedence: dot-separated identifiers, numeric < alphanumeric,
    // a missing identifier is smaller. -1, 0 or 1.
    static int comparePrerelease(std::string_view a, std::string_view b);

    // (Not named major()/minor(): glibc may define those as macros.)
    std::uint64_t majorVersion() const { return m_major; }
    std::uint64_t minorVersion() const { return m_minor; }
    std::uint64_t patchVersion() const { return m_patch; }
    const std::string &prerelease() const { return m_prerelease; }
    const std::string &metadata() const { return m_metadata; }
    const std::string &original() const { return m_original; }
    // *semver.Version (true) or a semver.Version value (false).
    bool isPointer() const { return m_pointer; }

    // Version.Compare: -1, 0 or 1; metadata is ignored.
    int compare(const SemverVersion &other) const;

    // The Go methods returning new versions (always struct values).
    SemverVersion incMajor() const;
    SemverVersion incMinor() const;
    SemverVersion incPatch() const;
    std::optional<SemverVersion> withPrerelease(std::string_view prerelease, std::string &error) const;
    std::optional<SemverVersion> withMetadata(std::string_view metadata, std::string &error) const;

    // GoObject / TemplateObject
    std::string typeName() const override;
    std::string toString() const override;
    bool equals(const GoObject &other) const override;
    std::string kindName() const override;
    const FunctionSpec *method(std::string_view name) const override;

private:
    // A struct value derived from this version with a rebuilt Original().
    SemverVersion derived(std::uint64_t major, std::uint64_t minor, std::uint64_t patch,
                          std::string prerelease, std::string metadata) const;

    std::uint64_t m_major = 0;
    std::uint64_t m_minor = 0;
    std::uint64_t m_patch = 0;
    std::string m_prerelease;
    std::string m_metadata;
    std::string m_original;
    bool m_pointer = true;
};

} // namespace ds::tmpl
