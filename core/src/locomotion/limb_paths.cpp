// Model-space paths of a clip's points, limb ends and the ground band (limb_paths.h).
#include "limb_paths.h"

#include <algorithm>
#include <utility>

#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/model/statistics.h"

namespace fatgraph::limbs {

ModelPaths modelPaths(const Skeleton& s, const Clip& clip) {
  ModelPaths m;
  m.joints = s.jointCount();
  m.ends = static_cast<int>(s.endSites.size());
  m.frames = clip.frameCount();
  m.points.resize(static_cast<size_t>(m.frames) * (m.joints + m.ends));
  m.rotations.resize(static_cast<size_t>(m.frames) * m.joints);
  std::vector<Vec3> p(m.joints), e(m.ends);
  for (int f = 0; f < m.frames; ++f) {
    std::span<Quat> r(m.rotations.data() + static_cast<size_t>(f) * m.joints, m.joints);
    clipFrameToModel(s, clip, f, r, p);
    endSitePositions(s, r, p, e);
    Vec3* out = m.points.data() + static_cast<size_t>(f) * (m.joints + m.ends);
    std::copy(p.begin(), p.end(), out);
    std::copy(e.begin(), e.end(), out + m.joints);
  }
  return m;
}

std::vector<LimbEnd> limbEnds(const Skeleton& s) {
  std::vector<LimbEnd> ends;
  std::vector<bool> hasBelow(s.jointCount(), false);
  for (int j = 0; j < s.jointCount(); ++j) {
    if (s.parents[j] >= 0) hasBelow[s.parents[j]] = true;
  }
  for (size_t e = 0; e < s.endSites.size(); ++e) {
    ends.push_back({s.endSites[e].parent, static_cast<int>(e)});
    hasBelow[s.endSites[e].parent] = true;
  }
  for (int j = 0; j < s.jointCount(); ++j) {
    if (!hasBelow[j]) ends.push_back({j, -1});
  }
  return ends;
}

double bodyHeight(const ModelPaths& m) {
  std::vector<double> heights;
  for (int f = 0; f < m.frames; ++f) {
    double lo = 1e300, hi = -1e300;
    for (int i = 0; i < m.joints + m.ends; ++i) {
      lo = std::min(lo, m.at(f, i).y());
      hi = std::max(hi, m.at(f, i).y());
    }
    heights.push_back(hi - lo);
  }
  return medianHigh(std::move(heights));
}

Vec3 groundVelocity(const ModelPaths& m, int point, int frame, double fps) {
  const int a = std::max(0, frame - 1), b = std::min(m.frames - 1, frame + 1);
  if (a == b) return Vec3::Zero();
  const Vec3 d = m.at(b, point) - m.at(a, point);
  return Vec3(d.x(), 0.0, d.z()) * (fps / (b - a));
}

double groundBand(const ModelPaths& m) { return std::max(0.02, 0.05 * bodyHeight(m)); }

}  // namespace fatgraph::limbs
