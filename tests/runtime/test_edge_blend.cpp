// EdgeBlend (runtime/edge_blend.h), the kernel the player runs and authoring samples with:
// one-hot weights play a segment exactly, eq. 2 keeps segments in step, nlerp agrees with the
// exact eigenvector average, the grid lookup is bilinear, odd input stays finite.
#include <QtTest>

#include <cmath>

#include "fatgraph/runtime/edge_blend.h"
#include "fatgraph/runtime/rotation_blending.h"
#include "core/runtime_graph_fixtures.h"
#include "skippable_test_main.h"

using namespace fatgraph;
using namespace fatgraph::test;

namespace {

struct LocalPose {
  std::vector<Quaternion> rotations;
  std::vector<Float3> translations;
};

LocalPose sample(const EdgeBlend& blend, int joints, RotationAverage average = RotationAverage::Nlerp) {
  LocalPose pose{std::vector<Quaternion>(joints), std::vector<Float3>(joints)};
  blend.samplePose(pose.rotations, pose.translations, average);
  return pose;
}

bool finite(const LocalPose& p) {
  for (const auto& q : p.rotations)
    if (!isFinite(q) || std::abs(toEigen(q).norm() - 1.0f) > 1e-4f) return false;
  for (const auto& t : p.translations)
    if (!isFinite(t)) return false;
  return true;
}

}  // namespace

class TestEdgeBlend : public QObject {
  Q_OBJECT
  Project walk_;

 private slots:
  void initTestCase() { walk_ = walk14403Project(); }

  // Weights one-hot on a member longer than the reference: eq. 2 plays it at its own rate,
  // so every update lands on its next frame; the pose and the re-accumulated root trajectory
  // reproduce the clip's double-precision pose in the world.
  void oneHotReproducesTheSegment() {
    const Clip& clip = walk_.clips[0];
    const RuntimeGraph g = loopGraph(walk_.skeleton, walk_.clips, {{{100, 135}, {400, 445}}});
    QCOMPARE(g.validate(), std::string());
    EdgeBlend blend(g);
    blend.begin(0);
    const float oneHot[] = {0.0f, 1.0f};
    blend.setWeights(oneHot);
    CharacterFrame frame = segmentStartFrame(walk_.skeleton, clip, 400);
    const int joints = walk_.skeleton.jointCount();
    double worst = 0.0, worstAngle = 0.0;
    for (int k = 0; k <= 45; ++k) {
      if (k > 0) frame = applyRootDelta(frame, blend.advance(1.0f / 30.0f));
      QVERIFY(std::abs(blend.segmentTime(1) - k / 30.0f) < 1e-5f);
      const LocalPose pose = sample(blend, joints);
      const std::vector<Vec3> world = worldPositions(walk_.skeleton, pose.rotations, pose.translations, frame);
      const std::vector<Vec3> truth = clipPositions(walk_.skeleton, clip, 400 + k);
      for (int j = 0; j < joints; ++j) worst = std::max(worst, (world[j] - truth[j]).norm());
      for (int j = 1; j < joints; ++j)
        worstAngle = std::max(worstAngle, angleBetween(toEigenDouble(pose.rotations[j]), clip.frameRotations(400 + k)[j]));
    }
    qInfo("one-hot: worst joint position error %.2g m, worst local rotation error %.2g rad", worst, worstAngle);
    QVERIFY(worst < 2e-4);
    QVERIFY(worstAngle < 1e-5);
    QVERIFY(blend.finished());
  }

  // Eq. 2 with linear warps F_i(T) = T L_i / L_ref: both segments reach their ends on the same
  // update, after the weighted harmonic mean 1 / sum_i (w_i / L_i) of the durations, and stay
  // in proportion on the way.
  void equationTwoKeepsSegmentsInStep() {
    RuntimeEdgeSource source{"step", 0, 0, 0, {{0, 100, 135, {}}, {0, 400, 449, WarpMap{{0, 35}, {0, 49}}}}};
    RuntimeGraph g = loopGraph(walk_.skeleton, walk_.clips, {{{100, 135}}});
    g.edges[0] = buildRuntimeEdge(walk_.skeleton, walk_.clips, 30.0, source);
    EdgeBlend blend(g);
    blend.begin(0);
    const float weights[] = {1.0f, 3.0f};  // normalized to 0.25, 0.75
    blend.setWeights(weights);
    QCOMPARE(blend.weights()[1], 0.75f);
    const double l0 = 35.0 / 30.0, l1 = 49.0 / 30.0;
    const double expected = 1.0 / (0.25 / l0 + 0.75 / l1);
    const float dt = 1.0f / 60.0f;
    int updates = 0;
    while (!blend.finished() && updates < 1000) {
      blend.advance(dt);
      ++updates;
      QVERIFY(std::abs(blend.segmentTime(1) - blend.segmentTime(0) * 49.0f / 35.0f) < 1e-5f);
    }
    QCOMPARE(blend.segmentTime(0), static_cast<float>(l0));
    QCOMPARE(blend.segmentTime(1), static_cast<float>(l1));
    QCOMPARE(updates, static_cast<int>(std::ceil(expected / dt - 1e-4)));
    QVERIFY(std::abs(updates * dt - blend.unplayedTime() - expected) < 1e-4);
  }

  // The clock integrates eq. 2 (time_warp.h's referenceTimeStep) across the knots of a warp
  // with several pieces, for unequal weights: each update's step equals the same equation
  // integrated in 2000 small Euler steps (exact within a piece, so it converges to the
  // piecewise-exact integral), and a one-hot bent segment advances its own time by exactly dt
  // on every update, also where a knot falls inside the update (no stutter).
  void clockMatchesReferenceTimeStep() {
    const WarpMap bent{{0, 10, 20, 35}, {0, 16, 22, 44}};
    RuntimeEdgeSource source{"bent", 0, 0, 0, {{0, 100, 135, {}}, {0, 400, 444, bent}, {0, 700, 729, {}}}};
    RuntimeGraph g = loopGraph(walk_.skeleton, walk_.clips, {{{100, 135}}});
    g.edges[0] = buildRuntimeEdge(walk_.skeleton, walk_.clips, 30.0, source);
    const RuntimeEdge& e = g.edges[0];
    PiecewiseLinearMapView views[3];
    for (int i = 0; i < 3; ++i)
      views[i] = {e.data.data() + e.segments[i].warpX, e.data.data() + e.segments[i].warpY, e.segments[i].warpKnots};
    const float dt = 1.0f / 60.0f;
    EdgeBlend blend(g);
    blend.begin(0);
    const float weights[] = {0.2f, 0.5f, 0.3f};
    blend.setWeights(weights);
    while (!blend.finished()) {
      const float before = blend.time();
      double expected = before;
      for (int k = 0; k < 2000; ++k)
        expected += referenceTimeStep(views, blend.weights().data(), 3, static_cast<float>(expected), dt / 2000);
      blend.advance(dt);
      if (!blend.finished()) QVERIFY(std::abs(blend.time() - expected) < 2e-5);
      QVERIFY(std::abs(blend.segmentTime(1) - views[1].evaluate(blend.time())) < 1e-6f);
    }
    const float oneHot[] = {0.0f, 1.0f, 0.0f};
    blend.begin(0);
    blend.setWeights(oneHot);
    int crossings = 0;
    while (!blend.finished()) {
      const float before = blend.segmentTime(1);
      const float knotsBefore = blend.time();
      blend.advance(dt);
      if (blend.finished()) break;
      for (float knot : {10.0f / 30, 20.0f / 30}) crossings += knotsBefore < knot && blend.time() > knot;
      QVERIFY2(std::abs(blend.segmentTime(1) - before - dt) < 2e-6f,
               qPrintable(QString("segment time advanced %1 s for dt %2").arg(blend.segmentTime(1) - before).arg(dt)));
    }
    QVERIFY(crossings >= 1);
  }

  // Nearby rotations (four walk cycles): nlerp within a degree of the exact average, and the
  // exact average scores at least as high on the objective it maximizes.
  void nlerpAgreesWithEigenvectorAverage() {
    const RuntimeGraph g =
        loopGraph(walk_.skeleton, walk_.clips, {{{100, 135}, {400, 435}, {700, 735}, {1000, 1035}}});
    EdgeBlend blend(g);
    blend.begin(0);
    const int joints = walk_.skeleton.jointCount();
    const float weights[] = {0.4f, 0.3f, 0.2f, 0.1f};
    double worst = 0.0;
    for (int step = 0; step < 8; ++step) {
      blend.setWeights(weights);
      const LocalPose nlerp = sample(blend, joints);
      const LocalPose exact = sample(blend, joints, RotationAverage::Eigenvector);
      std::vector<LocalPose> inputs;
      for (int i = 0; i < 4; ++i) {
        float oneHot[4] = {0, 0, 0, 0};
        oneHot[i] = 1.0f;
        blend.setWeights(oneHot);
        inputs.push_back(sample(blend, joints));
      }
      for (int j = 0; j < joints; ++j) {
        Quaternion q[4];
        const float w[4] = {0.4f, 0.3f, 0.2f, 0.1f};
        for (int i = 0; i < 4; ++i) q[i] = inputs[i].rotations[j];
        const Quaternion a = nlerp.rotations[j], b = exact.rotations[j];
        worst = std::max(worst, angleBetween(toEigenDouble(a), toEigenDouble(b)));
        QVERIFY(rotationAverageObjective(b, q, w, 4) >= rotationAverageObjective(a, q, w, 4) - 1e-6);
      }
      blend.setWeights(weights);
      blend.advance(0.15f);
    }
    qInfo("nlerp vs eigenvector average: worst %.3g degrees", worst * 180.0 / 3.14159265);
    QVERIFY(worst < 1.0 * 3.14159265 / 180.0);
  }

  void planePointIsBilinear() {
    RuntimeGraph g = loopGraph(walk_.skeleton, walk_.clips, {{{100, 135}, {400, 435}}});
    RuntimeParameterSpace& p = g.edges[0].parameters;
    p.gridResolution = 2;
    p.gridMin[0] = p.gridMin[1] = 0.0f;
    p.gridMax[0] = p.gridMax[1] = 1.0f;
    p.gridWeights = {1, 0, 0, 1, 1, 0, 0, 1};  // x = 0: segment 0; x = 1: segment 1
    QCOMPARE(g.validate(), std::string());
    EdgeBlend blend(g);
    blend.begin(0);
    blend.setPlanePoint(0.25f, 0.8f);
    QCOMPARE(blend.weights()[0], 0.75f);
    blend.setPlanePoint(5.0f, -3.0f);  // clamped to the grid
    QCOMPARE(blend.weights()[1], 1.0f);
    blend.setPlanePoint(std::nanf(""), 0.0f);  // NaN: the centre
    QCOMPARE(blend.weights()[0], 0.5f);
    p.gridWeights.assign(8, 0.0f);  // nothing usable: the reference alone
    blend.setPlanePoint(0.5f, 0.5f);
    QCOMPARE(blend.weights()[0], 1.0f);
    QCOMPARE(blend.weights()[1], 0.0f);
  }

  void oddInputStaysFinite() {
    const RuntimeGraph g = loopGraph(walk_.skeleton, walk_.clips, {{{100, 135}, {400, 435}}});
    EdgeBlend blend(g);
    blend.begin(0);
    const int joints = walk_.skeleton.jointCount();
    const float nan = std::nanf(""), inf = INFINITY;
    const float bad[] = {nan, 2.0f};
    blend.setWeights(bad);
    QCOMPARE(blend.weights()[1], 1.0f);
    const float none[] = {0.0f, -1.0f};
    blend.setWeights(none);
    QCOMPARE(blend.weights()[0], 1.0f);
    const float huge[] = {3e38f, 3e38f};
    blend.setWeights(huge);
    QCOMPARE(blend.weights()[0], 0.5f);
    blend.setWeights({});
    QCOMPARE(blend.weights()[0], 1.0f);
    for (float dt : {nan, inf, -inf, -1.0f, 0.0f}) {
      const RootDelta d = blend.advance(dt);
      QCOMPARE(blend.time(), 0.0f);
      QCOMPARE(length(d.displacement), 0.0f);
    }
    const RootDelta d = blend.advance(1e9f);
    QVERIFY(isFinite(d.displacement) && std::isfinite(d.yaw));
    QVERIFY(blend.finished());
    QCOMPARE(blend.time(), g.edges[0].referenceDuration);
    QVERIFY(blend.unplayedTime() > 1e8f);
    QVERIFY(finite(sample(blend, joints)));
    QVERIFY(finite(sample(blend, joints, RotationAverage::Eigenvector)));
    blend.begin(7);  // no such edge: the rest pose
    QVERIFY(blend.finished());
    const LocalPose rest = sample(blend, joints);
    QVERIFY(finite(rest));
    QCOMPARE(toEigen(rest.translations[1]), walk_.skeleton.restOffsets[1].cast<float>().eval());
  }
};

// data/ is tracked: a missing 144_03.bvh fails the test rather than skipping it.
FATGRAPH_SKIPPABLE_TEST_MAIN(TestEdgeBlend)
#include "test_edge_blend.moc"
