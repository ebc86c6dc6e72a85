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
};

StartupFiles parseCommandLine(const QApplication &app)
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
    parser.addOptions({reference, input, diffConfig, overrides, review, context, kubeconfig});
    parser.process(app);
    StartupFiles files{parser.value(reference), {}, parser.value(diffConfig), parser.value(overrides),
                       parser.value(review), std::nullopt};
    if (parser.isSet(context) || parser.isSet(kubeconfig))
        files.cluster = ClusterTarget{parser.value(kubeconfig), parser.value(context)};
    for (const QString &value : parser.values(input))
        files.inputs << value.split(QLatin1Char(','), Qt::SkipEmptyParts);
    return files;
}

} // namespace

int runDriftscope(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Driftscope"));
    QApplication::setApplicationVersion(QStringLiteral(DRIFTSCOPE_VERSION_STRING));
    QApplication::setOrganizationName(QStringLiteral("Driftscope"));
    QApplication::setDesktopFileName(QStringLiteral("io.github.driftscope.Driftscope"));
    const StartupFiles files = parseCommandLine(app);
    applyTheme(themeFromName(QSettings().value(QStringLiteral("view/theme")).toString()));

    MainWindow window;
    window.show();
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
