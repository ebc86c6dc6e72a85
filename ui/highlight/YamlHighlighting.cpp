// SPDX-License-Identifier: Apache-2.0
#include "highlight/YamlHighlighting.h"

#include "highlight/BuiltinYamlHighlighter.h"
#ifdef DRIFTSCOPE_HAVE_KF6_SYNTAX_HIGHLIGHTING
#include "highlight/KSyntaxYamlHighlighter.h"
#endif

#include <QPalette>
#include <QSyntaxHighlighter>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

namespace ds::ui {

YamlHighlighting::Engine YamlHighlighting::engine()
{
#ifdef DRIFTSCOPE_HAVE_KF6_SYNTAX_HIGHLIGHTING
    if (KSyntaxYamlHighlighter::isAvailable())
        return Engine::KSyntaxHighlighting;
#endif
    return Engine::Builtin;
}

QString YamlHighlighting::engineName()
{
    return engineName(engine());
}

QString YamlHighlighting::engineName(Engine engine)
{
    return engine == Engine::KSyntaxHighlighting ? QStringLiteral("KSyntaxHighlighting")
                                                 : QStringLiteral("builtin");
}

std::unique_ptr<QSyntaxHighlighter> YamlHighlighting::create(QTextDocument *document, const QPalette &palette)
{
#ifdef DRIFTSCOPE_HAVE_KF6_SYNTAX_HIGHLIGHTING
    if (auto highlighter = KSyntaxYamlHighlighter::create(document, isDark(palette)))
        return highlighter;
#endif
    auto highlighter = std::make_unique<BuiltinYamlHighlighter>(palette);
    highlighter->setDocument(document);
    return highlighter;
}

bool YamlHighlighting::isDark(const QPalette &palette)
{
    // The text is drawn on Base, so Base (not Window) decides what stays readable.
    return palette.color(QPalette::Base).lightness() < 128;
}

QTextCharFormat YamlHighlighting::formatAt(const QString &line, int column, const QPalette &palette)
{
    QTextDocument document;
    document.setPlainText(line);
    const std::unique_ptr<QSyntaxHighlighter> highlighter = create(&document, palette);
    highlighter->rehighlight();
    const QTextBlock block = document.firstBlock();
    QTextCharFormat format = block.charFormat();
    for (const QTextLayout::FormatRange &range : block.layout()->formats()) {
        if (column >= range.start && column < range.start + range.length)
            format.merge(range.format);
    }
    return format;
}

} // namespace ds::ui
