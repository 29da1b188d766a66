#pragma once
// The joystick mapping of one edge as curves: for each axis, the stick deflected along that
// axis alone (horizontal, -1 to 1) against the plane coordinate it reaches (vertical, metres),
// the dead zone shaded and the neutral drawn as a dashed line. It shows what the runtime's
// player does with the stick (JoystickMapping in runtime_graph.h: inversion, radial dead zone,
// response exponent, the ranges either side of the neutral).
#include <QWidget>

#include <Eigen/Core>

#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph::editor {

class ResponseCurvePlot : public QWidget {
  Q_OBJECT

 public:
  explicit ResponseCurvePlot(QWidget* parent = nullptr);

  void setMapping(const JoystickMapping& mapping);
  const JoystickMapping& mapping() const { return mapping_; }

  /// The plane point (metres) the stick (x, y) reaches under `mapping`, step by step as
  /// JoystickMapping documents it: the player's mapping, here for drawing.
  static Eigen::Vector2d planePointOf(const JoystickMapping& mapping, double stickX,
                                      double stickY);
  /// The curve of axis `axis` (0: x, 1: y) at deflection `stick` of that axis alone.
  double curveAt(int axis, double stick) const;

  /// Widget pixels of (deflection, plane coordinate) and the vertical extent drawn (metres).
  QPointF toWidget(double stick, double coordinate) const;
  double coordinateMin() const { return lo_; }
  double coordinateMax() const { return hi_; }

  QSize sizeHint() const override { return {300, 170}; }
  QSize minimumSizeHint() const override { return {160, 140}; }

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  QRectF plotRect() const;

  JoystickMapping mapping_;
  double lo_ = -1.0, hi_ = 1.0;  // vertical extent: both axes' ranges, padded
};

}  // namespace fatgraph::editor
