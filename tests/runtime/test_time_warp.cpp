// The run-time clock: float piecewise-linear warp maps and eq. 2's reference-time step.
#include <QtTest>

#include <cmath>
#include <limits>
#include <vector>

#include "fatgraph/runtime/time_warp.h"

using namespace fatgraph;

namespace {
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();
}  // namespace

class TestTimeWarp : public QObject {
  Q_OBJECT
 private slots:
  void identityMapKeepsDt_data() {
    QTest::addColumn<float>("t");
    QTest::addColumn<float>("dt");
    QTest::newRow("start") << 0.0f << 1.0f / 30;
    QTest::newRow("middle") << 0.7f << 1.0f / 60;
    QTest::newRow("end") << 1.2f << 1.0f / 30;
    QTest::newRow("past end") << 5.0f << 0.01f;
  }
  void identityMapKeepsDt() {
    QFETCH(float, t);
    QFETCH(float, dt);
    float x[2], y[2];
    const PiecewiseLinearMapView id = identityMapView(x, y, 1.2f);
    QVERIFY(id.validate());
    QCOMPARE(id.evaluate(t), std::min(t, 1.2f));
    QCOMPARE(id.slope(t), 1.0f);
    const float w = 1.0f;
    QCOMPARE(referenceTimeStep(&id, &w, 1, t, dt), dt);
    // Two identity maps with any weights: still dt.
    const PiecewiseLinearMapView two[] = {id, id};
    const float w2[] = {0.3f, 0.7f};
    QVERIFY(std::abs(referenceTimeStep(two, w2, 2, t, dt) - dt) < 1e-7f);
  }

  // Knots (0,0) (1,2) (3,3) (4,6): slopes 2, 0.5, 3.
  void piecewiseMap_data() {
    QTest::addColumn<float>("t");
    QTest::addColumn<float>("value");
    QTest::addColumn<float>("slope");
    QTest::newRow("before start") << -1.0f << 0.0f << 2.0f;
    QTest::newRow("first piece") << 0.25f << 0.5f << 2.0f;
    QTest::newRow("inner knot takes the right piece") << 1.0f << 2.0f << 0.5f;
    QTest::newRow("second piece") << 2.0f << 2.5f << 0.5f;
    QTest::newRow("third piece") << 3.5f << 4.5f << 3.0f;
    QTest::newRow("last knot") << 4.0f << 6.0f << 3.0f;
    QTest::newRow("after end") << 9.0f << 6.0f << 3.0f;
    QTest::newRow("NaN is the start") << kNaN << 0.0f << 2.0f;
  }
  void piecewiseMap() {
    QFETCH(float, t);
    QFETCH(float, value);
    QFETCH(float, slope);
    const float x[] = {0, 1, 3, 4}, y[] = {0, 2, 3, 6};
    const PiecewiseLinearMapView m{x, y, 4};
    QVERIFY(m.validate());
    QCOMPARE(m.evaluate(t), value);
    QCOMPARE(m.slope(t), slope);
    QCOMPARE(m.domainLength(), 4.0f);
  }

  void validateRejectsBadMaps_data() {
    QTest::addColumn<std::vector<float>>("x");
    QTest::addColumn<std::vector<float>>("y");
    QTest::newRow("one knot") << std::vector<float>{0} << std::vector<float>{0};
    QTest::newRow("flat y") << std::vector<float>{0, 1, 2} << std::vector<float>{0, 1, 1};
    QTest::newRow("repeated x") << std::vector<float>{0, 1, 1} << std::vector<float>{0, 1, 2};
    QTest::newRow("NaN") << std::vector<float>{0, kNaN} << std::vector<float>{0, 1};
    QTest::newRow("inf") << std::vector<float>{0, 1} << std::vector<float>{0, kInf};
  }
  void validateRejectsBadMaps() {
    QFETCH(std::vector<float>, x);
    QFETCH(std::vector<float>, y);
    const PiecewiseLinearMapView m{x.data(), y.data(), static_cast<int>(x.size())};
    QVERIFY(!m.validate());
    QVERIFY(!PiecewiseLinearMapView().validate());
  }

  // One-hot on a warped segment: that segment plays at its own rate, advancing its own time by
  // exactly dt per frame while the step stays inside one piece.
  void oneHotPlaysTheSegmentAtItsOwnRate() {
    const float x[] = {0, 1, 3, 4}, y[] = {0, 2, 3, 6};
    float ix[2], iy[2];
    const PiecewiseLinearMapView maps[] = {identityMapView(ix, iy, 4.0f), {x, y, 4}};
    const float w[] = {0.0f, 1.0f};
    const float dt = 0.01f;
    for (float t : {0.1f, 0.5f, 1.5f, 2.5f, 3.2f}) {
      const float step = referenceTimeStep(maps, w, 2, t, dt);
      QVERIFY(std::abs(step - dt / maps[1].slope(t)) < 1e-7f);
      QVERIFY(std::abs((maps[1].evaluate(t + step) - maps[1].evaluate(t)) - dt) < 1e-5f);
    }
  }

  // Reference of 1 s, segments of 0.8 s and 1.5 s with linear maps F_i(T) = T L_i / 1. Each
  // step is dt * sum w_i / L_i (independent closed form), the blend lasts the weighted
  // harmonic mean 1 / sum (w_i / L_i), and both segments reach their ends on the same frame.
  void twoSegmentsReachTheirEndsTogether_data() {
    QTest::addColumn<float>("wA");
    QTest::addColumn<float>("wB");
    QTest::newRow("half half") << 0.5f << 0.5f;
    QTest::newRow("mostly long") << 0.2f << 0.8f;
    QTest::newRow("unnormalized") << 1.0f << 3.0f;
  }
  void twoSegmentsReachTheirEndsTogether() {
    QFETCH(float, wA);
    QFETCH(float, wB);
    const float lA = 0.8f, lB = 1.5f, lRef = 1.0f;
    const float xr[] = {0, lRef}, yA[] = {0, lA}, yB[] = {0, lB};
    const PiecewiseLinearMapView maps[] = {{xr, yA, 2}, {xr, yB, 2}};
    const float w[] = {wA, wB};
    const double nA = wA / double(wA + wB), nB = wB / double(wA + wB);
    const double expectedStep = (1.0 / 30) * (nA * lRef / lA + nB * lRef / lB);
    const double expectedDuration = 1.0 / (nA / lA + nB / lB);
    const float dt = 1.0f / 30;
    float t = 0.0f;
    int frames = 0;
    while (t < lRef && frames < 1000) {
      const float step = referenceTimeStep(maps, w, 2, t, dt);
      QVERIFY(std::abs(step - expectedStep) < 1e-6);
      // In step: both segments sit at the same fraction of their length.
      QVERIFY(std::abs(maps[0].evaluate(t) / lA - maps[1].evaluate(t) / lB) < 1e-5f);
      t += step;
      ++frames;
    }
    QCOMPARE(maps[0].evaluate(t), lA);
    QCOMPARE(maps[1].evaluate(t), lB);
    QVERIFY(std::abs(frames * dt - expectedDuration) <= dt);
  }

  void oddInputsGiveFiniteSteps_data() {
    QTest::addColumn<float>("dt");
    QTest::addColumn<float>("w0");
    QTest::addColumn<float>("w1");
    QTest::addColumn<float>("t");
    QTest::addColumn<float>("expected");  // -1 = anything finite and >= 0
    QTest::newRow("zero dt") << 0.0f << 0.5f << 0.5f << 0.2f << 0.0f;
    QTest::newRow("negative dt") << -0.1f << 0.5f << 0.5f << 0.2f << 0.0f;
    QTest::newRow("NaN dt") << kNaN << 0.5f << 0.5f << 0.2f << 0.0f;
    QTest::newRow("inf dt") << kInf << 0.5f << 0.5f << 0.2f << 0.0f;
    QTest::newRow("huge dt capped at the domain") << 1e30f << 0.5f << 0.5f << 0.2f << 2.0f;
    QTest::newRow("max dt") << std::numeric_limits<float>::max() << 1.0f << 1.0f << 0.f << 2.0f;
    QTest::newRow("zero weights play the reference") << 0.02f << 0.0f << 0.0f << 0.2f << 0.02f;
    QTest::newRow("NaN weights") << 0.02f << kNaN << -1.0f << 0.2f << 0.02f;
    QTest::newRow("huge weights") << 0.02f << 3e38f << 3e38f << 0.2f << -1.0f;
    QTest::newRow("NaN time") << 0.02f << 0.5f << 0.5f << kNaN << -1.0f;
    QTest::newRow("inf time") << 0.02f << 0.5f << 0.5f << -kInf << -1.0f;
  }
  void oddInputsGiveFiniteSteps() {
    QFETCH(float, dt);
    QFETCH(float, w0);
    QFETCH(float, w1);
    QFETCH(float, t);
    QFETCH(float, expected);
    // A nearly flat piece (slope 1e-30) makes 1 / slope huge.
    const float x[] = {0, 1, 2}, y0[] = {0, 1e-30f, 1}, y1[] = {0, 0.5f, 3};
    const PiecewiseLinearMapView maps[] = {{x, y0, 3}, {x, y1, 3}};
    const float w[] = {w0, w1};
    const float step = referenceTimeStep(maps, w, 2, t, dt);
    QVERIFY2(std::isfinite(step) && step >= 0.0f, qPrintable(QString::number(step)));
    if (expected >= 0.0f) QCOMPARE(step, expected);
    QVERIFY(std::isfinite(referenceTimeStep(nullptr, nullptr, 2, t, 0.02f)));
  }
};

QTEST_GUILESS_MAIN(TestTimeWarp)
#include "test_time_warp.moc"
