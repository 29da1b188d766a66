// The leg layer on bad input (issue 12): a leg that cannot reach the ground (a deep hole, a
// high step), a vertical wall, a terrain answering NaN, zero velocity, locomotion data with no
// usable stance, non-finite input: each is a counted warning and a finite pose. And no
// allocation in Player::update with the layer on.
#include <QtTest/QtTest>

#include <cmath>

#include "counting_allocator.h"
#include "leg_layer_fixtures.h"
#include "skippable_test_main.h"

using namespace fatgraph;
using namespace fatgraph::test;

namespace {

// Flat ground with a block of another height (a hole when negative) over z in [z0, z1].
Heightfield blockTerrain(float height, float z0, float z1) {
  const int cols = 161, rows = 321;
  std::vector<float> h(static_cast<std::size_t>(cols) * rows, 0.0f);
  for (int r = 0; r < rows; ++r) {
    const float z = -8.0f + 0.05f * r;
    if (z >= z0 && z <= z1)
      for (int c = 0; c < cols; ++c) h[static_cast<std::size_t>(r) * cols + c] = height;
  }
  return *Heightfield::create(cols, rows, 0.05f, -4.0f, -8.0f, std::move(h));
}

// Every ray meets a vertical wall.
class WallTerrain final : public Terrain {
 public:
  TerrainHit raycast(const Float3& origin, const Float3&, float) const override {
    return TerrainHit{true, origin, Float3{1, 0, 0}};
  }
};

// Every ray "hits" at NaN.
class NanTerrain final : public Terrain {
 public:
  TerrainHit raycast(const Float3&, const Float3&, float) const override {
    const float nan = std::nanf("");
    return TerrainHit{true, Float3{nan, nan, nan}, Float3{nan, 1.0f, nan}};
  }
};

struct Walk {
  SyntheticMotion motion;
  LegGraph graph;
};
const Walk& walk() {
  static const Walk w = [] {
    SyntheticMotion m = creatureWalk(Creature::Biped);
    LegGraph g = syntheticLegGraph(m);
    return Walk{std::move(m), std::move(g)};
  }();
  return w;
}

}  // namespace

class TestLegLayerBadInput : public QObject {
  Q_OBJECT
 private slots:
  void legCannotReachTheGround_data() {
    QTest::addColumn<float>("height");
    QTest::newRow("deep hole") << -3.0f;
    QTest::newRow("cliff") << 2.0f;
  }
  void legCannotReachTheGround() {
    QFETCH(float, height);
    const Heightfield ground = blockTerrain(height, 1.0f, 8.0f);
    PlayerOptions options;
    options.start = walk().graph.start;
    Player player(walk().graph.graph, options);
    player.setTerrain(&ground);
    for (int f = 0; f < 150; ++f) {
      player.update(1.0f / 30.0f, 0, 0);
      QVERIFY2(finitePose(player), qPrintable(QString("frame %1").arg(f)));
    }
    const LegLayerWarnings& w = player.legLayer().warnings();
    QVERIFY2(w.unreachable > 0, qPrintable(QString::number(w.unreachable)));
  }

  void oddTerrain_data() {
    QTest::addColumn<int>("kind");
    QTest::newRow("vertical wall") << 0;
    QTest::newRow("NaN answers") << 1;
  }
  void oddTerrain() {
    QFETCH(int, kind);
    const WallTerrain wall;
    const NanTerrain nan;
    PlayerOptions options;
    options.start = walk().graph.start;
    Player player(walk().graph.graph, options);
    player.setTerrain(kind == 0 ? static_cast<const Terrain*>(&wall) : &nan);
    for (int f = 0; f < 90; ++f) {
      player.update(1.0f / 30.0f, 0, 0);
      QVERIFY(finitePose(player));
    }
    QVERIFY(player.legLayer().warnings().noGround > 0);
    QVERIFY(player.legLayer().lastWarnings() & 2u);
  }

  // The character does not move (zero root motion) while the clip plays: the feet stay on their
  // footprints while planted, legs that cannot follow are reported, the pose stays finite.
  void zeroVelocity() {
    const RuntimeGraph& graph = walk().graph.graph;
    LegLayer layer(graph);
    EdgeBlend blend(graph);
    blend.begin(0);
    const int joints = graph.jointCount();
    std::vector<Quaternion> local(joints), modelR(joints);
    std::vector<Float3> localT(joints), modelX(joints);
    bool parked = false;
    std::vector<Vec3f> planted(graph.legs.size(), Vec3f::Zero());
    float drift = 0;
    for (int f = 0; f < 120; ++f) {
      blend.advance(1.0f / 30.0f);
      if (blend.finished()) blend.begin(0);
      blend.samplePose(local, localT);
      for (int j = 0; j < joints; ++j) {
        const int p = graph.skeleton.parents[j];
        modelR[j] = p < 0 ? local[j] : modelR[p] * local[j];
        modelX[j] = p < 0 ? localT[j] : modelX[p] + rotate(modelR[p], localT[j]);
      }
      LegLayer::Input in;
      in.edge = 0;
      in.referenceTime = blend.time();
      in.weights = blend.weights();
      in.dt = 1.0f / 30.0f;
      layer.apply(in, modelR, modelX, graph.skeleton.parents);
      for (const Float3& x : modelX) QVERIFY(isFinite(x));
      for (std::size_t l = 0; l < graph.legs.size(); ++l) {
        const LegReport& r = layer.legs()[l];
        parked = parked || r.parked;
        if (!r.planted) planted[l].setZero();
        if (f > 40 && r.planted) {
          if (planted[l].isZero()) planted[l] = toEigen(r.footbase);
          drift = std::max(drift, (toEigen(r.footbase) - planted[l]).norm());
        }
      }
    }
    qInfo("zero velocity: planted footbase drift %.2f mm, parked %d, unreachable %d", 1e3 * drift,
          int(parked), layer.warnings().unreachable);
    QVERIFY(drift < 0.001f);
  }

  void noUsableStance() {
    RuntimeGraph graph = walk().graph.graph;
    for (RuntimeLegCycle& c : graph.edges[0].locomotion.legCycles) c.footOff = c.footStrike = std::nanf("");
    PlayerOptions options;
    options.start = walk().graph.start;
    Player player(graph, options);
    for (int f = 0; f < 60; ++f) {
      player.update(1.0f / 30.0f, 0, 0);
      QVERIFY(finitePose(player));
    }
    QVERIFY(player.legLayer().warnings().noStance > 0);
  }

  void nonFiniteInput() {
    const RuntimeGraph& graph = walk().graph.graph;
    LegLayer layer(graph);
    const int joints = graph.jointCount();
    std::vector<Quaternion> r(joints);
    std::vector<Float3> x(joints);
    x[3].x = std::nanf("");
    LegLayer::Input in;
    in.edge = 0;
    std::vector<float> w(graph.edges[0].segments.size(), 1.0f);
    in.weights = w;
    in.dt = 1.0f / 30.0f;
    layer.apply(in, r, x, graph.skeleton.parents);
    QCOMPARE(layer.warnings().invalidInput, 1);
    QVERIFY(layer.lastWarnings() & 4u);
    x[3].x = 0;
    in.dt = std::nanf("");
    layer.apply(in, r, x, graph.skeleton.parents);
    QCOMPARE(layer.warnings().invalidInput, 2);
    in.dt = 1.0f / 30.0f;
    in.edge = 99;
    layer.apply(in, r, x, graph.skeleton.parents);
    QCOMPARE(layer.warnings().invalidInput, 3);
  }

  void noAllocationPerUpdate() {
    const std::optional<Heightfield> bumps = terrainFromSpec("bumps");
    PlayerOptions options;
    options.start = walk().graph.start;
    Player player(walk().graph.graph, options);
    player.setTerrain(&*bumps);
    counting::allocations = 0;
    counting::countingAllocations = true;
    for (int t = 0; t < 300; ++t) player.update(t % 37 == 0 ? 0.3f : 1.0f / 60.0f, 0.3f, 0.5f);
    player.localRotations();
    counting::countingAllocations = false;
    QCOMPARE(counting::allocations.load(), 0L);
  }
};

FATGRAPH_SKIPPABLE_TEST_MAIN(TestLegLayerBadInput)
#include "test_leg_layer_bad_input.moc"
