// SPDX-License-Identifier: Apache-2.0
// time.Location: UTC, Local, tz database zones and fixed zones, Go's
// time/zoneinfo.go over QTimeZone.
#include "GoLocation.h"

#include <QByteArray>
#include <QDateTime>
#include <QFileInfo>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>

namespace ds::go {

namespace {

constexpr std::int64_t kLookupLimit = std::int64_t(1) << 43; // keeps QDateTime msecs in range

bool containsDotDot(std::string_view s)
{
    return s.find("..") != std::string_view::npos;
}

// A tz database zone the way Go's LoadLocation finds it: a TZif file under the
// zoneinfo directory (Qt would also accept POSIX rule strings such as "Local").
std::optional<QTimeZone> loadTzZone(std::string_view name)
{
    if (name.empty() || containsDotDot(name) || name[0] == '/' || name[0] == '\\')
        return std::nullopt;
    static const std::array<const char *, 4> dirs = {"/usr/share/zoneinfo/", "/usr/share/lib/zoneinfo/",
                                                     "/usr/lib/locale/TZ/", "/etc/zoneinfo/"};
    const bool exists = std::any_of(dirs.begin(), dirs.end(), [&](const char *dir) {
        return QFileInfo(QString::fromUtf8(dir) + QString::fromUtf8(name.data(), qsizetype(name.size()))).isFile();
    });
    if (!exists)
        return std::nullopt;
    QTimeZone zone(QByteArray(name.data(), qsizetype(name.size())));
    if (!zone.isValid())
        return std::nullopt;
    return zone;
}

LocationPtr makeLocal()
{
    if (qEnvironmentVariableIsSet("TZ")) {
        std::string tz = qEnvironmentVariable("TZ").toStdString();
        if (!tz.empty() && tz[0] == ':')
            tz.erase(0, 1);
        // An absolute path names a zone file; QTimeZone wants its tz database id.
        if (const auto dir = tz.find("/zoneinfo/"); !tz.empty() && tz[0] == '/' && dir != std::string::npos)
            tz = tz.substr(dir + 10);
        if (auto zone = loadTzZone(tz))
            return std::make_shared<const Location>("Local", *zone);
        // Go: an empty or unloadable TZ means UTC
        return std::make_shared<const Location>("Local", Location::Zone{"UTC", 0});
    }
    const QTimeZone system = QTimeZone::systemTimeZone();
    if (system.isValid())
        return std::make_shared<const Location>("Local", system);
    return std::make_shared<const Location>("Local", Location::Zone{"UTC", 0});
}

} // namespace

Location::Location(std::string name, Zone fixed) : m_name(std::move(name)), m_fixed(std::move(fixed)) {}

Location::Location(std::string name, QTimeZone zone) : m_name(std::move(name)), m_zone(std::move(zone)) {}

LocationPtr Location::utc()
{
    static const LocationPtr loc = std::make_shared<const Location>("UTC", Zone{"UTC", 0});
    return loc;
}

LocationPtr Location::local()
{
    static const LocationPtr loc = makeLocal();
    return loc;
}

LocationPtr Location::load(std::string_view name)
{
    if (name.empty() || name == "UTC")
        return utc();
    if (name == "Local")
        return local();
    static std::mutex mutex;
    static std::map<std::string, LocationPtr, std::less<>> cache;
    std::lock_guard lock(mutex);
    if (auto it = cache.find(name); it != cache.end())
        return it->second;
    auto zone = loadTzZone(name);
    if (!zone)
        return nullptr;
    auto loc = std::make_shared<const Location>(std::string(name), *zone);
    cache.emplace(std::string(name), loc);
    return loc;
}

LocationPtr Location::fixedZone(std::string zoneName, int offset)
{
    std::string name = zoneName;
    return std::make_shared<const Location>(std::move(name), Zone{std::move(zoneName), offset});
}

Location::Zone Location::lookup(std::int64_t unixSec) const
{
    if (!m_zone)
        return m_fixed;
    const std::int64_t s = std::clamp(unixSec, -kLookupLimit, kLookupLimit);
    const QTimeZone::OffsetData data = m_zone->offsetData(QDateTime::fromSecsSinceEpoch(s, QTimeZone::utc()));
    if (!data.atUtc.isValid())
        return Zone{m_zone->abbreviation(QDateTime::fromSecsSinceEpoch(0, QTimeZone::utc())).toStdString(),
                    m_zone->standardTimeOffset(QDateTime::fromSecsSinceEpoch(0, QTimeZone::utc()))};
    return Zone{data.abbreviation.toStdString(), data.offsetFromUtc};
}

const std::vector<Location::Zone> &Location::zones() const
{
    std::call_once(m_zonesOnce, [this] {
        auto add = [this](const Zone &z) {
            const bool known = std::any_of(m_zones.begin(), m_zones.end(), [&](const Zone &k) {
                return k.name == z.name && k.offset == z.offset;
            });
            if (!known)
                m_zones.push_back(z);
        };
        if (!m_zone) {
            add(m_fixed);
            return;
        }
        add(lookup(-kLookupLimit));
        // Transitions of the tz data (years 1800..2200 cover every abbreviation in use).
        const auto transitions = m_zone->transitions(QDateTime::fromSecsSinceEpoch(-5364662400, QTimeZone::utc()),
                                                     QDateTime::fromSecsSinceEpoch(7258118400, QTimeZone::utc()));
        for (const auto &t : transitions)
            add(Zone{t.abbreviation.toStdString(), t.offsetFromUtc});
        add(lookup(0));
    });
    return m_zones;
}

std::optional<int> Location::lookupName(std::string_view zoneName, std::int64_t unixSec) const
{
    // Prefer a zone with this name that was in effect at the given time.
    for (const Zone &z : zones()) {
        if (z.name == zoneName) {
            const Zone actual = lookup(unixSec - z.offset);
            if (actual.name == z.name)
                return actual.offset;
        }
    }
    for (const Zone &z : zones()) {
        if (z.name == zoneName)
            return z.offset;
    }
    return std::nullopt;
}

} // namespace ds::go
