#pragma once
// Projects made of synthetic motions with known ground truth, shared by the graph tests.
#include <string>
#include <vector>

#include "fatgraph/core/project.h"
#include "fatgraph/core/synthetic_motion.h"

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

}  // namespace fatgraph::test
