#pragma once
// Creatures without mocap (seed 001, procedural creature generation): from a type (walk,
// fly, swim), a seed and optionally a number of leg pairs, a body (a trunk interpolated from
// base bodies and deformed by a free-form deformation lattice, a head, limbs), its rig and
// skin, in well under a second. Walkers get legs by the paper's placement rules, flyers wings
// and hanging legs, swimmers fins. The steps, their ranges and the placement rules:
// docs/ALGORITHMS.md N.
//
// Conventions (docs/DESIGN.md): right-handed, Y up, metres; the creature faces +Z, its left
// is +X; the ground is y = 0 and a walker's feet stand on it. The rest pose (identity local
// rotations) is the bind pose. Same options, same creature, on every platform: the random
// numbers come from a fixed generator (splitmix64), not from <random>'s distributions.
// Errors: out-of-range options, and a walker whose centre of mass falls outside its feet's
// support polygon (it is not generated), throw fatgraph::Error naming the seed.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "fatgraph/core/model/skeleton.h"
#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/creature_gait.h"
#include "fatgraph/runtime/runtime_graph.h"
#include "fatgraph/runtime/skinning.h"

namespace fatgraph {

enum class CreatureType { Walk, Fly, Swim };

/// "walk", "fly", "swim".
const char* creatureTypeName(CreatureType type);
/// The type named `name` ("walk", "fly", "swim"); throws fatgraph::Error naming the choices.
CreatureType parseCreatureType(const std::string& name);

struct CreatureOptions {
  CreatureType type = CreatureType::Walk;
  std::uint64_t seed = 1;
  /// Leg pairs: 0 lets the placement rules decide (walkers) or the seed (flyers, 1-3);
  /// 1-8 asks for that many. Swimmers have no legs and must leave it 0.
  int legPairs = 0;
};

enum class LimbKind { Leg, Arm, Wing, TailFin, PectoralFin, DorsalFin };

/// "leg", "arm", "wing", "tail_fin", "pectoral_fin", "dorsal_fin".
const char* limbKindName(LimbKind kind);

struct CreatureLimb {
  LimbKind kind = LimbKind::Leg;
  int side = 0;        // +1 left (+X), -1 right, 0 on the body's midline
  int pair = 0;        // legs: 0 for the front-most pair, counting back; else 0
  int spineIndex = 0;  // where it attaches: an index into Creature::spine
  /// The limb's joints from its root: a leg's hip, knee, ankle (its foot runs from the ankle
  /// to an end site, the toe); an arm's shoulder, elbow, wrist; one or two joints for wings
  /// and fins.
  std::vector<int> joints;
  /// Legs: rest positions (model space) of the ankle and the toe; the toe is on the ground.
  Vec3 ankle = Vec3::Zero();
  Vec3 toe = Vec3::Zero();
  double length = 0;  // the chain's rest length from its root to its last joint, metres
};

struct Creature {
  CreatureType type = CreatureType::Walk;
  std::uint64_t seed = 1;
  Skeleton skeleton;
  SkinnedMesh mesh;  // trunk, head and limbs, bound to `skeleton` in its rest pose
  /// Spine joints from the tail's end to the head joint (the head joint last).
  std::vector<int> spine;
  int rootSpineIndex = 0;  // the root's place in `spine` (the centre, or the head for swimmers)
  std::vector<CreatureLimb> limbs;
  std::array<int, 3> baseBodies{};        // the three base bodies interpolated
  std::array<double, 3> baseWeights{};    // their weights (sum 1)
  double scale = 1;        // the uniform body scale, [0.5, 2]
  double length = 0;       // trunk length, metres
  double standHeight = 0;  // height of the trunk's underside above the ground, metres
  double baseSpeed = 0;    // m/s: the speed the gait is sized for
  Vec3 centreOfMass = Vec3::Zero();  // of the closed mesh, as a uniform solid
  /// Walkers: the centre of mass's distance inside the support polygon of the feet (ground
  /// plane, metres; > 0 inside). 0 for flyers and swimmers, which do not stand.
  double supportMargin = 0;
  /// The number of legs (2 per pair).
  int legCount() const;
};

/// Generates the creature `options` describes. Throws fatgraph::Error on out-of-range options,
/// and for a walker that would tip over ("creature seed 12 (walk) would tip over: ...").
Creature generateCreature(const CreatureOptions& options);

/// The creature's rig for the run-time gait (creature_gait.h): parents, rest positions, its
/// legs with their toes, and its base speed.
CreatureGaitRig gaitRigOf(const Creature& creature);

/// The creature as a procedural character of the runtime (runtime_graph.h, format 4): its
/// skeleton (the root's translation animated), its legs ("leg_left1" ...: hip, knee, ankle, the
/// toe as the foot's tip), its skinned body and its gait rig, at 30 fps, with no hubs or edges.
/// The player plays it like any graph (player.h); writeRuntimeGraph stores it as a .fgraph.
RuntimeGraph creatureRuntimeGraph(const Creature& creature);

/// A free-form deformation lattice (Sederberg and Parry 1986): control points P_ijk,
/// i <= l, j <= m, k <= n, over the parallelepiped origin + s S + t T + u U, s, t, u in [0, 1].
/// X(s, t, u) = sum_ijk B_i^l(s) B_j^m(t) B_k^n(u) P_ijk with the Bernstein polynomials
/// B_i^l(s) = C(l, i) s^i (1 - s)^(l - i). The regular lattice (points at their grid places)
/// leaves every point where it is, because Bernstein polynomials reproduce linear functions.
struct DeformationLattice {
  int l = 2, m = 2, n = 10;  // degrees: 3 x 3 x 11 control points
  Vec3 origin = Vec3::Zero();
  Vec3 axisS = Vec3::UnitX(), axisT = Vec3::UnitY(), axisU = Vec3::UnitZ();
  std::vector<Vec3> points;  // index (k * (m + 1) + j) * (l + 1) + i

  /// The regular lattice over the box origin + [0,1]^3 (S, T, U).
  static DeformationLattice regular(const Vec3& origin, const Vec3& s, const Vec3& t,
                                    const Vec3& u, int l = 2, int m = 2, int n = 10);
  Vec3& point(int i, int j, int k) { return points[(k * (m + 1) + j) * (l + 1) + i]; }
  const Vec3& point(int i, int j, int k) const { return points[(k * (m + 1) + j) * (l + 1) + i]; }
  /// The lattice coordinates (s, t, u) of p (the seed's triple-product formulas).
  Vec3 coordinates(const Vec3& p) const;
  /// The deformed position of p.
  Vec3 deform(const Vec3& p) const;
};

}  // namespace fatgraph
