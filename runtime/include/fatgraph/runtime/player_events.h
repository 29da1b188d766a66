#pragma once
// What happened during one Player::update, for a game's sounds, particles and AI and for the
// editor's timeline: a foot striking or leaving the ground, the clock reaching a hub, an edge
// starting, a transition starting. Read after each update (Player::events()); the buffer is
// fixed-size and refilled by every update, so reading allocates nothing.
//
// Foot events come from the leg layer's gait clock (leg_layer.h): a strike when a leg's cycle
// puts its foot on the ground (its foot-strike key time, or parking), an off when it lifts it
// (foot-off, unparking); only while the leg follows a locomotion edge's cycle, so fading in or
// out of ground following starts or ends no step. The position is the footprint the foot
// stands on (world, metres) and the normal the ground's there.
#include <cstdint>

#include "fatgraph/runtime/math.h"

namespace fatgraph {

enum class PlayerEventKind : std::uint8_t {
  FootStrike,         // a leg's foot lands: leg, position, normal
  FootOff,            // a leg's foot lifts: leg, position (where it stood), normal
  HubReached,         // the clock reached the end of `edge`, at `hub`
  EdgeStarted,        // `edge` began (after a hub, or at reset)
  TransitionStarted,  // the player left `fromEdge` for another `edge` at `hub`; the pose
                      // offset between them starts to decay (TransitionSettings)
};

/// "foot_strike", "foot_off", "hub_reached", "edge_started", "transition_started".
const char* playerEventName(PlayerEventKind kind);

struct PlayerEvent {
  PlayerEventKind kind = PlayerEventKind::EdgeStarted;
  double time = 0;    ///< seconds of play since reset() when it happened
  int leg = -1;       ///< foot events: index into RuntimeGraph::legs
  int edge = -1;      ///< the edge started, reached the end of, or transitioned to
  int fromEdge = -1;  ///< TransitionStarted: the edge left
  int hub = -1;       ///< HubReached, TransitionStarted, EdgeStarted after a hub
  Float3 position;    ///< foot events: the footprint; others: the character's ground point
  Float3 normal{0.0f, 1.0f, 0.0f};  ///< foot events: the ground's normal at the footprint
};

/// Events one update may report; more are counted (dropped()), not stored. A 1 s update of a
/// hexapod crossing eight short edges stays well under it.
inline constexpr int kMaxPlayerEvents = 64;

/// A fixed-capacity list of one update's events, in the order they happened.
class PlayerEventBuffer {
 public:
  void clear() {
    count_ = 0;
    dropped_ = 0;
  }
  void push(const PlayerEvent& event) {
    if (count_ < kMaxPlayerEvents) {
      events_[count_++] = event;
    } else {
      ++dropped_;
    }
  }
  Span<const PlayerEvent> view() const { return {events_, static_cast<std::size_t>(count_)}; }
  int dropped() const { return dropped_; }

 private:
  PlayerEvent events_[kMaxPlayerEvents];
  int count_ = 0;
  int dropped_ = 0;
};

}  // namespace fatgraph
