#include "views/play_event_strip.h"

#include <QPainter>
#include <QPalette>

#include <algorithm>
#include <cmath>

#include "play/play_event_log.h"

namespace fatgraph::editor {

namespace {

constexpr double kLabelWidth = 48.0;  // leg names on the left

// A leg's colour, as the viewport's leg overlay cycles them.
QColor legColour(int leg) {
  static const QColor colours[] = {{80, 170, 255}, {255, 140, 70}, {120, 210, 120},
                                   {230, 110, 200}, {240, 210, 90}, {150, 150, 255}};
  return colours[static_cast<std::size_t>(leg) % (sizeof colours / sizeof colours[0])];
}

}  // namespace

PlayEventStrip::PlayEventStrip(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("playEventStrip"));
  window_ = PlayEventLog::kHistorySeconds;
  setToolTip(tr("The last %1 s of the player's events, now at the right: per leg its stances "
                "(foot strike to foot-off), below the hubs reached and the edges started")
                 .arg(window_));
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

QSize PlayEventStrip::sizeHint() const {
  const int rows = static_cast<int>(legs_.size()) + 1;
  return {320, 14 * std::max(rows, 2) + 6};
}

void PlayEventStrip::clear() {
  setEvents({}, 0.0, {}, {});
}

void PlayEventStrip::setEvents(const std::vector<PlayerEvent>& events, double now, std::vector<QString> legs,
                               std::vector<QString> edges) {
  const bool resized = legs.size() != legs_.size();
  legs_ = std::move(legs);
  edgeNames_ = std::move(edges);
  now_ = now;
  stances_.clear();
  hubs_.clear();
  edgeStarts_.clear();
  const double from = now_ - window_;
  // A stance opens at a strike and closes at the same leg's next foot-off; a leg's first
  // foot-off without a strike before it began its stance before the window (its left edge).
  const double unset = -1e300;
  std::vector<double> open(legs_.size(), unset);
  std::vector<bool> any(legs_.size(), false);
  for (const PlayerEvent& e : events) {
    const bool footEvent = e.leg >= 0 && e.leg < static_cast<int>(legs_.size());
    if (e.kind == PlayerEventKind::FootStrike && footEvent) {
      open[e.leg] = e.time;
      any[e.leg] = true;
    } else if (e.kind == PlayerEventKind::FootOff && footEvent) {
      if (open[e.leg] != unset) {
        stances_.push_back({e.leg, std::max(open[e.leg], from), e.time});
      } else if (!any[e.leg]) {
        stances_.push_back({e.leg, from, e.time});
      }
      open[e.leg] = unset;
      any[e.leg] = true;
    } else if (e.kind == PlayerEventKind::HubReached) {
      hubs_.push_back(e.time);
    } else if (e.kind == PlayerEventKind::EdgeStarted) {
      edgeStarts_.emplace_back(e.time, e.edge);
    }
  }
  for (std::size_t l = 0; l < open.size(); ++l)
    if (open[l] != unset) stances_.push_back({static_cast<int>(l), std::max(open[l], from), now_});
  if (resized) updateGeometry();
  update();
}

double PlayEventStrip::xOf(double t) const {
  const double w = std::max(1.0, width() - kLabelWidth - 2.0);
  return kLabelWidth + (t - (now_ - window_)) / window_ * w;
}

double PlayEventStrip::rowHeight() const {
  return std::max(4.0, (height() - 4.0) / static_cast<double>(legs_.size() + 1));
}

void PlayEventStrip::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), palette().color(QPalette::Base));
  const double row = rowHeight();
  const QColor text = palette().color(QPalette::Text);
  // Seconds grid, labelled at whole seconds of play.
  p.setPen(QColor(128, 128, 128, 60));
  for (double s = std::ceil(now_ - window_); s <= now_; s += 1.0) p.drawLine(QPointF(xOf(s), 0), QPointF(xOf(s), height()));
  for (std::size_t l = 0; l < legs_.size(); ++l) {
    const double y = 2.0 + row * static_cast<double>(l);
    p.setPen(text);
    p.drawText(QRectF(2, y, kLabelWidth - 4, row), Qt::AlignVCenter | Qt::AlignLeft, legs_[l]);
  }
  for (const Stance& s : stances_) {
    const double y = 2.0 + row * s.leg;
    const QColor c = legColour(s.leg);
    p.fillRect(QRectF(QPointF(xOf(s.start), y + 0.2 * row), QPointF(xOf(s.end), y + 0.8 * row)), c.darker(140));
    p.setPen(c);
    p.drawLine(QPointF(xOf(s.start), y), QPointF(xOf(s.start), y + row));
  }
  const double y = 2.0 + row * static_cast<double>(legs_.size());
  p.setPen(text);
  p.drawText(QRectF(2, y, kLabelWidth - 4, row), Qt::AlignVCenter | Qt::AlignLeft, tr("graph"));
  for (const auto& [t, edge] : edgeStarts_) {
    const QString name = edge >= 0 && edge < static_cast<int>(edgeNames_.size()) ? edgeNames_[edge] : QString();
    p.setPen(QColor(170, 170, 170));
    p.drawText(QPointF(xOf(t) + 2.0, y + 0.8 * row), name);
  }
  p.setPen(QPen(QColor(255, 220, 90), 2.0));
  for (const double t : hubs_) p.drawLine(QPointF(xOf(t), y), QPointF(xOf(t), y + row));
}

}  // namespace fatgraph::editor
