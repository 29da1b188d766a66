// Player events' names (player_events.h), as `play --events` and `play --json` write them.
#include "fatgraph/runtime/player_events.h"

namespace fatgraph {

const char* playerEventName(PlayerEventKind kind) {
  switch (kind) {
    case PlayerEventKind::FootStrike: return "foot_strike";
    case PlayerEventKind::FootOff: return "foot_off";
    case PlayerEventKind::HubReached: return "hub_reached";
    case PlayerEventKind::EdgeStarted: return "edge_started";
    case PlayerEventKind::TransitionStarted: return "transition_started";
  }
  return "unknown";
}

}  // namespace fatgraph
