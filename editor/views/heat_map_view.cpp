#include "views/heat_map_view.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

#include "fatgraph/core/model/project.h"
#include "views/heat_map_image.h"

namespace fatgraph::editor {
namespace {

constexpr double kBarWidth = 12.0;
const QColor kHubColour(64, 220, 255);

/// A round step (1, 2 or 5 times a power of ten) giving about `count` ticks up to `max`.
double tickStep(double max, int count) {
  const double raw = max / count;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0}) {
    if (m * power >= raw) return m * power;
  }
  return 10.0 * power;
}

}  // namespace

HeatMapView::HeatMapView(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("heatMapView"));
  setMouseTracking(true);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
  message_ = tr("No distance matrix yet: build the graph (Ctrl+B)");
}

void HeatMapView::setProject(const Project& project) {
  GlobalFrameAxis axis = GlobalFrameAxis::of(project);
  clips_ = std::move(axis.clips);
  hubs_ = std::move(axis.hubs);
  const int total = axis.frames;
  const DistanceScan& scan = project.distances.scan;
  const bool hasScan = project.distances.valid() && scan.heatSize > 0;
  heatSize_ = hasScan ? scan.heatSize : 0;
  stride_ = hasScan ? std::max(1, scan.heatStride) : 1;
  frames_ = hasScan ? scan.frames : 0;
  heat_ = hasScan ? scan.heat : std::vector<float>{};
  scaleMax_ = hasScan ? heatScaleMax(scan) : 1.0;
  image_ = hasScan ? heatMapImage(scan, scaleMax_) : QImage();
  hubThreshold_ = project.graph.empty() ? 0.0 : project.graph.hubThreshold.rms;
  if (!hasScan) {
    message_ = tr("No distance matrix yet: build the graph (Ctrl+B)");
  } else if (frames_ != total) {
    message_ = tr("Out of date: the clips changed since the matrix was computed");
  } else {
    message_.clear();
  }

  update();
}

void HeatMapView::setCurrentFrame(int clip, int frame) {
  const bool valid = clip >= 0 && clip < static_cast<int>(clips_.size());
  const int global = valid ? clips_[static_cast<size_t>(clip)].start + frame : -1;
  if (global == currentFrame_) return;
  currentFrame_ = global;
  update();
}

QRectF HeatMapView::matrixRect() const {
  if (image_.isNull()) return {};
  const double line = fontMetrics().height();
  const double left = line + 8.0;
  const double bottom = line + 8.0;
  const double right = kBarWidth + 14.0 + fontMetrics().horizontalAdvance(QStringLiteral("0.000 m"));
  const double top = 6.0;
  const double side = std::max(10.0, std::min(width() - left - right, height() - top - bottom));
  return {left, top, side, side};
}

double HeatMapView::axisPosition(int frame) const {
  return (frame + 0.5) / (static_cast<double>(stride_) * heatSize_);
}

int HeatMapView::globalFrameAt(double axisFraction) const {
  const int cell = std::clamp(static_cast<int>(axisFraction * heatSize_), 0, heatSize_ - 1);
  return std::min(cell * stride_ + stride_ / 2, std::max(0, frames_ - 1));
}

std::pair<int, int> HeatMapView::clipFrame(int global) const {
  for (size_t c = 0; c < clips_.size(); ++c) {
    if (global >= clips_[c].start && global < clips_[c].start + clips_[c].count) {
      return {static_cast<int>(c), global - clips_[c].start};
    }
  }
  return {-1, -1};
}

std::pair<int, int> HeatMapView::frameAt(const QPointF& position) const {
  const QRectF matrix = matrixRect();
  if (matrix.isEmpty() || !matrix.contains(position) || !message_.isEmpty()) return {-1, -1};
  return clipFrame(globalFrameAt(fractionAt(position, matrix).y()));
}

double HeatMapView::xOf(double fraction, const QRectF& m) const {
  return m.left() + (fraction - visible_.left()) / visible_.width() * m.width();
}

double HeatMapView::yOf(double fraction, const QRectF& m) const {
  return m.top() + (fraction - visible_.top()) / visible_.height() * m.height();
}

QPointF HeatMapView::fractionAt(const QPointF& p, const QRectF& m) const {
  return {visible_.left() + (p.x() - m.left()) / m.width() * visible_.width(),
          visible_.top() + (p.y() - m.top()) / m.height() * visible_.height()};
}

void HeatMapView::setVisibleRegion(QRectF region) {
  // At most 64 screen pixels per cell: beyond that a cell only grows, it shows nothing new.
  const double side = std::max(matrixRect().width(), 1.0);
  const double smallest = std::min(1.0, side / (64.0 * std::max(heatSize_, 1)));
  const double width = std::clamp(region.width(), smallest, 1.0);
  const QPointF centre = region.center();
  region = QRectF(centre.x() - width / 2, centre.y() - width / 2, width, width);
  region.moveLeft(std::clamp(region.left(), 0.0, 1.0 - width));
  region.moveTop(std::clamp(region.top(), 0.0, 1.0 - width));
  if (region == visible_) return;
  visible_ = region;
  update();
  emit zoomChanged();
}

void HeatMapView::zoomAt(const QPointF& position, double factor) {
  const QRectF m = matrixRect();
  if (m.isEmpty() || factor <= 0.0) return;
  const QPointF anchor = fractionAt(position, m);  // stays under the cursor
  const double width = visible_.width() / factor;
  const double clamped = std::clamp(width, 0.0, 1.0);
  const QPointF offset = (anchor - visible_.topLeft()) * (clamped / visible_.width());
  setVisibleRegion(QRectF(anchor - offset, QSizeF(clamped, clamped)));
}

void HeatMapView::panBy(const QPointF& pixels) {
  const QRectF m = matrixRect();
  if (m.isEmpty()) return;
  setVisibleRegion(visible_.translated(-pixels.x() / m.width() * visible_.width(),
                                       -pixels.y() / m.height() * visible_.height()));
}

void HeatMapView::resetZoom() { setVisibleRegion({0.0, 0.0, 1.0, 1.0}); }

void HeatMapView::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), palette().window());
  const QRectF matrix = matrixRect();
  if (!matrix.isEmpty()) {
    const QRectF source(visible_.left() * image_.width(), visible_.top() * image_.height(),
                        visible_.width() * image_.width(), visible_.height() * image_.height());
    painter.drawImage(matrix, image_, source);  // nearest cell: no smoothing invents values
    drawAxes(painter, matrix);
    drawHubs(painter, matrix);
    drawColourBar(painter, matrix);
  }
  if (message_.isEmpty()) return;
  const QRectF box = matrix.isEmpty() ? QRectF(rect()) : matrix;
  if (!matrix.isEmpty()) painter.fillRect(box, QColor(0, 0, 0, 150));
  painter.setPen(matrix.isEmpty() ? palette().color(QPalette::PlaceholderText) : Qt::white);
  painter.drawText(box.adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap, message_);
}

void HeatMapView::drawAxes(QPainter& painter, const QRectF& m) const {
  painter.save();
  const double line = fontMetrics().height();
  const double side = static_cast<double>(stride_) * heatSize_;
  for (const ClipSpan& clip : clips_) {
    const double from = clip.start / side;
    const double to = (clip.start + clip.count) / side;
    if (from >= 1.0) break;
    // The clip's stretch of each axis as far as it is on screen.
    const double x0 = std::max(xOf(from, m), m.left()), x1 = std::min(xOf(std::min(to, 1.0), m), m.right());
    const double y0 = std::max(yOf(from, m), m.top()), y1 = std::min(yOf(std::min(to, 1.0), m), m.bottom());
    if (clip.start > 0) {  // boundary lines
      painter.setPen(QPen(QColor(255, 255, 255, 170), 1.0));
      if (xOf(from, m) >= m.left() && xOf(from, m) <= m.right()) {
        painter.drawLine(QPointF(xOf(from, m), m.top()), QPointF(xOf(from, m), m.bottom()));
      }
      if (yOf(from, m) >= m.top() && yOf(from, m) <= m.bottom()) {
        painter.drawLine(QPointF(m.left(), yOf(from, m)), QPointF(m.right(), yOf(from, m)));
      }
    }
    painter.setPen(palette().color(QPalette::WindowText));
    if (x1 > x0) {
      const QString name = fontMetrics().elidedText(clip.name, Qt::ElideRight, static_cast<int>(x1 - x0));
      painter.drawText(QRectF(x0, m.bottom() + 3, x1 - x0, line), Qt::AlignHCenter | Qt::AlignTop, name);
    }
    if (y1 > y0) {
      const QString name = fontMetrics().elidedText(clip.name, Qt::ElideRight, static_cast<int>(y1 - y0));
      painter.save();  // the rows' labels, rotated along the left edge
      painter.translate(m.left() - 4, y0);
      painter.rotate(-90);
      painter.drawText(QRectF(-(y1 - y0), -line, y1 - y0, line), Qt::AlignHCenter | Qt::AlignBottom, name);
      painter.restore();
    }
  }
  painter.setPen(QPen(palette().color(QPalette::Mid), 1.0));
  painter.drawRect(m.adjusted(-0.5, -0.5, 0.5, 0.5));
  if (currentFrame_ >= 0 && currentFrame_ < frames_) {  // the frame the views show
    painter.setClipRect(m);
    const double y = yOf(axisPosition(currentFrame_), m);
    const double x = xOf(axisPosition(currentFrame_), m);
    painter.setPen(QPen(QColor(255, 255, 255, 110), 1.0, Qt::DashLine));
    painter.drawLine(QPointF(m.left(), y), QPointF(m.right(), y));
    painter.drawLine(QPointF(x, m.top()), QPointF(x, m.bottom()));
  }
  painter.restore();
}

void HeatMapView::drawHubs(QPainter& painter, const QRectF& m) const {
  painter.save();
  painter.setClipRect(m);
  painter.setRenderHint(QPainter::Antialiasing);
  QColor faint = kHubColour;
  faint.setAlpha(120);
  for (const HubMark& hub : hubs_) {
    if (hub.frame < 0 || hub.frame >= frames_) continue;
    const double y = yOf(axisPosition(hub.frame), m);
    const double x = xOf(axisPosition(hub.frame), m);
    painter.setPen(QPen(faint, 1.0));
    painter.drawLine(QPointF(m.left(), y), QPointF(m.right(), y));
    painter.drawLine(QPointF(x, m.top()), QPointF(x, m.bottom()));
    painter.setPen(QPen(kHubColour, 1.5));
    painter.setBrush(Qt::NoBrush);
    for (int match : hub.matches) {
      if (match < 0 || match >= frames_) continue;
      const double mx = xOf(axisPosition(match), m);
      const double my = yOf(axisPosition(match), m);
      painter.drawEllipse(QPointF(mx, y), 3.0, 3.0);  // the hub's row
      painter.drawEllipse(QPointF(x, my), 3.0, 3.0);  // and its column
    }
    painter.setBrush(kHubColour);
    painter.drawEllipse(QPointF(x, y), 4.0, 4.0);
    // The hub's name, on a dark plate so it reads over any colour.
    const QRectF text = fontMetrics().boundingRect(hub.name).toRectF();
    QRectF plate(m.left() + 3, y - text.height() - 3, text.width() + 8, text.height() + 2);
    if (plate.top() < m.top()) plate.moveTop(y + 3);
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(0, 0, 0, 170));
    painter.drawRoundedRect(plate, 3, 3);
    painter.setPen(kHubColour);
    painter.drawText(plate, Qt::AlignCenter, hub.name);
  }
  painter.restore();
}

void HeatMapView::drawColourBar(QPainter& painter, const QRectF& m) const {
  painter.save();
  const QRectF bar(m.right() + 8, m.top(), kBarWidth, m.height());
  QLinearGradient gradient(bar.bottomLeft(), bar.topLeft());
  for (int i = 0; i <= 16; ++i) gradient.setColorAt(i / 16.0, QColor(heatColour(i / 16.0)));
  painter.fillRect(bar, gradient);
  painter.setPen(palette().color(QPalette::Mid));
  painter.drawRect(bar);
  const double step = tickStep(scaleMax_, 4);
  const int decimals = step >= 0.1 ? 1 : (step >= 0.01 ? 2 : 3);
  painter.setPen(palette().color(QPalette::WindowText));
  const double line = fontMetrics().height();
  for (double v = 0.0; v <= scaleMax_ * 1.0001; v += step) {
    const double y = bar.bottom() - v / scaleMax_ * bar.height();
    painter.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + 3, y));
    painter.drawText(QRectF(bar.right() + 5, y - line / 2, 80, line), Qt::AlignLeft | Qt::AlignVCenter,
                     tr("%1 m").arg(v, 0, 'f', decimals));
  }
  if (hubThreshold_ > 0.0 && hubThreshold_ < scaleMax_) {  // where matches end
    const double y = bar.bottom() - hubThreshold_ / scaleMax_ * bar.height();
    painter.setPen(QPen(kHubColour, 2.0));
    painter.drawLine(QPointF(bar.left() - 3, y), QPointF(bar.right(), y));
  }
  painter.restore();
}

void HeatMapView::mousePressEvent(QMouseEvent* event) {
  const bool pan = event->button() == Qt::MiddleButton ||
                   (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ShiftModifier));
  if (pan) {
    panning_ = true;
    panFrom_ = event->position();
    setCursor(Qt::ClosedHandCursor);
    return;
  }
  const auto [clip, frame] = frameAt(event->position());
  if (event->button() == Qt::LeftButton && clip >= 0) emit frameRequested(clip, frame);
}

void HeatMapView::mouseReleaseEvent(QMouseEvent*) {
  if (!panning_) return;
  panning_ = false;
  unsetCursor();
}

void HeatMapView::mouseDoubleClickEvent(QMouseEvent* event) {
  if (event->button() == Qt::LeftButton) resetZoom();
}

void HeatMapView::wheelEvent(QWheelEvent* event) {
  // One notch (120) zooms by 1.25; touchpads send smaller steps.
  zoomAt(event->position(), std::pow(1.25, event->angleDelta().y() / 120.0));
  event->accept();
}

void HeatMapView::mouseMoveEvent(QMouseEvent* event) {
  if (panning_) {
    panBy(event->position() - panFrom_);
    panFrom_ = event->position();
    return;
  }
  const QRectF m = matrixRect();
  const auto [rowClip, rowFrame] = frameAt(event->position());
  if (rowClip < 0) {
    QToolTip::hideText();
    return;
  }
  const QPointF f = fractionAt(event->position(), m);
  const double fx = f.x();
  const double fy = f.y();
  const auto [colClip, colFrame] = clipFrame(globalFrameAt(fx));
  const int cell = std::clamp(static_cast<int>(fy * heatSize_), 0, heatSize_ - 1) * heatSize_ +
                   std::clamp(static_cast<int>(fx * heatSize_), 0, heatSize_ - 1);
  const float value = heat_[static_cast<size_t>(cell)];
  const QString distance = std::isfinite(value) ? tr("%1 m").arg(value, 0, 'f', 3) : tr("undefined");
  QToolTip::showText(event->globalPosition().toPoint(),
                     tr("row: %1 frame %2\ncolumn: %3 frame %4\nnearest in the cell: %5")
                         .arg(clips_[static_cast<size_t>(rowClip)].name).arg(rowFrame)
                         .arg(colClip >= 0 ? clips_[static_cast<size_t>(colClip)].name : QString())
                         .arg(colFrame).arg(distance),
                     this);
}

}  // namespace fatgraph::editor
