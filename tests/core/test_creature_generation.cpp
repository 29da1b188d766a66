// Creature generation (creature_generation.h, seed 001): the deformation lattice against its
// ground truth (the regular lattice is the identity, a moved lattice moves points with it), and
// over a thousand seeds of the three types: valid skeletons and bodies (finite, weights summing
// to 1, the rest palette reproducing the bind pose), the same creature from the same seed, the
// trunk never folding, spine bends within the paper's bounds, walkers' toes on the ground and
// their centre of mass inside their feet (checked here by half-planes), each type's limbs, the
// placement rules reaching bipeds, quadrupeds and many-legged bodies, and refusals that say why.
#include <QtTest>

#include <cmath>
#include <numbers>
#include <set>
#include <string>

#include "fatgraph/core/body/body_generation.h"
#include "fatgraph/core/creature/creature_generation.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/model/pose.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "verify_throws.h"

using namespace fatgraph;

namespace {

std::vector<Vec3> modelPositions(const Skeleton& skeleton) {
  const Pose pose = Pose::rest(skeleton);
  std::vector<Quat> rotations(skeleton.jointCount());
  std::vector<Vec3> positions(skeleton.jointCount());
  localToModel(skeleton, pose.rotations, pose.translations, rotations, positions);
  return positions;
}

int countLimbs(const Creature& c, LimbKind kind) {
  return static_cast<int>(std::count_if(c.limbs.begin(), c.limbs.end(),
                                        [&](const CreatureLimb& l) { return l.kind == kind; }));
}

// The creature's own checks, repeated from the outside: what every generated creature must be.
void checkCreature(const Creature& c) {
  QVERIFY2(c.skeleton.validate().empty(), c.skeleton.validate().c_str());
  QVERIFY2(c.mesh.validate(c.skeleton.jointCount()).empty(), c.mesh.validate(c.skeleton.jointCount()).c_str());
  QVERIFY(c.scale >= 0.5 && c.scale <= 2.0);
  QVERIFY(std::isfinite(c.baseSpeed) && c.baseSpeed > 0);
  for (const Float3& p : c.mesh.positions) QVERIFY(std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z));
  // The rest palette skins the body to itself.
  const std::vector<Vec3> joints = modelPositions(c.skeleton);
  std::vector<Quat> rotations(joints.size(), Quat::Identity());
  std::vector<Float3> skinned;
  skinBody(c.mesh, rotations, joints, skinned, nullptr);
  for (size_t v = 0; v < skinned.size(); v += 17) {
    QVERIFY(std::abs(skinned[v].x - c.mesh.positions[v].x) < 1e-4f);
    QVERIFY(std::abs(skinned[v].y - c.mesh.positions[v].y) < 1e-4f);
  }
  // The trunk never folds: spine joints advance along the body from the tail to the head
  // before the bend, so after a bend of at most 100 degrees per chain consecutive bones still
  // point the chain's way (their dot with the chain's first bone is not below cos 100 deg).
  for (size_t k = 0; k + 1 < c.spine.size(); ++k) QVERIFY((joints[c.spine[k + 1]] - joints[c.spine[k]]).norm() > 0);
  const int root = c.rootSpineIndex, n = static_cast<int>(c.spine.size());
  auto bone = [&](int k) { return Vec3((joints[c.spine[k + 1]] - joints[c.spine[k]]).normalized()); };
  const double limit = std::cos(100.5 * std::numbers::pi / 180);
  for (int k = root + 1; k + 1 < n; ++k) QVERIFY(bone(k).dot(bone(root)) >= limit);
  for (int k = 0; k + 1 < root; ++k) QVERIFY(bone(k).dot(bone(root - 1)) >= limit);
  if (c.type == CreatureType::Walk) {
    for (const CreatureLimb& l : c.limbs) {
      if (l.kind != LimbKind::Leg) continue;
      QVERIFY(std::abs(l.toe.y()) < 1e-9);
      QVERIFY(l.ankle.y() > 0);
      QCOMPARE(static_cast<int>(l.joints.size()), 3);
    }
    QVERIFY(c.supportMargin > 0);
    // Outside view of the balance: the centre of mass is over the band the feet span along
    // the body and between the outermost feet across it.
    double zLo = 1e9, zHi = -1e9, xLo = 1e9, xHi = -1e9;
    for (const CreatureLimb& l : c.limbs)
      if (l.kind == LimbKind::Leg)
        for (const Vec3& p : {l.ankle, l.toe})
          zLo = std::min(zLo, p.z()), zHi = std::max(zHi, p.z()), xLo = std::min(xLo, p.x()), xHi = std::max(xHi, p.x());
    QVERIFY(c.centreOfMass.z() > zLo && c.centreOfMass.z() < zHi);
    QVERIFY(c.centreOfMass.x() > xLo && c.centreOfMass.x() < xHi);
  }
}

}  // namespace

class TestCreatureGeneration : public QObject {
  Q_OBJECT

 private slots:
  void regularLatticeIsTheIdentity() {
    const DeformationLattice lattice = DeformationLattice::regular(
        Vec3(-1, 0.5, -2), Vec3(2, 0, 0), Vec3(0, 1, 0.2), Vec3(0.1, 0, 4));
    QCOMPARE(static_cast<int>(lattice.points.size()), 3 * 3 * 11);
    for (double s : {0.0, 0.3, 1.0})
      for (double t : {0.0, 0.7})
        for (double u : {0.0, 0.05, 0.5, 1.0}) {
          const Vec3 p = lattice.origin + s * lattice.axisS + t * lattice.axisT + u * lattice.axisU;
          QVERIFY((lattice.coordinates(p) - Vec3(s, t, u)).norm() < 1e-12);
          QVERIFY((lattice.deform(p) - p).norm() < 1e-12);
        }
  }

  void latticeCarriesPointsWithIt() {
    DeformationLattice lattice = DeformationLattice::regular(Vec3::Zero(), Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitZ());
    for (Vec3& q : lattice.points) q = 2.0 * q + Vec3(1, 2, 3);  // an affine map of the lattice
    const Vec3 p(0.25, 0.5, 0.75);
    QVERIFY((lattice.deform(p) - (2.0 * p + Vec3(1, 2, 3))).norm() < 1e-12);
    // One control point moved: its Bernstein weight B_1^2(0.5) B_1^2(0.5) B_5^10(0.5) moves p.
    lattice = DeformationLattice::regular(Vec3::Zero(), Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitZ());
    lattice.point(1, 1, 5).y() += 1;
    const double weight = 0.5 * 0.5 * 252.0 / 1024.0;
    QVERIFY(std::abs(lattice.deform(Vec3(0.5, 0.5, 0.5)).y() - (0.5 + weight)) < 1e-12);
  }

  void sameSeedSameCreature() {
    for (CreatureType type : {CreatureType::Walk, CreatureType::Fly, CreatureType::Swim}) {
      const Creature a = generateCreature({type, 42, 0});
      const Creature b = generateCreature({type, 42, 0});
      QCOMPARE(a.mesh.positions.size(), b.mesh.positions.size());
      for (size_t v = 0; v < a.mesh.positions.size(); ++v) QCOMPARE(a.mesh.positions[v].y, b.mesh.positions[v].y);
      QCOMPARE(a.skeleton.names, b.skeleton.names);
      const Creature other = generateCreature({type, 43, 0});
      QVERIFY(other.mesh.positions[5].x != a.mesh.positions[5].x || other.scale != a.scale);
    }
  }

  void thousandSeeds() {
    std::set<int> walkerPairs;
    int tipped = 0, walkers = 0;
    for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
      const CreatureType type = seed % 3 == 0 ? CreatureType::Walk : seed % 3 == 1 ? CreatureType::Fly : CreatureType::Swim;
      try {
        const Creature c = generateCreature({type, seed, 0});
        checkCreature(c);
        if (QTest::currentTestFailed()) QFAIL(("seed " + std::to_string(seed)).c_str());
        if (type == CreatureType::Walk) walkerPairs.insert(c.legCount() / 2), ++walkers;
        if (type == CreatureType::Fly) {
          QCOMPARE(countLimbs(c, LimbKind::Wing), 2);
          QVERIFY(c.legCount() >= 2 && c.legCount() <= 6);
        }
        if (type == CreatureType::Swim) {
          QCOMPARE(c.legCount(), 0);
          QCOMPARE(countLimbs(c, LimbKind::TailFin), 1);
          QCOMPARE(countLimbs(c, LimbKind::PectoralFin), 2);
          QVERIFY(countLimbs(c, LimbKind::DorsalFin) >= 1);
          QCOMPARE(c.rootSpineIndex, static_cast<int>(c.spine.size()) - 1);  // rooted at the head
        }
      } catch (const Error& e) {
        QVERIFY2(type == CreatureType::Walk, e.what());
        QVERIFY2(std::string(e.what()).find("creature seed " + std::to_string(seed) + " (walk) would tip over") == 0, e.what());
        ++tipped;
      }
    }
    QVERIFY2(tipped * 20 < walkers + tipped, (std::to_string(tipped) + " walkers tipped").c_str());
    QVERIFY(walkerPairs.count(1));  // a biped
    QVERIFY(walkerPairs.count(2));  // a quadruped
    QVERIFY(*walkerPairs.rbegin() >= 3);  // a long, low body on many small legs
  }

  void askedForLegPairs() {
    for (int pairs = 1; pairs <= 8; ++pairs) {
      int made = 0;
      for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        try {
          const Creature c = generateCreature({CreatureType::Walk, seed, pairs});
          checkCreature(c);
          QCOMPARE(c.legCount(), 2 * pairs);
          ++made;
        } catch (const Error& e) {
          QVERIFY2(std::string(e.what()).find("would tip over") != std::string::npos, e.what());
        }
      }
      QVERIFY2(made >= 8, ("leg pairs " + std::to_string(pairs)).c_str());
    }
    // The example: a six-legged creature from seed 7.
    const Creature bug = generateCreature({CreatureType::Walk, 7, 3});
    QCOMPARE(bug.legCount(), 6);
  }

  void refusesWhatCannotBe_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<int>("pairs");
    QTest::addColumn<QString>("message");
    QTest::newRow("nine pairs") << int(CreatureType::Walk) << 9 << "leg pairs must be in [0, 8]";
    QTest::newRow("negative") << int(CreatureType::Fly) << -1 << "leg pairs must be in [0, 8]";
    QTest::newRow("swimmer legs") << int(CreatureType::Swim) << 2 << "swimmers have fins, not legs";
  }
  void refusesWhatCannotBe() {
    QFETCH(int, type);
    QFETCH(int, pairs);
    QFETCH(QString, message);
    try {
      generateCreature({static_cast<CreatureType>(type), 5, pairs});
      QFAIL("no error");
    } catch (const Error& e) {
      QVERIFY2(QString(e.what()).contains(message), e.what());
      QVERIFY2(QString(e.what()).startsWith("creature seed 5 ("), e.what());
    }
  }

  void typeNames() {
    QCOMPARE(parseCreatureType("swim"), CreatureType::Swim);
    QCOMPARE(std::string(creatureTypeName(CreatureType::Fly)), std::string("fly"));
    FATGRAPH_VERIFY_THROWS(Error, "creature type 'crawl': expected walk, fly or swim", parseCreatureType("crawl"));
  }
};

QTEST_GUILESS_MAIN(TestCreatureGeneration)
#include "test_creature_generation.moc"
