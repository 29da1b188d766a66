// DTW between segments (Fat Graph eq. 1): slope-limited steps (1,1), (1,2), (2,1), each frame
// of M charged once, and the warp kept as a strictly increasing piecewise-linear map.
#include <QTest>
#include <cmath>
#include <functional>
#include <limits>
#include <random>

#include "fatgraph/core/graph/dynamic_time_warping.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/test_support/synthetic_motion.h"
#include "verify_throws.h"

using namespace fatgraph;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// d(t, u) = |f(t / (l-1)) - g(u / (l'-1))|: with g = f, M' is M resampled to l' frames.
Eigen::MatrixXd resampledSignalDistances(int l, int lPrime, const std::function<double(double)>& f,
                                         std::function<double(double)> g = {}) {
  if (!g) g = f;
  Eigen::MatrixXd d(l, lPrime);
  for (int t = 0; t < l; ++t) {
    for (int u = 0; u < lPrime; ++u) {
      d(t, u) = std::abs(f(l > 1 ? t / (l - 1.0) : 0.0) - g(lPrime > 1 ? u / (lPrime - 1.0) : 0.0));
    }
  }
  return d;
}

Eigen::MatrixXd randomDistances(std::mt19937& rng, int l, int lPrime) {
  std::uniform_real_distribution<double> v(0.0, 1.0);
  Eigen::MatrixXd d(l, lPrime);
  for (int t = 0; t < l; ++t) {
    for (int u = 0; u < lPrime; ++u) d(t, u) = v(rng);
  }
  return d;
}

// Eq. 1 evaluated on a warp map: sum over integer t of d^2 at (t, F(t)), the cost linearly
// interpolated between the two neighbouring columns when F(t) is fractional, over l.
double costAlongMap(const Eigen::MatrixXd& d, const WarpMap& map) {
  double sum = 0;
  for (int t = 0; t < d.rows(); ++t) {
    const double u = map.map(t);
    const int u0 = static_cast<int>(std::floor(u));
    const double a = u - u0;
    const double c0 = d(t, u0) * d(t, u0);
    sum += a == 0.0 ? c0 : (1 - a) * c0 + a * d(t, u0 + 1) * d(t, u0 + 1);
  }
  return sum / d.rows();
}

// Minimum over every path of the step pattern, by exhaustive enumeration.
double exhaustiveMinimum(const Eigen::MatrixXd& d) {
  const int l = static_cast<int>(d.rows()), lp = static_cast<int>(d.cols());
  auto c = [&](int t, int u) { return d(t, u) * d(t, u); };
  std::function<double(int, int, double)> walk = [&](int t, int u, double acc) -> double {
    if (t == l - 1 && u == lp - 1) return acc;
    double best = kInf;
    if (t + 1 < l && u + 1 < lp) best = std::min(best, walk(t + 1, u + 1, acc + c(t + 1, u + 1)));
    if (t + 1 < l && u + 2 < lp) best = std::min(best, walk(t + 1, u + 2, acc + c(t + 1, u + 2)));
    if (t + 2 < l && u + 1 < lp) {
      best = std::min(best, walk(t + 2, u + 1,
                                 acc + 0.5 * (c(t + 1, u) + c(t + 1, u + 1)) + c(t + 2, u + 1)));
    }
    return best;
  };
  return walk(0, 0, c(0, 0)) / l;
}

void verifyMapShape(const WarpMap& m, int l, int lPrime) {
  QVERIFY2(m.validate().empty(), m.validate().c_str());
  QCOMPARE(m.from.front(), 0.0);
  QCOMPARE(m.to.front(), 0.0);
  QCOMPARE(m.from.back(), l - 1.0);
  QCOMPARE(m.to.back(), lPrime - 1.0);
  for (size_t k = 0; k + 1 < m.from.size(); ++k) {
    const double slope = (m.to[k + 1] - m.to[k]) / (m.from[k + 1] - m.from[k]);
    QVERIFY2(slope >= 0.5 && slope <= 2.0, qPrintable(QString::number(slope)));
    QCOMPARE(m.from[k], std::round(m.from[k]));  // knots at step endpoints (grid points)
    QCOMPARE(m.to[k], std::round(m.to[k]));
  }
}

}  // namespace

class TestDynamicTimeWarping : public QObject {
  Q_OBJECT

 private slots:
  void identicalSequences_data() {
    QTest::addColumn<int>("frames");
    QTest::newRow("1 frame") << 1;
    QTest::newRow("2 frames") << 2;
    QTest::newRow("31 frames") << 31;
    QTest::newRow("120 frames") << 120;
  }
  void identicalSequences() {
    QFETCH(int, frames);
    const Eigen::MatrixXd d = resampledSignalDistances(
        frames, frames, [](double x) { return x + 0.3 * std::sin(9 * x); });
    const DtwResult r = dynamicTimeWarp(d);
    QVERIFY(r.feasible);
    QVERIFY(r.reason.empty());
    QCOMPARE(r.distance, 0.0);
    // The whole diagonal joins into one piece: exactly the identity.
    QCOMPARE(r.map.from, WarpMap::identity(frames).from);
    QCOMPARE(r.map.to, WarpMap::identity(frames).to);
  }

  // M' is M played 1.5x slower (l' - 1 = 1.5 (l - 1)).
  void timeStretchedSignal() {
    const int l = 41, lp = 61;
    const Eigen::MatrixXd d =
        resampledSignalDistances(l, lp, [](double x) { return x + 0.15 * std::sin(7 * x); });
    const DtwResult r = dynamicTimeWarp(d);
    QVERIFY(r.feasible);
    verifyMapShape(r.map, l, lp);
    QVERIFY2(std::sqrt(r.distance) < 0.01, qPrintable(QString::number(std::sqrt(r.distance))));
    for (int t = 0; t < l; ++t) QVERIFY(std::abs(r.map.map(t) - 1.5 * t) <= 1.0);
    for (int t = 0; t + 10 < l; t += 5) {
      const double mean = (r.map.map(t + 10) - r.map.map(t)) / 10.0;
      QVERIFY2(std::abs(mean - 1.5) <= 0.2, qPrintable(QString::number(mean)));
    }
    // A different motion (another amplitude, which no time warp can remove) costs far more.
    const DtwResult other = dynamicTimeWarp(resampledSignalDistances(
        l, lp, [](double x) { return x + 0.15 * std::sin(7 * x); },
        [](double x) { return x + 0.45 * std::sin(7 * x); }));
    QVERIFY2(other.distance > 10 * r.distance,
             qPrintable(QStringLiteral("%1 vs %2").arg(other.distance).arg(r.distance)));
  }

  // The same synthetic walk (same stride, so the same poses per gait phase) with a 1.5x
  // longer period, compared through the real per-frame pose distance.
  void timeStretchedWalk() {
    SyntheticWalkParams p;
    p.period = 1.0;
    p.cycles = 2;
    SyntheticWalkParams slow = p;
    slow.period = 1.5;
    slow.startPosition = Vec3(3.0, 0.0, -2.0);  // elsewhere and turned: alignment removes it
    slow.startHeading = 0.7;
    const SyntheticMotion a = generateBipedWalk(p), b = generateBipedWalk(slow);
    const PoseFeatures features(a.skeleton, {a.clip, b.clip});
    const int l = a.clip.frameCount(), lp = b.clip.frameCount();
    QCOMPARE(lp - 1, 3 * (l - 1) / 2);
    const Eigen::MatrixXd d = segmentFrameDistances(features, 0, l, features.clipStart(1), lp);
    const DtwResult r = dynamicTimeWarp(d);
    QVERIFY(r.feasible);
    verifyMapShape(r.map, l, lp);
    const double rms = std::sqrt(r.distance);
    qDebug("walk vs. 1.5x slower walk: %.2f mm RMS, %zu knots", rms * 1000, r.map.from.size());
    QVERIFY2(rms < 0.015, qPrintable(QString::number(rms)));
    for (int t = 0; t < l; ++t) QVERIFY(std::abs(r.map.map(t) - 1.5 * t) <= 1.0);
    QVERIFY(std::abs(r.map.map(40) - r.map.map(20) - 30.0) <= 1.0);
    // Half a cycle out of phase is far worse: DTW cannot cheat across the slope limits.
    const Eigen::MatrixXd shifted = segmentFrameDistances(features, 15, 31, features.clipStart(1), 46);
    QVERIFY(std::sqrt(dynamicTimeWarp(shifted).distance) > 5 * rms);
  }

  void feasibility_data() {
    QTest::addColumn<int>("l");
    QTest::addColumn<int>("lPrime");
    QTest::addColumn<bool>("feasible");
    QTest::newRow("1 x 1") << 1 << 1 << true;
    QTest::newRow("1 x 2") << 1 << 2 << false;
    QTest::newRow("2 x 3 (slope 2)") << 2 << 3 << true;
    QTest::newRow("2 x 4") << 2 << 4 << false;
    QTest::newRow("10 x 19 (slope 2)") << 10 << 19 << true;
    QTest::newRow("10 x 20") << 10 << 20 << false;
    QTest::newRow("19 x 10 (slope 1/2)") << 19 << 10 << true;
    QTest::newRow("20 x 10") << 20 << 10 << false;
    QTest::newRow("0 x 5") << 0 << 5 << false;
    QTest::newRow("31 x 45") << 31 << 45 << true;
  }
  void feasibility() {
    QFETCH(int, l);
    QFETCH(int, lPrime);
    QFETCH(bool, feasible);
    QCOMPARE(dtwLengthsFeasible(l, lPrime), feasible);
    const DtwResult r = dynamicTimeWarp(Eigen::MatrixXd::Constant(l, lPrime, 0.1));
    QCOMPARE(r.feasible, feasible);
    if (feasible) {
      QCOMPARE(r.distance, 0.1 * 0.1);
      verifyMapShape(r.map, l, lPrime);
    } else {
      QVERIFY(std::isinf(r.distance));
      QVERIFY(r.map.empty());
      QVERIFY2(QString::fromStdString(r.reason).contains(QStringLiteral("slope limits")),
               r.reason.c_str());
    }
  }

  void randomMatricesGiveStrictlyIncreasingMaps() {
    std::mt19937 rng(2024);
    std::uniform_int_distribution<int> len(2, 40);
    int tested = 0;
    while (tested < 300) {
      const int l = len(rng), lp = len(rng);
      if (!dtwLengthsFeasible(l, lp)) continue;
      ++tested;
      const Eigen::MatrixXd d = randomDistances(rng, l, lp);
      const DtwResult r = dynamicTimeWarp(d);
      QVERIFY(r.feasible);
      verifyMapShape(r.map, l, lp);
      // The reported distance is eq. 1 evaluated along the returned map.
      QVERIFY(std::abs(costAlongMap(d, r.map) - r.distance) < 1e-12);
      // Inverse is consistent with map at the knots.
      for (size_t k = 0; k < r.map.from.size(); ++k) QCOMPARE(r.map.inverse(r.map.to[k]), r.map.from[k]);
    }
  }

  void bruteForceMinimum_data() {
    QTest::addColumn<int>("l");
    QTest::addColumn<int>("lPrime");
    for (int l = 1; l <= 6; ++l) {
      for (int lp = 1; lp <= 6; ++lp) {
        if (dtwLengthsFeasible(l, lp)) QTest::addRow("%d x %d", l, lp) << l << lp;
      }
    }
  }
  void bruteForceMinimum() {
    QFETCH(int, l);
    QFETCH(int, lPrime);
    std::mt19937 rng(static_cast<unsigned>(100 * l + lPrime));
    for (int trial = 0; trial < 40; ++trial) {
      const Eigen::MatrixXd d = randomDistances(rng, l, lPrime);
      const DtwResult r = dynamicTimeWarp(d);
      QVERIFY(r.feasible);
      const double best = exhaustiveMinimum(d);
      QVERIFY2(std::abs(r.distance - best) < 1e-12,
               qPrintable(QStringLiteral("DP %1, brute force %2").arg(r.distance).arg(best)));
      QVERIFY(std::abs(costAlongMap(d, r.map) - best) < 1e-12);
    }
  }

  // The skipped frame of a (2,1) step is charged the mean of its two neighbours in M'.
  void fastStepChargesTheAverage() {
    Eigen::MatrixXd d(3, 2);
    d << 0.0, 5.0,   //
        0.3, 0.5,    //
        5.0, 0.0;
    const DtwResult r = dynamicTimeWarp(d);  // the only path: one (2,1) step
    QVERIFY(r.feasible);
    QCOMPARE(r.distance, (0.0 + 0.5 * (0.09 + 0.25) + 0.0) / 3.0);
    QCOMPARE(r.map.map(1), 0.5);
    QCOMPARE(r.map.slope(1), 0.5);
  }

  void infiniteEntries() {
    // A wall of +inf the path can go around.
    Eigen::MatrixXd d = Eigen::MatrixXd::Constant(6, 6, 0.2);
    d(3, 3) = kInf;
    d(2, 2) = kInf;
    DtwResult r = dynamicTimeWarp(d);
    QVERIFY(r.feasible);
    QVERIFY(std::isfinite(r.distance));
    verifyMapShape(r.map, 6, 6);
    // A full blocking row leaves no path.
    d.row(3).setConstant(kInf);
    r = dynamicTimeWarp(d);
    QVERIFY(!r.feasible);
    QVERIFY(std::isinf(r.distance));
    QVERIFY(QString::fromStdString(r.reason).contains(QStringLiteral("infinite")));
  }

  void invalidEntriesThrow_data() {
    QTest::addColumn<double>("value");
    QTest::newRow("NaN") << std::numeric_limits<double>::quiet_NaN();
    QTest::newRow("negative") << -0.1;
  }
  void invalidEntriesThrow() {
    QFETCH(double, value);
    Eigen::MatrixXd d = Eigen::MatrixXd::Constant(4, 5, 0.1);
    d(2, 3) = value;
    try {
      dynamicTimeWarp(d);
      QFAIL("expected fatgraph::Error");
    } catch (const Error& e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("(2, 3)")), e.what());
    }
  }

  void segmentFrameDistancesMatchFrameDistance() {
    SyntheticWalkParams p;
    p.cycles = 1;
    const SyntheticMotion a = generateBipedWalk(p);
    const PoseFeatures features(a.skeleton, {a.clip});
    const Eigen::MatrixXd d = segmentFrameDistances(features, 3, 7, 10, 9);
    QCOMPARE(d.rows(), 7);
    QCOMPARE(d.cols(), 9);
    for (int i = 0; i < 7; ++i) {
      for (int j = 0; j < 9; ++j) QCOMPARE(d(i, j), frameDistance(features, 3 + i, 10 + j));
    }
    QVERIFY(d(0, 0) > 0.01);  // frames 3 and 10 differ
    const int n = features.frameCount();
    const QString outside = QStringLiteral("segment frame distances: segment %1 (frames %2..%3) is outside the project's %4 frames");
    FATGRAPH_VERIFY_THROWS(Error, outside.arg(QLatin1Char('A')).arg(n - 3).arg(n).arg(n),
                           segmentFrameDistances(features, n - 3, 4, 0, 2));
    FATGRAPH_VERIFY_THROWS(Error, outside.arg(QLatin1Char('B')).arg(-1).arg(0).arg(n),
                           segmentFrameDistances(features, 0, 2, -1, 2));
  }
};

QTEST_GUILESS_MAIN(TestDynamicTimeWarping)
#include "test_dynamic_time_warping.moc"
