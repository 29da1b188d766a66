// Root deltas in the previous heading frame: extraction, blending, application, round trip.
#include <QtTest>

#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "fatgraph/runtime/root_motion.h"

using namespace fatgraph;

namespace {
constexpr double kPi = std::numbers::pi;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
bool finite(const RootDelta& d) { return d.displacement.allFinite() && std::isfinite(d.yaw); }
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
    QTest::newRow("NaN") << kNaN << 0.0;
    QTest::newRow("inf") << kInf << 0.0;
  }
  void wrapAngle() {
    QFETCH(double, in);
    QFETCH(double, out);
    QVERIFY2(std::abs(fatgraph::wrapAngle(in) - out) < 1e-12,
             qPrintable(QString::number(fatgraph::wrapAngle(in))));
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
    QVERIFY(std::abs(headingYaw(q) - yaw) < 1e-12);
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
      f.position.x() = side * radius * (1 - std::cos(psi)) + 5.0;  // arbitrary start offset
      f.position.z() = radius * std::sin(side * psi) - 2.0;
      f.yaw = fatgraph::wrapAngle(psi);
      return f;
    };
    const Vec3 chord(side * radius * (1 - std::cos(dpsi)), 0, radius * std::sin(side * dpsi));
    for (int k = 1; k < 100; ++k) {
      const RootDelta d = rootDelta(frameAt(k - 1), frameAt(k));
      QVERIFY2((d.displacement - chord).norm() < 1e-9, qPrintable(QString::number(k)));
      QVERIFY(std::abs(d.yaw - dpsi) < 1e-12);
    }
  }

  void roundTripOnCurvedPath() {
    // A wiggly path whose heading is not its tangent (side steps) and turns through more than
    // a full circle, so yaw wraps across +-pi.
    std::vector<CharacterFrame> path(400);
    for (size_t k = 0; k < path.size(); ++k) {
      const double t = k / 30.0;
      path[k].position = Vec3(4 * std::sin(0.5 * t) + 0.3 * std::sin(3 * t), 0.9,
                              3 * std::cos(0.4 * t) + t * 0.2);
      path[k].yaw = fatgraph::wrapAngle(0.9 * t + 0.4 * std::sin(2 * t));
    }
    std::vector<RootDelta> deltas(path.size());
    for (size_t k = 1; k < path.size(); ++k) deltas[k] = rootDelta(path[k - 1], path[k]);
    CharacterFrame f = path[0];
    for (size_t k = 1; k < path.size(); ++k) {
      QCOMPARE(deltas[k].displacement.y(), 0.0);
      f = applyRootDelta(f, deltas[k]);
      QVERIFY2((f.position - path[k].position).norm() < 1e-9, qPrintable(QString::number(k)));
      QVERIFY(std::abs(fatgraph::wrapAngle(f.yaw - path[k].yaw)) < 1e-9);
    }
  }

  void blendingIdenticalDeltasGivesTheDelta_data() {
    QTest::addColumn<double>("w0");
    QTest::addColumn<double>("w1");
    QTest::newRow("half half") << 0.5 << 0.5;
    QTest::newRow("skewed") << 0.2 << 0.8;
    QTest::newRow("unnormalized") << 3.0 << 7.0;
    QTest::newRow("one hot") << 0.0 << 1.0;
  }
  void blendingIdenticalDeltasGivesTheDelta() {
    QFETCH(double, w0);
    QFETCH(double, w1);
    const RootDelta d{Vec3(0.01, 0, 0.05), -0.03};
    const RootDelta ds[] = {d, d};
    const double w[] = {w0, w1};
    const RootDelta b = blendRootDeltas(ds, w, 2);
    QVERIFY((b.displacement - d.displacement).norm() < 1e-15);
    QVERIFY(std::abs(b.yaw - d.yaw) < 1e-15);
  }

  void blendingIsTheNormalizedWeightedMean() {
    const RootDelta ds[] = {{Vec3(0.0, 0, 0.04), 0.02}, {Vec3(0.02, 0, 0.06), -0.01},
                            {Vec3(-0.01, 0, 0.03), 0.05}};
    const double w[] = {1.0, 2.0, 1.0};  // normalized: 0.25, 0.5, 0.25
    const RootDelta b = blendRootDeltas(ds, w, 3);
    QVERIFY((b.displacement - Vec3(0.0075, 0, 0.0475)).norm() < 1e-15);
    QVERIFY(std::abs(b.yaw - 0.0125) < 1e-15);
  }

  void oddInputsGiveFiniteResults() {
    const RootDelta good{Vec3(0.01, 0, 0.05), 0.02};
    const RootDelta bad{Vec3(kNaN, 0, 1), kInf};
    const RootDelta ds[] = {good, bad};
    const double nanW[] = {kNaN, kNaN}, zeroW[] = {0, 0}, huge[] = {1e308, 1e308};
    const double skipBad[] = {1.0, 0.0};
    QVERIFY(finite(blendRootDeltas(ds, nanW, 2)));
    QVERIFY(blendRootDeltas(ds, zeroW, 2).displacement.isZero());
    QVERIFY(finite(blendRootDeltas(ds, huge, 2)));  // the NaN input poisons: zero delta
    const RootDelta goodOnly[] = {good, good};
    const RootDelta h = blendRootDeltas(goodOnly, huge, 2);
    QVERIFY((h.displacement - good.displacement).norm() < 1e-15);
    const RootDelta s = blendRootDeltas(ds, skipBad, 2);
    QVERIFY((s.displacement - good.displacement).norm() < 1e-15);
    QVERIFY(finite(blendRootDeltas(nullptr, nullptr, 2)));

    CharacterFrame f;
    f.position = Vec3(1, 0, 2);
    const CharacterFrame g = applyRootDelta(f, bad);
    QVERIFY(g.position.allFinite() && std::isfinite(g.yaw));
    CharacterFrame nanFrame;
    nanFrame.yaw = kNaN;
    QVERIFY(finite(rootDelta(nanFrame, f)));
    QVERIFY(std::isfinite(applyRootDelta(nanFrame, good).yaw));
    QVERIFY(std::isfinite(headingYaw(Quat(kNaN, 0, 0, 0))));
    QCOMPARE(headingYaw(Quat(Eigen::AngleAxisd(kPi / 2, Vec3::UnitX()))), 0.0);
  }
};

QTEST_GUILESS_MAIN(TestRootMotion)
#include "test_root_motion.moc"
