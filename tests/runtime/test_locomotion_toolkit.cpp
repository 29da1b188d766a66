// The locomotion toolkit (runtime/src/locomotion_toolkit.h), which the leg layer and the creature
// gait share: the balance and footbase against eq. 4.5 and the corrected 4.6 written out in
// double, and the public footbase.h functions giving the toolkit's values bit for bit; the
// critically damped spring against its closed form; the yaw rotation against the library's sine
// and cosine; and the terrain probe's one policy, row by row over the answers a terrain can give
// (ground, slopes either side of the limit, walls, overhangs, non-finite points and normals, a
// normal of no length, no hit).
#include <QtTest>

#include <cmath>
#include <limits>
#include <numbers>

#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/footbase.h"
#include "fatgraph/runtime/root_motion.h"
#include "locomotion_toolkit.h"

using namespace fatgraph;

namespace {

constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// Eq. 4.5 written out in double.
double balanceReference(double heel, double toe, double length, double sharpness) {
  return std::atan((heel - toe) / length * sharpness) / std::numbers::pi + 0.5;
}

// A terrain that answers every ray with one programmed hit (or none) and records the ray.
class OneAnswer final : public Terrain {
 public:
  explicit OneAnswer(TerrainHit answer) : answer_(answer) {}
  TerrainHit raycast(const Float3& origin, const Float3& direction, float maxDistance) const override {
    origin_ = origin;
    direction_ = direction;
    maxDistance_ = maxDistance;
    return answer_;
  }
  mutable Float3 origin_, direction_;
  mutable float maxDistance_ = 0;

 private:
  TerrainHit answer_;
};

Float3 tilted(float degrees) {  // a unit normal `degrees` from up, leaning towards +X
  const double a = degrees * std::numbers::pi / 180.0;
  return {float(std::sin(a)), float(std::cos(a)), 0.0f};
}

}  // namespace

Q_DECLARE_METATYPE(fatgraph::Float3)
Q_DECLARE_METATYPE(fatgraph::TerrainHit)

class TestLocomotionToolkit : public QObject {
  Q_OBJECT

 private slots:
  void balanceIsEquation45_data() {
    QTest::addColumn<float>("heel");
    QTest::addColumn<float>("toe");
    QTest::addColumn<float>("length");
    QTest::addColumn<float>("sharpness");
    QTest::newRow("level") << 0.03f << 0.03f << 0.25f << 20.0f;
    QTest::newRow("heel down a little") << 0.010f << 0.012f << 0.25f << 20.0f;
    QTest::newRow("toe down a little") << 0.012f << 0.010f << 0.25f << 20.0f;
    QTest::newRow("heel raised 5 % of the foot") << 0.0125f << 0.0f << 0.25f << 20.0f;
    QTest::newRow("heel raised high (toe-off)") << 0.15f << 0.0f << 0.25f << 20.0f;
    QTest::newRow("toe raised high (heel strike)") << 0.0f << 0.12f << 0.25f << 20.0f;
    QTest::newRow("heights far above the floor") << 101.02f << 101.0f << 0.25f << 20.0f;
    QTest::newRow("a long foot") << 0.2f << 0.0f << 1.5f << 20.0f;
    QTest::newRow("a soft balance") << 0.05f << 0.0f << 0.25f << 2.0f;
  }
  void balanceIsEquation45() {
    QFETCH(float, heel);
    QFETCH(float, toe);
    QFETCH(float, length);
    QFETCH(float, sharpness);
    const float b = locomotion::footBalance(heel, toe, length, sharpness);
    const double expected = balanceReference(heel, toe, length, sharpness);
    QVERIFY2(std::abs(b - expected) < 2e-6, qPrintable(QString("%1 against %2").arg(b).arg(expected)));
    QVERIFY(b >= 0.0f && b <= 1.0f);
    // The heel lower gives less than a half, the toe lower more (0: heel on the ground).
    if (heel < toe) QVERIFY(b < 0.5f);
    if (heel > toe) QVERIFY(b > 0.5f);
    if (heel == toe) QCOMPARE(b, 0.5f);
    // The public function is the toolkit's, to the bit.
    QCOMPARE(footBalance(heel, toe, length, sharpness), b);
    if (sharpness == kFootBalanceSharpness) QCOMPARE(locomotion::footBalance(heel, toe, length), b);
  }

  void footbaseIsCorrectedEquation46_data() {
    QTest::addColumn<Float3>("heel");
    QTest::addColumn<Float3>("toe");
    QTest::addColumn<Float3>("footVector");
    QTest::addColumn<float>("balance");
    const Float3 heel{0.1f, 0.02f, 0.3f}, toe{0.12f, 0.01f, 0.55f}, along{0.02f, 0.0f, 0.249f};
    QTest::newRow("heel down: the heel") << heel << toe << along << 0.0f;
    QTest::newRow("toe down: where the heel would lie") << heel << toe << along << 1.0f;
    QTest::newRow("level") << heel << toe << along << 0.5f;
    QTest::newRow("rolling onto the toe") << heel << toe << along << 0.87f;
    QTest::newRow("far from the origin") << Float3{250.1f, 3.02f, -410.3f} << Float3{250.12f, 3.01f, -410.05f}
                                         << along << 0.3f;
    QTest::newRow("along a slope") << heel << Float3{0.1f, 0.11f, 0.54f} << Float3{0.0f, 0.0855f, 0.235f} << 0.6f;
  }
  void footbaseIsCorrectedEquation46() {
    QFETCH(Float3, heel);
    QFETCH(Float3, toe);
    QFETCH(Float3, footVector);
    QFETCH(float, balance);
    const Float3 f = locomotion::footbase(heel, toe, footVector, balance);
    for (int i = 0; i < 3; ++i) {
      const double expected = double(heel[i]) * (1.0 - balance) + (double(toe[i]) - footVector[i]) * balance;
      QVERIFY2(std::abs(f[i] - expected) < 1e-6 * (1.0 + std::abs(expected)),
               qPrintable(QString("axis %1: %2 against %3").arg(i).arg(f[i]).arg(expected)));
    }
    const Float3 p = footbase(heel, toe, footVector, balance);  // the public face
    QCOMPARE(p.x, f.x);
    QCOMPARE(p.y, f.y);
    QCOMPARE(p.z, f.z);
    // The Eigen form the leg layer computes with gives the same point.
    const Vec3f e = locomotion::footbase<Vec3f>(toEigen(heel), toEigen(toe), toEigen(footVector), balance);
    QVERIFY((e - toEigen(f)).norm() <= 1e-6f * (1.0f + toEigen(f).norm()));
  }

  void footbaseStaysStillWhileTheFootRollsOverItsToe() {
    // A foot of 0.25 m pivoting about its toe tip at the origin: the heel rises on a circle and
    // the footbase, once the toe carries the foot, is the heel laid flat: (0, 0, -0.25).
    const float length = 0.25f;
    for (float degrees = 20.0f; degrees <= 60.0f; degrees += 10.0f) {
      const float a = degrees * std::numbers::pi_v<float> / 180.0f;
      const Float3 toe{0, 0, 0}, heel{0, length * std::sin(a), -length * std::cos(a)};
      const float b = locomotion::footBalance(heel.y, toe.y, length);
      const Float3 f = locomotion::footbase(heel, toe, Float3{0, 0, length}, b);
      QVERIFY2(b > 0.95f, qPrintable(QString::number(b)));
      // What is left of the heel's weight moves the point by (1 - b) of the heel's offset.
      QVERIFY(std::abs(f.z + length) <= (1.0f - b) * length + 1e-6f);
    }
  }

  void springFollowsItsClosedForm_data() {
    QTest::addColumn<float>("value");
    QTest::addColumn<float>("velocity");
    QTest::addColumn<float>("target");
    QTest::addColumn<float>("halfLife");
    QTest::addColumn<float>("dt");
    QTest::newRow("from rest, 60 Hz") << 0.0f << 0.0f << 1.0f << 0.08f << 1.0f / 60;
    QTest::newRow("moving away, 30 Hz") << 0.2f << -1.5f << 0.0f << 0.3f << 1.0f / 30;
    QTest::newRow("long steps") << -0.4f << 0.3f << 0.25f << 0.1f << 0.25f;
    QTest::newRow("already there") << 0.5f << 0.0f << 0.5f << 0.2f << 1.0f / 60;
  }
  void springFollowsItsClosedForm() {
    QFETCH(float, value);
    QFETCH(float, velocity);
    QFETCH(float, target);
    QFETCH(float, halfLife);
    QFETCH(float, dt);
    // x(t) = (j0 + j1 t) e^(-y t) + target, v(t) = (j1 - y (j0 + j1 t)) e^(-y t).
    const double y = 2.0 * std::log(2.0) / halfLife;
    const double j0 = double(value) - target, j1 = velocity + j0 * y;
    float x = value, v = velocity;
    for (int step = 1; step <= 40; ++step) {
      locomotion::springStep(x, v, target, halfLife, dt);
      const double t = step * double(dt);
      const double e = std::exp(-y * t);
      const double xt = (j0 + j1 * t) * e + target, vt = (j1 - y * (j0 + j1 * t)) * e;
      QVERIFY2(std::abs(x - xt) < 1e-5 && std::abs(v - vt) < 1e-4,
               qPrintable(QString("step %1: %2, %3 against %4, %5").arg(step).arg(x).arg(v).arg(xt).arg(vt)));
    }
    // A step of nothing changes nothing.
    const float xs = x, vs = v;
    locomotion::springStep(x, v, target, halfLife, 0.0f);
    QCOMPARE(x, xs);
    QCOMPARE(v, vs);
  }

  void springFromRestNeverOvershoots() {
    float x = 0.0f, v = 0.0f;
    float previous = x;
    for (int step = 0; step < 600; ++step) {
      locomotion::springStep(x, v, 1.0f, 0.08f, 1.0f / 60);
      QVERIFY(x <= 1.0f + 1e-6f);
      QVERIFY(x >= previous - 1e-7f);  // rising all the way
      previous = x;
    }
    QVERIFY(std::abs(x - 1.0f) < 1e-5f);
    // After one half-life a spring released from rest has covered 1 - (1 + 2 ln 2) / 4 (40 %).
    x = v = 0.0f;
    for (int step = 0; step < 8; ++step) locomotion::springStep(x, v, 1.0f, 0.08f, 0.01f);
    QVERIFY2(std::abs(x - (1.0 - (1.0 + 2.0 * std::log(2.0)) / 4.0)) < 1e-5, qPrintable(QString::number(x)));
  }

  void yawRotationTurnsAboutUp_data() {
    QTest::addColumn<float>("yaw");
    for (float yaw : {0.0f, 0.3f, -0.3f, 1.5707964f, -1.5707964f, 3.1415927f, -3.1415927f, 2.9f, 7.5f, -12.0f, 300.0f})
      QTest::newRow(qPrintable(QString("yaw %1").arg(yaw))) << yaw;
  }
  void yawRotationTurnsAboutUp() {
    QFETCH(float, yaw);
    const Quaternion q = locomotion::yawRotation(yaw);
    QCOMPARE(q.x, 0.0f);
    QCOMPARE(q.z, 0.0f);
    // float_trig.h's polynomials: within a few float roundings of the library, plus the
    // rounding of the half angle itself carried through the range reduction (|yaw| / 2 times
    // float's 2^-24, which decides at 300 rad and differs between -O1 and -O3 code).
    const double reduction = 0.5 * std::abs(double(yaw)) * 0x1p-24 * 2.0;
    const double sinError = q.y - std::sin(0.5 * double(yaw)), cosError = q.w - std::cos(0.5 * double(yaw));
    QVERIFY2(std::abs(sinError) < 5e-7 + reduction, qPrintable(QString::number(sinError)));
    QVERIFY2(std::abs(cosError) < 5e-7 + reduction, qPrintable(QString::number(cosError)));
    QVERIFY(std::abs(q.y * q.y + q.w * q.w - 1.0f) < 1e-6f);
    // Positive yaw turns +Z towards +X (the character's left).
    const Float3 forward = rotate(q, Float3{0, 0, 1});
    QVERIFY(std::abs(forward.x - std::sin(double(yaw))) < 2e-6 + 2.0 * reduction);
    QVERIFY(std::abs(forward.z - std::cos(double(yaw))) < 2e-6 + 2.0 * reduction);
    QVERIFY(std::abs(forward.y) < 1e-7);
    // The public heading quaternion (root_motion.h) is this one.
    const Quaternion p = yawQuaternion(yaw);
    QCOMPARE(p.y, q.y);
    QCOMPARE(p.w, q.w);
  }

  void probeRefusesWallsAndNonFiniteHits_data() {
    QTest::addColumn<TerrainHit>("answer");
    QTest::addColumn<float>("minNormalY");
    QTest::addColumn<bool>("found");
    const float sixty = locomotion::footholdMinNormalY(1.047198f);
    auto hit = [](float height, Float3 normal) { return TerrainHit{true, Float3{0.3f, height, -0.2f}, normal}; };
    QTest::newRow("flat ground") << hit(0.1f, {0, 1, 0}) << sixty << true;
    QTest::newRow("a 30 degree slope") << hit(0.1f, tilted(30)) << sixty << true;
    QTest::newRow("59.9 degrees") << hit(0.1f, tilted(59.9f)) << sixty << true;
    QTest::newRow("60.1 degrees: a wall") << hit(0.1f, tilted(60.1f)) << sixty << false;
    QTest::newRow("a stair riser (80.5 degrees)") << hit(0.1f, tilted(80.5f)) << sixty << false;
    QTest::newRow("a vertical wall") << hit(0.1f, {1, 0, 0}) << sixty << false;
    QTest::newRow("an overhang") << hit(0.1f, {0.6f, -0.8f, 0}) << sixty << false;
    QTest::newRow("a normal twice too long, flat") << hit(0.1f, {0, 2, 0}) << sixty << true;
    QTest::newRow("a normal twice too long, steep") << hit(0.1f, {1.9f, 0.6f, 0}) << sixty << false;
    QTest::newRow("a normal of no length") << hit(0.1f, {0, 0, 0}) << sixty << false;
    QTest::newRow("a NaN height") << hit(kNan, {0, 1, 0}) << sixty << false;
    QTest::newRow("an infinite height") << hit(kInf, {0, 1, 0}) << sixty << false;
    QTest::newRow("a NaN in the point") << TerrainHit{true, Float3{kNan, 0.1f, 0}, {0, 1, 0}} << sixty << false;
    QTest::newRow("a NaN normal") << hit(0.1f, {kNan, 1, 0}) << sixty << false;
    QTest::newRow("an infinite normal") << hit(0.1f, {0, kInf, 0}) << sixty << false;
    QTest::newRow("no hit") << TerrainHit{} << sixty << false;
    QTest::newRow("any slope: a wall counts") << hit(0.1f, {1, 0, 0}) << -1.0f << true;
    QTest::newRow("any slope: a NaN still does not") << hit(kNan, {1, 0, 0}) << -1.0f << false;
    QTest::newRow("flat only") << hit(0.1f, tilted(1)) << locomotion::footholdMinNormalY(0.0f) << false;
  }
  void probeRefusesWallsAndNonFiniteHits() {
    QFETCH(TerrainHit, answer);
    QFETCH(float, minNormalY);
    QFETCH(bool, found);
    const OneAnswer terrain(answer);
    const locomotion::GroundHit g = locomotion::castDown(terrain, 0.3f, -0.2f, 1.5f, 3.0f, minNormalY);
    QCOMPARE(g.found, found);
    // One ray, straight down from the given point over the given length.
    QCOMPARE(terrain.origin_.x, 0.3f);
    QCOMPARE(terrain.origin_.y, 1.5f);
    QCOMPARE(terrain.origin_.z, -0.2f);
    QCOMPARE(terrain.direction_.y, -1.0f);
    QCOMPARE(terrain.maxDistance_, 3.0f);
    if (found) {
      QCOMPARE(g.height, answer.point.y);
      QVERIFY(std::abs(length(g.normal) - 1.0f) < 1e-6f);  // unit, whatever the terrain gave
      QVERIFY(dot(g.normal, answer.normal) > 0.0f);
    } else {
      QCOMPARE(g.height, 0.0f);  // nothing of the refused hit leaks out
      QCOMPARE(g.normal.y, 1.0f);
    }
  }

  void footholdLimitIsTheCosineOfTheSlope_data() {
    QTest::addColumn<float>("maxSlope");
    QTest::addColumn<float>("minNormalY");
    QTest::newRow("60 degrees") << 1.047198f << 0.5f;
    QTest::newRow("flat only") << 0.0f << 1.0f;
    QTest::newRow("negative: flat only") << -0.5f << 1.0f;
    QTest::newRow("beyond vertical: clamped") << 3.0f << float(std::cos(1.5707));
  }
  void footholdLimitIsTheCosineOfTheSlope() {
    QFETCH(float, maxSlope);
    QFETCH(float, minNormalY);
    QVERIFY(std::abs(locomotion::footholdMinNormalY(maxSlope) - minNormalY) < 1e-6f);
  }
};

QTEST_GUILESS_MAIN(TestLocomotionToolkit)
#include "test_locomotion_toolkit.moc"
