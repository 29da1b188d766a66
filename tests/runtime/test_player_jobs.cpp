// A game that drives a character from the runtime's parts alone (player.h's facade taken
// apart): a LocomotionControl, an EdgeClock and a TransitionState it owns, advanced by the
// clock's and the transition's jobs, then LocalToModelJob and LegLayerJob. The loop below is
// Player::update for a stick and actions; it must give the player's model pose, character
// frame, edge and clock bit for bit, every update, across hubs (both transition blends), on flat
// ground and on bumps. A copied clock and transition state (a rewind point) must play on
// exactly as the original. Velocity requests, steering and stops are the player's business on
// top of these parts and are not repeated here.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <vector>

#include "core/runtime_graph_fixtures.h"
#include "fatgraph/core/param/runtime_graph_builder.h"
#include "fatgraph/runtime/edge_clock.h"
#include "fatgraph/runtime/jobs.h"
#include "fatgraph/runtime/locomotion_control.h"
#include "fatgraph/runtime/player.h"
#include "fatgraph/runtime/transition.h"

using namespace fatgraph;

Q_DECLARE_METATYPE(fatgraph::TransitionBlend)

namespace {

constexpr float kSubStep = 0.25f;         // seconds: the player's longest sub-step
constexpr float kLongestUpdate = 1.0f;    // seconds of play per call
constexpr int kMostHops = 8;              // hubs crossed in one sub-step at most
constexpr float kProbe = 1.0f / 60.0f;    // seconds: the new edge's probed first step

template <typename T>
Span<T> all(std::vector<T>& v) {
  return {v.data(), v.size()};
}
template <typename T>
Span<const T> all(const std::vector<T>& v) {
  return {v.data(), v.size()};
}

template <typename T>
bool sameBits(Span<const T> a, Span<const T> b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}
bool sameBits(const CharacterFrame& a, const CharacterFrame& b) {
  return std::memcmp(&a.position, &b.position, sizeof(Float3)) == 0 && std::memcmp(&a.yaw, &b.yaw, sizeof(float)) == 0;
}

// Everything a game keeps per character, sized once.
struct GameCharacter {
  const RuntimeGraph* graph;
  LocomotionControl control;
  EdgeClock clock, probe;
  TransitionState transition;
  LegLayer legs;
  bool legsOn;
  CharacterFrame frame, animationFrame;
  std::vector<float> rotations, translations;        // the shown pose: 4J, 3A
  std::vector<float> endRotations, endTranslations;  // the pose shown at a hub
  std::vector<float> probeRotations, probeTranslations;
  std::vector<float> jointTranslations, scratch;     // 3J, 7J
  std::vector<int> parents, order;
  std::vector<Quaternion> modelRotations;
  std::vector<Float3> modelPositions;

  GameCharacter(const RuntimeGraph& g, const PlayerOptions& o)
      : graph(&g), control(g, o.velocity), clock(g), probe(g), transition(g, o.transitions), legs(g, o.legs),
        legsOn(o.legs.enabled && !g.legs.empty()), frame(o.start), animationFrame(o.start),
        rotations(4 * g.jointCount()), translations(3 * g.translatedJoints.size()), endRotations(rotations),
        endTranslations(translations), probeRotations(rotations), probeTranslations(translations),
        jointTranslations(restTranslations(g)), scratch(7 * g.jointCount()), parents(g.skeleton.parents),
        order(depthOrder(g.skeleton)), modelRotations(g.jointCount()), modelPositions(g.jointCount()) {}

  void setTerrain(const Terrain* terrain) { legs.setTerrain(terrain); }

  void showPose(Span<float> r, Span<float> t) {
    SampleEdgeClockJob{graph, &clock, r, t}.run();
    ApplyTransitionJob{graph, &transition, r, t}.run();
  }

  void modelPose(float dt, const RootDelta& delta, const RootDelta& animationDelta, bool edgeChanged) {
    KeepShownPoseJob{&transition, all(rotations), all(translations)}.run();
    ScatterTranslationsJob{graph, all(translations), all(jointTranslations)}.run();
    LocalToModelJob{parents, order, all(rotations), all(jointTranslations), all(scratch), all(modelRotations),
                    all(modelPositions)}
        .run();
    if (!legsOn || clock.edge < 0) return;
    LegLayerJob job{&legs, {}, parents, all(modelRotations), all(modelPositions)};
    job.input.edge = clock.edge;
    job.input.referenceTime = clock.time;
    job.input.weights = clock.edgeWeights();
    job.input.dt = dt;
    job.input.character = frame;
    job.input.delta = delta;
    job.input.steered = control.remainderSteers();
    job.input.animationDelta = animationDelta;
    job.input.edgeChanged = edgeChanged;
    job.input.stopping = false;
    job.run();
    frame.position.y = legs.groundHeight();
  }

  void start(int edge) {
    BeginEdgeJob{graph, edge, &clock}.run();
    control.reset();
    control.apply(clock);
    showPose(all(rotations), all(translations));
    legs.reset();
    modelPose(0.0f, {}, {}, false);
  }

  // A hub: the pose shown there, the next edge from the control, the transition started.
  void crossHub() {
    showPose(all(endRotations), all(endTranslations));
    const int from = clock.edge;
    const int next = control.nextEdge(graph->edges[from].toHub);
    BeginEdgeJob{graph, next, &clock}.run();
    control.enterEdge(from, next, clock);
    transition.age = std::numeric_limits<float>::infinity();
    showPose(all(rotations), all(translations));
    if (transition.blend == TransitionBlend::Inertialization) {
      BeginEdgeJob{graph, clock.edge, &probe}.run();
      EdgeWeightsJob{graph, &probe, clock.edgeWeights(), {}}.run();
      RootDelta unused;
      AdvanceEdgeClockJob{graph, kProbe * control.report().cycleRate, &probe, &unused}.run();
      SampleEdgeClockJob{graph, &probe, all(probeRotations), all(probeTranslations)}.run();
    }
    StartTransitionJob{graph, &transition, all(endRotations), all(endTranslations), all(rotations),
                       all(translations), all(probeRotations), all(probeTranslations), kProbe}
        .run();
  }

  void update(float dt, float x, float y, int action) {
    control.requestAction(action);
    control.setStick(x, y);
    const float played = std::isfinite(dt) && dt > 0.0f ? std::min(dt, kLongestUpdate) : 0.0f;
    control.follow(played, clock);
    if (control.needsApply(clock)) control.apply(clock);
    const CharacterFrame before = frame, animationBefore = animationFrame;
    RootDelta delta;
    int advances = 0;
    bool edgeChanged = false;
    for (float remaining = played; remaining > 0.0f && clock.edge >= 0;) {
      float left = std::min(remaining, kSubStep);
      remaining -= left;
      for (int hop = 0; hop < kMostHops && left > 0.0f; ++hop) {
        const float rate = control.report().cycleRate;
        AdvanceEdgeClockJob{graph, left * rate, &clock, &delta}.run();
        ++advances;
        const float unplayed = clock.unplayed / rate;
        animationFrame = applyRootDelta(animationFrame, delta);
        frame = applyRootDelta(frame, delta);
        transition.advance(left - unplayed);
        if (!clock.finished(*graph)) break;
        left = unplayed;
        crossHub();
        edgeChanged = true;
      }
    }
    if (advances > 1) delta = rootDelta(before, frame);
    const RootDelta animationDelta = advances == 0 ? RootDelta{} : rootDelta(animationBefore, animationFrame);
    showPose(all(rotations), all(translations));
    modelPose(played, delta, animationDelta, edgeChanged);
  }
};

struct Stick {
  float x, y;
  int action;
};

// A stick that sweeps the plane at time t, and an action (edges by index, in turn) whenever
// t passes 1.25 s + a multiple of 2.5 s within the update that ends at t.
Stick stickAt(float t, float dt, int edges) {
  const int slot = static_cast<int>(std::floor((t - 1.25f) / 2.5f));
  const int before = static_cast<int>(std::floor((t - dt - 1.25f) / 2.5f));
  const int action = slot != before && slot >= 0 ? slot % edges : -1;
  return {std::sin(0.7f * t), std::cos(0.45f * t), action};
}

}  // namespace

class TestPlayerJobs : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    graph_ = buildRuntimeGraph(test::smallParameterizedWalk14403());
    QCOMPARE(QString::fromStdString(graph_.validate()), QString());
    QVERIFY2(graph_.edges.size() >= 2, "the walk's graph needs two edges or more for transitions between edges");
    QVERIFY(!graph_.legs.empty());
    bumps_ = terrainFromSpec("bumps");
    QVERIFY(bumps_.has_value());
  }

  void theJobsGiveThePlayersPoseBitForBit_data() {
    QTest::addColumn<TransitionBlend>("blend");
    QTest::addColumn<bool>("onBumps");
    QTest::addColumn<bool>("legs");
    QTest::addColumn<float>("dt");
    QTest::newRow("inertialization, flat, 60 Hz") << TransitionBlend::Inertialization << false << true << 1.0f / 60;
    QTest::newRow("inertialization, bumps, 60 Hz") << TransitionBlend::Inertialization << true << true << 1.0f / 60;
    QTest::newRow("decaying offset, bumps, 30 Hz") << TransitionBlend::DecayingOffset << true << true << 1.0f / 30;
    QTest::newRow("no legs, 0.4 s updates (sub-steps)") << TransitionBlend::Inertialization << false << false << 0.4f;
  }
  void theJobsGiveThePlayersPoseBitForBit() {
    QFETCH(TransitionBlend, blend);
    QFETCH(bool, onBumps);
    QFETCH(bool, legs);
    QFETCH(float, dt);
    PlayerOptions options;
    options.transitions = blend;
    options.legs.enabled = legs;
    options.start.position = {0.5f, 0.0f, -1.0f};
    options.start.yaw = 0.3f;
    Player player(graph_, options);
    GameCharacter game(graph_, options);
    const Terrain* terrain = onBumps ? &*bumps_ : nullptr;
    player.setTerrain(terrain);
    game.setTerrain(terrain);
    player.reset();
    game.start(graph_.startEdge);
    const int updates = static_cast<int>(10.0f / dt);
    int edgesSeen = 0, lastEdge = -1;
    for (int u = 0; u <= updates; ++u) {
      if (u > 0) {
        const Stick s = stickAt(u * dt, dt, static_cast<int>(graph_.edges.size()));
        player.update(dt, s.x, s.y, s.action);
        game.update(dt, s.x, s.y, s.action);
      }
      QVERIFY2(player.currentEdge() == game.clock.edge && player.referenceTime() == game.clock.time,
               qPrintable(QString("update %1: edge %2 T %3, the jobs' edge %4 T %5")
                              .arg(u).arg(player.currentEdge()).arg(player.referenceTime())
                              .arg(game.clock.edge).arg(game.clock.time)));
      QVERIFY2(sameBits(player.weights(), game.clock.edgeWeights()), qPrintable(QString("update %1: weights").arg(u)));
      QVERIFY2(sameBits(player.modelRotations(), all(std::as_const(game.modelRotations))) &&
                   sameBits(player.modelPositions(), all(std::as_const(game.modelPositions))),
               qPrintable(QString("update %1: the model pose differs").arg(u)));
      QVERIFY2(sameBits(player.character(), game.frame), qPrintable(QString("update %1: the character frame").arg(u)));
      if (player.currentEdge() != lastEdge) ++edgesSeen, lastEdge = player.currentEdge();
    }
    QVERIFY2(player.transitionCount() >= 5, qPrintable(QString::number(player.transitionCount())));
    QVERIFY2(edgesSeen >= 3, "the actions must take the player across edges");
  }

  // A copy of the parts' state is a point to come back to: restored into a second game
  // character, the next second plays exactly as the original's.
  void aCopiedStatePlaysOnExactly() {
    PlayerOptions options;
    GameCharacter a(graph_, options), b(graph_, options);
    a.start(graph_.startEdge);
    b.start(graph_.startEdge);
    for (int u = 1; u <= 150; ++u) {
      const Stick s = stickAt(u / 60.0f, 1.0f / 60, static_cast<int>(graph_.edges.size()));
      a.update(1.0f / 60, s.x, s.y, s.action);
    }
    b.clock = a.clock;
    b.transition = a.transition;
    b.control = a.control;
    b.legs = a.legs;
    b.frame = a.frame;
    b.animationFrame = a.animationFrame;
    b.rotations = a.rotations;
    b.translations = a.translations;
    for (int u = 151; u <= 210; ++u) {
      const Stick s = stickAt(u / 60.0f, 1.0f / 60, static_cast<int>(graph_.edges.size()));
      a.update(1.0f / 60, s.x, s.y, s.action);
      b.update(1.0f / 60, s.x, s.y, s.action);
      QVERIFY2(sameBits(all(std::as_const(a.modelPositions)), all(std::as_const(b.modelPositions))),
               qPrintable(QString("update %1").arg(u)));
    }
  }

  // The jobs refuse a clock or a transition state sized for another graph, without writing.
  void theJobsRefuseStateThatDoesNotFit() {
    const RuntimeGraph empty;
    EdgeClock unsized;  // no room for any edge's segments
    unsized.edge = 0;
    unsized.segmentCount = static_cast<int>(graph_.edges[0].segments.size());
    RootDelta delta{{1, 2, 3}, 4};
    QVERIFY((!AdvanceEdgeClockJob{&graph_, 0.1f, &unsized, &delta}.validate()));
    QCOMPARE(delta.yaw, 4.0f);
    EdgeClock roomless;
    QVERIFY((!BeginEdgeJob{&graph_, 0, &roomless}.run()));
    QCOMPARE(roomless.edge, -1);
    EdgeClock clock(graph_);
    QVERIFY((BeginEdgeJob{&graph_, 0, &clock}.run()));
    QVERIFY((!AdvanceEdgeClockJob{&graph_, 0.1f, &clock, nullptr}.run()));
    QCOMPARE(clock.time, 0.0f);
    TransitionState other(empty, TransitionBlend::DecayingOffset);
    std::vector<float> r(4 * graph_.jointCount()), t(3 * graph_.translatedJoints.size());
    QVERIFY((!ApplyTransitionJob{&graph_, &other, all(r), all(t)}.validate()));
    QVERIFY((!SampleEdgeClockJob{&graph_, &clock, all(r), Span<float>{}}.run()));
  }

 private:
  RuntimeGraph graph_;
  std::optional<Heightfield> bumps_;
};

QTEST_GUILESS_MAIN(TestPlayerJobs)
#include "test_player_jobs.moc"
