#include "views/parameter_plot.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

#include "views/heat_map_image.h"
#include "views/plot_scale.h"

namespace fatgraph::editor {
namespace {

// Room around the plot for the axes' labels (left, bottom) and the colour legend (right).
constexpr double kLeft = 54, kTop = 10, kRight = 84, kBottom = 40;
constexpr double kBarWidth = 12;
const QColor kPlotBackground(52, 55, 61);
const QColor kTriangleColour(255, 255, 255, 70);
const QColor kHullColour(80, 220, 255);
const QColor kHoverColour(255, 90, 200);
const QColor kPinColour(120, 255, 120);

}  // namespace

ParameterPlot::ParameterPlot(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("parameterPlot"));
  setMouseTracking(true);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
  clear(tr("No fat edge to show"));
}

void ParameterPlot::setParameterization(const EdgeParameterization& parameterization) {
  space_ = parameterization;
  hasSpace_ = true;
  message_.clear();
  // The plane keeps its input points' projections; project again if they were not kept.
  samples_.clear();
  const ParameterPlane& plane = space_.plane;
  const bool kept = plane.projected.size() == space_.samplePositions.size();
  for (size_t i = 0; i < space_.samplePositions.size(); ++i) {
    samples_.push_back(kept ? plane.projected[i] : plane.project(space_.samplePositions[i]));
  }
  errorMax_ = 0.0;
  for (float e : space_.vertexError) {
    if (std::isfinite(e)) errorMax_ = std::max(errorMax_, static_cast<double>(e));
  }
  errorMax_ = std::max(errorMax_, 1e-3);  // a legend of at least 1 mm
  updateBounds();
  endHover();
  update();
}

void ParameterPlot::clear(const QString& message) {
  space_ = {};
  hasSpace_ = false;
  message_ = message;
  samples_.clear();
  errorMax_ = 0.0;
  boxMin_ = Eigen::Vector2d::Constant(-1.0);
  boxMax_ = Eigen::Vector2d::Constant(1.0);
  joystick_.reset();
  dragAxis_ = -1;
  endHover();
  clearPin();
  update();
}

void ParameterPlot::updateBounds() {
  Eigen::Vector2d lo = Eigen::Vector2d::Constant(INFINITY);
  Eigen::Vector2d hi = Eigen::Vector2d::Constant(-INFINITY);
  auto include = [&](const Eigen::Vector2d& p) {
    if (!p.allFinite()) return;
    lo = lo.cwiseMin(p);
    hi = hi.cwiseMax(p);
  };
  for (const Eigen::Vector2d& p : samples_) include(p);
  for (const Eigen::Vector2d& p : space_.triangulation.sites) include(p);
  if (space_.grid.resolution >= 2) {  // each vertex's cell reaches half a step past it
    const Eigen::Vector2d half =
        (space_.grid.maxCorner - space_.grid.minCorner) / (2.0 * (space_.grid.resolution - 1));
    include(space_.grid.minCorner - half);
    include(space_.grid.maxCorner + half);
  }
  if (!(lo.array() <= hi.array()).all()) {  // nothing finite: a unit box around the origin
    lo = Eigen::Vector2d::Constant(-0.5);
    hi = Eigen::Vector2d::Constant(0.5);
  }
  // A line or a point has no extent across it: widen such an axis to half the larger extent
  // so the view stays readable; pad the others by 3 %.
  const double span = std::max({hi.x() - lo.x(), hi.y() - lo.y(), 0.2});
  for (int a = 0; a < 2; ++a) {
    const double extent = hi[a] - lo[a];
    const double pad = extent < 0.25 * span ? 0.5 * (0.5 * span - extent) : 0.03 * extent;
    lo[a] -= pad;
    hi[a] += pad;
  }
  boxMin_ = lo;
  boxMax_ = hi;
}

QRectF ParameterPlot::plotRect() const {
  QRectF area = QRectF(rect()).adjusted(kLeft, kTop, -kRight, -kBottom);
  area.setSize(area.size().expandedTo(QSizeF(1, 1)));  // a tiny widget still maps both ways
  const Eigen::Vector2d extent = boxMax_ - boxMin_;
  const double scale = std::min(area.width() / extent.x(), area.height() / extent.y());
  const QSizeF size(extent.x() * scale, extent.y() * scale);
  return {area.center() - QPointF(size.width() / 2, size.height() / 2), size};
}

QPointF ParameterPlot::toWidget(const Eigen::Vector2d& plane) const {
  const QRectF r = plotRect();
  const double scale = r.width() / (boxMax_.x() - boxMin_.x());
  // Screen y grows downwards; plane y (forward or up) is drawn upwards.
  return {r.left() + (plane.x() - boxMin_.x()) * scale,
          r.bottom() - (plane.y() - boxMin_.y()) * scale};
}

Eigen::Vector2d ParameterPlot::toPlane(const QPointF& widget) const {
  const QRectF r = plotRect();
  const double scale = r.width() / (boxMax_.x() - boxMin_.x());
  return {boxMin_.x() + (widget.x() - r.left()) / scale,
          boxMin_.y() + (r.bottom() - widget.y()) / scale};
}

void ParameterPlot::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.fillRect(plotRect(), kPlotBackground);
  if (hasSpace_) {
    drawGrid(painter);
    drawTriangulation(painter);
    drawSamples(painter);
    drawJoystick(painter);
    drawLegend(painter);
  }
  drawAxes(painter);
  if (hover_ && !pinned_) drawMarker(painter, *hover_, kHoverColour);
  if (pinned_) drawMarker(painter, *pinned_, kPinColour);
  drawNote(painter);
}

void ParameterPlot::drawGrid(QPainter& painter) const {
  const WeightGrid& grid = space_.grid;
  const int g = grid.resolution;
  if (g < 2 || space_.vertexError.size() != static_cast<size_t>(g) * static_cast<size_t>(g)) return;
  // Each vertex owns the cell around it; an axis without extent (a line) gets a thin band.
  Eigen::Vector2d half = (grid.maxCorner - grid.minCorner) / (2.0 * (g - 1));
  for (int a = 0; a < 2; ++a) {
    if (half[a] <= 0.0) half[a] = 0.04 * (boxMax_[a] - boxMin_[a]);
  }
  painter.save();
  painter.setClipRect(plotRect());
  painter.setPen(Qt::NoPen);
  for (int iy = 0; iy < g; ++iy) {
    for (int ix = 0; ix < g; ++ix) {
      const Eigen::Vector2d v = grid.vertex(ix, iy);
      const float e = space_.vertexError[static_cast<size_t>(iy) * static_cast<size_t>(g) +
                                         static_cast<size_t>(ix)];
      const QColor colour(std::isfinite(e) ? heatColour(e / errorMax_) : undefinedHeatColour());
      painter.setBrush(colour);
      painter.drawRect(QRectF(toWidget(v - half), toWidget(v + half)).normalized());
    }
  }
  painter.restore();
}

void ParameterPlot::drawTriangulation(QPainter& painter) const {
  const WeightTriangulation& t = space_.triangulation;
  const auto site = [&](int i) { return toWidget(t.sites[static_cast<size_t>(i)]); };
  painter.save();
  painter.setBrush(Qt::NoBrush);
  painter.setPen(QPen(kTriangleColour, 0.8));
  for (const std::array<int, 3>& tri : t.triangles) {
    painter.drawPolygon(QPolygonF({site(tri[0]), site(tri[1]), site(tri[2])}));
  }
  QPolygonF hull;
  for (int i : t.hull) hull << site(i);
  painter.setPen(QPen(kHullColour, 2.0));
  if (t.dimension == 2) {
    painter.drawPolygon(hull);
  } else {
    painter.drawPolyline(hull);  // a line's sites, in order along it
  }
  painter.restore();
}

void ParameterPlot::drawSamples(QPainter& painter) const {
  painter.save();
  painter.setPen(Qt::NoPen);
  painter.setBrush(QColor(235, 235, 235, 200));
  for (const Eigen::Vector2d& p : samples_) painter.drawEllipse(toWidget(p), 1.8, 1.8);
  // A pure sample plays one segment alone: it marks where that recorded motion sits.
  QFont small = font();  // an edge may have dozens of segments: keep their labels light
  small.setPointSizeF(small.pointSizeF() * 0.85);
  painter.setFont(small);
  for (size_t i = 0; i < samples_.size() && i < space_.sampleWeights.size(); ++i) {
    const Eigen::VectorXd& w = space_.sampleWeights[i];
    Eigen::Index segment = 0;
    if (w.size() == 0 || w.maxCoeff(&segment) < 0.999) continue;
    const QPointF p = toWidget(samples_[i]);
    painter.setPen(QPen(Qt::black, 1.5));
    painter.setBrush(QColor(255, 214, 64));
    painter.drawEllipse(p, 5.0, 5.0);
    painter.setPen(Qt::white);
    painter.drawText(p + QPointF(7, -5), tr("s%1").arg(segment));
  }
  painter.restore();
}

void ParameterPlot::drawAxes(QPainter& painter) const {
  const QRectF r = plotRect();
  painter.save();
  painter.setBrush(Qt::NoBrush);
  painter.setPen(QPen(palette().color(QPalette::Mid), 1.0));
  painter.drawRect(r);
  // The plane's origin is the samples' centroid: draw its axes faintly.
  painter.setPen(QPen(QColor(255, 255, 255, 60), 1.0, Qt::DashLine));
  const QPointF origin = toWidget(Eigen::Vector2d::Zero());
  if (r.contains(QPointF(origin.x(), r.center().y())))
    painter.drawLine(QPointF(origin.x(), r.top()), QPointF(origin.x(), r.bottom()));
  if (r.contains(QPointF(r.center().x(), origin.y())))
    painter.drawLine(QPointF(r.left(), origin.y()), QPointF(r.right(), origin.y()));
  const QColor text = palette().color(QPalette::WindowText);
  const double line = fontMetrics().height();
  painter.setPen(text);
  for (int a = 0; a < 2; ++a) {
    const double step = tickStep(boxMax_[a] - boxMin_[a], 4);
    for (double v = std::ceil(boxMin_[a] / step) * step; v <= boxMax_[a]; v += step) {
      Eigen::Vector2d p = boxMin_;
      p[a] = v;
      const QPointF at = toWidget(p);
      const QString label =
          QString::number(std::abs(v) < step * 1e-6 ? 0.0 : v, 'f', tickDecimals(step));
      if (a == 0) {
        painter.drawLine(at, at + QPointF(0, 4));
        painter.drawText(QRectF(at.x() - 40, r.bottom() + 4, 80, line),
                         Qt::AlignHCenter | Qt::AlignTop, label);
      } else {
        painter.drawLine(at, at - QPointF(4, 0));
        painter.drawText(QRectF(r.left() - 48, at.y() - line / 2, 42, line),
                         Qt::AlignRight | Qt::AlignVCenter, label);
      }
    }
  }
  painter.drawText(QRectF(r.left(), r.bottom() + 4 + line, r.width(), line), Qt::AlignHCenter,
                   tr("x (right), m"));
  const QString yTitle = space_.plane.steep ? tr("y (up), m") : tr("y (forward), m");
  painter.translate(r.left() - 40 - line, r.center().y());
  painter.rotate(-90);
  painter.drawText(QRectF(-r.height() / 2, 0, r.height(), line), Qt::AlignHCenter, yTitle);
  painter.restore();
}

void ParameterPlot::drawLegend(QPainter& painter) const {
  const QRectF r = plotRect();
  drawColourBar(painter, *this, QRectF(r.right() + 10, r.top(), kBarWidth, r.height()),
                errorMax_ * 1000.0, tr("mm"));
}

void ParameterPlot::drawNote(QPainter& painter) const {
  QStringList lines;
  if (!hasSpace_) {
    lines << message_;
  } else if (space_.triangulation.dimension < 2 || space_.plane.dimension < 2) {
    // Why the space is a line or a point: that is what the user must know before playing it.
    const std::string& why =
        space_.triangulation.reason.empty() ? space_.plane.reason : space_.triangulation.reason;
    if (!why.empty()) lines << QString::fromStdString(why);
    for (const std::string& note : space_.notes) lines << QString::fromStdString(note);
  }
  if (lines.isEmpty()) return;
  const QRectF r = plotRect().adjusted(8, 8, -8, -8);
  const QString text = lines.join(QLatin1Char('\n'));
  QRectF box = painter.boundingRect(r, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, text);
  painter.save();
  painter.setPen(Qt::NoPen);
  painter.setBrush(QColor(0, 0, 0, 170));
  painter.drawRoundedRect(box.adjusted(-4, -3, 4, 3), 3, 3);
  painter.setPen(Qt::white);
  painter.drawText(r, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, text);
  painter.restore();
}

}  // namespace fatgraph::editor
