#pragma once
// The quality of a playback, measured on the player from outside (docs/PLAY.md): smoothness
// (the largest joint jump between output frames, the root's jerk), how far and which way the
// character went, which edges it played, how close the parameterized joint came to where the
// stick asked for it, and the feet (skate per stance, penetration, leg overextension). Core
// computes it so every presenter can: `fatgraph play` writes it as its report (`--json`), the
// editor may show it beside a live preview. No Qt, no file I/O.
//
// The metrics watch the player from outside, one observation after every update, so they
// never change what is played. Two moments fall inside an update rather than on it and are
// found by interpolating linearly between the observations around them:
//   - the start of an edge (a transition): the fraction s of the update still spent on the
//     old edge is its remaining reference time over the reference time the old edge advanced
//     per second in the previous update; without that rate, s splits the update in proportion
//     to the reference time played on each side. The edge-start frame is the character frame
//     interpolated at s (the character moves smoothly, and the pose is continuous across a
//     transition because the player blends the difference away);
//   - the pass of an edge's parameter reference time: the joint's world position is
//     interpolated at the fraction of reference time (within one update the clock is nearly
//     linear; the error is the joint path's curvature over a frame, about a millimetre).
// An update with more than one transition (an edge shorter than the step) leaves the edges
// between unknown: their start frames and passes are not measured and they are counted apart.
//
// The feet (graph.legs) are judged on the output frames, from the OUTPUT pose, never from what
// the leg layer says it aimed for: per leg the heel and toe points (RuntimeLeg, carried by the
// ankle's world transform), their heights above the terrain, and the ground contact point of
// the corrected eq. 4.6, footbase = heel (1 - b) + (toe - footLength h) b, with b the balance
// of eq. 4.5 (alpha = 20) and h the unit horizontal heel-to-toe direction. A stance is a run of
// output frames whose LegReport says `planted`; its skate is the largest horizontal distance
// of the contact point from where it was at the stance's first frame. Only stances that begin
// and end inside the run count (one already standing at frame 0, or still standing at the last
// frame, is cut short and left out). That makes this skate the layer's own figure (near zero by
// construction); fatgraph/core/locomotion/motion_contacts.h judges the written motion without the flags.
#include <Eigen/Core>
#include <optional>
#include <span>
#include <vector>

#include "fatgraph/core/model/quaternion.h"
#include "fatgraph/runtime/leg_layer.h"
#include "fatgraph/runtime/root_motion.h"
#include "fatgraph/runtime/runtime_graph.h"
#include "fatgraph/runtime/terrain.h"

namespace fatgraph {

/// The character frame a fraction s of the way from a to b (yaw the short way round).
CharacterFrame lerpFrame(const CharacterFrame& a, const CharacterFrame& b, double s);

/// The fraction of an update of `dt` seconds spent on the old edge when a transition happened
/// inside it (see the header): `remaining` reference seconds of the old edge were left,
/// `clockRate` is the reference seconds per second of the update before (<= 0 unknown) and
/// `newTime` the new edge's reference time after the update.
double fractionOnOldEdge(double remaining, double clockRate, double dt, double newTime);

/// The player's state after one update.
struct PlayObservation {
  int edge = -1;            // current edge
  float time = 0;           // reference time T on it (seconds)
  int transitions = 0;      // total transitions so far
  CharacterFrame character; // where the character is
  Float2 planePoint;        // stick mapped onto the edge's plane
  std::span<const Vec3> world;  // world positions of every joint (metres)
  bool finite = true;       // every pose value is finite
  /// Every joint's model-space rotation (character space; world = R_y(yaw) * model): with
  /// `world` it places each foot's heel and toe. Empty: the feet are not measured.
  Span<const Quaternion> modelRotations;
  /// The leg layer's report per leg of graph.legs (only `planted` is read); empty: no stances.
  Span<const LegReport> legs;
  /// Where the player aims the edge's joint (Player::aim; the edge-start frame), when it does.
  std::optional<Vec3> aim;
};

struct PlayReport {
  int frames = 0;
  int transitions = 0;
  std::vector<int> edgesPlayed;  // the start edge, then the edge after each listed transition
  int unlistedTransitions = 0;   // transitions inside updates that had several of them
  double maxJointJump = 0;       // metres, largest world displacement of a joint between frames
  int maxJointJumpFrame = -1;    // the later frame of that pair (-1: one frame only)
  int maxJointJumpJoint = -1;
  std::vector<double> paramErrors;  // metres, one per pass of a parameter reference time
  std::vector<double> aimErrors;    // metres, joint to aim target, one per pass under an aim
  std::vector<int> aimEdges;        // the edge of each of those passes
  int nanFrames = 0;
  int firstNanFrame = -1;
  Vec3 rootStart = Vec3::Zero(), rootEnd = Vec3::Zero();  // root joint, world, first/last frame
  double rootTravel = 0;         // metres along the root's ground path (x, z) over the frames
  double finalYaw = 0;           // radians, unwrapped: the start yaw plus every heading change
  // The feet (see the header comment), metres.
  std::vector<double> footSkates;  // one per stance that began and ended inside the run
  double penetration = 0;          // max over frames, legs, heel and toe of terrain y - point y, >= 0
  double legOverextension = 0;     // max over frames and legs of |hip - ankle| - leg length, >= 0
  // The root joint's jerk: RMS over output frames of its third finite difference of world
  // position divided by the frame time cubed (m/s^3); 0 with fewer than four frames.
  double hipJerk = 0;
  int hipJerkSamples = 0;

  /// Median of paramErrors; empty when there was no pass.
  std::optional<double> paramErrorMedian() const;
  /// Median and largest of footSkates; empty when no stance was complete.
  std::optional<double> footSkateMedian() const;
  std::optional<double> footSkateMax() const;
};

/// The ground contact point of one foot (corrected eq. 4.6, see the header comment) from world
/// heel and toe points; `terrain` null is flat ground at y = 0. Returns the 3D point; its x, z
/// are what skate measures. `fallbackHeading` (unit, horizontal) is used when the foot points
/// straight up or down.
Vec3 footContactPoint(const Vec3& heel, const Vec3& toe, double footLength, const Heightfield* terrain,
                      const Vec3& fallbackHeading);

class PlayMetrics {
 public:
  /// `terrain` (not owned; null: flat ground at y = 0) is what heights are measured from.
  explicit PlayMetrics(const RuntimeGraph& graph, const Heightfield* terrain = nullptr);

  /// The player before its first update: on `edge` at T = 0 with character frame `start`.
  void begin(int edge, const CharacterFrame& start);
  /// After every update that played `dt` seconds; `outputFrame` when the state is a frame.
  void observe(const PlayObservation& o, double dt, bool outputFrame);

  const PlayReport& report() const { return report_; }

 private:
  void recordPass(int edge, double fraction, const CharacterFrame& edgeStart, const Float2& planePoint,
                  const std::optional<Vec3>& aim, std::span<const Vec3> world);
  void observeFeet(const PlayObservation& o, int frame);
  void observeJerk(const Vec3& root, double frameTime);

  // One leg's stance as the frames go by.
  struct Stance {
    bool planted = false;  // in the previous output frame
    bool counted = false;  // began inside the run (after a frame that was not planted)
    Vec3 start = Vec3::Zero();
    double skate = 0;
  };

  const RuntimeGraph* graph_;
  const Heightfield* terrain_;
  std::vector<Stance> stances_;
  Vec3 jerkHistory_[3];     // the root at the last three output frames, oldest first
  int jerkFrames_ = 0;      // output frames seen for the jerk (up to 3 remembered)
  double jerkSquares_ = 0;  // sum of squared jerk magnitudes
  double sinceFrame_ = 0;   // seconds played since the last output frame
  PlayReport report_;
  // The previous observation.
  int edge_ = -1;
  double time_ = -1;  // -1: before the edge's start, so a reference time of 0 is passed too
  int transitions_ = 0;
  CharacterFrame character_;
  Float2 planePoint_;
  std::optional<Vec3> aim_;
  std::vector<Vec3> world_;  // empty before the first observation
  double clockRate_ = -1;    // reference seconds per second in the last update; < 0 unknown
  double yaw_ = 0;           // unwrapped
  // The current edge's start frame, when known.
  CharacterFrame edgeStart_;
  bool edgeStartKnown_ = false;
  // The previous output frame.
  std::vector<Vec3> frameWorld_;
};

}  // namespace fatgraph
