// The player (runtime/player.h) on graphs built from 144_03 and synthetic walks: transitions
// without a jolt, no allocation per update, determinism, odd input, action latching and
// root motion.
#include <QtTest>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <new>
#include <random>

#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/model/runtime_skeleton.h"
#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/player.h"
#include "core/runtime_graph_fixtures.h"
#include "skippable_test_main.h"

#include "counting_allocator.h"

using counting::allocations;
using counting::countingAllocations;

using namespace fatgraph;
using namespace fatgraph::test;

namespace {

bool finitePlayer(const Player& p) {
  for (const Float3& x : p.modelPositions())
    if (!isFinite(x)) return false;
  for (const Quaternion& q : p.modelRotations())
    if (!isFinite(q)) return false;
  return isFinite(p.character().position) && std::isfinite(p.character().yaw);
}

bool samePosition(const Float3& a, const Float3& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

// The bytes a pose span covers (for memcmp).
std::size_t byteSize(Span<const Float3> s) { return s.size() * sizeof(Float3); }

// Largest second difference of any joint's model-space position at update t.
double acceleration(const std::vector<std::vector<Float3>>& x, std::size_t t) {
  double largest = 0.0;
  for (std::size_t j = 0; j < x[t].size(); ++j)
    largest = std::max(largest, static_cast<double>(length(x[t + 1][j] - 2.0f * x[t][j] + x[t - 1][j])));
  return largest;
}

// Hubs 0, 1, 2 over 144_03: e0 0->0 (3 segments, hub 0's default), e1 0->1, e2 1->0 (hub 1's
// default), e3 0->2 (hub 2 has no way out: the player goes on with the start edge).
RuntimeGraph latchingGraph(const Project& p) {
  RuntimeGraph g = loopGraph(p.skeleton, p.clips,
                             {{{100, 135}, {400, 435}, {700, 735}}, {{150, 185}}, {{450, 485}}, {{750, 785}}});
  g.hubs.resize(3);
  g.edges[1].toHub = 1;
  g.edges[2].fromHub = 1;
  g.edges[3].toHub = 2;
  g.hubs[0].outgoing = {0, 1, 3};
  g.hubs[1].outgoing = {2};
  g.hubs[1].defaultEdge = 2;
  return g;
}

}  // namespace

class TestPlayer : public QObject {
  Q_OBJECT
  Project walk_;
  RuntimeGraph built_;

 private slots:
  void initTestCase() {
    walk_ = walk14403Project();
    Project p = walk_;
    BuildOptions one;
    one.hubCount = 1;
    buildMotionGraph(p, one);
    built_ = buildRuntimeGraph(p);
    QVERIFY(!built_.edges.empty());
  }

  // Across a hub the largest joint acceleration stays within 2x the largest inside edges.
  void transitionsDoNotJolt() {
    Player player(built_);
    std::vector<std::vector<Float3>> positions;
    std::vector<int> transitionAt;
    const float dt = 1.0f / 30.0f;
    for (int t = 0; t < 900; ++t) {
      const int before = player.transitionCount();
      player.update(dt, 0.0f, 0.0f);
      if (player.transitionCount() != before) transitionAt.push_back(t);
      positions.emplace_back(player.modelPositions().begin(), player.modelPositions().end());
    }
    QVERIFY(transitionAt.size() >= 5);
    const int window = static_cast<int>(std::ceil(built_.transitions.blendSeconds / dt)) + 2;
    std::vector<bool> near(positions.size(), false);
    for (int t : transitionAt)
      for (int u = std::max(0, t - 2); u < std::min<int>(positions.size(), t + window); ++u) near[u] = true;
    double across = 0.0, inside = 0.0;
    for (std::size_t t = 1; t + 1 < positions.size(); ++t)
      (near[t] ? across : inside) = std::max(near[t] ? across : inside, acceleration(positions, t));
    qInfo("%zu transitions; largest acceleration across %.4g, inside %.4g m/frame^2",
          transitionAt.size(), across, inside);
    QVERIFY(inside > 0.0);
    QVERIFY(across <= 2.0 * inside);
  }

  // The float FK (breadth-first, SoA) gives forward_kinematics.h's model pose of the local pose.
  void modelPoseIsForwardKinematicsOfLocalPose() {
    Player player(built_);
    const int joints = built_.jointCount();
    for (int t = 0; t < 200; ++t) {
      player.update(1.0f / 30.0f, 0.0f, 0.0f);
      if (t % 20 != 0) continue;
      std::vector<Quat> r(joints), modelR(joints);
      std::vector<Vec3> x(joints), modelX(joints);
      for (int j = 0; j < joints; ++j) {
        r[j] = toEigenDouble(player.localRotations()[j]);
        x[j] = toEigenDouble(player.localTranslations()[j]);
      }
      localToModel(built_.skeleton.parents, r, x, modelR, modelX);
      for (int j = 0; j < joints; ++j) {
        QVERIFY((toEigenDouble(player.modelPositions()[j]) - modelX[j]).norm() < 1e-5);
        QVERIFY(angleBetween(toEigenDouble(player.modelRotations()[j]), modelR[j]) < 1e-5);
      }
      QCOMPARE(player.modelPositions()[0].x, 0.0f);  // character space: the root above the origin
      QCOMPARE(player.modelPositions()[0].z, 0.0f);
    }
  }

  // The exact eigenvector average plays nearly the same motion as nlerp on a 3-walk blend.
  void eigenvectorOptionPlaysTheSameMotion() {
    RuntimeGraph g = latchingGraph(walk_);
    RuntimeParameterSpace& grid = g.edges[0].parameters;
    grid.gridResolution = 2;
    for (int v = 0; v < 4; ++v) grid.gridWeights.insert(grid.gridWeights.end(), {0.5f, 0.3f, 0.2f});
    PlayerOptions exact;
    exact.rotationAverage = RotationAverage::Eigenvector;
    Player a(g), b(g, exact);
    double worst = 0.0;
    for (int t = 0; t < 120; ++t) {
      a.update(1.0f / 30.0f, 0.0f, 0.0f);
      b.update(1.0f / 30.0f, 0.0f, 0.0f);
      QVERIFY(finitePlayer(b));
      for (std::size_t j = 0; j < a.modelPositions().size(); ++j)
        worst = std::max(worst, static_cast<double>(length(a.modelPositions()[j] - b.modelPositions()[j])));
    }
    qInfo("nlerp vs eigenvector player: largest joint position difference %.3g m", worst);
    QVERIFY(worst > 0.0 && worst < 0.01);
    QVERIFY(samePosition(b.character().position, a.character().position));  // root motion does not depend on it
  }

  void noAllocationPerUpdate() {
    RuntimeGraph g = latchingGraph(walk_);
    RuntimeParameterSpace& grid = g.edges[0].parameters;  // the stick blends edge 0's segments
    grid.gridResolution = 2;
    grid.gridMin[0] = grid.gridMin[1] = -1.0f;
    grid.gridMax[0] = grid.gridMax[1] = 1.0f;
    grid.gridWeights = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0.3f, 0.3f, 0.4f};
    QCOMPARE(g.validate(), std::string());
    Player player(g);
    std::mt19937 random(7);
    std::uniform_real_distribution<float> stick(-1.0f, 1.0f);
    allocations = 0;
    countingAllocations = true;
    for (int t = 0; t < 1000; ++t)
      player.update(t % 97 == 0 ? 0.3f : 1.0f / 60.0f, stick(random), stick(random), t % 50 == 0 ? (t / 50) % 4 : -1);
    player.localRotations();  // the local pose is converted on demand, also without allocating
    countingAllocations = false;
    QCOMPARE(allocations.load(), 0L);
    QVERIFY(player.transitionCount() > 3);
  }

  void deterministic() {
    Player a(built_), b(built_);
    std::mt19937 random(11);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (int t = 0; t < 600; ++t) {
      const float dt = 1.0f / 60.0f + 0.01f * std::abs(u(random)), x = u(random), y = u(random);
      a.update(dt, x, y, t % 40 == 0 ? 0 : -1);
      b.update(dt, x, y, t % 40 == 0 ? 0 : -1);
      QVERIFY(std::memcmp(a.modelPositions().data(), b.modelPositions().data(),
                          byteSize(a.modelPositions())) == 0);
      QVERIFY(samePosition(a.character().position, b.character().position));
    }
    a.reset();
    Player c(built_);
    QVERIFY(std::memcmp(a.modelPositions().data(), c.modelPositions().data(), byteSize(c.modelPositions())) == 0);
    QCOMPARE(a.currentEdge(), c.currentEdge());
  }

  void oddInputStaysFinite_data() {
    QTest::addColumn<float>("dt");
    QTest::newRow("zero") << 0.0f;
    QTest::newRow("negative") << -1.0f;
    QTest::newRow("NaN") << std::nanf("");
    QTest::newRow("infinite") << INFINITY;
    QTest::newRow("huge") << 1e9f;
    QTest::newRow("1/240") << 1.0f / 240.0f;
    QTest::newRow("1/10") << 0.1f;
  }
  void oddInputStaysFinite() {
    QFETCH(float, dt);
    RuntimeGraph g = built_;
    for (RuntimeEdge& e : g.edges) {  // all-zero grid weights: the reference plays
      e.parameters.gridResolution = 2;
      e.parameters.gridWeights.assign(4 * e.segments.size(), 0.0f);
    }
    QCOMPARE(g.validate(), std::string());
    Player player(g);
    const float nan = std::nanf("");
    const float sticks[][2] = {{nan, nan}, {0.3f, nan}, {INFINITY, -INFINITY}, {5.0f, -5.0f}};
    for (int t = 0; t < 40; ++t) {
      const int action = t % 3 == 0 ? 999 : (t % 3 == 1 ? -7 : -1);
      const CharacterFrame before = player.character();
      player.update(dt, sticks[t % 4][0], sticks[t % 4][1], action);
      QVERIFY(finitePlayer(player));
      QCOMPARE(player.pendingAction(), -1);
      const double moved = length(player.character().position - before.position);
      QVERIFY(moved < 3.0);  // at most 1 s of walking per call
      if (!(dt > 0.0f) || !std::isfinite(dt)) QCOMPARE(moved, 0.0);
    }
  }

  // Small and large frame times play the same motion: the same distance after 4 s.
  void frameTimeDoesNotChangeTheMotion() {
    Player fine(built_), coarse(built_);
    for (int t = 0; t < 960; ++t) fine.update(1.0f / 240.0f, 0.0f, 0.0f);
    for (int t = 0; t < 40; ++t) coarse.update(0.1f, 0.0f, 0.0f);
    const Float3 start = PlayerOptions{}.start.position;
    const double a = length(fine.character().position - start), b = length(coarse.character().position - start);
    qInfo("4 s at 1/240: %.3f m, at 1/10: %.3f m", a, b);
    QVERIFY(a > 1.0);
    QVERIFY(std::abs(a - b) < 0.03 * a);
    QCOMPARE(fine.currentEdge(), coarse.currentEdge());
  }

  void actionsLatchUntilTheirHub() {
    const RuntimeGraph g = latchingGraph(walk_);
    QCOMPARE(g.validate(), std::string());
    Player player(g);
    const float dt = 1.0f / 30.0f;
    const auto untilTransition = [&](int action) {
      const int count = player.transitionCount();
      player.update(dt, 0.0f, 0.0f, action);
      for (int t = 0; t < 200 && player.transitionCount() == count; ++t) player.update(dt, 0.0f, 0.0f);
    };
    QCOMPARE(player.currentEdge(), 0);  // hub 0's default: the most segments
    player.update(dt, 0.0f, 0.0f, 2);   // e2 leaves hub 1, not hub 0: stays pending
    QCOMPARE(player.pendingAction(), 2);
    untilTransition(-1);
    QCOMPARE(player.currentEdge(), 0);
    QCOMPARE(player.pendingAction(), 2);
    player.update(dt, 0.0f, 0.0f, 999);  // unknown: ignored
    player.update(dt, 0.0f, 0.0f, -7);
    QCOMPARE(player.pendingAction(), 2);
    untilTransition(1);  // replaces 2, taken at hub 0
    QCOMPARE(player.currentEdge(), 1);
    QCOMPARE(player.pendingAction(), -1);
    untilTransition(-1);  // hub 1: its default
    QCOMPARE(player.currentEdge(), 2);
    untilTransition(3);
    QCOMPARE(player.currentEdge(), 3);  // e2 ends at hub 0, which e3 leaves
    untilTransition(-1);  // hub 2 has no way out: the start edge
    QCOMPARE(player.currentEdge(), g.startEdge);
  }

  // A straight synthetic walk at 1.1 m per 32-frame cycle moves the character forward.
  void rootTravelsForAWalk() {
    const SyntheticMotion walk = syntheticWalk(0.0, 6.0);
    const RuntimeGraph g = loopGraph(walk.skeleton, {walk.clip}, {{{32, 64}, {64, 96}}});
    PlayerOptions options;
    options.start.yaw = 0.5f;
    Player player(g, options);
    for (int t = 0; t < 180; ++t) player.update(1.0f / 60.0f, 0.0f, 0.0f);
    const Vec3 moved = toEigenDouble(player.character().position);
    const double forward = moved.x() * std::sin(0.5) + moved.z() * std::cos(0.5);
    qInfo("3 s of walking: %.3f m forward, %.3f m off course", forward, (moved - forward * Vec3(std::sin(0.5), 0, std::cos(0.5))).norm());
    QVERIFY(std::abs(forward - 3.0 * 1.1 / (32.0 / 30.0)) < 0.15);
    QVERIFY(std::abs(player.character().yaw - 0.5) < 0.1);
    QVERIFY(player.transitionCount() >= 2);
  }

  void emptyGraphHoldsTheRestPose() {
    RuntimeGraph g;
    g.skeleton = toRuntimeSkeleton(walk_.skeleton);
    g.translatedJoints = runtimeTranslatedJoints(walk_.skeleton);
    Player player(g);
    player.update(1.0f / 60.0f, 1.0f, 0.0f, 0);
    QVERIFY(finitePlayer(player));
    QCOMPARE(player.currentEdge(), -1);
    QCOMPARE(toEigen(player.localTranslations()[1]), Vec3f(walk_.skeleton.restOffsets[1].cast<float>()));
  }
};

// data/ is tracked: a missing 144_03.bvh fails the test rather than skipping it.
FATGRAPH_SKIPPABLE_TEST_MAIN(TestPlayer)
#include "test_player.moc"
