#include "views/key_time_track.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>

#include "views/leg_overlay.h"

namespace fatgraph::editor {
namespace {

constexpr int kLabelWidth = 84;  // leg names on the left
constexpr int kRightMargin = 8;
constexpr int kRowHeight = 18;
constexpr int kTop = 2;
constexpr double kHitPixels = 4.0;  // how near a tick counts as hovering it

}  // namespace

KeyTimeTrack::KeyTimeTrack(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("keyTimeTrack"));
  setMouseTracking(true);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void KeyTimeTrack::setClip(int frameCount, double fps) {
  frameCount_ = std::max(0, frameCount);
  fps_ = fps > 0 ? fps : 30.0;
  frame_ = 0;
  update();
}

void KeyTimeTrack::setTracks(std::shared_ptr<const ClipLegTracks> tracks, bool pending) {
  tracks_ = std::move(tracks);
  if (pending) {
    message_ = tr("Analysing gait cycles…");
  } else if (!tracks_) {
    message_ = frameCount_ > 0 ? tr("No gait analysis") : QString();
  } else {
    message_ = tracks_->message;
  }
  updateGeometry();
  update();
}

void KeyTimeTrack::setFrame(int frame) {
  if (frame == frame_) return;
  frame_ = frame;
  update();
}

int KeyTimeTrack::rowCount() const {
  return tracks_ && !tracks_->empty() ? static_cast<int>(tracks_->legs.size()) : 0;
}

QSize KeyTimeTrack::sizeHint() const {
  return {400, kTop * 2 + std::max(1, rowCount()) * kRowHeight};
}

QSize KeyTimeTrack::minimumSizeHint() const { return {200, sizeHint().height()}; }

double KeyTimeTrack::xOf(double frame) const {
  const double span = std::max(1, frameCount_ - 1);
  const double w = std::max(1, width() - kLabelWidth - kRightMargin);
  return kLabelWidth + frame / span * w;
}

int KeyTimeTrack::frameAt(int x) const {
  const double w = std::max(1, width() - kLabelWidth - kRightMargin);
  const double frame = (x - kLabelWidth) / w * std::max(1, frameCount_ - 1);
  return std::clamp(static_cast<int>(std::lround(frame)), 0, std::max(0, frameCount_ - 1));
}

int KeyTimeTrack::rowAt(int y) const {
  const int row = (y - kTop) / kRowHeight;
  return y >= kTop && row < rowCount() ? row : -1;
}

QString KeyTimeTrack::timeText(double frame) const {
  return tr("%1 s (frame %2)").arg(frame / fps_, 0, 'f', 2).arg(frame, 0, 'f', 1);
}

QString KeyTimeTrack::toolTipAt(const QPoint& position) const {
  const int row = rowAt(position.y());
  if (row < 0) return message_;
  const LegKeyTrack& leg = tracks_->legs[static_cast<size_t>(row)];
  const double x = position.x();
  auto near = [&](double frame) { return std::abs(xOf(frame) - x) <= kHitPixels; };
  // Ticks first: they sit on the bars' ends and are what a user aims at.
  for (double f : leg.lifts) {
    if (near(f)) return tr("%1 foot-lift at %2").arg(leg.name, timeText(f));
  }
  for (double f : leg.lands) {
    if (near(f)) return tr("%1 foot-land at %2").arg(leg.name, timeText(f));
  }
  for (const ContactSpan& span : leg.contacts) {
    if (x >= xOf(span.strike) - kHitPixels && x <= xOf(span.off) + kHitPixels) {
      return tr("%1 on the ground: foot-strike %2 → foot-off %3 (%4 s); stance %5")
          .arg(leg.name, timeText(span.strike), timeText(span.off))
          .arg((span.off - span.strike) / fps_, 0, 'f', 2)
          .arg(timeText(span.stance));
    }
  }
  return tr("%1 in the air at %2").arg(leg.name, timeText(frameAt(position.x())));
}

bool KeyTimeTrack::event(QEvent* event) {
  if (event->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(event);
    const QString text = toolTipAt(help->pos());
    if (text.isEmpty()) {
      QToolTip::hideText();
    } else {
      QToolTip::showText(help->globalPos(), text, this);
    }
    return true;
  }
  return QWidget::event(event);
}

void KeyTimeTrack::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), QColor(32, 34, 38));
  painter.setRenderHint(QPainter::Antialiasing);
  const int rows = rowCount();
  if (rows == 0) {
    painter.setPen(QColor(170, 170, 170));
    painter.drawText(rect().adjusted(kLabelWidth, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft,
                     message_);
    return;
  }
  for (int row = 0; row < rows; ++row) {
    const LegKeyTrack& leg = tracks_->legs[static_cast<size_t>(row)];
    const QColor color = legColor(leg.name, row);
    const int top = kTop + row * kRowHeight;
    const double mid = top + kRowHeight / 2.0;
    if (row % 2 == 1) painter.fillRect(0, top, width(), kRowHeight, QColor(38, 40, 45));
    painter.setPen(color);
    painter.drawText(QRect(4, top, kLabelWidth - 8, kRowHeight), Qt::AlignVCenter | Qt::AlignLeft,
                     leg.name);
    painter.setPen(Qt::NoPen);
    QColor bar = color;
    bar.setAlphaF(0.75f);
    painter.setBrush(bar);
    for (const ContactSpan& span : leg.contacts) {
      const double x0 = std::max<double>(kLabelWidth, xOf(span.strike));
      const double x1 = std::min<double>(width() - kRightMargin, xOf(span.off));
      if (x1 > x0) painter.drawRect(QRectF(x0, top + 6, x1 - x0, kRowHeight - 12));
    }
    // Stance: a diamond on the bar.
    painter.setBrush(QColor(245, 245, 245));
    for (const ContactSpan& span : leg.contacts) {
      const double x = xOf(span.stance);
      if (x < kLabelWidth || x > width() - kRightMargin) continue;
      QPainterPath diamond;
      diamond.moveTo(x, mid - 3.5);
      diamond.lineTo(x + 2.5, mid);
      diamond.lineTo(x, mid + 3.5);
      diamond.lineTo(x - 2.5, mid);
      diamond.closeSubpath();
      painter.drawPath(diamond);
    }
    // Foot-lift: a tick above the bar (the foot goes up); foot-land: one below it. Plain
    // strokes stay legible when a long clip packs hundreds of them into the row.
    painter.setPen(QPen(color.lighter(150), 1.5));
    const int bottom = top + kRowHeight;
    for (double f : leg.lifts) {
      const double x = xOf(f);
      if (x >= kLabelWidth && x <= width() - kRightMargin) {
        painter.drawLine(QPointF(x, top + 1), QPointF(x, top + 5));
      }
    }
    for (double f : leg.lands) {
      const double x = xOf(f);
      if (x >= kLabelWidth && x <= width() - kRightMargin) {
        painter.drawLine(QPointF(x, bottom - 5), QPointF(x, bottom - 1));
      }
    }
  }
  if (frameCount_ > 0) {
    const double x = xOf(frame_);
    painter.setPen(QPen(QColor(255, 255, 255, 200), 1));
    painter.drawLine(QPointF(x, 0), QPointF(x, height()));
  }
}

void KeyTimeTrack::mousePressEvent(QMouseEvent* event) {
  if (event->button() == Qt::LeftButton && frameCount_ > 0 &&
      event->position().x() >= kLabelWidth) {
    emit frameRequested(frameAt(static_cast<int>(event->position().x())));
  }
}

void KeyTimeTrack::mouseMoveEvent(QMouseEvent* event) {
  if ((event->buttons() & Qt::LeftButton) && frameCount_ > 0) {
    emit frameRequested(frameAt(static_cast<int>(event->position().x())));
  }
}

}  // namespace fatgraph::editor
