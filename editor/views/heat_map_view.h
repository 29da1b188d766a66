#pragma once
// The pose distance matrix as a heat map: the distance scan's down-sampled matrix (RMS metres;
// dark = similar poses, grey = undefined), clip boundaries as lines with the clips' names on
// the axes, every hub's row and column with its match-set frames marked as rings, the current
// frame as a faint line, and a colour bar in metres with the hub threshold on it. Clicking a
// cell asks to show the frame of its row; hovering tells both frames and the distance.
#include <QImage>
#include <QString>
#include <QWidget>

#include <utility>
#include <vector>

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

  QSize sizeHint() const override { return {420, 400}; }
  QSize minimumSizeHint() const override { return {200, 180}; }

 signals:
  void frameRequested(int clip, int frame);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;

 private:
  struct ClipSpan {
    QString name;
    int start = 0;  // first global frame
    int count = 0;
  };
  struct HubMark {
    QString name;
    int frame = -1;            // global frame
    std::vector<int> matches;  // global frames
  };

  /// Position in [0, 1] along an axis of the centre of global frame `frame`.
  double axisPosition(int frame) const;
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
};

}  // namespace fatgraph::editor
