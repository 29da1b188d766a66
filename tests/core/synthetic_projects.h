#pragma once
// Projects made of synthetic motions with known ground truth, shared by the graph tests.
#include <string>
#include <vector>

#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/model/project.h"
#include "fatgraph/test_support/synthetic_motion.h"

namespace fatgraph::test {

/// A project holding the motions' clips (one skeleton), named clip0, clip1, ...; no graph.
inline Project projectOf(const std::vector<SyntheticMotion>& motions) {
  Project p;
  p.skeleton = motions.front().skeleton;
  for (const SyntheticMotion& m : motions) p.clips.push_back(m.clip);
  for (size_t c = 0; c < p.clips.size(); ++c) p.clips[c].name = "clip" + std::to_string(c);
  return p;
}

/// Two walk styles (plain; crouched with raised arms) that start and end in the same stand.
struct TwoStyles {
  SyntheticMotion plain, crouched;
};
inline TwoStyles twoStyleWalks() {
  SyntheticWalkParams plain;
  plain.cycles = 2;
  plain.commonPose = true;
  plain.standDuration = 1.0;
  SyntheticWalkParams crouched = plain;
  crouched.crouch = 0.15;
  crouched.armRaise = 1.0;
  crouched.armSwing = 0.05;
  return {generateBipedWalk(plain), generateBipedWalk(crouched)};
}

/// Both styles twice (clip0 and clip2 plain, clip1 and clip3 crouched), built with the
/// default options: one hub, two fat edges of 2 segments.
inline Project twoStyleGraph() {
  const TwoStyles s = twoStyleWalks();
  Project p = projectOf({s.plain, s.crouched, s.plain, s.crouched});
  buildMotionGraph(p);
  return p;
}

/// A biped walk of `cycles` cycles (1.05 s each), turning at `turningRate` rad/s.
inline SyntheticWalkParams walkGait(double cycles, double turningRate = 0.0) {
  SyntheticWalkParams p;
  p.cycles = cycles;
  p.turningRate = turningRate;
  return p;
}

/// A run of the same biped: a shorter cycle, a longer stride, a flight phase (duty factor under
/// a half), higher steps, more bob and arm swing, a slight crouch.
inline SyntheticWalkParams runGait(double cycles) {
  SyntheticWalkParams p = walkGait(cycles);
  p.period = 0.7;
  p.strideLength = 2.2;
  p.dutyFactor = 0.38;
  p.stepHeight = 0.18;
  p.bobAmplitude = 0.04;
  p.armSwing = 0.6;
  p.crouch = 0.04;
  return p;
}

}  // namespace fatgraph::test
