// joystickPlanePoint (runtime/joystick_mapping.h): a stick through an edge's JoystickMapping
// onto its parameter plane. Known sticks give known plane points, worked out by hand from the
// three steps (clamp and invert, radial dead zone stretched back onto [0, 1], response curve
// and a range per side of the neutral); whatever the stick (NaN, infinite, huge, tiny), the
// point is finite and inside the mapping's ranges.
#include <QTest>
#include <cmath>
#include <limits>
#include <vector>

#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/joystick_mapping.h"

using namespace fatgraph;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

JoystickMapping mapping(float deadZone, float exponent = 1.0f) {
  JoystickMapping m;  // neutral (0, 0), ranges -1 .. 1 on both axes
  m.deadZone = deadZone;
  m.responseExponent = exponent;
  return m;
}

// Neutral off the centre and ranges of different widths on each side.
JoystickMapping lopsided() {
  JoystickMapping m = mapping(0.0f);
  m.neutral[0] = 0.2f;
  m.neutral[1] = 0.5f;
  m.rangeMin[0] = -1.0f;
  m.rangeMin[1] = 0.0f;
  m.rangeMax[0] = 2.0f;
  m.rangeMax[1] = 1.0f;
  return m;
}

JoystickMapping inverted(bool x, bool y) {
  JoystickMapping m = mapping(0.0f);
  m.invert[0] = x;
  m.invert[1] = y;
  return m;
}

}  // namespace

Q_DECLARE_METATYPE(fatgraph::JoystickMapping)

class TestJoystickMapping : public QObject {
  Q_OBJECT
 private slots:
  void knownPoints_data() {
    QTest::addColumn<JoystickMapping>("m");
    QTest::addColumn<float>("x");
    QTest::addColumn<float>("y");
    QTest::addColumn<float>("px");
    QTest::addColumn<float>("py");
    const float diagonal = std::sqrt(0.5f);
    // The dead zone (0.1 by default) is radial: inside it and on its edge, the neutral point.
    QTest::newRow("centred") << mapping(0.1f) << 0.0f << 0.0f << 0.0f << 0.0f;
    QTest::newRow("inside the dead zone") << mapping(0.1f) << 0.05f << -0.08f << 0.0f << 0.0f;
    QTest::newRow("on the dead zone's edge") << mapping(0.1f) << 0.0f << 0.1f << 0.0f << 0.0f;
    // Past it the radius is stretched back: (0.55 - 0.1) / 0.9 = 0.5 of the range.
    QTest::newRow("half way past the dead zone") << mapping(0.1f) << 0.55f << 0.0f << 0.5f << 0.0f;
    QTest::newRow("full right") << mapping(0.1f) << 1.0f << 0.0f << 1.0f << 0.0f;
    QTest::newRow("full back") << mapping(0.1f) << 0.0f << -1.0f << 0.0f << -1.0f;
    QTest::newRow("wide dead zone") << mapping(0.5f) << -0.75f << 0.0f << -0.5f << 0.0f;
    // Clamping: each axis to [-1, 1], then the radius to 1 (a full diagonal reaches the circle).
    QTest::newRow("beyond full right") << mapping(0.1f) << 3.0f << 0.0f << 1.0f << 0.0f;
    QTest::newRow("full diagonal") << mapping(0.1f) << 1.0f << 1.0f << diagonal << diagonal;
    QTest::newRow("far past the corner") << mapping(0.1f) << -50.0f << -5.0f << -diagonal << -diagonal;
    QTest::newRow("infinite right") << mapping(0.1f) << kInf << 0.0f << 1.0f << 0.0f;
    QTest::newRow("infinite back") << mapping(0.1f) << 0.0f << -kInf << 0.0f << -1.0f;
    // NaN counts as the centred axis.
    QTest::newRow("NaN x") << mapping(0.1f) << kNaN << 1.0f << 0.0f << 1.0f;
    QTest::newRow("NaN y") << mapping(0.0f) << -0.5f << kNaN << -0.5f << 0.0f;
    QTest::newRow("NaN both") << lopsided() << kNaN << kNaN << 0.2f << 0.5f;
    // Response curve |s|^e, the sign kept.
    QTest::newRow("squared response") << mapping(0.0f, 2.0f) << 0.5f << 0.0f << 0.25f << 0.0f;
    QTest::newRow("squared response, negative") << mapping(0.0f, 2.0f) << 0.0f << -0.5f << 0.0f << -0.25f;
    QTest::newRow("square-root response") << mapping(0.0f, 0.5f) << 0.25f << 0.0f << 0.5f << 0.0f;
    // Each side of the neutral has its own range: +0.5 -> 0.2 + 0.5 (2 - 0.2) = 1.1,
    // -0.5 -> 0.5 - 0.5 (0.5 - 0) = 0.25.
    QTest::newRow("lopsided ranges") << lopsided() << 0.5f << -0.5f << 1.1f << 0.25f;
    QTest::newRow("lopsided, full left") << lopsided() << -1.0f << 0.0f << -1.0f << 0.5f;
    QTest::newRow("lopsided, centred") << lopsided() << 0.0f << 0.0f << 0.2f << 0.5f;
    // Inversion per axis.
    QTest::newRow("x inverted") << inverted(true, false) << 0.5f << 0.25f << -0.5f << 0.25f;
    QTest::newRow("y inverted") << inverted(false, true) << 0.5f << 0.25f << 0.5f << -0.25f;
    // Settings validate() would refuse still give a finite point: a dead zone of 1 or more is
    // taken as 0.99, an exponent that is not positive as 1, a NaN dead zone as "all dead".
    QTest::newRow("dead zone 5") << mapping(5.0f) << 1.0f << 0.0f << 1.0f << 0.0f;
    QTest::newRow("dead zone 5, inside") << mapping(5.0f) << 0.98f << 0.0f << 0.0f << 0.0f;
    QTest::newRow("exponent 0") << mapping(0.0f, 0.0f) << 0.5f << 0.0f << 0.5f << 0.0f;
    QTest::newRow("exponent NaN") << mapping(0.0f, kNaN) << 0.5f << 0.0f << 0.5f << 0.0f;
    QTest::newRow("dead zone NaN") << mapping(kNaN) << 0.5f << 0.5f << 0.0f << 0.0f;
  }

  void knownPoints() {
    QFETCH(JoystickMapping, m);
    QFETCH(float, x);
    QFETCH(float, y);
    QFETCH(float, px);
    QFETCH(float, py);
    const Float2 p = joystickPlanePoint(m, x, y);
    QVERIFY2(std::abs(p.x - px) < 1e-6f && std::abs(p.y - py) < 1e-6f,
             qPrintable(QStringLiteral("(%1, %2), expected (%3, %4)").arg(p.x).arg(p.y).arg(px).arg(py)));
  }

  // Every stick, odd values included, on valid mappings: a finite point inside the box the
  // ranges and the neutral span (the player's grid lookup relies on it).
  void pointIsFiniteAndInRange_data() {
    QTest::addColumn<JoystickMapping>("m");
    QTest::newRow("default") << JoystickMapping{};
    QTest::newRow("no dead zone") << mapping(0.0f);
    QTest::newRow("largest dead zone") << mapping(std::nextafter(1.0f, 0.0f), 3.0f);
    QTest::newRow("lopsided") << lopsided();
    QTest::newRow("inverted") << inverted(true, true);
    QTest::newRow("tiny exponent") << mapping(0.2f, 1e-6f);
  }

  void pointIsFiniteAndInRange() {
    QFETCH(JoystickMapping, m);
    const std::vector<float> values = {kNaN, -kNaN, kInf, -kInf, 0.0f, -0.0f, 1e-45f, -1e-30f, 1e-20f,
                                       0.1f, -0.5f, 0.999999f, 1.0f, -1.0f, 1.0000001f, 1e30f,
                                       -std::numeric_limits<float>::max()};
    for (float x : values) {
      for (float y : values) {
        const Eigen::Vector2f p = toEigen(joystickPlanePoint(m, x, y));  // p[a]: axis a
        for (int a = 0; a < 2; ++a) {
          const float lo = std::min(m.rangeMin[a], m.neutral[a]), hi = std::max(m.rangeMax[a], m.neutral[a]);
          QVERIFY2(std::isfinite(p[a]) && p[a] >= lo - 1e-6f && p[a] <= hi + 1e-6f,
                   qPrintable(QStringLiteral("stick (%1, %2): axis %3 is %4").arg(x).arg(y).arg(a).arg(p[a])));
        }
      }
    }
  }
};

QTEST_GUILESS_MAIN(TestJoystickMapping)
#include "test_joystick_mapping.moc"
