// Leg IK: analytic two-bone (reach, bone lengths, knee plane, hinge, unreachable and
// degenerate legs), the leg twist, and the numeric solver for longer chains.
#include <QtTest>

#include <array>
#include <cmath>
#include <random>

#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/leg_ik.h"

using namespace fatgraph;

namespace {

bool finite(const TwoBoneIkResult& r) {
  return isFinite(r.hipRotation) && isFinite(r.kneeRotation) && isFinite(r.knee) &&
         isFinite(r.ankle);
}

float rotationAngle(const Quaternion& rotation) {
  const Quatf q = toEigen(rotation);
  return 2.0f * std::atan2(q.vec().norm(), std::abs(q.w()));
}

// A two-bone job's unadjusted leg and a solved result, as Eigen objects to check with.
struct Leg {
  Vec3f hip, knee, ankle;
};
Leg unadjusted(const TwoBoneIkJob& job) {
  return {toEigen(job.hip), toEigen(job.knee), toEigen(job.ankle)};
}

struct Solution {
  Quatf hipRotation, kneeRotation;
  Vec3f knee, ankle;
};
Solution solution(const TwoBoneIkResult& r) {
  return {toEigen(r.hipRotation), toEigen(r.kneeRotation), toEigen(r.knee), toEigen(r.ankle)};
}

// A chain job's working memory and outputs for N joints; joint() and rotation() read the
// outputs as Eigen objects.
template <std::size_t N>
struct ChainBuffers {
  std::array<Float3, N> scratch, solved;
  std::array<Quaternion, N - 1> rotations;
  Vec3f joint(std::size_t k) const { return toEigen(solved[k]); }
  Quatf rotation(std::size_t k) const { return toEigen(rotations[k]); }
};

template <std::size_t N>
std::array<Float3, N> toFloat3s(const std::array<Vec3f, N>& points) {
  std::array<Float3, N> out;
  for (std::size_t k = 0; k < N; ++k) out[k] = toFloat3(points[k]);
  return out;
}

// A bent human-ish leg with random lengths and orientation.
TwoBoneIkJob randomLeg(std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  const Vec3f hip(u(rng), 1.0f + 0.2f * u(rng), u(rng));
  const Vec3f down = Vec3f(0.3f * u(rng), -1.0f, 0.3f * u(rng)).normalized();
  const Vec3f forward = down.cross(Vec3f::UnitX()).normalized();
  const float l1 = 0.45f + 0.1f * u(rng), l2 = 0.42f + 0.1f * u(rng);
  const float bend = 0.2f + 0.5f * std::abs(u(rng));  // thigh ahead of the hip–ankle line
  const Vec3f knee = hip + l1 * (std::cos(bend) * down + std::sin(bend) * forward);
  // The shin goes back under: ankle behind the knee.
  const Vec3f ankle = knee + l2 * (std::cos(bend) * down - std::sin(bend) * forward);
  TwoBoneIkJob job;
  job.hip = toFloat3(hip);
  job.knee = toFloat3(knee);
  job.ankle = toFloat3(ankle);
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
    const Leg leg = unadjusted(job);
    const float l1 = (leg.knee - leg.hip).norm(), l2 = (leg.ankle - leg.knee).norm();
    for (int i = 0; i < 25; ++i) {
      const Vec3f dir = Vec3f(u(rng), u(rng), u(rng)).normalized();
      const float lo = 1.01f * std::abs(l1 - l2), hi = 0.99f * (l1 + l2);
      const Vec3f target = leg.hip + (lo + (hi - lo) * 0.5f * (u(rng) + 1.0f)) * dir;
      job.target = toFloat3(target);
      TwoBoneIkResult result;
      QVERIFY(job.run(result));
      QVERIFY(result.reached);
      const Solution r = solution(result);
      QVERIFY((r.ankle - target).norm() < 1e-5f);
      QVERIFY(std::abs((r.knee - leg.hip).norm() - l1) < 1e-5f);
      QVERIFY(std::abs((r.ankle - r.knee).norm() - l2) < 1e-5f);
      // Knee plane: the unadjusted bend direction, made perpendicular to hip → target.
      const Vec3f a0 = (leg.ankle - leg.hip).normalized();
      const Vec3f b0 = ((leg.knee - leg.hip) - (leg.knee - leg.hip).dot(a0) * a0).normalized();
      const Vec3f a = (target - leg.hip).normalized();
      const Vec3f p = (b0 - b0.dot(a) * a).normalized();
      QVERIFY(std::abs((r.knee - leg.hip).dot(a.cross(p))) < 1e-5f);
      QVERIFY((r.knee - leg.hip).dot(p) > 0.0f);
      // The rotations move the bones onto the solved positions…
      QVERIFY((r.hipRotation * (leg.knee - leg.hip) - (r.knee - leg.hip)).norm() < 1e-5f);
      QVERIFY((r.kneeRotation * (leg.ankle - leg.knee) - (r.ankle - r.knee)).norm() < 1e-5f);
      // …and the knee's own change turns about its hinge only.
      const Vec3f hinge = (leg.knee - leg.hip).cross(leg.ankle - leg.knee).normalized();
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
      QVERIFY((toEigen(r.knee) - toEigen(job.knee)).norm() < 1e-5f);
    }
  }

  void twoBoneUnreachablePointsStraightAtTheTarget() {
    const Vec3f hip(0, 1, 0), knee(0, 0.55f, 0.1f), ankle(0, 0.1f, 0);
    TwoBoneIkJob job;
    job.hip = toFloat3(hip);
    job.knee = toFloat3(knee);
    job.ankle = toFloat3(ankle);
    const float l1 = (knee - hip).norm(), l2 = (ankle - knee).norm();
    for (const Vec3f& t : {Vec3f(0.3f, -2.0f, 0.5f), Vec3f(5, 1, 0), Vec3f(0, 40, 0)}) {
      job.target = toFloat3(t);
      TwoBoneIkResult result;
      QVERIFY(job.run(result));
      QVERIFY(!result.reached);
      QVERIFY(finite(result));
      const Solution r = solution(result);
      const Vec3f dir = (t - hip).normalized();
      QVERIFY(((r.ankle - hip).normalized() - dir).norm() < 1e-5f);
      QVERIFY(std::abs((r.ankle - hip).norm() - 0.999f * (l1 + l2)) < 1e-5f);
      // Straight to within the 0.1 % slack: the knee is close to the hip–ankle line.
      const Vec3f k = r.knee - hip;
      QVERIFY((k - k.dot(dir) * dir).norm() < 0.05f * (l1 + l2));
    }
    // Too close (inside |L1 − L2|): folded as far as allowed, along the target's direction.
    job.knee = toFloat3(Vec3f(0, 0.4f, 0.1f));  // L1 ≈ 0.61, L2 ≈ 0.32
    job.target = toFloat3(hip + Vec3f(0.05f, -0.05f, 0.0f));
    TwoBoneIkResult r;
    QVERIFY(job.run(r));
    QVERIFY(!r.reached && finite(r));
    QVERIFY(((toEigen(r.ankle) - hip).normalized() - Vec3f(1, -1, 0).normalized()).norm() < 1e-5f);
  }

  void twoBoneDegenerateLegsStayFinite() {
    TwoBoneIkJob straight;
    straight.hip = {0, 1, 0};
    straight.knee = {0, 0.5f, 0};
    straight.ankle = {0, 0, 0};
    straight.target = {0, 0.2f, 0.1f};
    TwoBoneIkResult r;
    QVERIFY(straight.run(r));
    QVERIFY(finite(r) && r.reached);
    QVERIFY((toEigen(r.ankle) - toEigen(straight.target)).norm() < 1e-5f);
    straight.bendHint = {0, 0, 1};  // knees bend forward
    straight.target = {0, 0.3f, 0};
    QVERIFY(straight.run(r));
    QVERIFY(finite(r) && r.reached && r.knee.z > 0.1f);
    // Target at the hip, and a hint along the leg.
    straight.target = straight.hip;
    straight.bendHint = {0, -1, 0};
    QVERIFY(straight.run(r));
    QVERIFY(finite(r) && !r.reached);
    // Bad input: false, identity rotations, finite positions.
    straight.target = {std::nanf(""), 0, 0};
    QVERIFY(!straight.run(r));
    QVERIFY(finite(r) && rotationAngle(r.hipRotation) == 0.0f);
    TwoBoneIkJob zeroBone = straight;
    zeroBone.knee = zeroBone.hip;
    zeroBone.target = {0, 0.3f, 0};
    QVERIFY(!zeroBone.run(r));
    QVERIFY(finite(r));
  }

  void twistSwingsTheKneeAroundTheHipAnkleLine() {
    std::mt19937 rng(4);
    TwoBoneIkJob job = randomLeg(rng);
    const Leg leg = unadjusted(job);
    job.target = toFloat3(leg.ankle + Vec3f(0.05f, 0.1f, 0.02f));
    TwoBoneIkResult result;
    QVERIFY(job.run(result));
    const Solution before = solution(result);
    twistLeg(result, job.hip, 0.4f);
    const Solution r = solution(result);
    QVERIFY((r.ankle - before.ankle).norm() < 1e-6f);
    QVERIFY(std::abs((r.knee - leg.hip).norm() - (before.knee - leg.hip).norm()) < 1e-5f);
    const Vec3f axis = (r.ankle - leg.hip).normalized();
    auto perp = [&](const Vec3f& v) { return Vec3f(v - v.dot(axis) * axis); };
    const Vec3f k0 = perp(before.knee - leg.hip), k1 = perp(r.knee - leg.hip);
    QVERIFY(std::abs(std::atan2(k0.cross(k1).dot(axis), k0.dot(k1)) - 0.4f) < 1e-4f);
    QVERIFY((r.hipRotation * (leg.knee - leg.hip) - (r.knee - leg.hip)).norm() < 1e-5f);
    QVERIFY((r.kneeRotation * (leg.ankle - leg.knee) - (r.ankle - r.knee)).norm() < 1e-5f);
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
    const std::array<Float3, 4> input = toFloat3s(joints);
    ChainBuffers<4> b;
    ChainIkJob job{input, {}, {0, 0, 1}, b.scratch, b.rotations, b.solved};
    for (int i = 0; i < 20; ++i) {
      const Vec3f dir = Vec3f(0.4f * u(rng), -1.0f, 0.4f * u(rng)).normalized();
      const Vec3f target = joints[0] + (0.45f + 0.4f * 0.5f * (u(rng) + 1.0f)) * total * dir;
      job.target = toFloat3(target);
      ChainIkReport report;
      QVERIFY(job.run(&report));
      QVERIFY(report.reached);
      QVERIFY(report.iterations <= 100);
      QVERIFY((b.joint(3) - target).norm() <= 0.001f * total + 1e-5f);
      QVERIFY(((b.joint(3) - joints[0]).normalized() - dir).norm() < 1e-4f);
      for (int k = 0; k < 3; ++k) {
        const Vec3f bone = joints[k + 1] - joints[k], now = b.joint(k + 1) - b.joint(k);
        QVERIFY(std::abs(now.norm() - bone.norm()) < 1e-5f);
        QVERIFY((b.rotation(k) * bone - now).norm() < 1e-5f);
      }
      // Each inner joint bends about its own original bend axis only.
      for (int k = 1; k < 3; ++k) {
        const Vec3f axis =
            (joints[k] - joints[k - 1]).cross(joints[k + 1] - joints[k]).normalized();
        const Quatf local = b.rotation(k - 1).conjugate() * b.rotation(k);
        QVERIFY((local * axis - axis).norm() < 1e-4f);
      }
    }
    // Fidelity: the unadjusted ankle gives back the unadjusted chain.
    job.target = input[3];
    ChainIkReport report;
    QVERIFY(job.run(&report));
    QVERIFY(report.iterations == 0);
    for (int k = 0; k < 4; ++k) QVERIFY((b.joint(k) - joints[k]).norm() < 1e-5f);
  }

  void chainOddCases() {
    const std::array<Vec3f, 4> straight = {Vec3f(0, 1, 0), Vec3f(0, 0.7f, 0), Vec3f(0, 0.35f, 0),
                                           Vec3f(0, 0, 0)};
    const std::array<Float3, 4> input = toFloat3s(straight);
    ChainBuffers<4> b;
    ChainIkJob job{input, {0, 0.4f, 0.2f}, {0, 0, 1}, b.scratch, b.rotations, b.solved};
    ChainIkReport report;
    QVERIFY(job.run(&report));
    QVERIFY(report.reached);
    QVERIFY((b.joint(3) - toEigen(job.target)).norm() <= 0.001f + 1e-5f);
    QVERIFY(b.solved[1].z > 0.0f);  // bent towards the hint
    // Far away: straight at it, flagged.
    const Vec3f far(3, -2, 1);
    job.target = toFloat3(far);
    QVERIFY(job.run(&report));
    QVERIFY(!report.reached);
    QVERIFY(((b.joint(3) - straight[0]).normalized() - (far - straight[0]).normalized()).norm() <
            1e-4f);
    // Target on the hip: folded as far as it goes, finite, flagged.
    job.target = input[0];
    QVERIFY(job.run(&report));
    QVERIFY(!report.reached);
    for (const Float3& p : b.solved) QVERIFY(isFinite(p));
    for (const Quaternion& q : b.rotations) QVERIFY(isFinite(q));
    // Bad spans or input: false, identity rotations.
    ChainIkJob small = job;
    small.scratch = Span<Float3>(b.scratch.data(), 2);
    QVERIFY(!small.run(&report));
    job.target = {0, std::nanf(""), 0};
    QVERIFY(!job.run(&report));
    for (const Quaternion& q : b.rotations) QVERIFY(rotationAngle(q) == 0.0f);
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
    auto point = [&] { return toFloat3(Vec3f(coordinate(), coordinate(), coordinate())); };
    std::array<Float3, 4> joints;
    ChainBuffers<4> b;
    for (int i = 0; i < 5000; ++i) {
      TwoBoneIkJob job{point(), point(), point(), point(), point()};
      TwoBoneIkResult r;
      job.run(r);
      QVERIFY2(finite(r),
               qPrintable(QString("hip %1 %2 %3 knee %4 %5 %6 ankle %7 %8 %9 target %10 %11 %12")
                              .arg(job.hip.x)
                              .arg(job.hip.y)
                              .arg(job.hip.z)
                              .arg(job.knee.x)
                              .arg(job.knee.y)
                              .arg(job.knee.z)
                              .arg(job.ankle.x)
                              .arg(job.ankle.y)
                              .arg(job.ankle.z)
                              .arg(job.target.x)
                              .arg(job.target.y)
                              .arg(job.target.z)));
      for (Float3& j : joints) j = point();
      ChainIkJob chain{joints, point(), point(), b.scratch, b.rotations, b.solved};
      chain.run();
      for (const Float3& p : b.solved) QVERIFY(isFinite(p));
      for (const Quaternion& q : b.rotations) QVERIFY(isFinite(q));
    }
  }

  void chainAgreesWithTwoBoneOnTwoBones() {
    std::mt19937 rng(8);
    for (int i = 0; i < 20; ++i) {
      TwoBoneIkJob two = randomLeg(rng);
      two.target = toFloat3(toEigen(two.ankle) + Vec3f(0.1f, 0.15f, -0.05f));
      TwoBoneIkResult result;
      QVERIFY(two.run(result));
      const Solution r = solution(result);
      const std::array<Float3, 3> joints = {two.hip, two.knee, two.ankle};
      ChainBuffers<3> b;
      const ChainIkJob chain{joints, two.target, {}, b.scratch, b.rotations, b.solved};
      QVERIFY(chain.run());
      QVERIFY((b.joint(1) - r.knee).norm() < 0.02f);
      QVERIFY((b.joint(2) - r.ankle).norm() < 0.002f);
    }
  }
};

QTEST_GUILESS_MAIN(TestLegIk)
#include "test_leg_ik.moc"
