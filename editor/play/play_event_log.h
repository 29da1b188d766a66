#pragma once
// What the Play dock says of the player's events (player_events.h) since Play: the footsteps
// per leg, the hubs reached and the last event, read after every step as a game would, and
// the last seconds of events for the event strip under it.
#include <QString>

#include <vector>

#include "fatgraph/runtime/player.h"

namespace fatgraph::editor {

class PlayEventLog {
 public:
  /// Forgets everything; `legs` is the graph's leg count.
  void reset(int legs);
  /// Counts the events of the player's last update.
  void observe(const Player& player);

  int footsteps() const;
  int footsteps(int leg) const { return leg >= 0 && leg < static_cast<int>(strikes_.size()) ? strikes_[leg] : 0; }
  int hubsReached() const { return hubs_; }
  /// "12 footsteps (Left 6, Right 6) · 3 hubs · last: Right foot strike at 4.20 s"; "—"
  /// before any event. Leg names from `graph`.
  QString text(const RuntimeGraph& graph) const;

  /// The events of the last kHistorySeconds of play, oldest first, for the Play dock's event
  /// strip (views/play_event_strip.h); `now()` is the play time of the last update.
  static constexpr double kHistorySeconds = 8.0;
  const std::vector<PlayerEvent>& history() const { return history_; }
  double now() const { return now_; }

 private:
  std::vector<int> strikes_;  // per leg
  int hubs_ = 0;
  bool any_ = false;
  PlayerEvent last_;
  std::vector<PlayerEvent> history_;
  double now_ = 0;
};

}  // namespace fatgraph::editor
