// `fatgraph play`'s report, fed with synthetic player states whose answers are known: joint
// jumps, root travel, unwrapped yaw, listed edges, and the parameter error at a reference time
// that falls inside an update or at a transition.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "play_metrics.h"

using fatgraph::CharacterFrame;
using fatgraph::Vec3;
using fatgraph::cli::PlayMetrics;
using fatgraph::cli::PlayObservation;

namespace {

// Two joints: a root at model (0, 1, 0) and a marker at model (0.2, 1, 0).
const Vec3 kModel[2] = {Vec3(0, 1, 0), Vec3(0.2, 1, 0)};

fatgraph::RuntimeEdge edge(const char* name, float duration, int joint, float referenceTime,
                           const Vec3& origin) {
  fatgraph::RuntimeEdge e;
  e.name = name;
  e.referenceDuration = duration;
  e.parameters.dimension = 2;
  e.parameters.gridResolution = 2;
  e.parameters.joint = joint;
  e.parameters.referenceTime = referenceTime;
  for (int i = 0; i < 3; ++i) e.parameters.origin[i] = float(origin[i]);
  e.parameters.xAxis[0] = 1;  // device x along model +X, y along +Z
  e.parameters.yAxis[2] = 1;
  return e;
}

// The character at time t moving `speed` m/s along its heading `yaw` from `start`.
CharacterFrame walking(const CharacterFrame& start, double speed, double t) {
  CharacterFrame c = start;
  c.position += fatgraph::yawRotation(start.yaw) * Vec3(0, 0, speed * t);
  return c;
}

// Feeds one observation; the world positions follow from the character frame.
void observe(PlayMetrics& m, int edge, double time, int transitions, const CharacterFrame& c, double dt,
             bool frame = true, Eigen::Vector2f plane = Eigen::Vector2f::Zero(), bool finite = true) {
  Vec3 world[2];
  for (int j = 0; j < 2; ++j) world[j] = fatgraph::yawRotation(c.yaw) * kModel[j] + c.position;
  PlayObservation o;
  o.edge = edge;
  o.time = float(time);
  o.transitions = transitions;
  o.character = c;
  o.planePoint = plane;
  o.world = world;
  o.finite = finite;
  m.observe(o, dt, frame);
}

}  // namespace

class TestPlayMetrics : public QObject {
  Q_OBJECT
 private slots:
  void straightWalk() {
    fatgraph::RuntimeGraph graph;
    graph.edges.push_back(edge("walk", 100, 0, 50, Vec3::Zero()));
    PlayMetrics m(graph);
    CharacterFrame start;
    m.begin(0, start);
    for (int k = 0; k <= 10; ++k) observe(m, 0, 0.1 * k, 0, walking(start, 1.0, 0.1 * k), k ? 0.1 : 0.0);
    const auto& r = m.report();
    QCOMPARE(r.frames, 11);
    QVERIFY(std::abs(r.maxJointJump - 0.1) < 1e-12);
    QVERIFY(std::abs(r.rootTravel - 1.0) < 1e-12);
    QVERIFY((r.rootStart - Vec3(0, 1, 0)).norm() < 1e-12);
    QVERIFY((r.rootEnd - Vec3(0, 1, 1)).norm() < 1e-12);
    QCOMPARE(r.transitions, 0);
    QCOMPARE(r.edgesPlayed, std::vector<int>{0});
    QVERIFY(r.paramErrors.empty());  // the reference time (50 s) was never reached
    QVERIFY(!r.paramErrorMedian());
    QCOMPARE(r.nanFrames, 0);
  }

  // Only output frames count for jumps and travel; sub-steps in between do not.
  void substepsAreNotFrames() {
    fatgraph::RuntimeGraph graph;
    graph.edges.push_back(edge("walk", 100, 0, 50, Vec3::Zero()));
    PlayMetrics m(graph);
    CharacterFrame start;
    m.begin(0, start);
    for (int k = 0; k <= 12; ++k) {
      observe(m, 0, 0.05 * k, 0, walking(start, 1.0, 0.05 * k), k ? 0.05 : 0.0, k % 3 == 0);
    }
    QCOMPARE(m.report().frames, 5);
    QVERIFY(std::abs(m.report().maxJointJump - 0.15) < 1e-12);
  }

  // 40 steps of +0.3 rad: 12 rad in all, though the frame's yaw stays wrapped in (-pi, pi].
  void yawIsUnwrapped() {
    fatgraph::RuntimeGraph graph;
    graph.edges.push_back(edge("turn", 100, 0, 50, Vec3::Zero()));
    PlayMetrics m(graph);
    CharacterFrame c;
    m.begin(0, c);
    for (int k = 0; k <= 40; ++k) {
      c.yaw = fatgraph::wrapAngle(0.3 * k);
      observe(m, 0, 0.1 * k, 0, c, k ? 0.1 : 0.0);
    }
    QVERIFY(std::abs(m.report().finalYaw - 12.0) < 1e-9);
    QCOMPARE(m.report().rootTravel, 0.0);
  }

  // The reference time 0.5 s is passed between T = 0.45 and 0.6 (clock rate 1.5): at t = 1/3,
  // where the marker is 1/3 m ahead of the edge's start, in a start frame turned and moved.
  void passInsideAnUpdate() {
    fatgraph::RuntimeGraph graph;
    graph.edges.push_back(edge("walk", 2, 1, 0.5f, Vec3(0.2, 1, 0)));
    PlayMetrics m(graph);
    CharacterFrame start;
    start.position = Vec3(1, 0, 2);
    start.yaw = std::numbers::pi / 2;
    m.begin(0, start);
    const Eigen::Vector2f plane(0.1f, 0.25f);  // target (0.3, 1, 0.25)
    for (int k = 0; k <= 5; ++k) {
      observe(m, 0, 0.15 * k, 0, walking(start, 1.0, 0.1 * k), k ? 0.1 : 0.0, true, plane);
    }
    const auto& r = m.report();
    QCOMPARE(int(r.paramErrors.size()), 1);
    const double expected = (Vec3(0.2, 1, 1.0 / 3) - Vec3(0.3, 1, 0.25)).norm();
    QVERIFY2(std::abs(r.paramErrors[0] - expected) < 1e-6, qPrintable(QString::number(r.paramErrors[0])));
    QVERIFY(std::abs(*r.paramErrorMedian() - expected) < 1e-6);
  }

  // Edge 0 (0.8 s, clock rate 1.5) ends at t = 0.5333 inside the update from 0.5 to 0.6. Its
  // reference time is its end: the marker at the switch, 0.5333 m ahead. Edge 1 measures the
  // root at T = 0 in its own start frame, the character frame at the switch: (0, 1, 0).
  void passesAtATransition() {
    fatgraph::RuntimeGraph graph;
    const double tSwitch = 0.8 / 1.5;
    graph.edges.push_back(edge("walk", 0.8f, 1, 0.8f, Vec3(0.2, 1, tSwitch)));
    graph.edges.push_back(edge("stop", 1.0f, 0, 0.0f, Vec3(0, 1, 0)));
    PlayMetrics m(graph);
    CharacterFrame start;
    start.yaw = 0.4;
    m.begin(0, start);
    for (int k = 0; k <= 7; ++k) {
      const double t = 0.1 * k;
      const bool second = t > tSwitch;
      observe(m, second ? 1 : 0, second ? 1.5 * (t - tSwitch) : 1.5 * t, second ? 1 : 0, walking(start, 1.0, t),
              k ? 0.1 : 0.0);
    }
    const auto& r = m.report();
    QCOMPARE(r.transitions, 1);
    QCOMPARE(r.edgesPlayed, (std::vector<int>{0, 1}));
    QCOMPARE(int(r.paramErrors.size()), 2);
    for (double e : r.paramErrors) QVERIFY2(e < 1e-5, qPrintable(QString::number(e)));
  }

  void severalTransitionsInOneUpdate() {
    fatgraph::RuntimeGraph graph;
    graph.edges.push_back(edge("a", 0.05f, 0, 0.0f, Vec3(0, 1, 0)));
    graph.edges.push_back(edge("b", 0.05f, 0, 0.0f, Vec3(0, 1, 0)));
    PlayMetrics m(graph);
    CharacterFrame c;
    m.begin(0, c);
    observe(m, 0, 0, 0, c, 0);
    observe(m, 1, 0.02, 3, c, 0.1);
    const auto& r = m.report();
    QCOMPARE(r.transitions, 3);
    QCOMPARE(r.unlistedTransitions, 2);
    QCOMPARE(r.edgesPlayed, (std::vector<int>{0, 1}));
    QCOMPARE(int(r.paramErrors.size()), 1);  // only edge a's pass at T = 0; b's start is unknown
  }

  void nonFiniteFrames() {
    fatgraph::RuntimeGraph graph;
    graph.edges.push_back(edge("walk", 100, 0, 50, Vec3::Zero()));
    PlayMetrics m(graph);
    CharacterFrame c;
    m.begin(0, c);
    for (int k = 0; k < 5; ++k) observe(m, 0, 0.1 * k, 0, c, k ? 0.1 : 0.0, true, Eigen::Vector2f::Zero(), k != 2 && k != 4);
    QCOMPARE(m.report().nanFrames, 2);
    QCOMPARE(m.report().firstNanFrame, 2);
  }

  void median() {
    fatgraph::cli::PlayReport r;
    r.paramErrors = {0.3, 0.1, 0.2, 0.4};
    QVERIFY(std::abs(*r.paramErrorMedian() - 0.25) < 1e-12);
    r.paramErrors = {0.3, 0.1, 0.2};
    QCOMPARE(*r.paramErrorMedian(), 0.2);
  }
};

QTEST_GUILESS_MAIN(TestPlayMetrics)
#include "test_play_metrics.moc"
