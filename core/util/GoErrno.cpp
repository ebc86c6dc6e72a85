// SPDX-License-Identifier: Apache-2.0
#include "GoErrno.h"

#include <cctype>
#include <cstring>

namespace ds {

std::string goErrnoText(int error)
{
    // Go's table is glibc's strerror text with a lower-case first letter.
    std::string text = std::strerror(error);
    if (!text.empty())
        text[0] = char(std::tolower(static_cast<unsigned char>(text[0])));
    return text;
}

} // namespace ds
