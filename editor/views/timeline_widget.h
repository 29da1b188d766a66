#pragma once
// The timeline under the viewport: play/pause, a frame slider, the current frame and time,
// and the playback speed. Playback advances a time cursor by the wall-clock time elapsed
// between timer ticks times the speed, and loops over the clip (one clip lasts
// frameCount / fps seconds, so the last frame shows as long as the others).
#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

class QComboBox;
class QLabel;
class QSlider;
class QToolButton;

namespace fatgraph::editor {

class TimelineMarks;

class TimelineWidget : public QWidget {
  Q_OBJECT

 public:
  explicit TimelineWidget(QWidget* parent = nullptr);

  /// Shows a clip of `frameCount` frames at `fps`; stops playback and goes to frame 0.
  /// frameCount 0 disables the timeline.
  void setClip(int frameCount, double fps);
  int frame() const { return frame_; }
  int frameCount() const { return frameCount_; }
  double fps() const { return fps_; }
  /// The strip under the slider marking the selected hub and its matches (timeline_marks.h).
  TimelineMarks* marks() const { return marks_; }
  bool isPlaying() const { return playing_; }
  /// Playback speed factor (1 = real time).
  double speed() const;
  void setSpeed(double speed);
  /// The speeds the combo box offers.
  static QList<double> speeds() { return {0.25, 0.5, 1.0, 2.0}; }

  /// Moves the play cursor by `seconds` of wall-clock time (times the speed), looping. The
  /// timer calls this while playing; tests call it directly.
  void advance(double seconds);

 public slots:
  void setFrame(int frame);
  void play();
  void pause();
  void togglePlayback();

 signals:
  void frameChanged(int frame);
  void playingChanged(bool playing);

 private:
  void tick();
  void showFrame(int frame);
  void updateTimerInterval();

  QToolButton* playButton_;
  QSlider* slider_;
  TimelineMarks* marks_;
  QLabel* label_;
  QComboBox* speedBox_;
  QTimer timer_;
  QElapsedTimer clock_;
  int frameCount_ = 0;
  double fps_ = 30.0;
  int frame_ = 0;
  double time_ = 0.0;  // play cursor, seconds from the clip's start
  bool playing_ = false;
};

}  // namespace fatgraph::editor
