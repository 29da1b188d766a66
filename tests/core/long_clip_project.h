#pragma once
// A project with one long synthetic clip (31 joints in a binary tree, smooth rotations, a
// travelling root): the large round trip of test_project_store and bench_project_store save
// and load the same data.
#include <cmath>
#include <string>
#include <utility>

#include "fatgraph/core/model/project.h"

namespace fatgraph::test {

inline Project longClipProject(int frames) {
  Project project;
  Skeleton& s = project.skeleton;
  for (int j = 0; j < 31; ++j) {
    s.addJoint("joint" + std::to_string(j), j == 0 ? -1 : (j - 1) / 2, {0.0, 0.1, 0.01 * j},
               j == 0);
  }
  Clip clip;
  clip.name = "long";
  clip.fps = 120.0;
  clip.jointCount = 31;
  clip.rotations.reserve(size_t(frames) * 31);
  clip.translations.reserve(size_t(frames) * 31);
  for (int f = 0; f < frames; ++f) {
    for (int j = 0; j < 31; ++j) {
      const double a = 0.01 * f + 0.3 * j;
      clip.rotations.push_back(
          Quat(Eigen::AngleAxisd(std::sin(a), Vec3(std::cos(j), 1.0, 0.5).normalized())));
      clip.translations.push_back(j == 0 ? Vec3(0.001 * f, 0.9 + 0.02 * std::sin(a), 0.0)
                                         : s.restOffsets[j]);
    }
  }
  project.clips.push_back(std::move(clip));
  return project;
}

}  // namespace fatgraph::test
