// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <optional>
#include <string>

namespace ds::compare {

// The user config (`-c`, "diff config"): manual correlation pairs
// CR id → template path, tried before group correlation (tst_diffconfig).
struct DiffConfig
{
    std::map<std::string, std::string> correlationPairs;

    struct LoadResult;
    // Reads and strictly decodes a diff config with kube-compare's error texts.
    static LoadResult load(const std::string &path);
    // Decodes the text of a diff config (errors without the file prefix).
    static LoadResult parse(const std::string &text);
};

struct DiffConfig::LoadResult
{
    DiffConfig config;
    std::optional<std::string> error;
    bool ok() const { return !error.has_value(); }
};

} // namespace ds::compare
