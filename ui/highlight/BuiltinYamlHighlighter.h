// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "report/YamlLineClassifier.h"

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

#include <array>

class QPalette;

namespace ds::ui {

// YAML colouring when KSyntaxHighlighting is not available: an adapter that
// applies core's YamlLineClassifier (the HTML report's classifier too) to a
// QTextDocument, with ColourPalette's colours on the palette's base. The
// classifier's multi-line state is kept as each block's state.
class BuiltinYamlHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT

public:
    explicit BuiltinYamlHighlighter(const QPalette &palette, QObject *parent = nullptr);

protected:
    void highlightBlock(const QString &text) override;

private:
    static constexpr std::size_t kKinds = static_cast<std::size_t>(report::YamlTokenKind::Marker) + 1;
    using Formats = std::array<QTextCharFormat, kKinds>; // by YamlTokenKind
    static Formats formatsFor(const QPalette &palette);

    Formats m_formats;
    report::YamlLineClassifier m_classifier;
};

} // namespace ds::ui
