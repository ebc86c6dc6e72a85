// SPDX-License-Identifier: Apache-2.0
#include "UrlFetcher.h"

#include "BlockingGet.h"
#include "ConnectionSettings.h"
#include "HttpTransport.h"
#include "util/LargeStack.h"

#include <QThread>

#include <map>

namespace ds::live {

namespace {

constexpr std::size_t kFetchStackBytes = std::size_t(8) << 20;

// Go's http.StatusText, for `server reported <code> <text>`.
std::string statusLine(int status)
{
    static const std::map<int, const char *> texts{
        {301, "Moved Permanently"}, {302, "Found"}, {304, "Not Modified"}, {400, "Bad Request"},
        {401, "Unauthorized"}, {403, "Forbidden"}, {404, "Not Found"}, {405, "Method Not Allowed"},
        {408, "Request Timeout"}, {410, "Gone"}, {429, "Too Many Requests"}, {500, "Internal Server Error"},
        {501, "Not Implemented"}, {502, "Bad Gateway"}, {503, "Service Unavailable"}, {504, "Gateway Timeout"}};
    const auto it = texts.find(status);
    return std::to_string(status) + (it == texts.end() ? std::string() : std::string(" ") + it->second);
}

bool isCancelled(const std::atomic_bool *cancel)
{
    return cancel && cancel->load();
}

HttpReply getOnce(HttpTransport &transport, const std::string &url, const std::atomic_bool *cancel)
{
    HttpRequest request;
    request.url = url;
    request.accept = "*/*";
    return getAndWait(transport, request, cancel);
}

UrlContent fetchOnThisThread(const std::string &url, int attempts, int retryDelayMs, const std::atomic_bool *cancel)
{
    UrlContent out;
    const std::unique_ptr<HttpTransport> transport = createHttpTransport();
    RestConfig config;
    config.server = url;
    ProxySpec proxy;
    if (auto error = ConnectionSettings::proxyFor(config, proxy)) {
        out.error = *error;
        return out;
    }
    transport->setProxy(proxy);
    if (auto error = transport->setTls(TlsSpec{})) {
        out.error = *error;
        return out;
    }
    for (int attempt = 1;; ++attempt) {
        const HttpReply reply = getOnce(*transport, url, cancel);
        if (reply.status == 200) {
            out.bytes = reply.body.toStdString();
            return out;
        }
        const bool retry = (reply.status == 0 || reply.status >= 500) && !isCancelled(cancel);
        if (!retry || attempt >= attempts) {
            out.error = reply.status == 0
                ? "Get \"" + url + "\": " + (reply.errorText.empty() ? std::string("no answer") : reply.errorText)
                : "unable to read URL \"" + url + "\", server reported " + statusLine(reply.status)
                    + ", status code=" + std::to_string(reply.status);
            return out;
        }
        QThread::msleep(static_cast<unsigned long>(retryDelayMs));
    }
}

} // namespace

UrlContent fetchUrl(const std::string &url, int attempts, int retryDelayMs, const std::atomic_bool *cancel)
{
    UrlContent out;
    // Qt networking needs an event loop the caller may not have (the CLI) or
    // must not block in (the GUI): a thread of its own, joined with pthread_join.
    {
        LargeStackThread thread([&] { out = fetchOnThisThread(url, attempts, retryDelayMs, cancel); }, kFetchStackBytes);
    } // joined here, before `out` is read
    return out;
}

UrlReader urlReader(int attempts, const std::atomic_bool *cancel)
{
    return [attempts, cancel](const std::string &url) { return fetchUrl(url, attempts, 5, cancel); };
}

} // namespace ds::live
