// SPDX-License-Identifier: Apache-2.0
#include "StatusIcons.h"

#include <QCoreApplication>
#include <QHash>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

namespace ds::ui {

namespace {

enum class Shape { Disc, Ring, DashedRing, Triangle, Square, HollowSquare, DashedSquare, Diamond, Octagon };
enum class Mark { None, Check, Cross, Plus, Bang, Slash, Dot };

struct Glyph
{
    Shape shape;
    Mark mark;
    QColor colour;
};

QPainterPath outline(Shape shape, const QRectF &r)
{
    QPainterPath path;
    switch (shape) {
    case Shape::Disc:
    case Shape::Ring:
    case Shape::DashedRing: path.addEllipse(r); break;
    case Shape::Triangle:
        path.moveTo(r.center().x(), r.top());
        path.lineTo(r.bottomRight());
        path.lineTo(r.bottomLeft());
        path.closeSubpath();
        break;
    case Shape::Square:
    case Shape::HollowSquare:
    case Shape::DashedSquare: path.addRoundedRect(r, r.width() * 0.15, r.width() * 0.15); break;
    case Shape::Diamond:
        path.moveTo(r.center().x(), r.top());
        path.lineTo(r.right(), r.center().y());
        path.lineTo(r.center().x(), r.bottom());
        path.lineTo(r.left(), r.center().y());
        path.closeSubpath();
        break;
    case Shape::Octagon: {
        const qreal c = r.width() * 0.29;
        path.moveTo(r.left() + c, r.top());
        path.lineTo(r.right() - c, r.top());
        path.lineTo(r.right(), r.top() + c);
        path.lineTo(r.right(), r.bottom() - c);
        path.lineTo(r.right() - c, r.bottom());
        path.lineTo(r.left() + c, r.bottom());
        path.lineTo(r.left(), r.bottom() - c);
        path.lineTo(r.left(), r.top() + c);
        path.closeSubpath();
        break;
    }
    }
    return path;
}

bool filled(Shape shape)
{
    return shape == Shape::Disc || shape == Shape::Triangle || shape == Shape::Square || shape == Shape::Diamond
        || shape == Shape::Octagon;
}

void paintMark(QPainter &p, Mark mark, const QRectF &r, const QColor &colour)
{
    QPen pen(colour, r.width() * 0.16, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    const QPointF c = r.center();
    const qreal s = r.width() * 0.22;
    switch (mark) {
    case Mark::None: break;
    case Mark::Check:
        p.drawPolyline(QPolygonF{QPointF(c.x() - s, c.y()), QPointF(c.x() - s * 0.3, c.y() + s * 0.8),
                                 QPointF(c.x() + s * 1.1, c.y() - s * 0.8)});
        break;
    case Mark::Cross:
        p.drawLine(QPointF(c.x() - s, c.y() - s), QPointF(c.x() + s, c.y() + s));
        p.drawLine(QPointF(c.x() - s, c.y() + s), QPointF(c.x() + s, c.y() - s));
        break;
    case Mark::Plus:
        p.drawLine(QPointF(c.x() - s, c.y()), QPointF(c.x() + s, c.y()));
        p.drawLine(QPointF(c.x(), c.y() - s), QPointF(c.x(), c.y() + s));
        break;
    case Mark::Bang:
        p.drawLine(QPointF(c.x(), c.y() - s * 1.1), QPointF(c.x(), c.y() + s * 0.3));
        p.drawPoint(QPointF(c.x(), c.y() + s * 1.1));
        break;
    case Mark::Slash:
        p.drawLine(QPointF(c.x() - s * 1.3, c.y() + s * 1.3), QPointF(c.x() + s * 1.3, c.y() - s * 1.3));
        break;
    case Mark::Dot:
        p.setPen(Qt::NoPen);
        p.setBrush(colour);
        p.drawEllipse(c, s * 0.7, s * 0.7);
        break;
    }
}

// A small filled disc with a light centre in the bottom right corner.
void paintPinBadge(QPainter &p, int size)
{
    const qreal d = size * 0.45;
    const QRectF badge(size - d, size - d, d, d);
    p.setPen(QPen(Qt::white, size * 0.06));
    p.setBrush(QColor(0x1f, 0x4e, 0xb4));
    p.drawEllipse(badge.adjusted(0.5, 0.5, -0.5, -0.5));
    p.setPen(Qt::NoPen);
    p.setBrush(Qt::white);
    p.drawEllipse(badge.center(), d * 0.17, d * 0.17);
}

QPixmap paint(const Glyph &g, bool manual, int size)
{
    QPixmap pixmap(size, size);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    const qreal stroke = size * 0.11;
    const QRectF r = QRectF(0, 0, size, size).adjusted(stroke, stroke, -stroke, -stroke);
    const QPainterPath path = outline(g.shape, r);
    QPen pen(g.colour, stroke);
    if (g.shape == Shape::DashedRing || g.shape == Shape::DashedSquare)
        pen.setDashPattern({1.5, 1.5});
    p.setPen(pen);
    p.setBrush(filled(g.shape) ? QBrush(g.colour) : Qt::NoBrush);
    p.drawPath(path);
    QRectF markArea = r;
    if (g.shape == Shape::Triangle)
        markArea.setTop(r.top() + r.height() * 0.25);
    paintMark(p, g.mark, markArea, filled(g.shape) ? QColor(Qt::white) : g.colour);
    if (manual)
        paintPinBadge(p, size);
    return pixmap;
}

Glyph templateGlyph(TemplateState state)
{
    switch (state) {
    case TemplateState::Clean: return {Shape::Disc, Mark::Check, QColor(0x2e, 0x9e, 0x44)};
    case TemplateState::Drift: return {Shape::Triangle, Mark::Bang, QColor(0xe0, 0x8a, 0x00)};
    case TemplateState::MissingRequired: return {Shape::HollowSquare, Mark::Cross, QColor(0xd0, 0x2c, 0x2c)};
    case TemplateState::NotPresent: return {Shape::DashedRing, Mark::None, QColor(0x8a, 0x8a, 0x8a)};
    case TemplateState::MatchedMoreThanAllowed: return {Shape::Diamond, Mark::Plus, QColor(0x8e, 0x44, 0xad)};
    case TemplateState::Patched: return {Shape::Square, Mark::Check, QColor(0x1f, 0x78, 0xc8)};
    case TemplateState::RenderError: return {Shape::Octagon, Mark::Cross, QColor(0xb0, 0x1c, 0x1c)};
    case TemplateState::Manual: return {Shape::Ring, Mark::Dot, QColor(0x1f, 0x4e, 0xb4)};
    case TemplateState::NotCompared: break;
    }
    return {Shape::Ring, Mark::None, QColor(0xa0, 0xa0, 0xa0)};
}

Glyph objectGlyph(ClusterObjectState state)
{
    switch (state) {
    case ClusterObjectState::Clean: return templateGlyph(TemplateState::Clean);
    case ClusterObjectState::Drift: return templateGlyph(TemplateState::Drift);
    case ClusterObjectState::Unmatched: return {Shape::DashedSquare, Mark::Dot, QColor(0x7a, 0x7a, 0x7a)};
    case ClusterObjectState::SkippedByDoNotMatch: return {Shape::Ring, Mark::Slash, QColor(0x7a, 0x7a, 0x7a)};
    case ClusterObjectState::RenderError: return templateGlyph(TemplateState::RenderError);
    case ClusterObjectState::Manual: return templateGlyph(TemplateState::Manual);
    case ClusterObjectState::Patched: return templateGlyph(TemplateState::Patched);
    case ClusterObjectState::NotCompared: break;
    }
    return templateGlyph(TemplateState::NotCompared);
}

QHash<int, QIcon> &cache()
{
    // Cleared before QGuiApplication goes, so no pixmap outlives it.
    static QHash<int, QIcon> *icons = [] {
        auto *hash = new QHash<int, QIcon>;
        qAddPostRoutine([] { cache().clear(); });
        return hash;
    }();
    return *icons;
}

QIcon cachedIcon(int key, const Glyph &glyph, bool manual)
{
    QHash<int, QIcon> &icons = cache();
    auto it = icons.find(key);
    if (it == icons.end()) {
        QIcon icon;
        for (int size : {16, 24, 32})
            icon.addPixmap(paint(glyph, manual, size));
        it = icons.insert(key, icon);
    }
    return *it;
}

} // namespace

QIcon StatusIcons::forTemplate(TemplateState state, bool manual)
{
    return cachedIcon(static_cast<int>(state) * 2 + (manual ? 1 : 0), templateGlyph(state), manual);
}

QIcon StatusIcons::forClusterObject(ClusterObjectState state, bool manual)
{
    return cachedIcon(1000 + static_cast<int>(state) * 2 + (manual ? 1 : 0), objectGlyph(state), manual);
}

QIcon StatusIcons::unreviewedDrift()
{
    return cachedIcon(3000, {Shape::DashedRing, Mark::Bang, templateGlyph(TemplateState::Drift).colour}, false);
}

} // namespace ds::ui
