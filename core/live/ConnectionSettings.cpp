// SPDX-License-Identifier: Apache-2.0
#include "ConnectionSettings.h"

#include <QUrl>

#include <arpa/inet.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>

namespace ds::live {

namespace {

QString envValue(const char *upper, const char *lower)
{
    const char *v = std::getenv(upper);
    if (!v || !*v)
        v = std::getenv(lower);
    return v ? QString::fromLocal8Bit(v) : QString();
}

// localhost, 127.0.0.0/8, ::1 and IPv4-mapped 127.0.0.0/8 (QHostAddress::isLoopback).
bool isLoopback(const QString &host)
{
    if (host == QLatin1String("localhost"))
        return true;
    const QByteArray text = host.toLatin1();
    unsigned char a[16];
    if (inet_pton(AF_INET, text.constData(), a) == 1)
        return a[0] == 127;
    if (inet_pton(AF_INET6, text.constData(), a) != 1)
        return false;
    static constexpr unsigned char loopback6[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
    static constexpr unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    return std::equal(a, a + 16, loopback6) || (std::equal(a, a + 12, mapped) && a[12] == 127);
}

// NO_PROXY: comma-separated hosts, domain suffixes (".example.com" or
// "example.com" for its subdomains too) and "*".
bool excludedByNoProxy(const QString &host)
{
    for (QString entry : envValue("NO_PROXY", "no_proxy").split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        entry = entry.trimmed();
        if (entry == QLatin1String("*"))
            return true;
        if (const qsizetype colon = entry.lastIndexOf(QLatin1Char(':')); colon > 0 && !entry.contains(QLatin1Char(']')))
            entry.truncate(colon);
        if (entry.startsWith(QLatin1Char('.')))
            entry.remove(0, 1);
        if (host.compare(entry, Qt::CaseInsensitive) == 0
            || host.endsWith(QLatin1Char('.') + entry, Qt::CaseInsensitive))
            return true;
    }
    return false;
}

std::optional<std::string> proxyFromUrl(const QString &text, ProxySpec &out)
{
    const QUrl url(text, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    ProxySpec::Type type = ProxySpec::Type::Http;
    if (scheme == QLatin1String("socks5"))
        type = ProxySpec::Type::Socks5;
    else if (scheme != QLatin1String("http") && scheme != QLatin1String("https"))
        return "proxy-url \"" + url.toString(QUrl::RemoveUserInfo).toStdString()
            + "\": unsupported scheme (use http, https or socks5)";
    if (!url.isValid() || url.host().isEmpty())
        return "invalid proxy-url \"" + url.toString(QUrl::RemoveUserInfo).toStdString() + "\"";
    const int defaultPort = type == ProxySpec::Type::Socks5 ? 1080 : scheme == QLatin1String("https") ? 443 : 80;
    out = ProxySpec{type, url.host().toStdString(), static_cast<std::uint16_t>(url.port(defaultPort)),
                    url.userName().toStdString(), url.password().toStdString()};
    return std::nullopt;
}

} // namespace

std::optional<std::string> ConnectionSettings::proxyFor(const RestConfig &config, ProxySpec &out)
{
    out = ProxySpec{};
    if (!config.proxyUrl.empty())
        return proxyFromUrl(QString::fromStdString(config.proxyUrl), out);
    const QUrl server(QString::fromStdString(config.server));
    const QString host = server.host();
    if (isLoopback(host) || excludedByNoProxy(host))
        return std::nullopt;
    const QString env = config.usesTls() ? envValue("HTTPS_PROXY", "https_proxy") : envValue("HTTP_PROXY", "http_proxy");
    if (env.isEmpty())
        return std::nullopt;
    // Go accepts a bare host:port in the variables.
    return proxyFromUrl(env.contains(QLatin1String("://")) ? env : QStringLiteral("http://") + env, out);
}

} // namespace ds::live
