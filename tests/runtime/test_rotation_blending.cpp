// Weighted quaternion averages: hemisphere-aligned nlerp and the exact eigenvector average.
#include <QtTest>

#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

#include "fatgraph/runtime/rotation_blending.h"

using namespace fatgraph;

namespace {
Quat randomQuat(std::mt19937& rng) {
  std::normal_distribution<double> n(0.0, 1.0);
  return Quat(n(rng), n(rng), n(rng), n(rng)).normalized();
}
Quat axisAngle(double angle, const Vec3& axis) { return Quat(Eigen::AngleAxisd(angle, axis)); }
bool sameRotation(const Quat& a, const Quat& b, double tol = 1e-9) {
  return std::abs(std::abs(a.dot(b)) - 1.0) < tol;
}
bool isUnit(const Quat& q) { return q.coeffs().allFinite() && std::abs(q.norm() - 1.0) < 1e-12; }
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
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
      std::vector<Quat> q(count);
      std::vector<double> w(count, 0.0);
      for (Quat& x : q) x = randomQuat(rng);
      w[hot] = 1.0;
      const Quat a = blendRotationsNlerp(q.data(), w.data(), count);
      const Quat e = blendRotationsEigen(q.data(), w.data(), count);
      // Exactly the input, sign included (the reference keeps its sign).
      QVERIFY((a.coeffs() - q[hot].coeffs()).norm() < 1e-14);
      QVERIFY((e.coeffs() - q[hot].coeffs()).norm() < 1e-12);
    }
  }

  void antipodalInputsAverageToTheRotation_data() {
    QTest::addColumn<double>("w0");
    QTest::addColumn<double>("w1");
    QTest::newRow("equal") << 0.5 << 0.5;
    QTest::newRow("mostly -q") << 0.1 << 0.9;
    QTest::newRow("unnormalized") << 3.0 << 7.0;
  }
  void antipodalInputsAverageToTheRotation() {
    QFETCH(double, w0);
    QFETCH(double, w1);
    const Quat q = axisAngle(1.1, Vec3(1, 2, -0.5).normalized());
    const Quat qs[] = {q, Quat(-q.coeffs())};
    const double w[] = {w0, w1};
    const Quat a = blendRotationsNlerp(qs, w, 2);
    const Quat e = blendRotationsEigen(qs, w, 2);
    QVERIFY((a.coeffs() - q.coeffs()).norm() < 1e-12);  // aligned to the first input
    QVERIFY((e.coeffs() - q.coeffs()).norm() < 1e-12);
  }

  // Rotations about one axis: the maximizer of sum w cos^2(phi - a_i / 2) is the circular
  // mean of the angles, atan2(sum w sin a_i, sum w cos a_i) (a closed form, not an eigen solve).
  void eigenAverageOfCoaxialRotations_data() {
    QTest::addColumn<std::vector<double>>("angles");
    QTest::addColumn<std::vector<double>>("weights");
    QTest::newRow("two equal") << std::vector<double>{0.2, 1.4} << std::vector<double>{1, 1};
    QTest::newRow("two unequal") << std::vector<double>{0.0, 2.0} << std::vector<double>{0.25, 0.75};
    QTest::newRow("three wide") << std::vector<double>{-1.0, 0.5, 2.5}
                                << std::vector<double>{0.2, 0.5, 0.3};
    QTest::newRow("across pi") << std::vector<double>{3.0, -3.0} << std::vector<double>{0.5, 0.5};
  }
  void eigenAverageOfCoaxialRotations() {
    QFETCH(std::vector<double>, angles);
    QFETCH(std::vector<double>, weights);
    const Vec3 axis = Vec3(0.3, -1, 0.4).normalized();
    std::vector<Quat> q;
    double s = 0, c = 0;
    for (size_t i = 0; i < angles.size(); ++i) {
      q.push_back(axisAngle(angles[i], axis));
      s += weights[i] * std::sin(angles[i]);
      c += weights[i] * std::cos(angles[i]);
    }
    const Quat expected = axisAngle(std::atan2(s, c), axis);
    const Quat e = blendRotationsEigen(q.data(), weights.data(), static_cast<int>(q.size()));
    QVERIFY(isUnit(e));
    QVERIFY2(sameRotation(e, expected), qPrintable(QString::number(angleBetween(e, expected))));
    // The sign agrees with the fast approximation.
    const Quat a = blendRotationsNlerp(q.data(), weights.data(), static_cast<int>(q.size()));
    QVERIFY(e.dot(a) >= 0.0);
  }

  void eigenAverageIsTheMaximizer() {
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> uw(0.05, 1.0);
    std::normal_distribution<double> small(0.0, 0.02);
    for (int trial = 0; trial < 20; ++trial) {
      const int n = 2 + trial % 4;
      std::vector<Quat> q(n);
      std::vector<double> w(n);
      for (int i = 0; i < n; ++i) q[i] = randomQuat(rng), w[i] = uw(rng);
      const Quat e = blendRotationsEigen(q.data(), w.data(), n);
      const double best = rotationAverageObjective(e, q.data(), w.data(), n);
      // Brute force: uniform samples on S^3, plus samples around the candidate.
      for (int k = 0; k < 4000; ++k) {
        const Quat s = randomQuat(rng);
        QVERIFY(rotationAverageObjective(s, q.data(), w.data(), n) <= best + 1e-12);
        const Quat near = Quat(e.coeffs() + Eigen::Vector4d(small(rng), small(rng), small(rng),
                                                            small(rng))).normalized();
        QVERIFY(rotationAverageObjective(near, q.data(), w.data(), n) <= best + 1e-12);
      }
      const Quat a = blendRotationsNlerp(q.data(), w.data(), n);
      QVERIFY(rotationAverageObjective(a, q.data(), w.data(), n) <= best + 1e-12);
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
      const Quat base = randomQuat(rng);
      Quat q[4];
      double w[4];
      for (int i = 0; i < 4; ++i) {
        const Vec3 axis = Vec3(u(rng) - 0.5, u(rng) - 0.5, u(rng) - 0.5).normalized();
        q[i] = base * axisAngle(spread * u(rng), axis);
        if (i % 2) q[i].coeffs() = -q[i].coeffs();  // mixed hemispheres
        w[i] = 0.05 + u(rng);
      }
      const double d = angleBetween(blendRotationsNlerp(q, w, 4), blendRotationsEigen(q, w, 4));
      QVERIFY2(d < tolerance, qPrintable(QString::number(d)));
    }
  }

  void oddInputsNeverGiveNaN_data() {
    QTest::addColumn<std::vector<double>>("weights");
    QTest::addColumn<bool>("nanSecondQuat");
    QTest::addColumn<int>("expected");  // index of the expected input, -1 = identity
    QTest::newRow("all zero") << std::vector<double>{0, 0, 0} << false << -1;
    QTest::newRow("all NaN") << std::vector<double>{kNaN, kNaN, kNaN} << false << -1;
    QTest::newRow("negative") << std::vector<double>{-1, -2, -3} << false << -1;
    QTest::newRow("NaN then one") << std::vector<double>{kNaN, 0, 1} << false << 2;
    QTest::newRow("inf ignored") << std::vector<double>{kInf, 1, 0} << false << 1;
    QTest::newRow("NaN quaternion") << std::vector<double>{0, 1, 0} << true << -1;
    QTest::newRow("NaN quaternion skipped") << std::vector<double>{0, 1, 1e-300} << true << 2;
    QTest::newRow("huge dominates") << std::vector<double>{1e300, 1, 1} << false << 0;
  }
  void oddInputsNeverGiveNaN() {
    QFETCH(std::vector<double>, weights);
    QFETCH(bool, nanSecondQuat);
    QFETCH(int, expected);
    Quat q[3] = {axisAngle(0.4, Vec3::UnitX()), axisAngle(1.0, Vec3::UnitY()),
                 axisAngle(-0.7, Vec3::UnitZ())};
    if (nanSecondQuat) q[1].coeffs().setConstant(kNaN);
    const Quat want = expected < 0 ? Quat::Identity() : q[expected];
    for (const Quat& r : {blendRotationsNlerp(q, weights.data(), 3),
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
