#include "views/stick_pad.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace fatgraph::editor {
namespace {

constexpr float kKnobFraction = 0.22f;  // knob radius over the pad's radius

}  // namespace

StickPad::StickPad(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("stickPad"));
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
  setFocusPolicy(Qt::ClickFocus);  // so W/A/S/D reach the dock after a drag
  setToolTip(tr("Drag the knob to steer; it springs back to the centre when released"));
}

float StickPad::radius() const {
  // The knob stays inside the widget at full deflection.
  return std::max(1.0f,
                  static_cast<float>(std::min(width(), height())) / 2.0f / (1.0f + kKnobFraction));
}

QPointF StickPad::toWidget(float x, float y) const {
  const QPointF centre(width() / 2.0, height() / 2.0);
  return centre + QPointF(x, -y) * radius();
}

void StickPad::setStick(float x, float y) {
  const QPointF stick(std::isfinite(x) ? x : 0.0f, std::isfinite(y) ? y : 0.0f);
  if (stick == stick_) return;
  stick_ = stick;
  update();
}

void StickPad::dragTo(const QPointF& at) {
  const QPointF centre(width() / 2.0, height() / 2.0);
  QPointF s = (at - centre) / radius();
  s.setY(-s.y());
  const double length = std::hypot(s.x(), s.y());
  if (length > 1.0) s /= length;  // a real stick stops at its rim
  setStick(static_cast<float>(s.x()), static_cast<float>(s.y()));
  emit stickMoved(static_cast<float>(stick_.x()), static_cast<float>(stick_.y()));
}

void StickPad::mousePressEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return;
  dragging_ = true;
  dragTo(event->position());
}

void StickPad::mouseMoveEvent(QMouseEvent* event) {
  if (dragging_) dragTo(event->position());
}

void StickPad::mouseReleaseEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton || !dragging_) return;
  dragging_ = false;
  setStick(0.0f, 0.0f);
  emit stickMoved(0.0f, 0.0f);
}

void StickPad::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  const QPointF centre(width() / 2.0, height() / 2.0);
  const double r = radius();
  painter.setPen(QPen(palette().color(QPalette::Mid), 1.5));
  painter.setBrush(palette().color(QPalette::Base));
  painter.drawEllipse(centre, r, r);
  painter.setPen(QPen(palette().color(QPalette::Mid), 1.0, Qt::DotLine));
  painter.drawLine(centre - QPointF(r, 0), centre + QPointF(r, 0));
  painter.drawLine(centre - QPointF(0, r), centre + QPointF(0, r));
  const QPointF knob = toWidget(static_cast<float>(stick_.x()), static_cast<float>(stick_.y()));
  painter.setPen(Qt::NoPen);
  painter.setBrush(dragging_ ? palette().color(QPalette::Highlight)
                             : palette().color(QPalette::Button).darker(130));
  painter.drawEllipse(knob, r * kKnobFraction, r * kKnobFraction);
}

}  // namespace fatgraph::editor
