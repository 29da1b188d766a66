// The joint map of retargeting.h: names first, then hierarchy and geometry, then the user's
// choices.
#include <Eigen/SVD>
#include <algorithm>
#include <cmath>
#include <map>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/retarget/retargeting.h"
#include "retarget_detail.h"

namespace fatgraph {
namespace {

// Joints of each (role, side), shallowest first: a chain such as the spine in order.
std::map<std::pair<int, int>, std::vector<int>> jointsByIdentity(const Skeleton& s) {
  const std::vector<JointIdentity> ids = identifyJoints(s);
  std::map<std::pair<int, int>, std::vector<int>> out;
  for (int j = 0; j < s.jointCount(); ++j) {
    if (ids[j].role == JointRole::None) continue;
    out[{static_cast<int>(ids[j].role), static_cast<int>(ids[j].side)}].push_back(j);
  }
  for (auto& [key, joints] : out) {
    std::stable_sort(joints.begin(), joints.end(), [&](int a, int b) { return s.depth(a) < s.depth(b); });
  }
  return out;
}

void mapByNames(const Skeleton& source, const Skeleton& target, JointMap& map) {
  const auto sourceJoints = jointsByIdentity(source);
  for (const auto& [key, targets] : jointsByIdentity(target)) {
    const auto it = sourceJoints.find(key);
    if (it == sourceJoints.end()) continue;
    const std::vector<int>& sources = it->second;
    const size_t m = targets.size(), k = sources.size();
    for (size_t i = 0; i < m; ++i) {
      // Chains of other lengths end to end; a lone spine joint is the chest the arms hang from.
      size_t pick = 0;
      if (m > 1) pick = static_cast<size_t>(std::lround(static_cast<double>(i) * (k - 1) / (m - 1)));
      else if (key.first == static_cast<int>(JointRole::Spine)) pick = k - 1;
      map.source[targets[i]] = sources[pick];
      map.how[targets[i]] = JointMatch::Name;
    }
  }
}

// Where a joint points: its position, or where its first child is when it sits on its parent
// (CMU's LHipJoint, an offset of zero, tells its side by the thigh below it; its LThumb by
// its end site).
Vec3 reach(const Skeleton& s, const RestPositions& rest, int joint) {
  int j = joint;
  while (s.parents[j] >= 0 && (rest.positions[j] - rest.positions[s.parents[j]]).norm() < 1e-6 * rest.height) {
    const std::vector<int> c = s.children(j);
    if (!c.empty()) {
      j = c.front();
      continue;
    }
    for (size_t e = 0; e < s.endSites.size(); ++e) {
      if (s.endSites[e].parent == j) return rest.endSites[e];
    }
    break;
  }
  return rest.positions[j];
}

// Unmatched joints below matched ones: the free source joint below the counterpart whose rest
// direction and relative length are nearest (cosine above 0.8, lengths within a factor 2).
void mapByGeometry(const RestPositions& source, const RestPositions& target, const Skeleton& s,
                   const Skeleton& t, JointMap& map) {
  // Directions compared after the matched ancestor's rest alignment (an A-pose character's
  // fingers point where a T-pose's do once its arm is turned up).
  std::vector<Quat> aligned = restAlignment(s, t, map.source, source, target);
  std::vector<bool> used(s.jointCount(), false);
  for (int j : map.source) {
    if (j >= 0) used[j] = true;
  }
  const double hs = std::max(source.height, 1e-9), ht = std::max(target.height, 1e-9);
  for (int j = 0; j < t.jointCount(); ++j) {
    if (map.source[j] >= 0) continue;
    const int ta = nearestMappedAncestor(t, map.source, j);
    if (ta < 0) continue;
    const int sa = map.source[ta];
    const Vec3 dt = aligned[ta] * (reach(t, target, j) - target.positions[ta]);
    if (dt.norm() < 1e-4 * ht) continue;
    int best = -1;
    double bestCos = 0.8;
    for (int c = 0; c < s.jointCount(); ++c) {
      if (used[c] || c == sa || nearestUsedAncestor(s, used, c) != sa) continue;
      const Vec3 ds = reach(s, source, c) - source.positions[sa];
      if (ds.norm() < 1e-4 * hs) continue;
      const double lengthRatio = (dt.norm() / ht) / (ds.norm() / hs);
      if (lengthRatio < 0.5 || lengthRatio > 2.0) continue;
      const double cosine = dt.normalized().dot(ds.normalized());
      if (cosine > bestCos) {
        bestCos = cosine;
        best = c;
      }
    }
    if (best < 0) continue;
    map.source[j] = best;
    map.how[j] = JointMatch::Geometry;
    used[best] = true;
    aligned = restAlignment(s, t, map.source, source, target);
  }
}

void applyChoices(const Skeleton& source, const Skeleton& target,
                  const std::vector<JointMapChoice>& choices, JointMap& map) {
  for (const JointMapChoice& c : choices) {
    const int t = target.find(c.target);
    if (t < 0) throw Error("joint map: the character has no joint '" + c.target + "'");
    int s = -1;
    if (!c.source.empty()) {
      s = source.find(c.source);
      if (s < 0) throw Error("joint map: the clips' skeleton has no joint '" + c.source + "'");
    }
    map.source[t] = s;
    map.how[t] = JointMatch::Edit;
  }
}

}  // namespace

bool isAncestor(const Skeleton& s, int ancestor, int joint) {
  for (int j = joint; j >= 0; j = s.parents[j]) {
    if (j == ancestor) return true;
  }
  return false;
}

// The least rotation taking each unit vector from[i] onto to[i] (Wahba's problem, solved by
// SVD); a swing for one pair or pairs along one line.
Quat bestRotation(const std::vector<Vec3>& from, const std::vector<Vec3>& to) {
  if (from.empty()) return Quat::Identity();
  Eigen::Matrix3d b = Eigen::Matrix3d::Zero();
  for (size_t i = 0; i < from.size(); ++i) b += to[i] * from[i].transpose();
  Eigen::JacobiSVD<Eigen::Matrix3d> svd(b, Eigen::ComputeFullU | Eigen::ComputeFullV);
  const Vec3 sigma = svd.singularValues();
  if (from.size() < 2 || sigma(1) < 1e-3 * sigma(0)) return Quat::FromTwoVectors(from[0], to[0]);
  Eigen::Matrix3d d = Eigen::Matrix3d::Identity();
  d(2, 2) = (svd.matrixU() * svd.matrixV().transpose()).determinant() < 0 ? -1.0 : 1.0;
  return Quat(Eigen::Matrix3d(svd.matrixU() * d * svd.matrixV().transpose())).normalized();
}

// Q_t per target joint (retargeting.h): after the parent's alignment, the rotation taking the
// directions to the mapped children onto their source counterparts' at rest.
std::vector<Quat> restAlignment(const Skeleton& ss, const Skeleton& ts, const std::vector<int>& map,
                                const RestPositions& s, const RestPositions& t) {
  std::vector<Quat> q(ts.jointCount(), Quat::Identity());
  const double tiny = 1e-4 * std::max(t.height, 1e-9);
  for (int j = 0; j < ts.jointCount(); ++j) {
    const int a = nearestMappedAncestor(ts, map, j);
    const Quat inherited = a >= 0 ? q[a] : Quat::Identity();
    q[j] = inherited;
    if (map[j] < 0) continue;
    std::vector<Vec3> from, to;
    for (int c = j + 1; c < ts.jointCount(); ++c) {
      if (map[c] < 0 || nearestMappedAncestor(ts, map, c) != j) continue;
      if (map[c] == map[j] || !isAncestor(ss, map[j], map[c])) continue;
      const Vec3 dt = inherited * (t.positions[c] - t.positions[j]);
      const Vec3 ds = s.positions[map[c]] - s.positions[map[j]];
      if (dt.norm() < tiny || ds.norm() < 1e-4 * std::max(s.height, 1e-9)) continue;
      from.push_back(dt.normalized());
      to.push_back(ds.normalized());
    }
    q[j] = (bestRotation(from, to) * inherited).normalized();
  }
  return q;
}

int nearestMappedAncestor(const Skeleton& s, const std::vector<int>& mapped, int joint) {
  for (int j = s.parents[joint]; j >= 0; j = s.parents[j]) {
    if (mapped[j] >= 0) return j;
  }
  return -1;
}

int nearestUsedAncestor(const Skeleton& s, const std::vector<bool>& used, int joint) {
  for (int j = s.parents[joint]; j >= 0; j = s.parents[j]) {
    if (used[j]) return j;
  }
  return -1;
}

RestPositions restPositions(const RestSkeleton& r) {
  const Skeleton& s = r.skeleton;
  RestPositions out;
  out.rotations.resize(s.jointCount());
  out.positions.resize(s.jointCount());
  localToModel(s, r.rest.rotations, r.rest.translations, out.rotations, out.positions);
  std::vector<Vec3>& ends = out.endSites;
  ends.resize(s.endSites.size());
  endSitePositions(s, out.rotations, out.positions, ends);
  out.floor = out.positions.empty() ? 0.0 : out.positions[0].y();
  for (const Vec3& p : out.positions) out.floor = std::min(out.floor, p.y());
  for (const Vec3& p : ends) out.floor = std::min(out.floor, p.y());
  double top = out.floor;
  for (const Vec3& p : out.positions) top = std::max(top, p.y());
  out.height = top - out.floor;
  return out;
}

const char* jointMatchName(JointMatch match) {
  switch (match) {
    case JointMatch::Name: return "name";
    case JointMatch::Geometry: return "geometry";
    case JointMatch::Edit: return "edit";
    case JointMatch::None: break;
  }
  return "none";
}

std::vector<std::string> JointMap::unmapped(const Skeleton& target) const {
  std::vector<std::string> out;
  for (int j = 0; j < target.jointCount(); ++j) {
    if (source[j] < 0) out.push_back(target.names[j]);
  }
  return out;
}

JointMap mapJoints(const RestSkeleton& source, const RestSkeleton& target,
                   const std::vector<JointMapChoice>& choices) {
  JointMap map;
  map.source.assign(target.skeleton.jointCount(), -1);
  map.how.assign(target.skeleton.jointCount(), JointMatch::None);
  mapByNames(source.skeleton, target.skeleton, map);
  mapByGeometry(restPositions(source), restPositions(target), source.skeleton, target.skeleton, map);
  applyChoices(source.skeleton, target.skeleton, choices, map);
  return map;
}

}  // namespace fatgraph
