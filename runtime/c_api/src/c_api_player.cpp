// The player entry points: creating, updating, steering and grounding a player.
#include <cmath>
#include <memory>
#include <optional>
#include <string>

#include "c_api_guard.h"
#include "c_api_handles.h"

using namespace fatgraph;
using namespace fatgraph::c_api;

fg_player::fg_player(std::shared_ptr<const RuntimeGraph> g, const PlayerOptions& options)
    : graph(std::move(g)), player(*graph, options), palette(graph->jointCount()) {
  inverseBind = graph->body.empty() ? std::vector<Float4x4>(graph->jointCount()) : graph->body.inverseBind;
}

namespace {

// PlayerOptions from the C options, or the reason they cannot start a player on `graph`.
std::optional<PlayerOptions> playerOptions(const fg_player_options& c, const RuntimeGraph& graph,
                                           std::string& problem) {
  const int edges = static_cast<int>(graph.edges.size());
  if (c.start_edge < -1 || c.start_edge >= edges) {
    problem = "start_edge " + std::to_string(c.start_edge) + " is neither -1 nor an edge in [0, " +
              std::to_string(edges) + ")";
    return std::nullopt;
  }
  PlayerOptions options;
  options.startEdge = c.start_edge;
  options.legs.enabled = c.legs_enabled != 0;
  options.start.position = {c.start_position[0], c.start_position[1], c.start_position[2]};
  options.start.yaw = c.start_yaw;
  if (c.stick < FG_STICK_GRAPH || c.stick > FG_STICK_VELOCITY) {
    problem = "stick " + std::to_string(c.stick) + " is none of FG_STICK_GRAPH (-1), FG_STICK_PLANE (0), FG_STICK_VELOCITY (1)";
    return std::nullopt;
  }
  if (c.stick != FG_STICK_GRAPH) options.stick = c.stick == FG_STICK_VELOCITY ? StickMeaning::Velocity : StickMeaning::Plane;
  if (!isFinite(options.start.position) || !std::isfinite(options.start.yaw)) {
    problem = "start_position and start_yaw must be finite";
    return std::nullopt;
  }
  return options;
}

}  // namespace

extern "C" {

void fg_player_options_init(fg_player_options* options) {
  if (!options) return;
  *options = fg_player_options{};
  options->start_edge = -1;
  options->legs_enabled = 1;
  options->stick = FG_STICK_GRAPH;
}

fg_result fg_player_create(const fg_graph* graph, const fg_player_options* options, fg_player** out_player) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(out_player, fn, "out_player"));
    *out_player = nullptr;
    FG_CHECK(requireNonNull(graph, fn, "graph"));
    fg_player_options defaults;
    fg_player_options_init(&defaults);
    std::string problem;
    const std::optional<PlayerOptions> cpp = playerOptions(options ? *options : defaults, *graph->graph, problem);
    if (!cpp) return fail(FG_ERROR_INVALID_ARGUMENT, std::string(fn) + ": " + problem);
    *out_player = std::make_unique<fg_player>(graph->graph, *cpp).release();
    return succeed();
  });
}

void fg_player_free(fg_player* player) { delete player; }

fg_result fg_player_reset(fg_player* player) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(player, fn, "player"));
    player->player.reset();
    return succeed();
  });
}

fg_result fg_player_update(fg_player* player, float dt, float stick_x, float stick_y, int32_t action) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(player, fn, "player"));
    player->player.update(dt, stick_x, stick_y, action);
    return succeed();
  });
}

fg_result fg_player_set_steering(fg_player* player, int32_t enabled, float velocity_x, float velocity_z,
                                 float turn_rate) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(player, fn, "player"));
    PlayerSteering steering;
    steering.enabled = enabled != 0;
    steering.velocity[0] = velocity_x;
    steering.velocity[1] = velocity_z;
    steering.turnRate = turn_rate;
    player->player.setSteering(steering);
    return succeed();
  });
}

fg_result fg_player_set_desired_velocity(fg_player* player, int32_t enabled, float velocity_x, float velocity_z,
                                         float turn_rate) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(player, fn, "player"));
    if (enabled != 0)
      player->player.setDesiredVelocity({velocity_x, velocity_z}, turn_rate);
    else
      player->player.clearDesiredVelocity();
    return succeed();
  });
}

fg_result fg_player_velocity_report(const fg_player* player, fg_velocity_report* out_report) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(player, fn, "player"));
    FG_CHECK(requireNonNull(out_report, fn, "out_report"));
    const VelocityControlReport& r = player->player.velocityControl();
    const auto put = [](const PlanarVelocity& v, float* out) {
      out[0] = v.velocity.x;
      out[1] = v.velocity.y;
      out[2] = v.turnRate;
    };
    out_report->active = r.active ? 1 : 0;
    out_report->chooses_weights = r.choosesWeights ? 1 : 0;
    put(r.requested, out_report->requested);
    put(r.planned, out_report->planned);
    put(r.remainder, out_report->remainder);
    out_report->cycle_rate = r.cycleRate;
    out_report->stopping = player->player.stopping() ? 1 : 0;
    out_report->standing = player->player.standing() ? 1 : 0;
    out_report->idle = r.idle ? 1 : 0;
    return succeed();
  });
}

fg_result fg_player_aim(fg_player* player, int32_t enabled, const float* target) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(player, fn, "player"));
    if (enabled == 0) {
      player->player.clearAim();
      return succeed();
    }
    FG_CHECK(requireNonNull(target, fn, "target"));
    player->player.aim({target[0], target[1], target[2]});
    return succeed();
  });
}

fg_result fg_player_aim_report(const fg_player* player, fg_aim_report* out_report) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(player, fn, "player"));
    FG_CHECK(requireNonNull(out_report, fn, "out_report"));
    const AimReport& r = player->player.aimReport();
    out_report->active = r.active ? 1 : 0;
    out_report->aimable = r.aimable ? 1 : 0;
    const Float3* points[2] = {&r.target, &r.planned};
    float* outs[2] = {out_report->target, out_report->planned};
    for (int k = 0; k < 2; ++k) {
      outs[k][0] = points[k]->x;
      outs[k][1] = points[k]->y;
      outs[k][2] = points[k]->z;
    }
    out_report->unreachable = r.unreachable;
    out_report->joint = r.joint;
    out_report->at_time = r.atTime;
    return succeed();
  });
}

fg_result fg_player_set_terrain(fg_player* player, fg_height_fn height, fg_normal_fn normal, void* user) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(player, fn, "player"));
    std::unique_ptr<Terrain> terrain;
    if (height) terrain = std::make_unique<CallbackTerrain>(height, normal, user);
    player->player.setTerrain(terrain.get());  // before the old terrain goes
    player->terrain = std::move(terrain);
    return succeed();
  });
}

fg_result fg_player_set_terrain_preset(fg_player* player, const char* name) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(player, fn, "player"));
    FG_CHECK(requireNonNull(name, fn, "name"));
    std::string problem;
    std::optional<Heightfield> preset = terrainFromSpec(name, &problem);
    if (!preset) return fail(FG_ERROR_INVALID_ARGUMENT, std::string(fn) + ": " + problem);
    auto terrain = std::make_unique<Heightfield>(std::move(*preset));
    player->player.setTerrain(terrain.get());
    player->terrain = std::move(terrain);
    return succeed();
  });
}

}  // extern "C"
