// The creature gait (creature_gait.h) probes the ground under the leg layer's policy, the
// locomotion toolkit's one: a generated quadruped walks across a band of flat ground where the
// terrain answers with a wall, a stair's riser, an overhang or a non-finite hit, and none of
// those answers reaches a foot: every step lands on the ground it knew, the feet and the body
// stay out of the wall's height, every pose value stays finite. The same band answering with a
// 30 degree slope is ground, and the feet do land on it (so the band is crossed and probed).
// Standing up on such a band, the feet stand at the height given to reset().
#include <QtTest>

#include <cmath>
#include <limits>
#include <numbers>

#include "fatgraph/core/creature/creature_generation.h"
#include "fatgraph/runtime/creature_gait.h"
#include "fatgraph/runtime/terrain.h"

using namespace fatgraph;

namespace {

constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// Flat ground at y = 0 with an up normal, except across the band zFrom <= z <= zTo, where every
// ray is answered with `band` (its point moved under the ray, its height times `scale`).
class Band final : public Terrain {
 public:
  Band(float zFrom, float zTo, TerrainHit band, float scale = 1.0f)
      : zFrom_(zFrom), zTo_(zTo), band_(band), scale_(scale) {}
  TerrainHit raycast(const Float3& origin, const Float3& /*direction*/, float /*maxDistance*/) const override {
    if (!(origin.z >= zFrom_ && origin.z <= zTo_)) return {true, {origin.x, 0, origin.z}, {0, 1, 0}};
    TerrainHit hit = band_;
    if (std::isfinite(hit.point.x)) hit.point.x = origin.x;
    hit.point.y *= scale_;
    hit.point.z = origin.z;
    return hit;
  }

 private:
  float zFrom_, zTo_;
  TerrainHit band_;
  float scale_;
};

Float3 tilted(float degrees) {  // a unit normal `degrees` from up, leaning towards +X
  const double a = degrees * std::numbers::pi / 180.0;
  return {float(std::sin(a)), float(std::cos(a)), 0.0f};
}

// The band's height, in the creature's longest leg lengths: well above any swing.
TerrainHit bandHit(Float3 normal, float height = 1.5f) { return {true, {0, height, 0}, normal}; }

bool finitePose(const CreatureGait& gait) {
  for (const Float3& p : gait.positions())
    if (!isFinite(p)) return false;
  for (const Quaternion& q : gait.rotations())
    if (!isFinite(q)) return false;
  return isFinite(gait.position());
}

}  // namespace

Q_DECLARE_METATYPE(fatgraph::TerrainHit)

class TestCreatureGaitGround : public QObject {
  Q_OBJECT

 private slots:
  void stepsRefuseWallsAndNonFiniteHits_data() {
    QTest::addColumn<TerrainHit>("band");
    QTest::addColumn<bool>("ground");
    QTest::newRow("a vertical wall") << bandHit({1, 0, 0}) << false;
    QTest::newRow("a stair riser, 80.5 degrees") << bandHit(tilted(80.5f)) << false;
    QTest::newRow("61 degrees") << bandHit(tilted(61.0f)) << false;
    QTest::newRow("an overhang") << bandHit({0.6f, -0.8f, 0}) << false;
    QTest::newRow("a NaN height") << bandHit({0, 1, 0}, kNan) << false;
    QTest::newRow("an infinite height") << bandHit({0, 1, 0}, kInf) << false;
    QTest::newRow("a NaN point") << TerrainHit{true, {kNan, kNan, kNan}, {0, 1, 0}} << false;
    QTest::newRow("a NaN normal") << bandHit({kNan, kNan, kNan}) << false;
    QTest::newRow("a normal of no length") << bandHit({0, 0, 0}) << false;
    QTest::newRow("a 30 degree slope is ground") << bandHit(tilted(30.0f)) << true;
  }
  void stepsRefuseWallsAndNonFiniteHits() {
    QFETCH(TerrainHit, band);
    QFETCH(bool, ground);
    const CreatureGaitRig rig = gaitRigOf(generateCreature({CreatureType::Walk, 4, 2}));
    QVERIFY(rig.validate().empty());
    CreatureGait gait(rig);
    // The band lies across the path a second to two and a half seconds ahead.
    const float speed = rig.baseSpeed;
    float legLength = 0;
    for (size_t l = 0; l < rig.legs.size(); ++l) legLength = std::max(legLength, gait.legLength(int(l)));
    const float bandHeight = 1.5f * legLength;
    const Band terrain(1.0f * speed, 2.5f * speed, band, legLength);
    gait.reset({0, 0, 0}, 0, &terrain);
    const int root = 0;
    const float restRoot = rig.restPositions[root].y;
    float highestAnkle = 0, highestRoot = 0;
    int strikesInBand = 0, strikesOnBand = 0, strikesOffGround = 0;
    const float dt = 1.0f / 60;
    for (int frame = 0; frame < 60 * 5; ++frame) {
      gait.update(dt, {0, 0, speed}, 0, &terrain);
      QVERIFY2(finitePose(gait), qPrintable(QString("frame %1").arg(frame)));
      for (const CreatureFootStrike& s : gait.strikes()) {
        const float ankleLift = rig.restPositions[rig.legs[size_t(s.leg)].ankle].y;
        const bool inBand = s.position.z >= 1.0f * speed && s.position.z <= 2.5f * speed;
        strikesInBand += inBand ? 1 : 0;
        if (std::abs(s.position.y - (bandHeight + ankleLift)) < 1e-4f) ++strikesOnBand;
        else if (!(std::abs(s.position.y - ankleLift) < 1e-4f)) ++strikesOffGround;
        if (!ground) QVERIFY(std::abs(s.normal.y - 1.0f) < 1e-6f);
        QVERIFY(isFinite(s.position) && isFinite(s.normal));
      }
      for (const CreatureGaitLeg& leg : rig.legs) highestAnkle = std::max(highestAnkle, gait.positions()[leg.ankle].y);
      highestRoot = std::max(highestRoot, gait.positions()[root].y);
    }
    qInfo("%d strikes in the band, %d on its height (%.3f m), highest ankle %.3f m, root %.3f m (rest %.3f m)",
          strikesInBand, strikesOnBand, bandHeight, highestAnkle, highestRoot, restRoot);
    QVERIFY(strikesInBand >= 4);  // every foot stepped into the band
    QCOMPARE(strikesOffGround, 0);
    if (ground) {
      // The band is probed: the feet that step into it land on its height.
      QVERIFY(strikesOnBand >= 4);
    } else {
      // Refused: every step lands on the flat ground, and no swing or body rises to the band.
      QCOMPARE(strikesOnBand, 0);
      QVERIFY(highestAnkle < 0.5f * bandHeight);
      QVERIFY(highestRoot < restRoot + 0.5f * bandHeight);
    }
  }

  void resetOnRefusedGroundStandsAtTheGivenHeight_data() {
    QTest::addColumn<TerrainHit>("band");
    QTest::newRow("a vertical wall") << bandHit({1, 0, 0});
    QTest::newRow("a NaN height") << bandHit({0, 1, 0}, kNan);
    QTest::newRow("no hit") << TerrainHit{};
  }
  void resetOnRefusedGroundStandsAtTheGivenHeight() {
    QFETCH(TerrainHit, band);
    const CreatureGaitRig rig = gaitRigOf(generateCreature({CreatureType::Walk, 4, 2}));
    CreatureGait gait(rig);
    const Band terrain(-100.0f, 100.0f, band);  // everywhere
    const float given = 0.25f;
    gait.reset({1.0f, given, -2.0f}, 0.3f, &terrain);
    QVERIFY(finitePose(gait));
    QVERIFY(std::abs(gait.position().y - given) < 1e-5f);
    for (int frame = 0; frame < 60; ++frame) {
      gait.update(1.0f / 60, {0, 0, 0}, 0, &terrain);
      QVERIFY(finitePose(gait));
      for (size_t l = 0; l < rig.legs.size(); ++l) {
        QVERIFY(gait.planted(int(l)));
        const float ankleLift = rig.restPositions[rig.legs[l].ankle].y;
        QVERIFY2(std::abs(gait.positions()[rig.legs[l].ankle].y - (given + ankleLift)) < 2e-3f,
                 qPrintable(QString("leg %1: ankle at %2").arg(l).arg(gait.positions()[rig.legs[l].ankle].y)));
      }
    }
  }
};

QTEST_GUILESS_MAIN(TestCreatureGaitGround)
#include "test_creature_gait_ground.moc"
