#pragma once
// The inner steps of generateCreature (creature_generation.h): the random numbers, the trunk
// (base bodies and their deformation, creature_trunk.cpp), the spine and its skin and bend
// (creature_spine.cpp), the limbs (creature_limbs.cpp) and the balance check
// (creature_balance.cpp). Model space, metres, Y up, the creature facing +Z.
#include <cstdint>
#include <vector>

#include "fatgraph/core/creature/creature_generation.h"

namespace fatgraph::creature {

/// splitmix64: the same numbers from the same seed on every platform.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next();
  /// Uniform in [lo, hi).
  double uniform(double lo, double hi);
  /// Uniform in {lo, ..., hi}.
  int integer(int lo, int hi);
  bool chance(double p) { return uniform(0, 1) < p; }

 private:
  std::uint64_t state_;
};

/// The trunk: a closed capsule-like surface of `rings` rings of `segments` vertices each
/// between two poles. Vertex 0 is the tail pole (-Z), then ring 0 (tail end) ... ring
/// rings - 1 (head end), then the head pole (+Z).
struct Trunk {
  int rings = 20;
  int segments = 12;
  std::vector<Vec3> points;
  int ringStart(int ring) const { return 1 + ring * segments; }
  int headPole() const { return 1 + rings * segments; }
  Vec3 ringCentre(int ring) const;
  /// Triangles, counter-clockwise seen from outside.
  std::vector<std::uint32_t> triangles() const;
};

inline constexpr int kBaseBodyCount = 9;

/// Base body `kind` (0..8): one capsule shaped loosely like an animal, about a metre long,
/// centred on the origin along Z. All have the same vertex count and order.
Trunk baseBody(int kind);

/// Three base bodies picked at random, interpolated with random normalised weights, then
/// deformed by a 3 x 3 x 11 lattice with random slice scales and monotone slice positions.
Trunk randomTrunk(Random& random, CreatureType type, std::array<int, 3>& bodies,
                  std::array<double, 3>& weights);

/// The spine of a trunk: joint positions from the tail's end to the head's (ring centres at
/// even spacing along the trunk) and, per joint, the ring it sits on.
struct SpinePlan {
  std::vector<Vec3> joints;
  std::vector<int> ringOf;
  int root = 0;  // index into joints
};

SpinePlan planSpine(const Trunk& trunk, CreatureType type);

/// Per trunk vertex, its four nearest spine bones' joints (spine indices) and weights by
/// inverse squared distance, normalised. The bone of joint k runs towards the root's far
/// side: for k above the root to k + 1 ... except the chain ends, which run to the poles.
struct TrunkSkin {
  std::vector<std::array<int, kMaxSkinInfluences>> joints;
  std::vector<std::array<double, kMaxSkinInfluences>> weights;
};

TrunkSkin skinTrunk(const Trunk& trunk, const SpinePlan& spine);

/// Bends the spine per bone (pitch; neck and tail within 100 degrees in all, seed 001) and
/// the trunk with it through its skin.
void bendSpine(Random& random, Trunk& trunk, SpinePlan& spine, const TrunkSkin& skin);

/// Attachment points of spine joint k: the ring's extreme vertices left (+X), right, top and
/// bottom.
struct Attachments {
  Vec3 left, right, top, bottom;
  double halfWidth() const { return 0.5 * (left.x() - right.x()); }
};

Attachments attachmentsOf(const Trunk& trunk, int ring);

/// A limb before the skeleton: its joints' rest positions from its root, where its last bone
/// ends (an end site: a leg's toe, a fin's tip), and each bone's half-thickness across and
/// through it (one per bone, the last bone to the end site included).
struct LimbPlan {
  LimbKind kind = LimbKind::Leg;
  int side = 0;
  int pair = 0;
  int spineIndex = 0;  // the spine joint it hangs from
  std::vector<Vec3> joints;
  Vec3 end = Vec3::Zero();
  std::vector<double> width, depth;
};

/// What the limbs are planned from: the trunk (on its final place, standing or hovering),
/// its spine, the trunk's centre of mass and the options' leg pairs.
struct LimbContext {
  const Trunk& trunk;
  const SpinePlan& spine;
  CreatureType type;
  Vec3 centreOfMass;
  int legPairs = 0;
};

/// Legs, arms, wings and fins by seed 001's rules.
std::vector<LimbPlan> planLimbs(Random& random, const LimbContext& context);

/// Signed-volume centroid of closed triangle meshes (the union counted once per shell).
Vec3 solidCentroid(const std::vector<Float3>& positions, const std::vector<std::uint32_t>& triangles);

/// Signed distance of `point` (x, z of it) inside the convex hull of `points` on the ground
/// plane (> 0 inside); -infinity-like large negative for fewer than three distinct points.
double insideConvexHull(const std::vector<Vec3>& points, const Vec3& point);

}  // namespace fatgraph::creature
