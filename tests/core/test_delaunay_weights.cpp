// Delaunay weights (Fat Graph §4): barycentric blending inside the triangulation, clamping to
// the nearest hull point outside, the collinear and single-point cases, duplicate merging and
// non-finite queries. Expected weights are worked out by hand in the row comments.
#include <QTest>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "fatgraph/core/param/delaunay_weights.h"
#include "fatgraph/core/model/error.h"
#include "verify_throws.h"

using namespace fatgraph;
using Eigen::Vector2d;
using Eigen::VectorXd;
using Sites = std::vector<Vector2d>;
using Vectors = std::vector<VectorXd>;
Q_DECLARE_METATYPE(Vector2d)
Q_DECLARE_METATYPE(VectorXd)

namespace {

VectorXd vec(std::initializer_list<double> values) {
  VectorXd v(static_cast<Eigen::Index>(values.size()));
  Eigen::Index i = 0;
  for (double x : values) v(i++) = x;
  return v;
}
VectorXd unit(int i, int n) { return VectorXd::Unit(n, i); }

bool isWeightVector(const VectorXd& w, int s) {
  return w.size() == s && w.allFinite() && w.minCoeff() >= 0.0 && std::abs(w.sum() - 1.0) < 1e-12;
}

// Triangle (0,0), (2,0), (0,2) carrying e0, e1, e2: the weights are the barycentrics.
WeightTriangulation triangle() {
  return triangulateWeights({{0, 0}, {2, 0}, {0, 2}}, {unit(0, 3), unit(1, 3), unit(2, 3)});
}

// Random sites in the unit square with random weight vectors over 4 segments.
void randomSamples(int k, unsigned seed, Sites& sites, Vectors& weights) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int i = 0; i < k; ++i) {
    sites.emplace_back(u(rng), u(rng));
    VectorXd w(4);
    for (int s = 0; s < 4; ++s) w(s) = u(rng);
    weights.push_back(w / w.sum());
  }
}

}  // namespace

class TestDelaunayWeights : public QObject {
  Q_OBJECT

 private slots:
  void reproducesSampleVectors() {
    Sites sites;
    Vectors weights;
    randomSamples(60, 5, sites, weights);
    const WeightTriangulation t = triangulateWeights(sites, weights);
    QCOMPARE(t.dimension, 2);
    QCOMPARE(t.sites.size(), sites.size());
    for (std::size_t i = 0; i < sites.size(); ++i) {
      QVERIFY((t.query(sites[i]) - weights[i]).cwiseAbs().maxCoeff() < 1e-12);
    }
    // Euler: a triangulation of n points with h on the hull has 2n - 2 - h triangles.
    const int n = static_cast<int>(t.sites.size()), h = static_cast<int>(t.hull.size());
    QCOMPARE(static_cast<int>(t.triangles.size()), 2 * n - 2 - h);
    // The hull is counter-clockwise and every site is inside or on it.
    for (std::size_t i = 0; i < t.hull.size(); ++i) {
      const Vector2d a = t.sites[t.hull[i]], b = t.sites[t.hull[(i + 1) % t.hull.size()]];
      for (const auto& p : t.sites) {
        const Vector2d ab = b - a, ap = p - a;
        QVERIFY(ab.x() * ap.y() - ab.y() * ap.x() >= -1e-12);
      }
    }
  }

  void triangleQueries_data() {
    QTest::addColumn<Vector2d>("p");
    QTest::addColumn<VectorXd>("expected");
    // p = a + v (b - a) + w (c - a) with a = 0, b = (2,0), c = (0,2): v = x/2, w = y/2.
    QTest::newRow("inside") << Vector2d(0.5, 0.5) << vec({0.5, 0.25, 0.25});
    QTest::newRow("inside, off-centre") << Vector2d(0.2, 1.0) << vec({0.4, 0.1, 0.5});
    QTest::newRow("on edge bc") << Vector2d(1, 1) << vec({0, 0.5, 0.5});
    QTest::newRow("corner b") << Vector2d(2, 0) << vec({0, 1, 0});
    // Outside: the nearest hull point's weights.
    QTest::newRow("beyond b") << Vector2d(3, 0) << vec({0, 1, 0});
    QTest::newRow("beyond a") << Vector2d(-1, -1) << vec({1, 0, 0});
    QTest::newRow("beyond bc") << Vector2d(2, 2) << vec({0, 0.5, 0.5});  // nearest (1,1)
    QTest::newRow("below ab") << Vector2d(0.5, -5) << vec({0.75, 0.25, 0});  // nearest (0.5,0)
    QTest::newRow("left of ac") << Vector2d(-3, 1.5) << vec({0.25, 0, 0.75});  // nearest (0,1.5)
    // Nearest point of bc = b + s (c - b), s = (p - b).(c - b) / |c - b|^2
    //   = ((1e9 - 2)(-2) + (1e9 + 1)(2)) / 8 = 6 / 8.
    QTest::newRow("far beyond bc") << Vector2d(1e9, 1e9 + 1.0) << vec({0, 0.25, 0.75});
  }

  void triangleQueries() {
    QFETCH(Vector2d, p);
    QFETCH(VectorXd, expected);
    const WeightTriangulation t = triangle();
    QCOMPARE(t.triangles.size(), std::size_t{1});
    const VectorXd w = t.query(p);
    QVERIFY2((w - expected).cwiseAbs().maxCoeff() < 1e-6, "weights");
    QVERIFY(isWeightVector(w, 3));
  }

  void outsideSquareIsNearestHullPoint() {
    // Unit square plus a centre point: whatever diagonals Delaunay picks, a point below the
    // bottom edge takes the interpolation between the two bottom corners.
    const WeightTriangulation t = triangulateWeights(
        {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0.5, 0.5}},
        {unit(0, 5), unit(1, 5), unit(2, 5), unit(3, 5), unit(4, 5)});
    QCOMPARE(t.triangles.size(), std::size_t{4});
    QCOMPARE(t.hull.size(), std::size_t{4});
    QVERIFY((t.query({0.25, -3}) - vec({0.75, 0.25, 0, 0, 0})).norm() < 1e-12);
    QVERIFY((t.query({4, 0.6}) - vec({0, 0.4, 0.6, 0, 0})).norm() < 1e-12);
    QVERIFY((t.query({-2, 2}) - unit(3, 5)).norm() < 1e-12);  // nearest is corner (0,1)
    QVERIFY((t.clampToHull({0.25, -3}) - Vector2d(0.25, 0)).norm() < 1e-12);
    QVERIFY((t.clampToHull({0.3, 0.4}) - Vector2d(0.3, 0.4)).norm() < 1e-12);
  }

  void outsideEqualsClampedQuery() {
    Sites sites;
    Vectors weights;
    randomSamples(40, 13, sites, weights);
    const WeightTriangulation t = triangulateWeights(sites, weights);
    std::mt19937 rng(17);
    std::uniform_real_distribution<double> u(-3.0, 4.0);
    for (int i = 0; i < 2000; ++i) {
      const Vector2d p(u(rng), u(rng));
      const Vector2d q = t.clampToHull(p);
      // The clamped point is no farther than any site (all sites are in the hull).
      for (const auto& s : t.sites) QVERIFY((p - q).norm() <= (p - s).norm() + 1e-12);
      QVERIFY((t.query(p) - t.query(q)).cwiseAbs().maxCoeff() < 1e-9);
    }
  }

  void duplicatesAreMergedAndAveraged() {
    const WeightTriangulation t = triangulateWeights(
        {{0, 0}, {1, 0}, {0, 1}, {0, 0}}, {unit(0, 3), unit(1, 3), unit(2, 3), unit(1, 3)});
    QCOMPARE(t.sites.size(), std::size_t{3});
    QCOMPARE(t.siteOfPoint, (std::vector<int>{0, 1, 2, 0}));
    QVERIFY((t.query({0, 0}) - vec({0.5, 0.5, 0})).norm() < 1e-12);
  }

  void collinear() {
    const WeightTriangulation t = triangulateWeights(
        {{3, 0}, {0, 0}, {1, 0}}, {unit(2, 3), unit(0, 3), unit(1, 3)});
    QCOMPARE(t.dimension, 1);
    QVERIFY(!t.reason.empty());
    QVERIFY(t.triangles.empty());
    QVERIFY((t.query({2, 5}) - vec({0, 0.5, 0.5})).norm() < 1e-12);     // between x=1 and x=3
    QVERIFY((t.query({0.25, 0}) - vec({0.75, 0.25, 0})).norm() < 1e-12);
    QVERIFY((t.query({-2, 0}) - unit(0, 3)).norm() < 1e-12);           // clamped at the ends
    QVERIFY((t.query({10, -1}) - unit(2, 3)).norm() < 1e-12);
  }

  void singlePoint() {
    const WeightTriangulation t =
        triangulateWeights({{1, 2}, {1, 2}}, {vec({0.2, 0.8}), vec({0.6, 0.4})});
    QCOMPARE(t.dimension, 0);
    QVERIFY(!t.reason.empty());
    QVERIFY((t.query({-7, 40}) - vec({0.4, 0.6})).norm() < 1e-12);
  }

  void nonFiniteQueries_data() {
    QTest::addColumn<Vector2d>("p");
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    QTest::newRow("nan, nan") << Vector2d(nan, nan);
    QTest::newRow("nan, 0.5") << Vector2d(nan, 0.5);
    QTest::newRow("inf, 0") << Vector2d(inf, 0);
    QTest::newRow("-inf, inf") << Vector2d(-inf, inf);
    QTest::newRow("inf, nan") << Vector2d(inf, nan);
    QTest::newRow("1e300, 1e300") << Vector2d(1e300, 1e300);
    QTest::newRow("max, -max") << Vector2d(std::numeric_limits<double>::max(),
                                           -std::numeric_limits<double>::max());
  }

  void nonFiniteQueries() {
    QFETCH(Vector2d, p);
    Sites sites;
    Vectors weights;
    randomSamples(30, 9, sites, weights);
    QVERIFY(isWeightVector(triangulateWeights(sites, weights).query(p), 4));
    QVERIFY(isWeightVector(triangle().query(p), 3));
    QVERIFY(isWeightVector(triangulateWeights({{0, 0}, {1, 1}}, {unit(0, 2), unit(1, 2)}).query(p), 2));
  }

  void nanQueryIsTheCentre() {
    const WeightTriangulation t = triangle();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    QVERIFY((t.query({nan, nan}) - t.query({1, 1})).norm() < 1e-12);  // centre of the box
  }

  void rejectsInconsistentInput() {
    FATGRAPH_VERIFY_THROWS(Error, "parameterization: 1 sample points but 0 weight vectors",
                           triangulateWeights({{0, 0}}, {}));
    FATGRAPH_VERIFY_THROWS(Error, "parameterization sample 1: expected 2 weights (one per segment), got 3",
                           triangulateWeights({{0, 0}, {1, 0}}, {unit(0, 2), unit(0, 3)}));
    FATGRAPH_VERIFY_THROWS(Error, "parameterization sample 0: weights must be finite, non-negative and not all zero",
                           triangulateWeights({{0, 0}}, {vec({-0.5, 1.5})}));
    FATGRAPH_VERIFY_THROWS(Error, "parameterization sample 0: position is not finite",
                           triangulateWeights({{NAN, 0}}, {vec({1.0})}));
    QVERIFY(triangulateWeights({}, {}).empty());
  }
};

QTEST_GUILESS_MAIN(TestDelaunayWeights)
#include "test_delaunay_weights.moc"
