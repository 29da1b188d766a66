// Asking for a velocity (Player::setDesiredVelocity, issue 26 item 2): synthetic gaits of
// known speed and turning on one hub (a walk edge of a slow and a fast walk, a turn edge of a
// left and a right turn, a run edge of two runs, all blended by gradient bands), so every
// request has a right answer: the edge chosen at the hub, the speed the clips themselves
// travel at (the animation frame, not the steered character), the cycle rate within its
// bounds and the remainder moved by steering. The stick and setSteering go the same path.
#include <QtTest>

#include <cmath>
#include <limits>
#include <vector>

#include "counting_allocator.h"
#include "fatgraph/core/param/runtime_graph_builder.h"
#include "fatgraph/core/locomotion/runtime_locomotion.h"
#include "fatgraph/core/model/runtime_skeleton.h"
#include "fatgraph/test_support/synthetic_motion.h"
#include "fatgraph/runtime/player.h"
#include "fatgraph/runtime/velocity_space.h"
#include "skippable_test_main.h"

using namespace fatgraph;

namespace {

constexpr double kFps = 30.0;
constexpr float kDt = 1.0f / 60.0f;

SyntheticWalkParams gait(double period, double stride, double turn, bool run) {
  SyntheticWalkParams p;
  p.period = period;
  p.strideLength = stride;
  p.turningRate = turn;
  p.cycles = 3.0;
  p.fps = kFps;
  if (run) {
    p.dutyFactor = 0.38;
    p.stepHeight = 0.18;
    p.bobAmplitude = 0.04;
  }
  return p;
}

// Hub 0 with three looping edges: walk (1.03 and 1.63 m/s), turns (1 m/s turning 0.6 rad/s
// left and right) and run (3.1 and 3.7 m/s). The walk is the default edge.
struct Gaits {
  RuntimeGraph graph;
  std::vector<SyntheticMotion> motions;

  Gaits() {
    const std::vector<SyntheticWalkParams> params = {
        gait(32 / kFps, 1.1, 0.0, false), gait(24 / kFps, 1.3, 0.0, false),  // walk
        gait(30 / kFps, 1.0, 0.6, false), gait(30 / kFps, 1.0, -0.6, false),  // turns
        gait(21 / kFps, 2.2, 0.0, true), gait(18 / kFps, 2.2, 0.0, true)};    // run
    std::vector<Clip> clips;
    for (const SyntheticWalkParams& p : params) {
      motions.push_back(generateBipedWalk(p));
      clips.push_back(motions.back().clip);
    }
    const Skeleton& skeleton = motions.front().skeleton;
    graph.skeleton = toRuntimeSkeleton(skeleton);
    graph.translatedJoints = runtimeTranslatedJoints(skeleton);
    graph.fps = float(kFps);
    graph.hubs.resize(1);
    graph.hubs[0].name = "hub0";
    const char* names[] = {"walk", "turns", "run"};
    for (int e = 0; e < 3; ++e) {
      RuntimeEdgeSource source;
      source.name = names[e];
      source.fromHub = source.toHub = 0;
      for (int k = 0; k < 2; ++k) {
        const int clip = 2 * e + k;
        const int frames = int(std::lround(params[size_t(clip)].period * kFps));
        source.segments.push_back({clip, frames, 2 * frames, {}});
      }
      RuntimeEdge edge = buildRuntimeEdge(skeleton, clips, kFps, source);
      applyBlendMode(edge, EdgeBlendMode::CartesianBands);
      graph.edges.push_back(edge);
      graph.hubs[0].outgoing.push_back(e);
    }
    graph.hubs[0].defaultEdge = 0;
    graph.startEdge = 0;
  }
};

const Gaits& gaits() {
  static const Gaits g;
  return g;
}

PlayerOptions noLegs() {
  PlayerOptions o;
  o.legs.enabled = false;
  return o;
}

// The clips' own motion (the animation frame) over one whole edge after the first hub: its
// heading-frame velocity and turning rate, as an outsider reads them from the frames.
struct Measured {
  int edge = -1;
  PlanarVelocity animation;  // the clips at the cycle rate
  PlanarVelocity character;  // with the steered remainder
};

PlanarVelocity arcVelocity(const CharacterFrame& a, const CharacterFrame& b, double yaw, double seconds) {
  const double dx = b.position.x - a.position.x, dz = b.position.z - a.position.z;
  // Into a's heading frame, then undo the half turn of the arc's chord.
  const double c0 = std::cos(a.yaw), s0 = std::sin(a.yaw);
  const double lx = c0 * dx - s0 * dz, lz = s0 * dx + c0 * dz;
  const double half = 0.5 * yaw, sinc = std::abs(half) < 1e-9 ? 1.0 : std::sin(half) / half;
  const double c = std::cos(half), s = std::sin(half);
  return {{float((c * lx - s * lz) / (seconds * sinc)), float((s * lx + c * lz) / (seconds * sinc))},
          float(yaw / seconds)};
}

Measured playOneEdge(Player& player) {
  // Up to the first hub, then one whole edge.
  for (int i = 0; i < 600 && player.transitionCount() == 0; ++i) player.update(kDt, 0, 0);
  Measured m;
  m.edge = player.currentEdge();
  const CharacterFrame a0 = player.animationFrame(), c0 = player.character();
  double seconds = 0, animationYaw = 0, characterYaw = 0;
  CharacterFrame a = a0, c = c0;
  for (int i = 0; i < 600 && player.transitionCount() == 1; ++i) {
    player.update(kDt, 0, 0);
    seconds += kDt;
    animationYaw += wrapAngle(player.animationFrame().yaw - a.yaw);
    characterYaw += wrapAngle(player.character().yaw - c.yaw);
    a = player.animationFrame();
    c = player.character();
  }
  m.animation = arcVelocity(a0, a, animationYaw, seconds);
  m.character = arcVelocity(c0, c, characterYaw, seconds);
  return m;
}

float relativeError(const PlanarVelocity& got, const PlanarVelocity& want) {
  const float speed = std::hypot(want.velocity.x, want.velocity.y);
  return std::hypot(got.velocity.x - want.velocity.x, got.velocity.y - want.velocity.y) / std::max(speed, 0.1f);
}

}  // namespace

class TestPlayerVelocity : public QObject {
  Q_OBJECT

 private slots:
  // Measured velocity spaces: each segment's own velocity is in its edge's space, and match()
  // finds a plane point that does it.
  void velocitySpaceHoldsTheGaits() {
    const Gaits& g = gaits();
    const VelocitySpace space(g.graph);
    const Float2 walk = space.speedRange(0), run = space.speedRange(2);
    qInfo("walk %.2f-%.2f m/s, run %.2f-%.2f m/s", walk.x, walk.y, run.x, run.y);
    QVERIFY(walk.x < 1.1f && walk.y > 1.55f);
    QVERIFY(run.x < 3.2f && run.y > 3.6f);
    for (float speed : {1.1f, 1.3f, 1.5f}) {
      const VelocityMatch m = space.match(0, {{0, speed}, 0}, 0.5f);
      QVERIFY2(m.error < 0.03f, qPrintable(QString("%1 m/s: error %2").arg(speed).arg(m.error)));
      const PlanarVelocity again = space.at(0, m.planePoint);
      QCOMPARE(again.velocity.y, m.achieved.velocity.y);
    }
    // Warm-started from the last match, a request drifting across the walk's range is tracked
    // as well as a full scan finds it.
    Float2 from = space.match(0, {{0, 1.1f}, 0}, 0.5f).planePoint;
    for (float speed = 1.1f; speed <= 1.55f; speed += 0.02f) {
      const VelocityMatch warm = space.match(0, {{0, speed}, 0}, 0.5f, &from);
      const VelocityMatch cold = space.match(0, {{0, speed}, 0}, 0.5f);
      QVERIFY2(warm.error <= cold.error + 0.005f,
               qPrintable(QString("%1 m/s: warm %2, cold %3").arg(speed).arg(warm.error).arg(cold.error)));
      from = warm.planePoint;
    }
    const VelocityMatch left = space.match(1, {{0, 1.0f}, 0.6f}, 0.5f);
    QVERIFY2(std::abs(left.achieved.turnRate - 0.6f) < 0.06f, qPrintable(QString::number(left.achieved.turnRate)));
    const VelocityMatch right = space.match(1, {{0, 1.0f}, -0.6f}, 0.5f);
    QVERIFY2(std::abs(right.achieved.turnRate + 0.6f) < 0.06f, qPrintable(QString::number(right.achieved.turnRate)));
  }

  // Requests across the data's range: the hub chooses the edge that does it and the clips
  // themselves travel at it within 10 %; the character, with the remainder, within 2 %.
  void requestsAreMet_data() {
    QTest::addColumn<float>("vx");
    QTest::addColumn<float>("vz");
    QTest::addColumn<float>("turn");
    QTest::addColumn<int>("edge");
    QTest::newRow("slow walk") << 0.0f << 1.0f << 0.0f << 0;
    QTest::newRow("walk 1.3") << 0.0f << 1.3f << 0.0f << 0;
    QTest::newRow("brisk walk, rate") << 0.0f << 1.85f << 0.0f << 0;
    QTest::newRow("turn left") << 0.0f << 1.0f << 0.6f << 1;
    QTest::newRow("turn right") << 0.0f << 1.0f << -0.5f << 1;
    QTest::newRow("run 3.4") << 0.0f << 3.4f << 0.0f << 2;
    QTest::newRow("run 4.2, rate") << 0.0f << 4.2f << 0.0f << 2;
  }
  void requestsAreMet() {
    QFETCH(float, vx);
    QFETCH(float, vz);
    QFETCH(float, turn);
    QFETCH(int, edge);
    const Gaits& g = gaits();
    Player player(g.graph, noLegs());
    player.setDesiredVelocity({vx, vz}, turn);
    const Measured m = playOneEdge(player);
    const PlanarVelocity want{{vx, vz}, turn};
    const VelocityControlReport& r = player.velocityControl();
    qInfo("edge %d rate %.3f: clips (%.3f, %.3f) %.3f rad/s, character (%.3f, %.3f) %.3f rad/s", m.edge, r.cycleRate,
          m.animation.velocity.x, m.animation.velocity.y, m.animation.turnRate, m.character.velocity.x,
          m.character.velocity.y, m.character.turnRate);
    QCOMPARE(m.edge, edge);
    QVERIFY(r.active && r.choosesWeights);
    QVERIFY(r.cycleRate >= 0.8f - 1e-6f && r.cycleRate <= 1.2f + 1e-6f);
    QVERIFY2(relativeError(m.animation, want) < 0.10f, qPrintable(QString::number(relativeError(m.animation, want))));
    QVERIFY2(std::abs(m.animation.turnRate - turn) < 0.1f, qPrintable(QString::number(m.animation.turnRate)));
    QVERIFY2(relativeError(m.character, want) < 0.02f, qPrintable(QString::number(relativeError(m.character, want))));
    QVERIFY2(std::abs(m.character.turnRate - turn) < 0.02f, qPrintable(QString::number(m.character.turnRate)));
    // The report's plan is what the clips did.
    QVERIFY2(relativeError(m.animation, r.planned) < 0.03f, qPrintable(QString::number(relativeError(m.animation, r.planned))));
  }

  // Beyond what the data and the rate bounds can do: the fastest rate, and the remainder is
  // exactly what is missing.
  void remainderBeyondTheData() {
    Player player(gaits().graph, noLegs());
    player.setDesiredVelocity({0.0f, 6.0f}, 0.0f);
    playOneEdge(player);
    const VelocityControlReport& r = player.velocityControl();
    QCOMPARE(player.currentEdge(), 2);
    QCOMPARE(r.cycleRate, 1.2f);
    // The request as followed over 0.25 s: within 1 % after the 1.2 s played.
    QVERIFY2(std::abs(r.acting.velocity.y - 6.0f) < 0.06f, qPrintable(QString::number(r.acting.velocity.y)));
    QVERIFY(std::abs(r.remainder.velocity.y - (r.acting.velocity.y - r.planned.velocity.y)) < 1e-5f);
    QVERIFY(r.remainder.velocity.y > 1.0f);
  }

  // setSteering is a velocity request whose weights come from the stick: the clips keep the
  // stick's blend at rate 1, the character travels at the steering on average.
  void steeringTakesTheSamePath() {
    Player player(gaits().graph, noLegs());
    PlayerSteering steer;
    steer.enabled = true;
    steer.velocity[0] = 0.8f;
    steer.velocity[1] = 0.2f;
    player.setSteering(steer);
    const Measured m = playOneEdge(player);
    const VelocityControlReport& r = player.velocityControl();
    QVERIFY(r.active && !r.choosesWeights);
    QCOMPARE(r.cycleRate, 1.0f);
    QCOMPARE(m.edge, 0);  // the stick's path: the default edge
    const PlanarVelocity want{{0.8f, 0.2f}, 0.0f};
    QVERIFY2(relativeError(m.character, want) < 0.03f, qPrintable(QString::number(relativeError(m.character, want))));
    // The desired velocity overrides the steering; clearing it hands control back.
    player.setDesiredVelocity({0, 3.4f}, 0);
    player.update(kDt, 0, 0);
    QVERIFY(player.velocityControl().choosesWeights);
    player.clearDesiredVelocity();
    player.update(kDt, 0, 0);
    QVERIFY(!player.velocityControl().choosesWeights);
  }

  // The stick alone never builds the velocity spaces and moves the character exactly with
  // the clips.
  void stickAloneFollowsTheClips() {
    Player player(gaits().graph, noLegs());
    for (int i = 0; i < 120; ++i) player.update(kDt, 0.3f, 0.5f);
    QVERIFY(player.velocitySpace() == nullptr);
    QVERIFY(!player.velocityControl().active);
    QCOMPARE(player.character().position.x, player.animationFrame().position.x);
    QCOMPARE(player.character().position.z, player.animationFrame().position.z);
  }

  // No allocation per update, whatever the request (changing every frame, NaN, huge).
  void noAllocationAndNeverNaN() {
    Player player(gaits().graph);
    player.prepareVelocityControl();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float requests[][3] = {{0, 1.2f, 0}, {0.5f, 2.0f, 0.3f}, {nan, 1.0f, nan}, {1e30f, -1e30f, 1e30f}, {0, 0, 0}};
    counting::allocations = 0;
    counting::countingAllocations = true;
    for (int i = 0; i < 600; ++i) {
      const float* q = requests[(i / 37) % 5];
      player.setDesiredVelocity({q[0], q[1] + 0.001f * float(i % 7)}, q[2]);
      player.update(kDt, 0, 0);
    }
    counting::countingAllocations = false;
    QCOMPARE(counting::allocations.load(), 0L);
    for (const Float3& p : player.modelPositions()) QVERIFY(isFinite(p));
    QVERIFY(isFinite(player.character().position) && std::isfinite(player.character().yaw));
  }
};

FATGRAPH_SKIPPABLE_TEST_MAIN(TestPlayerVelocity)
#include "test_player_velocity.moc"
