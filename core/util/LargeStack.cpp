// SPDX-License-Identifier: Apache-2.0
#include "LargeStack.h"

#include <QThread>

#include <memory>

namespace ds {

int runOnLargeStack(const std::function<int()> &work, std::size_t stackBytes)
{
    int result = 0;
    std::unique_ptr<QThread> thread(QThread::create([&] { result = work(); }));
    thread->setStackSize(static_cast<uint>(stackBytes));
    thread->start();
    thread->wait();
    return result;
}

} // namespace ds
