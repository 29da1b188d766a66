/* fatgraph_runtime_c.h: the game-side runtime (load an exported .fgraph, play it from a stick,
 * read the pose) as a plain C99 API for engines and languages that cannot call C++: Unity
 * (P/Invoke), Godot (GDExtension), Unreal, or C itself. docs/C_API.md has the details and how
 * each engine calls it. Link fatgraph::runtime_c (find_package(fatgraph)).
 *
 * Handles. fg_graph and fg_player are opaque; fg_graph_load and fg_player_create make them,
 * fg_graph_free and fg_player_free release them (null is accepted). A player keeps its graph
 * alive: a graph may be freed while players made from it still play.
 *
 * Errors. Every function that can fail returns an fg_result (FG_OK = 0). No C++ exception
 * crosses this boundary. fg_last_error() gives the message of the calling thread's last call
 * that returned an fg_result ("" when it returned FG_OK); it is thread-local, so threads never
 * see each other's messages. Messages are one line; load errors name the file.
 *
 * Threads. Loading may run on any thread but only one load at a time (the HDF5 library below
 * is not thread-safe). A player is used by one thread at a time (reading its pose refreshes a
 * cache); different players may update on different threads at once, even on the same graph.
 * Nothing allocates in fg_player_update or the pose reads (an error's message aside).
 *
 * Buffers. A function that fills a caller's array takes its capacity in ENTRIES (joints,
 * segments, or bytes of a name, as named) and, when `needed` is not null, stores how many entries
 * the full answer has. (NULL, 0, &needed) only asks that size and returns FG_OK; a capacity
 * below it returns FG_ERROR_BUFFER_TOO_SMALL and writes nothing else.
 *
 * Spaces and units: metres, seconds, radians; Y up, right-handed; a character faces +Z at yaw 0
 * and positive yaw turns it left. Quaternions are 4 floats x, y, z, w (w the scalar part), a
 * joint's rotation taking vectors from its frame into its parent's. Matrices are 16 floats,
 * column-major (m[4 * column + row], OpenGL's mat4). Joints are stored parents first (a joint's
 * parent index is lower than its own; -1 for a root).
 *
 * Poses are in CHARACTER SPACE: the character at the origin facing +Z. The character frame
 * (fg_character: position and yaw) places them in the world:
 *   world = R_y(yaw) * point + position.
 */
#ifndef FATGRAPH_RUNTIME_C_H
#define FATGRAPH_RUNTIME_C_H

#include <stddef.h>
#include <stdint.h>

/* FG_API marks what a shared build of the library exports (FG_C_API_SHARED: CMake defines it
 * for users of a shared fatgraph::runtime_c). */
#if defined(_WIN32) && defined(FG_C_API_SHARED)
#if defined(FG_C_API_BUILDING)
#define FG_API __declspec(dllexport)
#else
#define FG_API __declspec(dllimport)
#endif
#elif defined(__GNUC__)
#define FG_API __attribute__((visibility("default")))
#else
#define FG_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this API's declarations. fg_c_api_version() returns the library's: a program
 * built against another version should not call it. */
#define FG_C_API_VERSION 1

typedef enum fg_result {
  FG_OK = 0,
  FG_ERROR_NULL_ARGUMENT = 1,     /* a required pointer or handle was null */
  FG_ERROR_INVALID_ARGUMENT = 2,  /* an index out of range, a non-finite start, ... */
  FG_ERROR_BUFFER_TOO_SMALL = 3,  /* capacity below `needed`; nothing written */
  FG_ERROR_FILE = 4,              /* missing, unreadable, corrupt or not a runtime graph */
  FG_ERROR_OUT_OF_MEMORY = 5,
  FG_ERROR_INTERNAL = 6           /* any other failure inside the library */
} fg_result;

typedef struct fg_graph fg_graph;
typedef struct fg_player fg_player;

/* ---- Library ---------------------------------------------------------------------------- */

/* FG_C_API_VERSION as the library was built. */
FG_API int32_t fg_c_api_version(void);
/* The fatgraph release, e.g. "0.1.0" (static storage). */
FG_API const char* fg_version_string(void);
/* The calling thread's last message: "" when its last call succeeded. Valid until this thread's
 * next call into the API. */
FG_API const char* fg_last_error(void);
/* The enumerator's name, e.g. "FG_ERROR_FILE" (static storage; "unknown" for other values). */
FG_API const char* fg_result_name(fg_result result);

/* ---- Graph: an exported fat graph (`fatgraph export`, docs/RUNTIME_GRAPH.md) ------------- */

/* Loads and checks a whole .fgraph file (a path; there is no load from memory: the HDF5
 * loader reads files). On failure *out_graph is null and the message reads "<file>: <what>"
 * or "<file>: <object>: <what>". */
FG_API fg_result fg_graph_load(const char* path, fg_graph** out_graph);
FG_API void fg_graph_free(fg_graph* graph);

typedef struct fg_graph_info {
  int32_t joint_count;
  int32_t edge_count;
  int32_t hub_count;
  int32_t leg_count;          /* legs the leg layer plants; 0: the pose plays as blended */
  int32_t start_edge;         /* the edge a player starts on by default; -1: no edges */
  int32_t has_body;           /* 1: the file carries a skinned body (the palette binds to it) */
  int32_t body_vertex_count;
  int32_t body_triangle_count;
  float fps;                  /* the rate the clips were sampled at (players run at any rate) */
} fg_graph_info;

FG_API fg_result fg_graph_get_info(const fg_graph* graph, fg_graph_info* out_info);

/* What a graph holds, as the loader read it. */
typedef enum fg_graph_kind {
  FG_GRAPH_FAT_GRAPH = 0,  /* clips as hubs and fat edges (`fatgraph export`) */
  FG_GRAPH_CREATURE = 1    /* a procedural creature without clips (`fatgraph creature`): the
                              player walks, flies or swims it by its gait; no edges or hubs */
} fg_graph_kind;
/* The graph's kind (an fg_graph_kind) in *out_kind. */
FG_API fg_result fg_graph_kind_of(const fg_graph* graph, int32_t* out_kind);
/* Every joint's parent index (-1 for a root), joint_count entries. */
FG_API fg_result fg_graph_joint_parents(const fg_graph* graph, int32_t* parents, size_t capacity,
                                        size_t* needed);
/* Every joint's rest offset in its parent's frame (metres), 3 floats per joint. */
FG_API fg_result fg_graph_rest_offsets(const fg_graph* graph, float* offsets_xyz, size_t capacity,
                                       size_t* needed);
/* A joint's or an edge's name as a NUL-terminated UTF-8 string; capacity and needed count
 * bytes including the NUL. */
FG_API fg_result fg_graph_joint_name(const fg_graph* graph, int32_t joint, char* name, size_t capacity,
                                     size_t* needed);
FG_API fg_result fg_graph_edge_name(const fg_graph* graph, int32_t edge, char* name, size_t capacity,
                                    size_t* needed);
/* The index of the joint or edge called `name` in *out_index, -1 when there is none (FG_OK). */
FG_API fg_result fg_graph_find_joint(const fg_graph* graph, const char* name, int32_t* out_index);
FG_API fg_result fg_graph_find_edge(const fg_graph* graph, const char* name, int32_t* out_index);

/* ---- Player ------------------------------------------------------------------------------ */

typedef struct fg_player_options {
  int32_t start_edge;         /* -1: the graph's start edge; else an edge index */
  int32_t legs_enabled;       /* 1: the leg layer plants the feet (graphs with legs); 0: off */
  float start_position[3];    /* where the character starts in the world, metres */
  float start_yaw;            /* its heading, radians */
  int32_t stick;              /* what the update's stick means: FG_STICK_GRAPH (-1) the graph's,
                                 FG_STICK_PLANE (0) a point on the edge's parameter plane,
                                 FG_STICK_VELOCITY (1) a game's speed and world heading */
} fg_player_options;

#define FG_STICK_GRAPH (-1)
#define FG_STICK_PLANE 0
#define FG_STICK_VELOCITY 1

/* The defaults: start edge -1, legs on, at the origin facing +Z, the graph's stick. */
FG_API void fg_player_options_init(fg_player_options* options);

/* A player at the start of `graph`; options may be null for the defaults. */
FG_API fg_result fg_player_create(const fg_graph* graph, const fg_player_options* options,
                                  fg_player** out_player);
FG_API void fg_player_free(fg_player* player);
/* Back to the start edge, time and frame (the terrain and steering stay). */
FG_API fg_result fg_player_reset(fg_player* player);

/* Plays dt seconds. The stick is the game's (x right, y forward, each in [-1, 1]); it maps
 * onto the current edge's parameter plane, or under FG_STICK_VELOCITY (the graph's choice for
 * a game character's loops joined by generated transitions) gives the speed and the heading in
 * the world (docs/PLAY.md); `action` is an edge index to take at the first hub
 * it leaves (replacing an earlier request), -1 for none, unknown indices ignored. NaN, <= 0 or
 * infinite dt plays nothing; above 0.25 s it is played in 0.25 s steps, at most 1 s per call;
 * NaN stick counts as centred. The pose stays finite whatever the input. */
FG_API fg_result fg_player_update(fg_player* player, float dt, float stick_x, float stick_y,
                                  int32_t action);

/* The game steering the character itself: while enabled the character frame moves with
 * `velocity_x` (left) and `velocity_z` (forward), m/s in its heading frame, and turns at
 * `turn_rate` rad/s (positive left) on average, while the pose keeps playing the clips the
 * stick blends and the leg layer plants the feet where the steered character stands.
 * Non-finite values count as 0; magnitudes are clamped to 1000. The first request measures
 * the graph's velocity spaces (a few ms). */
FG_API fg_result fg_player_set_steering(fg_player* player, int32_t enabled, float velocity_x,
                                        float velocity_z, float turn_rate);

/* Asks for a velocity (same frame and units as the steering) for AI and games: the player
 * chooses the edge at each hub, the blend weights and the cycle rate (within bounds) that
 * come closest, and steers the character by the rest. It replaces the stick and the steering
 * while enabled; enabled 0 hands control back to them. Under 0.1 m/s and 0.2 rad/s the
 * character stops: where an idle edge begins within 2 s of playing it walks on and stands on
 * it, else each leg finishes its step and the clock stops; above 0.15 m/s or 0.3 rad/s it
 * starts again. The cycle-rate bounds are the graph's (+-20 % unless its author chose). */
FG_API fg_result fg_player_set_desired_velocity(fg_player* player, int32_t enabled, float velocity_x,
                                                float velocity_z, float turn_rate);

/* What the velocity path does on the current edge; velocities as {x left, z forward (m/s),
 * turn rate (rad/s)}. */
typedef struct fg_velocity_report {
  int32_t active;           /* a velocity is asked for (desired velocity or steering) */
  int32_t chooses_weights;  /* by fg_player_set_desired_velocity */
  float requested[3];
  float planned[3];         /* the clips' own velocity at the played weights and rate */
  float remainder[3];       /* requested - planned: moved by steering */
  float cycle_rate;         /* the clock's multiplier */
  int32_t stopping;         /* a desired velocity under the stop threshold: the legs finish
                               their steps and the clock stops once every foot stands */
  int32_t standing;         /* the clock has stopped: the character stands */
  int32_t idle;             /* stopping on the graph's idle edge instead: playing on to it
                               (the clips move the body) or standing on it, clock running */
} fg_velocity_report;

FG_API fg_result fg_player_velocity_report(const fg_player* player, fg_velocity_report* out_report);

/* Aims each edge's parameterized joint at `target` (3 floats, metres, the edge-start character
 * frame: x left, y up, z forward) until cleared: edges with a parameter plane play the plane
 * point under the target. enabled 0 (or a non-finite target) clears the aim. */
FG_API fg_result fg_player_aim(fg_player* player, int32_t enabled, const float* target);

typedef struct fg_aim_report {
  int32_t active;       /* a target is set */
  int32_t aimable;      /* the current edge has a parameter plane */
  float target[3];      /* as given */
  float planned[3];     /* where the blend puts the joint: the plane point under the target */
  float unreachable;    /* |target - planned|, metres (the grid's own error comes on top) */
  int32_t joint;        /* the parameterized joint, -1 when none */
  float at_time;        /* the edge's reference time at which the joint is there, seconds */
} fg_aim_report;

FG_API fg_result fg_player_aim_report(const fg_player* player, fg_aim_report* out_report);

/* The ground: world height y at (x, z), metres. Non-finite heights count as no ground. */
typedef float (*fg_height_fn)(void* user, float x, float z);
/* The unit surface normal at (x, z), pointing out of the ground, into normal_out[3]. */
typedef void (*fg_normal_fn)(void* user, float x, float z, float* normal_out);

/* The terrain the leg layer stands on, as callbacks on `user` (not owned; it and the callbacks
 * must stay valid while the player uses them). `height` null: flat ground at y = 0. `normal`
 * null: the normal comes from height differences 1 cm apart. The callbacks are called only
 * from within fg_player_update, on the calling thread. */
FG_API fg_result fg_player_set_terrain(fg_player* player, fg_height_fn height, fg_normal_fn normal,
                                       void* user);
/* One of the built-in test grounds by name: flat, slope15, slope25, stairs15cm, bumps
 * (`fatgraph play --terrain`); the player owns it. */
FG_API fg_result fg_player_set_terrain_preset(fg_player* player, const char* name);

/* ---- Pose and state after the last update ------------------------------------------------ */

typedef struct fg_character {
  float position[3];  /* world metres: ground x, z from the root motion; y the ground height
                         under the character from the leg layer (0 without terrain or legs) */
  float yaw;          /* heading about +Y, radians, in (-pi, pi] */
} fg_character;

FG_API fg_result fg_player_character(const fg_player* player, fg_character* out_character);

/* The local pose, joint_count entries: rotations 4 floats (x, y, z, w) and translations 3 floats
 * per joint, in the parent's frame (the root in its heading frame: character space). */
FG_API fg_result fg_player_local_rotations(const fg_player* player, float* rotations_xyzw,
                                           size_t capacity, size_t* needed);
FG_API fg_result fg_player_local_translations(const fg_player* player, float* translations_xyz,
                                              size_t capacity, size_t* needed);
/* The model-space pose (character space), joint_count entries of 4 and 3 floats. */
FG_API fg_result fg_player_model_rotations(const fg_player* player, float* rotations_xyzw,
                                           size_t capacity, size_t* needed);
FG_API fg_result fg_player_model_positions(const fg_player* player, float* positions_xyz,
                                           size_t capacity, size_t* needed);
/* The skinning palette, joint_count matrices of 16 floats (column-major): joint i's model
 * transform now times the inverse of its bind transform, carrying a bind-pose vertex of the
 * graph's body (model space) to where the pose puts it. A graph without a body has no bind
 * pose: the palette then holds the model transforms themselves (a game multiplies its own
 * inverse bind matrices on the right). Character space, like the pose. */
FG_API fg_result fg_player_palette(const fg_player* player, float* matrices, size_t capacity,
                                   size_t* needed);

typedef struct fg_player_state {
  int32_t current_edge;      /* -1 when the graph has no edges */
  float reference_time;      /* seconds on the current edge's reference clock */
  int32_t transition_count;  /* hubs passed since creation or reset */
  int32_t pending_action;    /* the latched action's edge, -1 none */
} fg_player_state;

FG_API fg_result fg_player_get_state(const fg_player* player, fg_player_state* out_state);
/* Copies everything `source` plays from into `destination` (the edge clock, the transition
 * under way, the control's requests and stop state, the legs' footprints, a creature's gait,
 * the character frame and the pose): the next updates of both, with the same input, give the
 * same poses bit for bit. A copy is a point to come back to (rewind, rollback, prediction).
 * Both players must be of the same graph; each keeps its own terrain. */
FG_API fg_result fg_player_copy_state(fg_player* destination, const fg_player* source);
/* The current edge's blend weights, one per segment (sum 1). */
FG_API fg_result fg_player_weights(const fg_player* player, float* weights, size_t capacity,
                                   size_t* needed);

/* ---- Events of the last update ------------------------------------------------------------ */

typedef enum fg_event_kind {
  FG_EVENT_FOOT_STRIKE = 0,        /* a leg's foot lands: leg, position, normal */
  FG_EVENT_FOOT_OFF = 1,           /* a leg's foot lifts: leg, position, normal */
  FG_EVENT_HUB_REACHED = 2,        /* the clock reached the end of `edge`, at `hub` */
  FG_EVENT_EDGE_STARTED = 3,       /* `edge` began (after a hub, or at creation and reset) */
  FG_EVENT_TRANSITION_STARTED = 4  /* left `from_edge` for another `edge` at `hub` */
} fg_event_kind;

typedef struct fg_event {
  int32_t kind;       /* an fg_event_kind */
  int32_t leg;        /* foot events: the leg's index (fg_graph_info.legs); -1 otherwise */
  int32_t edge;       /* the edge started, reached the end of, or transitioned to */
  int32_t from_edge;  /* FG_EVENT_TRANSITION_STARTED: the edge left; -1 otherwise */
  int32_t hub;        /* the hub, or -1 */
  double time;        /* seconds of play since creation or reset */
  float position[3];  /* world metres: the footprint (foot events), else the character */
  float normal[3];    /* the ground's unit normal at the footprint (foot events), else up */
} fg_event;

/* What happened during the last fg_player_update, in order (at most 64; after creation or
 * reset, the start edge's FG_EVENT_EDGE_STARTED). Foot events follow the leg layer's gait
 * clock on locomotion edges. Size query as for the pose: events NULL and capacity 0. */
FG_API fg_result fg_player_events(const fg_player* player, fg_event* events, size_t capacity,
                                  size_t* needed);
/* "foot_strike", "foot_off", "hub_reached", "edge_started", "transition_started"; "unknown"
 * for any other value. Never null; static storage. */
FG_API const char* fg_event_kind_name(int32_t kind);

#ifdef __cplusplus
}
#endif

#endif /* FATGRAPH_RUNTIME_C_H */
