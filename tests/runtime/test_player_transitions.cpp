// Hub transitions of the player (player.cpp: takeTransition, sampleDisplayedPose) on two edges
// whose poses deliberately disagree at their hubs: the knee bent 0 rad on one edge and 1 rad
// on the other, the root 1.0 m and 0.8 m high. Every frame of an edge holds the same pose, so
// whatever the pose does around a hub is the transition's doing. The pose must be continuous
// across the hub (each update moves it no more than the decaying offset allows), the offset
// must follow its smoothstep, and once TransitionSettings::blendSeconds have passed the pose
// is the new edge's own, with no offset left.
#include <QTest>
#include <algorithm>
#include <cmath>
#include <vector>

#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/player.h"
#include "runtime/hand_made_graph.h"

using namespace fatgraph;

Q_DECLARE_METATYPE(fatgraph::TransitionBlend)

namespace {

constexpr float kDt = 1.0f / 120.0f;
constexpr float kKnee[2] = {0.0f, 1.0f};     // radians about x on "there" and "back"
constexpr float kHeight[2] = {1.0f, 0.8f};   // root height, metres
constexpr float kEdgeSeconds = 1.0f;         // 31 frames at 30 fps

RuntimeGraph mismatchedGraph(float blendSeconds) {
  test::HandMadeGraphOptions options;
  options.kneeAngle[0] = kKnee[0];
  options.kneeAngle[1] = kKnee[1];
  options.rootHeight[0] = kHeight[0];
  options.rootHeight[1] = kHeight[1];
  RuntimeGraph g = test::handMadeGraph(options);
  g.transitions.blendSeconds = blendSeconds;
  return g;
}

// What one update shows: the knee's angle about x, the root's height, the ankle in model space.
struct Shown {
  int edge = -1;
  int transitions = 0;
  float knee = 0, height = 0;
  Eigen::Vector3f ankle;
};

Shown show(const Player& p) {
  const Eigen::Quaternionf q = toEigen(p.localRotations()[2]);
  return {p.currentEdge(), p.transitionCount(), 2.0f * std::atan2(q.x(), q.w()),
          p.localTranslations()[0].y, toEigen(p.modelPositions()[3])};
}

// `seconds` of updates of kDt with a centred stick, one entry per update.
std::vector<Shown> play(const RuntimeGraph& g, float seconds, TransitionBlend blend) {
  PlayerOptions options;
  options.transitions = blend;
  Player player(g, options);
  std::vector<Shown> shown;
  for (int k = 0; k < static_cast<int>(std::lround(seconds / kDt)); ++k) {
    player.update(kDt, 0.0f, 0.0f);
    shown.push_back(show(player));
  }
  return shown;
}

// The offset's weight `age` seconds after the hub: smoothstep from 1 down to 0 (player.cpp);
// inertialization's quintic with no velocity to carry (these edges hold still poses) is
// (1 - x)^4 (1 + 4x) (inertialization.h with v0 = 0, a0 = -20 x0 / t1^2).
float offsetWeight(float age, float seconds, TransitionBlend blend) {
  const float x = std::clamp(age / seconds, 0.0f, 1.0f);
  if (blend == TransitionBlend::Inertialization) return std::pow(1.0f - x, 4.0f) * (1.0f + 4.0f * x);
  return 1.0f - x * x * (3.0f - 2.0f * x);
}

// The steepest slope of that weight, per unit of x: 1.5 for smoothstep, 135 / 64 for the
// quintic (at x = 1/4).
float steepestSlope(TransitionBlend blend) {
  return blend == TransitionBlend::Inertialization ? 135.0f / 64.0f : 1.5f;
}

void addBlendColumn() {
  QTest::addColumn<TransitionBlend>("mode");
}

}  // namespace

class TestPlayerTransitions : public QObject {
  Q_OBJECT
 private slots:
  // Across each hub no update moves the pose further than the offset's fastest decay allows:
  // smoothstep's steepest slope is 1.5 / blendSeconds, and the offset's share of the knee
  // angle moves at most 4 tan(phi / 4) / phi faster than its weight along the nlerp (1.02 for
  // phi = 1 rad); 10 % is left for float rounding. Without the blend the same step would be
  // the whole mismatch (1 rad, 0.2 m), twenty times the bound.
  void poseIsContinuousAcrossTheHub_data() {
    addBlendColumn();
    QTest::newRow("decaying offset") << TransitionBlend::DecayingOffset;
    QTest::newRow("inertialization") << TransitionBlend::Inertialization;
  }
  void poseIsContinuousAcrossTheHub() {
    QFETCH(TransitionBlend, mode);
    const float blend = 0.25f;
    const std::vector<Shown> shown = play(mismatchedGraph(blend), 2.5f, mode);
    const float slope = steepestSlope(mode);
    const float kneeStep = 1.1f * std::abs(kKnee[1] - kKnee[0]) * slope * kDt / blend;
    const float heightStep = 1.1f * std::abs(kHeight[1] - kHeight[0]) * slope * kDt / blend;
    const float ankleStep = 0.45f * kneeStep + heightStep;  // the shin turns, the hips drop
    int hubs = 0;
    for (std::size_t k = 1; k < shown.size(); ++k) {
      const Shown &a = shown[k - 1], &b = shown[k];
      if (b.transitions != a.transitions) {
        ++hubs;
        QCOMPARE(b.edge, 1 - a.edge);
        // Just after the hub the pose is still (nearly) the old edge's.
        QVERIFY2(std::abs(b.knee - kKnee[a.edge]) <= kneeStep, qPrintable(QString::number(b.knee)));
      }
      QVERIFY2(std::abs(b.knee - a.knee) <= kneeStep,
               qPrintable(QStringLiteral("update %1: knee %2 -> %3").arg(k).arg(a.knee).arg(b.knee)));
      QVERIFY2(std::abs(b.height - a.height) <= heightStep,
               qPrintable(QStringLiteral("update %1: root %2 -> %3").arg(k).arg(a.height).arg(b.height)));
      QVERIFY2((b.ankle - a.ankle).norm() <= ankleStep, qPrintable(QStringLiteral("update %1: ankle").arg(k)));
    }
    QCOMPARE(hubs, 2);  // there -> back at 1 s, back -> there at 2 s
  }

  // The control: with blendSeconds 0 the player switches instantly, and the step at the hub
  // is the whole mismatch, so the bounds above do measure the blend.
  void withoutBlendTheHubJumps() {
    const std::vector<Shown> shown = play(mismatchedGraph(0.0f), 1.5f, TransitionBlend::DecayingOffset);
    int hub = 0;
    while (shown[hub].transitions == 0) ++hub;
    QVERIFY(hub > 0);
    QVERIFY(std::abs(shown[hub].knee - shown[hub - 1].knee - (kKnee[1] - kKnee[0])) < 1e-5f);
    QVERIFY(std::abs(shown[hub].height - shown[hub - 1].height - (kHeight[1] - kHeight[0])) < 1e-6f);
  }

  // The root's height carries the translation offset, which the player adds linearly: it is
  // the new edge's height plus the mismatch times the smoothstep weight of the offset's age,
  // then exactly the new edge's once the blend time is over, until the next hub. The knee is
  // the new edge's own angle from then on too.
  void offsetDecaysToZeroAfterTheBlendTime_data() {
    QTest::addColumn<float>("blend");
    addBlendColumn();
    for (const TransitionBlend mode : {TransitionBlend::DecayingOffset, TransitionBlend::Inertialization}) {
      const char* name = mode == TransitionBlend::DecayingOffset ? "decaying offset" : "inertialization";
      QTest::addRow("%s, 0.25 s (the default)", name) << 0.25f << mode;
      QTest::addRow("%s, 0.1 s", name) << 0.1f << mode;
      QTest::addRow("%s, 0.6 s", name) << 0.6f << mode;
    }
  }
  void offsetDecaysToZeroAfterTheBlendTime() {
    QFETCH(float, blend);
    QFETCH(TransitionBlend, mode);
    const std::vector<Shown> shown = play(mismatchedGraph(blend), 1.9f, mode);
    int checkedAfter = 0;
    for (std::size_t k = 0; k < shown.size(); ++k) {
      const float t = (k + 1) * kDt;
      const Shown& s = shown[k];
      if (s.transitions == 0) {  // the first edge, before any hub: its own pose
        QCOMPARE(s.knee, kKnee[0]);
        QCOMPARE(s.height, kHeight[0]);
        continue;
      }
      QCOMPARE(s.edge, 1);
      const float age = t - kEdgeSeconds;
      if (age < blend) {
        const float expected = kHeight[1] + offsetWeight(age, blend, mode) * (kHeight[0] - kHeight[1]);
        QVERIFY2(std::abs(s.height - expected) < 1e-3f,
                 qPrintable(QStringLiteral("age %1: root %2, expected %3").arg(age).arg(s.height).arg(expected)));
      } else if (age > blend + kDt) {  // clear of the rounding in the clock's sum
        QVERIFY2(std::abs(s.height - kHeight[1]) < 1e-6f, qPrintable(QString::number(s.height)));
        QVERIFY2(std::abs(s.knee - kKnee[1]) < 1e-5f, qPrintable(QString::number(s.knee)));
        ++checkedAfter;
      }
    }
    QVERIFY(checkedAfter > 10);
  }
};

QTEST_GUILESS_MAIN(TestPlayerTransitions)
#include "test_player_transitions.moc"
