// SPDX-License-Identifier: Apache-2.0
#include "BlockingGet.h"

#include <QEventLoop>
#include <QTimer>

namespace ds::live {

namespace {
constexpr int kCancelPollMs = 50;
}

HttpReply getAndWait(HttpTransport &transport, const HttpRequest &request, const std::atomic_bool *cancel)
{
    QEventLoop loop;
    HttpReply reply;
    bool done = false;
    transport.get(request, [&](const HttpReply &r) {
        reply = r;
        done = true;
        loop.quit();
    });
    // The window's Cancel is a flag another thread sets: look at it while waiting.
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (cancel->load()) {
            transport.abortAll();
            loop.quit();
        }
    });
    if (cancel)
        poll.start(kCancelPollMs);
    if (!done)
        loop.exec();
    if (!done)
        reply.errorText = "cancelled";
    return reply;
}

} // namespace ds::live
