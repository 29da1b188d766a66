// Leg IK: analytic two-bone (reach, bone lengths, knee plane, hinge, unreachable and
// degenerate legs), the leg twist, and the numeric solver for longer chains.
#include <QtTest>

#include <array>
#include <cmath>
#include <random>

#include "fatgraph/runtime/leg_ik.h"

using namespace fatgraph;

namespace {

bool finite(const TwoBoneIkResult& r) {
  return r.hipRotation.coeffs().allFinite() && r.kneeRotation.coeffs().allFinite() &&
         r.knee.allFinite() && r.ankle.allFinite();
}

float rotationAngle(const Quatf& q) { return 2.0f * std::atan2(q.vec().norm(), std::abs(q.w())); }

// A bent human-ish leg with random lengths and orientation.
TwoBoneIkJob randomLeg(std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  TwoBoneIkJob job;
  job.hip = Vec3f(u(rng), 1.0f + 0.2f * u(rng), u(rng));
  const Vec3f down = Vec3f(0.3f * u(rng), -1.0f, 0.3f * u(rng)).normalized();
  const Vec3f forward = down.cross(Vec3f::UnitX()).normalized();
  const float l1 = 0.45f + 0.1f * u(rng), l2 = 0.42f + 0.1f * u(rng);
  const float bend = 0.2f + 0.5f * std::abs(u(rng));  // thigh ahead of the hip–ankle line
  job.knee = job.hip + l1 * (std::cos(bend) * down + std::sin(bend) * forward);
  // The shin goes back under: ankle behind the knee.
  job.ankle = job.knee + l2 * (std::cos(bend) * down - std::sin(bend) * forward);
  return job;
}

}  // namespace

class TestLegIk : public QObject {
  Q_OBJECT
 private slots:
  void twoBoneReachesReachableTargets_data() {
    QTest::addColumn<int>("seed");
    for (int s = 1; s <= 40; ++s) QTest::newRow(qPrintable(QString("seed %1").arg(s))) << s;
  }
  void twoBoneReachesReachableTargets() {
    QFETCH(int, seed);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    TwoBoneIkJob job = randomLeg(rng);
    const float l1 = (job.knee - job.hip).norm(), l2 = (job.ankle - job.knee).norm();
    for (int i = 0; i < 25; ++i) {
      const Vec3f dir = Vec3f(u(rng), u(rng), u(rng)).normalized();
      const float lo = 1.01f * std::abs(l1 - l2), hi = 0.99f * (l1 + l2);
      job.target = job.hip + (lo + (hi - lo) * 0.5f * (u(rng) + 1.0f)) * dir;
      TwoBoneIkResult r;
      QVERIFY(job.run(r));
      QVERIFY(r.reached);
      QVERIFY((r.ankle - job.target).norm() < 1e-5f);
      QVERIFY(std::abs((r.knee - job.hip).norm() - l1) < 1e-5f);
      QVERIFY(std::abs((r.ankle - r.knee).norm() - l2) < 1e-5f);
      // Knee plane: the unadjusted bend direction, made perpendicular to hip → target.
      const Vec3f a0 = (job.ankle - job.hip).normalized();
      const Vec3f b0 = ((job.knee - job.hip) - (job.knee - job.hip).dot(a0) * a0).normalized();
      const Vec3f a = (job.target - job.hip).normalized();
      const Vec3f p = (b0 - b0.dot(a) * a).normalized();
      QVERIFY(std::abs((r.knee - job.hip).dot(a.cross(p))) < 1e-5f);
      QVERIFY((r.knee - job.hip).dot(p) > 0.0f);
      // The rotations move the bones onto the solved positions…
      QVERIFY((r.hipRotation * (job.knee - job.hip) - (r.knee - job.hip)).norm() < 1e-5f);
      QVERIFY((r.kneeRotation * (job.ankle - job.knee) - (r.ankle - r.knee)).norm() < 1e-5f);
      // …and the knee's own change turns about its hinge only.
      const Vec3f hinge = (job.knee - job.hip).cross(job.ankle - job.knee).normalized();
      const Quatf local = r.hipRotation.conjugate() * r.kneeRotation;
      QVERIFY((local * hinge - hinge).norm() < 1e-4f);
    }
  }

  void twoBoneLeavesTheUnadjustedPoseAlone() {
    std::mt19937 rng(99);
    for (int i = 0; i < 50; ++i) {
      TwoBoneIkJob job = randomLeg(rng);
      job.target = job.ankle;
      TwoBoneIkResult r;
      QVERIFY(job.run(r));
      QVERIFY(r.reached);
      QVERIFY(rotationAngle(r.hipRotation) < 1e-3f);
      QVERIFY(rotationAngle(r.kneeRotation) < 1e-3f);
      QVERIFY((r.knee - job.knee).norm() < 1e-5f);
    }
  }

  void twoBoneUnreachablePointsStraightAtTheTarget() {
    TwoBoneIkJob job;
    job.hip = Vec3f(0, 1, 0);
    job.knee = Vec3f(0, 0.55f, 0.1f);
    job.ankle = Vec3f(0, 0.1f, 0);
    const float l1 = (job.knee - job.hip).norm(), l2 = (job.ankle - job.knee).norm();
    for (const Vec3f& t : {Vec3f(0.3f, -2.0f, 0.5f), Vec3f(5, 1, 0), Vec3f(0, 40, 0)}) {
      job.target = t;
      TwoBoneIkResult r;
      QVERIFY(job.run(r));
      QVERIFY(!r.reached);
      QVERIFY(finite(r));
      const Vec3f dir = (t - job.hip).normalized();
      QVERIFY(((r.ankle - job.hip).normalized() - dir).norm() < 1e-5f);
      QVERIFY(std::abs((r.ankle - job.hip).norm() - 0.999f * (l1 + l2)) < 1e-5f);
      // Straight to within the 0.1 % slack: the knee is close to the hip–ankle line.
      const Vec3f k = r.knee - job.hip;
      QVERIFY((k - k.dot(dir) * dir).norm() < 0.05f * (l1 + l2));
    }
    // Too close (inside |L1 − L2|): folded as far as allowed, along the target's direction.
    job.knee = Vec3f(0, 0.4f, 0.1f);  // L1 ≈ 0.61, L2 ≈ 0.32
    job.target = job.hip + Vec3f(0.05f, -0.05f, 0.0f);
    TwoBoneIkResult r;
    QVERIFY(job.run(r));
    QVERIFY(!r.reached && finite(r));
    QVERIFY(((r.ankle - job.hip).normalized() - Vec3f(1, -1, 0).normalized()).norm() < 1e-5f);
  }

  void twoBoneDegenerateLegsStayFinite() {
    TwoBoneIkJob straight;
    straight.hip = Vec3f(0, 1, 0);
    straight.knee = Vec3f(0, 0.5f, 0);
    straight.ankle = Vec3f(0, 0, 0);
    straight.target = Vec3f(0, 0.2f, 0.1f);
    TwoBoneIkResult r;
    QVERIFY(straight.run(r));
    QVERIFY(finite(r) && r.reached);
    QVERIFY((r.ankle - straight.target).norm() < 1e-5f);
    straight.bendHint = Vec3f(0, 0, 1);  // knees bend forward
    straight.target = Vec3f(0, 0.3f, 0);
    QVERIFY(straight.run(r));
    QVERIFY(finite(r) && r.reached && r.knee.z() > 0.1f);
    // Target at the hip, and a hint along the leg.
    straight.target = straight.hip;
    straight.bendHint = Vec3f(0, -1, 0);
    QVERIFY(straight.run(r));
    QVERIFY(finite(r) && !r.reached);
    // Bad input: false, identity rotations, finite positions.
    straight.target = Vec3f(std::nanf(""), 0, 0);
    QVERIFY(!straight.run(r));
    QVERIFY(finite(r) && rotationAngle(r.hipRotation) == 0.0f);
    TwoBoneIkJob zeroBone = straight;
    zeroBone.knee = zeroBone.hip;
    zeroBone.target = Vec3f(0, 0.3f, 0);
    QVERIFY(!zeroBone.run(r));
    QVERIFY(finite(r));
  }

  void twistSwingsTheKneeAroundTheHipAnkleLine() {
    std::mt19937 rng(4);
    TwoBoneIkJob job = randomLeg(rng);
    job.target = job.ankle + Vec3f(0.05f, 0.1f, 0.02f);
    TwoBoneIkResult r;
    QVERIFY(job.run(r));
    const TwoBoneIkResult before = r;
    twistLeg(r, job.hip, 0.4f);
    QVERIFY((r.ankle - before.ankle).norm() < 1e-6f);
    QVERIFY(std::abs((r.knee - job.hip).norm() - (before.knee - job.hip).norm()) < 1e-5f);
    const Vec3f axis = (r.ankle - job.hip).normalized();
    auto perp = [&](const Vec3f& v) { return Vec3f(v - v.dot(axis) * axis); };
    const Vec3f k0 = perp(before.knee - job.hip), k1 = perp(r.knee - job.hip);
    QVERIFY(std::abs(std::atan2(k0.cross(k1).dot(axis), k0.dot(k1)) - 0.4f) < 1e-4f);
    QVERIFY((r.hipRotation * (job.knee - job.hip) - (r.knee - job.hip)).norm() < 1e-5f);
    QVERIFY((r.kneeRotation * (job.ankle - job.knee) - (r.ankle - r.knee)).norm() < 1e-5f);
    QVERIFY(rotationAngle(legTwist(job.hip, job.hip, 1.0f)) == 0.0f);
  }

  void chainReachesWithinTolerance_data() {
    QTest::addColumn<int>("seed");
    for (int s = 1; s <= 20; ++s) QTest::newRow(qPrintable(QString("seed %1").arg(s))) << s;
  }
  void chainReachesWithinTolerance() {
    QFETCH(int, seed);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    // A dog's hind leg: hip, stifle, hock, fetlock (three bones), zig-zag, slightly non-planar.
    const std::array<Vec3f, 4> joints = {Vec3f(0, 0.6f, 0), Vec3f(0.02f, 0.38f, 0.12f),
                                         Vec3f(-0.01f, 0.15f, -0.05f), Vec3f(0, 0.02f, 0.0f)};
    float total = 0;
    for (int k = 0; k < 3; ++k) total += (joints[k + 1] - joints[k]).norm();
    std::array<Vec3f, 4> scratch, solved;
    std::array<Quatf, 3> rotations;
    ChainIkJob job{joints, Vec3f::Zero(), Vec3f(0, 0, 1), scratch, rotations, solved};
    for (int i = 0; i < 20; ++i) {
      const Vec3f dir = Vec3f(0.4f * u(rng), -1.0f, 0.4f * u(rng)).normalized();
      job.target = joints[0] + (0.45f + 0.4f * 0.5f * (u(rng) + 1.0f)) * total * dir;
      ChainIkReport report;
      QVERIFY(job.run(&report));
      QVERIFY(report.reached);
      QVERIFY(report.iterations <= 100);
      QVERIFY((solved[3] - job.target).norm() <= 0.001f * total + 1e-5f);
      QVERIFY(((solved[3] - joints[0]).normalized() - dir).norm() < 1e-4f);
      for (int k = 0; k < 3; ++k) {
        const Vec3f bone = joints[k + 1] - joints[k], now = solved[k + 1] - solved[k];
        QVERIFY(std::abs(now.norm() - bone.norm()) < 1e-5f);
        QVERIFY((rotations[k] * bone - now).norm() < 1e-5f);
      }
      // Each inner joint bends about its own original bend axis only.
      for (int k = 1; k < 3; ++k) {
        const Vec3f axis =
            (joints[k] - joints[k - 1]).cross(joints[k + 1] - joints[k]).normalized();
        const Quatf local = rotations[k - 1].conjugate() * rotations[k];
        QVERIFY((local * axis - axis).norm() < 1e-4f);
      }
    }
    // Fidelity: the unadjusted ankle gives back the unadjusted chain.
    job.target = joints[3];
    ChainIkReport report;
    QVERIFY(job.run(&report));
    QVERIFY(report.iterations == 0);
    for (int k = 0; k < 4; ++k) QVERIFY((solved[k] - joints[k]).norm() < 1e-5f);
  }

  void chainOddCases() {
    const std::array<Vec3f, 4> straight = {Vec3f(0, 1, 0), Vec3f(0, 0.7f, 0), Vec3f(0, 0.35f, 0),
                                           Vec3f(0, 0, 0)};
    std::array<Vec3f, 4> scratch, solved;
    std::array<Quatf, 3> rotations;
    ChainIkJob job{straight, Vec3f(0, 0.4f, 0.2f), Vec3f(0, 0, 1), scratch, rotations, solved};
    ChainIkReport report;
    QVERIFY(job.run(&report));
    QVERIFY(report.reached);
    QVERIFY((solved[3] - job.target).norm() <= 0.001f + 1e-5f);
    QVERIFY(solved[1].z() > 0.0f);  // bent towards the hint
    // Far away: straight at it, flagged.
    job.target = Vec3f(3, -2, 1);
    QVERIFY(job.run(&report));
    QVERIFY(!report.reached);
    QVERIFY(
        ((solved[3] - straight[0]).normalized() - (job.target - straight[0]).normalized()).norm() <
        1e-4f);
    // Target on the hip: folded as far as it goes, finite, flagged.
    job.target = straight[0];
    QVERIFY(job.run(&report));
    QVERIFY(!report.reached);
    for (const Vec3f& p : solved) QVERIFY(p.allFinite());
    for (const Quatf& q : rotations) QVERIFY(q.coeffs().allFinite());
    // Bad spans or input: false, identity rotations.
    ChainIkJob small = job;
    small.scratch = std::span<Vec3f>(scratch.data(), 2);
    QVERIFY(!small.run(&report));
    job.target = Vec3f(0, std::nanf(""), 0);
    QVERIFY(!job.run(&report));
    for (const Quatf& q : rotations) QVERIFY(rotationAngle(q) == 0.0f);
  }

  void oddInputNeverGivesNaN() {
    // Coordinates drawn from ordinary, tiny, huge and non-finite values.
    const std::array<float, 10> values = {0.0f, 1.0f,   -0.5f,    1e-30f,    -1e-7f,
                                          1e7f, -1e19f, INFINITY, -INFINITY, NAN};
    std::mt19937 rng(17);
    std::uniform_int_distribution<int> pick(0, int(values.size()) - 1), coin(0, 3);
    auto coordinate = [&] {
      return coin(rng) ? std::uniform_real_distribution<float>(-1, 1)(rng) : values[pick(rng)];
    };
    auto point = [&] { return Vec3f(coordinate(), coordinate(), coordinate()); };
    std::array<Vec3f, 4> joints, scratch, solved;
    std::array<Quatf, 3> rotations;
    for (int i = 0; i < 5000; ++i) {
      TwoBoneIkJob job{point(), point(), point(), point(), point()};
      TwoBoneIkResult r;
      job.run(r);
      QVERIFY2(finite(r),
               qPrintable(QString("hip %1 %2 %3 knee %4 %5 %6 ankle %7 %8 %9 target %10 %11 %12")
                              .arg(job.hip.x())
                              .arg(job.hip.y())
                              .arg(job.hip.z())
                              .arg(job.knee.x())
                              .arg(job.knee.y())
                              .arg(job.knee.z())
                              .arg(job.ankle.x())
                              .arg(job.ankle.y())
                              .arg(job.ankle.z())
                              .arg(job.target.x())
                              .arg(job.target.y())
                              .arg(job.target.z())));
      for (Vec3f& j : joints) j = point();
      ChainIkJob chain{joints, point(), point(), scratch, rotations, solved};
      chain.run();
      for (const Vec3f& p : solved) QVERIFY(p.allFinite());
      for (const Quatf& q : rotations) QVERIFY(q.coeffs().allFinite());
    }
  }

  void chainAgreesWithTwoBoneOnTwoBones() {
    std::mt19937 rng(8);
    for (int i = 0; i < 20; ++i) {
      TwoBoneIkJob two = randomLeg(rng);
      two.target = two.ankle + Vec3f(0.1f, 0.15f, -0.05f);
      TwoBoneIkResult r;
      QVERIFY(two.run(r));
      const std::array<Vec3f, 3> joints = {two.hip, two.knee, two.ankle};
      std::array<Vec3f, 3> scratch, solved;
      std::array<Quatf, 2> rotations;
      const ChainIkJob chain{joints, two.target, Vec3f::Zero(), scratch, rotations, solved};
      QVERIFY(chain.run());
      QVERIFY((solved[1] - r.knee).norm() < 0.02f);
      QVERIFY((solved[2] - r.ankle).norm() < 0.002f);
    }
  }
};

QTEST_GUILESS_MAIN(TestLegIk)
#include "test_leg_ik.moc"
