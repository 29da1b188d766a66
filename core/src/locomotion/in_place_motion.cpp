// In-place clips: weight-bearing limb ends, the stance foot's slide, and root motion from it
// (in_place_motion.h; docs/ALGORITHMS.md, "In-place clips").
#include "fatgraph/core/locomotion/in_place_motion.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "fatgraph/core/io/rig_conventions.h"
#include "fatgraph/core/model/statistics.h"
#include "limb_paths.h"

namespace fatgraph {
namespace {

using limbs::groundBand;
using limbs::groundVelocity;
using limbs::limbEnds;
using limbs::ModelPaths;
using limbs::modelPaths;
using limbs::pointIndex;
using limbs::travelCarriers;

std::vector<LimbEnd> weightBearing(const Skeleton& s, const ModelPaths& m) {
  const std::vector<LimbEnd> ends = limbEnds(s);
  if (m.frames == 0 || ends.empty()) return {};
  const double band = groundBand(m);
  std::vector<int> nearGround(ends.size(), 0);
  for (int f = 0; f < m.frames; ++f) {
    double lowest = 1e300;
    for (const LimbEnd& e : ends) lowest = std::min(lowest, m.at(f, pointIndex(m, e)).y());
    for (size_t i = 0; i < ends.size(); ++i) nearGround[i] += m.at(f, pointIndex(m, ends[i])).y() <= lowest + band;
  }
  // A foot lifts: an end that keeps its height (a still IK pole target) is not one.
  std::vector<LimbEnd> out;
  for (size_t i = 0; i < ends.size(); ++i) {
    double lo = 1e300, hi = -1e300;
    for (int f = 0; f < m.frames; ++f) {
      lo = std::min(lo, m.at(f, pointIndex(m, ends[i])).y());
      hi = std::max(hi, m.at(f, pointIndex(m, ends[i])).y());
    }
    if (nearGround[i] >= 0.2 * m.frames && hi - lo > 0.25 * band) out.push_back(ends[i]);
  }
  return out;
}

// Per frame, the ground velocity of the stance foot: the weight-bearing end lowest above its
// own floor (its lowest height over the clip, so a foot whose end sits higher still counts).
std::vector<Vec3> stanceFootVelocities(const ModelPaths& m, const std::vector<LimbEnd>& feet, double fps) {
  std::vector<Vec3> v(m.frames, Vec3::Zero());
  if (feet.empty()) return v;
  const double band = groundBand(m);
  std::vector<double> floor(feet.size(), 1e300);
  for (size_t i = 0; i < feet.size(); ++i) {
    for (int f = 0; f < m.frames; ++f) floor[i] = std::min(floor[i], m.at(f, pointIndex(m, feet[i])).y());
  }
  for (int f = 0; f < m.frames; ++f) {
    size_t stance = 0;
    for (size_t i = 1; i < feet.size(); ++i) {
      const double above = m.at(f, pointIndex(m, feet[i])).y() - floor[i];
      if (above < m.at(f, pointIndex(m, feet[stance])).y() - floor[stance]) stance = i;
    }
    v[f] = groundVelocity(m, pointIndex(m, feet[stance]), f, fps);
    // Three or more feet down (a quadruped's, a spider's): their median velocity, which one
    // foot lifting or landing does not sway.
    std::vector<double> xs, zs;
    for (size_t i = 0; i < feet.size(); ++i) {
      if (m.at(f, pointIndex(m, feet[i])).y() - floor[i] > 0.25 * band) continue;
      const Vec3 u = groundVelocity(m, pointIndex(m, feet[i]), f, fps);
      xs.push_back(u.x());
      zs.push_back(u.z());
    }
    if (xs.size() >= 3) v[f] = Vec3(medianHigh(xs), 0.0, medianHigh(zs));
  }
  return v;
}

std::vector<Vec3> boxSmoothed(const std::vector<Vec3>& v, int halfWidth) {
  std::vector<Vec3> out(v.size(), Vec3::Zero());
  const int n = static_cast<int>(v.size());
  for (int f = 0; f < n; ++f) {
    const int a = std::max(0, f - halfWidth), b = std::min(n - 1, f + halfWidth);
    for (int k = a; k <= b; ++k) out[f] += v[k];
    out[f] /= (b - a + 1);
  }
  return out;
}

}  // namespace

std::vector<LimbEnd> weightBearingEnds(const Skeleton& skeleton, const Clip& clip) {
  return weightBearing(skeleton, modelPaths(skeleton, clip));
}

InPlaceReport detectInPlace(const Skeleton& skeleton, const Clip& clip, const InPlaceRules& rules) {
  InPlaceReport r;
  if (clip.frameCount() < 3 || !(clip.fps > 0)) return r;
  const ModelPaths m = modelPaths(skeleton, clip);
  const std::vector<LimbEnd> feet = weightBearing(skeleton, m);
  r.feet = static_cast<int>(feet.size());
  if (feet.empty()) return r;
  const std::vector<Vec3> foot = stanceFootVelocities(m, feet, clip.fps);
  const int root = skeleton.motionRoot;
  const double dt = 1.0 / clip.fps;
  Vec3 net = Vec3::Zero();
  for (int f = 0; f < m.frames; ++f) {
    const Vec3 slide = foot[f] - groundVelocity(m, root, f, clip.fps);
    r.footSlideM += slide.norm() * dt;
    net += slide * dt;
  }
  r.rootTravelM = jointGroundPath(skeleton, clip, root);
  r.steadiness = r.footSlideM > 1e-9 ? net.norm() / r.footSlideM : 0.0;
  r.speedMps = net.norm() / clip.duration();
  r.detected = r.footSlideM / clip.duration() >= rules.minSlideSpeed && r.steadiness >= rules.minSteadiness &&
               r.rootTravelM < rules.maxRootTravelRatio * r.footSlideM;
  return r;
}

void addRootMotionFromFeet(const Skeleton& skeleton, Clip& clip, const InPlaceRules& rules) {
  if (clip.frameCount() < 2 || !(clip.fps > 0)) return;
  const ModelPaths m = modelPaths(skeleton, clip);
  const std::vector<Vec3> foot = boxSmoothed(stanceFootVelocities(m, weightBearing(skeleton, m), clip.fps),
                                             static_cast<int>(std::lround(0.5 * rules.smoothingSeconds * clip.fps)));
  const std::vector<int> carriers = travelCarriers(skeleton);
  const double dt = 1.0 / clip.fps;
  Vec3 offset = Vec3::Zero();
  for (int f = 0; f < m.frames; ++f) {
    if (f > 0) offset -= 0.5 * (foot[f - 1] + foot[f]) * dt;
    // The offset is a model-space vector: a carrier under a parent takes it in that parent's
    // frame.
    for (int j : carriers) {
      const int parent = skeleton.parents[j];
      const Vec3 local = parent < 0 ? offset : m.rotations[static_cast<size_t>(f) * m.joints + parent].conjugate() * offset;
      clip.frameTranslations(f)[j] += local;
    }
  }
}

InPlaceReport giveInPlaceRootMotion(const Skeleton& skeleton, Clip& clip, bool apply, const InPlaceRules& rules) {
  InPlaceReport r = detectInPlace(skeleton, clip, rules);
  if (r.detected && apply) {
    addRootMotionFromFeet(skeleton, clip, rules);
    r.applied = true;
  }
  return r;
}

std::string inPlaceNote(const InPlaceReport& report, const std::string& file, const std::string& clip) {
  if (!report.detected) return {};
  char figures[160];
  std::snprintf(figures, sizeof figures, "(root travels %.2f m while the feet slide %.2f m, %.2f m/s)",
                report.rootTravelM, report.footSlideM, report.speedMps);
  return file + ": '" + clip + "' is in place " + figures +
         (report.applied ? ", given root motion from its feet" : ", kept in place (--in-place keep)");
}

}  // namespace fatgraph
