// SPDX-License-Identifier: Apache-2.0
#pragma once

// Only compiled when KF6 SyntaxHighlighting was found (DRIFTSCOPE_HAVE_KF6_SYNTAX_HIGHLIGHTING).

#include <memory>

class QSyntaxHighlighter;
class QTextDocument;

namespace ds::ui {

// YAML colouring by KSyntaxHighlighting: one shared Repository (loading it
// reads every definition's metadata, so it is built once), the "YAML"
// definition and the repository's default light or dark theme.
class KSyntaxYamlHighlighter
{
public:
    // The repository has a valid "YAML" definition.
    static bool isAvailable();
    // A KSyntaxHighlighting::SyntaxHighlighter without QObject parent, attached
    // to document; nullptr when the definition is missing.
    static std::unique_ptr<QSyntaxHighlighter> create(QTextDocument *document, bool dark);
};

} // namespace ds::ui
