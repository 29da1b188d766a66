#pragma once
// Locomotion cycle analysis (Johansen, ch. 4, eq. 4.1-4.21): for one gait cycle of a clip,
// per leg where and when the foot stands, lifts and lands, how far it strides, and per cycle
// the distance, direction and speed. The leg layer plants feet from these figures;
// `--locomotion auto` asks isLocomotionCycle() which fat edges are walks. How each figure is
// found, and where we depart from the thesis (the corrected 4.6, the caps on the key times):
// docs/ALGORITHMS.md G.
//
// Spaces. "Character space" is a frame on the floor gliding, at constant speed and turning
// rate (a line or a circular arc), from the root's ground position and heading at the first
// frame to those at the last; a position is in that frame at its sample's own time: x = the
// character's left, y = up from the floor (the lowest heel/toe point of any leg over the
// cycle), z = the character's forward. Y up, metres, seconds.
//
// Times. "Cycle time" runs 0 -> 1 over frames [firstFrame, lastFrame] (lastFrame is the first
// frame of the next cycle). Each leg also has its own "leg cycle time", 0 at its stance time
// (4.19: legTime = cyclic(cycleTime - stanceTime)); all key times are leg cycle times.
//
// Never throws and never writes NaN. A cycle it cannot analyse comes back with `valid` false
// and `problems` saying why (no legs, too short, non-finite input, a foot that never touches
// down or never lifts); the numeric fields then hold finite placeholders (0).
#include <string>
#include <vector>

#include "fatgraph/core/locomotion/legs.h"
#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/model/quaternion.h"
#include "fatgraph/core/model/skeleton.h"
#include "fatgraph/runtime/footbase.h"

namespace fatgraph {

struct CycleAnalysisOptions {
  int samples = 50;              // output samples per cycle (the reference implementation's 50)
  int minFrames = 8;             // a shorter cycle is rejected (too few frames to find key times)
  double balanceSharpness = kFootBalanceSharpness;  // alpha of 4.5: pushes balance towards 0 / 1
  double minFootRoll = 0.2;      // alpha of 4.9 / 4.12: minimum foot-roll duration (cycle fraction)
  double liftThreshold = 0.25;   // heel/toe-off search stops where the point has risen by this
                                 // fraction of its height range above its lowest since the
                                 // stance (the max-curvature sample before it wins). 25 %, not
                                 // 10 %: real feet wobble 2-3 cm while planted (toe pivot, heel
                                 // settling), which a 10 % threshold mistakes for a lift
  double linearSpeedDeviation = 0.5;  // linear-speed-end/begin: the footbase's horizontal
                                      // velocity departs from its stance velocity by this
                                      // fraction of the stance speed
};

/// The key times of one leg (leg cycle time, [0, 1); 4.7-4.12 plus the raw searches).
/// The lift side (heel-off, toe-off, linear-speed-end, foot-lift, foot-off, post-foot-lift)
/// lies after the stance, the land side (heel-strike, ..., foot-land) before the next one.
struct LegKeyTimes {
  double heelOff = 0, toeOff = 0, linearSpeedEnd = 1;          // forward searches from stance
  double heelStrike = 1, toeStrike = 1, linearSpeedBegin = 0;  // backward searches
  double footLift = 0;      // 4.7: min(heel-off, toe-off, linear-speed-end)
  double footOff = 0;       // 4.8: max(heel-off, toe-off), capped at linear-speed-end
  double postFootLift = 0;  // 4.9: max(foot-lift + minFootRoll, foot-off)
  double footLand = 1;      // 4.10: max(heel-strike, toe-strike, linear-speed-begin)
  double footStrike = 1;    // 4.11: min(heel-strike, toe-strike), raised to linear-speed-begin
  double preFootLand = 1;   // 4.12: min(foot-land - minFootRoll, foot-strike)
};

/// One leg over the cycle. Per-sample vectors have `samples` entries at cycle times s / samples.
struct LegCycle {
  std::string name;
  // Trajectories, character space (see the file comment), metres.
  std::vector<Vec3> heel, toe;           // the leg's heel and toe-tip points
  std::vector<Vec3> middle;              // (heel + toe) / 2, 4.1
  std::vector<double> balance;           // 4.5: 0 = heel lower, 1 = toe lower
  std::vector<Vec3> footbase;            // corrected 4.6: heel (1 - b) + (toe - footDirection) b
  std::vector<Vec3> normalizedFootbase;  // 4.19-4.21: stride along +z, z in cycle distances
  Vec3 movementAxis = Vec3::UnitZ();     // unit, on the floor: b - a of the projected middle path
  double stanceTime = 0;                 // cycle time of 4.2's minimum cost (the leg's time 0)
  Vec3 stancePosition = Vec3::Zero();    // footbase at the stance time, character space
  Vec3 footDirection = Vec3::UnitZ();    // 4.3-4.4: heel -> toe on the floor at stance, length =
                                         // foot length (one constant vector for 4.6)
  double footLength = 0;                 // metres
  LegKeyTimes keys;
  double dutyFactor = 0;  // fraction of the cycle on the ground: cyclic(foot-off - strike)
  int stanceCount = 0;    // separate ground contacts within the cycle (1 for a gait cycle)
  /// The foot never lifts within the frames (half a gait cycle between two hubs: the other leg
  /// steps while this one stands). Its key times are then all 0.5 (leg cycle time), so the
  /// contact [foot-strike, 1) + [0, foot-off] covers the whole cycle, duty factor 1, and its
  /// stride is the ground's travel under the planted foot (4.14 over the whole cycle).
  bool standsThroughout = false;
  Vec3 strideDisplacement = Vec3::Zero();  // 4.13, footbase(off) - footbase(strike), floor
  double strideLength = 0;  // 4.14: metres per cycle, read over the contact's inner 80 %
                            // (robust to a key time one sample into the swing)
  Vec3 strideDirection = Vec3::UnitZ();  // 4.15: unit, character space; the sideways sweep
                                         // of the turning frame (turn x position) removed
};

struct CycleAnalysis {
  bool valid = false;
  std::vector<std::string> problems;  // why not valid (empty when valid)
  int firstFrame = 0, lastFrame = 0;
  double duration = 0;                  // s, (lastFrame - firstFrame) / fps
  double distance = 0;                  // 4.16: mean stride length, metres per cycle
  Vec3 direction = Vec3::UnitZ();       // 4.17: mean stride direction (unit), character space
  double speed = 0;                     // 4.18: distance / duration, m/s
  Vec3 worldDirection = Vec3::UnitZ();  // `direction` in world space at the cycle's middle
  double turningRate = 0;      // rad/s, heading change of the character frame over the cycle
                               // / duration; positive turns left
  double floorHeight = 0;      // world y of the floor estimate (lowest foot point)
  std::vector<LegCycle> legs;  // in LegSetup order
};

/// Analyses frames [firstFrame, lastFrame] of `clip` as one gait cycle (e.g. a fat edge's
/// reference segment, hub to hub). Every leg of `legs` is analysed independently.
CycleAnalysis analyzeCycle(const Skeleton& skeleton, const Clip& clip, int firstFrame,
                           int lastFrame, const LegSetup& legs,
                           const CycleAnalysisOptions& options = {});

/// Finds the gait cycles of a longer clip from the touch-downs of one leg (its lowest foot
/// point dropping to the floor after a swing) and analyses each window between consecutive
/// touch-downs. For tests and reports; an empty vector when the leg never steps twice.
std::vector<CycleAnalysis> analyzeClipCycles(const Skeleton& skeleton, const Clip& clip,
                                             const LegSetup& legs, int referenceLeg = 0,
                                             const CycleAnalysisOptions& options = {});

/// A leg's normalized footbase (4.21) at leg cycle time `legTime` in [0, 1], interpolated
/// between samples; the jump at the stance (z 1 -> 0) is unwrapped, so the result runs from
/// (0, 0, 0) at legTime 0 to (0, 0, 1) at legTime 1 through the swing.
Vec3 normalizedFootbaseAt(const LegCycle& leg, double legTime);

/// Thresholds of isLocomotionCycle.
struct LocomotionCriteria {
  double minSpeed = 0.1;         // m/s
  double minTurningRate = 0.25;  // rad/s (about 14 deg/s): turning on the spot also counts
};

struct LocomotionVerdict {
  bool locomotion = false;
  std::string reason;  // one line, either way
};

/// Whether an analysed cycle is locomotion: the analysis is valid, every leg has exactly one
/// stance, and the cycle travels (speed >= minSpeed) or turns (|turning rate| >=
/// minTurningRate).
LocomotionVerdict isLocomotionCycle(const CycleAnalysis& cycle,
                                    const LocomotionCriteria& criteria = {});

/// The same for frames [firstFrame, lastFrame] of a clip (e.g. a fat edge's reference segment).
LocomotionVerdict isLocomotionCycle(const Skeleton& skeleton, const Clip& clip, int firstFrame,
                                    int lastFrame, const LegSetup& legs,
                                    const LocomotionCriteria& criteria = {},
                                    const CycleAnalysisOptions& options = {});

}  // namespace fatgraph
