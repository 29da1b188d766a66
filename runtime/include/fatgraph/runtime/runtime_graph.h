#pragma once
// The runtime graph: everything the player needs to play an exported fat graph, laid out for
// the player's loop (Fat Graph §5; docs/RUNTIME_GRAPH.md is the file schema).
//
// Layout. Each fat edge owns ONE contiguous float block (`RuntimeEdge::data`); its segments
// are offsets into it. Per segment frame the local rotations are stored as a structure of
// arrays, x[J] y[J] z[J] w[J], so the weighted sum over segments runs across joints with SIMD;
// translations likewise x[A] y[A] z[A] for the A joints with animated translation. Every
// segment's quaternions are sign-aligned at export (along time, and to the reference segment
// at corresponding warped times), so the player sums without per-joint hemisphere tests.
//
// Spaces and units: metres, seconds, radians; Y up; a character faces +Z at yaw 0 and positive
// yaw turns it left (quaternion.h). The root is stored in its own heading frame: its rotation
// with the heading yaw removed, its translation with x = z = 0 (the height stays). Where the
// root goes is the segment's trajectory: per frame the root's ground position (x, z) and
// unwrapped yaw relative to the segment's first frame (in that frame's heading frame), from
// which the player takes root deltas (root_motion.h).
//
// Authoring builds this from a project (core/runtime_graph_builder.h); runtime_io loads it
// from a .fgraph file. Nothing here allocates during play.
#include <cstdint>
#include <string>
#include <vector>

#include "fatgraph/runtime/creature_gait.h"
#include "fatgraph/runtime/math.h"
#include "fatgraph/runtime/skinning.h"

namespace fatgraph {

/// A leaf marker without channels (BVH "End Site"): a fixed offset in its parent's frame. Kept so
/// the motion a player plays can be written back out with the source's last bones.
struct RuntimeEndSite {
  int parent = -1;
  Float3 offset;  // metres, in the parent joint's frame
};

/// The joint hierarchy in rest pose, stored parents-first (parents[i] < i), so one forward pass
/// computes forward kinematics.
struct RuntimeSkeleton {
  std::vector<std::string> names;
  std::vector<int> parents;                   // -1 for a root; otherwise < own index
  std::vector<Float3> restOffsets;            // metres, local translation in the parent's frame
  std::vector<std::uint8_t> animatedTranslation;  // 1 where the clips carried a translation channel
  std::vector<RuntimeEndSite> endSites;

  int jointCount() const { return static_cast<int>(names.size()); }
  /// Index of the joint called `name`, or -1.
  int find(const std::string& name) const;
  /// Appends a joint and returns its index; `parent` must already exist (or be -1).
  int addJoint(std::string name, int parent, const Float3& restOffset, bool animatedTranslation);
  /// Empty string when consistent, else a description of the first inconsistency
  /// (size mismatch, parent not before child, duplicate name, non-finite offset).
  std::string validate() const;
};

/// What the stick of Player::update means (RuntimeGraph::stick, PlayerOptions::stick).
enum class StickMeaning {
  /// Fat Graph §4: a point on the current edge's parameter plane; the edges follow the hubs'
  /// defaults. The paper's control, for graphs of mocap takes.
  Plane,
  /// What a game means: the stick's length the speed (the dead zone stands, full stick the
  /// graph's fastest), its direction the heading in the world (up faces +Z, right faces -X:
  /// the right of a character facing +Z); the character turns towards it, on the spot when it
  /// points sideways or back. The edges and weights follow that velocity
  /// (LocomotionControl::setDesiredVelocity), through transitions where they lead to it.
  Velocity,
};

/// What a runtime graph holds (RuntimeGraph::kind).
enum class RuntimeGraphKind {
  FatGraph,  ///< clips as hubs and fat edges, played by the player's clock and control
  Creature,  ///< a procedural character (seed 001): a gait rig, walked by CreatureController
};

/// Version of the in-memory layout and of the .fgraph file that stores it.
/// 4: procedural characters (RuntimeGraph::creature, the file's /creature group).
inline constexpr int kRuntimeGraphFormatVersion = 4;

/// Maps a game's stick onto an edge's parameter plane. Per axis a in {x, y}:
///   1. s = stick, with NaN treated as 0 and clamped to [-1, 1]; inverted when invert[a];
///   2. radial dead zone: |s| < deadZone gives 0, else s is rescaled so the dead zone's edge is
///      0 and the unit circle stays 1; then |s| -> |s|^responseExponent (keeping the sign);
///   3. plane coordinate u_a = neutral_a + s_a * (rangeMax_a - neutral_a) for s_a >= 0,
///      u_a = neutral_a + s_a * (neutral_a - rangeMin_a) for s_a < 0.
/// So the centred stick plays `neutral` (by default the reference segment's own sample), and
/// full deflection along an axis reaches the hull of the sampled blends (where that axis
/// through `neutral` leaves it; the grid's bounds when there is no hull).
struct JoystickMapping {
  float deadZone = 0.1f;
  float responseExponent = 1.0f;
  bool invert[2] = {false, false};
  float neutral[2] = {0.0f, 0.0f};
  float rangeMin[2] = {-1.0f, -1.0f};
  float rangeMax[2] = {1.0f, 1.0f};
};

/// One segment of a fat edge: where its arrays start inside the edge's block.
struct RuntimeSegment {
  std::string clip;     // source clip name (reports only)
  int firstFrame = 0;   // first frame in the clip at the working rate (reports only)
  int frameCount = 0;   // >= 2
  float duration = 0;   // (frameCount - 1) / fps, seconds
  // Offsets into RuntimeEdge::data (floats):
  std::uint32_t rotations = 0;     // frameCount * 4 * J: per frame x[J] y[J] z[J] w[J]
  std::uint32_t translations = 0;  // frameCount * 3 * A: per frame x[A] y[A] z[A]
  std::uint32_t trajectory = 0;    // frameCount * 3: per frame ground x, ground z, yaw
  std::uint32_t warpX = 0;         // warpKnots reference times (s), strictly increasing
  std::uint32_t warpY = 0;         // warpKnots segment times (s), strictly increasing
  int warpKnots = 0;               // >= 2
};

/// The 2D control space of an edge (core's ParameterPlane and WeightGrid, in float).
struct RuntimeParameterSpace {
  int dimension = 0;                 // 2 plane, 1 line, 0 a single point (see core)
  float origin[3] = {0, 0, 0};       // plane centroid, edge-start frame (metres)
  float xAxis[3] = {0, 0, 0};        // device x in the edge-start frame (unit or zero)
  float yAxis[3] = {0, 0, 0};        // device y
  int joint = 0;                     // the joint whose position the plane measures
  float referenceTime = 0;           // seconds of reference time at which it is measured
  int gridResolution = 0;            // G; 0: no grid (weights = reference segment one-hot)
  float gridMin[2] = {0, 0};
  float gridMax[2] = {0, 0};
  std::vector<float> gridWeights;    // G * G * S, vertex (ix, iy) at ((iy * G) + ix) * S
};

/// How an edge turns the stick into blend weights.
enum class EdgeBlendMode : std::uint8_t {
  Grid = 0,            // the parameter plane's weight grid (Fat Graph §4; the default)
  CartesianBands = 1,  // gradient bands over the segments' velocities (gradient_bands.h)
  PolarBands = 2,      // the same in polar (angle, relative speed) space
};

/// A leg of the skeleton for the leg layer (authoring's LegSetup, in float).
struct RuntimeLeg {
  std::string name;
  /// Hip (thigh) joint first, ankle last: >= 3 joints, each the child of the one before,
  /// except that the ankle may be a foot bone beside the chain (a game rig's IK foot hanging
  /// from the root or the hips): the leg layer then places it where the solved shin ends.
  std::vector<int> chain;
  float heel[3] = {0, 0, 0};      // heel point in the ankle joint's frame, metres
  float toeTip[3] = {0, 0, 0};    // toe tip in the ankle joint's frame, metres
  float length = 0;               // sum of the chain's rest bone lengths, metres (> 0)
  float footLength = 0;           // |toeTip - heel|, metres (> 0)
};

/// Empty when `chain` is a leg chain of a skeleton with these `parents` (RuntimeLeg::chain:
/// >= 3 joints in range, each the child of the one before, the ankle possibly a foot bone
/// beside the chain), else what is wrong.
std::string legChainError(const std::vector<int>& parents, const std::vector<int>& chain);

/// One leg in one segment of a locomotion edge: the cycle analysis (Johansen ch. 4; core's
/// cycle_analysis.h) of that segment as one gait cycle, with its times moved onto the EDGE's
/// clock. "Edge cycle time" c = T / referenceDuration in [0, 1) (T the reference time); a
/// segment's key times are mapped onto it through the segment's warp, so the segments' events
/// line up where the time warp lines them up. "Leg cycle time" = cyclic(c - stanceTime).
struct RuntimeLegCycle {
  float stanceTime = 0;    // edge cycle time of the leg's stance (4.2), [0, 1)
  // Key times (4.7-4.12), leg cycle time in [0, 1]; footLift <= footOff <= postFootLift <=
  // preFootLand <= footLand, footStrike in [preFootLand, 1] (foot-strike before stance wraps
  // to the cycle's end: the ground contact runs from footStrike through 1 == 0 to footOff).
  float footLift = 0, footOff = 0, postFootLift = 0;
  float preFootLand = 1, footLand = 1, footStrike = 1;
  // The footbase (corrected 4.6) at the stance, in the segment's character frame at the
  // stance's moment (the runtime's frame: root ground position, heading from the trajectory;
  // x = left, y = up in model space, z = forward), metres. Where a step puts the foot down
  // relative to the character (Johansen 7.3: footprint = predicted pose o stance position).
  float stancePosition[3] = {0, 0, 0};
  float stanceYaw = 0;     // the foot's heading (heel -> toe on the ground) minus the
                           // character's heading at the stance, radians
  float strideLength = 0;  // 4.14, metres per cycle
};

/// The leg layer's data for one edge. Every edge of a graph with legs has one; only
/// locomotion edges (`enabled`) have cycles.
struct RuntimeLocomotion {
  bool enabled = false;     // a locomotion edge: the leg layer plants its feet
  float floorHeight = 0;    // model-space y of the ground the edge's motion stands on (the
                            // lowest heel or toe point over the reference segment), metres
  /// enabled: segments * legs entries, segment-major (segment s, leg l at s * legs + l).
  std::vector<RuntimeLegCycle> legCycles;
  /// enabled: per segment its cycle distance (4.16, metres) and duration (seconds).
  std::vector<float> cycleDistance, cycleDuration;
};

/// What an edge's blends do for a requested velocity (velocity_space.h): an n x n lattice over
/// its control plane [min, max], each point's ground velocity (heading frame: x left, z
/// forward, m/s) and turning rate (rad/s, positive left). Measured by playing the edge; the
/// .fgraph stores it (format 3) so a game need not measure it at load. Empty: not stored.
struct RuntimeVelocitySpace {
  float min[2] = {0, 0}, max[2] = {0, 0};
  int n = 0;                  // lattice points per axis (>= 2 when stored)
  std::vector<float> points;  // n^2 x 3 (vx, vz, turn rate), row-major (iy * n + ix)
  bool empty() const { return n == 0; }
};

/// How far the player's clock may run from the data's rate to meet a requested speed
/// (VelocityControlSettings; the .fgraph's cycle_rate_min / cycle_rate_max, format 3).
struct CycleRateBounds {
  float slowest = 0.8f;
  float fastest = 1.2f;
};

struct RuntimeEdge {
  std::string name;
  int fromHub = -1;
  int toHub = -1;
  int referenceSegment = 0;     // index into `segments`
  float referenceDuration = 0;  // seconds; the edge ends when T reaches it
  std::vector<RuntimeSegment> segments;
  std::vector<float> data;      // the edge's one contiguous block
  RuntimeParameterSpace parameters;
  JoystickMapping joystick;
  /// Authoring's median 3D error of the refined grid (metres), for reports; NaN if unknown.
  float paramErrorMedian = 0;
  EdgeBlendMode blend = EdgeBlendMode::Grid;
  /// Per segment its mean ground velocity over the segment (chord / duration) in the heading
  /// frame of its first frame, x = left, z = forward, m/s: 2 floats per segment, always filled.
  /// The gradient-band modes weight segments by these; their JoystickMapping then maps the
  /// stick onto this velocity space (neutral = the reference segment's velocity, ranges = the
  /// samples' extent).
  std::vector<float> bandSamples;
  RuntimeLocomotion locomotion;
  /// The character stands on this edge (its root barely moves or turns): a stopping player
  /// takes it at its hub instead of freezing the clock (Player, stop and start).
  bool idle = false;
  RuntimeVelocitySpace velocitySpace;
};

struct RuntimeHub {
  std::string name;
  std::vector<int> outgoing;  // edge indices leaving this hub, ascending
  int defaultEdge = -1;       // outgoing edge with the most segments (ties: lowest index); -1 none
};

struct TransitionSettings {
  /// Seconds over which the pose difference at a hub (end of one edge vs start of the next)
  /// decays to zero, so a transition never pops. 0 switches instantly.
  float blendSeconds = 0.25f;
};

struct RuntimeGraph {
  int formatVersion = kRuntimeGraphFormatVersion;
  RuntimeSkeleton skeleton;       // names, parents, rest offsets
  /// The A joints whose translation is stored per frame, ascending: those with animated
  /// translation, and always the roots (their ground motion moves into the trajectory).
  std::vector<int> translatedJoints;
  float fps = 30.0f;              // working rate the segments were sampled at
  std::vector<RuntimeHub> hubs;
  std::vector<RuntimeEdge> edges;
  TransitionSettings transitions;
  CycleRateBounds cycleRates;
  /// The legs the leg layer adjusts; empty: no leg layer (every edge plays as blended).
  std::vector<RuntimeLeg> legs;
  /// The edge a player starts on: the default edge of the first hub that has one.
  int startEdge = -1;
  /// The character's skinned mesh, bound to `skeleton` in its rest pose (issue #14); empty:
  /// the graph has no body (the game brings its own). The file's optional /body group.
  SkinnedMesh body;
  /// A procedural character (seed 001; format 4): a creature without clips, walked, flown or
  /// swum by CreatureGait on the player's API. Its rig's joints are the skeleton's (same
  /// parents; rest positions the skeleton's rest pose); `legs` lists its legs, so foot events
  /// and reports name them. Such a graph has no hubs and no edges. Empty (no joints): none.
  CreatureGaitRig creature;
  /// What the graph is: a fat graph of clips, or a procedural creature (its `creature` rig
  /// filled, no hubs or edges). The loader sets it from what the file holds (a /creature
  /// group); validate() checks that the contents agree with it.
  RuntimeGraphKind kind = RuntimeGraphKind::FatGraph;
  /// What the player's stick means for this graph unless PlayerOptions::stick says otherwise:
  /// the exporter chooses Velocity for a graph joined by generated transitions (a game
  /// character's loops), Plane for one of mocap takes.
  StickMeaning stick = StickMeaning::Plane;

  int jointCount() const { return skeleton.jointCount(); }
  bool procedural() const { return kind == RuntimeGraphKind::Creature; }
  /// Index of the edge called `name`, or -1.
  int findEdge(const std::string& name) const;
  /// Empty when every offset, count, index and value is consistent and finite; otherwise the
  /// first problem found ("edge 'walk' segment 3: warp knots not increasing"). Loaders call it
  /// so a corrupt file never reaches the player.
  std::string validate() const;
};

}  // namespace fatgraph
