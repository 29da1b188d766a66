// Pose distance (closed form vs brute force) and the streamed distance matrix (vs the dense
// one, independent of tiling and threads).
#include <QtTest>

#include <cmath>
#include <numbers>
#include <random>

#include "fatgraph/core/graph/distance_matrix.h"
#include "verify_throws.h"

using namespace fatgraph;

namespace {
// A 6-joint chain waving with incommensurate frequencies, walking along +X and turning.
Skeleton waveSkeleton() {
  Skeleton s;
  s.addJoint("root", -1, Vec3(0, 1, 0), true);
  s.addJoint("a", 0, Vec3(0.2, 0.3, 0), false);
  s.addJoint("b", 1, Vec3(0, 0.4, 0.1), false);
  s.addJoint("c", 0, Vec3(-0.2, -0.5, 0), false);
  s.addJoint("d", 3, Vec3(0, -0.4, 0.05), false);
  s.addJoint("e", 2, Vec3(0.1, 0.2, 0.3), false);
  return s;
}

Clip waveClip(int frames, double phase, const Vec3& origin, double yaw, double period = 24.0,
              double swayRate = 0.37) {
  Clip c;
  c.name = "wave";
  c.fps = 30;
  c.jointCount = 6;
  for (int f = 0; f < frames; ++f) {
    const double t = 2 * std::numbers::pi * f / period + phase;
    Pose p;
    p.rotations.push_back(yawRotation(yaw + 0.3 * std::sin(swayRate * t)));
    p.translations.push_back(origin + yawRotation(yaw) * Vec3(0.05 * f, 1 + 0.03 * std::sin(2 * t), 0));
    for (int j = 1; j < 6; ++j) {
      p.rotations.push_back(Quat(Eigen::AngleAxisd(0.6 * std::sin(t + j), Vec3(1, 0.2 * j, 0.1).normalized())));
      p.translations.push_back(waveSkeleton().restOffsets[j]);
    }
    c.appendPose(p);
  }
  return c;
}

// Brute force: minimize over theta on a fine grid refined by golden section; for a fixed
// rotation the best ground translation aligns the weighted centroids.
double bruteForce(const PoseFeatures& f, int i, int j, int window, const std::vector<double>& w) {
  std::vector<Vec3> a, b;
  std::vector<double> ww;
  for (int t = -windowBefore(window); t <= windowAfter(window); ++t) {
    for (int k = 0; k < f.jointCount(); ++k) {
      const double s = std::sqrt(w[k]);
      if (s == 0) continue;
      a.emplace_back(f.x(i + t, k) / s, f.y(i + t, k) / s, f.z(i + t, k) / s);
      b.emplace_back(f.x(j + t, k) / s, f.y(j + t, k) / s, f.z(j + t, k) / s);
      ww.push_back(w[k]);
    }
  }
  auto cost = [&](double theta) {
    const Eigen::Matrix3d r = Eigen::AngleAxisd(theta, Vec3::UnitY()).toRotationMatrix();
    Vec3 ca = Vec3::Zero(), cb = Vec3::Zero();
    double W = 0;
    for (size_t n = 0; n < a.size(); ++n) {
      ca += ww[n] * a[n];
      cb += ww[n] * (r * b[n]);
      W += ww[n];
    }
    Vec3 shift = (ca - cb) / W;
    shift.y() = 0;
    double c = 0;
    for (size_t n = 0; n < a.size(); ++n) c += ww[n] * (a[n] - (r * b[n] + shift)).squaredNorm();
    return c;
  };
  double best = 1e300, bestTheta = 0;
  for (int s = 0; s < 3600; ++s) {
    const double th = -std::numbers::pi + s * 2 * std::numbers::pi / 3600;
    const double c = cost(th);
    if (c < best) { best = c; bestTheta = th; }
  }
  double lo = bestTheta - 0.002, hi = bestTheta + 0.002;
  for (int it = 0; it < 100; ++it) {
    const double m1 = lo + (hi - lo) * 0.382, m2 = lo + (hi - lo) * 0.618;
    if (cost(m1) < cost(m2)) hi = m2; else lo = m1;
  }
  return std::min(best, cost(0.5 * (lo + hi)));
}
}  // namespace

class TestDistanceMatrix : public QObject {
  Q_OBJECT
 private slots:
  void closedFormMatchesBruteForce_data() {
    QTest::addColumn<int>("window");
    QTest::addColumn<double>("far");
    QTest::newRow("k=1 near origin") << 1 << 0.0;
    QTest::newRow("k=10 near origin") << 10 << 0.0;
    QTest::newRow("k=10 1 km away") << 10 << 1000.0;
    QTest::newRow("k=5 26 m path") << 5 << 26.0;
  }

  void closedFormMatchesBruteForce() {
    QFETCH(int, window);
    QFETCH(double, far);
    const Skeleton s = waveSkeleton();
    const std::vector<Clip> clips = {waveClip(60, 0.0, Vec3(far, 0, -far), 0.4),
                                     waveClip(60, 1.3, Vec3(2, 0, 5), -2.0)};
    const std::vector<double> w = {2.0, 1.0, 0.5, 1.0, 0.0, 3.0};
    const PoseFeatures f(s, clips, w);
    std::mt19937 rng(5);
    std::uniform_int_distribution<int> pick(windowBefore(window), 59 - windowAfter(window));
    for (int n = 0; n < 20; ++n) {
      const int i = pick(rng), j = 60 + pick(rng);
      const double closed = windowDistance(f, i, j, window);
      const double brute = bruteForce(f, i, j, window, w);
      QVERIFY2(std::abs(closed - brute) <= 1e-7 * (1 + brute),
               qPrintable(QStringLiteral("closed %1 brute %2").arg(closed).arg(brute)));
    }
  }

  void rigidCopyHasZeroDistance() {
    // The same motion rotated about +Y and moved on the ground: distance zero at equal frames.
    const Skeleton s = waveSkeleton();
    const std::vector<Clip> clips = {waveClip(40, 0.0, Vec3(0, 0, 0), 0.0),
                                     waveClip(40, 0.0, Vec3(7, 0, -3), 2.1)};
    const PoseFeatures f(s, clips);
    for (int i = 5; i < 35; i += 3) {
      QVERIFY(distanceToRms(windowDistance(f, i, 40 + i, 10), f, 10) < 1e-6);
      QVERIFY(frameDistance(f, i, 40 + i) < 1e-6);
    }
    QVERIFY(frameDistance(f, 5, 40 + 17) > 0.01);
  }

  void floorOffsetsDoNotMatter() {
    // The same motion recorded on a floor 7 cm higher (another capture session) is the same
    // pose: each clip's heights count from its own floor.
    const Skeleton s = waveSkeleton();
    const std::vector<Clip> clips = {waveClip(40, 0.0, Vec3(0, 0, 0), 0.0),
                                     waveClip(40, 0.0, Vec3(1, 0.07, 2), 0.5)};
    const PoseFeatures f(s, clips);
    QVERIFY(std::abs(f.clipFloor[1] - f.clipFloor[0] - 0.07) < 1e-9);
    for (int i = 5; i < 35; i += 5) QVERIFY(frameDistance(f, i, 40 + i) < 1e-6);
  }

  void scanMatchesDenseMatrix_data() {
    QTest::addColumn<size_t>("budget");
    QTest::addColumn<int>("threads");
    QTest::addColumn<double>("far");
    QTest::addColumn<int>("window");
    QTest::newRow("roomy, 1 thread") << size_t(256) << 1 << 0.0 << 6;
    QTest::newRow("tight, 2 threads") << size_t(1) << 2 << 0.0 << 6;
    QTest::newRow("tight, 3 threads") << size_t(2) << 3 << 0.0 << 6;
    QTest::newRow("tight, 2 threads, k = 1") << size_t(1) << 2 << 0.0 << 1;
    QTest::newRow("tight, 2 threads, k = 7") << size_t(1) << 2 << 0.0 << 7;
    // Single precision far from the origin: the scan must not lose its small distances.
    QTest::newRow("tight, 2 threads, 1 km away") << size_t(1) << 2 << 1000.0 << 6;
  }

  void scanMatchesDenseMatrix() {
    QFETCH(size_t, budget);
    QFETCH(int, threads);
    QFETCH(double, far);
    QFETCH(int, window);
    const Skeleton s = waveSkeleton();
    const Vec3 away(far, 0, -far);
    const std::vector<Clip> clips = {waveClip(150, 0.0, away, 0.0),
                                     waveClip(97, 0.7, away + Vec3(3, 0, 1), 1.0),
                                     waveClip(12, 0.2, away, 0.0)};
    const PoseFeatures f(s, clips);
    DistanceMatrixSettings settings;
    settings.window = window;
    settings.memoryBudgetBytes = budget << 16;  // forces many row blocks when tight
    settings.threads = threads;
    settings.heatMapSize = 37;
    int calls = 0;
    const DistanceScan scan = scanDistanceMatrix(f, settings, [&](double) { ++calls; return true; });
    QVERIFY(calls > 0);
    const Eigen::MatrixXd dense = denseDistanceMatrix(f, window);
    const int n = f.frameCount();
    // Match-set sizes at a bin edge agree with exact rows.
    const double threshold = DistanceHistogram::lowerEdge(DistanceHistogram::bin(0.08) + 1);
    int totalMatches = 0;
    for (int i = 0; i < n; ++i) {
      std::vector<double> row(n);
      for (int j = 0; j < n; ++j) row[j] = dense(i, j);
      const int exact = static_cast<int>(rowMatches(f, row, i, window, threshold).size());
      QCOMPARE(scan.minimaBelow(i, threshold), exact);
      totalMatches += exact;
    }
    QVERIFY(totalMatches > 50);  // the periodic motion matches itself every period
    // The heat map holds block minima of the dense matrix.
    double maxHeatError = 0.0;
    for (int bi = 0; bi < scan.heatSize; ++bi) {
      for (int bj = 0; bj < scan.heatSize; ++bj) {
        double m = std::numeric_limits<double>::infinity();
        for (int i = bi * scan.heatStride; i < std::min(n, (bi + 1) * scan.heatStride); ++i)
          for (int j = bj * scan.heatStride; j < std::min(n, (bj + 1) * scan.heatStride); ++j)
            m = std::min(m, dense(i, j));
        const float h = scan.heat[bi * scan.heatSize + bj];
        if (std::isinf(m)) {
          QVERIFY(std::isnan(h));
        } else {
          // The scan works in single precision on centred coordinates: RMS^2 agrees to
          // float resolution of the body's size (~1e-6 m^2), so to 0.1 mm above 5 mm.
          const double exact = distanceToRms(m, f, window);
          maxHeatError = std::max(maxHeatError, std::abs(double(h) * h - exact * exact));
          QVERIFY2(std::abs(double(h) * h - exact * exact) < 1e-6,
                   qPrintable(QString::asprintf("heat %.7f m, exact %.7f m", h, exact)));
        }
      }
    }
    qInfo("largest heat map error %.2e m^2 (RMS^2)", maxHeatError);
    // The median pose distance of the walk: 0.157 m with k = 1, 0.195 m by default, 0.201 m with k = 7.
    QVERIFY2(scan.percentile(0.5) > 0.12 && scan.percentile(0.5) < 0.25, qPrintable(QString::number(scan.percentile(0.5))));
  }

  void periodicMotionMatchesOncePerPeriod() {
    const Skeleton s = waveSkeleton();
    const std::vector<Clip> clips = {waveClip(24 * 10, 0.0, Vec3(0, 0, 0), 0.0, 24.0, 1.0)};
    const PoseFeatures f(s, clips);
    const int i = 24 * 5 + 3;
    const std::vector<int> m = rowMatches(f, distanceRow(f, i, 10), i, 10, 0.01);
    // Other periods inside the clip (windows must fit): frames i +- 24 p.
    QCOMPARE(int(m.size()), 8);
    for (int j : m) QCOMPARE((j - i + 240) % 24, 0);
  }

  void cancelStops() {
    const Skeleton s = waveSkeleton();
    const PoseFeatures f(s, {waveClip(2000, 0.0, Vec3(0, 0, 0), 0.0)});
    DistanceMatrixSettings settings;
    settings.memoryBudgetBytes = 1 << 20;
    FATGRAPH_VERIFY_THROWS(Cancelled, "cancelled", scanDistanceMatrix(f, settings, [](double) { return false; }));
  }
};

QTEST_GUILESS_MAIN(TestDistanceMatrix)
#include "test_distance_matrix.moc"
