// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"

#include <optional>
#include <string>
#include <string_view>

// JSON merge patches (RFC 7386) as kube-compare gets them from its vendored
// github.com/evanphx/json-patch v5.9.11+incompatible, i.e. the package's root
// (v4 code line): `ignore-unspecified-fields` template merging, `mergepatch`
// user overrides and `-o generate-patches` (tst_patch).
namespace ds::patch {

// A patched document, or the text of the Go error that stopped it.
struct PatchResult
{
    Value value;
    std::optional<std::string> error;
    bool ok() const { return !error.has_value(); }
};

// What json.Marshal followed by json.Unmarshal into interface{} makes of v,
// which is how every Go caller hands documents to json-patch and reads them
// back: numbers become float64, strings and keys have invalid UTF-8 replaced
// by U+FFFD, typed nil collections and Missing become null, Go objects become
// their JSON form. The result shares no container with v. NaN and ±Inf give
// json.Marshal's error ("json: unsupported value: NaN").
PatchResult jsonRoundTrip(const Value &v);

class MergePatch
{
public:
    // jsonpatch.MergePatch(json.Marshal(doc), json.Marshal(patch)) read back
    // with json.Unmarshal (so numbers are float64, see jsonRoundTrip):
    // - a null member of the patch deletes the key;
    // - objects merge recursively; any other value replaces, lists whole;
    // - values the patch adds (a new key, or over a non-object) lose their
    //   null members recursively, also inside lists, whose null elements stay;
    //   a list or scalar put over an existing object keeps its nulls (a quirk
    //   of the library);
    // - a list patch replaces the document (nested nulls pruned), an object
    //   patch over a non-object document replaces it (nulls pruned);
    // - errors: null document "Invalid JSON Document"; null or scalar patch
    //   "Invalid JSON Patch".
    // Neither input is modified and the result shares nothing with them.
    static PatchResult apply(const Value &doc, const Value &patch);

    // The same with the patch given as JSON text, a `mergepatch` override's
    // `patch` string. Text that is not exactly one JSON value gives
    // "Invalid JSON Patch". Numbers are read as float64 (json.Unmarshal into
    // interface{}), which is what the patched document ends up with.
    static PatchResult applyJson(const Value &doc, std::string_view patchJson);

    // jsonpatch.CreateMergePatch(json.Marshal(original), json.Marshal(modified)):
    // the patch that turns original into modified. Changed and added keys
    // carry the modified value, removed keys null, lists are replaced whole,
    // objects recurse and are left out when unchanged; no change gives {}.
    // Values compare after jsonRoundTrip (int64 3 equals float64 3). Two lists
    // give a list of per-element patches ("Invalid JSON Document" for unequal
    // lengths), a list and a non-list "Mismatched JSON Documents", a scalar
    // "Invalid JSON Document"; null counts as {}. kube-compare stores
    // json::write(result.value) (HTML-escaped, sorted keys) as the patch.
    static PatchResult create(const Value &original, const Value &modified);
};

} // namespace ds::patch
