// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QTimeZone>

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ds::go {

// A *time.Location: UTC, Local, an IANA zone or a fixed offset. Zone offsets
// and abbreviations come from the system tz database through QTimeZone, as
// Go's LoadLocation reads it.
class Location
{
public:
    struct Zone
    {
        std::string name; // abbreviation ("EST", "+0545"); "" for unnamed fixed zones
        int offset = 0;   // seconds east of UTC
    };

    static std::shared_ptr<const Location> utc();
    // The process's local zone (TZ, else /etc/localtime), read once like Go.
    static std::shared_ptr<const Location> local();
    // time.LoadLocation: "", "UTC", "Local" or a tz database name; nullptr when
    // Go would fail ("unknown time zone X").
    static std::shared_ptr<const Location> load(std::string_view name);
    // time.FixedZone.
    static std::shared_ptr<const Location> fixedZone(std::string zoneName, int offset);

    const std::string &name() const { return m_name; }
    // The zone in effect at a Unix time.
    Zone lookup(std::int64_t unixSec) const;
    // Location.lookupName: the offset of a zone abbreviation used by this location,
    // preferring one in effect around unixSec (parsing "MST").
    std::optional<int> lookupName(std::string_view zoneName, std::int64_t unixSec) const;

    Location(std::string name, Zone fixed);
    Location(std::string name, QTimeZone zone);

private:
    const std::vector<Zone> &zones() const;

    std::string m_name;
    std::optional<QTimeZone> m_zone; // tz database zone, or nullopt for a fixed zone
    Zone m_fixed;
    mutable std::vector<Zone> m_zones; // distinct zones of m_zone, computed on demand
    mutable std::once_flag m_zonesOnce;
};

using LocationPtr = std::shared_ptr<const Location>;

} // namespace ds::go
