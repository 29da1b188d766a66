// The small project the project store tests save and load: a seven-joint skeleton with three
// end sites and translation channels on the root and on one joint below it, and three clips
// of random frames (12, 1 and 0 frames).
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <utility>

#include "fatgraph/core/model/project.h"

namespace fatgraph::test {

inline Quat randomRotation(std::mt19937_64& rng) {
  std::normal_distribution<double> n;
  return Quat(n(rng), n(rng), n(rng), n(rng)).normalized();
}

inline Clip makeClip(const Skeleton& s, std::string name, double fps, int frames, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> noise(-0.05, 0.05);
  Clip c;
  c.name = std::move(name);
  c.source = "/mocap/" + c.name + ".bvh";
  c.fps = fps;
  c.sourceFps = fps * 4;
  c.sourceFirstFrame = 1;
  c.jointCount = s.jointCount();
  for (int f = 0; f < frames; ++f) {
    for (int j = 0; j < s.jointCount(); ++j) {
      c.rotations.push_back(randomRotation(rng));
      Vec3 t = s.restOffsets[j];
      if (s.animatedTranslation[j]) t += Vec3(noise(rng), noise(rng), noise(rng));
      c.translations.push_back(t);
    }
  }
  return c;
}

// Seven joints, three end sites, translation channels on the root and on one joint below it.
inline Skeleton makeSkeleton() {
  Skeleton s;
  s.addJoint("Hips", -1, {0.0, 0.95, 0.0}, true);
  s.addJoint("Spine", 0, {0.0, 0.1, 0.013}, false);
  s.addJoint("Head", 1, {0.0, 0.55, 0.02}, true);
  s.addJoint("LeftUpLeg", 0, {0.0912, -0.05, 0.0}, false);
  s.addJoint("LeftLeg", 3, {0.0, -0.4431, 0.0}, false);
  s.addJoint("RightUpLeg", 0, {-0.0912, -0.05, 0.0}, false);
  s.addJoint("RightLeg", 5, {0.0, -0.4431, 0.0}, false);
  s.endSites = {{2, {0.0, 0.17, 0.0}}, {4, {0.0, -0.42, 0.11}}, {6, {0.0, -0.42, 0.11}}};
  return s;
}

// Clips 0000 (12 frames at 30 fps), 0001 (1 frame at 24 fps), 0002 (0 frames at 60 fps).
inline Project makeProject(std::uint64_t seed = 1) {
  Project p;
  p.skeleton = makeSkeleton();
  p.clips.push_back(makeClip(p.skeleton, "walk", 30.0, 12, seed));
  p.clips.push_back(makeClip(p.skeleton, "pose", 24.0, 1, seed + 1));
  p.clips.push_back(makeClip(p.skeleton, "empty", 60.0, 0, seed + 2));
  p.clips[2].sourceFps = 0;
  p.clips[2].sourceFirstFrame = 0;
  p.clips[2].source.clear();
  return p;
}

}  // namespace fatgraph::test
