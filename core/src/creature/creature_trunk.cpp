// The trunk (seed 001, "base body" and "free-form deformation"): nine base bodies from one
// capsule, three of them interpolated with random weights, then a 3 x 3 x 11 lattice whose
// slices are scaled at random across the body and spaced by random positive steps along it.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "creature_parts.h"

namespace fatgraph::creature {

std::uint64_t Random::next() {
  std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

double Random::uniform(double lo, double hi) {
  return lo + (hi - lo) * (static_cast<double>(next() >> 11) * 0x1.0p-53);
}

int Random::integer(int lo, int hi) {
  return lo + static_cast<int>(next() % static_cast<std::uint64_t>(hi - lo + 1));
}

Vec3 Trunk::ringCentre(int ring) const {
  Vec3 sum = Vec3::Zero();
  for (int i = 0; i < segments; ++i) sum += points[ringStart(ring) + i];
  return sum / segments;
}

std::vector<std::uint32_t> Trunk::triangles() const {
  std::vector<std::uint32_t> out;
  const auto seg = static_cast<std::uint32_t>(segments);
  auto at = [&](int ring, std::uint32_t i) {
    return static_cast<std::uint32_t>(ringStart(ring)) + i % seg;
  };
  const auto head = static_cast<std::uint32_t>(headPole());
  // Ring vertices run counter-clockwise about +Z (x = cos, y = sin): seen from outside the
  // tail pole (-Z) they run clockwise, so the tail fan takes them backwards.
  for (std::uint32_t i = 0; i < seg; ++i) {
    out.insert(out.end(), {0u, at(0, i + 1), at(0, i)});
    for (int r = 0; r + 1 < rings; ++r) {
      out.insert(out.end(), {at(r, i), at(r, i + 1), at(r + 1, i + 1)});
      out.insert(out.end(), {at(r, i), at(r + 1, i + 1), at(r + 1, i)});
    }
    out.insert(out.end(), {at(rings - 1, i), at(rings - 1, i + 1), head});
  }
  return out;
}

namespace {

// A base body's profile: length, half-width and half-height at the widest, where a bulge
// (chest, shoulders) sits along the body (0 tail, 1 head) and how strong it is, how sharply
// the tail and the head end taper (sin^e), and how far the belly hangs (fraction of height).
struct Profile {
  double length, width, height, bulgeAt, bulge, tailTaper, headTaper, belly;
};

// Loosely: dog, lizard, beetle, horse, worm, bird, fish, frog, bear.
constexpr Profile kProfiles[kBaseBodyCount] = {
    {1.00, 0.14, 0.16, 0.70, 0.30, 0.50, 0.50, 0.10}, {1.20, 0.10, 0.08, 0.50, 0.20, 1.20, 0.60, 0.00},
    {0.80, 0.22, 0.12, 0.40, 0.20, 0.30, 0.40, 0.05}, {1.10, 0.15, 0.20, 0.75, 0.40, 0.40, 0.60, 0.15},
    {1.30, 0.08, 0.08, 0.50, 0.00, 0.30, 0.30, 0.00}, {0.70, 0.15, 0.17, 0.60, 0.50, 0.80, 0.50, 0.10},
    {1.00, 0.10, 0.20, 0.65, 0.30, 1.00, 0.40, 0.05}, {0.70, 0.20, 0.14, 0.35, 0.40, 0.40, 0.50, 0.10},
    {1.00, 0.22, 0.22, 0.60, 0.30, 0.30, 0.40, 0.10},
};

}  // namespace

Trunk baseBody(int kind) {
  const Profile& p = kProfiles[std::clamp(kind, 0, kBaseBodyCount - 1)];
  Trunk trunk;
  trunk.points.reserve(static_cast<size_t>(2 + trunk.rings * trunk.segments));
  trunk.points.emplace_back(0, 0, -0.5 * p.length);
  for (int r = 0; r < trunk.rings; ++r) {
    const double t = (r + 1.0) / (trunk.rings + 1.0);  // 0 at the tail pole, 1 at the head's
    // A barrel in the middle (full width over the middle third), tapering to the poles.
    const double taper = std::pow(std::min(1.0, 1.4 * std::sin(std::numbers::pi * t)),
                                  t < 0.5 ? p.tailTaper : p.headTaper);
    const double d = (t - p.bulgeAt) / 0.2;
    const double scale = taper * (1 + p.bulge * std::exp(-d * d));
    const double z = (t - 0.5) * p.length;
    for (int i = 0; i < trunk.segments; ++i) {
      const double phi = 2 * std::numbers::pi * i / trunk.segments;
      const double y = p.height * scale * std::sin(phi);
      const double sag = std::sin(phi) < 0 ? p.belly * p.height * scale : 0.0;  // the belly hangs
      trunk.points.emplace_back(p.width * scale * std::cos(phi), y + sag * std::sin(phi), z);
    }
  }
  trunk.points.emplace_back(0, 0, 0.5 * p.length);
  return trunk;
}

namespace {

// The slice scales across the body and the steps along it: swimmers narrower and taller
// (seed 001: narrower x and z, a taller y range).
void deformLattice(Random& random, CreatureType type, DeformationLattice& lattice) {
  const bool swim = type == CreatureType::Swim;
  std::vector<double> place(lattice.n + 1, 0.0);
  for (int k = 1; k <= lattice.n; ++k) place[k] = place[k - 1] + random.uniform(0.5, 1.5);
  const double length = random.uniform(swim ? 0.75 : 0.85, swim ? 1.0 : 1.2);
  for (int k = 0; k <= lattice.n; ++k) {
    const double sx = swim ? random.uniform(0.5, 0.9) : random.uniform(0.75, 1.3);
    const double sy = swim ? random.uniform(0.9, 1.5) : random.uniform(0.75, 1.3);
    const Vec3 centre = lattice.point(1, 1, k);
    const double z = lattice.origin.z() + lattice.axisU.z() * length * place[k] / place[lattice.n];
    for (int j = 0; j <= lattice.m; ++j)
      for (int i = 0; i <= lattice.l; ++i) {
        Vec3& q = lattice.point(i, j, k);
        q = Vec3(centre.x() + (q.x() - centre.x()) * sx, centre.y() + (q.y() - centre.y()) * sy, z);
      }
  }
}

}  // namespace

Trunk randomTrunk(Random& random, CreatureType type, std::array<int, 3>& bodies,
                  std::array<double, 3>& weights) {
  // Three different base bodies (swimmers always mix in the fish, kind 6).
  std::vector<int> kinds(kBaseBodyCount);
  for (int k = 0; k < kBaseBodyCount; ++k) kinds[k] = k;
  for (int k = 0; k < 3; ++k) std::swap(kinds[k], kinds[random.integer(k, kBaseBodyCount - 1)]);
  if (type == CreatureType::Swim && kinds[0] != 6 && kinds[1] != 6 && kinds[2] != 6) kinds[0] = 6;
  double total = 0;
  for (int k = 0; k < 3; ++k) {
    bodies[k] = kinds[k];
    weights[k] = random.uniform(0.05, 1.0);
    total += weights[k];
  }
  Trunk trunk = baseBody(bodies[0]);
  for (Vec3& p : trunk.points) p *= 0;
  for (int k = 0; k < 3; ++k) {
    weights[k] /= total;
    const Trunk base = baseBody(bodies[k]);
    for (size_t v = 0; v < trunk.points.size(); ++v) trunk.points[v] += weights[k] * base.points[v];
  }
  Vec3 lo = trunk.points[0], hi = trunk.points[0];
  for (const Vec3& p : trunk.points) {
    lo = lo.cwiseMin(p);
    hi = hi.cwiseMax(p);
  }
  const Vec3 size = hi - lo;
  DeformationLattice lattice = DeformationLattice::regular(
      lo, Vec3(size.x(), 0, 0), Vec3(0, size.y(), 0), Vec3(0, 0, size.z()));
  deformLattice(random, type, lattice);
  for (Vec3& p : trunk.points) p = lattice.deform(p);
  // Centre it on the origin along Z again.
  const double mid = 0.5 * (trunk.points.front().z() + trunk.points[trunk.headPole()].z());
  for (Vec3& p : trunk.points) p.z() -= mid;
  return trunk;
}

}  // namespace fatgraph::creature
