#pragma once
// The pose distance matrix as a heat map: the distance scan's down-sampled matrix (RMS metres;
// dark = similar poses, grey = undefined), clip boundaries as lines with the clips' names on
// the axes, every hub's row and column with its match-set frames marked as rings, the current
// frame as a faint line, and a colour bar in metres with the hub threshold on it. Clicking a
// cell asks to show the frame of its row; hovering tells both frames and the distance.
//
// The wheel zooms about the cursor, a middle-button or Shift+left drag pans, a double-click
// resets. Zooming enlarges the scan's cells and shows nothing finer: the scan keeps only the
// down-sampled matrix (distance_matrix.h; one cell is the nearest pair of a block of
// stride x stride frames), and exact rows are the distance curve's business.
#include <QImage>
#include <QString>
#include <QWidget>

#include <utility>
#include <vector>

#include "views/global_frame_axis.h"

class QPainter;

namespace fatgraph {
struct Project;
}

namespace fatgraph::editor {

class HeatMapView : public QWidget {
  Q_OBJECT

 public:
  explicit HeatMapView(QWidget* parent = nullptr);

  /// Takes the heat map, the clips' extents and the hubs from `project` (copies them).
  void setProject(const Project& project);
  /// Marks frame `frame` of clip `clip` (-1: none).
  void setCurrentFrame(int clip, int frame);

  /// One pixel per cell (heatSize x heatSize); null when there is no matrix.
  const QImage& image() const { return image_; }
  int stride() const { return stride_; }
  double scaleMax() const { return scaleMax_; }
  /// Why nothing or an out-of-date matrix is shown; empty when the map is current.
  const QString& message() const { return message_; }
  /// Where the matrix is drawn, in widget coordinates (empty without a matrix).
  QRectF matrixRect() const;
  /// Clip and frame of the matrix row at `position`; {-1, -1} outside the matrix.
  std::pair<int, int> frameAt(const QPointF& position) const;

  /// The part of the matrix on screen, in fractions of its side ({0, 0, 1, 1}: all of it).
  const QRectF& visibleRegion() const { return visible_; }
  /// How many times the matrix is enlarged (1: whole).
  double zoom() const { return 1.0 / visible_.width(); }
  /// Enlarges by `factor` (< 1 shrinks) keeping the matrix point under `position` in place.
  void zoomAt(const QPointF& position, double factor);
  /// Moves the visible part by `pixels` of the widget (the content follows the mouse).
  void panBy(const QPointF& pixels);
  /// Shows the whole matrix again.
  void resetZoom();

  QSize sizeHint() const override { return {420, 400}; }
  QSize minimumSizeHint() const override { return {200, 180}; }

 signals:
  void frameRequested(int clip, int frame);
  /// The visible region changed (zoom, pan, reset).
  void zoomChanged();

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;

 private:
  /// Position in [0, 1] along an axis of the centre of global frame `frame`.
  double axisPosition(int frame) const;
  /// Matrix fraction <-> widget coordinate through the visible region.
  double xOf(double fraction, const QRectF& matrix) const;
  double yOf(double fraction, const QRectF& matrix) const;
  QPointF fractionAt(const QPointF& position, const QRectF& matrix) const;
  void setVisibleRegion(QRectF region);
  int globalFrameAt(double axisFraction) const;
  std::pair<int, int> clipFrame(int global) const;
  void drawAxes(QPainter& painter, const QRectF& matrix) const;
  void drawHubs(QPainter& painter, const QRectF& matrix) const;
  void drawColourBar(QPainter& painter, const QRectF& matrix) const;

  QImage image_;
  std::vector<float> heat_;
  int heatSize_ = 0;
  int stride_ = 1;
  int frames_ = 0;  // frames the scan covers
  double scaleMax_ = 1.0;
  double hubThreshold_ = 0.0;
  std::vector<ClipSpan> clips_;
  std::vector<HubMark> hubs_;
  int currentFrame_ = -1;  // global
  QString message_;
  QRectF visible_{0.0, 0.0, 1.0, 1.0};
  QPointF panFrom_;  // last mouse position of a pan drag
  bool panning_ = false;
};

}  // namespace fatgraph::editor
