// WarpMap: piecewise-linear, strictly increasing time correspondences (Fat Graph eq. 1 and 2).
#include <QTest>
#include <algorithm>
#include <random>
#include <vector>

#include "fatgraph/core/graph/warp_map.h"

using namespace fatgraph;
using Knots = std::vector<double>;
Q_DECLARE_METATYPE(Knots)

namespace {
WarpMap makeMap(const Knots& from, const Knots& to) {
  WarpMap m;
  m.from = from;
  m.to = to;
  return m;
}
}  // namespace

class TestWarpMap : public QObject {
  Q_OBJECT

 private slots:
  void map_data() {
    QTest::addColumn<Knots>("from");
    QTest::addColumn<Knots>("to");
    QTest::addColumn<double>("t");
    QTest::addColumn<double>("expected");
    const Knots f{0, 2, 6}, g{0, 4, 6};  // slope 2 then 1/2
    QTest::newRow("first knot") << f << g << 0.0 << 0.0;
    QTest::newRow("inside first piece") << f << g << 1.0 << 2.0;
    QTest::newRow("interior knot") << f << g << 2.0 << 4.0;
    QTest::newRow("inside second piece") << f << g << 4.0 << 5.0;
    QTest::newRow("last knot") << f << g << 6.0 << 6.0;
    QTest::newRow("clamped below") << f << g << -3.0 << 0.0;
    QTest::newRow("clamped above") << f << g << 9.0 << 6.0;
    QTest::newRow("offset knots") << Knots{1, 3} << Knots{10, 11} << 2.0 << 10.5;
    QTest::newRow("single knot") << Knots{0} << Knots{0} << 5.0 << 0.0;
  }
  void map() {
    QFETCH(Knots, from);
    QFETCH(Knots, to);
    QFETCH(double, t);
    QFETCH(double, expected);
    QCOMPARE(makeMap(from, to).map(t), expected);
  }

  void inverse_data() {
    QTest::addColumn<double>("u");
    QTest::addColumn<double>("expected");
    QTest::newRow("start") << 0.0 << 0.0;
    QTest::newRow("first piece") << 2.0 << 1.0;
    QTest::newRow("knot") << 4.0 << 2.0;
    QTest::newRow("second piece") << 5.0 << 4.0;
    QTest::newRow("end") << 6.0 << 6.0;
    QTest::newRow("clamped below") << -1.0 << 0.0;
    QTest::newRow("clamped above") << 7.0 << 6.0;
  }
  void inverse() {
    QFETCH(double, u);
    QFETCH(double, expected);
    QCOMPARE(makeMap({0, 2, 6}, {0, 4, 6}).inverse(u), expected);
  }

  void slope_data() {
    QTest::addColumn<double>("t");
    QTest::addColumn<double>("expected");
    QTest::newRow("first piece") << 1.0 << 2.0;
    QTest::newRow("at interior knot: next piece") << 2.0 << 0.5;
    QTest::newRow("second piece") << 5.0 << 0.5;
    QTest::newRow("at the end") << 6.0 << 0.5;
    QTest::newRow("before the start: end piece") << -1.0 << 2.0;
    QTest::newRow("after the end: end piece") << 8.0 << 0.5;
  }
  void slope() {
    QFETCH(double, t);
    QFETCH(double, expected);
    QCOMPARE(makeMap({0, 2, 6}, {0, 4, 6}).slope(t), expected);
  }

  void identity_data() {
    QTest::addColumn<int>("frames");
    QTest::addColumn<int>("knots");
    QTest::newRow("no frames") << 0 << 0;
    QTest::newRow("one frame") << 1 << 1;
    QTest::newRow("two frames") << 2 << 2;
    QTest::newRow("31 frames") << 31 << 2;
  }
  void identity() {
    QFETCH(int, frames);
    QFETCH(int, knots);
    const WarpMap m = WarpMap::identity(frames);
    QCOMPARE(static_cast<int>(m.from.size()), knots);
    QCOMPARE(m.empty(), knots == 0);
    if (knots == 0) return;
    QVERIFY2(m.validate().empty(), m.validate().c_str());
    for (int f = 0; f < frames; ++f) {
      QCOMPARE(m.map(f), double(f));
      QCOMPARE(m.inverse(f), double(f));
      QCOMPARE(m.slope(f), 1.0);
    }
  }

  void validate_data() {
    QTest::addColumn<Knots>("from");
    QTest::addColumn<Knots>("to");
    QTest::addColumn<QString>("problem");  // substring of the message; empty = valid
    QTest::newRow("valid") << Knots{0, 1, 3} << Knots{0, 2, 3} << QString();
    QTest::newRow("single knot") << Knots{0} << Knots{0} << QString();
    QTest::newRow("empty") << Knots{} << Knots{} << QStringLiteral("no knots");
    QTest::newRow("length mismatch") << Knots{0, 1} << Knots{0} << QStringLiteral("knot times");
    QTest::newRow("flat in M'") << Knots{0, 1, 2} << Knots{0, 1, 1}
                                << QStringLiteral("in M' are not strictly increasing at knot 2");
    QTest::newRow("vertical (flat in M)") << Knots{0, 0} << Knots{0, 1}
                                          << QStringLiteral("in M are not strictly increasing");
    QTest::newRow("decreasing") << Knots{0, 2} << Knots{1, 0}
                                << QStringLiteral("not strictly increasing");
    QTest::newRow("not finite") << Knots{0, qInf()} << Knots{0, 1} << QStringLiteral("not finite");
  }
  void validate() {
    QFETCH(Knots, from);
    QFETCH(Knots, to);
    QFETCH(QString, problem);
    const QString got = QString::fromStdString(makeMap(from, to).validate());
    if (problem.isEmpty()) {
      QVERIFY2(got.isEmpty(), qPrintable(got));
    } else {
      QVERIFY2(got.contains(problem), qPrintable(got));
    }
  }

  // On random strictly increasing maps inverse undoes map, and slope matches finite
  // differences inside every piece.
  void inverseUndoesMap() {
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> step(0.1, 3.0);
    for (int trial = 0; trial < 50; ++trial) {
      WarpMap m;
      double a = 0, b = 0;
      for (int k = 0; k < 8; ++k) {
        m.from.push_back(a);
        m.to.push_back(b);
        a += step(rng);
        b += step(rng);
      }
      QVERIFY(m.validate().empty());
      std::uniform_real_distribution<double> t(m.from.front(), m.from.back());
      for (int s = 0; s < 20; ++s) {
        const double x = t(rng);
        QVERIFY(qAbs(m.inverse(m.map(x)) - x) < 1e-9);
        const double h = 1e-6;
        if (x + h < m.from.back()) {
          const auto k = std::upper_bound(m.from.begin(), m.from.end(), x) - m.from.begin();
          if (x + h < m.from[k]) QVERIFY(qAbs((m.map(x + h) - m.map(x)) / h - m.slope(x)) < 1e-5);
        }
      }
    }
  }

  void simplifiedRemovesStaircase() {
    // A 1.5x stretch as DTW steps it: slopes alternate 1 and 2.
    WarpMap stairs;
    double u = 0;
    for (int t = 0; t <= 20; ++t) {
      stairs.from.push_back(t);
      stairs.to.push_back(u);
      u += (t % 2 == 0) ? 1.0 : 2.0;
    }
    const WarpMap simple = stairs.simplified(0.5);
    QVERIFY(simple.validate().empty());
    QCOMPARE(int(simple.from.size()), 2);  // one straight piece
    QCOMPARE(simple.from.back(), stairs.from.back());
    QCOMPARE(simple.to.back(), stairs.to.back());
    for (size_t k = 0; k < stairs.from.size(); ++k) {
      QVERIFY(std::abs(simple.map(stairs.from[k]) - stairs.to[k]) <= 0.5 + 1e-12);
    }
    // A real bend survives.
    WarpMap bend{{0, 10, 20}, {0, 5, 25}};
    QCOMPARE(int(bend.simplified(0.5).from.size()), 3);
    QCOMPARE(int(WarpMap::identity(7).simplified(0.5).from.size()), 2);
  }
};

QTEST_GUILESS_MAIN(TestWarpMap)
#include "test_warp_map.moc"
