#include "views/response_curve_plot.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

#include "fatgraph/runtime/joystick_mapping.h"
#include "views/plot_scale.h"

namespace fatgraph::editor {
namespace {

constexpr double kLeft = 48, kTop = 8, kRight = 8, kBottom = 30;
constexpr int kCurvePoints = 201;
const QColor kBackground(52, 55, 61);
const QColor kDeadZone(255, 255, 255, 40);
const QColor kAxisColour[2] = {QColor(255, 120, 90), QColor(90, 200, 255)};

}  // namespace

ResponseCurvePlot::ResponseCurvePlot(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("responseCurvePlot"));
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::MinimumExpanding);
  setMapping(JoystickMapping{});
}

void ResponseCurvePlot::setMapping(const JoystickMapping& mapping) {
  mapping_ = mapping;
  lo_ = std::min({mapping.rangeMin[0], mapping.rangeMin[1], mapping.neutral[0],
                  mapping.neutral[1]});
  hi_ = std::max({mapping.rangeMax[0], mapping.rangeMax[1], mapping.neutral[0],
                  mapping.neutral[1]});
  if (!std::isfinite(lo_) || !std::isfinite(hi_)) lo_ = -1.0, hi_ = 1.0;
  const double pad = std::max(0.05 * (hi_ - lo_), 0.01);
  lo_ -= pad;
  hi_ += pad;
  update();
}

Eigen::Vector2d ResponseCurvePlot::planePointOf(const JoystickMapping& m, double stickX,
                                                double stickY) {
  // The runtime's own mapping: the curve drawn is the one the player applies.
  const Float2 p = joystickPlanePoint(m, static_cast<float>(stickX), static_cast<float>(stickY));
  return {p.x, p.y};
}

double ResponseCurvePlot::curveAt(int axis, double stick) const {
  return axis == 0 ? planePointOf(mapping_, stick, 0.0).x()
                   : planePointOf(mapping_, 0.0, stick).y();
}

QRectF ResponseCurvePlot::plotRect() const {
  QRectF r = QRectF(rect()).adjusted(kLeft, kTop, -kRight, -kBottom);
  r.setSize(r.size().expandedTo(QSizeF(1, 1)));
  return r;
}

QPointF ResponseCurvePlot::toWidget(double stick, double coordinate) const {
  const QRectF r = plotRect();
  return {r.left() + (stick + 1.0) / 2.0 * r.width(),
          r.bottom() - (coordinate - lo_) / (hi_ - lo_) * r.height()};
}

void ResponseCurvePlot::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  const QRectF r = plotRect();
  painter.fillRect(r, kBackground);
  // The dead zone: deflections that play the neutral.
  const double dz = std::clamp(static_cast<double>(mapping_.deadZone), 0.0, 0.99);
  painter.fillRect(QRectF(toWidget(-dz, hi_), toWidget(dz, lo_)).normalized(), kDeadZone);

  const QColor text = palette().color(QPalette::WindowText);
  const double line = fontMetrics().height();
  painter.setPen(text);
  const double step = tickStep(hi_ - lo_, 4);
  for (double v = std::ceil(lo_ / step) * step; v <= hi_; v += step) {
    const QPointF at = toWidget(-1.0, v);
    painter.drawLine(at, at - QPointF(4, 0));
    painter.drawText(QRectF(r.left() - 46, at.y() - line / 2, 40, line),
                     Qt::AlignRight | Qt::AlignVCenter,
                     QString::number(std::abs(v) < step * 1e-6 ? 0.0 : v, 'f', tickDecimals(step)));
  }
  for (double s : {-1.0, -0.5, 0.0, 0.5, 1.0}) {
    const QPointF at = toWidget(s, lo_);
    painter.drawLine(at, at + QPointF(0, 4));
    painter.drawText(QRectF(at.x() - 20, r.bottom() + 4, 40, line), Qt::AlignHCenter,
                     QString::number(s, 'f', 1));
  }
  painter.drawText(QRectF(r.left(), r.bottom() + 4 + line * 0.9, r.width(), line),
                   Qt::AlignHCenter, tr("stick deflection → plane coordinate (m)"));

  for (int a = 0; a < 2; ++a) {
    // The neutral of each axis, dashed, then the curve.
    painter.setPen(QPen(kAxisColour[a], 1.0, Qt::DashLine));
    painter.drawLine(toWidget(-1.0, mapping_.neutral[a]), toWidget(1.0, mapping_.neutral[a]));
    QPainterPath path;
    for (int i = 0; i < kCurvePoints; ++i) {
      const double s = -1.0 + 2.0 * i / (kCurvePoints - 1);
      const QPointF p = toWidget(s, curveAt(a, s));
      if (i == 0) path.moveTo(p); else path.lineTo(p);
    }
    painter.setPen(QPen(kAxisColour[a], 2.0));
    painter.setBrush(Qt::NoBrush);
    painter.drawPath(path);
    painter.drawText(QRectF(r.left() + 6, r.top() + 4 + a * line, r.width(), line),
                     Qt::AlignLeft, a == 0 ? tr("x (right)") : tr("y"));
  }
  painter.setPen(QPen(palette().color(QPalette::Mid), 1.0));
  painter.setBrush(Qt::NoBrush);
  painter.drawRect(r);
}

}  // namespace fatgraph::editor
