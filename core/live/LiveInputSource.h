// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ApiClient.h"
#include "FetchNeeds.h"
#include "Kubeconfig.h"
#include "LiveError.h"
#include "input/InputSource.h"

#include <string>
#include <vector>

namespace ds::live {

struct LiveSettings
{
    std::string kubeconfig; // --kubeconfig; empty: $KUBECONFIG or ~/.kube/config
    std::string context;    // --context; empty: current-context
    ApiOptions api;
};

// For a context picker: every context of the kubeconfig with its cluster URL,
// user and namespace, or why the kubeconfig could not be read.
struct ContextListing
{
    std::vector<ContextSummary> contexts;
    std::string currentContext;
    std::vector<std::string> files; // the kubeconfig files that were read
    std::optional<std::string> error;
};
ContextListing listContexts(const std::string &kubeconfig = {});

// Cluster CRs read from a live cluster through the kubeconfig: discovery, then
// GET-only paged LISTs of what the reference needs (see FetchPlan). The network
// work runs on a thread of its own with its own event loop, so load() can be
// called from any thread, with or without a running Qt event loop; it returns
// when done, failed or cancelled. Progress callbacks run on the caller's thread.
// Objects come back with source "cluster"; warnings and errors use
// kube-compare's texts where it has them.
class LiveInputSource : public input::InputSource
{
public:
    LiveInputSource(LiveSettings settings, FetchNeeds needs);

    input::LoadedObjects load(Log &log, const std::atomic_bool *cancel = nullptr,
                              const input::ProgressCallback &progress = {}) override;
    // "context NAME (https://server)" once resolved.
    std::string description() const override;

    // The context/server the last load() used (empty before).
    const std::string &contextName() const { return m_contextName; }
    const std::string &server() const { return m_server; }
    // HTTP requests the last load() sent (discovery included).
    std::size_t requestCount() const { return m_requests; }
    // Why the last load() failed (LiveError::None after a success).
    LiveError lastError() const { return m_lastError; }

private:
    LiveSettings m_settings;
    FetchNeeds m_needs;
    std::string m_contextName;
    std::string m_server;
    std::size_t m_requests = 0;
    LiveError m_lastError = LiveError::None;
};

} // namespace ds::live
