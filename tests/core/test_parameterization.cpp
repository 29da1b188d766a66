// Fat-edge parameterization (Fat Graph §4): synthetic walks of declared turning rates land on
// the plane where their circles say, right-to-left; degenerate edges give valid, noted spaces;
// the refined grid halves the honest error of the plain one and stays a valid blend.
#include <QtTest>

#include <algorithm>
#include <chrono>

#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/param/parameterization.h"
#include "parameterization_projects.h"
#include "verify_throws.h"

using namespace fatgraph;
using test::WalkSpec;

namespace {

bool hasNote(const EdgeParameterization& r, const char* text) {
  return std::any_of(r.notes.begin(), r.notes.end(),
                     [&](const std::string& n) { return n.find(text) != std::string::npos; });
}

// Every vertex of the grid: weights non-negative, summing to one.
void verifyGridIsBlend(const WeightGrid& g) {
  QVERIFY(!g.empty());
  for (int iy = 0; iy < g.resolution; ++iy) {
    for (int ix = 0; ix < g.resolution; ++ix) {
      const float* w = g.vertexWeights(ix, iy);
      double sum = 0;
      for (int s = 0; s < g.segmentCount; ++s) {
        QVERIFY(w[s] >= 0.0f);
        sum += w[s];
      }
      QVERIFY2(std::abs(sum - 1.0) < 1e-4, qPrintable(QString::number(sum)));
    }
  }
}

// The pure sample of segment s (sampling puts every segment alone first).
int pureSample(const EdgeParameterization& r, int s) {
  for (size_t i = 0; i < r.sampleWeights.size(); ++i) {
    if (std::abs(r.sampleWeights[i][s] - 1.0) < 1e-12) return static_cast<int>(i);
  }
  return -1;
}

void report(const char* what, const EdgeParameterization& r, double seconds) {
  qInfo("%s: plain median %.5f p95 %.4f m, refined median %.5f p95 %.4f m (%d targets), %.2f s", what,
        r.plain.median3d, r.plain.p95_3d, r.achieved.median3d, r.achieved.p95_3d, r.achieved.targets, seconds);
}

}  // namespace

class TestParameterization : public QObject {
  Q_OBJECT
 private slots:
  void turningWalksOrderRightToLeft() {
    const std::vector<WalkSpec> walks = {{-0.6, 1.1}, {-0.3, 1.1}, {0.0, 1.1}, {0.3, 1.1}, {0.6, 1.1}};
    Project p = test::walkEdgeProject(walks);
    p.settings.parameterization.samples = 80;
    p.settings.parameterization.grid = 12;
    p.settings.parameterization.refine = false;
    const EdgeParameterization r = parameterizeEdge(p, 0);
    // The walks travel about a metre: the root at the end (1 s of reference time).
    QCOMPARE(r.joint, 0);
    QVERIFY(std::abs(r.referenceTime - 1.0) < 1e-9);
    QVERIFY(r.jointAutomatic && r.timeAutomatic);
    QVERIFY2(r.jointReason.find("travel") != std::string::npos, r.jointReason.c_str());
    QCOMPARE(r.plane.dimension, 2);
    QVERIFY(!r.plane.steep);  // root positions at the end: a near-horizontal plane
    // Device x points to the character's right: turning left (positive rate) ends further
    // left, i.e. at smaller x; the differences follow the circles' chords.
    const int straight = pureSample(r, 2);
    QVERIFY(straight >= 0);
    const double x0 = r.plane.projected[straight].x();
    double previous = 1e9;
    for (int s = 0; s < 5; ++s) {
      const int i = pureSample(r, s);
      QVERIFY(i >= 0);
      const double x = r.plane.projected[i].x();
      QVERIFY2(x < previous, qPrintable(QStringLiteral("walk %1 at x = %2").arg(s).arg(x)));
      previous = x;
      const double left = test::expectedEnd(walks[s], 1.0).x() - test::expectedEnd(walks[2], 1.0).x();
      QVERIFY2(std::abs((x0 - x) - left) < 0.03,
               qPrintable(QStringLiteral("walk %1: %2 m left of straight, expected %3").arg(s).arg(x0 - x).arg(left)));
    }
  }

  void chosenJointAndTime() {
    Project p = test::walkEdgeProject({{-0.3, 1.1}, {0.3, 1.1}});
    const int foot = p.skeleton.find("LeftFoot");
    const ParameterJointChoice c = chooseParameterJoint(p, 0, foot, 0.5);
    QCOMPARE(c.joint, foot);
    QCOMPARE(c.time, 0.5);
    const ParameterJointChoice automaticTime = chooseParameterJoint(p, 0, foot);
    QCOMPARE(automaticTime.joint, foot);
    QVERIFY(automaticTime.time >= 0 && automaticTime.time <= 1.0 + 1e-9);
    FATGRAPH_VERIFY_THROWS(Error, "is past the end of edge 'edge0'", chooseParameterJoint(p, 0, foot, 1.5));
    FATGRAPH_VERIFY_THROWS(Error, "fat edge 3 does not exist", chooseParameterJoint(p, 3));
  }

  void oneSegmentIsAPoint() {
    Project p = test::walkEdgeProject({{0.3, 1.1}});
    p.settings.parameterization.grid = 8;
    const EdgeParameterization r = parameterizeEdge(p, 0);
    QCOMPARE(int(r.sampleWeights.size()), 1);
    QCOMPARE(r.plane.dimension, 0);
    QVERIFY(hasNote(r, "one segment"));
    QCOMPARE(r.grid.segmentCount, 1);
    verifyGridIsBlend(r.grid);
    QCOMPARE(r.achieved.targets, 0);
    QCOMPARE(int(r.vertexError.size()), 64);
  }

  void coincidingSamplesAreAPoint() {
    // Three copies of one walk: every blend reaches the same place.
    Project p = test::walkEdgeProject({{0.2, 1.0}, {0.2, 1.0}, {0.2, 1.0}});
    p.settings.parameterization.samples = 40;
    p.settings.parameterization.grid = 8;
    const EdgeParameterization r = parameterizeEdge(p, 0);
    QCOMPARE(r.plane.dimension, 0);
    QVERIFY(!r.notes.empty());
    QCOMPARE(r.triangulation.dimension, 0);
    verifyGridIsBlend(r.grid);
  }

  void collinearSamplesAreALine() {
    // Two straight walks of different stride: every blend ends on the line between them
    // (same yaw per frame, so the blended root motion is linear in the weights).
    Project p = test::walkEdgeProject({{0.0, 0.9}, {0.0, 1.3}});
    p.settings.parameterization.samples = 40;
    p.settings.parameterization.grid = 8;
    const EdgeParameterization r = parameterizeEdge(p, 0);
    QCOMPARE(r.plane.dimension, 1);
    QVERIFY(!r.notes.empty());
    QCOMPARE(r.triangulation.dimension, 1);
    verifyGridIsBlend(r.grid);
    QVERIFY(r.achieved.targets >= 500);
    QVERIFY(std::isfinite(r.achieved.median3d));
    // The line runs forward: the two strides end 0.4 m apart along it.
    const double apart = (r.plane.projected[pureSample(r, 0)] - r.plane.projected[pureSample(r, 1)]).norm();
    QVERIFY2(std::abs(apart - 0.4) < 0.02, qPrintable(QString::number(apart)));
  }

  void moreSegmentsThanSamples() {
    Project p = test::walkEdgeProject({{-0.4, 1.1}, {0.0, 1.1}, {0.4, 1.1}, {0.0, 0.8}});
    p.settings.parameterization.samples = 2;
    p.settings.parameterization.grid = 6;
    const EdgeParameterization r = parameterizeEdge(p, 0);
    QCOMPARE(int(r.sampleWeights.size()), 2);
    QVERIFY(hasNote(r, "more segments"));
    QCOMPARE(r.sampleWeights[0][0], 1.0);  // the reference is among them
    QCOMPARE(r.grid.segmentCount, 4);
    verifyGridIsBlend(r.grid);
  }

  void deterministicGivenTheSeed() {
    Project p = test::walkEdgeProject({{-0.4, 1.1}, {0.4, 1.1}, {0.0, 0.8}});
    p.settings.parameterization.samples = 30;
    p.settings.parameterization.grid = 6;
    p.settings.parameterization.refine = false;
    const EdgeParameterization a = parameterizeEdge(p, 0), b = parameterizeEdge(p, 0);
    QCOMPARE(a.samplePositions.size(), b.samplePositions.size());
    for (size_t i = 0; i < a.samplePositions.size(); ++i) QCOMPARE(a.samplePositions[i], b.samplePositions[i]);
    QCOMPARE(a.achieved.median3d, b.achieved.median3d);
    QVERIFY(a.achieved.median3d == a.plain.median3d && !a.refined);  // --no-refine: one grid
    QCOMPARE(int(a.vertexError.size()), 36);
  }

  void graphIsParameterizedOrUnchanged() {
    Project p = test::walkEdgeProject({{-0.4, 1.1}, {0.4, 1.1}, {0.0, 0.8}});
    p.settings.parameterization.samples = 30;
    p.settings.parameterization.grid = 6;
    double last = -1;
    bool monotonic = true;
    parameterizeGraph(p, [&](double f) {
      monotonic = monotonic && f >= last - 1e-12 && f <= 1.0 + 1e-12;
      last = f;
      return true;
    });
    QVERIFY(monotonic);
    QCOMPARE(p.graph.parameterizations.size(), size_t(1));
    QCOMPARE(p.graph.parameterizations[0].edge, std::string("edge0"));
    // Cancelled half way: the earlier result stays as it was.
    p.settings.parameterization.samples = 31;
    FATGRAPH_VERIFY_THROWS(Cancelled, "cancelled", parameterizeGraph(p, [](double f) { return f < 0.5; }));
    QCOMPARE(int(p.graph.parameterizations[0].sampleWeights.size()), 30);
  }

  void refinementHalvesErrorOnWalkFamily() {
    // Three turning rates at two strides: a 2D region of end points.
    Project p = test::walkEdgeProject({{-0.5, 0.8}, {0.0, 0.8}, {0.5, 0.8}, {-0.5, 1.4}, {0.0, 1.4}, {0.5, 1.4}});
    const auto start = std::chrono::steady_clock::now();
    const EdgeParameterization r = parameterizeEdge(p, 0);
    report("synthetic walk family", r, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    QCOMPARE(r.plane.dimension, 2);
    QVERIFY(r.plain.targets >= 500 && r.achieved.targets == r.plain.targets);
    QVERIFY(r.refined);
    QVERIFY2(2 * r.achieved.median3d <= r.plain.median3d,
             qPrintable(QStringLiteral("plain %1 m, refined %2 m").arg(r.plain.median3d).arg(r.achieved.median3d)));
    verifyGridIsBlend(r.grid);
    // Threads share the vertices, yet each vertex's result is its own: the grid repeats.
    QVERIFY(parameterizeEdge(p, 0).grid.weights == r.grid.weights);
    QCOMPARE(int(r.vertexError.size()), 32 * 32);
    for (float e : r.vertexError) QVERIFY(std::isfinite(e) && e >= 0);
  }

  void refinementHalvesErrorOn14403() {
    ClipSetImport in = importClipSet({FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh"}, {});
    Project& p = in.project;
    BuildOptions one;
    one.hubCount = 1;
    buildMotionGraph(p, one);
    int dominant = 0;
    for (size_t e = 0; e < p.graph.fatEdges.size(); ++e) {
      if (p.graph.fatEdges[e].segments.size() > p.graph.fatEdges[dominant].segments.size()) dominant = int(e);
    }
    QVERIFY(p.graph.fatEdges[dominant].segments.size() >= 10);
    const auto start = std::chrono::steady_clock::now();
    const EdgeParameterization r = parameterizeEdge(p, dominant);
    report("144_03 dominant edge", r, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    QCOMPARE(r.joint, 0);  // a walk: the root at the end
    QVERIFY(r.refined);
    QVERIFY2(2 * r.achieved.median3d <= r.plain.median3d,
             qPrintable(QStringLiteral("plain %1 m, refined %2 m").arg(r.plain.median3d).arg(r.achieved.median3d)));
    verifyGridIsBlend(r.grid);
  }
};

QTEST_GUILESS_MAIN(TestParameterization)
#include "test_parameterization.moc"
