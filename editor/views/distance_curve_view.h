#pragma once
// One frame's distance row as a curve over every frame of every clip (RMS metres; x: frames,
// clip after clip, with boundaries and names), the hub threshold as a line, the row's match
// set (core's local minima below the threshold) as rings on the curve, and the selected
// hub's match set as marks on the frame axis. Hovering tells the frame and its distance; a
// click asks to show that frame.
//
// With a hub selected its match set is editable here: Ctrl+click near a frame asks to toggle
// it (a match nearby is removed, else the nearest ring or the frame itself is added), and
// dragging a match mark along the axis asks to move it. The view only asks (signals); the
// hubs dock turns the requests into edits, so a drag is one edit when the mouse is released.
#include <QString>
#include <QWidget>

#include <memory>
#include <utility>
#include <vector>

#include "document/frame_distances.h"
#include "views/global_frame_axis.h"

namespace fatgraph {
struct Project;
}

namespace fatgraph::editor {

class DistanceCurveView : public QWidget {
  Q_OBJECT

 public:
  explicit DistanceCurveView(QWidget* parent = nullptr);

  /// Clip extents, hubs and the threshold from `project` (copied).
  void setProject(const Project& project);
  /// The row to draw (null: none).
  void setRow(std::shared_ptr<const FrameDistanceRow> row);
  /// The hub whose match set is marked and editable (-1: none).
  void setSelectedHub(int hub);
  /// Marks frame `frame` of clip `clip` (-1: none).
  void setCurrentFrame(int clip, int frame);

  const std::shared_ptr<const FrameDistanceRow>& row() const { return row_; }
  int selectedHub() const { return selectedHub_; }
  /// Global frames of the selected hub's match set (empty without a hub).
  std::vector<int> hubMatches() const;
  /// Where the curve is drawn, in widget coordinates (empty without a row).
  QRectF plotRect() const;
  /// The widget x of global frame `global`'s centre.
  double xOf(int global) const;
  /// The widget y of `rms` metres.
  double yOf(double rms) const;
  double scaleMax() const { return scaleMax_; }
  /// Clip and frame under widget x; {-1, -1} outside the plot.
  std::pair<int, int> frameAtX(double x) const;

  QSize sizeHint() const override { return {480, 200}; }
  QSize minimumSizeHint() const override { return {200, 120}; }

 signals:
  void frameRequested(int clip, int frame);
  /// Ctrl+click: add frame `frame` of clip `clip` to the selected hub's match set, or remove
  /// it when it is already a match.
  void matchToggleRequested(int clip, int frame);
  /// A match mark was dragged from `frame` to `toFrame` of clip `clip`.
  void matchMoveRequested(int clip, int frame, int toFrame);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;

 private:
  int globalAtX(double x) const;
  std::pair<int, int> clipFrame(int global) const;
  /// The global frame of the mark of `frames` nearest to x within a few pixels, or -1.
  int nearestWithin(const std::vector<int>& frames, double x) const;
  void drawCurve(QPainter& painter, const QRectF& plot) const;
  void drawMarks(QPainter& painter, const QRectF& plot) const;
  void showHover(const QPointF& position, const QPoint& global);

  std::vector<ClipSpan> clips_;
  std::vector<HubMark> hubs_;
  int frames_ = 0;
  std::shared_ptr<const FrameDistanceRow> row_;
  double scaleMax_ = 1.0;
  int selectedHub_ = -1;
  int currentFrame_ = -1;  // global
  int dragFrom_ = -1;      // global frame of the match being dragged, -1: none
  int dragTo_ = -1;
};

}  // namespace fatgraph::editor
