// The update's jobs (runtime jobs.h) called one by one on a real graph (144_03 looped, three
// segments): SampleEdgeJob reproduces the player's blend bitwise at any clock and weights,
// SampleEdgeJob + LocalToModelJob reproduce the player's model pose bitwise, the order of
// LocalToModelJob changes nothing, and every job refuses spans that do not fit without writing.
#include <QtTest>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "fatgraph/runtime/edge_blend.h"
#include "fatgraph/runtime/jobs.h"
#include "fatgraph/runtime/player.h"
#include "core/runtime_graph_fixtures.h"

using namespace fatgraph;
using namespace fatgraph::test;

namespace {

bool sameFloats(Span<const float> a, Span<const float> b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// A local pose of `graph`, SoA: 4J rotations, 3J translations.
struct LocalPose {
  std::vector<float> rotations, translations;
  explicit LocalPose(const RuntimeGraph& graph)
      : rotations(4 * static_cast<std::size_t>(graph.jointCount())),
        translations(3 * static_cast<std::size_t>(graph.jointCount())) {}
};

// EdgeBlend's translations (the A animated joints, x[A] y[A] z[A]) as every joint's (x[J] y[J]
// z[J]), the rest offsets elsewhere.
std::vector<float> everyJoint(const RuntimeGraph& graph, const std::vector<float>& animated) {
  const std::size_t joints = static_cast<std::size_t>(graph.jointCount()), count = graph.translatedJoints.size();
  std::vector<float> out(3 * joints);
  for (std::size_t j = 0; j < joints; ++j)
    for (int c = 0; c < 3; ++c) out[c * joints + j] = graph.skeleton.restOffsets[j][c];
  for (std::size_t a = 0; a < count; ++a)
    for (int c = 0; c < 3; ++c) out[c * joints + graph.translatedJoints[a]] = animated[c * count + a];
  return out;
}

}  // namespace

class TestJobs : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    const Project project = walk14403Project();
    graph_ = loopGraph(project.skeleton, project.clips, {{{0, 40}, {40, 80}, {80, 120}}});
    QCOMPARE(QString::fromStdString(graph_.validate()), QString());
    QCOMPARE(graph_.edges[0].segments.size(), std::size_t(3));
  }

  // Weights need not be normalized and unusable ones count as zero, as EdgeBlend::setWeights.
  void sampleEdgeMatchesTheBlendBitwise_data() {
    QTest::addColumn<QList<float>>("weights");
    QTest::addColumn<float>("seconds");
    const float nan = std::numeric_limits<float>::quiet_NaN();
    QTest::newRow("one-hot at the start") << QList<float>{1, 0, 0} << 0.0f;
    QTest::newRow("normalized mid-edge") << QList<float>{0.2f, 0.5f, 0.3f} << 0.7f;
    QTest::newRow("raw weights") << QList<float>{2, 5, 3} << 0.7f;
    QTest::newRow("NaN and negative count as zero") << QList<float>{nan, 4, -1} << 1.1f;
    QTest::newRow("nothing usable plays the reference") << QList<float>{0, nan, -2} << 0.4f;
    QTest::newRow("at the end") << QList<float>{1, 1, 1} << 5.0f;
  }
  void sampleEdgeMatchesTheBlendBitwise() {
    QFETCH(QList<float>, weights);
    QFETCH(float, seconds);
    const std::vector<float> w(weights.begin(), weights.end());
    EdgeBlend blend(graph_);
    blend.begin(0);
    blend.setWeights(w);
    for (float played = 0.0f; played < seconds && !blend.finished(); played += 1.0f / 30.0f)
      blend.advance(1.0f / 30.0f);
    LocalPose sampled(graph_);
    std::vector<float> rotations(sampled.rotations.size()), animated(3 * graph_.translatedJoints.size());
    blend.samplePoseSoA(rotations.data(), animated.data());
    const SampleEdgeJob job{&graph_, 0, blend.time(), w, sampled.rotations, sampled.translations};
    QVERIFY(job.validate());
    QVERIFY(job.run());
    QVERIFY(sameFloats(sampled.rotations, rotations));
    QVERIFY(sameFloats(sampled.translations, everyJoint(graph_, animated)));
  }

  // The player's clock drives the jobs; until its first transition (whose pose offset the jobs
  // do not add) their model pose is the player's, bit for bit, in either joint order.
  void jobsReproduceThePlayersPose() {
    Player player(graph_);
    const std::size_t joints = static_cast<std::size_t>(graph_.jointCount());
    LocalPose local(graph_);
    std::vector<float> scratch(7 * joints);
    std::vector<Quaternion> rotations(joints), rotationsFileOrder(joints);
    std::vector<Float3> positions(joints), positionsFileOrder(joints);
    const std::vector<int> order = depthOrder(graph_.skeleton);
    int compared = 0;
    for (int update = 0; update < 60 && player.transitionCount() == 0; ++update, ++compared) {
      player.update(1.0f / 30.0f, 0.0f, 0.0f);
      if (player.transitionCount() != 0) break;
      const SampleEdgeJob sample{&graph_, player.currentEdge(), player.referenceTime(), player.weights(),
                                 local.rotations, local.translations};
      const std::vector<int>& parents = graph_.skeleton.parents;
      const LocalToModelJob byDepth{parents, order, local.rotations, local.translations, scratch, rotations,
                                    positions};
      const LocalToModelJob inFileOrder{parents, {}, local.rotations, local.translations, scratch,
                                        rotationsFileOrder, positionsFileOrder};
      QVERIFY(sample.run());
      QVERIFY(byDepth.run());
      QVERIFY(inFileOrder.run());
      for (std::size_t j = 0; j < joints; ++j) {
        QVERIFY(std::memcmp(&rotations[j], &player.modelRotations()[j], sizeof(Quaternion)) == 0);
        QVERIFY(std::memcmp(&positions[j], &player.modelPositions()[j], sizeof(Float3)) == 0);
        QVERIFY(std::memcmp(&rotations[j], &rotationsFileOrder[j], sizeof(Quaternion)) == 0);
        QVERIFY(std::memcmp(&positions[j], &positionsFileOrder[j], sizeof(Float3)) == 0);
      }
    }
    QVERIFY(compared > 30);  // 40 frames at 30 fps: over a second before the edge ends
  }

  void jobsRefuseSpansThatDoNotFit() {
    const std::size_t joints = static_cast<std::size_t>(graph_.jointCount());
    LocalPose local(graph_);
    const std::vector<float> weights{1, 0, 0}, twoWeights{1, 0};
    std::vector<float> shortRotations(4 * joints - 1, 7.0f);
    QVERIFY(!(SampleEdgeJob{nullptr, 0, 0, weights, local.rotations, local.translations}.validate()));
    QVERIFY(!(SampleEdgeJob{&graph_, 1, 0, weights, local.rotations, local.translations}.validate()));
    QVERIFY(!(SampleEdgeJob{&graph_, 0, 0, twoWeights, local.rotations, local.translations}.validate()));
    QVERIFY(!(SampleEdgeJob{&graph_, 0, 0, weights, shortRotations, local.translations}.run()));
    for (const float v : shortRotations) QCOMPARE(v, 7.0f);  // nothing written

    std::vector<float> scratch(7 * joints), shortScratch(7 * joints - 1);
    const std::vector<int>& parents = graph_.skeleton.parents;
    std::vector<Quaternion> rotations(joints);
    std::vector<Float3> positions(joints), fewPositions(joints - 1);
    QVERIFY((LocalToModelJob{parents, {}, local.rotations, local.translations, scratch, rotations, positions}
                .validate()));
    QVERIFY(!(LocalToModelJob{parents, {}, local.rotations, local.translations, shortScratch, rotations, positions}
                 .validate()));
    QVERIFY(!(LocalToModelJob{parents, {}, local.rotations, local.translations, scratch, rotations, fewPositions}
                 .validate()));
    // An order that visits a child before its parent, or a joint twice, is refused.
    std::vector<int> reversed = depthOrder(graph_.skeleton);
    std::reverse(reversed.begin(), reversed.end());
    QVERIFY(!(LocalToModelJob{parents, reversed, local.rotations, local.translations, scratch, rotations, positions}
                 .validate()));
    std::vector<int> twice(joints, 0);
    QVERIFY(!(LocalToModelJob{parents, twice, local.rotations, local.translations, scratch, rotations, positions}
                 .validate()));
    // run() checks what memory needs on every call: an index out of range is refused there too.
    std::vector<int> outside = depthOrder(graph_.skeleton);
    outside.back() = static_cast<int>(joints);
    QVERIFY(!(LocalToModelJob{parents, outside, local.rotations, local.translations, scratch, rotations, positions}
                 .run()));

    LegLayer layer(graph_);
    QVERIFY(!(LegLayerJob{nullptr, {}, graph_.skeleton.parents, rotations, positions}.validate()));
    QVERIFY(!(LegLayerJob{&layer, {}, graph_.skeleton.parents, rotations, fewPositions}.validate()));
    QVERIFY((LegLayerJob{&layer, {}, graph_.skeleton.parents, rotations, positions}.validate()));
  }

 private:
  RuntimeGraph graph_;
};

QTEST_APPLESS_MAIN(TestJobs)
#include "test_jobs.moc"
