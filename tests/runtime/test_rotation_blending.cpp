// Weighted quaternion averages: hemisphere-aligned nlerp and the exact eigenvector average.
#include <QtTest>

#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/rotation_blending.h"

using namespace fatgraph;

namespace {
// Expectations are worked out in double; the library takes and returns float quaternions.
using Quat = Eigen::Quaterniond;
using Vec3 = Eigen::Vector3d;

// The float API's coefficients are unit length only to float precision (~1e-7), so checks that
// a result is exactly an input or unit allow a few float ulps where double allowed 1e-12.
constexpr double kFloatTolerance = 1e-6;

Quaternion randomQuat(std::mt19937& rng) {
  std::normal_distribution<double> n(0.0, 1.0);
  return toQuaternion(Quat(n(rng), n(rng), n(rng), n(rng)).normalized());
}
Quaternion axisAngle(double angle, const Vec3& axis) {
  return toQuaternion(Quat(Eigen::AngleAxisd(angle, axis)));
}
Eigen::Vector4d coeffs(const Quaternion& q) { return toEigenDouble(q).coeffs(); }
// Both normalized in double first, so that the test is the rotations' angle (|dot| - 1 is
// quadratic in it) and not the float coefficients' length (isUnit checks that).
bool sameRotation(const Quaternion& a, const Quaternion& b, double tol = 1e-9) {
  return std::abs(std::abs(coeffs(a).normalized().dot(coeffs(b).normalized())) - 1.0) < tol;
}
bool isUnit(const Quaternion& q) {
  return isFinite(q) && std::abs(coeffs(q).norm() - 1.0) < kFloatTolerance;
}
// The angle of the rotation taking a to b, radians.
double angleBetween(const Quaternion& a, const Quaternion& b) {
  const Quat d = toEigenDouble(a).conjugate() * toEigenDouble(b);
  return 2.0 * std::atan2(d.vec().norm(), std::abs(d.w()));
}
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();
}  // namespace

class TestRotationBlending : public QObject {
  Q_OBJECT
 private slots:
  void oneHotReproducesInput_data() {
    QTest::addColumn<int>("hot");
    QTest::addColumn<int>("count");
    QTest::newRow("first of 3") << 0 << 3;
    QTest::newRow("middle of 3") << 1 << 3;
    QTest::newRow("last of 5") << 4 << 5;
    QTest::newRow("single") << 0 << 1;
  }
  void oneHotReproducesInput() {
    QFETCH(int, hot);
    QFETCH(int, count);
    std::mt19937 rng(100 + hot * 7 + count);
    for (int trial = 0; trial < 50; ++trial) {
      std::vector<Quaternion> q(count);
      std::vector<float> w(count, 0.0f);
      for (Quaternion& x : q) x = randomQuat(rng);
      w[hot] = 1.0f;
      const Quaternion a = blendRotationsNlerp(q.data(), w.data(), count);
      const Quaternion e = blendRotationsEigen(q.data(), w.data(), count);
      // Exactly the input up to float rounding, sign included (the reference keeps its sign).
      QVERIFY((coeffs(a) - coeffs(q[hot])).norm() < kFloatTolerance);
      QVERIFY((coeffs(e) - coeffs(q[hot])).norm() < kFloatTolerance);
    }
  }

  void antipodalInputsAverageToTheRotation_data() {
    QTest::addColumn<float>("w0");
    QTest::addColumn<float>("w1");
    QTest::newRow("equal") << 0.5f << 0.5f;
    QTest::newRow("mostly -q") << 0.1f << 0.9f;
    QTest::newRow("unnormalized") << 3.0f << 7.0f;
  }
  void antipodalInputsAverageToTheRotation() {
    QFETCH(float, w0);
    QFETCH(float, w1);
    const Quaternion q = axisAngle(1.1, Vec3(1, 2, -0.5).normalized());
    const Quaternion qs[] = {q, Quaternion{-q.x, -q.y, -q.z, -q.w}};
    const float w[] = {w0, w1};
    const Quaternion a = blendRotationsNlerp(qs, w, 2);
    const Quaternion e = blendRotationsEigen(qs, w, 2);
    QVERIFY((coeffs(a) - coeffs(q)).norm() < kFloatTolerance);  // aligned to the first input
    QVERIFY((coeffs(e) - coeffs(q)).norm() < kFloatTolerance);
  }

  // Rotations about one axis: the maximizer of sum w cos^2(phi - a_i / 2) is the circular
  // mean of the angles, atan2(sum w sin a_i, sum w cos a_i) (a closed form, not an eigen solve).
  void eigenAverageOfCoaxialRotations_data() {
    QTest::addColumn<std::vector<double>>("angles");
    QTest::addColumn<std::vector<float>>("weights");
    QTest::newRow("two equal") << std::vector<double>{0.2, 1.4} << std::vector<float>{1, 1};
    QTest::newRow("two unequal") << std::vector<double>{0.0, 2.0}
                                 << std::vector<float>{0.25f, 0.75f};
    QTest::newRow("three wide") << std::vector<double>{-1.0, 0.5, 2.5}
                                << std::vector<float>{0.2f, 0.5f, 0.3f};
    QTest::newRow("across pi") << std::vector<double>{3.0, -3.0} << std::vector<float>{0.5f, 0.5f};
  }
  void eigenAverageOfCoaxialRotations() {
    QFETCH(std::vector<double>, angles);
    QFETCH(std::vector<float>, weights);
    const Vec3 axis = Vec3(0.3, -1, 0.4).normalized();
    std::vector<Quaternion> q;
    double s = 0, c = 0;
    for (size_t i = 0; i < angles.size(); ++i) {
      q.push_back(axisAngle(angles[i], axis));
      s += weights[i] * std::sin(angles[i]);
      c += weights[i] * std::cos(angles[i]);
    }
    const Quaternion expected = axisAngle(std::atan2(s, c), axis);
    const Quaternion e = blendRotationsEigen(q.data(), weights.data(), static_cast<int>(q.size()));
    QVERIFY(isUnit(e));
    QVERIFY2(sameRotation(e, expected), qPrintable(QString::number(angleBetween(e, expected))));
    // The sign agrees with the fast approximation.
    const Quaternion a = blendRotationsNlerp(q.data(), weights.data(), static_cast<int>(q.size()));
    QVERIFY(coeffs(e).dot(coeffs(a)) >= 0.0);
  }

  void eigenAverageIsTheMaximizer() {
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> uw(0.05f, 1.0f);
    std::normal_distribution<double> small(0.0, 0.02);
    // Every quaternion the objective sees is float, unit only to ~1e-7, which moves the
    // objective (at most the weights' sum, < 5) by up to a few 1e-7: the double test's 1e-12
    // slack becomes 1e-6.
    const double slack = kFloatTolerance;
    for (int trial = 0; trial < 20; ++trial) {
      const int n = 2 + trial % 4;
      std::vector<Quaternion> q(n);
      std::vector<float> w(n);
      for (int i = 0; i < n; ++i) q[i] = randomQuat(rng), w[i] = uw(rng);
      const Quaternion e = blendRotationsEigen(q.data(), w.data(), n);
      const double best = rotationAverageObjective(e, q.data(), w.data(), n);
      // Brute force: uniform samples on S^3, plus samples around the candidate.
      for (int k = 0; k < 4000; ++k) {
        const Quaternion s = randomQuat(rng);
        QVERIFY(rotationAverageObjective(s, q.data(), w.data(), n) <= best + slack);
        const Eigen::Vector4d nudge(small(rng), small(rng), small(rng), small(rng));
        const Quaternion near = toQuaternion(Quat(coeffs(e) + nudge).normalized());
        QVERIFY(rotationAverageObjective(near, q.data(), w.data(), n) <= best + slack);
      }
      const Quaternion a = blendRotationsNlerp(q.data(), w.data(), n);
      QVERIFY(rotationAverageObjective(a, q.data(), w.data(), n) <= best + slack);
    }
  }

  void nlerpAgreesWithEigenForNearbyRotations_data() {
    QTest::addColumn<double>("spread");     // radians, max perturbation angle
    QTest::addColumn<double>("tolerance");  // radians between the two averages
    QTest::newRow("5 degrees") << 0.087 << 1e-4;
    QTest::newRow("20 degrees") << 0.35 << 5e-3;
  }
  void nlerpAgreesWithEigenForNearbyRotations() {
    QFETCH(double, spread);
    QFETCH(double, tolerance);
    std::mt19937 rng(17);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (int trial = 0; trial < 200; ++trial) {
      const Quat base = toEigenDouble(randomQuat(rng));
      Quaternion q[4];
      float w[4];
      for (int i = 0; i < 4; ++i) {
        const Vec3 axis = Vec3(u(rng) - 0.5, u(rng) - 0.5, u(rng) - 0.5).normalized();
        Quat qi = base * Quat(Eigen::AngleAxisd(spread * u(rng), axis));
        if (i % 2) qi.coeffs() = -qi.coeffs();  // mixed hemispheres
        q[i] = toQuaternion(qi);
        w[i] = float(0.05 + u(rng));
      }
      const double d = angleBetween(blendRotationsNlerp(q, w, 4), blendRotationsEigen(q, w, 4));
      QVERIFY2(d < tolerance, qPrintable(QString::number(d)));
    }
  }

  void oddInputsNeverGiveNaN_data() {
    // Tiny and huge are float's: 1e-300 and 1e300 of the double API would round to 0 and inf.
    QTest::addColumn<std::vector<float>>("weights");
    QTest::addColumn<bool>("nanSecondQuat");
    QTest::addColumn<int>("expected");  // index of the expected input, -1 = identity
    QTest::newRow("all zero") << std::vector<float>{0, 0, 0} << false << -1;
    QTest::newRow("all NaN") << std::vector<float>{kNaN, kNaN, kNaN} << false << -1;
    QTest::newRow("negative") << std::vector<float>{-1, -2, -3} << false << -1;
    QTest::newRow("NaN then one") << std::vector<float>{kNaN, 0, 1} << false << 2;
    QTest::newRow("inf ignored") << std::vector<float>{kInf, 1, 0} << false << 1;
    QTest::newRow("NaN quaternion") << std::vector<float>{0, 1, 0} << true << -1;
    QTest::newRow("NaN quaternion skipped") << std::vector<float>{0, 1, 1e-30f} << true << 2;
    QTest::newRow("huge dominates") << std::vector<float>{1e38f, 1, 1} << false << 0;
  }
  void oddInputsNeverGiveNaN() {
    QFETCH(std::vector<float>, weights);
    QFETCH(bool, nanSecondQuat);
    QFETCH(int, expected);
    Quaternion q[3] = {axisAngle(0.4, Vec3::UnitX()), axisAngle(1.0, Vec3::UnitY()),
                       axisAngle(-0.7, Vec3::UnitZ())};
    if (nanSecondQuat) q[1] = Quaternion{kNaN, kNaN, kNaN, kNaN};
    const Quaternion want = expected < 0 ? Quaternion{} : q[expected];
    for (const Quaternion& r : {blendRotationsNlerp(q, weights.data(), 3),
                                blendRotationsEigen(q, weights.data(), 3)}) {
      QVERIFY(isUnit(r));
      QVERIFY(sameRotation(r, want, 1e-9));
    }
    QVERIFY(isUnit(blendRotationsNlerp(nullptr, nullptr, 3)));
    QVERIFY(isUnit(blendRotationsEigen(q, weights.data(), 0)));
  }
};

QTEST_GUILESS_MAIN(TestRotationBlending)
#include "test_rotation_blending.moc"
