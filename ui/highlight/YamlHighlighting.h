// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

#include <memory>

class QPalette;
class QSyntaxHighlighter;
class QTextCharFormat;
class QTextDocument;

namespace ds::ui {

// The one place that knows which engine colours YAML. KSyntaxHighlighting (KF6)
// is used when it was found at build time and ships a "YAML" definition;
// otherwise the built-in highlighter. Callers only see QSyntaxHighlighter.
class YamlHighlighting
{
public:
    enum class Engine { Builtin, KSyntaxHighlighting };

    static Engine engine();
    // "builtin" or "KSyntaxHighlighting".
    static QString engineName();
    static QString engineName(Engine engine);

    // A highlighter attached to document, coloured for palette (a dark Base
    // picks the dark theme). The highlighter has no QObject parent: the
    // caller owns it and must destroy it before the document.
    static std::unique_ptr<QSyntaxHighlighter> create(QTextDocument *document, const QPalette &palette);

    // Whether text drawn on palette's Base needs dark-theme colours.
    static bool isDark(const QPalette &palette);

    // The format the current engine gives the character at column of a
    // one-line YAML document (e.g. formatAt("key: value", 0) is a key's).
    // Lets tests and settings previews ask "what colour is a key" without
    // knowing the engine.
    static QTextCharFormat formatAt(const QString &line, int column, const QPalette &palette);
};

} // namespace ds::ui
