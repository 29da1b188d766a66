// The procedural gait (runtime creature_gait.h) on generated creatures (creature_generation.h):
// a biped, a quadruped, the six-legged seed 7 and an eight-legged body walk straight at
// their base speed, turn, and stop, on flat ground and on bumps, at 60 updates a second. Foot
// contacts are found from the output alone (measureMotionContacts on the toes the rotations
// put where skinning would): mid-stance skate at most 1 mm, no toe or ankle below the ground,
// every foot stepping, the body travelling at the asked-for speed, as many foot-strike events
// as stances, a stopped creature standing still with its centre of mass over its feet and
// breathing, and the tail bending into the turn.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "fatgraph/core/creature/creature_generation.h"
#include "fatgraph/core/locomotion/motion_contacts.h"
#include "fatgraph/runtime/creature_gait.h"
#include "fatgraph/runtime/terrain.h"

using namespace fatgraph;

namespace {

struct Walk {
  std::vector<std::vector<Vec3>> toes, ankles;  // per leg, per frame
  int strikes = 0;
  double straightDistance = 0;
  bool finite = true;
  bool standsStill = true;
  int standingFrames = 0, balancedFrames = 0;  // the centre of mass over the feet, standing
  double breathLow = 1e9, breathHigh = -1e9;     // the root's height over the last 3 s standing
  double tailStraight = 0, tailTurning = 0;      // the tail end's offset to the body's left
  double deepestSag = 0;  // moving: the most the root came below its rest height over the ground
  double deepestSagAt = 0;  // seconds
};

// Whether `p` lies inside the convex hull of `points` on the ground plane: seen from inside,
// no angular gap between the directions to the points reaches half a turn.
bool overSupport(const Vec3& p, const std::vector<Vec3>& points) {
  std::vector<double> angles;
  for (const Vec3& q : points) angles.push_back(std::atan2(q.z() - p.z(), q.x() - p.x()));
  std::sort(angles.begin(), angles.end());
  double gap = angles.front() + 2 * std::numbers::pi - angles.back();
  for (size_t i = 1; i < angles.size(); ++i) gap = std::max(gap, angles[i] - angles[i - 1]);
  return gap < std::numbers::pi;
}

Walk walkCreature(const Creature& creature, const Heightfield* terrain) {
  const CreatureGaitRig rig = gaitRigOf(creature);
  CreatureGait gait(rig);
  gait.reset({0, 0, 0}, 0, terrain);
  Walk walk;
  walk.toes.resize(rig.legs.size());
  walk.ankles.resize(rig.legs.size());
  const float dt = 1.0f / 60;
  const float speed = rig.baseSpeed;
  std::vector<Float3> lastAnkles(rig.legs.size());
  const int root = creature.spine[creature.rootSpineIndex];
  const Float3 comFromRoot = toFloat3(Vec3(creature.centreOfMass)) - rig.restPositions[root];
  std::vector<Vec3> feet;
  for (int frame = 0; frame < 60 * 17; ++frame) {
    const double t = frame * dt;
    const bool moving = t < 12;
    const float turn = t >= 8 && t < 12 ? 0.5f : 0.0f;
    gait.update(dt, {0, 0, moving ? speed : 0.0f}, turn, terrain);
    if (moving) walk.strikes += static_cast<int>(gait.strikes().size());
    if (moving) {  // measured from the root and the terrain, not from the gait's own state
      const Float3 r = gait.positions()[root];
      double under = 0;  // the mean ground under the ankles: what the body stands on
      for (const CreatureGaitLeg& leg : rig.legs) {
        const Float3 a = gait.positions()[leg.ankle];
        under += (terrain ? terrain->height(a.x, a.z) : 0.0) / double(rig.legs.size());
      }
      const double sag = rig.restPositions[root].y - (r.y - under);
      if (sag > walk.deepestSag) walk.deepestSag = sag, walk.deepestSagAt = t;
    }
    if (frame == 60 * 2 - 1) walk.straightDistance = -gait.position().z;
    if (frame == 60 * 8 - 1) walk.straightDistance += gait.position().z;
    feet.clear();
    for (size_t l = 0; l < rig.legs.size(); ++l) {
      const CreatureGaitLeg& leg = rig.legs[l];
      const Float3 ankle = gait.positions()[leg.ankle];
      const Float3 toe = ankle + rotate(gait.rotations()[leg.ankle], leg.toeOffset);
      walk.finite = walk.finite && isFinite(ankle) && isFinite(toe);
      if (moving) {
        walk.toes[l].push_back(toEigenDouble(toe));
        walk.ankles[l].push_back(toEigenDouble(ankle));
      } else if (t > 16) {  // the last second of standing
        walk.standsStill = walk.standsStill && gait.planted(static_cast<int>(l)) &&
                           length(ankle - lastAnkles[l]) < 1e-5f;
      }
      lastAnkles[l] = ankle;
      feet.push_back(toEigenDouble(ankle));
      feet.push_back(toEigenDouble(toe));
    }
    // The tail's end in the body's frame (its left is +X), the mean over the last 2 s straight
    // ahead and over the last 2 s of turning left.
    if (!rig.tail.empty() && ((t >= 6 && t < 8) || (t >= 10 && t < 12))) {
      const Float3 rootAt = gait.positions()[root];
      const Float3 side = rotate(conjugate(gait.rotations()[root]), gait.positions()[rig.tail.back()] - rootAt);
      (t < 8 ? walk.tailStraight : walk.tailTurning) += side.x / 120.0;
    }
    if (t >= 13.5) {
      walk.breathLow = std::min(walk.breathLow, double(gait.positions()[root].y));
      walk.breathHigh = std::max(walk.breathHigh, double(gait.positions()[root].y));
    }
    if (t > 13) {  // standing: the body over the feet, the body's rest centre of mass moved with the root
      const Float3 com = gait.positions()[root] + rotate(gait.rotations()[root], comFromRoot);
      ++walk.standingFrames;
      walk.balancedFrames += overSupport(toEigenDouble(com), feet) ? 1 : 0;
    }
  }
  return walk;
}

double lowest(const std::vector<std::vector<Vec3>>& paths, const Heightfield* terrain) {
  double depth = 0;
  for (const auto& path : paths)
    for (const Vec3& p : path) {
      const double ground = terrain ? terrain->height(float(p.x()), float(p.z())) : 0.0;
      depth = std::max(depth, ground - p.y());
    }
  return depth;
}

}  // namespace

class TestCreatureGait : public QObject {
  Q_OBJECT

 private slots:
  void walksOnPlantedFeet_data() {
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<int>("pairs");
    QTest::addColumn<QString>("terrain");
    for (const char* terrain : {"flat", "bumps"}) {
      QTest::newRow((std::string("biped ") + terrain).c_str()) << quint64(3) << 1 << terrain;
      QTest::newRow((std::string("quadruped ") + terrain).c_str()) << quint64(4) << 2 << terrain;
      QTest::newRow((std::string("hexapod seed 7 ") + terrain).c_str()) << quint64(7) << 3 << terrain;
      QTest::newRow((std::string("eight legs ") + terrain).c_str()) << quint64(11) << 4 << terrain;
    }
  }
  void walksOnPlantedFeet() {
    QFETCH(quint64, seed);
    QFETCH(int, pairs);
    QFETCH(QString, terrain);
    const Creature creature = generateCreature({CreatureType::Walk, seed, pairs});
    const std::optional<Heightfield> ground = terrainFromSpec(terrain.toStdString());
    QVERIFY(ground.has_value());
    const Heightfield* field = terrain == "flat" ? nullptr : &*ground;
    const Walk walk = walkCreature(creature, field);
    QVERIFY(walk.finite);
    // The contact rules are human-sized (5 cm above the floor, gaps of 0.12 s): scaled to the
    // creature's legs against a 0.9 m human leg, so an insect's quick low swings are not read
    // as standing.
    double legs = 0;
    for (const CreatureLimb& l : creature.limbs) legs += l.kind == LimbKind::Leg ? l.length / creature.legCount() : 0;
    const ContactRules rules = contactRulesForLegs(legs);
    const MotionContacts contacts = measureMotionContacts(walk.toes, 60.0, field, rules);
    QVERIFY(contacts.midSkateMedian.has_value());
    qInfo("%s: %d legs, base speed %.2f m/s, %d stances, mid-stance skate %.3f mm, toe skate %.3f mm, "
          "%d strikes, straight %.2f m from 2 s to 8 s",
          qPrintable(terrain), creature.legCount(), creature.baseSpeed, contacts.stances,
          *contacts.midSkateMedian * 1000, *contacts.skateMedian * 1000, walk.strikes, walk.straightDistance);
    QVERIFY(*contacts.midSkateMedian <= 0.001);
    QVERIFY(lowest(walk.toes, field) <= 0.001);
    QVERIFY(lowest(walk.ankles, field) <= 0.001);
    for (const FootContacts& foot : contacts.feet) QVERIFY(foot.stances.size() >= 4);
    QVERIFY(std::abs(walk.straightDistance - 6 * creature.baseSpeed) < 0.01 * 6 * creature.baseSpeed);
    QVERIFY(std::abs(walk.strikes - contacts.stances) <= 2 * creature.legCount());
    QVERIFY(walk.standsStill);
    // Starting, turning and on bumps the body keeps its height: no foot trails so far behind
    // that the body must crouch to keep it down (it did by 32-46 % starting up, before the first
    // group lifted at once from rest). On bumps (0-10 cm) the body's spring follows the feet's
    // ground and the measure takes the ground under the ankles, so half the relief is allowed.
    const double restHeight = gaitRigOf(creature).restPositions[creature.spine[creature.rootSpineIndex]].y;
    qInfo("deepest sag %.1f %% of the rest height %.3f m, at %.2f s", 100 * walk.deepestSag / restHeight, restHeight,
          walk.deepestSagAt);
    QVERIFY2(walk.deepestSag < 0.1 * restHeight + (field ? 0.05 : 0.0), qPrintable(QString::number(walk.deepestSag / restHeight)));
    // Breathing: over 3.5 s of standing (a breath lasts at most 3.5 s) the root rises and falls
    // by its amplitude while the feet stand still.
    const CreatureGaitRig rig = gaitRigOf(creature);
    QVERIFY(walk.breathHigh - walk.breathLow >= 1.9 * rig.breathAmplitude);
    QVERIFY(walk.breathHigh - walk.breathLow <= 2.1 * rig.breathAmplitude + 0.001);
    if (rig.tail.size() >= 2) {  // a tail of one joint barely moves
      QVERIFY(std::abs(walk.tailStraight) < 0.02 * creature.length);
      QVERIFY2(walk.tailTurning > walk.tailStraight + 0.01 * creature.length,
               qPrintable(QString("%1 turning, %2 straight").arg(walk.tailTurning).arg(walk.tailStraight)));
    }
    QVERIFY2(walk.balancedFrames >= 0.95 * walk.standingFrames,
             qPrintable(QString("%1 of %2 standing frames over the feet").arg(walk.balancedFrames).arg(walk.standingFrames)));
  }

  void badRigsAreNamed() {
    CreatureGaitRig rig = gaitRigOf(generateCreature({CreatureType::Walk, 4, 2}));
    QVERIFY(rig.validate().empty());
    rig.legs[1].knee = rig.legs[1].hip;
    QCOMPARE(QString::fromStdString(rig.validate()), QString("leg 1: joints repeat"));
    rig = gaitRigOf(generateCreature({CreatureType::Walk, 4, 2}));
    rig.baseSpeed = 0;
    QCOMPARE(QString::fromStdString(rig.validate()), QString("base speed must be positive"));
    CreatureGait dropped(rig);  // an unusable rig plays nothing, and nothing breaks
    dropped.update(1.0f / 60, {0, 0, 1}, 0, nullptr);
    QVERIFY(dropped.positions().empty());
    QVERIFY(std::isfinite(dropped.position().z) && dropped.position().z > 0);
  }

  void wildRequestsStayFinite() {
    const Creature creature = generateCreature({CreatureType::Walk, 7, 3});
    CreatureGait gait(gaitRigOf(creature));
    gait.reset({0, 0, 0}, 0, nullptr);
    const float nan = std::nanf("");
    for (int i = 0; i < 30; ++i) gait.update(nan, {nan, 0, INFINITY}, nan, nullptr);
    for (const Float3& p : gait.positions()) QVERIFY(isFinite(p));
    QCOMPARE(gait.position().x, 0.0f);
    const std::optional<Heightfield> bumps = terrainFromSpec("bumps");
    for (int i = 0; i < 30; ++i) gait.update(1e30f, {-3e38f, 0, 3e38f}, 1e30f, &*bumps);
    for (const Float3& p : gait.positions()) QVERIFY(isFinite(p));
    for (const Quaternion& q : gait.rotations()) QVERIFY(isFinite(q));
  }
};

QTEST_GUILESS_MAIN(TestCreatureGait)
#include "test_creature_gait.moc"
