// Quaternion helpers: slerp, hemisphere-aligned nlerp, log/exp, swing-twist.
#include <QtTest>

#include <cmath>
#include <numbers>
#include <random>

#include "fatgraph/core/model/quaternion.h"

using namespace fatgraph;

namespace {
Quat randomQuat(std::mt19937& rng) {
  std::normal_distribution<double> n(0.0, 1.0);
  Quat q(n(rng), n(rng), n(rng), n(rng));
  return q.normalized();
}
bool sameRotation(const Quat& a, const Quat& b, double tol = 1e-9) {
  return std::abs(std::abs(a.dot(b)) - 1.0) < tol;
}
}  // namespace

class TestQuaternion : public QObject {
  Q_OBJECT
 private slots:
  void slerpEndpointsAndMidpoint() {
    const Quat a(Eigen::AngleAxisd(0.2, Vec3::UnitY()));
    const Quat b(Eigen::AngleAxisd(1.4, Vec3::UnitY()));
    QVERIFY(sameRotation(slerp(a, b, 0.0), a));
    QVERIFY(sameRotation(slerp(a, b, 1.0), b));
    const Quat mid(Eigen::AngleAxisd(0.8, Vec3::UnitY()));
    QVERIFY(sameRotation(slerp(a, b, 0.5), mid));
    // Constant angular speed: a quarter of the way is a quarter of the angle.
    QVERIFY(std::abs(angleBetween(a, slerp(a, b, 0.25)) - 0.3) < 1e-9);
  }

  void slerpTakesShorterArc() {
    const Quat a = Quat::Identity();
    const Quat b(Eigen::AngleAxisd(0.5, Vec3::UnitX()));
    const Quat negB(-b.coeffs());
    const Quat m1 = slerp(a, b, 0.5), m2 = slerp(a, negB, 0.5);
    QVERIFY(sameRotation(m1, m2));
    QVERIFY(std::abs(angleBetween(a, m1) - 0.25) < 1e-9);
  }

  void nlerpAlignedRespectsAntipodes() {
    const Quat a(Eigen::AngleAxisd(0.3, Vec3::UnitZ()));
    const Quat b(Eigen::AngleAxisd(0.9, Vec3::UnitZ()));
    const Quat m = nlerpAligned(a, Quat(-b.coeffs()), 0.5);
    QVERIFY(std::abs(angleBetween(m, Quat(Eigen::AngleAxisd(0.6, Vec3::UnitZ())))) < 1e-9);
    QVERIFY(std::abs(m.norm() - 1.0) < 1e-12);
  }

  void logExpRoundTrip() {
    std::mt19937 rng(7);
    for (int i = 0; i < 1000; ++i) {
      const Quat q = randomQuat(rng);
      QVERIFY(sameRotation(quatExp(quatLog(q)), q));
      QVERIFY(quatLog(q).norm() <= std::numbers::pi / 2 + 1e-12);
    }
    QVERIFY(sameRotation(quatExp(quatLog(Quat::Identity())), Quat::Identity()));
    const Vec3 tiny(1e-14, 0, 0);
    QVERIFY(std::abs(quatExp(tiny).norm() - 1.0) < 1e-12);
  }

  void logOfKnownRotation() {
    const Quat q(Eigen::AngleAxisd(1.0, Vec3::UnitY()));
    QVERIFY((quatLog(q) - Vec3(0, 0.5, 0)).norm() < 1e-12);
    QVERIFY((quatLog(Quat(-q.coeffs())) - Vec3(0, 0.5, 0)).norm() < 1e-12);
  }

  void swingTwistReconstructs() {
    std::mt19937 rng(11);
    const Vec3 axes[] = {Vec3::UnitX(), Vec3::UnitY(), Vec3(1, 2, 3).normalized()};
    for (const Vec3& axis : axes) {
      for (int i = 0; i < 500; ++i) {
        const Quat q = randomQuat(rng);
        const SwingTwist st = swingTwist(q, axis);
        QVERIFY(sameRotation(st.swing * st.twist, q));
        // The twist rotates about the axis only.
        QVERIFY(st.twist.vec().cross(axis).norm() < 1e-9);
        // The swing's axis is perpendicular to the twist axis.
        QVERIFY(std::abs(st.swing.vec().dot(axis)) < 1e-9);
      }
    }
  }

  void swingTwistOfPureTwist() {
    const Quat q(Eigen::AngleAxisd(0.7, Vec3::UnitY()));
    const SwingTwist st = swingTwist(q, Vec3::UnitY());
    QVERIFY(sameRotation(st.twist, q));
    QVERIFY(sameRotation(st.swing, Quat::Identity()));
  }

  void yawTurnsLeftForPositiveAngles() {
    // The character faces +Z; its left is +X. A positive yaw turns +Z towards +X.
    const Vec3 forward = yawRotation(std::numbers::pi / 2) * Vec3::UnitZ();
    QVERIFY((forward - Vec3::UnitX()).norm() < 1e-12);
  }
};

QTEST_GUILESS_MAIN(TestQuaternion)
#include "test_quaternion.moc"
