#pragma once
// Plays one frame range of the clip on the timeline in a loop: a fat edge's segment shown in
// the viewport as the clip itself plays it. The timeline keeps its own clock and looping over
// the whole clip; this only sends it back to the range's first frame whenever playback leaves
// the range, and lets go when playback stops or another range (or clip) is chosen.
#include <QObject>
#include <QPointer>

namespace fatgraph::editor {

class TimelineWidget;

class SegmentLoop : public QObject {
  Q_OBJECT

 public:
  explicit SegmentLoop(TimelineWidget* timeline, QObject* parent = nullptr);

  /// Moves the timeline to `first` and plays frames [first, last] over and over. The
  /// timeline must already show the clip the range belongs to.
  void play(int first, int last);
  /// Lets the timeline play the whole clip again (playback goes on).
  void stop();
  bool isActive() const { return active_; }
  int first() const { return first_; }
  int last() const { return last_; }

 private:
  void frameShown(int frame);

  QPointer<TimelineWidget> timeline_;
  int first_ = 0;
  int last_ = 0;
  bool active_ = false;
};

}  // namespace fatgraph::editor
