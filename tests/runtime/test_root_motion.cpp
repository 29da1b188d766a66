// Root deltas in the previous heading frame: extraction, blending, application, round trip.
#include <QtTest>

#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/root_motion.h"

using namespace fatgraph;

namespace {
// Expectations are worked out in double; the library takes and returns floats.
using Quat = Eigen::Quaterniond;
using Vec3 = Eigen::Vector3d;

constexpr double kPi = std::numbers::pi;
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// Float precision where the double tests asked for 1e-9 to 1e-12: floats up to 3pi rad or
// ~11 m are spaced up to 9.5e-7 apart, and a delta is the difference of two of them.
constexpr double kAngleTolerance = 1e-6;
constexpr double kPositionTolerance = 2e-6;

bool finite(const RootDelta& d) { return isFinite(d.displacement) && std::isfinite(d.yaw); }
double distance(const Float3& a, const Vec3& b) { return (toEigenDouble(a) - b).norm(); }
double distance(const Float3& a, const Float3& b) { return distance(a, toEigenDouble(b)); }
Quat yawRotation(double yaw) { return Quat(Eigen::AngleAxisd(yaw, Vec3::UnitY())); }
// A frame's yaw for a heading of any size: reduced in double first, since a float of an angle
// like 30 rad is already ~1e-6 off.
float frameYaw(double radians) {
  return fatgraph::wrapAngle(float(std::remainder(radians, 2 * kPi)));
}
}  // namespace

class TestRootMotion : public QObject {
  Q_OBJECT
 private slots:
  void wrapAngle_data() {
    QTest::addColumn<double>("in");
    QTest::addColumn<double>("out");
    QTest::newRow("zero") << 0.0 << 0.0;
    QTest::newRow("small") << 0.3 << 0.3;
    QTest::newRow("pi stays") << kPi << kPi;
    QTest::newRow("-pi to pi") << -kPi << kPi;
    QTest::newRow("3pi") << 3 * kPi << kPi;
    QTest::newRow("just over pi") << kPi + 0.1 << -kPi + 0.1;
    QTest::newRow("-7") << -7.0 << -7.0 + 2 * kPi;
    QTest::newRow("NaN") << double(kNaN) << 0.0;
    QTest::newRow("inf") << double(kInf) << 0.0;
  }
  void wrapAngle() {
    QFETCH(double, in);
    QFETCH(double, out);
    const float wrapped = fatgraph::wrapAngle(float(in));
    QVERIFY2(std::abs(wrapped - out) < kAngleTolerance, qPrintable(QString::number(wrapped)));
  }

  void headingYawIgnoresPitch_data() {
    QTest::addColumn<double>("yaw");
    QTest::addColumn<double>("pitch");
    QTest::newRow("facing +Z") << 0.0 << 0.0;
    QTest::newRow("left, leaning") << 1.2 << 0.3;
    QTest::newRow("behind, leaning back") << 3.0 << -0.4;
    QTest::newRow("right") << -2.0 << 0.1;
  }
  void headingYawIgnoresPitch() {
    QFETCH(double, yaw);
    QFETCH(double, pitch);
    const Quat q = yawRotation(yaw) * Quat(Eigen::AngleAxisd(pitch, Vec3::UnitX()));
    QVERIFY(std::abs(headingYaw(toQuaternion(q)) - yaw) < kAngleTolerance);
  }

  // Walking a circle of radius r while turning left by dpsi per frame: every delta is the
  // chord in the previous heading frame, (r (1 - cos dpsi), 0, r sin dpsi), yaw dpsi.
  void circleGivesConstantChordDeltas_data() {
    QTest::addColumn<double>("radius");
    QTest::addColumn<double>("dpsi");
    QTest::newRow("gentle left") << 3.0 << 0.02;
    QTest::newRow("tight left") << 0.5 << 0.3;
    QTest::newRow("right") << 2.0 << -0.1;
  }
  void circleGivesConstantChordDeltas() {
    QFETCH(double, radius);
    QFETCH(double, dpsi);
    // p(psi) = c + r (1 - cos psi, 0, sin psi) has tangent r (sin psi, 0, cos psi): forward at
    // yaw psi, for a left turn (psi increasing); a right turn mirrors x.
    const double side = dpsi > 0 ? 1.0 : -1.0;
    auto frameAt = [&](int k) {
      const double psi = k * dpsi;
      CharacterFrame f;
      f.position.x = float(side * radius * (1 - std::cos(psi)) + 5.0);  // arbitrary start offset
      f.position.z = float(radius * std::sin(side * psi) - 2.0);
      f.yaw = frameYaw(psi);
      return f;
    };
    const Vec3 chord(side * radius * (1 - std::cos(dpsi)), 0, radius * std::sin(side * dpsi));
    for (int k = 1; k < 100; ++k) {
      const RootDelta d = rootDelta(frameAt(k - 1), frameAt(k));
      QVERIFY2(distance(d.displacement, chord) < kPositionTolerance,
               qPrintable(QString::number(k)));
      QVERIFY(std::abs(d.yaw - dpsi) < kAngleTolerance);
    }
  }

  void roundTripOnCurvedPath() {
    // A wiggly path whose heading is not its tangent (side steps) and turns through more than
    // a full circle, so yaw wraps across +-pi.
    std::vector<CharacterFrame> path(400);
    for (size_t k = 0; k < path.size(); ++k) {
      const double t = k / 30.0;
      path[k].position = toFloat3(Vec3(4 * std::sin(0.5 * t) + 0.3 * std::sin(3 * t), 0.9,
                                       3 * std::cos(0.4 * t) + t * 0.2));
      path[k].yaw = frameYaw(0.9 * t + 0.4 * std::sin(2 * t));
    }
    std::vector<RootDelta> deltas(path.size());
    for (size_t k = 1; k < path.size(); ++k) deltas[k] = rootDelta(path[k - 1], path[k]);
    CharacterFrame f = path[0];
    for (size_t k = 1; k < path.size(); ++k) {
      QCOMPARE(deltas[k].displacement.y, 0.0f);
      f = applyRootDelta(f, deltas[k]);
      QVERIFY2(distance(f.position, path[k].position) < kPositionTolerance,
               qPrintable(QString::number(k)));
      QVERIFY(std::abs(fatgraph::wrapAngle(f.yaw - path[k].yaw)) < kAngleTolerance);
    }
  }

  void blendingIdenticalDeltasGivesTheDelta_data() {
    QTest::addColumn<float>("w0");
    QTest::addColumn<float>("w1");
    QTest::newRow("half half") << 0.5f << 0.5f;
    QTest::newRow("skewed") << 0.2f << 0.8f;
    QTest::newRow("unnormalized") << 3.0f << 7.0f;
    QTest::newRow("one hot") << 0.0f << 1.0f;
  }
  void blendingIdenticalDeltasGivesTheDelta() {
    QFETCH(float, w0);
    QFETCH(float, w1);
    const RootDelta d{{0.01f, 0, 0.05f}, -0.03f};
    const RootDelta ds[] = {d, d};
    const float w[] = {w0, w1};
    const RootDelta b = blendRootDeltas(ds, w, 2);
    QVERIFY(distance(b.displacement, d.displacement) < 1e-15);
    QVERIFY(std::abs(b.yaw - d.yaw) < 1e-15);
  }

  void blendingIsTheNormalizedWeightedMean() {
    const RootDelta ds[] = {{{0.0f, 0, 0.04f}, 0.02f}, {{0.02f, 0, 0.06f}, -0.01f},
                            {{-0.01f, 0, 0.03f}, 0.05f}};
    const float w[] = {1.0f, 2.0f, 1.0f};  // normalized: 0.25, 0.5, 0.25
    const RootDelta b = blendRootDeltas(ds, w, 3);
    // The inputs and the result are floats (spaced 3.7e-9 near 0.05), not the decimals: a few
    // of those spacings where the double test allowed 1e-15.
    QVERIFY(distance(b.displacement, Vec3(0.0075, 0, 0.0475)) < 1e-8);
    QVERIFY(std::abs(b.yaw - 0.0125) < 1e-8);
  }

  void oddInputsGiveFiniteResults() {
    const RootDelta good{{0.01f, 0, 0.05f}, 0.02f};
    const RootDelta bad{{kNaN, 0, 1}, kInf};
    const RootDelta ds[] = {good, bad};
    const float hugeWeight = std::numeric_limits<float>::max();  // float's, for double's 1e308
    const float nanW[] = {kNaN, kNaN}, zeroW[] = {0, 0}, huge[] = {hugeWeight, hugeWeight};
    const float skipBad[] = {1.0f, 0.0f};
    QVERIFY(finite(blendRootDeltas(ds, nanW, 2)));
    QVERIFY(toEigen(blendRootDeltas(ds, zeroW, 2).displacement).isZero());
    QVERIFY(finite(blendRootDeltas(ds, huge, 2)));  // the NaN input poisons: zero delta
    const RootDelta goodOnly[] = {good, good};
    const RootDelta h = blendRootDeltas(goodOnly, huge, 2);
    QVERIFY(distance(h.displacement, good.displacement) < 1e-15);
    const RootDelta s = blendRootDeltas(ds, skipBad, 2);
    QVERIFY(distance(s.displacement, good.displacement) < 1e-15);
    QVERIFY(finite(blendRootDeltas(nullptr, nullptr, 2)));

    CharacterFrame f;
    f.position = {1, 0, 2};
    const CharacterFrame g = applyRootDelta(f, bad);
    QVERIFY(isFinite(g.position) && std::isfinite(g.yaw));
    CharacterFrame nanFrame;
    nanFrame.yaw = kNaN;
    QVERIFY(finite(rootDelta(nanFrame, f)));
    QVERIFY(std::isfinite(applyRootDelta(nanFrame, good).yaw));
    QVERIFY(std::isfinite(headingYaw(Quaternion{0, 0, 0, kNaN})));
    QCOMPARE(headingYaw(toQuaternion(Quat(Eigen::AngleAxisd(kPi / 2, Vec3::UnitX())))), 0.0f);
  }
};

QTEST_GUILESS_MAIN(TestRootMotion)
#include "test_root_motion.moc"
