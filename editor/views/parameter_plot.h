#pragma once
// One fat edge's parameter space drawn in plane coordinates (metres, aspect preserved): the
// weight grid's vertices as cells coloured by their 3D error (the heat map's ramp, a legend in
// millimetres), the Delaunay triangles as thin lines, the hull outline, the samples as dots
// (pure segments -- one weight of 1 -- larger and numbered) and the point under the mouse.
// x is the character's right; y is forward, or up when the plane is steep (parameter_plane.h).
// A line (1D) or a point (0D) space is drawn with the note saying why.
// Moving the mouse over it emits the plane point, so a preview can play the blend there.
// Pressing holds a point (dragging moves it; it stays after release until cleared), so a blend
// can be studied at leisure. With a joystick mapping set, its ranges are drawn as the
// reachable rectangle and the cross through the neutral, with a handle at each end of the
// cross; dragging a handle emits the new range value (the dock turns it into edits).
#include <QString>
#include <QWidget>

#include <Eigen/Core>
#include <optional>

#include "fatgraph/core/param/edge_parameterization.h"
#include "fatgraph/runtime/runtime_graph.h"

class QPainter;

namespace fatgraph::editor {

class ParameterPlot : public QWidget {
  Q_OBJECT

 public:
  explicit ParameterPlot(QWidget* parent = nullptr);

  /// Shows `parameterization` (copied: the plot never refers to the document).
  void setParameterization(const EdgeParameterization& parameterization);
  /// Shows nothing but `message` (no edge, not parameterized yet).
  void clear(const QString& message);
  bool hasSpace() const { return hasSpace_; }
  const EdgeParameterization& parameterization() const { return space_; }
  const QString& message() const { return message_; }

  /// Plane coordinates (metres) to widget pixels and back; the mapping keeps the aspect ratio
  /// and fits the grid box, the sites and the samples into plotRect().
  QPointF toWidget(const Eigen::Vector2d& plane) const;
  Eigen::Vector2d toPlane(const QPointF& widget) const;
  /// The area the plane is drawn in (axes and legend lie outside it).
  QRectF plotRect() const;
  /// The plane point under the mouse; empty when the mouse is not over the plot.
  const std::optional<Eigen::Vector2d>& hoverPoint() const { return hover_; }
  /// The error shown as the top of the colour ramp (metres): the largest vertex error.
  double errorScaleMax() const { return errorMax_; }

  /// The joystick mapping whose ranges and neutral are drawn (none: not drawn). Kept across
  /// setParameterization; a drag in progress keeps going.
  void setJoystick(const std::optional<JoystickMapping>& mapping);
  const std::optional<JoystickMapping>& joystick() const { return joystick_; }
  /// Widget position of the range handle of `axis` (0 x, 1 y) on `side` (0 min, 1 max).
  QPointF rangeHandle(int axis, int side) const;
  /// The held point (plane metres); empty when none.
  const std::optional<Eigen::Vector2d>& pinnedPoint() const { return pinned_; }

  QSize sizeHint() const override { return {420, 380}; }
  QSize minimumSizeHint() const override { return {220, 200}; }

 public slots:
  /// Lets go of the held point (emits pinCleared when there was one).
  void clearPin();

 signals:
  /// The mouse moved to plane point (x, y), metres, inside the plot area.
  void planePointHovered(double x, double y);
  /// The mouse left the plot area (or the plot was cleared).
  void hoverEnded();
  /// A point was pressed or dragged to (x, y), metres: it is held until clearPin.
  void pointPinned(double x, double y);
  void pinCleared();
  /// A range handle drag started, moved the handle of `axis` / `side` to plane coordinate
  /// `value` (metres), and ended.
  void rangeDragStarted();
  void rangeDragged(int axis, int side, double value);
  void rangeDragFinished();

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;

 private:
  void updateBounds();
  void endHover();
  void drawGrid(QPainter& painter) const;
  void drawTriangulation(QPainter& painter) const;
  void drawSamples(QPainter& painter) const;
  void drawAxes(QPainter& painter) const;
  void drawLegend(QPainter& painter) const;
  void drawNote(QPainter& painter) const;
  void drawJoystick(QPainter& painter) const;
  void drawMarker(QPainter& painter, const Eigen::Vector2d& point, const QColor& colour) const;
  void pin(const QPointF& widget);

  EdgeParameterization space_;
  bool hasSpace_ = false;
  QString message_;
  std::vector<Eigen::Vector2d> samples_;  // sample positions in plane coordinates
  Eigen::Vector2d boxMin_ = Eigen::Vector2d::Constant(-1.0);  // plane box shown
  Eigen::Vector2d boxMax_ = Eigen::Vector2d::Constant(1.0);
  double errorMax_ = 0.0;
  std::optional<Eigen::Vector2d> hover_;
  std::optional<Eigen::Vector2d> pinned_;
  bool pinning_ = false;  // the left button is down on the held point
  std::optional<JoystickMapping> joystick_;
  int dragAxis_ = -1, dragSide_ = 0;  // the range handle being dragged; -1: none
};

}  // namespace fatgraph::editor
