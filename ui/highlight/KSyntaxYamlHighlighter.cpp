// SPDX-License-Identifier: Apache-2.0
#include "highlight/KSyntaxYamlHighlighter.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>

#include <QGlobalStatic>
#include <QTextDocument>

namespace ds::ui {

namespace {

// Definitions and themes point into the repository's data, so it must outlive
// every highlighter: keep one for the whole process.
Q_GLOBAL_STATIC(KSyntaxHighlighting::Repository, s_repository)

KSyntaxHighlighting::Definition yamlDefinition()
{
    return s_repository->definitionForName(QStringLiteral("YAML"));
}

} // namespace

bool KSyntaxYamlHighlighter::isAvailable()
{
    return yamlDefinition().isValid();
}

std::unique_ptr<QSyntaxHighlighter> KSyntaxYamlHighlighter::create(QTextDocument *document, bool dark)
{
    const KSyntaxHighlighting::Definition definition = yamlDefinition();
    if (!definition.isValid())
        return nullptr;
    auto highlighter = std::make_unique<KSyntaxHighlighting::SyntaxHighlighter>();
    highlighter->setTheme(s_repository->defaultTheme(dark ? KSyntaxHighlighting::Repository::DarkTheme
                                                          : KSyntaxHighlighting::Repository::LightTheme));
    highlighter->setDefinition(definition);
    // Attached last so the document is highlighted once, with theme and definition set.
    highlighter->setDocument(document);
    return highlighter;
}

} // namespace ds::ui
