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

#include "fatgraph/runtime/skeleton.h"

namespace fatgraph {

/// Version of the in-memory layout and of the .fgraph file that stores it.
inline constexpr int kRuntimeGraphFormatVersion = 1;

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
  Skeleton skeleton;              // names, parents, rest offsets (double: authoring precision)
  /// The A joints whose translation is stored per frame, ascending: those with animated
  /// translation, and always the roots (their ground motion moves into the trajectory).
  std::vector<int> translatedJoints;
  float fps = 30.0f;              // working rate the segments were sampled at
  std::vector<RuntimeHub> hubs;
  std::vector<RuntimeEdge> edges;
  TransitionSettings transitions;
  /// The edge a player starts on: the default edge of the first hub that has one.
  int startEdge = -1;

  int jointCount() const { return skeleton.jointCount(); }
  /// Index of the edge called `name`, or -1.
  int findEdge(const std::string& name) const;
  /// Empty when every offset, count, index and value is consistent and finite; otherwise the
  /// first problem found ("edge 'walk' segment 3: warp knots not increasing"). Loaders call it
  /// so a corrupt file never reaches the player.
  std::string validate() const;
};

}  // namespace fatgraph
