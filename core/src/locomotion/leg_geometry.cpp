// Legs by geometry, for rigs whose names say nothing: a leg is a chain that hangs from the
// body down to the floor. In the reference pose (expressed in the character frame: root on
// the origin, its heading along +Z) the "floor tips" are the leaf points (leaf joints and end
// sites) within a tenth of the body's height of the lowest point. Walking up from a tip, the
// leg ends where the body branches: the first ancestor, well above the floor, with two or
// more children that reach the floor (the pelvis, a chest carrying front legs). Toes branching
// near the floor are not body branches, so all toes of one foot belong to one leg. Legs by
// weight bearing walk up the same way from the limb ends that bear weight in the clips.
#include <algorithm>
#include <cmath>
#include <map>

#include "leg_detection_detail.h"

namespace fatgraph::legs {
namespace {

struct Tip {
  int joint = -1;  // the last joint (an end site's parent, or a leaf joint)
  Vec3 point = Vec3::Zero();
  LimbEnd touching;  // the IK foot bone whose position `point` is, if not the end's own
};

// The pose's points in the character frame: relative to the root, yawed so it faces +Z.
void toCharacterFrame(const Skeleton& s, const ReferencePose& pose, std::vector<Vec3>& joints,
                      std::vector<Vec3>& ends) {
  int root = 0;
  while (root < s.jointCount() && s.parents[root] >= 0) ++root;
  const Vec3 origin = pose.positions[root];
  Vec3 forward = pose.rotations[root] * Vec3::UnitZ();
  forward.y() = 0;
  Quat unyaw = Quat::Identity();
  if (forward.norm() > 1e-6) unyaw = Quat::FromTwoVectors(forward.normalized(), Vec3::UnitZ());
  joints.resize(pose.positions.size());
  ends.resize(pose.endSites.size());
  for (size_t j = 0; j < joints.size(); ++j) joints[j] = unyaw * (pose.positions[j] - origin);
  for (size_t e = 0; e < ends.size(); ++e) ends[e] = unyaw * (pose.endSites[e] - origin);
}

// Front to back on one side, by the hips' forward (+Z) position in the character-frame pose
// `P`: Front / Hind for two legs, Front / Middle / Hind for three or more.
void placeFrontToBack(const std::vector<Vec3>& P, Side side, std::vector<FoundLeg>& found) {
  std::vector<FoundLeg*> same;
  for (FoundLeg& l : found) {
    if (l.side == side) same.push_back(&l);
  }
  if (same.size() < 2) return;
  std::sort(same.begin(), same.end(), [&](const FoundLeg* a, const FoundLeg* b) {
    return P[a->chain.front()].z() > P[b->chain.front()].z();
  });
  for (size_t i = 0; i < same.size(); ++i) {
    same[i]->place = i == 0 ? Place::Front : (i + 1 == same.size() ? Place::Hind : Place::Middle);
  }
}

// A leg whose own bones stop short of the ground and whose end follows an IK foot bone beside
// it (a game rig's Foot.L hanging from the root): the foot bone is the ankle, the last bone runs
// from the leg's end to it, and the foot bone's first child, if any, is the toe. Empty when the
// chain has fewer than two bones or the last one has no length.
FoundLeg legToFootBone(const Skeleton& s, const std::vector<Vec3>& P, const std::vector<int>& path, int foot) {
  FoundLeg leg;
  if (path.size() < 2 || (P[foot] - P[path.back()]).norm() < 1e-6) return leg;
  leg.chain = path;
  leg.chain.push_back(foot);
  for (int j = foot + 1; j < s.jointCount() && leg.toe < 0; ++j)
    if (s.parents[j] == foot) leg.toe = j;
  return leg;
}

// The limb from each tip up to the body (see the file comment), in the character-frame pose
// `P` whose lowest point is `lo` and extent `height`.
std::vector<FoundLeg> legsFromTips(const Skeleton& s, const std::vector<Vec3>& P, const std::vector<Tip>& tips,
                                   double lo, double height) {
  const int n = s.jointCount();
  // Which joints reach the floor (have a floor tip in their subtree), bottom up.
  std::vector<bool> reaches(n, false);
  for (const Tip& t : tips) {
    for (int j = t.joint; j >= 0 && !reaches[j]; j = s.parents[j]) reaches[j] = true;
  }
  std::vector<int> floorChildren(n, 0);
  for (int j = 0; j < n; ++j) {
    if (reaches[j] && s.parents[j] >= 0) ++floorChildren[s.parents[j]];
  }
  auto bodyBranch = [&](int j) { return floorChildren[j] >= 2 && P[j].y() > lo + 0.3 * height; };

  // Each tip's leg top: the child, on the tip's path, of the first body branch (or of the root).
  std::map<int, Tip> lowestTipOfLeg;
  for (const Tip& t : tips) {
    int top = t.joint;
    while (s.parents[top] >= 0 && !bodyBranch(s.parents[top])) top = s.parents[top];
    if (s.parents[top] < 0) {  // no branch: the root carries the body, the leg hangs below it
      int below = t.joint;
      while (s.parents[below] >= 0 && s.parents[below] != top) below = s.parents[below];
      if (below == top) continue;
      top = below;
    }
    const auto it = lowestTipOfLeg.find(top);
    if (it == lowestTipOfLeg.end() || t.point.y() < it->second.point.y() - 1e-9 ||
        (t.point.y() < it->second.point.y() + 1e-9 && t.point.z() > it->second.point.z())) {
      lowestTipOfLeg[top] = t;
    }
  }

  std::vector<FoundLeg> out;
  for (const auto& [top, tip] : lowestTipOfLeg) {
    std::vector<int> path;
    for (int j = tip.joint; j != top; j = s.parents[j]) path.push_back(j);
    path.push_back(top);
    std::reverse(path.begin(), path.end());
    // A joint on the body (zero offset: CMU's LHipJoint sits on the Hips) is not part of the leg.
    while (path.size() > 1 && s.restOffsets[path[0]].norm() < 1e-3 * height) path.erase(path.begin());
    if (P[path.front()].y() - tip.point.y() < 0.25 * height) continue;  // too short to be a leg
    if (tip.touching.joint >= 0) {
      if (FoundLeg leg = legToFootBone(s, P, path, tip.touching.joint); !leg.chain.empty()) out.push_back(std::move(leg));
      continue;
    }
    // The ankle ends the last long bone (at least half the longest): the bones below it are
    // short next to the leg's (toe base, toes, or the digit of a digitigrade foot), and the
    // first of them is the toe.
    FoundLeg leg;
    double longest = 0;
    for (size_t i = 1; i < path.size(); ++i) longest = std::max(longest, s.restOffsets[path[i]].norm());
    size_t ankle = 0;
    for (size_t i = 1; i < path.size(); ++i) {
      if (s.restOffsets[path[i]].norm() >= 0.5 * longest) ankle = i;
    }
    if (ankle < 2) continue;  // a leg has two bones at least
    if (ankle + 1 < path.size()) leg.toe = path[ankle + 1];
    path.resize(ankle + 1);
    leg.chain = path;
    out.push_back(std::move(leg));
  }
  for (FoundLeg& leg : out) {
    const double x = P[leg.chain.front()].x();
    leg.side = x > 0.01 * height ? Side::Left : (x < -0.01 * height ? Side::Right : Side::Centre);
  }
  for (Side side : {Side::Left, Side::Right, Side::Centre}) placeFrontToBack(P, side, out);
  return out;
}

// The pose's lowest point and vertical extent.
std::pair<double, double> lowestAndHeight(const std::vector<Vec3>& P, const std::vector<Vec3>& E) {
  double lo = P[0].y(), hi = P[0].y();
  for (const auto* set : {&P, &E}) {
    for (const Vec3& p : *set) {
      lo = std::min(lo, p.y());
      hi = std::max(hi, p.y());
    }
  }
  return {lo, hi - lo};
}

}  // namespace

std::vector<FoundLeg> legsByGeometry(const Skeleton& s, const ReferencePose& pose,
                                     std::string& why) {
  const int n = s.jointCount();
  std::vector<Vec3> P, E;
  toCharacterFrame(s, pose, P, E);
  const auto [lo, height] = lowestAndHeight(P, E);
  if (!(height > 1e-6)) {
    why = "the pose has no vertical extent";
    return {};
  }
  const double nearFloor = lo + 0.1 * height;

  std::vector<int> childCount(n, 0), endCount(n, 0);
  for (int j = 0; j < n; ++j) {
    if (s.parents[j] >= 0) ++childCount[s.parents[j]];
  }
  for (const EndSite& e : s.endSites) ++endCount[e.parent];
  std::vector<Tip> tips;
  for (int j = 0; j < n; ++j) {
    if (childCount[j] == 0 && endCount[j] == 0 && P[j].y() <= nearFloor) tips.push_back({j, P[j], {}});
  }
  for (size_t e = 0; e < E.size(); ++e) {
    if (E[e].y() <= nearFloor) tips.push_back({s.endSites[e].parent, E[e], {}});
  }
  std::vector<FoundLeg> out = legsFromTips(s, P, tips, lo, height);
  if (out.empty()) {
    why = tips.empty() ? "no chain of the pose reaches down to the floor"
                       : "no chain from the body to the floor has two bones and a leg's height";
  }
  return out;
}

std::vector<FoundLeg> legsByLimbEnds(const Skeleton& s, const ReferencePose& pose,
                                     const std::vector<LimbEnd>& ends, const std::vector<LimbEnd>& touching) {
  std::vector<Vec3> P, E;
  toCharacterFrame(s, pose, P, E);
  const auto [lo, height] = lowestAndHeight(P, E);
  if (!(height > 1e-6)) return {};
  std::vector<Tip> tips;
  for (size_t i = 0; i < ends.size(); ++i) {
    const LimbEnd& t = i < touching.size() ? touching[i] : ends[i];
    const bool own = t.joint == ends[i].joint && t.endSite == ends[i].endSite;
    tips.push_back({ends[i].joint, t.endSite >= 0 ? E[t.endSite] : P[t.joint], own ? LimbEnd{} : t});
  }
  return legsFromTips(s, P, tips, lo, height);
}

void placeFrontToBack(const Skeleton& s, const ReferencePose& pose, Side side, std::vector<FoundLeg>& found) {
  std::vector<Vec3> P, E;
  toCharacterFrame(s, pose, P, E);
  placeFrontToBack(P, side, found);
}

}  // namespace fatgraph::legs
