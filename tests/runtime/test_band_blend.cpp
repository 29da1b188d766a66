// Blending an edge's segments by velocity (band_blend.h): exact at a segment's own velocity,
// normalized, finite on odd input, the Cartesian and polar modes on an idle / walk / run set
// with weights worked out by hand, and edges that cannot be blended by bands.
#include <QtTest>

#include <cmath>
#include <limits>
#include <vector>

#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/band_blend.h"

using namespace fatgraph;
using V2 = Float2;  // the runtime's plain types, short for the many literal points below

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// An edge with one segment per velocity (x left, z forward, m/s); only what the bands read.
RuntimeEdge bandEdge(const std::vector<V2>& velocities, EdgeBlendMode mode) {
  RuntimeEdge e;
  e.name = "locomotion";
  e.blend = mode;
  e.segments.resize(velocities.size());
  for (const V2& v : velocities) {
    e.bandSamples.push_back(v.x);
    e.bandSamples.push_back(v.y);
  }
  return e;
}

// Idle, walk forward at 1.2 m/s, run forward at 3.6 m/s, side-step left at 0.8 m/s.
const std::vector<V2> kGaits = {V2{0, 0}, V2{0, 1.2f}, V2{0, 3.6f}, V2{0.8f, 0}};

std::vector<float> weightsOf(const RuntimeEdge& e, const V2& velocity, bool* ok = nullptr) {
  std::vector<V2> scratch(e.segments.size());
  std::vector<float> w(e.segments.size(), -1.0f);
  const bool result = bandBlendWeights(e, velocity, scratch, w);
  if (ok) *ok = result;
  return w;
}

double sum(const std::vector<float>& w) {
  double s = 0;
  for (float x : w) s += x;
  return s;
}

bool nonNegativeFinite(const std::vector<float>& w) {
  for (float x : w)
    if (!std::isfinite(x) || x < 0) return false;
  return true;
}

}  // namespace

Q_DECLARE_METATYPE(EdgeBlendMode)
Q_DECLARE_METATYPE(V2)
Q_DECLARE_METATYPE(RuntimeEdge)

class TestBandBlend : public QObject {
  Q_OBJECT
 private slots:
  // A velocity equal to a segment's own gives that segment alone, in both modes.
  void exactAtSamples_data() {
    QTest::addColumn<EdgeBlendMode>("mode");
    QTest::addColumn<int>("segment");
    for (int s = 0; s < int(kGaits.size()); ++s) {
      QTest::addRow("cartesian %d", s) << EdgeBlendMode::CartesianBands << s;
      QTest::addRow("polar %d", s) << EdgeBlendMode::PolarBands << s;
    }
  }
  void exactAtSamples() {
    QFETCH(EdgeBlendMode, mode);
    QFETCH(int, segment);
    const RuntimeEdge e = bandEdge(kGaits, mode);
    bool ok = false;
    const std::vector<float> w = weightsOf(e, kGaits[size_t(segment)], &ok);
    QVERIFY(ok);
    for (int i = 0; i < int(w.size()); ++i)
      QVERIFY2(std::abs(w[size_t(i)] - (i == segment ? 1.0f : 0.0f)) < 1e-6f,
               qPrintable(QStringLiteral("w[%1] = %2").arg(i).arg(w[size_t(i)])));
  }

  // Between the samples and far outside them the weights stay a partition of one.
  void normalized_data() {
    QTest::addColumn<EdgeBlendMode>("mode");
    QTest::addColumn<V2>("velocity");
    const V2 queries[] = {V2{0, 0.6f}, V2{0.3f, 2.0f}, V2{-0.5f, 1.0f}, V2{0, -1.0f}, V2{5, 9}, V2{0.4f, 0.4f}};
    for (const V2& q : queries) {
      const QString at = QStringLiteral("(%1, %2)").arg(q.x).arg(q.y);
      QTest::newRow(qPrintable(QStringLiteral("cartesian ") + at)) << EdgeBlendMode::CartesianBands << q;
      QTest::newRow(qPrintable(QStringLiteral("polar ") + at)) << EdgeBlendMode::PolarBands << q;
    }
  }
  void normalized() {
    QFETCH(EdgeBlendMode, mode);
    QFETCH(V2, velocity);
    bool ok = false;
    const std::vector<float> w = weightsOf(bandEdge(kGaits, mode), velocity, &ok);
    QVERIFY(ok);
    QVERIFY(nonNegativeFinite(w));
    QVERIFY2(std::abs(sum(w) - 1.0) < 1e-5, qPrintable(QString::number(sum(w))));
  }

  // Idle, walk and run along one line (forward). At 2.4 m/s, halfway from walk to run, the
  // Cartesian bands give, by the formula h_i = min_j 1 - ((p - p_i).(p_j - p_i)) / |p_j - p_i|^2:
  //   idle: towards walk 1 - 2.4/1.2 < 0, so 0;
  //   walk: towards run 1 - (1.2 * 2.4) / 2.4^2 = 0.5, towards idle 1 - (1.2 * -1.2)/1.44 = 2;
  //   run:  towards walk 1 - (-1.2 * -2.4) / 2.4^2 = 0.5;  normalized: walk 0.5, run 0.5.
  // At 0.3 m/s: idle 1 - 0.3/1.2 = 0.75, walk 1 - (-0.9 * -1.2)/1.44 = 0.25, run
  // 1 - (-3.3 * -3.6)/12.96 < 0: idle 0.75, walk 0.25. Polar bands on a collinear set reduce
  // to relative speed: walk-run at 2.4 m/s, m = 2.4, v_wr = (0, 1), v_wp = (0, 0.5): walk 0.5;
  // run-walk v = (0, -1), v_rp = (0, -0.5): run 0.5; idle-walk (α = 1, angles 0): speed
  // (1.2 - 0)/0.6 = 2, query 2.4/0.6 = 4: 1 - 8/4 < 0 so idle 0; the same halves.
  void idleWalkRun_data() {
    QTest::addColumn<EdgeBlendMode>("mode");
    QTest::addColumn<float>("speed");
    QTest::addColumn<float>("idle");
    QTest::addColumn<float>("walk");
    QTest::addColumn<float>("run");
    QTest::newRow("cartesian 2.4") << EdgeBlendMode::CartesianBands << 2.4f << 0.0f << 0.5f << 0.5f;
    QTest::newRow("cartesian 0.3") << EdgeBlendMode::CartesianBands << 0.3f << 0.75f << 0.25f << 0.0f;
    QTest::newRow("cartesian 3.0") << EdgeBlendMode::CartesianBands << 3.0f << 0.0f << 0.25f << 0.75f;
    QTest::newRow("polar 2.4") << EdgeBlendMode::PolarBands << 2.4f << 0.0f << 0.5f << 0.5f;
  }
  void idleWalkRun() {
    QFETCH(EdgeBlendMode, mode);
    QFETCH(float, speed);
    QFETCH(float, idle);
    QFETCH(float, walk);
    QFETCH(float, run);
    const std::vector<V2> gaits = {V2{0, 0}, V2{0, 1.2f}, V2{0, 3.6f}};
    const std::vector<float> w = weightsOf(bandEdge(gaits, mode), V2{0, speed});
    QVERIFY2(std::abs(w[0] - idle) < 1e-5f && std::abs(w[1] - walk) < 1e-5f && std::abs(w[2] - run) < 1e-5f,
             qPrintable(QStringLiteral("%1 %2 %3").arg(w[0]).arg(w[1]).arg(w[2])));
  }

  // A walk forward and a side-step at the same speed (1 m/s). Polar bands fade by angle: the
  // pair's vector is (2 · 90°, 0), so a query at angle a from forward and speed 1 gives forward
  // 1 - a/90°: halves at 45°, 0.75 at 22.5°. Cartesian bands split the chord: its midpoint
  // (0.5, 0.5) gives halves.
  void polarFadesByAngle() {
    const std::vector<V2> gaits = {V2{0, 1}, V2{1, 0}};
    const V2 diagonal = toFloat2(Eigen::Vector2f(1, 1).normalized());
    const std::vector<float> polar = weightsOf(bandEdge(gaits, EdgeBlendMode::PolarBands), diagonal);
    QVERIFY2(std::abs(polar[0] - 0.5f) < 1e-5f && std::abs(polar[1] - 0.5f) < 1e-5f,
             qPrintable(QStringLiteral("%1 %2").arg(polar[0]).arg(polar[1])));
    const std::vector<float> cartesian =
        weightsOf(bandEdge(gaits, EdgeBlendMode::CartesianBands), V2{0.5f, 0.5f});
    QVERIFY(std::abs(cartesian[0] - 0.5f) < 1e-5f && std::abs(cartesian[1] - 0.5f) < 1e-5f);
    const float a = 0.3926991f;  // 22.5°
    const std::vector<float> quarter =
        weightsOf(bandEdge(gaits, EdgeBlendMode::PolarBands), V2{std::sin(a), std::cos(a)});
    QVERIFY2(std::abs(quarter[0] - 0.75f) < 1e-4f, qPrintable(QString::number(quarter[0])));
  }

  // Odd input never gives NaN: a NaN velocity counts as standing still.
  void nonFiniteVelocity_data() {
    QTest::addColumn<EdgeBlendMode>("mode");
    QTest::addColumn<V2>("velocity");
    const float inf = std::numeric_limits<float>::infinity();
    QTest::newRow("cartesian NaN") << EdgeBlendMode::CartesianBands << V2{kNaN, kNaN};
    QTest::newRow("polar NaN") << EdgeBlendMode::PolarBands << V2{kNaN, 1.0f};
    QTest::newRow("cartesian inf") << EdgeBlendMode::CartesianBands << V2{inf, 0.0f};
    QTest::newRow("polar -inf") << EdgeBlendMode::PolarBands << V2{0.0f, -inf};
  }
  void nonFiniteVelocity() {
    QFETCH(EdgeBlendMode, mode);
    QFETCH(V2, velocity);
    const RuntimeEdge e = bandEdge(kGaits, mode);
    bool ok = false;
    const std::vector<float> w = weightsOf(e, velocity, &ok);
    QVERIFY(ok);
    QVERIFY(nonNegativeFinite(w));
    QVERIFY(std::abs(sum(w) - 1.0) < 1e-5);
    // Standing still is the idle sample's own velocity.
    QVERIFY(std::abs(weightsOf(e, V2{0, 0})[0] - 1.0f) < 1e-6f);
  }

  // Edges that cannot be blended by bands leave the caller's weights alone.
  void refused_data() {
    QTest::addColumn<RuntimeEdge>("edge");
    QTest::addColumn<int>("weights");
    QTest::newRow("grid edge") << bandEdge(kGaits, EdgeBlendMode::Grid) << 4;
    RuntimeEdge missing = bandEdge(kGaits, EdgeBlendMode::CartesianBands);
    missing.bandSamples.pop_back();
    QTest::newRow("samples missing") << missing << 4;
    RuntimeEdge nan = bandEdge(kGaits, EdgeBlendMode::PolarBands);
    nan.bandSamples[3] = kNaN;
    QTest::newRow("NaN sample") << nan << 4;
    QTest::newRow("buffer too small") << bandEdge(kGaits, EdgeBlendMode::CartesianBands) << 3;
    QTest::newRow("no segments") << bandEdge({}, EdgeBlendMode::CartesianBands) << 0;
  }
  void refused() {
    QFETCH(RuntimeEdge, edge);
    QFETCH(int, weights);
    std::vector<V2> scratch(4);
    std::vector<float> w(size_t(weights), -1.0f);
    QVERIFY(!bandBlendWeights(edge, V2{0, 1}, scratch, w));
    for (float x : w) QCOMPARE(x, -1.0f);
    if (weights != int(edge.segments.size())) return;  // only the caller's buffer was wrong
    RuntimeGraph graph;
    graph.edges.push_back(edge);
    BandBlend bands(graph);
    QVERIFY(bands.evaluate(edge, V2{0, 1}).empty());
  }

  // The scratch-owning form agrees with the function, for every edge of a graph, and its
  // buffers fit the largest edge.
  void bandBlendObject() {
    RuntimeGraph graph;
    graph.edges.push_back(bandEdge({V2{0, 1}, V2{0, 2}}, EdgeBlendMode::CartesianBands));
    graph.edges.push_back(bandEdge(kGaits, EdgeBlendMode::PolarBands));
    BandBlend bands(graph);
    for (const RuntimeEdge& e : graph.edges) {
      const V2 v{0.2f, 1.5f};
      const Span<const float> w = bands.evaluate(e, v);
      const std::vector<float> expected = weightsOf(e, v);
      QCOMPARE(w.size(), expected.size());
      for (size_t i = 0; i < w.size(); ++i) QCOMPARE(w[i], expected[i]);
    }
  }
};

QTEST_GUILESS_MAIN(TestBandBlend)
#include "test_band_blend.moc"
