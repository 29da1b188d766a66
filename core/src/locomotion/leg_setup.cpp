// LegSetup lookups, the checks of a leg against its skeleton, and the measurements every leg
// needs (Johansen 4.1: the cycle analysis follows a heel and a toe point carried by the ankle;
// 7.15-7.17: the hip adjustment needs each leg's length).
#include <algorithm>
#include <cmath>
#include <set>

#include <Eigen/Eigenvalues>

#include "fatgraph/core/model/forward_kinematics.h"
#include "leg_detection_detail.h"

namespace fatgraph {

int LegSetup::find(const std::string& name) const {
  for (size_t i = 0; i < legs.size(); ++i) {
    if (legs[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

bool ankleBesideChain(const Skeleton& skeleton, const Leg& leg) {
  const size_t n = leg.chain.size();
  return n >= 2 && leg.chain.back() >= 0 && leg.chain.back() < skeleton.jointCount() &&
         skeleton.parents[leg.chain.back()] != leg.chain[n - 2];
}

double legBoneLength(const Skeleton& skeleton, const std::vector<int>& chain, size_t i,
                     const std::vector<Vec3>& positions) {
  const int j = chain[i];
  if (skeleton.parents[j] == chain[i - 1]) return skeleton.restOffsets[j].norm();
  return (positions[j] - positions[chain[i - 1]]).norm();
}

namespace legs {
namespace {

bool isBelow(const Skeleton& s, int joint, int ancestor) {
  for (int j = s.parents[joint]; j >= 0; j = s.parents[j]) {
    if (j == ancestor) return true;
  }
  return false;
}

// Points of the joints and end sites strictly below `top` (and `top`'s own end sites).
std::vector<Vec3> subtreePoints(const Skeleton& s, const ReferencePose& pose, int top) {
  std::vector<Vec3> out;
  for (int j = top + 1; j < s.jointCount(); ++j) {
    if (isBelow(s, j, top)) out.push_back(pose.positions[j]);
  }
  for (size_t e = 0; e < s.endSites.size(); ++e) {
    const int p = s.endSites[e].parent;
    if (p == top || (p >= 0 && isBelow(s, p, top))) out.push_back(pose.endSites[e]);
  }
  return out;
}

// The point of `points` farthest from `from`.
Vec3 farthest(const std::vector<Vec3>& points, const Vec3& from) {
  Vec3 best = points.front();
  for (const Vec3& p : points) {
    if ((p - from).squaredNorm() > (best - from).squaredNorm()) best = p;
  }
  return best;
}

// The front of a sole: its points' long axis on the ground (the principal axis of their
// horizontal spread) runs heel to toe, and the toe is the end farther from the ankle above it.
// The point farthest from the ankle would be a paw's outer corner.
Vec3 soleFront(const std::vector<Vec3>& sole, const Vec3& ankle) {
  Eigen::Vector2d mean = Eigen::Vector2d::Zero();
  for (const Vec3& p : sole) mean += Eigen::Vector2d(p.x(), p.z()) / static_cast<double>(sole.size());
  Eigen::Matrix2d spread = Eigen::Matrix2d::Zero();
  for (const Vec3& p : sole) {
    const Eigen::Vector2d d = Eigen::Vector2d(p.x(), p.z()) - mean;
    spread += d * d.transpose();
  }
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix2d> axes(spread);
  const Eigen::Vector2d along = axes.eigenvectors().col(1);  // the largest eigenvalue's
  auto at = [&](const Vec3& p) { return (Eigen::Vector2d(p.x(), p.z()) - Eigen::Vector2d(ankle.x(), ankle.z())).dot(along); };
  const auto [low, high] = std::minmax_element(sole.begin(), sole.end(), [&](const Vec3& a, const Vec3& b) { return at(a) < at(b); });
  return std::abs(at(*high)) >= std::abs(at(*low)) ? *high : *low;
}

// Empty when the ankle is the child of the joint before it, or a foot bone beside the chain:
// below none of the chain's joints (the shin would carry it twice) and not above the hip.
std::string ankleBesideError(const Skeleton& s, const Leg& leg) {
  if (!ankleBesideChain(s, leg)) return {};
  const int ankle = leg.ankle();
  for (size_t i = 0; i + 1 < leg.chain.size(); ++i) {
    if (leg.chain[i] == ankle || isBelow(s, ankle, leg.chain[i])) {
      return "ankle '" + s.names[ankle] + "' is neither the child of '" + s.names[leg.chain[leg.chain.size() - 2]] +
             "' nor a foot bone beside the chain (it hangs below '" + s.names[leg.chain[i]] + "')";
    }
  }
  if (isBelow(s, leg.hip(), ankle)) {
    return "ankle '" + s.names[ankle] + "' is above the hip '" + s.names[leg.hip()] +
           "' (a foot bone beside the chain hangs from the root or the body)";
  }
  return {};
}

}  // namespace

ReferencePose ReferencePose::rest(const Skeleton& skeleton) {
  const int n = skeleton.jointCount();
  const std::vector<Quat> identity(n, Quat::Identity());
  ReferencePose pose;
  pose.rotations.resize(n);
  pose.positions.resize(n);
  localToModel(skeleton, identity, skeleton.restOffsets, pose.rotations, pose.positions);
  pose.endSites.resize(skeleton.endSites.size());
  endSitePositions(skeleton, pose.rotations, pose.positions, pose.endSites);
  return pose;
}

ReferencePose ReferencePose::frame(const Skeleton& skeleton, const Clip& clip, int frame) {
  ReferencePose pose;
  pose.rotations.resize(skeleton.jointCount());
  pose.positions.resize(skeleton.jointCount());
  clipFrameToModel(skeleton, clip, frame, pose.rotations, pose.positions);
  pose.endSites.resize(skeleton.endSites.size());
  endSitePositions(skeleton, pose.rotations, pose.positions, pose.endSites);
  return pose;
}

bool standsIn(const Skeleton& s, const ReferencePose& pose,
              const std::vector<std::vector<int>>& chains) {
  for (const std::vector<int>& chain : chains) {
    double length = 0;
    for (size_t i = 1; i < chain.size(); ++i) length += legBoneLength(s, chain, i, pose.positions);
    const double drop = pose.positions[chain.front()].y() - pose.positions[chain.back()].y();
    if (!(drop > 0.5 * length)) return false;
  }
  return true;
}

std::vector<ReferencePose> measurementPoses(const Skeleton& s,
                                            const std::vector<std::vector<int>>& chains,
                                            const Clip* sample, std::string* note) {
  const ReferencePose rest = ReferencePose::rest(s);
  std::vector<ReferencePose> out(chains.size(), rest);
  if (standsIn(s, rest, chains) || !sample || sample->jointCount != s.jointCount() ||
      sample->frameCount() == 0) {
    return out;
  }
  // The heel is below the ankle only while the foot is flat: take, per leg, the frame in which
  // the ankle and the rest of the foot are lowest together (mid-stance; at heel strike the
  // toes are up, at toe-off the ankle is) among those in which the leg hangs down.
  const int frames = sample->frameCount();
  const int step = std::max(1, frames / 400);
  std::vector<int> best(chains.size(), -1);
  std::vector<double> lowest(chains.size(), 0);
  for (int f = 0; f < frames; f += step) {
    const ReferencePose pose = ReferencePose::frame(s, *sample, f);
    for (size_t c = 0; c < chains.size(); ++c) {
      const int ankle = chains[c].back();
      const std::vector<Vec3> foot = subtreePoints(s, pose, ankle);
      double footY = pose.positions[ankle].y();
      if (!foot.empty()) {
        footY = 0;
        for (const Vec3& p : foot) footY += p.y() / static_cast<double>(foot.size());
      }
      const double y = pose.positions[ankle].y() + footY;
      if (standsIn(s, pose, {chains[c]}) && (best[c] < 0 || y < lowest[c])) {
        best[c] = f;
        lowest[c] = y;
      }
    }
  }
  bool used = false;
  for (size_t c = 0; c < chains.size(); ++c) {
    if (best[c] < 0) continue;
    out[c] = ReferencePose::frame(s, *sample, best[c]);
    used = true;
  }
  if (used && note) {
    *note = "heel and toe tip measured where each foot is lowest in '" + sample->name +
            "' (the legs do not hang down in the rest pose)";
  }
  return out;
}

void measureLegIn(const Skeleton& s, const ReferencePose& pose, Leg& leg,
                  const LegMeasureOptions& options, std::vector<std::string>* notes) {
  auto note = [&](const std::string& what) {
    if (notes) notes->push_back(leg.name + ": " + what);
  };
  leg.length = 0;
  for (size_t i = 1; i < leg.chain.size(); ++i) leg.length += legBoneLength(s, leg.chain, i, pose.positions);
  const int ankle = leg.ankle();
  const Vec3 a = pose.positions[ankle];
  const Quat toAnkle = pose.rotations[ankle].conjugate();
  std::vector<Vec3> foot = subtreePoints(s, pose, ankle);
  const bool onMesh = leg.toe < 0 && foot.empty() && options.shapes != nullptr &&
                      ankle < static_cast<int>(options.shapes->size()) && (*options.shapes)[ankle].size() >= 3;
  if (onMesh) {
    // Nothing below the ankle in the skeleton (a game rig's foot bone): the foot is the mesh
    // that moves with it, and its sole is the lowest quarter of that mesh's height.
    for (const Vec3& local : (*options.shapes)[ankle]) foot.push_back(a + pose.rotations[ankle] * local);
    double low = foot.front().y(), high = low;
    for (const Vec3& p : foot) {
      low = std::min(low, p.y());
      high = std::max(high, p.y());
    }
    std::erase_if(foot, [&](const Vec3& p) { return p.y() > low + 0.25 * (high - low); });
  }

  if (options.toeTip) {
    // The toe tip is where the foot last touches the ground at toe-off (4.1): the toe's end
    // site, else the farthest point past the toe, else the toe joint itself.
    Vec3 tip;
    if (leg.toe >= 0) {
      const std::vector<Vec3> past = subtreePoints(s, pose, leg.toe);
      tip = past.empty() ? pose.positions[leg.toe] : farthest(past, a);
      if (past.empty()) note("toe tip placed at the toe joint (it has no end site)");
    } else if (onMesh) {
      tip = soleFront(foot, a);
      note("no toe joint: toe tip at the front of the sole of the mesh that moves with the ankle");
    } else if (!foot.empty()) {
      tip = farthest(foot, a);
      note("no toe joint: toe tip at the farthest point of the foot");
    } else {
      // Nothing below the ankle: assume a foot a quarter of the leg long, level and facing
      // the character's forward (+Z).
      tip = a + Vec3(0, 0, 0.25 * leg.length);
      note("no toe joint or end site: toe tip estimated a quarter leg length ahead of the ankle");
    }
    leg.toeTip = toAnkle * (tip - a);
  }
  if (options.heel) {
    // The heel is below the ankle on the floor the foot stands on (the lowest foot point),
    // projected along world up, so a flat foot has heel and toe at one height (4.5).
    double floorY = a.y();
    for (const Vec3& p : foot) floorY = std::min(floorY, p.y());
    const Vec3 tipWorld = a + pose.rotations[ankle] * leg.toeTip;
    floorY = std::min(floorY, tipWorld.y());
    if (floorY >= a.y() - 1e-9) note("heel placed at the ankle (nothing of the foot lies below it)");
    leg.heel = toAnkle * (Vec3(a.x(), floorY, a.z()) - a);
  }
  leg.footLength = (leg.toeTip - leg.heel).norm();
}

}  // namespace legs

void measureLeg(const Skeleton& skeleton, Leg& leg, const LegMeasureOptions& options,
                std::vector<std::string>* notes, const Clip* sample) {
  std::string poseNote;
  const auto poses = legs::measurementPoses(skeleton, {leg.chain}, sample, &poseNote);
  if (notes && !poseNote.empty()) notes->push_back(leg.name + ": " + poseNote);
  legs::measureLegIn(skeleton, poses.front(), leg, options, notes);
}

std::string validateLeg(const Skeleton& s, const Leg& leg) {
  const std::string who = "leg '" + leg.name + "'";
  if (leg.name.empty()) return "a leg needs a name";
  if (leg.chain.size() < 3) {
    return who + " needs a chain of at least 3 joints (hip, knee, ankle), got " +
           std::to_string(leg.chain.size());
  }
  for (size_t i = 0; i < leg.chain.size(); ++i) {
    const int j = leg.chain[i];
    if (j < 0 || j >= s.jointCount()) return who + ": joint index " + std::to_string(j) + " is out of range";
    if (i > 0 && i + 1 < leg.chain.size() && s.parents[j] != leg.chain[i - 1]) {
      return who + ": joint '" + s.names[j] + "' is not a child of '" + s.names[leg.chain[i - 1]] +
             "' (a chain runs parent to child)";
    }
  }
  if (std::string beside = legs::ankleBesideError(s, leg); !beside.empty()) return who + ": " + beside;
  if (leg.toe >= 0) {
    if (leg.toe >= s.jointCount()) return who + ": toe index " + std::to_string(leg.toe) + " is out of range";
    if (!legs::isBelow(s, leg.toe, leg.ankle())) {
      return who + ": toe joint '" + s.names[leg.toe] + "' is not below the ankle '" +
             s.names[leg.ankle()] + "'";
    }
  } else if (leg.toe != -1) {
    return who + ": toe index " + std::to_string(leg.toe) + " is out of range";
  }
  if (!leg.heel.allFinite() || !leg.toeTip.allFinite()) return who + ": heel and toe tip must be finite";
  return {};
}

std::string validateLegSetup(const Skeleton& s, const LegSetup& setup) {
  std::set<std::string> names;
  std::vector<int> owner(s.jointCount(), -1);
  for (size_t l = 0; l < setup.legs.size(); ++l) {
    const Leg& leg = setup.legs[l];
    if (std::string e = validateLeg(s, leg); !e.empty()) return e;
    if (!names.insert(leg.name).second) return "two legs are named '" + leg.name + "'";
    std::vector<int> joints = leg.chain;
    if (leg.toe >= 0) joints.push_back(leg.toe);
    for (int j : joints) {
      if (owner[j] >= 0) {
        return "joint '" + s.names[j] + "' is in two legs ('" + setup.legs[owner[j]].name +
               "' and '" + leg.name + "')";
      }
      owner[j] = static_cast<int>(l);
    }
  }
  return {};
}

}  // namespace fatgraph
