// Building the player's data (core/runtime_graph_builder.h): the root's heading leaves the
// pose for the trajectory, quaternions are sign-aligned, warps go to seconds, the whole graph
// keeps hubs and default edges, and validate() names what a corrupt graph gets wrong.
#include <QtTest>

#include <cmath>
#include <functional>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "runtime_graph_fixtures.h"
#include "skippable_test_main.h"
#include "verify_throws.h"

using namespace fatgraph;
using namespace fatgraph::test;
using GraphEdit = std::function<void(RuntimeGraph&)>;
Q_DECLARE_METATYPE(GraphEdit)

namespace {

Quat storedRotation(const RuntimeEdge& e, const RuntimeSegment& s, int joints, int frame, int joint) {
  const float* q = e.data.data() + s.rotations + static_cast<std::size_t>(frame) * 4 * joints;
  return Quat(q[3 * joints + joint], q[joint], q[joints + joint], q[2 * joints + joint]);
}

}  // namespace

class TestRuntimeGraphBuilder : public QObject {
  Q_OBJECT

 private slots:
  // Stored root: no heading beyond the pelvis wobble, on the ground axis; trajectory + start
  // frame give the clip back.
  void rootHeadingMovesIntoTrajectory() {
    const SyntheticMotion walk = syntheticWalk(1.0, 4.0);  // turns about 4.3 rad: unwrapping
    const Clip& clip = walk.clip;
    const int first = 3, last = clip.frameCount() - 1;
    RuntimeEdgeSource source{"walk", 0, 0, 0, {{0, first, last, {}}}};
    const RuntimeEdge e = buildRuntimeEdge(walk.skeleton, {clip}, clip.fps, source);
    const RuntimeSegment& s = e.segments[0];
    const int joints = walk.skeleton.jointCount();
    const int translated = static_cast<int>(runtimeTranslatedJoints(walk.skeleton).size());
    const CharacterFrame start = segmentStartFrame(walk.skeleton, clip, first);
    double previousYaw = 0.0;
    for (int k = 0; k < s.frameCount; ++k) {
      const Quat root = storedRotation(e, s, joints, k, 0);
      // The character's heading (the smoothed hip line) left the pose; what remains of the
      // root's yaw is the pelvis's wobble about it (amplitude 0.08 rad in the generator).
      QVERIFY2(std::abs(headingYaw(root)) < 0.12, qPrintable(QString::number(headingYaw(root))));
      const float* t = e.data.data() + s.translations + 3 * translated * k;
      QCOMPARE(t[0], 0.0f);
      QCOMPARE(t[2 * translated], 0.0f);
      QVERIFY(std::abs(t[translated] - clip.frameTranslations(first + k)[0].y()) < 1e-5);
      const float* p = e.data.data() + s.trajectory + 3 * k;
      const Vec3 world = toEigenDouble(start.position) + yawRotation(start.yaw) * Vec3(p[0], 0.0, p[1]);
      const Vec3 truth = clip.frameTranslations(first + k)[0];
      QVERIFY2(std::hypot(world.x() - truth.x(), world.z() - truth.z()) < 1e-5, qPrintable(QString::number(k)));
      const Quat rebuilt = yawRotation(double(start.yaw) + p[2]) * root;
      QVERIFY(angleBetween(rebuilt, clip.frameRotations(first + k)[0]) < 1e-5);
      QVERIFY(std::abs(p[2] - previousYaw) < 0.5);  // unwrapped: no 2 pi jumps
      previousYaw = p[2];
    }
    QVERIFY(previousYaw > 3.5);  // turned past pi without wrapping
    QCOMPARE(s.duration, static_cast<float>((last - first) / clip.fps));
    QCOMPARE(e.referenceDuration, s.duration);
  }

  // Consecutive frames in one hemisphere; members in the reference's hemisphere at F^-1.
  void quaternionsAreSignAligned() {
    const Project p = walk14403Project();
    RuntimeEdgeSource source{"walk", 0, 0, 0, {}};
    for (int start : {100, 400, 700, 1000}) source.segments.push_back({0, start, start + 35, {}});
    const RuntimeEdge e = buildRuntimeEdge(p.skeleton, p.clips, p.settings.fps, source);
    const int joints = p.skeleton.jointCount();
    const RuntimeSegment& ref = e.segments[0];
    int compared = 0;
    for (const RuntimeSegment& s : e.segments) {
      for (int k = 0; k < s.frameCount; ++k) {
        for (int j = 0; j < joints; ++j) {
          const Quat q = storedRotation(e, s, joints, k, j);
          if (k > 0) QVERIFY(q.dot(storedRotation(e, s, joints, k - 1, j)) >= 0.0);
          const Quat r = storedRotation(e, ref, joints, k * (ref.frameCount - 1) / (s.frameCount - 1), j);
          if (std::abs(q.dot(r)) > 0.1) {
            QVERIFY(q.dot(r) > 0.0);
            ++compared;
          }
        }
      }
    }
    QVERIFY(compared > 3 * 36 * joints);
  }

  void warpKnotsInSeconds() {
    const SyntheticMotion walk = syntheticWalk();
    WarpMap warp;
    warp.from = {0, 10, 35};
    warp.to = {0, 20, 40};
    RuntimeEdgeSource source{"w", 0, 0, 0, {{0, 0, 35, {}}, {0, 40, 80, warp}, {0, 50, 65, {}}}};
    const RuntimeEdge e = buildRuntimeEdge(walk.skeleton, {walk.clip}, 30.0, source);
    const auto knots = [&](const RuntimeSegment& s, std::uint32_t offset) {
      return std::vector<float>(e.data.begin() + offset, e.data.begin() + offset + s.warpKnots);
    };
    QCOMPARE(knots(e.segments[1], e.segments[1].warpX), (std::vector<float>{0.0f, 10.0f / 30, 35.0f / 30}));
    QCOMPARE(knots(e.segments[1], e.segments[1].warpY), (std::vector<float>{0.0f, 20.0f / 30, 40.0f / 30}));
    // Empty: proportional, the segment's duration scaled onto the reference's.
    QCOMPARE(knots(e.segments[2], e.segments[2].warpX), (std::vector<float>{0.0f, 35.0f / 30}));
    QCOMPARE(knots(e.segments[2], e.segments[2].warpY), (std::vector<float>{0.0f, 15.0f / 30}));
    QCOMPARE(e.referenceDuration, 35.0f / 30);
    QCOMPARE(e.segments[1].clip, walk.clip.name);
    QCOMPARE(e.segments[1].firstFrame, 40);
  }

  void refusesBadSources_data() {
    QTest::addColumn<int>("clip");
    QTest::addColumn<int>("first");
    QTest::addColumn<int>("last");
    QTest::addColumn<bool>("badWarp");
    QTest::addColumn<int>("reference");
    QTest::addColumn<QString>("message");
    const QString range = QStringLiteral("runtime edge 'bad' segment 1: frames [%1, %2] are not a range of >= 2 frames");
    QTest::newRow("clip out of range") << 3 << 0 << 10 << false << 0
                                       << QStringLiteral("runtime edge 'bad' segment 1: clip index 3 out of range");
    QTest::newRow("first before clip") << 0 << -1 << 10 << false << 0 << range.arg(-1).arg(10);
    QTest::newRow("last beyond clip") << 0 << 0 << 100000 << false << 0 << range.arg(0).arg(100000);
    QTest::newRow("single frame") << 0 << 5 << 5 << false << 0 << range.arg(5).arg(5);
    QTest::newRow("warp not increasing") << 0 << 0 << 10 << true << 0 << QStringLiteral("runtime edge 'bad' segment 1: warp");
    QTest::newRow("reference not a segment") << 0 << 0 << 10 << false << 2
                                             << QStringLiteral("runtime edge 'bad': reference 2 is not one of its segments");
  }
  void refusesBadSources() {
    QFETCH(int, clip);
    QFETCH(int, first);
    QFETCH(int, last);
    QFETCH(bool, badWarp);
    QFETCH(int, reference);
    QFETCH(QString, message);
    const SyntheticMotion walk = syntheticWalk();
    RuntimeEdgeSource source{"bad", 0, 0, reference, {{0, 0, 10, {}}, {clip, first, last, {}}}};
    if (badWarp) source.segments[1].warp = WarpMap{{0, 5, 4}, {0, 2, 10}};
    FATGRAPH_VERIFY_THROWS(Error, message, buildRuntimeEdge(walk.skeleton, {walk.clip}, 30.0, source));
    FATGRAPH_VERIFY_THROWS(Error, "runtime edge '' has no segments",
                           buildRuntimeEdge(walk.skeleton, {walk.clip}, 30.0, RuntimeEdgeSource{}));
    FATGRAPH_VERIFY_THROWS(Error, "fps, expected 60",
                           buildRuntimeEdge(walk.skeleton, {walk.clip}, 60.0, RuntimeEdgeSource{"r", 0, 0, 0, {{0, 0, 10, {}}}}));
  }

  // Every hub-to-hub fat edge, ascending outgoing lists, default = most segments.
  void graphOfABuiltProject() {
    Project p = walk14403Project();
    BuildOptions one;
    one.hubCount = 1;
    buildMotionGraph(p, one);
    const RuntimeGraph g = buildRuntimeGraph(p);
    QCOMPARE(g.validate(), std::string());
    int hubToHub = 0;
    for (const FatEdge& f : p.graph.fatEdges) hubToHub += f.fromHub >= 0 && f.toHub >= 0;
    QCOMPARE(int(g.edges.size()), hubToHub);
    QVERIFY(hubToHub >= 1);
    QCOMPARE(g.hubs.size(), p.graph.hubs.size());
    for (const RuntimeHub& h : g.hubs) {
      QVERIFY(std::is_sorted(h.outgoing.begin(), h.outgoing.end()));
      for (int e : h.outgoing) {
        QVERIFY(g.edges[h.defaultEdge].segments.size() >= g.edges[e].segments.size());
        if (g.edges[e].segments.size() == g.edges[h.defaultEdge].segments.size()) QVERIFY(h.defaultEdge <= e);
      }
    }
    QCOMPARE(g.startEdge, g.hubs[0].defaultEdge);
    QCOMPARE(g.translatedJoints.front(), 0);
    QCOMPARE(g.fps, 30.0f);
    for (const RuntimeEdge& e : g.edges) {
      QVERIFY(std::isnan(e.paramErrorMedian));
      QCOMPARE(e.parameters.gridResolution, 0);
    }
    Project none = walk14403Project();
    FATGRAPH_VERIFY_THROWS(Error, "runtime graph: the project has no graph (run build first)", buildRuntimeGraph(none));
  }

  // Plane in float, grid copied, neutral = the reference segment's pure sample, ranges = grid.
  void parameterizationGivesPlaneGridAndJoystick() {
    const SyntheticMotion walk = syntheticWalk();
    RuntimeEdge e = buildRuntimeEdge(walk.skeleton, {walk.clip}, 30.0,
                                     RuntimeEdgeSource{"e", 0, 0, 1, {{0, 0, 30, {}}, {0, 32, 62, {}}}});
    EdgeParameterization p;
    p.joint = 2;
    p.referenceTime = 0.5;
    p.plane.dimension = 2;
    p.plane.centroid = Vec3(0.1, 0.2, 0.3);
    p.plane.xAxis = Vec3(-1, 0, 0);
    p.plane.yAxis = Vec3(0, 0, 1);
    p.sampleWeights = {Eigen::Vector2d(0.5, 0.5), Eigen::Vector2d(0, 1), Eigen::Vector2d(1, 0)};
    p.samplePositions = {Vec3(0, 0, 0), Vec3(-0.4, 0.2, 0.9), Vec3(0.3, 0.2, 0.1)};
    p.grid.resolution = 2;
    p.grid.segmentCount = 2;
    p.grid.minCorner = Eigen::Vector2d(-0.5, -1.0);
    p.grid.maxCorner = Eigen::Vector2d(1.0, 2.0);
    p.grid.weights = {1, 0, 0.5f, 0.5f, 0.25f, 0.75f, 0, 1};
    p.achieved.targets = 10;
    p.achieved.median3d = 0.012;
    applyParameterization(e, p);
    QCOMPARE(e.parameters.dimension, 2);
    QCOMPARE(e.parameters.origin[2], 0.3f);
    QCOMPARE(e.parameters.xAxis[0], -1.0f);
    QCOMPARE(e.parameters.joint, 2);
    QCOMPARE(e.parameters.referenceTime, 0.5f);
    QCOMPARE(e.parameters.gridResolution, 2);
    QCOMPARE(e.parameters.gridWeights, p.grid.weights);
    QCOMPARE(e.joystick.neutral[0], 0.5f);   // (-0.4 - 0.1) * -1: the reference's pure sample
    QCOMPARE(e.joystick.neutral[1], 0.6f);   // 0.9 - 0.3
    QCOMPARE(e.joystick.rangeMin[0], -0.5f);
    QCOMPARE(e.joystick.rangeMax[1], 2.0f);
    QCOMPARE(e.paramErrorMedian, 0.012f);
    p.sampleWeights.pop_back();
    p.sampleWeights.erase(p.sampleWeights.begin() + 1);  // no pure reference sample left
    applyParameterization(e, p);
    QCOMPARE(e.joystick.neutral[0], 0.25f);  // grid centre
    QCOMPARE(e.joystick.neutral[1], 0.5f);
    p.grid.segmentCount = 3;
    FATGRAPH_VERIFY_THROWS(Error, "its weight grid holds 3 weights per vertex", applyParameterization(e, p));
  }

  void validateNamesTheProblem_data() {
    QTest::addColumn<GraphEdit>("edit");
    QTest::addColumn<QString>("expected");
    QTest::newRow("rotations outside") << GraphEdit([](RuntimeGraph& g) {
      g.edges[0].segments[1].rotations = static_cast<std::uint32_t>(g.edges[0].data.size());
    }) << QStringLiteral("edge 'edge0': segment 1: rotations lie outside");
    QTest::newRow("warp not increasing") << GraphEdit([](RuntimeGraph& g) {
      RuntimeEdge& e = g.edges[0];
      e.data[e.segments[0].warpX + 1] = -1.0f;
    }) << QStringLiteral("edge 'edge0': segment 0: warp knots not increasing");
    QTest::newRow("non-finite value") << GraphEdit([](RuntimeGraph& g) {
      g.edges[1].data[7] = std::nanf("");
    }) << QStringLiteral("edge 'edge1': data block has non-finite values");
    QTest::newRow("frame count") << GraphEdit([](RuntimeGraph& g) {
      g.edges[1].segments[0].frameCount = 1;
    }) << QStringLiteral("edge 'edge1': segment 0: has 1 frames");
    QTest::newRow("hub index") << GraphEdit([](RuntimeGraph& g) { g.edges[1].toHub = 4; })
                               << QStringLiteral("edge 'edge1': hub index out of range");
    QTest::newRow("reference") << GraphEdit([](RuntimeGraph& g) { g.edges[0].referenceSegment = 2; })
                               << QStringLiteral("edge 'edge0': reference segment 2 out of range");
    QTest::newRow("grid size") << GraphEdit([](RuntimeGraph& g) {
      g.edges[0].parameters.gridResolution = 2;
      g.edges[0].parameters.gridWeights.assign(7, 0.25f);
    }) << QStringLiteral("edge 'edge0': grid has 7 weights, expected 8");
    QTest::newRow("outgoing order") << GraphEdit([](RuntimeGraph& g) {
      std::swap(g.hubs[0].outgoing[0], g.hubs[0].outgoing[1]);
    }) << QStringLiteral("hub 'hub0': outgoing edges not ascending");
    QTest::newRow("default edge") << GraphEdit([](RuntimeGraph& g) { g.hubs[0].defaultEdge = 5; })
                                  << QStringLiteral("hub 'hub0': default edge is not one");
    QTest::newRow("start edge") << GraphEdit([](RuntimeGraph& g) { g.startEdge = 2; })
                                << QStringLiteral("start edge 2 out of range");
    QTest::newRow("translated joint") << GraphEdit([](RuntimeGraph& g) { g.translatedJoints.push_back(999); })
                                      << QStringLiteral("translated joint 999 out of range");
  }
  void validateNamesTheProblem() {
    QFETCH(GraphEdit, edit);
    QFETCH(QString, expected);
    const SyntheticMotion walk = syntheticWalk();
    RuntimeGraph g = loopGraph(walk.skeleton, {walk.clip}, {{{0, 30}, {32, 62}}, {{64, 90}}});
    QCOMPARE(g.validate(), std::string());
    edit(g);
    const QString message = QString::fromStdString(g.validate());
    QVERIFY2(message.startsWith(expected), qPrintable(message));
  }
};

FATGRAPH_SKIPPABLE_TEST_MAIN(TestRuntimeGraphBuilder,
                              {QFile::exists(QString::fromStdString(kWalk14403)), "144_03.bvh is absent"})
#include "test_runtime_graph_builder.moc"
