#include "views/distance_curve_view.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>

#include "fatgraph/core/model/project.h"

namespace fatgraph::editor {
namespace {

const QColor kCurveColour(235, 235, 235);
const QColor kHubColour(64, 220, 255);     // as the heat map draws hubs
const QColor kMinimumColour(255, 190, 60);  // the row's own match set
constexpr double kPickPixels = 6.0;

}  // namespace

DistanceCurveView::DistanceCurveView(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("distanceCurveView"));
  setMouseTracking(true);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void DistanceCurveView::setProject(const Project& project) {
  GlobalFrameAxis axis = GlobalFrameAxis::of(project);
  clips_ = std::move(axis.clips);
  hubs_ = std::move(axis.hubs);
  frames_ = axis.frames;
  if (selectedHub_ >= static_cast<int>(hubs_.size())) selectedHub_ = -1;
  update();
}

void DistanceCurveView::setRow(std::shared_ptr<const FrameDistanceRow> row) {
  row_ = std::move(row);
  scaleMax_ = 0.0;
  if (row_) {
    for (double v : row_->rms) {
      if (std::isfinite(v)) scaleMax_ = std::max(scaleMax_, v);
    }
    scaleMax_ = std::max({scaleMax_ * 1.05, row_->thresholdRms * 1.2, 0.01});
  }
  update();
}

void DistanceCurveView::setSelectedHub(int hub) {
  selectedHub_ = hub >= 0 && hub < static_cast<int>(hubs_.size()) ? hub : -1;
  dragFrom_ = -1;
  update();
}

void DistanceCurveView::setCurrentFrame(int clip, int frame) {
  const bool valid = clip >= 0 && clip < static_cast<int>(clips_.size());
  const int global = valid ? clips_[static_cast<size_t>(clip)].start + frame : -1;
  if (global == currentFrame_) return;
  currentFrame_ = global;
  update();
}

std::vector<int> DistanceCurveView::hubMatches() const {
  return selectedHub_ >= 0 ? hubs_[static_cast<size_t>(selectedHub_)].matches : std::vector<int>{};
}

QRectF DistanceCurveView::plotRect() const {
  if (!row_ || frames_ == 0) return {};
  const double line = fontMetrics().height();
  const double left = fontMetrics().horizontalAdvance(QStringLiteral("0.000 m")) + 8.0;
  return QRectF(left, 6.0, std::max(10.0, width() - left - 8.0),
                std::max(10.0, height() - 6.0 - 2.0 * line - 10.0));
}

double DistanceCurveView::xOf(int global) const {
  const QRectF plot = plotRect();
  return plot.left() + (global + 0.5) / std::max(frames_, 1) * plot.width();
}

double DistanceCurveView::yOf(double rms) const {
  const QRectF plot = plotRect();
  return plot.bottom() - std::clamp(rms / scaleMax_, 0.0, 1.0) * plot.height();
}

int DistanceCurveView::globalAtX(double x) const {
  const QRectF plot = plotRect();
  const int g = static_cast<int>(std::floor((x - plot.left()) / plot.width() * frames_));
  return std::clamp(g, 0, std::max(0, frames_ - 1));
}

std::pair<int, int> DistanceCurveView::clipFrame(int global) const {
  for (size_t c = 0; c < clips_.size(); ++c) {
    if (global >= clips_[c].start && global < clips_[c].start + clips_[c].count) {
      return {static_cast<int>(c), global - clips_[c].start};
    }
  }
  return {-1, -1};
}

std::pair<int, int> DistanceCurveView::frameAtX(double x) const {
  const QRectF plot = plotRect();
  if (plot.isEmpty() || x < plot.left() || x > plot.right()) return {-1, -1};
  return clipFrame(globalAtX(x));
}

int DistanceCurveView::nearestWithin(const std::vector<int>& frames, double x) const {
  int best = -1;
  double bestDistance = kPickPixels;
  for (int f : frames) {
    const double d = std::abs(xOf(f) - x);
    if (d <= bestDistance) {
      best = f;
      bestDistance = d;
    }
  }
  return best;
}

void DistanceCurveView::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), palette().base());
  const QRectF plot = plotRect();
  if (plot.isEmpty()) {
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap,
                     tr("No distance row: open a clip and pick a frame"));
    return;
  }
  painter.fillRect(plot, QColor(28, 30, 34));
  drawCurve(painter, plot);
  drawMarks(painter, plot);
}

void DistanceCurveView::drawCurve(QPainter& painter, const QRectF& plot) const {
  painter.save();
  const double line = fontMetrics().height();
  // Clip boundaries and names under the axis.
  for (const ClipSpan& clip : clips_) {
    const double x0 = plot.left() + static_cast<double>(clip.start) / frames_ * plot.width();
    const double x1 = plot.left() + static_cast<double>(clip.start + clip.count) / frames_ * plot.width();
    if (clip.start > 0) {
      painter.setPen(QPen(QColor(255, 255, 255, 140), 1.0));
      painter.drawLine(QPointF(x0, plot.top()), QPointF(x0, plot.bottom()));
    }
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(QRectF(x0, plot.bottom() + line + 4, x1 - x0, line), Qt::AlignHCenter,
                     fontMetrics().elidedText(clip.name, Qt::ElideRight, static_cast<int>(x1 - x0)));
  }
  // The scale: 0 and the maximum.
  painter.setPen(palette().color(QPalette::Text));
  painter.drawText(QRectF(0, plot.top() - line / 2, plot.left() - 4, line), Qt::AlignRight,
                   tr("%1 m").arg(scaleMax_, 0, 'f', 3));
  painter.drawText(QRectF(0, plot.bottom() - line / 2, plot.left() - 4, line), Qt::AlignRight,
                   tr("0 m"));
  // The curve, one polyline per clip and defined stretch. Many frames per pixel column keep
  // each column's smallest and largest value, so no minimum disappears between pixels.
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setPen(QPen(kCurveColour, 1.2));
  const std::vector<double>& rms = row_->rms;
  for (const ClipSpan& clip : clips_) {
    QPolygonF polyline;
    int column = -1;
    double lo = 0.0, hi = 0.0;
    auto flush = [&] {
      if (column < 0) return;
      polyline << QPointF(column + 0.5, yOf(hi)) << QPointF(column + 0.5, yOf(lo));
      column = -1;
    };
    for (int g = clip.start; g < clip.start + clip.count && g < static_cast<int>(rms.size()); ++g) {
      const double v = rms[static_cast<size_t>(g)];
      if (!std::isfinite(v)) {
        flush();
        if (polyline.size() > 1) painter.drawPolyline(polyline);
        polyline.clear();
        continue;
      }
      const int c = static_cast<int>(std::floor(xOf(g)));
      if (c != column) {
        flush();
        column = c;
        lo = hi = v;
      } else {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
    }
    flush();
    if (polyline.size() > 1) painter.drawPolyline(polyline);
  }
  painter.restore();
}

void DistanceCurveView::drawMarks(QPainter& painter, const QRectF& plot) const {
  painter.save();
  painter.setRenderHint(QPainter::Antialiasing);
  const double threshold = row_->thresholdRms;
  if (threshold > 0.0) {  // frames below it and at a local minimum match
    painter.setPen(QPen(kHubColour, 1.0, Qt::DashLine));
    painter.drawLine(QPointF(plot.left(), yOf(threshold)), QPointF(plot.right(), yOf(threshold)));
    painter.drawText(QRectF(plot.left() + 4, yOf(threshold) - fontMetrics().height() - 1, 300,
                            fontMetrics().height()),
                     Qt::AlignLeft, tr("hub threshold %1 m").arg(threshold, 0, 'f', 3));
  }
  if (row_->global >= 0) {  // the row's own frame
    painter.setPen(QPen(kMinimumColour, 1.0));
    painter.drawLine(QPointF(xOf(row_->global), plot.top()), QPointF(xOf(row_->global), plot.bottom()));
  }
  painter.setPen(QPen(kMinimumColour, 1.5));
  painter.setBrush(Qt::NoBrush);
  for (int g : row_->matches) {
    painter.drawEllipse(QPointF(xOf(g), yOf(row_->rms[static_cast<size_t>(g)])), 4.0, 4.0);
  }
  // The selected hub's match set: triangles on the axis (the one dragged drawn where it goes).
  painter.setPen(Qt::NoPen);
  painter.setBrush(kHubColour);
  for (int g : hubMatches()) {
    const double x = xOf(g == dragFrom_ && dragTo_ >= 0 ? dragTo_ : g);
    QPolygonF triangle;
    triangle << QPointF(x, plot.bottom() - 1) << QPointF(x - 5, plot.bottom() + 8)
             << QPointF(x + 5, plot.bottom() + 8);
    painter.drawPolygon(triangle);
  }
  if (currentFrame_ >= 0 && currentFrame_ < frames_) {
    painter.setPen(QPen(QColor(255, 255, 255, 120), 1.0, Qt::DashLine));
    painter.drawLine(QPointF(xOf(currentFrame_), plot.top()), QPointF(xOf(currentFrame_), plot.bottom()));
  }
  painter.restore();
}

void DistanceCurveView::mousePressEvent(QMouseEvent* event) {
  const QPointF p = event->position();
  const auto [clip, frame] = frameAtX(p.x());
  if (event->button() != Qt::LeftButton || clip < 0) return;
  if (selectedHub_ >= 0 && (event->modifiers() & Qt::ControlModifier)) {
    int g = nearestWithin(hubMatches(), p.x());  // a match nearby is removed
    if (g < 0) g = nearestWithin(row_->matches, p.x());  // else a ring nearby is added
    if (g < 0) g = globalAtX(p.x());
    const auto [c, f] = clipFrame(g);
    emit matchToggleRequested(c, f);
    return;
  }
  if (selectedHub_ >= 0) {
    dragFrom_ = nearestWithin(hubMatches(), p.x());
    dragTo_ = -1;
    if (dragFrom_ >= 0) return;  // released: moved, or a click on the match's frame
  }
  emit frameRequested(clip, frame);
}

void DistanceCurveView::mouseMoveEvent(QMouseEvent* event) {
  if (dragFrom_ >= 0 && (event->buttons() & Qt::LeftButton)) {
    // A match moves within its clip: a cut cannot jump to another recording.
    const auto [fromClip, fromFrame] = clipFrame(dragFrom_);
    const ClipSpan& span = clips_[static_cast<size_t>(fromClip)];
    dragTo_ = std::clamp(globalAtX(event->position().x()), span.start, span.start + span.count - 1);
    update();
  }
  showHover(event->position(), event->globalPosition().toPoint());
}

void DistanceCurveView::mouseReleaseEvent(QMouseEvent* event) {
  if (dragFrom_ < 0 || event->button() != Qt::LeftButton) return;
  const int from = dragFrom_;
  const int to = dragTo_;
  dragFrom_ = dragTo_ = -1;
  update();
  const auto [clip, frame] = clipFrame(from);
  if (to < 0 || to == from) {
    emit frameRequested(clip, frame);
    return;
  }
  emit matchMoveRequested(clip, frame, clipFrame(to).second);
}

void DistanceCurveView::showHover(const QPointF& position, const QPoint& global) {
  const auto [clip, frame] = frameAtX(position.x());
  if (clip < 0 || !row_) {
    QToolTip::hideText();
    return;
  }
  const int g = clips_[static_cast<size_t>(clip)].start + frame;
  const double v = g < static_cast<int>(row_->rms.size()) ? row_->rms[static_cast<size_t>(g)] : NAN;
  QString text = tr("%1 frame %2: %3")
                     .arg(clips_[static_cast<size_t>(clip)].name)
                     .arg(frame)
                     .arg(std::isfinite(v) ? tr("%1 m").arg(v, 0, 'f', 4) : tr("undefined"));
  const std::vector<int> matches = hubMatches();
  if (std::find(matches.begin(), matches.end(), g) != matches.end()) {
    text += tr(" · match of %1").arg(hubs_[static_cast<size_t>(selectedHub_)].name);
  }
  QToolTip::showText(global, text, this);
}

}  // namespace fatgraph::editor
