// The body over the legs (#26 item 4; leg_layer.h steps 3-5): the body's tilt towards the plane
// of the standing feet, the swinging foot's lift to the ground its neighbours stand on, the
// foot-roll blend that lets a flying foot follow its shin, and the body height's spring over
// stairs. Every figure is measured on the played pose (world joints, terrain heights), each
// against the same run with the part switched off.
#include <QtTest/QtTest>

#include <cmath>
#include <functional>
#include <memory>

#include "leg_layer_fixtures.h"
#include "skippable_test_main.h"

using namespace fatgraph;
using namespace fatgraph::test;

Q_DECLARE_METATYPE(fatgraph::test::Creature)

namespace {

constexpr float kDt = 1.0f / 30.0f;

Vec3f worldJoint(const Player& p, int joint) {
  const CharacterFrame& c = p.character();
  const Eigen::Quaternionf r(Eigen::AngleAxisf(c.yaw, Vec3f::UnitY()));
  return r * toEigen(p.modelPositions()[joint]) + toEigen(c.position);
}

Vec3f forwardOf(const Player& p) {
  return {std::sin(p.character().yaw), 0.0f, std::cos(p.character().yaw)};
}

// The body's pitch from its hips (front hips against hind hips along the heading), radians.
float hipPitch(const Player& p, const RuntimeGraph& g) {
  const Vec3f forward = forwardOf(p);
  Vec3f front = Vec3f::Zero(), back = Vec3f::Zero();
  float frontMost = -1e9f, backMost = 1e9f;
  for (const RuntimeLeg& leg : g.legs) {
    const Vec3f hip = worldJoint(p, leg.chain.front());
    const float along = (hip - toEigen(p.character().position)).dot(forward);
    if (along > frontMost) frontMost = along, front = hip;
    if (along < backMost) backMost = along, back = hip;
  }
  const Vec3f d = front - back;
  return std::atan2(d.y(), std::hypot(d.x(), d.z()));
}

// The terrain's slope along the character's heading under it, radians.
float slopeAlongHeading(const Player& p, const Heightfield& ground) {
  const Vec3f at = toEigen(p.character().position), forward = forwardOf(p);
  const Vec3f a = at + 0.5f * forward, b = at - 0.5f * forward;
  return std::atan2(ground.height(a.x(), a.z()) - ground.height(b.x(), b.z()), 1.0f);
}

// The joint highest above the root in the first pose: the top of the body.
int topJoint(const RuntimeGraph& g, const Player& p) {
  int top = 0;
  for (int j = 0; j < g.jointCount(); ++j)
    if (p.modelPositions()[j].y > p.modelPositions()[top].y) top = j;
  return top;
}

float angleBetween(const Eigen::Quaternionf& a, const Eigen::Quaternionf& b) {
  return 2.0f * std::acos(std::min(1.0f, std::abs(a.dot(b))));
}

// RMS over updates of the third difference of the root's world height, m/s^3.
struct JerkMeter {
  float y[3] = {0, 0, 0};
  int seen = 0;
  double squares = 0;
  int samples = 0;
  void add(float now) {
    if (seen >= 3) {
      const double third = now - 3.0 * y[2] + 3.0 * y[1] - y[0];
      squares += third * third / std::pow(double(kDt), 6.0);
      ++samples;
    }
    y[0] = y[1], y[1] = y[2], y[2] = now;
    seen = std::min(seen + 1, 3);
  }
  double rms() const { return samples ? std::sqrt(squares / samples) : 0.0; }
};

// One synthetic walk played on one terrain preset by two players: `a` with the layer's
// defaults, `b` with `change` applied to its options (the part under test switched off).
struct PairedRun {
  SyntheticMotion motion;
  LegGraph g;
  std::optional<Heightfield> ground;
  std::unique_ptr<Player> a, b;
  PairedRun(Creature creature, const char* terrain, const std::function<void(PlayerOptions&)>& change)
      : motion(creatureWalk(creature)), g(syntheticLegGraph(motion)), ground(terrainFromSpec(terrain)) {
    PlayerOptions first, second;
    first.start = second.start = g.start;
    change(second);
    a = std::make_unique<Player>(g.graph, first);
    b = std::make_unique<Player>(g.graph, second);
    if (ground) {
      a->setTerrain(&*ground);
      b->setTerrain(&*ground);
    }
  }
  PairedRun(const PairedRun&) = delete;
  void update() {
    a->update(kDt, 0, 0);
    b->update(kDt, 0, 0);
  }
};

}  // namespace

class TestLegLayerBody : public QObject {
  Q_OBJECT
 private slots:
  // On slope25 a quadruped's and a hexapod's hips pitch with the slope (their hips span the
  // body's length); with bodyTilt 0 they stay level. A biped's hips sit side by side: its upper
  // body leans less than 3 degrees away from the untilted run's.
  void bodyFollowsTheSlope_data() {
    QTest::addColumn<Creature>("creature");
    QTest::newRow("biped") << Creature::Biped;
    QTest::newRow("quadruped") << Creature::Quadruped;
    QTest::newRow("hexapod") << Creature::Hexapod;
  }
  void bodyFollowsTheSlope() {
    QFETCH(Creature, creature);
    PairedRun run(creature, "slope25", [](PlayerOptions& o) { o.legs.bodyTilt = 0.0f; });
    QVERIFY(run.ground.has_value());
    const Player &tilted = *run.a, &level = *run.b;
    const Heightfield& ground = *run.ground;
    const RuntimeGraph& graph = run.g.graph;
    const int top = topJoint(graph, tilted);
    const int root = 0;
    const int n = cycleFrames(run.motion);
    double pitch = 0, levelPitch = 0, slope = 0, lean = 0;
    int samples = 0;
    for (int f = 0; f < 8 * n; ++f) {
      run.update();
      if (f < 2 * n) continue;
      pitch += hipPitch(tilted, graph);
      levelPitch += hipPitch(level, graph);
      slope += slopeAlongHeading(tilted, ground);
      const Vec3f a = worldJoint(tilted, top) - worldJoint(tilted, root);
      const Vec3f b = worldJoint(level, top) - worldJoint(level, root);
      lean = std::max(lean, double(std::acos(std::clamp(a.normalized().dot(b.normalized()), -1.0f, 1.0f))));
      ++samples;
      QVERIFY(finitePose(tilted));
    }
    pitch /= samples, levelPitch /= samples, slope /= samples;
    qInfo("%s on slope25: slope along the heading %.1f deg, hips pitch %.1f deg (untilted %.1f), "
          "largest lean against the untilted run %.1f deg, unreachable %d",
          creatureName(creature), slope * 57.3, pitch * 57.3, levelPitch * 57.3, lean * 57.3,
          tilted.legLayer().warnings().unreachable);
    QVERIFY2(std::abs(slope) > 0.1, "the walk must cross the slope's fall line");
    QCOMPARE(tilted.legLayer().warnings().unreachable, 0);
    if (creature == Creature::Biped) {
      QVERIFY2(lean < 3.0 / 57.3, qPrintable(QString::number(lean * 57.3)));
      return;
    }
    // Follows at least 60 % of the slope, never beyond it, and the untilted run does not.
    QVERIFY2(pitch * slope > 0 && std::abs(pitch) >= 0.6 * std::abs(slope) &&
                 std::abs(pitch) <= std::abs(slope) + 0.02,
             qPrintable(QString("%1 vs %2").arg(pitch).arg(slope)));
    QVERIFY2(std::abs(levelPitch) < 0.3 * std::abs(slope), qPrintable(QString::number(levelPitch)));
  }

  // Stairs: at mid-flight (flight time 0.45-0.55, lift >= 98.7 % of the way) a swinging foot
  // (its heel measured on the pose: the footbase's end; the toe may point down with the shin)
  // is never below the ground its neighbours support the
  // body on (7.9-7.12, weights h_l): a standing foot's footprint P (grounded by heel and toe
  // rays: on a tread edge the terrain under the footbase point alone may be the lower tread),
  // a swinging one's moving from P to its next footprint N.
  void swingingFootClearsTheNeighboursGround_data() { bodyFollowsTheSlope_data(); }
  void swingingFootClearsTheNeighboursGround() {
    QFETCH(Creature, creature);
    const SyntheticMotion m = creatureWalk(creature);
    const LegGraph g = syntheticLegGraph(m);
    const std::optional<Heightfield> ground = terrainFromSpec("stairs15cm");
    QVERIFY(ground.has_value());
    PlayerOptions options;
    options.start = g.start;
    Player player(g.graph, options);
    player.setTerrain(&*ground);
    const std::size_t legs = g.graph.legs.size();
    float worst = 1e9f;
    int samples = 0, lifted = 0;
    for (int f = 0; f < 300; ++f) {
      player.update(kDt, 0, 0);
      if (f < 30) continue;
      const Span<const LegReport> reports = player.legLayer().legs();
      for (std::size_t l = 0; l < legs; ++l) {
        if (reports[l].flightTime < 0.45f || reports[l].flightTime > 0.55f) continue;
        float weights = 0, height = 0;
        for (std::size_t k = 0; k < legs; ++k) {
          if (k == l) continue;
          const LegReport& r = reports[k];
          const float h = 0.5f * (std::cos(2.0f * 3.14159265f * r.legTime) + 1.0f) + 0.001f;
          const float s = 0.5f * (1.0f - std::cos(3.14159265f * r.flightTime));
          weights += h;
          height += h * (r.planted ? r.previousFootprint.y
                                   : r.previousFootprint.y + s * (r.nextFootprint.y - r.previousFootprint.y));
        }
        if (weights <= 0) continue;
        const float foot = measureFoot(player, g.graph.legs[l], &*ground).heel.y();
        worst = std::min(worst, foot - height / weights);
        ++samples;
        if (reports[l].supportLift > 0.001f) ++lifted;
      }
    }
    qInfo("%s on stairs15cm: %d mid-flight samples, %d lifted towards the neighbours, lowest "
          "heel against their ground %+.1f mm",
          creatureName(creature), samples, lifted, 1e3 * worst);
    QVERIFY(samples >= 10);
    QVERIFY2(worst >= -0.005f, qPrintable(QString::number(worst)));
  }

  // Slope25: at mid-flight (blend >= 0.8) the ankle's local rotation stays near the clip's own (the
  // foot follows the shin, yawed only); without the blend it keeps the ground's tilt. In
  // stance both runs hold the foot on the ground alike.
  void flyingFootFollowsTheShin() {
    const SyntheticMotion m = creatureWalk(Creature::Biped);
    const LegGraph g = syntheticLegGraph(m);
    const std::optional<Heightfield> ground = terrainFromSpec("slope25");
    QVERIFY(ground.has_value());
    PlayerOptions blended, tiltedOnly, clip;
    blended.start = tiltedOnly.start = clip.start = g.start;
    tiltedOnly.legs.flightAlignment = false;
    clip.legs.enabled = false;
    Player a(g.graph, blended), b(g.graph, tiltedOnly), c(g.graph, clip);
    a.setTerrain(&*ground);
    b.setTerrain(&*ground);
    double flightA = 0, flightB = 0;
    int flights = 0;
    for (int f = 0; f < 240; ++f) {
      a.update(kDt, 0, 0);
      b.update(kDt, 0, 0);
      c.update(kDt, 0, 0);
      if (f < 40) continue;
      for (std::size_t l = 0; l < g.graph.legs.size(); ++l) {
        const int ankle = g.graph.legs[l].chain.back();
        const LegReport& r = a.legLayer().legs()[l];
        if (r.flightBlend < 0.8f) continue;
        const Eigen::Quaternionf original = toEigen(c.localRotations()[ankle]);
        flightA += angleBetween(toEigen(a.localRotations()[ankle]), original);
        flightB += angleBetween(toEigen(b.localRotations()[ankle]), original);
        ++flights;
      }
      QVERIFY(finitePose(a));
    }
    QVERIFY2(flights >= 10, qPrintable(QString("%1 samples").arg(flights)));
    flightA /= flights, flightB /= flights;
    qInfo("mid-flight ankle against the clip's: %.1f deg following the shin, %.1f deg tilted to "
          "the ground (%d samples)",
          flightA * 57.3, flightB * 57.3, flights);
    QVERIFY2(flightA < 0.5 * flightB, qPrintable(QString("%1 vs %2").arg(flightA).arg(flightB)));
    QCOMPARE(a.legLayer().warnings().unreachable, 0);
  }

  // Heel and toe of the played pose stay out of every preset's ground, for the synthetic walks
  // with all their parts on (the foot-roll blend's turn included: it carries a flying toe
  // forward, into higher ground on an upward slope). The sample walk, whose stride made the
  // toes reach 25 mm into slope25 before the turned foot was probed wherever it went, is
  // test_cli_play's feetStayOutOfTheGround.
  void feetStayOutOfTheGround_data() {
    QTest::addColumn<Creature>("creature");
    QTest::addColumn<QString>("terrain");
    for (const char* terrain : {"slope15", "slope25", "stairs15cm", "bumps"}) {
      QTest::newRow(qPrintable(QString("biped, %1").arg(terrain))) << Creature::Biped << QString(terrain);
      QTest::newRow(qPrintable(QString("quadruped, %1").arg(terrain))) << Creature::Quadruped << QString(terrain);
    }
  }
  void feetStayOutOfTheGround() {
    QFETCH(Creature, creature);
    QFETCH(QString, terrain);
    const SyntheticMotion m = creatureWalk(creature);
    const LegGraph g = syntheticLegGraph(m);
    const std::optional<Heightfield> ground = terrainFromSpec(terrain.toStdString());
    QVERIFY(ground.has_value());
    PlayerOptions options;
    options.start = g.start;
    Player player(g.graph, options);
    player.setTerrain(&*ground);
    const LegMetrics metrics = playAndMeasure(player, g.graph, &*ground, 240);
    QVERIFY2(metrics.penetration <= 0.001f, qPrintable(QString("%1 mm").arg(1000.0f * metrics.penetration)));
  }

  // Stairs: the body height's spring at least halves the root's vertical jerk of the
  // unsmoothed 7.15-7.17 height, and no leg is left short of its target.
  void bodyHeightIsSmoothOverStairs_data() { bodyFollowsTheSlope_data(); }
  void bodyHeightIsSmoothOverStairs() {
    QFETCH(Creature, creature);
    PairedRun run(creature, "stairs15cm", [](PlayerOptions& o) { o.legs.bodyHeightSeconds = 0.0f; });
    QVERIFY(run.ground.has_value());
    const Player &a = *run.a, &b = *run.b;
    JerkMeter ja, jb;
    for (int f = 0; f < 300; ++f) {
      run.update();
      if (f < 30) continue;
      ja.add(worldJoint(a, 0).y());
      jb.add(worldJoint(b, 0).y());
      QVERIFY(finitePose(a));
    }
    qInfo("%s on stairs15cm: root vertical jerk %.0f m/s^3 with the spring, %.0f without; "
          "unreachable %d",
          creatureName(creature), ja.rms(), jb.rms(), a.legLayer().warnings().unreachable);
    QVERIFY2(ja.rms() <= 0.5 * jb.rms(), qPrintable(QString("%1 vs %2").arg(ja.rms()).arg(jb.rms())));
    QCOMPARE(a.legLayer().warnings().unreachable, 0);
  }
};

FATGRAPH_SKIPPABLE_TEST_MAIN(TestLegLayerBody)
#include "test_leg_layer_body.moc"
