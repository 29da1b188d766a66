// The leg IK's internal kernels (runtime/src/leg_ik_frames.h), each against the plain
// construction it replaces: the frame map against the matrix of the two frames, the in-plane
// turn against an axis-angle rotation, and the solve with the twist folded in against the solve
// followed by the separate twist pass. Random inputs include half turns and near-parallel
// frames, where a shortest arc alone would lose precision.
#include <QtTest>

#include <cmath>
#include <random>

#include "fatgraph/eigen_bridge.h"
#include "leg_ik_frames.h"

using namespace fatgraph;
using namespace fatgraph::leg_ik_detail;

namespace {

Vec3f randomUnit(std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  for (;;) {
    const Vec3f v(u(rng), u(rng), u(rng));
    if (v.norm() > 0.1f) return v.normalized();
  }
}

// The rotation whose matrix maps the frame (x, n, x × n) onto (x2, n2, x2 × n2).
Quatf matrixFrameMap(const Vec3f& x, const Vec3f& n, const Vec3f& x2, const Vec3f& n2) {
  Eigen::Matrix3f from, to;
  from << x, n, x.cross(n);
  to << x2, n2, x2.cross(n2);
  return Quatf(Eigen::Matrix3f(to * from.transpose())).normalized();
}

// Distance between two rotations as the largest move of a unit vector, sign-blind.
float rotationDistance(const Quatf& a, const Quatf& b) {
  float worst = 0.0f;
  for (int axis = 0; axis < 3; ++axis) {
    const Vec3f v = Vec3f::Unit(axis);
    worst = std::max(worst, (a * v - b * v).norm());
  }
  return worst;
}

}  // namespace

class TestLegIkKernels : public QObject {
  Q_OBJECT
 private slots:
  void frameMapIsTheFramesMatrix_data() {
    QTest::addColumn<int>("kind");
    QTest::newRow("any rotation") << 0;
    QTest::newRow("near a half turn") << 1;
    QTest::newRow("a small turn") << 2;
  }
  void frameMapIsTheFramesMatrix() {
    QFETCH(int, kind);
    std::mt19937 rng(5 + kind);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    float worst = 0.0f, worstMatrix = 0.0f;
    for (int i = 0; i < 20000; ++i) {
      const Vec3f n = randomUnit(rng);
      const Vec3f x = perpendicularPart(randomUnit(rng), n).normalized();
      const float angle = kind == 0 ? 3.14159265f * u(rng) : kind == 1 ? 3.14159265f - 1e-3f * u(rng) : 1e-3f * u(rng);
      const Quatf r(Eigen::AngleAxisf(angle, randomUnit(rng)));
      const Vec3f x2 = r * x, n2 = r * n;
      const Quatf q = frameMap(x, n, x2, n2);
      QVERIFY(q.w() >= 0.0f);
      QVERIFY(std::abs(q.norm() - 1.0f) < 1e-6f);
      worst = std::max({worst, (q * x - x2).norm(), (q * n - n2).norm()});
      worstMatrix = std::max(worstMatrix, rotationDistance(q, matrixFrameMap(x, n, x2.normalized(), n2.normalized())));
    }
    QVERIFY2(worst < 2e-6f, qPrintable(QString::number(worst)));
    // The matrix's own conversion to a quaternion rounds more than the frame map does.
    QVERIFY2(worstMatrix < 1e-5f, qPrintable(QString::number(worstMatrix)));
  }

  void frameMapOfBadInputIsTheIdentity() {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const Quatf q = frameMap(Vec3f(nan, 0, 0), Vec3f::UnitY(), Vec3f::UnitX(), Vec3f::UnitY());
    QVERIFY(q.isApprox(Quatf::Identity()));
    // x along n has no part perpendicular to it.
    QVERIFY(frameMap(Vec3f::UnitY(), Vec3f::UnitY(), Vec3f::UnitX(), Vec3f::UnitY()).isApprox(Quatf::Identity()));
  }

  void planeTurnIsTheAngleChange() {
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (int i = 0; i < 5000; ++i) {
      const Vec3f n = randomUnit(rng);
      const float from = 3.14159265f * u(rng), to = 3.14159265f * u(rng);
      const float r0 = 0.1f + std::abs(u(rng)), r1 = 0.1f + std::abs(u(rng));  // any lengths
      const Quatf q = planeTurn(n, r0 * std::cos(from), r0 * std::sin(from), r1 * std::cos(to), r1 * std::sin(to));
      QVERIFY(rotationDistance(q, Quatf(Eigen::AngleAxisf(to - from, n))) < 2e-6f);
    }
    QVERIFY(planeTurn(Vec3f::UnitZ(), 0, 0, 1, 0).isApprox(Quatf::Identity()));  // no direction
  }

  void twistFoldedIntoTheSolveIsTheTwistPass() {
    std::mt19937 rng(17);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (int i = 0; i < 2000; ++i) {
      const Vec3f hip(u(rng), 1.0f + u(rng), u(rng));
      const Vec3f knee = hip + (0.3f + 0.2f * std::abs(u(rng))) * randomUnit(rng);
      const Vec3f ankle = knee + (0.3f + 0.2f * std::abs(u(rng))) * randomUnit(rng);
      const Vec3f target = hip + 0.6f * std::abs(u(rng)) * randomUnit(rng);
      const TwoBoneLeg leg{hip, knee, ankle, target, Vec3f::UnitZ()};
      QVERIFY(usableLeg(leg));
      const float twist = 0.8f * u(rng);
      TwoBoneSolution folded, separate;
      solveTwoBone(leg, folded, twist);
      solveTwoBone(leg, separate);
      twistSolution(separate, hip, twist);
      QVERIFY((folded.knee - separate.knee).norm() < 3e-6f);
      QVERIFY((folded.ankle - separate.ankle).norm() < 1e-6f);
      QVERIFY(rotationDistance(folded.hipRotation, separate.hipRotation) < 5e-6f);
      QVERIFY(rotationDistance(folded.kneeRotation, separate.kneeRotation) < 5e-6f);
      QCOMPARE(folded.reached, separate.reached);
    }
  }
};

QTEST_APPLESS_MAIN(TestLegIkKernels)
#include "test_leg_ik_kernels.moc"
