// Stopping on the graph's idle edge (issue 26 item 1; Player::stopping()): a synthetic biped's
// walk and a standing take of its hub pose share one hub. Asked to stop with the hub within
// VelocityControlSettings::idleReachSeconds, the player walks on to the hub with its feet
// stepping as the clips do, takes the idle edge and stands there with the clock running; asked
// to walk again it leaves at the idle edge's end. Without an idle edge (or with the reach at 0)
// the stop parks the legs and freezes the clock as before. Judged from the played motion: the
// character's ground travel and the feet's world paths.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/runtime_graph_fixtures.h"
#include "fatgraph/core/locomotion/motion_contacts.h"
#include "fatgraph/core/model/runtime_skeleton.h"
#include "fatgraph/runtime/joystick_mapping.h"
#include "fatgraph/runtime/velocity_space.h"
#include "leg_layer_fixtures.h"
#include "skippable_test_main.h"

using namespace fatgraph;
using namespace fatgraph::test;

namespace {

constexpr float kDt = 1.0f / 60.0f;

// The biped's walk clip with `seconds` of its hub pose (frame `hub`) held still appended, and
// a graph of two edges on one hub: 0 the walk cycle [hub, hub + cycle], 1 the held pose.
struct IdleGraph {
  SyntheticMotion motion;
  RuntimeGraph graph;
  CharacterFrame start;
};

IdleGraph idleGraph(float seconds) {
  IdleGraph out{creatureWalk(Creature::Biped), {}, {}};
  Clip& clip = out.motion.clip;
  const int n = cycleFrames(out.motion);
  const int walkFrames = clip.frameCount();
  const int held = static_cast<int>(std::lround(seconds * clip.fps));
  const std::vector<Quat> r(clip.frameRotations(n).begin(), clip.frameRotations(n).end());
  const std::vector<Vec3> t(clip.frameTranslations(n).begin(), clip.frameTranslations(n).end());
  for (int f = 0; f < held; ++f) {
    clip.rotations.insert(clip.rotations.end(), r.begin(), r.end());
    clip.translations.insert(clip.translations.end(), t.begin(), t.end());
  }
  out.graph = loopGraph(out.motion.skeleton, {clip}, {{{n, 2 * n}}, {{walkFrames, walkFrames + held - 1}}});
  const LegSetup setup = detectLegs(out.motion.skeleton, &clip);
  out.graph.legs = runtimeLegs(setup);
  const std::vector<CycleAnalysis> cycles{analyzeCycle(out.motion.skeleton, clip, n, 2 * n, setup)};
  applyLocomotion(out.graph, out.graph.edges[0], cycles, true);
  applyLocomotion(out.graph, out.graph.edges[1], cycles, false);
  out.graph.hubs[0].defaultEdge = 0;
  out.graph.startEdge = 0;
  out.graph.edges[1].idle = true;
  out.start = segmentStartFrame(out.motion.skeleton, clip, n);
  return out;
}

float walkSpeed(const RuntimeGraph& graph) {
  const VelocitySpace space(graph);
  const PlanarVelocity v = space.at(0, joystickPlanePoint(graph.edges[0].joystick, 0.0f, 0.0f));
  return std::hypot(v.velocity.x, v.velocity.y);
}

struct Run {
  std::vector<CharacterFrame> frames;
  std::vector<int> edges;
  std::vector<unsigned char> idleReported, standing;
  std::vector<std::vector<Vec3>> feet;  // per leg its foot point's world path
  bool finite = true;
};

// Walks at the walk's own speed for `walkSeconds`, asks for nothing until `restart`, then
// walks again until `end`.
Run play(const IdleGraph& g, const PlayerOptions& options, float walkSeconds, float restart, float end) {
  Run run;
  Player player(g.graph, options);
  const float speed = walkSpeed(g.graph);
  const std::vector<int> feet = footPointJoints(toAuthoringSkeleton(g.graph.skeleton), g.graph.legs);
  run.feet.resize(feet.size());
  for (float t = 0; t < end; t += kDt) {
    const bool walking = t < walkSeconds || t >= restart;
    player.setDesiredVelocity({0.0f, walking ? speed : 0.0f}, 0.0f);
    player.update(kDt, 0, 0);
    run.frames.push_back(player.character());
    run.edges.push_back(player.currentEdge());
    run.idleReported.push_back(player.velocityControl().idle);
    run.standing.push_back(player.standing());
    run.finite = run.finite && finitePose(player);
    for (std::size_t l = 0; l < feet.size(); ++l) run.feet[l].push_back(worldPosition(player, feet[l]));
  }
  return run;
}

double travel(const Run& run, float from, float to) {
  const CharacterFrame& a = run.frames[std::size_t(from / kDt)];
  const CharacterFrame& b = run.frames[std::size_t(to / kDt)];
  return std::hypot(b.position.x - a.position.x, b.position.z - a.position.z);
}

int firstFrame(const std::vector<int>& edges, int edge, float from) {
  for (std::size_t f = std::size_t(from / kDt); f < edges.size(); ++f)
    if (edges[f] == edge) return static_cast<int>(f);
  return -1;
}

}  // namespace

class TestPlayerIdle : public QObject {
  Q_OBJECT
 private slots:
  // Stop on the idle edge: reached within the walk edge's own duration of the release, the
  // character still on it (< 1 cm over its last second), the clock running (never standing()),
  // the feet planted while walking on to the hub (mid-stance skate <= 2 mm by the motion's own
  // contacts, over the stances that reach past the release); walking again leaves the idle edge at its end at the asked speed.
  void stopsOnTheIdleEdge() {
    const IdleGraph g = idleGraph(2.0f);
    PlayerOptions options;
    options.start = g.start;
    // 2.3 s: 0.9 s before the walk edge's third pass ends, so it walks on for most of a cycle.
    const float release = 2.3f, restart = 5.0f, end = 9.0f;
    const Run run = play(g, options, release, restart, end);
    QVERIFY(run.finite);
    const int idleAt = firstFrame(run.edges, 1, release);
    QVERIFY2(idleAt >= 0, "the idle edge was never taken");
    const float reached = idleAt * kDt - release;
    const float cycle = g.graph.edges[0].referenceDuration;
    const double still = travel(run, restart - 1.0f, restart - kDt);
    int standingFrames = 0, idleFrames = 0;
    for (std::size_t f = std::size_t(release / kDt); f < std::size_t(restart / kDt); ++f) {
      standingFrames += run.standing[f];
      idleFrames += run.idleReported[f];
    }
    const int walkAgain = firstFrame(run.edges, 0, restart);
    const double speed = travel(run, end - 1.5f, end - kDt) / (1.5 - kDt);
    const MotionContacts contacts = measureMotionContacts(run.feet, 1.0 / kDt);
    double skate = 0;
    int stances = 0;
    for (const FootContacts& foot : contacts.feet)
      for (const FootStance& s : foot.stances)
        if (s.last * kDt >= release && s.first < idleAt) skate = std::max(skate, s.midSkate), ++stances;
    qInfo("idle edge reached %.2f s after the release (walk edge %.2f s); travel over the last idle second "
          "%.1f mm; standing() on %d frames; %d stances walking on to the hub, mid-stance skate <= %.2f mm; "
          "walking again at %.2f s, %.3f m/s (asked %.3f)",
          reached, cycle, 1e3 * still, standingFrames, stances, 1e3 * skate,
          walkAgain < 0 ? -1.0 : walkAgain * kDt, speed, walkSpeed(g.graph));
    QVERIFY2(reached <= cycle + kDt, qPrintable(QString::number(reached)));
    QVERIFY2(still < 0.01, qPrintable(QString::number(still)));
    QCOMPARE(standingFrames, 0);
    QVERIFY(idleFrames > 0);
    QVERIFY(stances >= 2);
    // 2 mm: a foot standing through the hand-over to the idle edge's ground following moves
    // from its footprint to the clip's own foot while the layer fades (1.3 mm here).
    QVERIFY2(skate <= 0.002, qPrintable(QString::number(skate)));
    QVERIFY(walkAgain >= 0);
    QVERIFY2(walkAgain * kDt <= restart + 2.0f + 2 * kDt, "left the idle edge after its end");
    QVERIFY2(std::abs(speed - walkSpeed(g.graph)) < 0.1 * walkSpeed(g.graph), qPrintable(QString::number(speed)));
  }

  // Without an idle edge, or with idleReachSeconds 0, the stop parks the legs and freezes the
  // clock as before: standing() within a gait cycle, the idle edge never taken.
  void parksWithoutIdle_data() {
    QTest::addColumn<bool>("idleEdge");
    QTest::addColumn<float>("reach");
    QTest::newRow("no idle edge") << false << 1.5f;
    QTest::newRow("reach 0") << true << 0.0f;
  }
  void parksWithoutIdle() {
    QFETCH(bool, idleEdge);
    QFETCH(float, reach);
    IdleGraph g = idleGraph(2.0f);
    g.graph.edges[1].idle = idleEdge;
    PlayerOptions options;
    options.start = g.start;
    options.velocity.idleReachSeconds = reach;
    const float release = 2.3f;
    const Run run = play(g, options, release, 5.0f, 5.5f);
    QVERIFY(run.finite);
    int standAt = -1;
    for (std::size_t f = std::size_t(release / kDt); f < run.standing.size() && standAt < 0; ++f)
      if (run.standing[f]) standAt = static_cast<int>(f);
    QVERIFY2(standAt >= 0, "never stood");
    QVERIFY2(standAt * kDt - release <= g.graph.edges[0].referenceDuration, qPrintable(QString::number(standAt * kDt)));
    QCOMPARE(firstFrame(run.edges, 1, release), -1);
  }
};

FATGRAPH_SKIPPABLE_TEST_MAIN(TestPlayerIdle)
#include "test_player_idle.moc"
