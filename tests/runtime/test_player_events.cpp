// The player's events (player_events.h): on the synthetic biped, quadruped and hexapod walking
// on flat ground, a slope and bumps, every leg's strikes and foot-offs alternate,
// come once per gait cycle, a stride apart, and each strike's footprint is where the foot
// measured from the played pose then stands, on the ground, with the ground's normal; hubs
// reached and edges started follow the player's transitions; updates allocate nothing; a full
// buffer counts what it drops.
#include <QtTest/QtTest>

#include <cmath>

#include "counting_allocator.h"
#include "leg_layer_fixtures.h"
#include "skippable_test_main.h"

using namespace fatgraph;
using namespace fatgraph::test;

Q_DECLARE_METATYPE(fatgraph::test::Creature)

namespace {

struct Strike {
  PlayerEvent event;
  Vec3f measured;  // the leg's footbase measured from the pose of the same update (world)
};

// A player at the start of the walk's one looping edge (`g` must outlive it).
Player playerOn(const LegGraph& g) {
  PlayerOptions options;
  options.start = g.start;
  return Player(g.graph, options);
}

}  // namespace

class TestPlayerEvents : public QObject {
  Q_OBJECT
 private slots:
  void footEventsAreThePlayedSteps_data() {
    QTest::addColumn<Creature>("creature");
    QTest::addColumn<QString>("terrain");
    for (const Creature c : {Creature::Biped, Creature::Quadruped, Creature::Hexapod})
      for (const char* t : {"flat", "slope15", "bumps"})
        QTest::newRow(qPrintable(QString("%1 %2").arg(creatureName(c), t))) << c << QString(t);
  }
  void footEventsAreThePlayedSteps() {
    QFETCH(Creature, creature);
    QFETCH(QString, terrain);
    const SyntheticMotion m = creatureWalk(creature);
    const LegGraph g = syntheticLegGraph(m);
    QVERIFY(g.graph.edges[0].locomotion.enabled);
    const std::optional<Heightfield> ground = terrainFromSpec(terrain.toStdString());
    QVERIFY(ground.has_value());
    Player player = playerOn(g);
    player.setTerrain(&*ground);
    const int cycles = 8, perCycle = cycleFrames(m);
    const std::size_t legs = g.graph.legs.size();
    std::vector<std::vector<Strike>> strikes(legs);
    std::vector<std::vector<PlayerEventKind>> order(legs);
    for (int f = 0; f < cycles * perCycle; ++f) {
      player.update(1.0f / 30.0f, 0, 0);
      QCOMPARE(player.droppedEvents(), 0);
      for (const PlayerEvent& e : player.events()) {
        if (e.leg < 0) continue;
        QVERIFY(e.kind == PlayerEventKind::FootStrike || e.kind == PlayerEventKind::FootOff);
        QVERIFY(std::abs(e.time - player.clock()) < 1e-6);
        order[size_t(e.leg)].push_back(e.kind);
        if (e.kind == PlayerEventKind::FootStrike)
          strikes[size_t(e.leg)].push_back({e, measureFoot(player, g.graph.legs[size_t(e.leg)], &*ground).footbase});
      }
    }
    float worstPlace = 0, worstHeight = 0, worstNormal = 0, worstStride = 0;
    for (std::size_t l = 0; l < legs; ++l) {
      // Down, up, down...: never two strikes or two foot-offs in a row.
      for (std::size_t k = 1; k < order[l].size(); ++k) QVERIFY(order[l][k] != order[l][k - 1]);
      // One strike a cycle, give or take the cycles cut by the start and the end.
      QVERIFY2(std::abs(int(strikes[l].size()) - cycles) <= 1,
               qPrintable(QString("%1: %2 strikes").arg(g.graph.legs[l].name.c_str()).arg(strikes[l].size())));
      for (std::size_t k = 0; k < strikes[l].size(); ++k) {
        const PlayerEvent& e = strikes[l][k].event;
        // The layer fades in over the first cycle (its first target is not yet grounded).
        if (e.time < m.truth.period) continue;
        const Vec3f at = toEigen(e.position);
        const Vec3f measured = strikes[l][k].measured;
        worstPlace = std::max(worstPlace, (at - measured).norm());
        if (qEnvironmentVariableIsSet("EVENTS_DEBUG"))
          qInfo("leg %zu strike %zu t %.3f: event (%.3f %.3f %.3f) measured (%.3f %.3f %.3f) ground %.3f", l, k, e.time, at.x(), at.y(), at.z(),
                measured.x(), measured.y(), measured.z(), ground->height(at.x(), at.z()));
        worstHeight = std::max(worstHeight, std::abs(at.y() - ground->height(at.x(), at.z())));
        worstNormal = std::max(worstNormal, (toEigen(e.normal) - toEigen(ground->normal(at.x(), at.z()))).norm());
        if (k > 0 && strikes[l][k - 1].event.time >= m.truth.period) {
          const Vec3f d = at - toEigen(strikes[l][k - 1].event.position);
          const float stride = Vec3f(d.x(), 0.0f, d.z()).norm();
          worstStride = std::max(worstStride, std::abs(stride - float(m.truth.strideLength)) / float(m.truth.strideLength));
        }
      }
    }
    qInfo("%s: %zu legs, strikes per leg %zu; footprint vs measured foot %.2f mm, height above ground %.2f mm, "
          "normal %.3f, stride error %.1f %%",
          QTest::currentDataTag(), legs, strikes[0].size(), 1e3 * worstPlace, 1e3 * worstHeight, worstNormal,
          100 * worstStride);
    // The measured footbase balances heel and toe (measureFoot), the layer's is its own
    // target: a few millimetres apart on bumps; the footprint's normal is the ground's under
    // the whole foot, probed where the step was predicted to land (9 degrees off the point
    // normal at worst, on bumps).
    QVERIFY2(worstPlace < 0.01f, qPrintable(QString::number(worstPlace)));
    QVERIFY2(worstHeight < 0.01f, qPrintable(QString::number(worstHeight)));
    QVERIFY2(worstNormal < 0.2f, qPrintable(QString::number(worstNormal)));
    QVERIFY2(worstStride < 0.1f, qPrintable(QString::number(worstStride)));
  }

  // Every hub the clock reaches is reported with the edge it ends, then the edge started
  // there; the start edge is reported at reset; an edge that leads back to itself starts no
  // transition.
  void hubsAndEdgesFollowTheClock() {
    const SyntheticMotion m = creatureWalk(Creature::Biped);
    const LegGraph g = syntheticLegGraph(m);
    Player player = playerOn(g);
    QCOMPARE(int(player.events().size()), 1);
    QCOMPARE(player.events()[0].kind, PlayerEventKind::EdgeStarted);
    QCOMPARE(player.events()[0].edge, g.graph.startEdge);
    int hubs = 0, started = 0, transitions = 0;
    double lastHub = -1;
    for (int f = 0; f < 300; ++f) {
      player.update(1.0f / 30.0f, 0, 0);
      const Span<const PlayerEvent> events = player.events();
      for (std::size_t i = 0; i < events.size(); ++i) {
        const PlayerEvent& e = events[i];
        QVERIFY(e.time <= player.clock() + 1e-9 && e.time > player.clock() - 1.0 / 30.0 - 1e-6);
        if (e.kind == PlayerEventKind::HubReached) {
          ++hubs;
          QCOMPARE(e.hub, g.graph.edges[size_t(e.edge)].toHub);
          if (lastHub >= 0) QVERIFY(std::abs(e.time - lastHub - g.graph.edges[0].referenceDuration) < 0.02);
          lastHub = e.time;
          QVERIFY(i + 1 < events.size() && events[i + 1].kind == PlayerEventKind::EdgeStarted);
        }
        if (e.kind == PlayerEventKind::EdgeStarted) ++started;
        if (e.kind == PlayerEventKind::TransitionStarted) ++transitions;
      }
    }
    QCOMPARE(hubs, player.transitionCount());
    QVERIFY(hubs >= 8);
    QCOMPARE(started, hubs);
    QCOMPARE(transitions, 0);  // one edge looping: the same motion goes on
    player.reset();
    QCOMPARE(int(player.events().size()), 1);
    QCOMPARE(player.clock(), 0.0);
  }

  void updatesDoNotAllocate() {
    const SyntheticMotion m = creatureWalk(Creature::Quadruped);
    const LegGraph g = syntheticLegGraph(m);
    Player player = playerOn(g);
    int events = 0;
    counting::allocations = 0;
    counting::countingAllocations = true;
    for (int f = 0; f < 200; ++f) {
      player.update(1.0f / 30.0f, 0, 0);
      events += static_cast<int>(player.events().size());
    }
    counting::countingAllocations = false;
    QCOMPARE(counting::allocations.load(), 0L);
    QVERIFY(events > 20);
  }

  void aFullBufferCountsWhatItDrops() {
    PlayerEventBuffer buffer;
    for (int i = 0; i < kMaxPlayerEvents + 6; ++i) {
      PlayerEvent e;
      e.leg = i;
      buffer.push(e);
    }
    QCOMPARE(int(buffer.view().size()), kMaxPlayerEvents);
    QCOMPARE(buffer.view()[kMaxPlayerEvents - 1].leg, kMaxPlayerEvents - 1);
    QCOMPARE(buffer.dropped(), 6);
    buffer.clear();
    QVERIFY(buffer.view().empty());
    QCOMPARE(buffer.dropped(), 0);
    QCOMPARE(std::string(playerEventName(PlayerEventKind::FootStrike)), std::string("foot_strike"));
    QCOMPARE(std::string(playerEventName(PlayerEventKind::TransitionStarted)), std::string("transition_started"));
  }
};

FATGRAPH_SKIPPABLE_TEST_MAIN(TestPlayerEvents)
#include "test_player_events.moc"
