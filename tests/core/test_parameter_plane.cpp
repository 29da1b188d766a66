// Parameter plane (Fat Graph §4): PCA normal, the corrected 45° axes rule (device y = forward
// on a near-horizontal plane, world up on a steep one; device x to the character's right) and
// the degenerate cases. Expected axes are worked out by hand in each row's comment.
#include <QTest>
#include <Eigen/Geometry>
#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include "fatgraph/core/param/parameter_plane.h"

using namespace fatgraph;
using Eigen::Vector3d;
using Points = std::vector<Vector3d>;
Q_DECLARE_METATYPE(Vector3d)
Q_DECLARE_METATYPE(Points)

namespace {

constexpr double kDeg = std::numbers::pi / 180.0;

// K points spread over the plane through `centre` with unit normal `normal` (any in-plane
// basis will do: PCA must recover the normal whatever the scatter).
Points pointsOnPlane(const Vector3d& centre, const Vector3d& normal, int k, unsigned seed) {
  const Vector3d n = normal.normalized();
  const Vector3d u = n.unitOrthogonal(), v = n.cross(u);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> a(-0.6, 0.6), b(-0.3, 0.3);
  Points points;
  for (int i = 0; i < k; ++i) points.push_back(centre + a(rng) * u + b(rng) * v);
  return points;
}

bool near(const Vector3d& a, const Vector3d& b, double tol = 1e-9) { return (a - b).norm() < tol; }

}  // namespace

class TestParameterPlane : public QObject {
  Q_OBJECT

 private slots:
  void recoversTiltedPlane() {
    const Vector3d normal = Vector3d(0.3, 0.8, -0.5).normalized();
    const Vector3d centre(1.0, 0.9, -2.0);
    const Points points = pointsOnPlane(centre, normal, 100, 7);
    const ParameterPlane plane = fitParameterPlane(points, 0.4);
    QCOMPARE(plane.dimension, 2);
    QVERIFY(plane.reason.empty());
    QVERIFY(std::abs(std::abs(plane.normal.dot(normal)) - 1.0) < 1e-9);
    QVERIFY(std::abs((plane.centroid - centre).dot(normal)) < 1e-9);  // centroid on the plane
    QVERIFY(std::abs(plane.xAxis.norm() - 1.0) < 1e-12);
    QVERIFY(std::abs(plane.yAxis.norm() - 1.0) < 1e-12);
    QVERIFY(std::abs(plane.xAxis.dot(plane.yAxis)) < 1e-12);
    QVERIFY(near(plane.xAxis.cross(plane.yAxis), plane.normal, 1e-12));
    // The off-plane spread is the square root of a rounding-level variance, so it is of order
    // sqrt(machine epsilon) times the points' extent, not epsilon: -O1 gives about 3e-9 here.
    QVERIFY(plane.spread(2) < 1e-6 * plane.spread(0));
    // Points on the plane keep their mutual distances once projected, and unproject exactly.
    QCOMPARE(plane.projected.size(), points.size());
    for (std::size_t i = 1; i < points.size(); ++i) {
      const double d3 = (points[i] - points[0]).norm();
      const double d2 = (plane.projected[i] - plane.projected[0]).norm();
      QVERIFY(std::abs(d3 - d2) < 1e-9);
      QVERIFY(near(plane.unproject(plane.projected[i]), points[i], 1e-9));
    }
  }

  void axes_data() {
    QTest::addColumn<Vector3d>("normal");
    QTest::addColumn<double>("yawDeg");
    QTest::addColumn<bool>("steep");
    QTest::addColumn<Vector3d>("x");
    QTest::addColumn<Vector3d>("y");
    const Vector3d X = Vector3d::UnitX(), Y = Vector3d::UnitY(), Z = Vector3d::UnitZ();
    const double s30 = 0.5, c30 = std::sqrt(3.0) / 2;
    // Ground plane: y = forward = (sin yaw, 0, cos yaw); x = right = (-cos yaw, 0, sin yaw).
    QTest::newRow("ground, yaw 0") << Y << 0.0 << false << Vector3d(-X) << Z;
    QTest::newRow("ground, yaw 90 (faces +X)") << Y << 90.0 << false << Z << X;
    QTest::newRow("ground, yaw 180") << Y << 180.0 << false << X << Vector3d(-Z);
    QTest::newRow("ground, yaw -90") << Y << -90.0 << false << Vector3d(-Z) << Vector3d(-X);
    QTest::newRow("ground, yaw 45") << Y << 45.0 << false
                                    << Vector3d(-std::sqrt(0.5), 0, std::sqrt(0.5))
                                    << Vector3d(std::sqrt(0.5), 0, std::sqrt(0.5));
    // Tilted 30° about X, n = (0, cos30, sin30): +X lies in the plane, so x = -X (right);
    // y = Z minus its normal part = (0, -s c, c^2) ~ (0, -sin30, cos30).
    QTest::newRow("tilt 30, yaw 0") << Vector3d(0, c30, s30) << 0.0 << false << Vector3d(-X)
                                    << Vector3d(0, -s30, c30);
    // Tilted 60°, n = (0, cos60, sin60) = (0, s30, c30): steep, y = up minus its normal part
    // ~ (0, c30, -s30); x = -X again.
    QTest::newRow("tilt 60, yaw 0") << Vector3d(0, s30, c30) << 0.0 << true << Vector3d(-X)
                                    << Vector3d(0, c30, -s30);
    // A wall in front of the character: y = up, x = right.
    QTest::newRow("wall, yaw 0") << Z << 0.0 << true << Vector3d(-X) << Y;
    QTest::newRow("wall, yaw 30") << Z << 30.0 << true << Vector3d(-X) << Y;
    // A wall facing +X seen by a character facing +X (yaw 90): right = +Z lies in the wall.
    QTest::newRow("side wall, yaw 90") << X << 90.0 << true << Z << Y;
    QTest::newRow("side wall, yaw -90") << X << -90.0 << true << Vector3d(-Z) << Y;
    // Either side of the 45° boundary (exactly 45° is steep, but a fitted normal sits there
    // only up to rounding): n = (0, cos t, sin t); horizontal y ~ (0, -sin t, cos t), steep
    // y ~ (0, sin t, -cos t).
    const double s44 = std::sin(44 * kDeg), c44 = std::cos(44 * kDeg);
    const double s46 = std::sin(46 * kDeg), c46 = std::cos(46 * kDeg);
    QTest::newRow("tilt 44 is near-horizontal") << Vector3d(0, c44, s44) << 0.0 << false
                                                << Vector3d(-X) << Vector3d(0, -s44, c44);
    QTest::newRow("tilt 46 is steep") << Vector3d(0, c46, s46) << 0.0 << true << Vector3d(-X)
                                      << Vector3d(0, s46, -c46);
  }

  void axes() {
    QFETCH(Vector3d, normal);
    QFETCH(double, yawDeg);
    QFETCH(bool, steep);
    QFETCH(Vector3d, x);
    QFETCH(Vector3d, y);
    const ParameterPlane plane =
        fitParameterPlane(pointsOnPlane(Vector3d(0.2, 1.0, 0.3), normal, 60, 3), yawDeg * kDeg);
    QCOMPARE(plane.dimension, 2);
    QCOMPARE(plane.steep, steep);
    QVERIFY2(near(plane.xAxis, x, 1e-7), "x axis");
    QVERIFY2(near(plane.yAxis, y, 1e-7), "y axis");
  }

  void xPointsRightForAnyHeadingAndTilt() {
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> angle(-std::numbers::pi, std::numbers::pi);
    for (int trial = 0; trial < 200; ++trial) {
      const double yaw = angle(rng), tilt = std::abs(angle(rng)) / 2, azimuth = angle(rng);
      const Vector3d normal(std::sin(tilt) * std::cos(azimuth), std::cos(tilt),
                            std::sin(tilt) * std::sin(azimuth));
      const ParameterPlane plane =
          fitParameterPlane(pointsOnPlane(Vector3d::Zero(), normal, 40, trial), yaw);
      QCOMPARE(plane.dimension, 2);
      const Vector3d right = headingRight(yaw), forward = headingForward(yaw);
      QVERIFY(std::abs(plane.tiltDegrees - tilt / kDeg) < 1e-6);
      QVERIFY(plane.xAxis.dot(right) >= -1e-9);
      if (plane.steep) {
        QVERIFY(plane.yAxis.dot(Vector3d::UnitY()) > 0.0);
      } else {
        QVERIFY(plane.yAxis.dot(forward) > 0.0);
      }
      QVERIFY(std::abs(plane.xAxis.dot(plane.yAxis)) < 1e-12);
      QVERIFY(std::abs(plane.xAxis.dot(normal)) < 1e-9 && std::abs(plane.yAxis.dot(normal)) < 1e-9);
    }
  }

  void degenerate_data() {
    QTest::addColumn<Points>("points");
    QTest::addColumn<int>("dimension");
    const Vector3d a(0.1, 1.0, 0.2), d(0.6, 0.0, -0.8);
    QTest::newRow("empty") << Points{} << 0;
    QTest::newRow("single") << Points{a} << 0;
    QTest::newRow("coincident") << Points{a, a, a, a} << 0;
    QTest::newRow("two points") << Points{a, a + d} << 1;
    QTest::newRow("collinear") << Points{a, a + d, a + 2.5 * d, a - d, a + 0.3 * d} << 1;
    QTest::newRow("non-finite") << Points{a, a + d, Vector3d(NAN, 0, 0)} << 0;
    QTest::newRow("infinite") << Points{a, Vector3d(0, INFINITY, 0), a + d} << 0;
  }

  void degenerate() {
    QFETCH(Points, points);
    QFETCH(int, dimension);
    const ParameterPlane plane = fitParameterPlane(points, 0.0);
    QCOMPARE(plane.dimension, dimension);
    QVERIFY(!plane.reason.empty());
    for (const auto& q : plane.projected) QVERIFY(q.allFinite());
  }

  void collinearAxis_data() {
    QTest::addColumn<Vector3d>("direction");
    QTest::addColumn<double>("yawDeg");
    QTest::addColumn<Vector3d>("x");
    QTest::addColumn<Vector3d>("y");
    // A flat line becomes device x, pointing right; a steep one device y, pointing up.
    QTest::newRow("along X, yaw 0") << Vector3d(1, 0, 0) << 0.0 << Vector3d(-1, 0, 0)
                                    << Vector3d::Zero().eval();
    QTest::newRow("along Z, yaw 90") << Vector3d(0, 0, 1) << 90.0 << Vector3d(0, 0, 1)
                                     << Vector3d::Zero().eval();
    QTest::newRow("vertical") << Vector3d(0, -1, 0) << 0.0 << Vector3d::Zero().eval()
                              << Vector3d(0, 1, 0);
  }

  void collinearAxis() {
    QFETCH(Vector3d, direction);
    QFETCH(double, yawDeg);
    QFETCH(Vector3d, x);
    QFETCH(Vector3d, y);
    const Vector3d a(0.3, 0.9, 0.1);
    const Points points{a, a + direction, a + 2 * direction, a - 0.5 * direction};
    const ParameterPlane plane = fitParameterPlane(points, yawDeg * kDeg);
    QCOMPARE(plane.dimension, 1);
    QVERIFY(near(plane.xAxis, x, 1e-9));
    QVERIFY(near(plane.yAxis, y, 1e-9));
    // The line coordinate preserves distances along the line.
    QVERIFY(std::abs((plane.projected[2] - plane.projected[0]).norm() - 2.0) < 1e-9);
  }
};

QTEST_GUILESS_MAIN(TestParameterPlane)
#include "test_parameter_plane.moc"
