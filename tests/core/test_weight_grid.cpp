// Weight grid (Fat Graph §4: weights precomputed on a regular grid, bilinear lookup of the 4
// nearest vertices at run time): layout, agreement with the Delaunay query at the vertices,
// valid weight vectors everywhere (inside, far outside, non-finite) and degenerate boxes.
#include <QTest>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/param/weight_grid.h"
#include "verify_throws.h"

using namespace fatgraph;
using Eigen::Vector2d;
using Eigen::VectorXd;
using Eigen::VectorXf;

namespace {

constexpr int kSegments = 5;

WeightTriangulation randomTriangulation(int k, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> x(-0.4, 0.7), y(-0.2, 0.3), u(0.0, 1.0);
  std::vector<Vector2d> sites;
  std::vector<VectorXd> weights;
  for (int i = 0; i < k; ++i) {
    sites.emplace_back(x(rng), y(rng));
    VectorXd w(kSegments);
    for (int s = 0; s < kSegments; ++s) w(s) = u(rng) * u(rng);  // some near zero
    weights.push_back(w / w.sum());
  }
  return triangulateWeights(sites, weights);
}

bool isWeightVector(const VectorXf& w, int s) {
  return w.size() == s && w.allFinite() && w.minCoeff() >= 0.0f && std::abs(w.sum() - 1.0f) < 1e-5f;
}

}  // namespace

class TestWeightGrid : public QObject {
  Q_OBJECT

 private slots:
  void layout() {
    const WeightTriangulation t = randomTriangulation(40, 1);
    const WeightGrid g = buildWeightGrid(t, 8);
    QCOMPARE(g.resolution, 8);
    QCOMPARE(g.segmentCount, kSegments);
    QCOMPARE(g.weights.size(), std::size_t{8 * 8 * kSegments});
    const auto [lo, hi] = t.bounds();
    QVERIFY((g.vertex(0, 0) - lo).norm() < 1e-15 && (g.vertex(7, 7) - hi).norm() < 1e-15);
    // Vertex (ix, iy) starts at ((iy * G) + ix) * S.
    QCOMPARE(g.vertexWeights(3, 5), g.weights.data() + (5 * 8 + 3) * kSegments);
    QVERIFY(std::abs(g.vertex(3, 5).x() - (lo.x() + 3.0 / 7 * (hi.x() - lo.x()))) < 1e-15);
  }

  void verticesMatchDelaunay_data() {
    QTest::addColumn<int>("resolution");
    QTest::newRow("G=2") << 2;
    QTest::newRow("G=7") << 7;
    QTest::newRow("G=32 (default)") << 32;
  }

  void verticesMatchDelaunay() {
    QFETCH(int, resolution);
    const WeightTriangulation t = randomTriangulation(60, 2);
    const WeightGrid g = buildWeightGrid(t, resolution);
    for (int iy = 0; iy < resolution; ++iy) {
      for (int ix = 0; ix < resolution; ++ix) {
        const VectorXd expected = t.query(g.vertex(ix, iy));
        const VectorXf got = g.lookup(g.vertex(ix, iy));
        QVERIFY((got.cast<double>() - expected).cwiseAbs().maxCoeff() < 1e-6);
      }
    }
  }

  void bilinearInsideACell() {
    const WeightTriangulation t = randomTriangulation(30, 3);
    const WeightGrid g = buildWeightGrid(t, 5);
    // A quarter of the way across cell (1, 2) in x and half way in y: weights 3/8, 1/8, 3/8, 1/8.
    const Vector2d p = g.vertex(1, 2) + Vector2d(0.25 * (g.vertex(2, 2) - g.vertex(1, 2)).x(),
                                                 0.5 * (g.vertex(1, 3) - g.vertex(1, 2)).y());
    VectorXf expected(kSegments);
    for (int s = 0; s < kSegments; ++s) {
      expected(s) = 0.375f * g.vertexWeights(1, 2)[s] + 0.125f * g.vertexWeights(2, 2)[s] +
                    0.375f * g.vertexWeights(1, 3)[s] + 0.125f * g.vertexWeights(2, 3)[s];
    }
    QVERIFY((g.lookup(p) - expected / expected.sum()).cwiseAbs().maxCoeff() < 1e-6f);
  }

  void validEverywhere() {
    const WeightTriangulation t = randomTriangulation(80, 4);
    const WeightGrid g = buildWeightGrid(t);
    QCOMPARE(g.resolution, 32);
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> near(-1.0, 1.5), far(-1e6, 1e6);
    for (int i = 0; i < 20000; ++i) {
      const Vector2d p = i % 4 == 0 ? Vector2d(far(rng), far(rng)) : Vector2d(near(rng), near(rng));
      QVERIFY(isWeightVector(g.lookup(p), kSegments));
    }
    // Outside the box the lookup clamps to the box edge.
    const auto [lo, hi] = t.bounds();
    QVERIFY((g.lookup({hi.x() + 5.0, lo.y() - 2.0}) - g.lookup({hi.x(), lo.y()})).norm() < 1e-7f);
  }

  void nonFiniteQueries() {
    const WeightGrid g = buildWeightGrid(randomTriangulation(20, 6), 16);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    for (const Vector2d& p : {Vector2d(nan, nan), Vector2d(inf, -inf), Vector2d(nan, inf),
                              Vector2d(-inf, 0.1), Vector2d(std::numeric_limits<double>::max(), 0)}) {
      QVERIFY(isWeightVector(g.lookup(p), kSegments));
    }
    // NaN means "the box centre".
    const Vector2d centre = 0.5 * (g.minCorner + g.maxCorner);
    QVERIFY((g.lookup({nan, nan}) - g.lookup(centre)).norm() < 1e-7f);
  }

  void degenerateBoxes() {
    // Collinear sites: a box of zero height; a single site: a box of zero size.
    const WeightTriangulation line = triangulateWeights(
        {{0, 0}, {1, 0}, {2, 0}}, {VectorXd::Unit(3, 0), VectorXd::Unit(3, 1), VectorXd::Unit(3, 2)});
    const WeightGrid g = buildWeightGrid(line, 5);
    // Vertices at x = 0, 0.5, ...: x = 0.25 averages e0 and (e0 + e1) / 2.
    VectorXf expected(3);
    expected << 0.75f, 0.25f, 0.0f;
    QVERIFY((g.lookup({0.25, 3.0}) - expected).norm() < 1e-6f);
    QVERIFY(isWeightVector(g.lookup({-9, std::numeric_limits<double>::quiet_NaN()}), 3));
    const WeightTriangulation point = triangulateWeights({{1, 1}}, {VectorXd::Unit(2, 1)});
    const WeightGrid p = buildWeightGrid(point, 4);
    QVERIFY((p.lookup({-3, 8}) - VectorXf::Unit(2, 1)).norm() < 1e-7f);
  }

  void rejectsBadInput() {
    FATGRAPH_VERIFY_THROWS(Error, "weight grid: the triangulation has no sample points",
                           buildWeightGrid(WeightTriangulation{}, 8));
    FATGRAPH_VERIFY_THROWS(Error, "weight grid: resolution must be at least 2, got 1",
                           buildWeightGrid(randomTriangulation(10, 7), 1));
  }
};

QTEST_GUILESS_MAIN(TestWeightGrid)
#include "test_weight_grid.moc"
