// The parameter plot's interaction: the held point (press, drag, right click), the joystick
// overlay (ranges, neutral, handles) and dragging its handles, and hovering.
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

#include "views/parameter_plot.h"

namespace fatgraph::editor {
namespace {

const QColor kJoystickColour(255, 170, 40);
constexpr double kHandleRadius = 5.0, kHandleReach = 9.0;  // pixels

}  // namespace

void ParameterPlot::setJoystick(const std::optional<JoystickMapping>& mapping) {
  joystick_ = mapping;
  update();
}

QPointF ParameterPlot::rangeHandle(int axis, int side) const {
  if (!joystick_) return {};
  const JoystickMapping& m = *joystick_;
  Eigen::Vector2d p(m.neutral[0], m.neutral[1]);
  p[axis] = side == 0 ? m.rangeMin[axis] : m.rangeMax[axis];
  return toWidget(p);
}

void ParameterPlot::clearPin() {
  pinning_ = false;
  if (!pinned_) return;
  pinned_.reset();
  emit pinCleared();
  update();
}

void ParameterPlot::drawMarker(QPainter& painter, const Eigen::Vector2d& point,
                               const QColor& colour) const {
  const QPointF p = toWidget(point);
  painter.setPen(QPen(colour, 2.0));
  painter.setBrush(Qt::NoBrush);
  painter.drawEllipse(p, 6.0, 6.0);
  painter.drawLine(p - QPointF(10, 0), p + QPointF(10, 0));
  painter.drawLine(p - QPointF(0, 10), p + QPointF(0, 10));
}

void ParameterPlot::drawJoystick(QPainter& painter) const {
  if (!joystick_) return;
  const JoystickMapping& m = *joystick_;
  painter.save();
  painter.setClipRect(plotRect().adjusted(-kHandleRadius, -kHandleRadius, kHandleRadius,
                                          kHandleRadius));
  // Full deflection along both axes at once reaches the rectangle's corners.
  painter.setPen(QPen(kJoystickColour, 1.2, Qt::DashLine));
  painter.setBrush(Qt::NoBrush);
  painter.drawRect(QRectF(toWidget({m.rangeMin[0], m.rangeMin[1]}),
                          toWidget({m.rangeMax[0], m.rangeMax[1]}))
                       .normalized());
  painter.setPen(QPen(kJoystickColour, 1.6));
  painter.drawLine(rangeHandle(0, 0), rangeHandle(0, 1));
  painter.drawLine(rangeHandle(1, 0), rangeHandle(1, 1));
  painter.setBrush(kJoystickColour);
  painter.drawEllipse(toWidget({m.neutral[0], m.neutral[1]}), 3.0, 3.0);
  painter.setPen(QPen(Qt::black, 1.0));
  for (int axis = 0; axis < 2; ++axis) {
    for (int side = 0; side < 2; ++side) {
      const QPointF h = rangeHandle(axis, side);
      painter.drawRect(QRectF(h - QPointF(kHandleRadius, kHandleRadius),
                              QSizeF(2 * kHandleRadius, 2 * kHandleRadius)));
    }
  }
  painter.restore();
}

void ParameterPlot::mousePressEvent(QMouseEvent* event) {
  if (event->button() == Qt::RightButton) {
    clearPin();
    return;
  }
  if (event->button() != Qt::LeftButton || !hasSpace_) return;
  for (int axis = 0; joystick_ && axis < 2; ++axis) {
    for (int side = 0; side < 2; ++side) {
      const QPointF d = rangeHandle(axis, side) - event->position();
      if (std::hypot(d.x(), d.y()) > kHandleReach) continue;
      dragAxis_ = axis;
      dragSide_ = side;
      emit rangeDragStarted();
      return;
    }
  }
  if (!plotRect().contains(event->position())) return;
  pinning_ = true;
  pin(event->position());
}

void ParameterPlot::pin(const QPointF& widget) {
  const QRectF r = plotRect();
  pinned_ = toPlane(QPointF(std::clamp(widget.x(), r.left(), r.right()),
                            std::clamp(widget.y(), r.top(), r.bottom())));
  emit pointPinned(pinned_->x(), pinned_->y());
  update();
}

void ParameterPlot::mouseReleaseEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return;
  pinning_ = false;
  if (dragAxis_ < 0) return;
  dragAxis_ = -1;
  emit rangeDragFinished();
}

void ParameterPlot::mouseMoveEvent(QMouseEvent* event) {
  if (dragAxis_ >= 0) {
    const Eigen::Vector2d p = toPlane(event->position());
    emit rangeDragged(dragAxis_, dragSide_, p[dragAxis_]);
    return;
  }
  if (pinning_) {
    pin(event->position());
    return;
  }
  if (!hasSpace_ || !plotRect().contains(event->position())) {
    endHover();
    return;
  }
  hover_ = toPlane(event->position());
  emit planePointHovered(hover_->x(), hover_->y());
  update();
}

void ParameterPlot::leaveEvent(QEvent*) { endHover(); }

void ParameterPlot::endHover() {
  if (!hover_) return;
  hover_.reset();
  emit hoverEnded();
  update();
}

}  // namespace fatgraph::editor
