// generateCreature: trunk -> scale -> spine -> skin and bend -> placed over the ground ->
// limbs -> skeleton -> mesh (trunk, head, limb tubes) -> balance check -> inverse binds.
#include "fatgraph/core/creature/creature_generation.h"

#include <algorithm>
#include <cmath>

#include "fatgraph/core/body/body_parts.h"
#include "creature_parts.h"
#include "fatgraph/core/model/error.h"

namespace fatgraph {

const char* creatureTypeName(CreatureType type) {
  switch (type) {
    case CreatureType::Walk: return "walk";
    case CreatureType::Fly: return "fly";
    case CreatureType::Swim: return "swim";
  }
  return "walk";
}

CreatureType parseCreatureType(const std::string& name) {
  for (CreatureType t : {CreatureType::Walk, CreatureType::Fly, CreatureType::Swim})
    if (name == creatureTypeName(t)) return t;
  throw Error("creature type '" + name + "': expected walk, fly or swim");
}

const char* limbKindName(LimbKind kind) {
  switch (kind) {
    case LimbKind::Leg: return "leg";
    case LimbKind::Arm: return "arm";
    case LimbKind::Wing: return "wing";
    case LimbKind::TailFin: return "tail_fin";
    case LimbKind::PectoralFin: return "pectoral_fin";
    case LimbKind::DorsalFin: return "dorsal_fin";
  }
  return "leg";
}

int Creature::legCount() const {
  return static_cast<int>(std::count_if(limbs.begin(), limbs.end(),
                                        [](const CreatureLimb& l) { return l.kind == LimbKind::Leg; }));
}

namespace {

using creature::LimbPlan;
using creature::SpinePlan;
using creature::Trunk;

std::string describe(const CreatureOptions& o) {
  return "creature seed " + std::to_string(o.seed) + " (" + creatureTypeName(o.type) + ")";
}

void checkOptions(const CreatureOptions& o) {
  if (o.legPairs < 0 || o.legPairs > 8)
    throw Error(describe(o) + ": leg pairs must be in [0, 8] (0 lets the rules choose), got " +
                std::to_string(o.legPairs));
  if (o.type == CreatureType::Swim && o.legPairs != 0)
    throw Error(describe(o) + ": swimmers have fins, not legs; leave the leg pairs at 0");
}

double trunkLength(const Trunk& t) { return t.points[t.headPole()].z() - t.points.front().z(); }

// Lifts the trunk (and spine) to where it stands: walkers' undersides at a random height of
// 0.5-2 body heights (the paper's capsule under the body), flyers hovering higher, swimmers
// just off the bed.
double placeOverGround(creature::Random& random, CreatureType type, Trunk& trunk, SpinePlan& spine) {
  double lo = trunk.points[0].y(), hi = lo;
  for (const Vec3& p : trunk.points) lo = std::min(lo, p.y()), hi = std::max(hi, p.y());
  const double height = hi - lo;
  const double stand = type == CreatureType::Walk  ? height * random.uniform(0.5, 2.0)
                       : type == CreatureType::Fly ? height * random.uniform(1.5, 3.0)
                                                   : 0.5 * height;
  const Vec3 lift(0, stand - lo, 0);
  for (Vec3& p : trunk.points) p += lift;
  for (Vec3& p : spine.joints) p += lift;
  return stand;
}

struct Rig {
  Skeleton skeleton;
  std::vector<Vec3> positions;  // model space per joint
  std::vector<int> spineJoint;  // spine index -> joint
  int skull = -1;               // the head's joint (walkers, flyers)
  std::vector<std::vector<int>> limbJoints;
};

int addJoint(Rig& rig, const std::string& name, int parent, const Vec3& at) {
  const Vec3 offset = parent < 0 ? at : Vec3(at - rig.positions[parent]);
  rig.positions.push_back(at);
  return rig.skeleton.addJoint(name, parent, offset, parent < 0);
}

void addEndSite(Rig& rig, int joint, const Vec3& at) {
  rig.skeleton.endSites.push_back({joint, at - rig.positions[joint]});
}

std::string sideName(int side) { return side > 0 ? "L" : side < 0 ? "R" : ""; }

Rig buildRig(CreatureType type, const Trunk& trunk, const SpinePlan& spine, double headRadius,
             const std::vector<LimbPlan>& limbs) {
  Rig rig;
  const int n = static_cast<int>(spine.joints.size());
  rig.spineJoint.assign(n, -1);
  auto spineName = [&](int k) {
    if (k == n - 1) return std::string("head");
    if (k == spine.root) return std::string("root");
    return (k > spine.root ? "neck_" : "spine_") + std::to_string(std::abs(k - spine.root));
  };
  rig.spineJoint[spine.root] = addJoint(rig, spineName(spine.root), -1, spine.joints[spine.root]);
  for (int k = spine.root + 1; k < n; ++k)
    rig.spineJoint[k] = addJoint(rig, spineName(k), rig.spineJoint[k - 1], spine.joints[k]);
  for (int k = spine.root - 1; k >= 0; --k)
    rig.spineJoint[k] = addJoint(rig, k == 0 ? "tail" : spineName(k), rig.spineJoint[k + 1], spine.joints[k]);
  const Vec3 headPole = trunk.points[trunk.headPole()];
  if (type != CreatureType::Swim) {
    rig.skull = addJoint(rig, "skull", rig.spineJoint[n - 1], headPole);
    const Vec3 forward = (headPole - spine.joints[n - 1]).normalized();
    addEndSite(rig, rig.skull, headPole + forward * headRadius);
  } else {
    addEndSite(rig, rig.spineJoint[n - 1], headPole);
  }
  addEndSite(rig, rig.spineJoint[0], trunk.points.front());
  int counts[6] = {};
  for (const LimbPlan& limb : limbs) {
    const std::string suffix = sideName(limb.side) + (limb.kind == LimbKind::Leg ? std::to_string(limb.pair + 1) : "");
    static const char* kLegNames[] = {"hip_", "knee_", "ankle_"};
    static const char* kArmNames[] = {"shoulder_", "elbow_", "wrist_"};
    std::vector<int> joints;
    int parent = rig.spineJoint[limb.spineIndex];
    const int number = ++counts[static_cast<int>(limb.kind)];
    for (size_t j = 0; j < limb.joints.size(); ++j) {
      std::string name;
      if (limb.kind == LimbKind::Leg) name = kLegNames[j] + suffix;
      else if (limb.kind == LimbKind::Arm) name = kArmNames[j] + suffix;
      else if (limb.kind == LimbKind::DorsalFin) name = "dorsal_fin_" + std::to_string(number);
      else name = std::string(limbKindName(limb.kind)) + (j > 0 ? "_tip" : "") + (suffix.empty() ? "" : "_" + suffix);
      parent = addJoint(rig, name, parent, limb.joints[j]);
      joints.push_back(parent);
    }
    addEndSite(rig, parent, limb.end);
    rig.limbJoints.push_back(joints);
  }
  return rig;
}

// The trunk's vertices, triangles, face normals and spine skin, into the mesh.
void appendTrunk(const Trunk& trunk, const creature::TrunkSkin& skin, const Rig& rig, SkinnedMesh& mesh) {
  const auto base = static_cast<std::uint32_t>(mesh.positions.size());
  std::vector<Vec3> normals(trunk.points.size(), Vec3::Zero());
  for (std::uint32_t index : trunk.triangles()) mesh.triangles.push_back(base + index);
  const std::vector<std::uint32_t> tris = trunk.triangles();
  for (size_t t = 0; t < tris.size(); t += 3) {
    const Vec3 face = (trunk.points[tris[t + 1]] - trunk.points[tris[t]])
                          .cross(trunk.points[tris[t + 2]] - trunk.points[tris[t]]);
    for (int c = 0; c < 3; ++c) normals[tris[t + c]] += face;
  }
  for (size_t v = 0; v < trunk.points.size(); ++v) {
    mesh.positions.push_back(toFloat3(trunk.points[v]));
    mesh.normals.push_back(toFloat3(normals[v].norm() > 0 ? Vec3(normals[v].normalized()) : Vec3::UnitY()));
    std::array<std::uint16_t, kMaxSkinInfluences> joints{};
    std::array<float, kMaxSkinInfluences> weights{};
    for (int i = 0; i < kMaxSkinInfluences; ++i) {
      joints[i] = static_cast<std::uint16_t>(rig.spineJoint[skin.joints[v][i]]);
      weights[i] = static_cast<float>(skin.weights[v][i]);
    }
    const float sum = weights[0] + weights[1] + weights[2] + weights[3];
    for (float& w : weights) w /= sum;
    mesh.joints.push_back(joints);
    mesh.weights.push_back(weights);
  }
}

int boneOf(const body::RestGeometry& rest, int joint) {
  for (int b = 0; b < static_cast<int>(rest.bones.size()); ++b)
    if (rest.bones[b].joint == joint) return b;
  return -1;
}

// One tube per limb bone and one for the head, blended across the limbs' inner joints.
void appendParts(const Rig& rig, const std::vector<LimbPlan>& limbs, double headRadius, SkinnedMesh& mesh) {
  const body::RestGeometry rest = body::restGeometry(rig.skeleton);
  const BodyOptions options;
  auto tube = [&](int joint, body::PartRole role, double width, double depth, double cap, int startPartner,
                  int endPartner, bool onGround) {
    const int bone = boneOf(rest, joint);
    if (bone < 0) return;
    body::PartPlan plan;
    plan.bone = bone;
    plan.role = role;
    plan.widthStart = plan.widthEnd = width;
    plan.depthStart = plan.depthEnd = depth;
    plan.capStart = plan.capEnd = cap;
    plan.startPartner = startPartner;
    plan.endPartner = endPartner;
    plan.blendStart = plan.blendEnd = std::min(width, 0.3 * rest.bones[bone].length);
    plan.onGround = onGround;
    body::appendPartMesh(rest, plan, options, mesh);
  };
  if (rig.skull >= 0) tube(rig.skull, body::PartRole::Head, headRadius, 0.85 * headRadius, 0.6 * headRadius, -1, -1, false);
  for (size_t l = 0; l < limbs.size(); ++l) {
    const std::vector<int>& joints = rig.limbJoints[l];
    for (size_t b = 0; b < joints.size(); ++b) {
      const int before = b > 0 ? joints[b - 1] : -1;
      const int after = b + 1 < joints.size() ? joints[b + 1] : -1;
      const bool foot = limbs[l].kind == LimbKind::Leg && b + 1 == joints.size() && limbs[l].end.y() <= 1e-9;
      const double w = limbs[l].width[b], d = limbs[l].depth[b];
      tube(joints[b], foot ? body::PartRole::Foot : body::PartRole::Limb, w, d, std::min(w, d), before, after, foot);
    }
  }
}

void bindPose(const Rig& rig, SkinnedMesh& mesh) {
  const int n = rig.skeleton.jointCount();
  std::vector<Quaternion> rotations(n, Quaternion{});
  std::vector<Float3> positions;
  for (const Vec3& p : rig.positions) positions.push_back(toFloat3(p));
  mesh.inverseBind.resize(n);
  inverseBindMatrices(rotations, positions, mesh.inverseBind);
}

double headRadiusOf(creature::Random& random, const Trunk& trunk, const SpinePlan& spine) {
  const int n = static_cast<int>(spine.joints.size());
  // The second neck bone's attachment points (the seed's head size), counted from the head.
  const creature::Attachments a = creature::attachmentsOf(trunk, spine.ringOf[std::max(0, n - 3)]);
  return std::max(0.6 * a.halfWidth() * random.uniform(0.9, 1.4), 0.01 * trunkLength(trunk));
}

void checkBalance(const CreatureOptions& options, Creature& c) {
  if (c.type != CreatureType::Walk) return;
  std::vector<Vec3> support;
  for (const CreatureLimb& l : c.limbs) {
    if (l.kind != LimbKind::Leg) continue;
    const double w = 0.25 * (l.toe - l.ankle).norm();
    for (const Vec3& p : {l.ankle, l.toe})
      for (double dx : {-w, w}) support.push_back(p + Vec3(dx, 0, 0));
  }
  c.supportMargin = creature::insideConvexHull(support, c.centreOfMass);
  if (!(c.supportMargin > 0))
    throw Error(describe(options) + " would tip over: its centre of mass lies " +
                (support.size() < 3 ? std::string("over no support polygon")
                                    : std::to_string(-c.supportMargin) + " m outside the support polygon of its " +
                                          std::to_string(c.legCount()) + " feet") +
                "; try another seed");
}

}  // namespace

Creature generateCreature(const CreatureOptions& options) {
  checkOptions(options);
  creature::Random random(options.seed * 3 + static_cast<std::uint64_t>(options.type));
  Creature c;
  c.type = options.type;
  c.seed = options.seed;
  Trunk trunk = creature::randomTrunk(random, options.type, c.baseBodies, c.baseWeights);
  c.scale = random.uniform(0.5, 2.0);
  for (Vec3& p : trunk.points) p *= c.scale;
  SpinePlan spine = creature::planSpine(trunk, options.type);
  const creature::TrunkSkin skin = creature::skinTrunk(trunk, spine);
  if (options.type != CreatureType::Swim) creature::bendSpine(random, trunk, spine, skin);
  c.standHeight = placeOverGround(random, options.type, trunk, spine);
  c.length = trunkLength(trunk);

  // The trunk's centre of mass before the limbs, for placing them.
  const std::vector<std::uint32_t> tris = trunk.triangles();
  std::vector<Float3> points;
  for (const Vec3& p : trunk.points) points.push_back(toFloat3(p));
  const Vec3 trunkCentre = creature::solidCentroid(points, tris);

  const double headRadius = options.type == CreatureType::Swim ? 0.0 : headRadiusOf(random, trunk, spine);
  const std::vector<LimbPlan> limbs =
      creature::planLimbs(random, {trunk, spine, options.type, trunkCentre, options.legPairs});
  Rig rig = buildRig(options.type, trunk, spine, headRadius, limbs);
  appendTrunk(trunk, skin, rig, c.mesh);
  appendParts(rig, limbs, headRadius, c.mesh);
  bindPose(rig, c.mesh);

  for (int k = 0; k < static_cast<int>(spine.joints.size()); ++k) c.spine.push_back(rig.spineJoint[k]);
  c.rootSpineIndex = spine.root;
  double legLength = 0;
  for (size_t l = 0; l < limbs.size(); ++l) {
    CreatureLimb limb;
    limb.kind = limbs[l].kind;
    limb.side = limbs[l].side;
    limb.pair = limbs[l].pair;
    limb.spineIndex = limbs[l].spineIndex;
    limb.joints = rig.limbJoints[l];
    const std::vector<Vec3>& j = limbs[l].joints;
    for (size_t b = 0; b + 1 < j.size(); ++b) limb.length += (j[b + 1] - j[b]).norm();
    if (limb.kind == LimbKind::Leg) {
      limb.ankle = j.back();
      limb.toe = limbs[l].end;
      legLength += limb.length;
    }
    c.limbs.push_back(limb);
  }
  c.skeleton = std::move(rig.skeleton);
  c.centreOfMass = creature::solidCentroid(c.mesh.positions, c.mesh.triangles);
  const int legs = c.legCount();
  c.baseSpeed = (legs > 0 && options.type == CreatureType::Walk
                     ? std::sqrt(0.25 * 9.81 * legLength / legs)  // a walking Froude number of 1/4
                     : 1.2 * c.length) *
                random.uniform(0.85, 1.15);
  if (const std::string problem = c.mesh.validate(c.skeleton.jointCount()); !problem.empty())
    throw Error(describe(options) + ": generated an invalid body: " + problem);
  checkBalance(options, c);
  return c;
}

namespace {

// Flyers and swimmers: how they move, their height, their beat and what beats. Buzzing wings
// (one bone) beat fast and narrow, flapping wings (two bones, the outer lagging) slow and wide,
// slower for bigger bodies (wing-beat frequency falls with size); a swimmer's tail beats once
// per 0.8 sqrt(scale) s at its base speed, its tail fin swaying with the wave's end.
void addBeats(const Creature& creature, CreatureGaitRig& rig) {
  if (creature.type == CreatureType::Walk) return;
  const float rootHeight = rig.restPositions[static_cast<std::size_t>(creature.spine[creature.rootSpineIndex])].y;
  const float scale = static_cast<float>(creature.scale);
  if (creature.type == CreatureType::Fly) {
    rig.locomotion = CreatureLocomotion::Fly;
    rig.cruiseHeight = rootHeight + 0.6f * static_cast<float>(creature.length);
    rig.beatSeconds = 0.3f * scale;
  } else {
    rig.locomotion = CreatureLocomotion::Swim;
    rig.cruiseHeight = rootHeight;
    rig.beatSeconds = 0.8f * std::sqrt(scale);
  }
  for (const CreatureLimb& l : creature.limbs) {
    const float side = l.side >= 0 ? 1.0f : -1.0f;
    switch (l.kind) {
      case LimbKind::Wing:
        if (l.joints.size() == 1) {
          rig.beatSeconds = 0.1f;  // buzzing
          rig.flaps.push_back({l.joints[0], {0, 0, side}, 0.5f, 0.0f});
        } else {
          rig.flaps.push_back({l.joints[0], {0, 0, side}, 0.7f, 0.0f});
          rig.flaps.push_back({l.joints[1], {0, 0, side}, 0.4f, 0.12f});
        }
        break;
      case LimbKind::TailFin: rig.flaps.push_back({l.joints[0], {0, 1, 0}, 0.35f, 0.95f}); break;
      case LimbKind::PectoralFin: rig.flaps.push_back({l.joints[0], {0, 0, side}, 0.25f, 0.0f}); break;
      case LimbKind::DorsalFin: rig.flaps.push_back({l.joints[0], {0, 0, 1}, 0.15f, 0.4f}); break;
      default: break;
    }
  }
}

}  // namespace

CreatureGaitRig gaitRigOf(const Creature& creature) {
  CreatureGaitRig rig;
  const Skeleton& s = creature.skeleton;
  rig.parents = s.parents;
  for (int j = 0; j < s.jointCount(); ++j) {
    const Vec3 p = s.restOffsets[j] + (s.parents[j] >= 0 ? toEigenDouble(rig.restPositions[s.parents[j]]) : Vec3::Zero());
    rig.restPositions.push_back(toFloat3(p));
  }
  for (const CreatureLimb& l : creature.limbs) {
    if (l.kind != LimbKind::Leg) continue;
    rig.legs.push_back({l.joints[0], l.joints[1], l.joints[2], l.side, l.pair, toFloat3(Vec3(l.toe - l.ankle))});
  }
  rig.baseSpeed = static_cast<float>(creature.baseSpeed);
  rig.spine = creature.spine;
  rig.spineRoot = creature.rootSpineIndex;
  // The tail bends behind the hindmost legs only, so no hip leaves the body it hangs from; a
  // swimmer's whole body is its damped chain instead.
  int tailStart = creature.type == CreatureType::Swim ? 0 : creature.rootSpineIndex;
  for (const CreatureLimb& l : creature.limbs)
    if (l.kind == LimbKind::Leg) tailStart = std::min(tailStart, l.spineIndex);
  for (int k = tailStart - 1; k >= 0; --k) rig.tail.push_back(creature.spine[k]);
  addBeats(creature, rig);
  // Breathing scaled to size: 0.6 % of the body's length, slower for bigger bodies.
  rig.breathAmplitude = static_cast<float>(0.006 * creature.length);
  rig.breathSeconds = static_cast<float>(2.5 * std::sqrt(creature.scale));
  return rig;
}

}  // namespace fatgraph
