// The reads of a player's pose and state after an update: copies into the caller's buffers
// under the header's buffer rule, with no allocation.
#include <cstring>
#include <type_traits>

#include "c_api_guard.h"
#include "c_api_handles.h"

using namespace fatgraph;
using namespace fatgraph::c_api;

namespace {

// Copies `source` (entries of floats only: Quaternion, Float3, Float4x4, float) into `out`.
template <class T>
fg_result copyEntries(Span<const T> source, float* out, std::size_t capacity, std::size_t* needed,
                      const char* function, const char* argument) {
  static_assert(sizeof(T) % sizeof(float) == 0 && std::is_standard_layout_v<T>);
  bool fill = false;
  FG_CHECK(checkBuffer(out, capacity, source.size(), needed, function, argument, fill));
  if (fill) std::memcpy(out, source.data(), source.size() * sizeof(T));
  return succeed();
}

// The C kinds are the runtime's, value for value.
static_assert(FG_EVENT_FOOT_STRIKE == static_cast<int>(PlayerEventKind::FootStrike));
static_assert(FG_EVENT_FOOT_OFF == static_cast<int>(PlayerEventKind::FootOff));
static_assert(FG_EVENT_HUB_REACHED == static_cast<int>(PlayerEventKind::HubReached));
static_assert(FG_EVENT_EDGE_STARTED == static_cast<int>(PlayerEventKind::EdgeStarted));
static_assert(FG_EVENT_TRANSITION_STARTED == static_cast<int>(PlayerEventKind::TransitionStarted));

}  // namespace

extern "C" {

fg_result fg_player_character(const fg_player* player, fg_character* out_character) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(player, fn, "player"));
    FG_CHECK(requireNonNull(out_character, fn, "out_character"));
    const CharacterFrame& frame = player->player.character();
    *out_character = fg_character{{frame.position.x, frame.position.y, frame.position.z}, frame.yaw};
    return succeed();
  });
}

fg_result fg_player_local_rotations(const fg_player* player, float* rotations_xyzw, size_t capacity,
                                    size_t* needed) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(player, fn, "player"));
    return copyEntries(player->player.localRotations(), rotations_xyzw, capacity, needed, fn, "rotations_xyzw");
  });
}

fg_result fg_player_local_translations(const fg_player* player, float* translations_xyz, size_t capacity,
                                       size_t* needed) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(player, fn, "player"));
    return copyEntries(player->player.localTranslations(), translations_xyz, capacity, needed, fn,
                       "translations_xyz");
  });
}

fg_result fg_player_model_rotations(const fg_player* player, float* rotations_xyzw, size_t capacity,
                                    size_t* needed) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(player, fn, "player"));
    return copyEntries(player->player.modelRotations(), rotations_xyzw, capacity, needed, fn, "rotations_xyzw");
  });
}

fg_result fg_player_model_positions(const fg_player* player, float* positions_xyz, size_t capacity,
                                    size_t* needed) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(player, fn, "player"));
    return copyEntries(player->player.modelPositions(), positions_xyz, capacity, needed, fn, "positions_xyz");
  });
}

fg_result fg_player_palette(const fg_player* player, float* matrices, size_t capacity, size_t* needed) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(player, fn, "player"));
    const SkinningPaletteJob job{player->player.modelRotations(), player->player.modelPositions(),
                                 player->inverseBind, player->palette};
    if (!job.run()) return fail(FG_ERROR_INTERNAL, std::string(fn) + ": the palette job rejected its buffers");
    return copyEntries(Span<const Float4x4>(player->palette), matrices, capacity, needed, fn, "matrices");
  });
}

fg_result fg_player_get_state(const fg_player* player, fg_player_state* out_state) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(player, fn, "player"));
    FG_CHECK(requireNonNull(out_state, fn, "out_state"));
    const Player& p = player->player;
    *out_state = fg_player_state{p.currentEdge(), p.referenceTime(), p.transitionCount(), p.pendingAction()};
    return succeed();
  });
}

fg_result fg_player_copy_state(fg_player* destination, const fg_player* source) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(destination, fn, "destination"));
    FG_CHECK(requireNonNull(source, fn, "source"));
    if (destination->graph != source->graph)
      return fail(FG_ERROR_INVALID_ARGUMENT, std::string(fn) + ": the players play different graphs");
    destination->player.copyStateFrom(source->player);
    return succeed();
  });
}

fg_result fg_player_events(const fg_player* player, fg_event* events, size_t capacity, size_t* needed) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(player, fn, "player"));
    const Span<const PlayerEvent> source = player->player.events();
    bool fill = false;
    FG_CHECK(checkBuffer(events, capacity, source.size(), needed, fn, "events", fill));
    for (std::size_t i = 0; fill && i < source.size(); ++i) {
      const PlayerEvent& e = source[i];
      events[i] = fg_event{static_cast<int32_t>(e.kind), e.leg, e.edge, e.fromEdge, e.hub, e.time,
                           {e.position.x, e.position.y, e.position.z}, {e.normal.x, e.normal.y, e.normal.z}};
    }
    return succeed();
  });
}

const char* fg_event_kind_name(int32_t kind) {
  if (kind < 0 || kind > static_cast<int32_t>(PlayerEventKind::TransitionStarted)) return "unknown";
  return playerEventName(static_cast<PlayerEventKind>(kind));
}

fg_result fg_player_weights(const fg_player* player, float* weights, size_t capacity, size_t* needed) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(player, fn, "player"));
    return copyEntries(player->player.weights(), weights, capacity, needed, fn, "weights");
  });
}

}  // extern "C"
