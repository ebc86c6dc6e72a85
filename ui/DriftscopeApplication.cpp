// SPDX-License-Identifier: Apache-2.0
#include "DriftscopeApplication.h"

#include "DriftscopeVersion.h"
#include "MainWindow.h"
#include "main/Theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QSettings>

#include <optional>

namespace ds::ui {

namespace {

struct StartupFiles
{
    QString reference;
    QStringList inputs;
    QString diffConfig;
    QString overrides;
    QString review;
    std::optional<ClusterTarget> cluster;
    bool sample = false;
};

void setApplicationNames()
{
    QCoreApplication::setApplicationName(QStringLiteral("Driftscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(DRIFTSCOPE_VERSION_STRING));
    QCoreApplication::setOrganizationName(QStringLiteral("Driftscope"));
}

// Qt's own options (-geometry, -platform, -style) are taken out of argv by
// QApplication, so only `probeOnly` (before it exists) ignores what it does not
// know: it answers --help and --version and nothing else.
StartupFiles parseCommandLine(const QCoreApplication &app, bool probeOnly = false)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Shows how a cluster's configuration drifts from a reference."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption reference({QStringLiteral("r"), QStringLiteral("reference")},
                                       QApplication::translate("main", "The reference's metadata.yaml (or folder)."),
                                       QStringLiteral("metadata.yaml"));
    const QCommandLineOption input({QStringLiteral("f"), QStringLiteral("filename")},
                                   QApplication::translate("main", "Cluster data: CR files, a folder, a must-gather "
                                                                   "or an archive (repeatable, comma-separated)."),
                                   QStringLiteral("path"));
    const QCommandLineOption diffConfig({QStringLiteral("c"), QStringLiteral("diff-config")},
                                        QApplication::translate("main", "Diff config with manual correlations."),
                                        QStringLiteral("file"));
    const QCommandLineOption overrides(
        {QStringLiteral("p"), QStringLiteral("overrides")},
        QApplication::translate("main", "User overrides, applied as driftscope-cli -p applies them."),
        QStringLiteral("file"));
    const QCommandLineOption review(QStringLiteral("review"),
                                    QApplication::translate("main", "Review marks (docs/review-file.md)."),
                                    QStringLiteral("file"));
    const QCommandLineOption context(
        QStringLiteral("context"),
        QApplication::translate("main", "Compare the live cluster of this kubeconfig context (instead of -f)."),
        QStringLiteral("name"));
    const QCommandLineOption kubeconfig(
        QStringLiteral("kubeconfig"),
        QApplication::translate("main", "Kubeconfig for --context (default: $KUBECONFIG or ~/.kube/config)."),
        QStringLiteral("file"));
    const QCommandLineOption sample(
        QStringLiteral("sample"),
        QApplication::translate("main", "Open the sample comparison (the telco core reference and a cluster with a "
                                        "few changes)."));
    parser.addOptions({reference, input, diffConfig, overrides, review, context, kubeconfig, sample});
    if (probeOnly) {
        parser.parse(app.arguments());
        if (parser.isSet(QStringLiteral("help")))
            parser.showHelp(); // exits
        if (parser.isSet(QStringLiteral("version")))
            parser.showVersion();
        return {};
    }
    parser.process(app);
    StartupFiles files{parser.value(reference), {}, parser.value(diffConfig), parser.value(overrides),
                       parser.value(review), std::nullopt, false};
    if (parser.isSet(context) || parser.isSet(kubeconfig))
        files.cluster = ClusterTarget{parser.value(kubeconfig), parser.value(context)};
    for (const QString &value : parser.values(input))
        files.inputs << value.split(QLatin1Char(','), Qt::SkipEmptyParts);
    files.sample = parser.isSet(sample);
    return files;
}

} // namespace

int runDriftscope(int argc, char *argv[])
{
    {
        // --help and --version are answered before any window system is
        // needed (on a server, over ssh without X).
        QCoreApplication probe(argc, argv);
        setApplicationNames();
        parseCommandLine(probe, true);
    }
    QApplication app(argc, argv);
    setApplicationNames();
    QApplication::setDesktopFileName(QStringLiteral("io.github.driftscope.Driftscope"));
    const StartupFiles files = parseCommandLine(app);
    applyTheme(themeFromName(QSettings().value(QStringLiteral("view/theme")).toString()));

    MainWindow window;
    window.show();
    if (files.sample)
        window.openSample();
    if (!files.diffConfig.isEmpty())
        window.openDiffConfig(files.diffConfig);
    if (!files.overrides.isEmpty())
        window.openOverrides(files.overrides);
    if (!files.review.isEmpty())
        window.openReview(files.review);
    if (!files.reference.isEmpty())
        window.openReference(files.reference);
    if (!files.inputs.isEmpty())
        window.openInputs(files.inputs);
    else if (files.cluster)
        window.openCluster(*files.cluster);
    return QApplication::exec();
}

} // namespace ds::ui
