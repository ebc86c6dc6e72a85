// SPDX-License-Identifier: Apache-2.0
// libFuzzer target for the canonical YAML writer: whatever the reader accepts and
// the writer serialises must read back as the same Values (parse → write → parse
// is stable), and writing those again gives the same text. Both number typings
// (cluster side and reference side) are checked.
#include "yaml/YamlReader.h"
#include "yaml/YamlWriter.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

[[noreturn]] void fail(const char *what, const ds::Value &first, const std::string &written, const std::string &detail)
{
    std::fprintf(stderr, "canonical round trip: %s\n--- written\n%s--- detail\n%s\n", what, written.c_str(),
                 detail.c_str());
    (void)first;
    std::abort();
}

// Whether some string or map key below `v` satisfies `test`.
template <typename Test>
bool anyText(const ds::Value &v, const Test &test)
{
    if (v.isString())
        return test(v.str());
    if (v.isList()) {
        for (const ds::Value &e : v.list())
            if (anyText(e, test))
                return true;
    } else if (v.isMap()) {
        for (const auto &[key, e] : v.map())
            if (test(key) || anyText(e, test))
                return true;
    }
    return false;
}

// U+0085 (NEL). sigs.k8s.io/yaml.Marshal goes through JSON, which leaves NEL raw,
// and yaml.v2 then folds it as a line break ("a \u0085b" is written "a b"): Go
// itself does not round-trip such values, so for them only the second half of the
// property holds (writing is a fixed point).
bool hasNel(const std::string &s)
{
    return s.find("\xC2\x85") != std::string::npos;
}

// A line break and U+2028/U+2029. Such a string is written as a literal block
// with the separator raw; yaml.v2 reads it there as a line break, yaml-cpp (whose
// block scalars we follow) as a character, which can change the document's
// structure. A known, documented difference (docs/robustness.md): Go tools do
// write such text, but only for values that hold both a newline and LS/PS, which
// Kubernetes objects practically never do.
bool isMultilineWithSeparator(const std::string &s)
{
    // NEL too: the writer folds it into a newline (see hasNel).
    return (s.find('\n') != std::string::npos || hasNel(s))
        && (s.find("\xE2\x80\xA8") != std::string::npos || s.find("\xE2\x80\xA9") != std::string::npos);
}

void roundTrip(const ds::Value &document, const ds::yaml::ReadOptions &options)
{
    const ds::yaml::WriteResult written = ds::yaml::writeCanonical(document);
    if (!written.ok())
        return; // NaN, ±Inf, too deep: refused with Go's error, nothing to read back
    if (anyText(document, isMultilineWithSeparator))
        return;
    ds::yaml::ReadOptions again = options;
    again.firstDocumentOnly = true;
    const ds::yaml::ReadResult reread = ds::yaml::read(written.text, again);
    if (!reread.ok())
        fail("the written text does not read", document, written.text, reread.error->describe());
    const ds::Value second = reread.documents.empty() ? ds::Value::null() : reread.documents.front();
    if (!anyText(document, hasNel) && !second.deepEquals(document))
        fail("the written text reads as another value", document, written.text,
             ds::yaml::writeCanonical(second).text);
    const ds::yaml::WriteResult rewritten = ds::yaml::writeCanonical(second);
    if (!rewritten.ok() || rewritten.text != written.text)
        fail("writing the value read back gives another text", document, written.text,
             rewritten.ok() ? rewritten.text : *rewritten.error);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    for (const auto typing : {ds::yaml::NumberTyping::Kubernetes, ds::yaml::NumberTyping::Float64}) {
        ds::yaml::ReadOptions options;
        options.numbers = typing;
        options.maxValues = 100'000;
        const ds::yaml::ReadResult read = ds::yaml::read(text, options);
        for (const ds::Value &document : read.documents)
            roundTrip(document, options);
    }
    return 0;
}
