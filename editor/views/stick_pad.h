#pragma once
// A stick for the mouse: a round pad with a knob. Dragging the knob moves the stick (x right,
// y up = forward, each in [-1, 1], held inside the unit circle as a real stick is); releasing
// springs it back to the centre. It also shows the live stick of whichever source drives the
// preview (setStick), so a user sees what the keyboard or the gamepad is doing.
#include <QPointF>
#include <QWidget>

namespace fatgraph::editor {

class StickPad : public QWidget {
  Q_OBJECT

 public:
  explicit StickPad(QWidget* parent = nullptr);

  QSize sizeHint() const override { return {120, 120}; }
  QSize minimumSizeHint() const override { return {80, 80}; }

  /// The stick shown (does not emit).
  void setStick(float x, float y);
  QPointF stick() const { return stick_; }
  bool isDragging() const { return dragging_; }
  /// Where stick (x, y) is drawn, in widget pixels (tests).
  QPointF toWidget(float x, float y) const;

 signals:
  /// The user dragged the knob (or released it: 0, 0).
  void stickMoved(float x, float y);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;

 private:
  float radius() const;
  void dragTo(const QPointF& at);

  QPointF stick_;
  bool dragging_ = false;
};

}  // namespace fatgraph::editor
