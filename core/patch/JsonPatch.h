// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "patch/MergePatch.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ds::patch {

// An RFC 6902 JSON Patch with the semantics and error texts of the root
// package of github.com/evanphx/json-patch v5.9.11+incompatible (the v4 code
// line kube-compare imports for `rfc6902` user overrides; tst_patch).
//
// Faithful to the library rather than to the RFC where they differ:
// - "replace" of a missing object member adds it; "replace" of the whole
//   document ("") with a scalar or null does nothing;
// - "test" compares scalars by their compacted JSON text, so 1 and 1.0, or "<"
//   and "\u003c" (how json.Marshal writes the document's "<"), differ; a
//   missing member equals a null value;
// - negative array indexes count from the end; "-" appends (add only);
// - a path must start with "/" ("" addresses the document only for replace
//   and test); ~1 and ~0 are unescaped in one left-to-right pass;
// - duplicate members of an operation: the last wins.
// Where the library would panic (walking through a member added with a null
// value, or a "test" of a missing member or a "replace" of the whole document
// without a "value"), apply() returns an error starting with "panic: ";
// kube-compare itself would crash there.
class JsonPatch
{
public:
    // jsonpatch.DecodePatch: the JSON text of a patch, decoded as
    // json.Unmarshal into []map[string]*json.RawMessage would. On failure the
    // patch is empty and error() holds Go's text, e.g. "unexpected end of JSON
    // input" or "json: cannot unmarshal object into Go value of type
    // jsonpatch.Patch". JSON null decodes as an empty patch.
    static JsonPatch decode(std::string_view json);

    bool ok() const { return !m_error.has_value(); }
    const std::optional<std::string> &error() const { return m_error; }
    std::size_t size() const { return m_ops.size(); }

    // Patch.Apply(json.Marshal(doc)) read back with json.Unmarshal: values come
    // back float64-typed (see jsonRoundTrip) and share nothing with doc. The
    // error is the library's text, e.g. `add operation does not apply: doc is
    // missing path: "/a/b": missing value` or "testing value /a failed: test
    // failed"; kube-compare prefixes "failed to apply user patch: ". A document
    // json.Marshal rejects gives its error (NaN) unprefixed.
    PatchResult apply(const Value &doc) const;

    // One operation: its members as raw JSON text (nullopt for a JSON null
    // member, which Go decodes as a nil *json.RawMessage).
    struct Operation
    {
        bool isNull = false; // the array element itself was null
        std::map<std::string, std::optional<std::string_view>, std::less<>> members;
    };

private:
    std::shared_ptr<const std::string> m_text; // what the raw members point into
    std::vector<Operation> m_ops;
    std::optional<std::string> m_error;
};

} // namespace ds::patch
