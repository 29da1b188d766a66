#include "fatgraph/core/io/rig_conventions.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/model/statistics.h"

namespace fatgraph {
namespace {

// A channel within this fraction of the bone's length of a reading counts as that reading:
// loose enough for joints that stretch a little (facial rigs, twist bones), tight enough that
// OFFSET and zero are never both within reach.
constexpr double kVoteTolerance = 0.15;
// A bone whose OFFSET is empty holds its translation in its channels when they stay within this
// fraction of its length (and of the skeleton's largest OFFSET) of their first frame's.
constexpr double kRigidSpread = 0.05;

// Frames `step` apart covering the clip, the last included.
std::vector<int> sampledFrames(int frames, int step) {
  std::vector<int> out;
  for (int f = 0; f < frames; f += std::max(step, 1)) out.push_back(f);
  if (frames > 0 && out.back() != frames - 1) out.push_back(frames - 1);
  return out;
}

Vec3 maskedPart(const Vec3& v, unsigned char mask) {
  Vec3 out = Vec3::Zero();
  for (int a = 0; a < 3; ++a)
    if (mask & (1u << a)) out[a] = v[a];
  return out;
}

// A reference bone above the hips may drift a little, but it does not turn the figure.
constexpr double kStillRootTurn = 30.0 * std::numbers::pi / 180.0;

// The largest angle of `joint`'s local rotation from its first frame's, over the clip.
double largestTurn(const Clip& clip, int joint) {
  double largest = 0.0;
  if (clip.frameCount() == 0) return largest;
  const Quat first = clip.frameRotations(0)[joint];
  for (int f = 1; f < clip.frameCount(); ++f)
    largest = std::max(largest, first.angularDistance(clip.frameRotations(f)[joint]));
  return largest;
}

double largestOffset(const Skeleton& skeleton) {
  double size = 0.0;
  for (const Vec3& o : skeleton.restOffsets) size = std::max(size, o.norm());
  return size;
}

}  // namespace

std::string_view translationConventionName(TranslationConvention c) {
  switch (c) {
    case TranslationConvention::Additive: return "additive";
    case TranslationConvention::Absolute: return "absolute";
    case TranslationConvention::Auto: break;
  }
  return "auto";
}

bool parseTranslationConvention(std::string_view name, TranslationConvention& out) {
  for (auto c : {TranslationConvention::Auto, TranslationConvention::Additive,
                 TranslationConvention::Absolute}) {
    if (name == translationConventionName(c)) {
      out = c;
      return true;
    }
  }
  return false;
}

std::string_view upAxisName(UpAxisChoice up) {
  switch (up) {
    case UpAxisChoice::Y: return "y";
    case UpAxisChoice::Z: return "z";
    case UpAxisChoice::Auto: break;
  }
  return "auto";
}

bool parseUpAxis(std::string_view name, UpAxisChoice& out) {
  for (auto u : {UpAxisChoice::Auto, UpAxisChoice::Y, UpAxisChoice::Z}) {
    if (name == upAxisName(u)) {
      out = u;
      return true;
    }
  }
  return false;
}

TranslationDecision decideTranslations(const Skeleton& skeleton, const Clip& additiveClip,
                                       const PositionChannelAxes& axes) {
  TranslationDecision d;
  const double size = largestOffset(skeleton);
  const int frames = additiveClip.frameCount();
  for (int j = 0; j < skeleton.jointCount(); ++j) {
    const unsigned char mask = j < static_cast<int>(axes.size()) ? axes[j] : 0;
    if (skeleton.parents[j] < 0 || mask == 0 || frames == 0) continue;
    const Vec3 offset = maskedPart(skeleton.restOffsets[j], mask);
    std::vector<double> toOffset, toZero;
    std::vector<Vec3> channels;
    for (int f : sampledFrames(frames, std::max(1, frames / 200))) {
      // Read additively the frame holds OFFSET + v, so the channels alone are v.
      const Vec3 v = maskedPart(additiveClip.frameTranslations(f)[j], mask) - offset;
      toOffset.push_back((v - offset).norm());
      toZero.push_back(v.norm());
      channels.push_back(v);
    }
    const double length = skeleton.restOffsets[j].norm();
    const double fromOffset = medianHigh(toOffset), fromZero = medianHigh(toZero);
    if (length <= 1e-4 * size) {
      // No OFFSET to compare with: channels that hold a rigid bone (the same length in every
      // frame) away from its parent are its whole translation (exporters that key translations
      // and leave OFFSET empty); channels that travel (hips under a root bone) say nothing.
      // Rigid: the translation vector keeps still in its parent's frame, to a small part of its
      // own length and of the skeleton's size (hips far out in a capture volume travel metres).
      double spread = 0.0;
      for (const Vec3& v : channels) spread = std::max(spread, (v - channels.front()).norm());
      const bool rigid = spread <= kRigidSpread * fromZero && (size <= 0.0 || spread <= kRigidSpread * size);
      if (fromZero > 1e-3 * size && rigid) ++d.absoluteJoints; else ++d.undecidedJoints;
    } else if (fromOffset <= kVoteTolerance * length && fromOffset < fromZero) {
      ++d.absoluteJoints;
    } else if (fromZero <= kVoteTolerance * length && fromZero < fromOffset) {
      ++d.additiveJoints;
    } else {
      ++d.undecidedJoints;  // a joint that really stretches, or travels (hips under a root bone)
    }
  }
  d.detected = true;
  d.convention = d.absoluteJoints > d.additiveJoints ? TranslationConvention::Absolute
                                                     : TranslationConvention::Additive;
  return d;
}

void applyAbsoluteTranslations(Skeleton& skeleton, Clip& clip, const PositionChannelAxes& axes) {
  const int joints = skeleton.jointCount();
  const double size = largestOffset(skeleton);
  for (int f = 0; f < clip.frameCount(); ++f) {
    auto t = clip.frameTranslations(f);
    for (int j = 0; j < joints; ++j) {
      const unsigned char mask = j < static_cast<int>(axes.size()) ? axes[j] : 0;
      t[j] -= maskedPart(skeleton.restOffsets[j], mask);
    }
  }
  if (clip.frameCount() == 0) return;
  const auto first = clip.frameTranslations(0);
  for (int j = 0; j < joints; ++j) {
    const bool allAxes = j < static_cast<int>(axes.size()) && axes[j] == 7;
    if (skeleton.parents[j] >= 0 && allAxes && skeleton.restOffsets[j].norm() <= 1e-4 * size &&
        first[j].norm() > 1e-9) {
      skeleton.restOffsets[j] = first[j];
    }
  }
}

UpAxisDecision detectUpAxis(const Skeleton& skeleton, const Clip& clip) {
  UpAxisDecision d;
  d.detected = true;
  const int joints = skeleton.jointCount();
  const int frames = clip.frameCount();
  if (frames == 0 || joints == 0) return d;
  std::vector<Quat> r(joints);
  std::vector<Vec3> p(joints);
  const std::vector<int> sampled = sampledFrames(frames, std::max(1, frames / 300));
  // A bone that stays put while the figure walks off (a reference bone at the capture volume's
  // origin) is not part of the body: measured with it, a walk along Z would look Z-tall.
  std::vector<Vec3> lo(joints, Vec3::Constant(1e300)), hi(joints, Vec3::Constant(-1e300));
  for (int f : sampled) {
    clipFrameToModel(skeleton, clip, f, r, p);
    for (int j = 0; j < joints; ++j) {
      lo[j] = lo[j].cwiseMin(p[j]);
      hi[j] = hi[j].cwiseMax(p[j]);
    }
  }
  std::vector<bool> body(joints, true);
  double widest = 0.0;
  for (int j = 0; j < joints; ++j) widest = std::max(widest, (hi[j] - lo[j]).maxCoeff());
  for (int j = 0; j < joints; ++j) body[j] = (hi[j] - lo[j]).maxCoeff() > 0.01 || widest <= 0.01;
  std::vector<double> ys, zs;
  for (int f : sampled) {
    clipFrameToModel(skeleton, clip, f, r, p);
    double y0 = 1e300, y1 = -1e300, z0 = 1e300, z1 = -1e300;
    for (int j = 0; j < joints; ++j) {
      if (!body[j]) continue;
      y0 = std::min(y0, p[j].y());
      y1 = std::max(y1, p[j].y());
      z0 = std::min(z0, p[j].z());
      z1 = std::max(z1, p[j].z());
    }
    ys.push_back(y1 - y0);
    zs.push_back(z1 - z0);
  }
  d.extentY = medianHigh(ys);
  d.extentZ = medianHigh(zs);
  // Z only when most frames say so: a take that lies down for a moment (a fall, a roll, the
  // last frame of a two-frame file) is still a Y-up take.
  int zFrames = 0;
  for (size_t k = 0; k < ys.size(); ++k) zFrames += zs[k] > ys[k];
  d.up = d.extentZ > d.extentY && 2 * zFrames > static_cast<int>(ys.size()) ? UpAxisChoice::Z
                                                                         : UpAxisChoice::Y;
  return d;
}

void convertZUpToYUp(Skeleton& skeleton, Clip& clip) {
  // (x, y, z) -> (x, z, -y): a quarter turn about +X, so +Z becomes +Y and the frame stays
  // right-handed. Conjugating every local rotation turns each joint's frame with the world.
  const Quat turn(Eigen::AngleAxisd(-0.5 * std::numbers::pi, Vec3::UnitX()));
  const Quat back = turn.conjugate();
  for (Vec3& o : skeleton.restOffsets) o = turn * o;
  for (EndSite& e : skeleton.endSites) e.offset = turn * e.offset;
  for (Vec3& t : clip.translations) t = turn * t;
  for (Quat& q : clip.rotations) q = (turn * q * back).normalized();
}

namespace {

// Ground (x, z) path length of every joint's model position, sampled at ~10 Hz.
std::vector<double> groundPaths(const Skeleton& skeleton, const Clip& clip) {
  const int joints = skeleton.jointCount();
  std::vector<Quat> r(joints);
  std::vector<Vec3> p(joints), previous(joints, Vec3::Zero());
  std::vector<double> travel(joints, 0.0);
  const int step = std::max(1, static_cast<int>(std::lround(clip.fps / 10.0)));
  bool first = true;
  for (int f : sampledFrames(clip.frameCount(), step)) {
    clipFrameToModel(skeleton, clip, f, r, p);
    for (int j = 0; j < joints; ++j) {
      if (!first) travel[j] += std::hypot(p[j].x() - previous[j].x(), p[j].z() - previous[j].z());
      previous[j] = p[j];
    }
    first = false;
  }
  return travel;
}

}  // namespace

double jointGroundPath(const Skeleton& skeleton, const Clip& clip, int joint) {
  return groundPaths(skeleton, clip)[joint];
}

MotionRootDecision detectMotionRoot(const Skeleton& skeleton, const Clip& clip) {
  MotionRootDecision d;
  d.detected = true;
  const int joints = skeleton.jointCount();
  if (joints == 0 || clip.frameCount() < 2) return d;
  const int frames = clip.frameCount();
  const std::vector<double> travel = groundPaths(skeleton, clip);
  d.rootTravelM = travel[0];
  d.jointTravelM = travel[0];
  // Candidates carry their own translation (their local translation changes over the clip)
  // near the top of the hierarchy: the hips under a reference bone, a pelvis under an armature.
  std::vector<int> candidates;
  for (int j = 1; j < joints; ++j) {
    const int depth = skeleton.depth(j);
    if (depth < 1 || depth > 3) continue;
    // A joint with no joint below it carries no body: glTF rigs key their feet as IK target
    // bones right under the reference bone, which travel further than the hips and are not
    // the character.
    if (skeleton.children(j).empty()) continue;
    double lo[3] = {1e300, 1e300, 1e300}, hi[3] = {-1e300, -1e300, -1e300};
    for (int f = 0; f < frames; f += std::max(1, frames / 200)) {
      const Vec3& t = clip.frameTranslations(f)[j];
      for (int a = 0; a < 3; ++a) {
        lo[a] = std::min(lo[a], t[a]);
        hi[a] = std::max(hi[a], t[a]);
      }
    }
    if (std::max({hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]}) > 0.01) candidates.push_back(j);
  }
  double furthest = 0.0;
  for (int j : candidates) furthest = std::max(furthest, travel[j]);
  if (!(furthest > 0.0) || travel[0] >= 0.25 * furthest) return d;
  // A root that turns carries the heading (Reallusion's BoneRoot walks and turns on the
  // floor; a root that tips the body over moves everything below it): it stays the motion root.
  if (largestTurn(clip, 0) > kStillRootTurn) return d;
  int best = -1;
  for (int j : candidates) {
    if (travel[j] < 0.5 * furthest) continue;
    if (best < 0 || skeleton.depth(j) < skeleton.depth(best)) best = j;
  }
  if (best >= 0) {
    d.joint = best;
    d.jointTravelM = travel[best];
  }
  return d;
}

}  // namespace fatgraph
