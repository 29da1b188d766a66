// The leg layer (runtime/leg_layer.h) on a hand-made standing biped, runtime only: pass-through
// without legs or when disabled, ground following on raised and sloped ground, the changed-
// joint list, a locomotion edge without usable cycles, non-finite input.
#include <QtTest/QtTest>

#include <cmath>

#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/leg_layer.h"
#include "fatgraph/runtime/player.h"

using namespace fatgraph;

namespace {

// Hips 0.9 m up; per side UpLeg, Leg, Foot (0.42 m bones, ankle 0.06 m above the floor), Toe.
// The standing pose's bends about x: thigh, knee, ankle (the foot ends level).
constexpr float kThighBend = 0.15f, kKneeBend = -0.3f, kAnkleBend = 0.15f;

// With `feetBeside` each foot is a game rig's IK bone hanging from the hips beside its leg
// (legs.h), placed where the bent shin ends, level.
RuntimeGraph standingGraph(bool withLegs, bool feetBeside = false) {
  RuntimeGraph g;
  RuntimeSkeleton& s = g.skeleton;
  s.addJoint("Hips", -1, {0, 0.9f, 0}, true);
  const Eigen::AngleAxisf thighTurn(kThighBend, Vec3f::UnitX());
  const Vec3f shinEnd = thighTurn * Vec3f(0, -0.42f, 0) +
                        thighTurn * Eigen::AngleAxisf(kKneeBend, Vec3f::UnitX()) * Vec3f(0, -0.42f, 0);
  for (const float side : {1.0f, -1.0f}) {
    const std::string p = side > 0 ? "Left" : "Right";
    const int up = s.addJoint(p + "UpLeg", 0, {0.1f * side, 0, 0}, false);
    const int leg = s.addJoint(p + "Leg", up, {0, -0.42f, 0}, false);
    const int foot = feetBeside ? s.addJoint(p + "Foot", 0, {0.1f * side, shinEnd.y(), shinEnd.z()}, false)
                                : s.addJoint(p + "Foot", leg, {0, -0.42f, 0}, false);
    s.addJoint(p + "Toe", foot, {0, -0.04f, 0.12f}, false);
    if (withLegs) {
      RuntimeLeg l;
      l.name = p;
      l.chain = {up, leg, foot};
      l.heel[1] = -0.06f;
      l.heel[2] = -0.04f;
      l.toeTip[1] = -0.06f;
      l.toeTip[2] = 0.16f;
      l.length = 0.84f;
      l.footLength = 0.2f;
      g.legs.push_back(l);
    }
  }
  const int joints = s.jointCount();
  g.translatedJoints = {0};
  g.fps = 30;
  RuntimeEdge e;
  e.name = "stand";
  e.fromHub = e.toHub = 0;
  e.referenceDuration = 1.0f;
  RuntimeSegment seg;
  seg.frameCount = 31;
  seg.duration = 1.0f;
  // Knees slightly bent: the leg's rest is straight, so bend the knee and counter the hip.
  const Eigen::Quaternionf knee(Eigen::AngleAxisf(kKneeBend, Vec3f::UnitX()));
  const Eigen::Quaternionf thigh(Eigen::AngleAxisf(kThighBend, Vec3f::UnitX()));
  const Eigen::Quaternionf ankle = feetBeside ? Eigen::Quaternionf::Identity()  // level under the hips
                                              : Eigen::Quaternionf(Eigen::AngleAxisf(kAnkleBend, Vec3f::UnitX()));
  std::vector<Eigen::Quaternionf> pose(joints, Eigen::Quaternionf::Identity());
  for (const int side : {1, 5}) {
    pose[side] = thigh;
    pose[side + 1] = knee;
    pose[side + 2] = ankle;
  }
  seg.rotations = 0;
  for (int f = 0; f < seg.frameCount; ++f)
    for (int c = 0; c < 4; ++c)
      for (int j = 0; j < joints; ++j) e.data.push_back(pose[j].coeffs()[c]);
  seg.translations = static_cast<std::uint32_t>(e.data.size());
  const float height = 0.9f - 0.84f * (1.0f - std::cos(0.15f));
  for (int f = 0; f < seg.frameCount; ++f) e.data.insert(e.data.end(), {0.0f, height, 0.0f});
  seg.trajectory = static_cast<std::uint32_t>(e.data.size());
  for (int f = 0; f < seg.frameCount; ++f) e.data.insert(e.data.end(), {0.0f, 0.0f, 0.0f});
  seg.warpX = static_cast<std::uint32_t>(e.data.size());
  e.data.insert(e.data.end(), {0.0f, 1.0f});
  seg.warpY = static_cast<std::uint32_t>(e.data.size());
  e.data.insert(e.data.end(), {0.0f, 1.0f});
  seg.warpKnots = 2;
  e.segments.push_back(seg);
  e.bandSamples = {0.0f, 0.0f};
  g.edges.push_back(e);
  g.hubs.push_back(RuntimeHub{"hub", {0}, 0});
  g.startEdge = 0;
  return g;
}

bool samePose(const Player& a, const Player& b) {
  for (std::size_t j = 0; j < a.modelPositions().size(); ++j)
    if (toEigen(a.modelPositions()[j]) != toEigen(b.modelPositions()[j]) ||
        toEigen(a.modelRotations()[j]).coeffs() != toEigen(b.modelRotations()[j]).coeffs() ||
        toEigen(a.localRotations()[j]).coeffs() != toEigen(b.localRotations()[j]).coeffs() ||
        toEigen(a.localTranslations()[j]) != toEigen(b.localTranslations()[j]))
      return false;
  return true;
}

// Forward kinematics in double, written out here as an independent reference for the player's:
// R_model(j) = R_model(p) R_local(j), x_model(j) = x_model(p) + R_model(p) t_local(j).
std::vector<Eigen::Vector3d> modelPositionsOf(const std::vector<int>& parents, Span<const Quaternion> local,
                                              Span<const Float3> translations) {
  std::vector<Eigen::Quaterniond> r(parents.size());
  std::vector<Eigen::Vector3d> x(parents.size());
  for (std::size_t j = 0; j < parents.size(); ++j) {
    const Eigen::Quaterniond q = toEigenDouble(local[j]);
    const Eigen::Vector3d t = toEigenDouble(translations[j]);
    const int p = parents[j];
    r[j] = p < 0 ? q : r[p] * q;
    x[j] = p < 0 ? t : Eigen::Vector3d(x[p] + r[p] * t);
  }
  return x;
}

Heightfield plane(float height, float slopeZ) {
  std::vector<float> h;
  for (int r = 0; r < 41; ++r)
    for (int c = 0; c < 41; ++c) h.push_back(height + slopeZ * (-10.0f + 0.5f * r));
  return *Heightfield::create(41, 41, 0.5f, -10.0f, -10.0f, std::move(h));
}

}  // namespace

class TestLegLayer : public QObject {
  Q_OBJECT
 private slots:
  void passThroughWithoutLegsOrDisabled() {
    const RuntimeGraph bare = standingGraph(false), legs = standingGraph(true);
    QCOMPARE(bare.validate(), std::string());
    QCOMPARE(legs.validate(), std::string());
    PlayerOptions off;
    off.legs.enabled = false;
    Player a(bare), b(legs, off);
    const Heightfield raised = plane(0.3f, 0.0f);
    b.setTerrain(&raised);
    for (int f = 0; f < 20; ++f) {
      a.update(1.0f / 30.0f, 0, 0);
      b.update(1.0f / 30.0f, 0, 0);
      QVERIFY(samePose(a, b));
      QCOMPARE(b.legLayer().changedJoints().size(), std::size_t(0));
      QCOMPARE(b.character().position.y, 0.0f);
    }
  }

  // Flat ground at y = 0 under a standing (non-locomotion) edge: ground following changes
  // nothing but rounding.
  void groundFollowingOnFlatGroundKeepsThePose() {
    const RuntimeGraph g = standingGraph(true);
    PlayerOptions off;
    off.legs.enabled = false;
    Player a(g), b(g, off);
    for (int f = 0; f < 10; ++f) {
      a.update(1.0f / 30.0f, 0, 0);
      b.update(1.0f / 30.0f, 0, 0);
    }
    for (std::size_t j = 0; j < a.modelPositions().size(); ++j)
      QVERIFY((toEigen(a.modelPositions()[j]) - toEigen(b.modelPositions()[j])).norm() < 1e-5f);
    QCOMPARE(a.legLayer().locomotionWeight(), 0.0f);
    QCOMPARE(a.legLayer().changedJoints().size(), std::size_t(9));  // root + 2 x (hip, knee, ankle, toe)
  }

  // Raised and sloped ground: the character stands at the terrain's height, its feet on it,
  // and the local pose reproduces the adjusted model pose through forward kinematics.
  // Feet beside the legs (IK foot bones hanging from the hips) are moved with the shins' ends:
  // their local translations change with them.
  void groundFollowingOnRaisedAndSlopedGround_data() {
    QTest::addColumn<float>("height");
    QTest::addColumn<float>("slope");
    QTest::addColumn<bool>("feetBeside");
    QTest::newRow("raised") << 0.3f << 0.0f << false;
    QTest::newRow("slope") << 0.0f << 0.25f << false;
    QTest::newRow("raised, feet beside") << 0.3f << 0.0f << true;
    QTest::newRow("slope, feet beside") << 0.0f << 0.25f << true;
  }
  void groundFollowingOnRaisedAndSlopedGround() {
    QFETCH(float, height);
    QFETCH(float, slope);
    QFETCH(bool, feetBeside);
    const RuntimeGraph g = standingGraph(true, feetBeside);
    QCOMPARE(g.validate(), std::string());
    const Heightfield ground = plane(height, slope);
    Player p(g);
    p.setTerrain(&ground);
    for (int f = 0; f < 10; ++f) p.update(1.0f / 30.0f, 0, 0);
    QVERIFY(std::abs(p.character().position.y - height) < 0.01f);
    QCOMPARE(p.legLayer().movedAnkles().size(), feetBeside ? std::size_t(2) : std::size_t(0));
    for (const RuntimeLeg& leg : g.legs) {  // the shin still reaches its foot
      const float shin = (toEigen(p.modelPositions()[leg.chain[2]]) - toEigen(p.modelPositions()[leg.chain[1]])).norm();
      QVERIFY2(std::abs(shin - 0.42f) < 1e-3f, qPrintable(QString::number(shin)));
    }
    const int joints = g.jointCount();
    const std::vector<Eigen::Vector3d> mx =
        modelPositionsOf(g.skeleton.parents, p.localRotations(), p.localTranslations());
    for (int j = 0; j < joints; ++j)
      QVERIFY2((mx[j].cast<float>() - toEigen(p.modelPositions()[j])).norm() < 1e-4f, qPrintable(QString::number(j)));
    for (const RuntimeLeg& leg : g.legs) {
      const int ankle = leg.chain.back();
      const Vec3f heel = toEigen(p.modelPositions()[ankle]) +
                         toEigen(p.modelRotations()[ankle]) * Vec3f(leg.heel[0], leg.heel[1], leg.heel[2]);
      const float y = heel.y() + p.character().position.y;
      QVERIFY2(std::abs(y - ground.height(heel.x(), heel.z())) < 0.01f, qPrintable(QString::number(y)));
    }
  }

  void locomotionWithoutUsableCycles() {
    RuntimeGraph g = standingGraph(true);
    g.edges[0].locomotion.enabled = true;  // but no cycles
    Player p(g);
    for (int f = 0; f < 5; ++f) p.update(1.0f / 30.0f, 0, 0);
    QCOMPARE(p.legLayer().warnings().noStance, 1);
    for (const Float3& x : p.modelPositions()) QVERIFY(isFinite(x));
  }

  void nonFiniteInputPassesThrough() {
    const RuntimeGraph g = standingGraph(true);
    LegLayer layer(g);
    std::vector<Quaternion> r(g.jointCount());
    std::vector<Float3> x(g.jointCount());
    const float w = 1.0f;
    LegLayer::Input in;
    in.edge = 0;
    in.weights = Span<const float>(&w, 1);
    in.dt = std::numeric_limits<float>::infinity();
    layer.apply(in, r, x, g.skeleton.parents);
    QCOMPARE(layer.warnings().invalidInput, 1);
    QCOMPARE(layer.lastWarnings(), 4u);
    for (const Float3& v : x) QVERIFY(v.x == 0.0f && v.y == 0.0f && v.z == 0.0f);
    layer.reset();
    QCOMPARE(layer.warnings().invalidInput, 0);
  }
};

QTEST_GUILESS_MAIN(TestLegLayer)
#include "test_leg_layer.moc"
