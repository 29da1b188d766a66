#pragma once
// What `fatgraph play` reports about a playback (docs/PLAY.md): smoothness (the largest joint
// jump between output frames), how far and which way the character went, which edges it
// played, and how close the parameterized joint came to where the stick asked for it.
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
#include <Eigen/Core>
#include <optional>
#include <span>
#include <vector>

#include "fatgraph/runtime/root_motion.h"
#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph::cli {

/// The player's state after one update.
struct PlayObservation {
  int edge = -1;            // current edge
  float time = 0;           // reference time T on it (seconds)
  int transitions = 0;      // total transitions so far
  CharacterFrame character; // where the character is
  Eigen::Vector2f planePoint = Eigen::Vector2f::Zero();  // stick mapped onto the edge's plane
  std::span<const Vec3> world;  // world positions of every joint (metres)
  bool finite = true;       // every pose value is finite
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
  int nanFrames = 0;
  int firstNanFrame = -1;
  Vec3 rootStart = Vec3::Zero(), rootEnd = Vec3::Zero();  // root joint, world, first/last frame
  double rootTravel = 0;         // metres along the root's ground path (x, z) over the frames
  double finalYaw = 0;           // radians, unwrapped: the start yaw plus every heading change

  /// Median of paramErrors; empty when there was no pass.
  std::optional<double> paramErrorMedian() const;
};

class PlayMetrics {
 public:
  explicit PlayMetrics(const RuntimeGraph& graph);

  /// The player before its first update: on `edge` at T = 0 with character frame `start`.
  void begin(int edge, const CharacterFrame& start);
  /// After every update that played `dt` seconds; `outputFrame` when the state is a frame.
  void observe(const PlayObservation& o, double dt, bool outputFrame);

  const PlayReport& report() const { return report_; }

 private:
  void recordPass(int edge, double fraction, const CharacterFrame& edgeStart,
                  const Eigen::Vector2f& planePoint, std::span<const Vec3> world);

  const RuntimeGraph* graph_;
  PlayReport report_;
  // The previous observation.
  int edge_ = -1;
  double time_ = -1;  // -1: before the edge's start, so a reference time of 0 is passed too
  int transitions_ = 0;
  CharacterFrame character_;
  Eigen::Vector2f planePoint_ = Eigen::Vector2f::Zero();
  std::vector<Vec3> world_;  // empty before the first observation
  double clockRate_ = -1;    // reference seconds per second in the last update; < 0 unknown
  double yaw_ = 0;           // unwrapped
  // The current edge's start frame, when known.
  CharacterFrame edgeStart_;
  bool edgeStartKnown_ = false;
  // The previous output frame.
  std::vector<Vec3> frameWorld_;
};

}  // namespace fatgraph::cli
