#pragma once
// Per-leg key-time tracks under the timeline (Johansen ch. 4 key times, from the clip's cycle
// analysis): one row per leg with its ground contacts as bars (foot-strike to foot-off), a
// tick above the bar at each foot-lift and below it at each foot-land, and a diamond at each
// stance, over
// the clip's frames; a cursor marks the frame shown. Hovering shows the times, clicking goes
// to a frame.
#include <QString>
#include <QWidget>

#include <memory>

#include "document/leg_tracks.h"

namespace fatgraph::editor {

class KeyTimeTrack : public QWidget {
  Q_OBJECT

 public:
  explicit KeyTimeTrack(QWidget* parent = nullptr);

  /// The clip's frame axis: `frameCount` frames at `fps`.
  void setClip(int frameCount, double fps);
  /// The tracks to draw; null while the analysis runs (`pending`) or when there is no clip.
  void setTracks(std::shared_ptr<const ClipLegTracks> tracks, bool pending = false);
  const ClipLegTracks* tracks() const { return tracks_.get(); }
  /// The line shown when there is nothing to draw ("Analysing gait cycles…", why none).
  const QString& message() const { return message_; }

  /// The tooltip text at widget position `position` (empty where there is nothing).
  QString toolTipAt(const QPoint& position) const;
  /// The frame under widget x coordinate `x`.
  int frameAt(int x) const;
  /// Widget x coordinate of (fractional) frame `frame`.
  double xOf(double frame) const;

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 public slots:
  void setFrame(int frame);

 signals:
  void frameRequested(int frame);

 protected:
  bool event(QEvent* event) override;
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;

 private:
  QString timeText(double frame) const;
  int rowAt(int y) const;
  int rowCount() const;

  std::shared_ptr<const ClipLegTracks> tracks_;
  QString message_;
  int frameCount_ = 0;
  double fps_ = 30.0;
  int frame_ = 0;
};

}  // namespace fatgraph::editor
