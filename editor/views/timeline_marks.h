#pragma once
// A thin strip under the timeline's slider marking frames of the clip on screen: the selected
// hub's frame (a tall mark) and its matches (short marks), at the slider's positions for those
// frames. A click moves the timeline there; Ctrl+click asks to add or remove a match at that
// frame (snapping to a mark within a few pixels).
#include <QWidget>

#include <vector>

namespace fatgraph::editor {

class TimelineMarks : public QWidget {
  Q_OBJECT

 public:
  explicit TimelineMarks(QWidget* parent = nullptr);

  /// Frames of the clip on screen (0: nothing to mark).
  void setFrameCount(int frameCount);
  /// The hub's frame in this clip (-1: elsewhere or none) and its matches in this clip.
  void setMarks(int hubFrame, std::vector<int> matches);
  int hubFrame() const { return hubFrame_; }
  const std::vector<int>& matches() const { return matches_; }
  /// The x of frame `frame`, matching the slider's handle centre.
  double xOf(int frame) const;
  int frameAt(double x) const;

  QSize sizeHint() const override { return {200, 9}; }

 signals:
  void frameClicked(int frame);
  void toggleRequested(int frame);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;

 private:
  double handleLength() const;

  int frameCount_ = 0;
  int hubFrame_ = -1;
  std::vector<int> matches_;
};

}  // namespace fatgraph::editor
