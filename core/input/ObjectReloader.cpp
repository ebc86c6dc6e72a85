// SPDX-License-Identifier: Apache-2.0
#include "ObjectReloader.h"

#include "ArchiveReader.h"
#include "DocumentDecoder.h"

#include <QFile>

namespace ds::input {

namespace {

std::optional<Value> find(const DecodedFile &decoded, const std::string &id)
{
    for (const ClusterObject &o : decoded.objects)
        if (o.id == id)
            return o.object;
    return std::nullopt;
}

std::optional<std::string> readFile(const std::string &path)
{
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray bytes = file.readAll();
    return std::string(bytes.constData(), std::size_t(bytes.size()));
}

} // namespace

std::optional<Value> reloadObject(const ClusterObject &object)
{
    if (auto bytes = readFile(object.source))
        return find(decodeResourceFile(object.source, *bytes), object.id);
    // "archive:member": the archive is the prefix that names an archive.
    for (std::size_t colon = object.source.find(':'); colon != std::string::npos;
         colon = object.source.find(':', colon + 1)) {
        const std::string archive = object.source.substr(0, colon);
        if (!ArchiveReader::isArchive(archive))
            continue;
        const std::string member = object.source.substr(colon + 1);
        std::optional<Value> found;
        ArchiveReader::read(
            archive, [&](const std::string &path) { return path == member; },
            [&](ArchiveReader::Member &&m) {
                found = find(decodeResourceFile(object.source, m.bytes), object.id);
                return false;
            });
        return found;
    }
    return std::nullopt;
}

} // namespace ds::input
