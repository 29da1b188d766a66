/* c_game GRAPH.fgraph: a game written in C99 against the runtime's C API. It loads an exported
 * fat graph, plays 3 s of game time at 60 updates per second under a scripted stick (forward
 * 1 s, left 1 s, right 1 s) and prints, twice a second, where the character's root is in the
 * world: "t=0.50 x=0.123456 y=0.912345 z=0.654321" (seconds; metres, Y up). Errors print one
 * line on stderr ("c_game: <message>") and exit 1. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <fatgraph/fatgraph_runtime_c.h>

/* The stick a player would hold at game time t: x > 0 steers to the character's right. */
static float scripted_stick_x(float t) {
  if (t < 1.0f) return 0.0f;
  return t < 2.0f ? -1.0f : 1.0f;
}

static int fail(const char* what) {
  fprintf(stderr, "c_game: %s\n", what);
  return 1;
}

/* The root joint (joint 0) of the player's pose, placed in the world by the character frame:
 * world = R_y(yaw) * model + position. */
static fg_result root_in_world(const fg_player* player, float* positions, size_t joints, float world[3]) {
  fg_character frame;
  fg_result r = fg_player_model_positions(player, positions, joints, NULL);
  if (r == FG_OK) r = fg_player_character(player, &frame);
  if (r != FG_OK) return r;
  {
    const float c = cosf(frame.yaw), s = sinf(frame.yaw);
    const float* root = positions;
    world[0] = c * root[0] + s * root[2] + frame.position[0];
    world[1] = root[1] + frame.position[1];
    world[2] = -s * root[0] + c * root[2] + frame.position[2];
  }
  return FG_OK;
}

/* The foot strikes of the last update: where a game would play a footstep sound. */
static int count_footsteps(const fg_player* player) {
  fg_event events[64];
  size_t count = 0, k;
  int strikes = 0;
  if (fg_player_events(player, events, 64, &count) != FG_OK) return 0;
  for (k = 0; k < count; ++k) {
    if (events[k].kind == FG_EVENT_FOOT_STRIKE) ++strikes;
  }
  return strikes;
}

int main(int argc, char** argv) {
  const int updates = 180;
  const float dt = 1.0f / 60.0f;
  fg_graph* graph = NULL;
  fg_player* player = NULL;
  float* positions = NULL;
  size_t joints = 0;
  int i, status = 0, footsteps = 0;

  if (argc != 2) return fail("usage: c_game GRAPH.fgraph");
  if (fg_c_api_version() != FG_C_API_VERSION) return fail("the library's C API version differs from the header's");
  if (fg_graph_load(argv[1], &graph) != FG_OK) return fail(fg_last_error());
  if (fg_player_create(graph, NULL, &player) != FG_OK) {
    status = fail(fg_last_error());
    goto done;
  }
  /* Ask for the size first, then fill a buffer of it every update. */
  fg_player_model_positions(player, NULL, 0, &joints);
  positions = (float*)malloc(3 * joints * sizeof(float));
  if (!positions) {
    status = fail("out of memory");
    goto done;
  }
  for (i = 1; i <= updates; ++i) {
    float world[3];
    if (fg_player_update(player, dt, scripted_stick_x(i * dt), 0.0f, -1) != FG_OK ||
        root_in_world(player, positions, joints, world) != FG_OK) {
      status = fail(fg_last_error());
      goto done;
    }
    if (i % 30 == 0) printf("t=%.2f x=%.6f y=%.6f z=%.6f\n", i * dt, world[0], world[1], world[2]);
    footsteps += count_footsteps(player);
  }
  printf("footsteps=%d\n", footsteps);

done:
  free(positions);
  fg_player_free(player);
  fg_graph_free(graph);
  return status;
}
