// Gradient band weights (Cartesian and polar): sum to one, non-negative, exact at samples,
// hand-worked examples, the polar special cases, and odd input.
#include <QtTest>

#include <array>
#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/gradient_bands.h"

using namespace fatgraph;
using V2 = Float2;  // the runtime's plain types, short for the many literal points below
using V3 = Float3;

namespace {

constexpr double kPi = std::numbers::pi;

// A 3D sample's (x, y), for the 2D overloads.
V2 planar(const V3& p) { return {p.x, p.y}; }

bool wellFormed(Span<const float> w) {
  double sum = 0.0;
  for (float x : w) {
    if (!std::isfinite(x) || x < 0.0f) return false;
    sum += x;
  }
  return std::abs(sum - 1.0) < 1e-5;
}

// Polar weights for planar samples with no idle, collinear or opposite pair, written straight
// from the definition in double: the reference for the library's float version.
std::vector<double> polarReference(const std::vector<V2>& s, const V2& p) {
  auto cross = [](const V2& a, const V2& b) { return double(a.x) * b.y - double(a.y) * b.x; };
  auto dot = [](const V2& a, const V2& b) { return double(a.x) * b.x + double(a.y) * b.y; };
  auto norm = [](const V2& a) { return toEigen(a).cast<double>().norm(); };
  std::vector<double> h(s.size());
  double sum = 0.0;
  for (size_t i = 0; i < s.size(); ++i) {
    h[i] = 1e30;
    for (size_t j = 0; j < s.size(); ++j) {
      if (i == j) continue;
      const double si = norm(s[i]), sj = norm(s[j]);
      const double m = 0.5 * (si + sj);
      const double side = cross(s[i], s[j]) > 0 ? 1.0 : -1.0;
      const double pairAngle = std::atan2(std::abs(cross(s[i], s[j])), dot(s[i], s[j]));
      const double queryAngle = side * std::atan2(cross(s[i], p), dot(s[i], p));
      const double a0 = 2 * pairAngle, a1 = (sj - si) / m;
      const double b0 = 2 * queryAngle, b1 = (norm(p) - si) / m;
      h[i] = std::min(h[i], 1.0 - (a0 * b0 + a1 * b1) / (a0 * a0 + a1 * a1));
    }
    h[i] = std::max(0.0, h[i]);
    sum += h[i];
  }
  for (double& x : h) x /= sum;
  return h;
}

}  // namespace

class TestGradientBands : public QObject {
  Q_OBJECT
 private slots:
  void cartesianHandExample() {
    // Samples (0,0), (1,0), (0,1); query (0.25, 0.25):
    //   h0 = min(1 − 0.25/1, 1 − 0.25/1) = 0.75,
    //   h1 = min(1 − 0.75/1, 1 − 1/2) = 0.25, h2 = 0.25 by symmetry; sum 1.25.
    const std::array<V2, 3> s = {V2{0, 0}, V2{1, 0}, V2{0, 1}};
    std::array<float, 3> w;
    QVERIFY(cartesianGradientBandWeights(s, V2{0.25f, 0.25f}, w));
    QVERIFY(std::abs(w[0] - 0.6f) < 1e-6f);
    QVERIFY(std::abs(w[1] - 0.2f) < 1e-6f);
    QVERIFY(std::abs(w[2] - 0.2f) < 1e-6f);
  }

  void polarHandExamples() {
    // Walk (0,1), strafe (1,0), run (0,2); query (0,1.5) along walk and run. α = 2.
    //   walk: with strafe v = (π, 0), query (0, 0.5) → 1; with run (collinear) v = (0, 2/3),
    //         query (0, 1/3) → 0.5.  strafe: with walk v = (π, 0), query (π, 0.5) → 0.
    //   run: with walk v = (0, −2/3), query (0, −1/3) → 0.5; with strafe ≈ 0.978.
    std::array<float, 3> w;
    const std::array<V2, 3> a = {V2{0, 1}, V2{1, 0}, V2{0, 2}};
    QVERIFY(polarGradientBandWeights(a, V2{0, 1.5f}, w));
    QVERIFY(std::abs(w[0] - 0.5f) < 1e-5f && w[1] < 1e-6f && std::abs(w[2] - 0.5f) < 1e-5f);
    // Idle (0,0), walk (0,1), strafe (1,0); query (0,0.5). Idle pairs use α = 1.
    //   idle: with walk v = (0, 2), query (0, 1) → 0.5; with strafe v = (π/2, 2) → 0.691.
    //   walk: with idle both angles 0, v = (0, −2), query (0, −1) → 0.5; with strafe → 1.
    //   strafe: with walk v = (π, 0), query (π, −0.5) → 0.
    const std::array<V2, 3> b = {V2{0, 0}, V2{0, 1}, V2{1, 0}};
    QVERIFY(polarGradientBandWeights(b, V2{0, 0.5f}, w));
    QVERIFY(std::abs(w[0] - 0.5f) < 1e-5f && std::abs(w[1] - 0.5f) < 1e-5f && w[2] < 1e-6f);
  }

  void polarMatchesAnIndependentReference() {
    std::mt19937 rng(21);
    std::uniform_real_distribution<float> angle(0.0f, 2.0f * float(kPi)), speed(0.5f, 4.0f);
    for (int trial = 0; trial < 200; ++trial) {
      std::vector<V2> s(2 + trial % 6);
      for (size_t k = 0; k < s.size(); ++k) {
        // Directions spread apart so no pair is collinear or opposite.
        const float a = float(k) * 2.0f * float(kPi) / float(s.size()) + 0.3f * (angle(rng) / 6.3f);
        s[k] = toFloat2(speed(rng) * Eigen::Vector2f(std::cos(a), std::sin(a)));
      }
      if (s.size() == 2) s[1] = V2{-s[0].y, s[0].x};
      const float qa = angle(rng);
      const V2 q = toFloat2(speed(rng) * Eigen::Vector2f(std::cos(qa), std::sin(qa)));
      std::vector<float> w(s.size());
      QVERIFY(polarGradientBandWeights(s, q, w));
      const std::vector<double> ref = polarReference(s, q);
      for (size_t k = 0; k < s.size(); ++k) QVERIFY(std::abs(w[k] - ref[k]) < 1e-4);
    }
  }

  void propertiesHold_data() {
    QTest::addColumn<bool>("polar");
    QTest::addColumn<bool>("threeD");
    QTest::newRow("cartesian 2D") << false << false;
    QTest::newRow("cartesian 3D") << false << true;
    QTest::newRow("polar 2D") << true << false;
    QTest::newRow("polar 3D") << true << true;
  }
  void propertiesHold() {
    QFETCH(bool, polar);
    QFETCH(bool, threeD);
    std::mt19937 rng(polar * 2 + threeD);
    std::uniform_real_distribution<float> u(-3.0f, 3.0f);
    for (int trial = 0; trial < 300; ++trial) {
      std::vector<V3> s(1 + trial % 8);
      for (V3& p : s) p = toFloat3(Eigen::Vector3f(u(rng), u(rng), threeD ? u(rng) : 0.0f));
      // Ordinary clip sets: an idle sample, a run ahead of the walk, a walk backwards.
      if (trial % 3 == 0) s[0] = V3{};
      if (s.size() > 2 && trial % 4 == 1) s[1] = 2.5f * s[2];
      if (s.size() > 3 && trial % 5 == 2) s[3] = -1.0f * s[2];
      std::vector<V2> s2(s.size());
      for (size_t k = 0; k < s.size(); ++k) s2[k] = planar(s[k]);
      std::vector<float> w(s.size());
      auto run = [&](const V3& q) {
        if (threeD) {
          return polar ? polarGradientBandWeights(s, q, w) : cartesianGradientBandWeights(s, q, w);
        }
        return polar ? polarGradientBandWeights(s2, planar(q), w)
                     : cartesianGradientBandWeights(s2, planar(q), w);
      };
      for (int i = 0; i < 10; ++i) {
        const V3 q =
            toFloat3(Eigen::Vector3f(1.5f * u(rng), 1.5f * u(rng), threeD ? u(rng) : 0.0f));
        QVERIFY(run(q));
        QVERIFY(wellFormed(w));
      }
      for (size_t k = 0; k < s.size(); ++k) {
        QVERIFY(run(s[k]));
        QVERIFY(wellFormed(w));
        QVERIFY2(std::abs(w[k] - 1.0f) < 1e-5f,
                 qPrintable(QString("trial %1 sample %2").arg(trial).arg(k)));
      }
    }
  }

  void polarSpecialCases() {
    std::array<float, 2> w;
    // Collinear pair, a query off their line: no plane, so speed alone decides.
    const std::array<V3, 2> collinear = {V3{0, 0, 1}, V3{0, 0, 3}};
    QVERIFY(polarGradientBandWeights(collinear, V3{0, 0, 2}, w));
    QVERIFY(std::abs(w[0] - 0.5f) < 1e-5f);
    QVERIFY(polarGradientBandWeights(collinear, V3{0.5f, 0, 2}, w));
    QVERIFY(wellFormed(w));
    // Opposite pair (forward and back), query sideways: halfway in angle, unsigned.
    const std::array<V3, 2> opposite = {V3{0, 0, 1}, V3{0, 0, -1}};
    QVERIFY(polarGradientBandWeights(opposite, V3{1, 0, 0}, w));
    QVERIFY(std::abs(w[0] - 0.5f) < 1e-5f && std::abs(w[1] - 0.5f) < 1e-5f);
    QVERIFY(polarGradientBandWeights(opposite, V3{-1, 0, 0}, w));
    QVERIFY(std::abs(w[0] - 0.5f) < 1e-5f);
    // Two idle samples, and a zero query.
    const std::array<V3, 3> idle = {V3{}, V3{}, V3{1, 0, 0}};
    std::array<float, 3> w3;
    QVERIFY(polarGradientBandWeights(idle, V3{}, w3));
    QVERIFY(std::abs(w3[0] - 0.5f) < 1e-5f && std::abs(w3[1] - 0.5f) < 1e-5f && w3[2] < 1e-6f);
    QVERIFY(polarGradientBandWeights(idle, V3{0, 0, 0.3f}, w3));
    QVERIFY(wellFormed(w3));
  }

  void oddInput() {
    std::array<float, 3> w = {7, 7, 7};
    const std::array<V2, 3> dup = {V2{1, 0}, V2{1, 0}, V2{0, 1}};
    QVERIFY(cartesianGradientBandWeights(dup, V2{1, 0}, w));
    QVERIFY(std::abs(w[0] - 0.5f) < 1e-6f && std::abs(w[1] - 0.5f) < 1e-6f && w[2] == 0.0f);
    QVERIFY(polarGradientBandWeights(dup, V2{1, 0}, w));
    QVERIFY(std::abs(w[0] - 0.5f) < 1e-6f && w[2] == 0.0f);
    const std::array<V2, 3> same = {V2{2, 2}, V2{2, 2}, V2{2, 2}};
    QVERIFY(cartesianGradientBandWeights(same, V2{5, -1}, w));
    QVERIFY(std::abs(w[1] - 1.0f / 3.0f) < 1e-6f);
    const std::array<V2, 1> one = {V2{3, 1}};
    std::array<float, 1> w1;
    QVERIFY(polarGradientBandWeights(one, V2{-4, 2}, w1) && w1[0] == 1.0f);
    // Non-finite input: false, equal weights. Wrong buffer size or no samples: untouched.
    QVERIFY(!cartesianGradientBandWeights(dup, V2{std::nanf(""), 0}, w));
    QVERIFY(std::abs(w[2] - 1.0f / 3.0f) < 1e-6f);
    const std::array<V2, 3> bad = {V2{1, 0}, V2{INFINITY, 0}, V2{0, 1}};
    QVERIFY(!polarGradientBandWeights(bad, V2{1, 0}, w) && wellFormed(w));
    w = {7, 7, 7};
    QVERIFY(!cartesianGradientBandWeights(Span<const V2>(dup).subspan(0, 2), V2{0, 0}, w));
    QVERIFY(w[0] == 7.0f);
    QVERIFY(!polarGradientBandWeights(Span<const V2>(), V2{0, 0}, Span<float>()));
    // Random odd values: always a partition of unity, never NaN.
    const std::array<float, 8> odd = {0.0f, 1.0f, -0.5f, 1e-30f, -1e-7f, 1e7f, -1e19f, 3e30f};
    std::mt19937 rng(5);
    std::uniform_int_distribution<int> pick(0, int(odd.size()) - 1), coin(0, 2);
    auto c = [&] {
      return coin(rng) ? std::uniform_real_distribution<float>(-2, 2)(rng) : odd[pick(rng)];
    };
    for (int i = 0; i < 3000; ++i) {
      auto point = [&] { return toFloat3(Eigen::Vector3f(c(), c(), c())); };
      std::array<V3, 4> s3 = {point(), point(), point(), point()};
      std::array<float, 4> w4;
      const V3 q = point();
      QVERIFY(cartesianGradientBandWeights(s3, q, w4) && wellFormed(w4));
      QVERIFY(polarGradientBandWeights(s3, q, w4) && wellFormed(w4));
    }
    // Far outside and huge: still a partition of unity.
    const std::array<V2, 3> s = {V2{0, 0}, V2{1, 0}, V2{0, 1}};
    for (const V2& q : {V2{1e6f, -3e6f}, V2{-1e-30f, 1e-30f}, V2{-50, -50}}) {
      QVERIFY(cartesianGradientBandWeights(s, q, w) && wellFormed(w));
      QVERIFY(polarGradientBandWeights(s, q, w) && wellFormed(w));
    }
  }
};

QTEST_GUILESS_MAIN(TestGradientBands)
#include "test_gradient_bands.moc"
