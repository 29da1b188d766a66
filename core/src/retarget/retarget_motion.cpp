// Motion transfer of retargeting.h: rest alignment, world-space rotation transfer, scaled
// pelvis travel, carried joints and leg IK.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/retarget/retargeting.h"
#include "retarget_detail.h"

namespace fatgraph {
namespace {

int pelvisOf(const Skeleton& s) {
  const std::vector<JointIdentity> ids = identifyJoints(s);
  for (int j = 0; j < s.jointCount(); ++j) {
    if (ids[j].role == JointRole::Pelvis) return j;
  }
  return s.motionRoot;
}

// Joints whose target parent chain does not lead to where their source hangs: the target
// joint that follows the source's nearest followed ancestor carries them.
void findCarriers(Retargeter& r, const RestPositions& t) {
  const Skeleton& ts = r.target.skeleton;
  const Skeleton& ss = r.source.skeleton;
  r.carrier.assign(ts.jointCount(), -1);
  r.carriedOffset.assign(ts.jointCount(), Vec3::Zero());
  std::vector<int> follower(ss.jointCount(), -1);  // the deepest target joint following each
  for (int j = 0; j < ts.jointCount(); ++j) {
    if (r.map.source[j] >= 0) follower[r.map.source[j]] = j;
  }
  for (int j = 0; j < ts.jointCount(); ++j) {
    const int s = r.map.source[j];
    if (s < 0 || j == r.targetPelvis) continue;
    int carrier = -1;
    for (int a = ss.parents[s]; a >= 0 && carrier < 0; a = ss.parents[a]) carrier = follower[a];
    if (carrier < 0 || isAncestor(ts, carrier, j) || isAncestor(ts, j, carrier)) continue;
    r.carrier[j] = carrier;
    r.carriedOffset[j] = t.rotations[carrier].conjugate() * (t.positions[j] - t.positions[carrier]);
  }
}

struct FramePose {
  std::vector<Quat> world;       // target world rotations
  std::vector<Quat> local;       // target local rotations
  std::vector<Vec3> translation; // target local translations
  std::vector<Vec3> position;    // target world positions
};

void forward(const Skeleton& s, FramePose& f) {
  localToModel(s, f.local, f.translation, f.world, f.position);
}

void toLocal(const Skeleton& s, FramePose& f) {
  for (int j = 0; j < s.jointCount(); ++j) {
    const int p = s.parents[j];
    f.local[j] = (p < 0 ? f.world[j] : f.world[p].conjugate() * f.world[j]).normalized();
  }
}

// Two-bone IK (law of cosines) on a leg chain towards `goal`: the knee (the chain's joint
// before the ankle) bends in the leg's plane, the hip swings; the ankle keeps its world rotation.
void reachWithLeg(const Skeleton& s, const std::vector<int>& chain, const Vec3& goal,
                  const Vec3& characterLeft, FramePose& f) {
  const int hip = chain.front(), ankle = chain.back(), knee = chain[chain.size() - 2];
  const Vec3 h = f.position[hip], k = f.position[knee], a = f.position[ankle];
  const double la = (k - h).norm(), lb = (a - k).norm();
  // Already there (a character of the source's proportions): a straight knee stays straight.
  if (la < 1e-9 || lb < 1e-9 || (a - goal).norm() < 1e-7 * (la + lb)) return;
  const double d = std::clamp((goal - h).norm(), std::abs(la - lb) + 1e-9, (la + lb) * (1 - 1e-9));
  const Vec3 u = h - k, v = a - k;
  // The bend stays in the leg's own plane and on its side (no knee flips through straight);
  // a straight leg bends forward, about the character's right.
  Vec3 axis = u.cross(v);
  double current = std::atan2(axis.norm(), u.dot(v));
  if (axis.norm() < 1e-4 * la * lb) {
    axis = -characterLeft;
    current = M_PI;
  }
  axis.normalize();
  const double wanted = std::acos(std::clamp((la * la + lb * lb - d * d) / (2 * la * lb), -1.0, 1.0));
  const Quat bend(Eigen::AngleAxisd(wanted - current, axis));
  const Vec3 reached = k + bend * (a - k);
  const Quat swing = Quat::FromTwoVectors(reached - h, goal - h);
  const Quat ankleWorld = f.world[ankle];
  for (size_t i = 0; i + 1 < chain.size(); ++i) {
    const int j = chain[i];
    f.world[j] = (j == knee || isAncestor(s, knee, j)) ? swing * bend * f.world[j] : swing * f.world[j];
  }
  f.world[ankle] = ankleWorld;
  // A foot bone beside the chain (legs.h) hangs from another parent: it is placed where the
  // solved shin ends, in that parent's frame (which the chain does not move).
  if (const int p = s.parents[ankle]; p != knee) {
    const Vec3 at = h + swing * (reached - h);
    f.translation[ankle] = p < 0 ? at : Vec3(f.world[p].conjugate() * (at - f.position[p]));
  }
  for (size_t i = 0; i < chain.size(); ++i) {
    const int j = chain[i], p = s.parents[j];
    f.local[j] = (p < 0 ? f.world[j] : f.world[p].conjugate() * f.world[j]).normalized();
  }
}

// s, a_s, a_t and the thigh pairs of retargeting.h, from the target legs whose hip, knee and
// ankle all follow source joints; the hip heights' ratio when none does.
void measureLegs(Retargeter& r, const RestPositions& s, const RestPositions& t) {
  const std::vector<int>& map = r.map.source;
  double ls = 0, lt = 0, as = 0, at = 0;
  for (const Leg& leg : r.targetLegs.legs) {
    const int hip = leg.hip(), knee = leg.chain[leg.chain.size() - 2], ankle = leg.ankle();
    if (map[hip] < 0 || map[knee] < 0 || map[ankle] < 0) continue;
    lt += (t.positions[knee] - t.positions[hip]).norm() + (t.positions[ankle] - t.positions[knee]).norm();
    ls += (s.positions[map[knee]] - s.positions[map[hip]]).norm() + (s.positions[map[ankle]] - s.positions[map[knee]]).norm();
    at += t.positions[ankle].y() - t.floor;
    as += s.positions[map[ankle]].y() - s.floor;
    r.thighs.push_back({hip, map[hip]});
  }
  if (r.thighs.empty() || ls < 1e-9 || lt < 1e-9) {
    r.thighs.clear();
    const double hs = s.positions[r.sourcePelvis].y() - s.floor;
    const double ht = t.positions[r.targetPelvis].y() - t.floor;
    r.scale = hs > 1e-6 && ht > 1e-6 ? ht / hs : 1.0;
    return;
  }
  r.scale = lt / ls;
  r.sourceAnkleHeight = as / r.thighs.size();
  r.targetAnkleHeight = at / r.thighs.size();
}

// T(p) of retargeting.h: a source world position where the target puts it.
Vec3 carryOver(const Retargeter& r, const Vec3& p) {
  return {r.scale * p.x(), r.scale * (p.y() - r.sourceAnkleHeight) + r.targetAnkleHeight, r.scale * p.z()};
}

// Where the target's pelvis goes this frame (positions of the target's FK so far).
Vec3 pelvisPlace(const Retargeter& r, const std::vector<Vec3>& source, const std::vector<Vec3>& target) {
  if (r.thighs.empty()) return carryOver(r, source[r.sourcePelvis]);
  Vec3 sourceMid = Vec3::Zero(), targetOffset = Vec3::Zero();
  for (const auto& [t, s] : r.thighs) {
    sourceMid += source[s];
    targetOffset += target[t] - target[r.targetPelvis];
  }
  const double n = static_cast<double>(r.thighs.size());
  return carryOver(r, sourceMid / n) - targetOffset / n;
}

std::string joinNames(const std::vector<std::string>& names, size_t most) {
  std::string out;
  for (size_t i = 0; i < names.size() && i < most; ++i) out += (i ? ", " : "") + names[i];
  if (names.size() > most) out += ", ... (" + std::to_string(names.size() - most) + " more)";
  return out;
}

}  // namespace

Pose restPoseOf(const Skeleton& skeleton, const Clip& restClip) {
  if (restClip.frameCount() > 0 && restClip.jointCount == skeleton.jointCount()) return restClip.pose(0);
  return Pose::rest(skeleton);
}

Retargeter makeRetargeter(RestSkeleton source, RestSkeleton target, JointMap map, LegSetup targetLegs) {
  Retargeter r;
  r.source = std::move(source);
  r.target = std::move(target);
  r.map = std::move(map);
  r.targetLegs = std::move(targetLegs);
  const RestPositions s = restPositions(r.source), t = restPositions(r.target);
  r.sourcePelvis = pelvisOf(r.source.skeleton);
  for (int j = 0; j < r.target.skeleton.jointCount() && r.targetPelvis < 0; ++j) {
    if (r.map.source[j] == r.sourcePelvis) r.targetPelvis = j;
  }
  if (r.targetPelvis < 0) {
    throw Error("retargeting: no joint of the character follows the clips' pelvis '" +
                r.source.skeleton.names[r.sourcePelvis] + "'; map one (map_joint)");
  }
  measureLegs(r, s, t);
  r.alignment = restAlignment(r.source.skeleton, r.target.skeleton, r.map.source, s, t);
  r.sourceRestWorld = s.rotations;
  r.targetRestWorld = t.rotations;
  r.sourceRestPositions = s.positions;
  r.targetRestPositions = t.positions;
  for (Vec3& p : r.sourceRestPositions) p.y() -= s.floor;
  for (Vec3& p : r.targetRestPositions) p.y() -= t.floor;
  findCarriers(r, t);
  const std::vector<std::string> unmapped = r.map.unmapped(r.target.skeleton);
  if (!unmapped.empty()) {
    r.notes.push_back(std::to_string(unmapped.size()) + " of the character's " +
                      std::to_string(r.target.skeleton.jointCount()) +
                      " joints follow no joint of the clips and keep their rest pose: " + joinNames(unmapped, 12));
  }
  std::ostringstream scale;
  scale.precision(3);
  scale << "root motion scaled by " << r.scale << " (" << (r.thighs.empty() ? "hip heights" : "leg lengths") << ")";
  r.notes.push_back(scale.str());
  return r;
}

Clip retargetMotion(const Retargeter& r, const Clip& sourceClip) {
  const Skeleton& ss = r.source.skeleton;
  const Skeleton& ts = r.target.skeleton;
  const int n = ts.jointCount();
  Clip out = sourceClip;
  out.jointCount = n;
  out.rotations.assign(static_cast<size_t>(sourceClip.frameCount()) * n, Quat::Identity());
  out.translations.assign(static_cast<size_t>(sourceClip.frameCount()) * n, Vec3::Zero());
  std::vector<Quat> sw(ss.jointCount());
  std::vector<Vec3> sp(ss.jointCount());
  FramePose f{std::vector<Quat>(n), std::vector<Quat>(n), r.target.rest.translations, std::vector<Vec3>(n)};
  const Quat pelvisRest = r.targetRestWorld[r.targetPelvis];
  for (int frame = 0; frame < sourceClip.frameCount(); ++frame) {
    clipFrameToModel(ss, sourceClip, frame, sw, sp);
    for (int j = 0; j < n; ++j) {
      const int s = r.map.source[j], p = ts.parents[j];
      if (s >= 0) {
        f.world[j] = (sw[s] * r.sourceRestWorld[s].conjugate() * r.alignment[j] * r.targetRestWorld[j]).normalized();
      } else {
        f.world[j] = p < 0 ? r.target.rest.rotations[j] : (f.world[p] * r.target.rest.rotations[j]).normalized();
      }
    }
    toLocal(ts, f);
    f.translation = r.target.rest.translations;
    forward(ts, f);
    const Vec3 pelvis = pelvisPlace(r, sp, f.position);
    const int pp = ts.parents[r.targetPelvis];
    f.translation[r.targetPelvis] = pp < 0 ? pelvis : Vec3(f.world[pp].conjugate() * (pelvis - f.position[pp]));
    forward(ts, f);
    for (const Leg& leg : r.targetLegs.legs) {
      const int s = r.map.source[leg.ankle()];
      if (s < 0) continue;
      const Vec3 left = f.world[r.targetPelvis] * (pelvisRest.conjugate() * Vec3::UnitX());
      reachWithLeg(ts, leg.chain, carryOver(r, sp[s]), left, f);
      forward(ts, f);
    }
    for (int j = 0; j < n; ++j) {
      const int c = r.carrier[j], p = ts.parents[j];
      if (c < 0) continue;
      const Vec3 at = f.position[c] + f.world[c] * r.carriedOffset[j];
      f.translation[j] = p < 0 ? at : Vec3(f.world[p].conjugate() * (at - f.position[p]));
    }
    std::copy(f.local.begin(), f.local.end(), out.frameRotations(frame).begin());
    std::copy(f.translation.begin(), f.translation.end(), out.frameTranslations(frame).begin());
  }
  return out;
}

}  // namespace fatgraph
