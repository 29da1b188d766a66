#pragma once
// The Play dock's event strip: the last seconds of the live player's events on a time axis
// that scrolls with play (now at the right edge), so footsteps can be read the way a sound
// designer reads a timeline. One row per leg draws its stances (a bar from each foot strike to
// the foot-off that ends it; a strike still standing reaches "now") with a tick at each strike;
// the bottom row marks the hubs reached (tall ticks) and the edges started (labelled by name).
// Events come from PlayEventLog::history(), the player's own (player_events.h).
#include <QString>
#include <QWidget>

#include <vector>

#include "fatgraph/runtime/player_events.h"

namespace fatgraph::editor {

class PlayEventStrip : public QWidget {
  Q_OBJECT

 public:
  explicit PlayEventStrip(QWidget* parent = nullptr);

  /// The events to show (oldest first), the play time at the right edge and the leg and edge
  /// names (index as in the graph). Repaints.
  void setEvents(const std::vector<PlayerEvent>& events, double now, std::vector<QString> legs,
                 std::vector<QString> edges);
  void clear();

  /// What a paint draws, for tests: per leg its stances as [start, end] seconds of play
  /// (clipped to the window), and the times of the hubs reached.
  struct Stance {
    int leg = -1;
    double start = 0, end = 0;
  };
  const std::vector<Stance>& stances() const { return stances_; }
  const std::vector<double>& hubTimes() const { return hubs_; }
  double windowSeconds() const { return window_; }
  /// The x of play time `t` (the right edge is now).
  double xOf(double t) const;

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override { return {120, 40}; }

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  double rowHeight() const;

  std::vector<QString> legs_, edgeNames_;
  std::vector<Stance> stances_;
  std::vector<double> hubs_;
  std::vector<std::pair<double, int>> edgeStarts_;  // time, edge
  double now_ = 0;
  double window_ = 8.0;
};

}  // namespace fatgraph::editor
