#pragma once
// How well `fatgraph play` met the velocities its input asked for (the vel_x,vel_z,turn
// columns; docs/PLAY.md "Velocity"), measured from outside the player like the other figures.
//
// One sample per edge played whole under one unchanged desired velocity: from the moment the
// edge began to the moment it ended (both inside updates, found as PlayMetrics finds them:
// fractionOnOldEdge), the heading-frame velocity and turning rate of the arc between the two
// frames, v = R_y(-turn / 2) chord / (seconds sinc(turn / 2)), against the request. Read
// twice: for the clips' own root motion (Player::animationFrame(), at the cycle rate: what the
// data did) and for the character (with the steered remainder: what the game got). A whole
// edge averages a gait cycle's sway out; shorter windows would judge the sway.
#include <optional>
#include <vector>

#include "fatgraph/runtime/player.h"

namespace fatgraph::cli {

/// The player after one update, as the velocity measure reads it.
struct VelocityObservation {
  double dt = 0;            // seconds played by the update
  int edge = -1;
  float referenceTime = 0;  // T on the edge after the update
  int transitions = 0;
  bool requested = false;   // a desired velocity chose the weights in this update
  PlanarVelocity request;
  float cycleRate = 1;
  CharacterFrame clips;      // Player::animationFrame()
  CharacterFrame character;  // Player::character()
  bool stopping = false;     // Player::stopping()
  bool standing = false;     // Player::standing()
  bool onIdleEdge = false;   // stopping, on an edge the graph marks idle (the stop's other way)
};

struct PlayVelocityReport {
  int requestedUpdates = 0;
  std::vector<double> clipsErrors;       // relative: |v - v*| / max(|v*|, 0.1 m/s), per edge
  std::vector<double> characterErrors;   // the same for the character
  std::vector<double> clipsTurnErrors;   // |w - w*|, rad/s
  std::optional<double> slowestRate, fastestRate;  // cycle rates seen under a request
  std::vector<double> timesToStand;      // seconds from each stop asked for to standing
  double standingSeconds = 0;            // time spent standing
  std::vector<double> timesToIdle;       // seconds from each stop asked for to its idle edge
  double idleSeconds = 0;                // time spent stopped on idle edges
};

/// The median and the 95th percentile (nearest rank) of `values`; nullopt when empty.
std::optional<std::pair<double, double>> medianAndP95(std::vector<double> values);

class PlayVelocityMeasure {
 public:
  explicit PlayVelocityMeasure(const RuntimeGraph& graph) : graph_(&graph) {}
  void begin(const VelocityObservation& start);
  void observe(const VelocityObservation& o);
  const PlayVelocityReport& report() const { return report_; }

 private:
  struct Interval {
    bool open = false;     // began at a known edge start under a request
    double seconds = 0;
    double clipsYaw = 0, characterYaw = 0;  // unwrapped heading change since the start
    CharacterFrame clipsStart, characterStart;
    PlanarVelocity request;
  };
  void close(const CharacterFrame& clips, const CharacterFrame& character, double clipsYaw, double characterYaw,
             double seconds);

  const RuntimeGraph* graph_;
  PlayVelocityReport report_;
  VelocityObservation last_;
  double clockRate_ = -1;  // reference seconds per second in the last update on one edge
  double stoppingFor_ = 0;  // seconds since the current stop was asked for
  Interval interval_;
};

}  // namespace fatgraph::cli
