// SPDX-License-Identifier: Apache-2.0
// The parts of reading a reference from a container image that need no
// registry: image names as Docker normalises them, `container://` paths,
// credentials from auth files and helpers, and applying layers (whiteouts,
// opaque directories, links, compressions, damaged layers) — with layers
// written by libarchive in the test.
#include "TestData.h"
#include "image/ImageName.h"
#include "image/LayerTree.h"
#include "image/RegistryCredentials.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <archive.h>
#include <archive_entry.h>

using namespace ds;

namespace {

// "f path content", "d path", "l path target" (symbolic), "h path target" (hard).
void writeLayer(const QString &file, const QStringList &entries, const QString &compression)
{
    archive *a = archive_write_new();
    archive_write_set_format_pax_restricted(a);
    if (compression == QLatin1String("gzip"))
        archive_write_add_filter_gzip(a);
    else if (compression == QLatin1String("zstd"))
        archive_write_add_filter_zstd(a);
    QVERIFY(archive_write_open_filename(a, file.toLocal8Bit().constData()) == ARCHIVE_OK);
    for (const QString &spec : entries) {
        const QStringList f = spec.split(QLatin1Char(' '));
        archive_entry *e = archive_entry_new();
        const QByteArray path = f.value(1).toUtf8();
        archive_entry_set_pathname(e, path.constData());
        archive_entry_set_perm(e, 0644);
        const QByteArray arg = f.mid(2).join(QLatin1Char(' ')).toUtf8();
        const QChar type = f.value(0).at(0);
        if (type == u'f') {
            archive_entry_set_filetype(e, AE_IFREG);
            archive_entry_set_size(e, arg.size());
        } else if (type == u'd') {
            archive_entry_set_filetype(e, AE_IFDIR);
        } else if (type == u'l') {
            archive_entry_set_filetype(e, AE_IFLNK);
            archive_entry_set_symlink(e, arg.constData());
        } else {
            archive_entry_set_filetype(e, AE_IFREG);
            archive_entry_set_hardlink(e, arg.constData());
        }
        archive_write_header(a, e);
        if (type == u'f')
            archive_write_data(a, arg.constData(), static_cast<size_t>(arg.size()));
        archive_entry_free(e);
    }
    archive_write_close(a);
    archive_write_free(a);
}

QString describe(const std::map<std::string, std::string> &files)
{
    QStringList out;
    for (const auto &[path, content] : files)
        out << QString::fromStdString(path + "=" + content);
    return out.join(QLatin1Char(' '));
}

} // namespace

class tst_ImageLayers : public QObject
{
    Q_OBJECT

private slots:
    void imageNames_data();
    void imageNames();
    void containerReferences_data();
    void containerReferences();
    void layers_data();
    void layers();
    void damagedLayer();
    void credentials_data();
    void credentials();
};

void tst_ImageLayers::imageNames_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected"); // registry|repository|tag|digest, or "error: …"
    const QString digest = QStringLiteral("sha256:") + QString(64, QLatin1Char('a'));
    QTest::newRow("Docker Hub official") << "ref:v1" << "docker.io|library/ref|v1|";
    QTest::newRow("Docker Hub user") << "org/ref:v1" << "docker.io|org/ref|v1|";
    QTest::newRow("index.docker.io") << "index.docker.io/org/ref:v1" << "docker.io|org/ref|v1|";
    QTest::newRow("registry with port") << "127.0.0.1:5000/telco/ref:v4.18" << "127.0.0.1:5000|telco/ref|v4.18|";
    QTest::newRow("localhost") << "localhost/ref:1" << "localhost|ref|1|";
    QTest::newRow("quay nested") << "quay.io/a/b/c:latest" << "quay.io|a/b/c|latest|";
    QTest::newRow("digest") << "quay.io/a/ref@" + digest << "quay.io|a/ref||" + digest;
    QTest::newRow("tag and digest") << "quay.io/a/ref:v1@" + digest << "quay.io|a/ref|v1|" + digest;
    QTest::newRow("port without tag") << "host:5000/ref" << "host:5000|ref||";
    QTest::newRow("uppercase") << "quay.io/Org/ref:v1" << "error: invalid image name";
    QTest::newRow("bad digest") << "quay.io/a/ref@sha256:xyz" << "error: invalid image digest";
    QTest::newRow("bad tag") << "quay.io/a/ref:-v1" << "error: invalid image tag";
}

void tst_ImageLayers::imageNames()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    std::string error;
    const auto name = image::ImageName::parse(text.toStdString(), error);
    if (expected.startsWith(QLatin1String("error: "))) {
        QVERIFY(!name);
        QVERIFY2(QString::fromStdString(error).startsWith(expected.mid(7)), error.c_str());
        return;
    }
    QVERIFY2(name, error.c_str());
    QCOMPARE(QString::fromStdString(name->registry + "|" + name->repository + "|" + name->tag + "|" + name->digest),
             expected);
}

void tst_ImageLayers::containerReferences_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected"); // image|directory|file, or "error: …"
    const QString format = QStringLiteral("error: incorrect path passed to -r, it must follow this format: "
                                          "container://<IMAGE>:<TAG>:/path/to/metadata.yaml");
    QTest::newRow("documented form")
        << "container://registry.example.com/telco/ref:v4.18:/usr/share/ref/metadata.yaml"
        << "registry.example.com/telco/ref:v4.18|/usr/share/ref|metadata.yaml";
    QTest::newRow("host port (kube-compare cannot)")
        << "container://127.0.0.1:5000/telco/ref:v4.18:/usr/share/ref/metadata.yaml"
        << "127.0.0.1:5000/telco/ref:v4.18|/usr/share/ref|metadata.yaml";
    QTest::newRow("short name") << "container://ref:v1:/ref/metadata.yaml" << "docker.io/library/ref:v1|/ref|metadata.yaml";
    QTest::newRow("no tag") << "container://quay.io/ref:/ref/metadata.yaml" << format;
    QTest::newRow("no path") << "container://quay.io/ref:v1" << format;
    QTest::newRow("relative path") << "container://quay.io/ref:v1:ref/metadata.yaml" << format;
    QTest::newRow("escaping path") << "container://quay.io/ref:v1:/usr/../../metadata.yaml"
                                   << "error: the path in \"container://quay.io/ref:v1:/usr/../../metadata.yaml\" must name";
}

void tst_ImageLayers::containerReferences()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    std::string error;
    const auto ref = image::parseContainerReference(text.toStdString(), error);
    if (expected.startsWith(QLatin1String("error: "))) {
        QVERIFY(!ref);
        QVERIFY2(QString::fromStdString(error).startsWith(expected.mid(7)), error.c_str());
        return;
    }
    QVERIFY2(ref, error.c_str());
    QCOMPARE(QString::fromStdString(ref->image.toString() + "|" + ref->directory() + "|" + ref->fileName()), expected);
}

void tst_ImageLayers::layers_data()
{
    QTest::addColumn<QString>("compression");
    QTest::addColumn<QList<QStringList>>("layers");
    QTest::addColumn<QString>("expected"); // path=content …, "link: target" or "absent"
    using L = QList<QStringList>;
    const QStringList base{"d usr/", "d usr/share/ref/", "f usr/share/ref/metadata.yaml m1",
                           "f usr/share/ref/a/x.yaml x1", "f usr/share/other.yaml outside"};
    QTest::newRow("one layer, gzip") << "gzip" << L{base} << "a/x.yaml=x1 metadata.yaml=m1";
    QTest::newRow("zstd") << "zstd" << L{base} << "a/x.yaml=x1 metadata.yaml=m1";
    QTest::newRow("uncompressed, ./ names") << "none" << L{{"f ./usr/share/ref/metadata.yaml m1"}} << "metadata.yaml=m1";
    QTest::newRow("later layer replaces a file")
        << "gzip" << L{base, {"f usr/share/ref/metadata.yaml m2"}} << "a/x.yaml=x1 metadata.yaml=m2";
    QTest::newRow("whiteout of a file") << "gzip" << L{base, {"f usr/share/ref/a/.wh.x.yaml "}} << "metadata.yaml=m1";
    QTest::newRow("whiteout of a folder") << "gzip" << L{base, {"f usr/share/ref/.wh.a "}} << "metadata.yaml=m1";
    QTest::newRow("whiteout of the reference's parent")
        << "gzip" << L{base, {"f usr/.wh.share "}} << "absent";
    QTest::newRow("opaque folder keeps the layer's own files")
        << "gzip" << L{base, {"f usr/share/ref/a/y.yaml y1", "f usr/share/ref/a/.wh..wh..opq "}}
        << "a/y.yaml=y1 metadata.yaml=m1";
    QTest::newRow("whiteout then re-created in a later layer")
        << "gzip" << L{base, {"f usr/share/ref/.wh.a "}, {"f usr/share/ref/a/z.yaml z1"}}
        << "a/z.yaml=z1 metadata.yaml=m1";
    QTest::newRow("file replaces a folder")
        << "gzip" << L{base, {"f usr/share/ref/a file"}} << "a=file metadata.yaml=m1";
    QTest::newRow("hard link") << "gzip" << L{base, {"h usr/share/ref/b.yaml usr/share/ref/a/x.yaml"}}
                               << "a/x.yaml=x1 b.yaml=x1 metadata.yaml=m1";
    QTest::newRow("relative symbolic link") << "gzip" << L{base, {"l usr/share/ref/c.yaml a/x.yaml"}}
                                            << "a/x.yaml=x1 c.yaml=x1 metadata.yaml=m1";
    QTest::newRow("absolute symbolic link in the folder")
        << "gzip" << L{base, {"l usr/share/ref/c.yaml /usr/share/ref/a/x.yaml"}} << "a/x.yaml=x1 c.yaml=x1 metadata.yaml=m1";
    QTest::newRow("symbolic link leaving the folder is not followed")
        << "gzip" << L{base, {"l usr/share/ref/c.yaml ../other.yaml"}} << "a/x.yaml=x1 metadata.yaml=m1";
    QTest::newRow("symbolic link loop") << "gzip" << L{{"l usr/share/ref/p q", "l usr/share/ref/q p", "f usr/share/ref/m m"}}
                                        << "m=m";
    QTest::newRow("folder is a symbolic link") << "gzip" << L{{"l usr/share/ref /opt/ref", "f opt/ref/metadata.yaml m"}}
                                               << "link: /opt/ref";
    QTest::newRow("image without the folder") << "gzip" << L{{"f etc/hosts h"}} << "absent";
}

void tst_ImageLayers::layers()
{
    QFETCH(QString, compression);
    QFETCH(QList<QStringList>, layers);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    image::LayerTree tree("/usr/share/ref");
    for (int i = 0; i < layers.size(); ++i) {
        const QString file = dir.filePath(QString::number(i));
        writeLayer(file, layers[i], compression);
        const auto error = tree.applyLayer(file);
        QVERIFY2(!error, error ? error->c_str() : "");
    }
    if (expected.startsWith(QLatin1String("link: "))) {
        QCOMPARE(QString::fromStdString(tree.directoryLinkTarget()), expected.mid(6));
        QVERIFY(!tree.hasDirectory());
    } else if (expected == QLatin1String("absent")) {
        QVERIFY(!tree.hasDirectory());
    } else {
        QVERIFY(tree.hasDirectory());
        QCOMPARE(describe(tree.files()), expected);
    }
}

void tst_ImageLayers::damagedLayer()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("layer"));
    QStringList entries{"f usr/share/ref/metadata.yaml " + QString(200000, QLatin1Char('m'))};
    writeLayer(file, entries, QStringLiteral("none"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadWrite));
    QVERIFY(f.resize(100000));
    f.close();
    image::LayerTree tree("/usr/share/ref");
    const auto error = tree.applyLayer(file);
    QVERIFY(error);
    QVERIFY2(QString::fromStdString(*error).contains(QLatin1String("usr/share/ref/metadata.yaml")), error->c_str());
    QFile text(dir.filePath(QStringLiteral("text")));
    QVERIFY(text.open(QIODevice::WriteOnly));
    text.write("this is not a layer\n");
    text.close();
    QVERIFY(tree.applyLayer(text.fileName()));
}

void tst_ImageLayers::credentials_data()
{
    QTest::addColumn<QString>("registryAuthFile"); // contents of $REGISTRY_AUTH_FILE; empty: unset
    QTest::addColumn<QString>("podmanAuthFile");   // ~/.config/containers/auth.json
    QTest::addColumn<QString>("dockerConfig");     // ~/.docker/config.json
    QTest::addColumn<QString>("expected");         // user:password@source, "none" or "error: …"
    const QString ab = QString::fromLatin1(QByteArray("alice:pw1").toBase64());
    const QString cd = QString::fromLatin1(QByteArray("carol:pw2").toBase64());
    QTest::newRow("none anywhere") << "" << "" << "" << "none";
    QTest::newRow("podman auth.json") << "" << "{\"auths\":{\"reg.example:5000\":{\"auth\":\"" + ab + "\"}}}" << ""
                                      << "alice:pw1@podman";
    QTest::newRow("docker config with https:// key")
        << "" << "" << "{\"auths\":{\"https://reg.example:5000/v1/\":{\"auth\":\"" + ab + "\"}}}" << "alice:pw1@docker";
    QTest::newRow("REGISTRY_AUTH_FILE first")
        << "{\"auths\":{\"reg.example:5000\":{\"auth\":\"" + cd + "\"}}}"
        << "{\"auths\":{\"reg.example:5000\":{\"auth\":\"" + ab + "\"}}}" << "" << "carol:pw2@registry";
    QTest::newRow("repository key beats host key")
        << "" << "{\"auths\":{\"reg.example:5000\":{\"auth\":\"" + ab + "\"},\"reg.example:5000/telco\":{\"auth\":\"" + cd
               + "\"}}}"
        << "" << "carol:pw2@podman";
    QTest::newRow("other host only") << "" << "{\"auths\":{\"quay.io\":{\"auth\":\"" + ab + "\"}}}" << "" << "none";
    QTest::newRow("credential helper") << "" << "" << "{\"credHelpers\":{\"reg.example:5000\":\"dstest\"}}"
                                       << "helper-user:helper-secret@docker-credential-dstest";
    QTest::newRow("credsStore") << "" << "" << "{\"credsStore\":\"dstest\"}"
                                << "helper-user:helper-secret@docker-credential-dstest";
    QTest::newRow("missing helper") << "" << "" << "{\"credsStore\":\"nosuchhelper\"}"
                                    << "error: credential helper docker-credential-nosuchhelper";
    QTest::newRow("broken JSON") << "" << "{\"auths\":" << "" << "error: auth file HOME/.config/containers/auth.json is not valid JSON";
}

void tst_ImageLayers::credentials()
{
    QFETCH(QString, registryAuthFile);
    QFETCH(QString, podmanAuthFile);
    QFETCH(QString, dockerConfig);
    QFETCH(QString, expected);
    QTemporaryDir home;
    const QByteArray oldPath = qgetenv("PATH");
    qputenv("HOME", home.path().toUtf8());
    qunsetenv("XDG_RUNTIME_DIR");
    qunsetenv("DOCKER_CONFIG");
    qunsetenv("REGISTRY_AUTH_FILE");
    // A credential helper as Docker documents it: `get`, the server on stdin, JSON on stdout.
    test::writeFile(home.filePath(QStringLiteral("bin/docker-credential-dstest")),
                    "#!/bin/sh\nread server\n[ \"$1\" = get ] && [ \"$server\" = reg.example:5000 ] || exit 1\n"
                    "echo '{\"ServerURL\":\"reg.example:5000\",\"Username\":\"helper-user\",\"Secret\":\"helper-secret\"}'\n");
    QFile::setPermissions(home.filePath(QStringLiteral("bin/docker-credential-dstest")),
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    qputenv("PATH", home.filePath(QStringLiteral("bin")).toUtf8() + ":" + oldPath);
    if (!registryAuthFile.isEmpty()) {
        test::writeFile(home.filePath(QStringLiteral("registry.json")), registryAuthFile.toUtf8());
        qputenv("REGISTRY_AUTH_FILE", home.filePath(QStringLiteral("registry.json")).toUtf8());
    }
    if (!podmanAuthFile.isEmpty())
        test::writeFile(home.filePath(QStringLiteral(".config/containers/auth.json")), podmanAuthFile.toUtf8());
    if (!dockerConfig.isEmpty())
        test::writeFile(home.filePath(QStringLiteral(".docker/config.json")), dockerConfig.toUtf8());
    const image::CredentialLookup lookup = image::findRegistryCredential("reg.example:5000", "telco/ref");
    qputenv("PATH", oldPath);
    qunsetenv("REGISTRY_AUTH_FILE");
    if (expected.startsWith(QLatin1String("error: "))) {
        QVERIFY2(QString::fromStdString(lookup.error).startsWith(expected.mid(7).replace(QStringLiteral("HOME"), home.path())),
                 lookup.error.c_str());
        return;
    }
    QVERIFY2(lookup.error.empty(), lookup.error.c_str());
    if (expected == QLatin1String("none")) {
        QVERIFY(!lookup.credential);
        QVERIFY(lookup.filesTried.size() >= 2);
        return;
    }
    QVERIFY(lookup.credential);
    QString source = QString::fromStdString(lookup.credential->source);
    source = source.endsWith(QLatin1String("registry.json")) ? QStringLiteral("registry")
        : source.endsWith(QLatin1String("containers/auth.json")) ? QStringLiteral("podman")
        : source.endsWith(QLatin1String(".docker/config.json")) ? QStringLiteral("docker")
                                                                 : source;
    QCOMPARE(QString::fromStdString(lookup.credential->username + ":" + lookup.credential->password) + u'@' + source,
             expected);
}

QTEST_GUILESS_MAIN(tst_ImageLayers)
#include "tst_imagelayers.moc"
