// planBodyParts: proportions. Every size is a fraction of a length the rig itself carries (a
// leg's hip -> ankle length, an arm's spine -> wrist length, the hip and shoulder spreads,
// the figure's size), so units and proportions of the rig do not matter. The fractions are a
// human's (a 0.85 m leg has a 8.5 cm thigh radius at the hip, 3.8 cm at the ankle).
#include <algorithm>
#include <cmath>
#include <numbers>

#include "body_layout.h"

namespace fatgraph::body {

namespace {

double lerp(double a, double b, double t) { return a + (b - a) * t; }

double legRadius(double fraction, double legLength) {
  return legLength * lerp(0.10, 0.045, fraction);
}
double limbRadius(double fraction, double limbLength) {
  return limbLength * lerp(0.085, 0.045, fraction);
}

// The torso's half-width along the spine: at each attachment, the limbs' spread (hips: the
// spread plus a third of a thigh; shoulders: just inside the shoulder joints), in between
// linear by length along the spine with a waist, constant beyond the first and last.
class TorsoWidth {
 public:
  TorsoWidth(const RestGeometry& rest, const BodyLayout& layout, double legLength) {
    double along = 0;
    for (size_t k = 0; k < layout.spine.size(); ++k) {
      if (k > 0) along += (rest.joints[layout.spine[k]] - rest.joints[layout.spine[k - 1]]).norm();
      arc_.push_back(along);
      const double half = layout.halfSpread[k];
      if (half <= 0) continue;
      const double w = layout.legsAttach[k] ? half + 0.035 * legLength : 0.95 * half;
      anchors_.push_back({along, std::max(w, 0.04 * rest.size)});
    }
    fallback_ = 0.09 * rest.size;
  }
  double atSpine(int k) const { return at(arc_[k]); }

 private:
  double at(double s) const {
    if (anchors_.empty()) return fallback_;
    if (s <= anchors_.front().first) return anchors_.front().second;
    for (size_t i = 1; i < anchors_.size(); ++i) {
      const auto& [s1, w1] = anchors_[i];
      const auto& [s0, w0] = anchors_[i - 1];
      if (s > s1) continue;
      if (!(s1 > s0)) return w1;
      // A waist: 12% narrower halfway between two attachments.
      const double t = (s - s0) / (s1 - s0);
      return lerp(w0, w1, t) * (1 - 0.12 * std::sin(std::numbers::pi * t));
    }
    return anchors_.back().second;
  }
  std::vector<double> arc_;
  std::vector<std::pair<double, double>> anchors_;
  double fallback_ = 0;
};

// The joint whose transform a bone's end region blends toward: the child, or past pivots
// (joints without a bone of their own and one child) the joint that moves the next bone.
int endPartner(const RestGeometry& rest, const Bone& bone) {
  int c = bone.child;
  if (c < 0) return -1;
  while (rest.bonesOf[c].empty() && rest.children[c].size() == 1) c = rest.children[c].front();
  return c;
}

// Farthest a point lies past `from` along `axis`, 0 if none does.
double reachAlong(const std::vector<Vec3>& points, const Vec3& from, const Vec3& axis) {
  double reach = 0;
  for (const Vec3& p : points) reach = std::max(reach, (p - from).dot(axis));
  return reach;
}

void setRound(PartPlan& p, double r0, double r1) {
  p.widthStart = p.depthStart = p.capStart = r0;
  p.widthEnd = p.depthEnd = p.capEnd = r1;
}

// What every part of one body is sized from.
struct BodyScale {
  const RestGeometry& rest;
  const BodyLayout& layout;
  double legLength;
  const TorsoWidth& torso;
  double neckRadius;
  int pelvisBone = -1, chestBone = -1;  // the first and last torso bones of non-zero length
};

// The pelvis and chest are the first and last torso bones of non-zero length (CMU's
// Hips -> LowerBack is a pivot, so its pelvis is LowerBack -> Spine).
void findTorsoEnds(const RestGeometry& rest, const BodyLayout& layout, int& pelvisBone, int& chestBone) {
  for (int k = layout.torsoBegin; k < layout.torsoEnd; ++k) {
    for (int b : rest.bonesOf[layout.spine[k]]) {
      if (rest.bones[b].child != layout.spine[k + 1]) continue;
      if (pelvisBone < 0) pelvisBone = b;
      chestBone = b;
    }
  }
}

// A torso bone (spine position k): never much narrower than the thighs below it; a standing
// torso is flatter front to back than wide, a horizontal one (a dog's) about as deep as wide;
// nor wider than a broad human's chest for its legs (a rest pose that does not stand, as
// Reallusion's with bones along their own axes, spreads the shoulders apart).
void shapeTorso(const BodyScale& body, int b, int k, const Vec3& axis, PartPlan& p) {
  const Bone& bone = body.rest.bones[b];
  const BodyLayout& layout = body.layout;
  p.role = PartRole::Torso;
  const double least = 1.6 * legRadius(0, body.legLength), most = 0.2 * body.legLength;
  p.widthStart = std::clamp(body.torso.atSpine(k), least, std::max(least, most));
  p.widthEnd = std::clamp(body.torso.atSpine(k + 1), least, std::max(least, most));
  const double flat = std::abs(axis.y()) > 0.5 ? 0.7 : 0.95;
  p.depthStart = flat * p.widthStart;
  p.depthEnd = flat * p.widthEnd;
  p.capStart = 0.9 * p.depthStart;
  p.capEnd = 0.9 * p.depthEnd;
  if (b == body.pelvisBone) {  // reach down past the hip joints
    const double below = reachAlong(layout.attachRoots[layout.torsoBegin], bone.start, -axis);
    p.capStart = std::clamp(below + 0.35 * p.widthStart, p.capStart, 1.2 * p.widthStart);
  }
  if (b == body.chestBone) {  // reach up to the shoulders
    const double above = reachAlong(layout.attachRoots[layout.torsoEnd], bone.end, axis);
    p.capEnd = std::clamp(above + 0.3 * p.depthEnd, p.capEnd, std::max(p.capEnd, p.widthEnd));
  }
}

// The head, or a spine bone off the torso's line (a clavicle, a tail's root). Returns false
// for a face bone, which lies inside the head.
bool shapeHeadOrSpineBranch(const BodyScale& body, int b, Region region, Region childRegion, PartPlan& p) {
  const Bone& bone = body.rest.bones[b];
  const BodyLayout& layout = body.layout;
  if (region == Region::Head && b != layout.headBone) return false;
  if (region == Region::Head) {
    p.role = PartRole::Head;
    p.endPartner = -1;  // the skull is rigid; its children are jaws and eyes
    // A human head is about a quarter of a leg tall, so a rig with narrow shoulders (hence a
    // thin neck) still gets one.
    p.widthStart = p.widthEnd = std::max(1.45 * body.neckRadius, 0.085 * body.legLength);
    p.depthStart = p.depthEnd = std::max(1.7 * body.neckRadius, 0.1 * body.legLength);
    p.capStart = 0.7 * p.widthStart;
    const double tall = std::max(4.4 * body.neckRadius, 0.26 * body.legLength);
    p.capEnd = std::max(p.widthEnd, tall - bone.length - p.capStart);
  } else if (childRegion == Region::Leg || childRegion == Region::LegOther) {
    setRound(p, legRadius(0, layout.limbScale[bone.child]), legRadius(0, layout.limbScale[bone.child]));
  } else if (bone.child >= 0 && childRegion != Region::Spine) {
    const double r = limbRadius(0, layout.limbScale[bone.child]);
    setRound(p, r, r);  // a clavicle or the root of a tail
  } else {
    setRound(p, 0.03 * body.rest.size, 0.03 * body.rest.size);
  }
  return true;
}

// A foot or toe bone: on the ground, as high as the ankle (CMU's sits 4 cm up, at the top of
// the foot), at least the shin's end so the ankle has no step.
void shapeFoot(const BodyScale& body, int j, Region region, PartPlan& p) {
  const double s = body.layout.limbScale[j];
  const double depth = std::clamp(0.9 * body.layout.ankleHeight[j], 0.045 * s, 0.07 * s);
  p.onGround = true;
  if (region == Region::Foot) {
    p.role = PartRole::Foot;
    p.widthStart = 0.057 * s;
    p.widthEnd = 0.06 * s;
    p.depthStart = depth;
    p.depthEnd = 0.6 * depth;
    p.capStart = 0.065 * s;  // the heel
    p.capEnd = 0.5 * p.widthEnd;
  } else {
    p.role = PartRole::Toe;
    p.widthStart = 0.055 * s;
    p.widthEnd = 0.045 * s;
    p.depthStart = p.depthEnd = 0.4 * depth;
    p.capStart = p.depthStart;
    p.capEnd = 0.6 * p.widthEnd;
  }
}

// A hand bone. Mocap hands are often a stub or two (CMU's reach 6 cm past the wrist): the
// bone that reaches farthest gets fingers, a cap out to a human hand's length (0.28 A).
void shapeHand(const BodyScale& body, const Bone& bone, int j, PartPlan& p) {
  const BodyLayout& layout = body.layout;
  const double s = layout.limbScale[j];
  p.role = PartRole::Hand;
  p.widthStart = 0.06 * s;
  p.widthEnd = 0.8 * p.widthStart;
  p.depthStart = p.depthEnd = 0.022 * s;
  p.capStart = p.depthStart;
  p.capEnd = 0.5 * p.widthEnd;
  const int wrist = layout.wristOf[j];
  const double reach = wrist >= 0 ? (bone.end - body.rest.joints[wrist]).norm() : 0.0;
  if (wrist >= 0 && reach >= 0.9 * layout.handReach[j]) p.capEnd = std::max(p.capEnd, 0.28 * s - reach);
}

// Limits, thickness and the blend spans every part gets.
void finishPart(const RestGeometry& rest, const Bone& bone, double thickness, PartPlan& p) {
  // No part outgrows the figure, whatever odd spreads or lengths a rig has.
  for (double* r : {&p.widthStart, &p.widthEnd, &p.depthStart, &p.depthEnd}) *r = std::min(*r, 0.2 * rest.size);
  p.capStart = std::min(p.capStart, 0.25 * rest.size);
  p.capEnd = std::min(p.capEnd, 0.25 * rest.size);
  const double t = thickness;
  p.widthStart *= t, p.widthEnd *= t, p.depthStart *= t, p.depthEnd *= t;
  p.capStart *= t, p.capEnd *= t;
  // Blend over about a radius each side of a joint, never past the bone's middle, so at most
  // three joints (this one, its parent, its child) move a vertex.
  p.blendStart = std::min(std::min(p.widthStart, p.depthStart), 0.45 * bone.length);
  p.blendEnd = std::min(std::min(p.widthEnd, p.depthEnd), 0.45 * bone.length);
}

}  // namespace

std::vector<PartPlan> planBodyParts(const Skeleton& skeleton, const RestGeometry& rest,
                                    const BodyOptions& options) {
  const BodyLayout layout = bodyLayout(skeleton, rest);
  double legLength = 0;
  for (size_t j = 0; j < layout.region.size(); ++j) {
    if (layout.region[j] == Region::Leg) legLength = std::max(legLength, layout.limbScale[j]);
  }
  if (legLength <= 0) legLength = 0.45 * rest.size;
  const TorsoWidth torso(rest, layout, legLength);
  const double neckRadius = std::max({0.3 * torso.atSpine(layout.torsoEnd), 0.04 * legLength, 0.015 * rest.size});
  BodyScale body{rest, layout, legLength, torso, neckRadius};
  findTorsoEnds(rest, layout, body.pelvisBone, body.chestBone);

  std::vector<PartPlan> plans;
  for (int b = 0; b < static_cast<int>(rest.bones.size()); ++b) {
    const Bone& bone = rest.bones[b];
    const int j = bone.joint;
    const Region region = layout.region[j];
    const Region childRegion = bone.child >= 0 ? layout.region[bone.child] : region;
    const double childFraction = bone.child >= 0 ? layout.limbFraction[bone.child] : 1.0;
    const Vec3 axis = (bone.end - bone.start) / bone.length;
    PartPlan p;
    p.bone = b;
    p.startPartner = skeleton.parents[j];
    p.endPartner = endPartner(rest, bone);
    const int k = static_cast<int>(std::find(layout.spine.begin(), layout.spine.end(), j) - layout.spine.begin());
    const bool alongSpine = region == Region::Spine && k + 1 < static_cast<int>(layout.spine.size()) &&
                            bone.child == layout.spine[k + 1];
    if (alongSpine && k < layout.torsoBegin) {
      continue;  // a root bone below the hips (Reallusion's BoneRoot -> Hip) has no flesh
    } else if (alongSpine && k < layout.torsoEnd) {
      shapeTorso(body, b, k, axis, p);
    } else if (alongSpine) {
      p.role = PartRole::Neck;
      setRound(p, neckRadius, neckRadius);
    } else if (region == Region::Head || region == Region::Spine) {
      if (!shapeHeadOrSpineBranch(body, b, region, childRegion, p)) continue;
    } else if (region == Region::Leg) {
      const bool onChain = childRegion == Region::Leg || childRegion == Region::Foot;
      setRound(p, legRadius(layout.limbFraction[j], layout.limbScale[j]),
               legRadius(onChain ? childFraction : layout.limbFraction[j], layout.limbScale[j]));
    } else if (region == Region::LegOther) {
      const double r = 0.8 * legRadius(0, layout.limbScale[j]);
      setRound(p, r, r);  // hip pivots, twist bones: inside the thigh
    } else if (region == Region::Foot || region == Region::Toe) {
      shapeFoot(body, j, region, p);
    } else if (region == Region::Hand) {
      shapeHand(body, bone, j, p);
    } else if (region == Region::Limb) {
      setRound(p, limbRadius(layout.limbFraction[j], layout.limbScale[j]), limbRadius(childFraction, layout.limbScale[j]));
    } else {
      const double r = std::clamp(0.15 * bone.length, 0.005 * rest.size, 0.05 * rest.size);
      setRound(p, r, 0.8 * r);
    }
    finishPart(rest, bone, options.thickness, p);
    plans.push_back(p);
  }
  return plans;
}

}  // namespace fatgraph::body
