// The game steering the character away from the clips' own motion (Player::setSteering): from
// forward-walk data only, the character side-steps, walks backwards, turns on the spot and
// stops, and the leg layer plants the feet where the steered character stands (issue 12
// quality: feet never swap sides; planted feet hold; legs within reach; never NaN).
#include <QtTest/QtTest>

#include <cmath>

#include "leg_layer_fixtures.h"
#include "skippable_test_main.h"

using namespace fatgraph;
using namespace fatgraph::test;

Q_DECLARE_METATYPE(fatgraph::test::Creature)

class TestLegLayerSteering : public QObject {
  Q_OBJECT
 private slots:
  void steeredWalks_data() {
    QTest::addColumn<Creature>("creature");
    QTest::addColumn<float>("vx");    // m/s, left
    QTest::addColumn<float>("vz");    // m/s, forward
    QTest::addColumn<float>("turn");  // rad/s, left
    QTest::addColumn<QString>("terrain");
    // The outsider's measure of the played feet (motion_contacts.h), as measured 2026-12-07 on
    // flat ground and bumps alike: its stances and its mid-stance skate median (mm). A stop's
    // last steps are the only stances it has (the layer's own count can be 0 there).
    QTest::addColumn<int>("stancesMeasured");
    QTest::addColumn<double>("midSkateMeasuredMm");
    for (const char* ground : {"flat", "bumps"}) {
      const QString t = QString::fromLatin1(ground);
      auto row = [&](const char* what, Creature c, float vx, float vz, float w, int stances, double midSkate) {
        QTest::newRow(qPrintable(QString("%1 %2 %3").arg(creatureName(c), what, t)))
            << c << vx << vz << w << t << stances << midSkate;
      };
      row("side-step left", Creature::Biped, 0.5f, 0.0f, 0.0f, 11, 0.0);
      row("side-step right", Creature::Biped, -0.5f, 0.0f, 0.0f, 11, 0.0);
      row("backwards", Creature::Biped, 0.0f, -0.6f, 0.0f, 12, 0.0);
      row("turn on the spot left", Creature::Biped, 0.0f, 0.0f, 1.2f, 11, 0.0);
      row("turn on the spot right", Creature::Biped, 0.0f, 0.0f, -1.2f, 11, 0.0);
      row("stop", Creature::Biped, 0.0f, 0.0f, 0.0f, 3, 2.03);
      row("turn on the spot", Creature::Quadruped, 0.0f, 0.0f, 0.6f, 29, 0.0);
      row("stop", Creature::Quadruped, 0.0f, 0.0f, 0.0f, 5, 0.003);
      row("turn on the spot", Creature::Hexapod, 0.0f, 0.0f, -1.0f, 57, 0.0);
      row("stop", Creature::Hexapod, 0.0f, 0.0f, 0.0f, 6, 0.001);
    }
  }

  void steeredWalks() {
    QFETCH(Creature, creature);
    QFETCH(float, vx);
    QFETCH(float, vz);
    QFETCH(float, turn);
    QFETCH(QString, terrain);
    QFETCH(int, stancesMeasured);
    QFETCH(double, midSkateMeasuredMm);
    const SyntheticMotion m = creatureWalk(creature);
    const LegGraph g = syntheticLegGraph(m);
    QVERIFY(g.graph.edges[0].locomotion.enabled);
    std::string error;
    const std::optional<Heightfield> ground = terrainFromSpec(terrain.toStdString(), &error);
    QVERIFY2(ground, error.c_str());
    PlayerOptions options;
    options.start = g.start;
    Player player(g.graph, options);
    player.setTerrain(&*ground);
    // Walk normally for a second, then steer.
    for (int f = 0; f < 30; ++f) player.update(1.0f / 30.0f, 0, 0);
    const CharacterFrame before = player.character();
    PlayerSteering steer;
    steer.enabled = true;
    steer.velocity[0] = vx;
    steer.velocity[1] = vz;
    steer.turnRate = turn;
    player.setSteering(steer);

    // Mirror pairs by name: Left... with Right... (a quadruped's front pair, its hind pair).
    std::vector<std::pair<int, int>> pairs;
    for (std::size_t l = 0; l < g.graph.legs.size(); ++l) {
      const std::string& name = g.graph.legs[l].name;
      if (name.rfind("Left", 0) != 0) continue;
      for (std::size_t k = 0; k < g.graph.legs.size(); ++k)
        if (g.graph.legs[k].name == "Right" + name.substr(4))
          pairs.emplace_back(static_cast<int>(l), static_cast<int>(k));
    }
    QCOMPARE(2 * pairs.size(), g.graph.legs.size());
    const int frames = 180;
    const LegMetrics r = playAndMeasure(player, g.graph, &*ground, frames, 0, 0, 15);
    QVERIFY(finitePose(player));

    // Where the steering took the character (the chord of its arc, in the start's frame).
    const double seconds = frames / 30.0;
    const double yawChange = wrapAngle(player.character().yaw - before.yaw);
    QVERIFY2(std::abs(yawChange - wrapAngle(turn * seconds)) < 0.05,
             qPrintable(QString("yaw change %1").arg(yawChange)));
    if (turn == 0.0f) {
      const Vec3 moved = yawRotation(-before.yaw) * toEigenDouble(player.character().position - before.position);
      QVERIFY2(std::abs(moved.x() - vx * seconds) < 0.02 && std::abs(moved.z() - vz * seconds) < 0.02,
               qPrintable(QString("moved %1 %2").arg(moved.x()).arg(moved.z())));
    }

    // Feet never swap sides: in the character frame (x = left) each left foot stays left of
    // its right mirror, checked over a further stretch frame by frame.
    float worstSide = 1e9f;
    for (int f = 0; f < 120; ++f) {
      player.update(1.0f / 30.0f, 0, 0);
      QVERIFY(finitePose(player));
      for (const auto& [l, r] : pairs)
        worstSide = std::min(worstSide, player.modelPositions()[g.graph.legs[l].chain.back()].x -
                                            player.modelPositions()[g.graph.legs[r].chain.back()].x);
    }
    qInfo("%s: skate median %.2f mm over %d stances, penetration %.2f mm, overextension %.2f mm, "
          "side gap >= %.3f m, warnings unreachable %d no-ground %d; motion contacts: %d stances, "
          "mid-stance skate median %.3f mm",
          QTest::currentDataTag(), 1e3f * r.medianSkate(), int(r.skates.size()),
          1e3f * r.penetration, 1e3f * r.overextension, worstSide,
          player.legLayer().warnings().unreachable, player.legLayer().warnings().noGround,
          r.contacts.stances, r.contactsMidSkateMm());
    QVERIFY2(worstSide > 0.0f, qPrintable(QString("feet swapped sides: gap %1 m").arg(worstSide)));
    QVERIFY2(r.medianSkate() < 0.005f, qPrintable(QString::number(r.medianSkate())));
    QVERIFY2(r.penetration <= 0.005f, qPrintable(QString::number(r.penetration)));
    QVERIFY2(r.overextension <= 0.001f, qPrintable(QString::number(r.overextension)));
    // The feet as the motion shows them: at least four fifths of the stances measured, and a
    // mid-stance skate within twice the measured figure plus 0.05 mm (NaN without a stance).
    QVERIFY2(r.contacts.stances >= stancesMeasured * 4 / 5, qPrintable(QString::number(r.contacts.stances)));
    QVERIFY2(r.contactsMidSkateMm() < 2 * midSkateMeasuredMm + 0.05, qPrintable(QString::number(r.contactsMidSkateMm())));
  }

  // Unsteered (and steering switched off again) the player follows the clips: the same frames
  // as a player that was never steered.
  void steeringOffFollowsTheClips() {
    const SyntheticMotion m = creatureWalk(Creature::Biped);
    const LegGraph g = syntheticLegGraph(m);
    PlayerOptions options;
    options.start = g.start;
    Player plain(g.graph, options), steered(g.graph, options);
    PlayerSteering off;
    off.enabled = false;
    off.velocity[1] = 3.0f;  // ignored while disabled
    steered.setSteering(off);
    for (int f = 0; f < 90; ++f) {
      plain.update(1.0f / 30.0f, 0, 0);
      steered.update(1.0f / 30.0f, 0, 0);
    }
    QCOMPARE(toEigen(steered.character().position), toEigen(plain.character().position));
    for (int j = 0; j < g.graph.jointCount(); ++j)
      QCOMPARE(toEigen(steered.modelPositions()[j]), toEigen(plain.modelPositions()[j]));
    PlayerSteering nan;
    nan.enabled = true;
    nan.velocity[0] = std::nanf("");
    nan.turnRate = std::numeric_limits<float>::infinity();
    steered.setSteering(nan);
    for (int f = 0; f < 30; ++f) steered.update(1.0f / 30.0f, 0, 0);
    QVERIFY(finitePose(steered));
  }
};

FATGRAPH_SKIPPABLE_TEST_MAIN(TestLegLayerSteering)
#include "test_leg_layer_steering.moc"
