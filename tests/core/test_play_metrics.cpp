// Core's playback metrics (play_metrics.h, what `fatgraph play` reports), fed with made-up
// player states whose answers are known: joint jumps, root travel, unwrapped yaw, listed
// edges, the parameter error at a reference time that falls inside an update or at a
// transition, and the feet: the contact point of rolling feet worked out by hand, skate per
// stance, penetration, overextension and the root's jerk.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "fatgraph/eigen_bridge.h"
#include "fatgraph/core/locomotion/play_metrics.h"

using fatgraph::CharacterFrame;
using fatgraph::Float2;
using fatgraph::Vec3;
using fatgraph::PlayMetrics;
using fatgraph::PlayObservation;

namespace {

// One leg: joint 0 the hip (and root), 1 the knee, 2 the ankle. With the ankle's rotation the
// identity, its heel lies 5 cm below and behind it and its toe tip 5 cm below and 15 cm ahead
// (+Z): a 20 cm foot that is flat on the ground when the ankle is 5 cm up.
fatgraph::RuntimeGraph oneLegGraph() {
  fatgraph::RuntimeGraph graph;
  fatgraph::RuntimeEdge e;
  e.name = "walk";
  e.referenceDuration = 100;
  graph.edges.push_back(e);
  fatgraph::RuntimeLeg leg;
  leg.name = "left";
  leg.chain = {0, 1, 2};
  leg.heel[1] = -0.05f;
  leg.heel[2] = -0.05f;
  leg.toeTip[1] = -0.05f;
  leg.toeTip[2] = 0.15f;
  leg.length = 1.0f;
  leg.footLength = 0.2f;
  graph.legs.push_back(leg);
  return graph;
}

// A frame of the one-leg figure: the ankle at `ankle`, the hip 0.9 m above it, the character
// at the origin with yaw 0 (so model = world).
void observeLeg(PlayMetrics& m, const Vec3& ankle, bool planted, double dt = 1.0 / 30,
                const Vec3& hip = Vec3(std::nan(""), 0, 0)) {
  const Vec3 world[3] = {hip.allFinite() ? hip : ankle + Vec3(0, 0.9, 0), ankle + Vec3(0, 0.45, 0.05), ankle};
  const fatgraph::Quaternion rotations[3] = {};  // identities
  fatgraph::LegReport report;
  report.planted = planted;
  PlayObservation o;
  o.edge = 0;
  o.world = world;
  o.modelRotations = rotations;
  o.legs = std::span<const fatgraph::LegReport>(&report, 1);
  m.observe(o, dt, true);
}

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

// The character at time t moving `speed` m/s along its heading `yaw` from `start` (worked out
// in double, then rounded to the frame's float).
CharacterFrame walking(const CharacterFrame& start, double speed, double t) {
  CharacterFrame c = start;
  c.position = fatgraph::toFloat3(fatgraph::toEigenDouble(start.position) +
                                  fatgraph::yawRotation(start.yaw) * Vec3(0, 0, speed * t));
  return c;
}

// Feeds one observation; the world positions follow from the character frame.
void observe(PlayMetrics& m, int edge, double time, int transitions, const CharacterFrame& c, double dt,
             bool frame = true, Float2 plane = {}, bool finite = true) {
  Vec3 world[2];
  for (int j = 0; j < 2; ++j)
    world[j] = fatgraph::yawRotation(c.yaw) * kModel[j] + fatgraph::toEigenDouble(c.position);
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

Q_DECLARE_METATYPE(Vec3)

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
    QVERIFY(std::abs(r.maxJointJump - 0.1) < 1e-6);  // the character frame is float
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
    QVERIFY(std::abs(m.report().maxJointJump - 0.15) < 1e-6);  // the character frame is float
  }

  // 40 steps of +0.3 rad: 12 rad in all, though the frame's yaw stays wrapped in (-pi, pi].
  void yawIsUnwrapped() {
    fatgraph::RuntimeGraph graph;
    graph.edges.push_back(edge("turn", 100, 0, 50, Vec3::Zero()));
    PlayMetrics m(graph);
    CharacterFrame c;
    m.begin(0, c);
    for (int k = 0; k <= 40; ++k) {
      c.yaw = static_cast<float>(fatgraph::wrapAngle(0.3 * k));
      observe(m, 0, 0.1 * k, 0, c, k ? 0.1 : 0.0);
    }
    QVERIFY(std::abs(m.report().finalYaw - 12.0) < 1e-6);  // the frame's yaw is float
    QCOMPARE(m.report().rootTravel, 0.0);
  }

  // The reference time 0.5 s is passed between T = 0.45 and 0.6 (clock rate 1.5): at t = 1/3,
  // where the marker is 1/3 m ahead of the edge's start, in a start frame turned and moved.
  void passInsideAnUpdate() {
    fatgraph::RuntimeGraph graph;
    graph.edges.push_back(edge("walk", 2, 1, 0.5f, Vec3(0.2, 1, 0)));
    PlayMetrics m(graph);
    CharacterFrame start;
    start.position = {1, 0, 2};
    start.yaw = std::numbers::pi_v<float> / 2;
    m.begin(0, start);
    const Float2 plane{0.1f, 0.25f};  // target (0.3, 1, 0.25)
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
    start.yaw = 0.4f;
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
    for (int k = 0; k < 5; ++k) observe(m, 0, 0.1 * k, 0, c, k ? 0.1 : 0.0, true, Float2{}, k != 2 && k != 4);
    QCOMPARE(m.report().nanFrames, 2);
    QCOMPARE(m.report().firstNanFrame, 2);
  }

  // The contact point of eq. 4.6 (corrected) for feet worked out by hand: flat, rolling on the
  // toe or the heel by 30° (b = 0.5 ± atan(20 · 0.1 / 0.2) / π), and lying flat on a 1:2
  // slope (both ends at height 0 above it: b = 0.5, and the heel the toe implies along the
  // slope is the heel itself, so the point is the heel; a horizontal heading would put it
  // (1 - cos θ) · 0.2 m away and read false skate while the foot rolls).
  void footContactPoint_data() {
    QTest::addColumn<Vec3>("heel");
    QTest::addColumn<Vec3>("toe");
    QTest::addColumn<bool>("slope");
    QTest::addColumn<Vec3>("contact");
    QTest::newRow("flat") << Vec3(1, 0, 2) << Vec3(1, 0, 2.2) << false << Vec3(1, 0, 2);
    QTest::newRow("on the toe") << Vec3(0, 0.1, 0.2 - 0.2 * std::cos(std::numbers::pi / 6)) << Vec3(0, 0, 0.2) << false
                                << Vec3(0, 0.003172551743055352, 0.0008500826774976316);
    QTest::newRow("on the heel") << Vec3(0, 0, 0) << Vec3(0, 0.1, 0.2 * std::cos(std::numbers::pi / 6)) << false
                                 << Vec3(0, 0.003172551743055352, -0.0008500826774976316);
    QTest::newRow("on a slope") << Vec3(0, 0, 0) << Vec3(0, 0.08944271909999159, 0.17888543819998318) << true
                                << Vec3(0, 0, 0);
  }
  void footContactPoint() {
    QFETCH(Vec3, heel);
    QFETCH(Vec3, toe);
    QFETCH(bool, slope);
    QFETCH(Vec3, contact);
    // y = z / 2 over a 100 m square: bilinear interpolation reproduces the plane exactly.
    const auto plane = fatgraph::Heightfield::create(2, 2, 100.0f, -50.0f, -50.0f, {-25, -25, 25, 25});
    QVERIFY(plane);
    const Vec3 c = fatgraph::footContactPoint(heel, toe, 0.2, slope ? &*plane : nullptr, Vec3::UnitZ());
    QVERIFY2((c - contact).norm() < 1e-6, qPrintable(QStringLiteral("%1 %2 %3").arg(c.x()).arg(c.y()).arg(c.z())));
  }

  // Three stances: the first slides 5 mm at its worst (3 mm, 4 mm off its start) and comes back,
  // the second 2 mm; the third is still standing at the last frame and does not count. The
  // flat foot's contact point is its heel, so the ankle's travel is the skate.
  void footSkatePerStance() {
    const fatgraph::RuntimeGraph graph = oneLegGraph();
    PlayMetrics m(graph);
    m.begin(0, CharacterFrame{});
    const double up = 0.05;
    observeLeg(m, Vec3(0, 0.3, 0), false, 0);
    observeLeg(m, Vec3(0, up, 0), true);
    observeLeg(m, Vec3(0.001, up, 0), true);
    observeLeg(m, Vec3(0.003, up, 0.004), true);
    observeLeg(m, Vec3(0.002, up, 0), true);
    observeLeg(m, Vec3(0.1, 0.2, 0.2), false);
    observeLeg(m, Vec3(0.5, up, 0.5), true);
    observeLeg(m, Vec3(0.5, up, 0.502), true);
    observeLeg(m, Vec3(0.7, 0.2, 0.7), false);
    observeLeg(m, Vec3(1, up, 1), true);
    observeLeg(m, Vec3(1.3, up, 1), true);
    const auto& r = m.report();
    QCOMPARE(int(r.footSkates.size()), 2);
    QVERIFY(std::abs(r.footSkates[0] - 0.005) < 1e-9);
    QVERIFY(std::abs(r.footSkates[1] - 0.002) < 1e-9);
    QVERIFY(std::abs(*r.footSkateMedian() - 0.0035) < 1e-9);
    QVERIFY(std::abs(*r.footSkateMax() - 0.005) < 1e-9);
    QVERIFY(r.penetration < 1e-6);  // the flat foot touches y = 0 (to float rounding)
    QVERIFY(r.legOverextension == 0);  // the hip is 0.9 m above the ankle, the leg 1 m long
  }

  // A stance already under way at frame 0 began before the run: not counted. No leg report at
  // all (no leg layer): no stance.
  void stancesCutByTheRun() {
    const fatgraph::RuntimeGraph graph = oneLegGraph();
    PlayMetrics m(graph);
    m.begin(0, CharacterFrame{});
    observeLeg(m, Vec3(0, 0.05, 0), true, 0);
    observeLeg(m, Vec3(0.5, 0.05, 0), true);
    observeLeg(m, Vec3(0.5, 0.3, 0), false);
    QVERIFY(m.report().footSkates.empty());
    QVERIFY(!m.report().footSkateMedian() && !m.report().footSkateMax());
  }

  // Heel 3 mm into flat ground at one frame, the toe 7 mm into the slope y = z / 2 at another;
  // the leg 4 mm longer than it can be at a third.
  void penetrationAndOverextension() {
    const fatgraph::RuntimeGraph graph = oneLegGraph();
    const auto plane = fatgraph::Heightfield::create(2, 2, 100.0f, -50.0f, -50.0f, {-25, -25, 25, 25});
    PlayMetrics flat(graph);
    flat.begin(0, CharacterFrame{});
    observeLeg(flat, Vec3(0, 0.05, 0), false, 0);
    observeLeg(flat, Vec3(0, 0.047, 0), false);  // heel and toe 3 mm below y = 0
    observeLeg(flat, Vec3(0, 0.05, 0), false, 1.0 / 30, Vec3(0, 1.054, 0.03));  // |hip - ankle| = 1.0044...
    QVERIFY2(std::abs(flat.report().penetration - 0.003) < 1e-9, qPrintable(QString::number(flat.report().penetration)));
    const double stretch = Vec3(0, 1.004, 0.03).norm() - 1.0;
    QVERIFY(std::abs(flat.report().legOverextension - stretch) < 1e-9);

    PlayMetrics sloped(graph, &*plane);
    sloped.begin(0, CharacterFrame{});
    // Ankle at z = 0.05: heel at z = 0 (ground 0), toe at z = 0.2 (ground 0.1). The ankle at
    // y = 0.143 puts the toe at 0.093, 7 mm below the slope, and the heel 9.3 cm above it.
    observeLeg(sloped, Vec3(0, 0.143, 0.05), false, 0);
    QVERIFY2(std::abs(sloped.report().penetration - 0.007) < 1e-6, qPrintable(QString::number(sloped.report().penetration)));
  }

  // The root moving as z = c t^3 has jerk 6c everywhere; the third difference over frames h
  // apart is exactly 6 c h^3. A parabola has none.
  void hipJerk_data() {
    QTest::addColumn<double>("cubic");
    QTest::addColumn<double>("square");
    QTest::addColumn<double>("jerk");
    QTest::newRow("cubic") << 0.5 << 0.0 << 3.0;
    QTest::newRow("parabola") << 0.0 << 2.0 << 0.0;
    QTest::newRow("both") << -1.0 << 4.0 << 6.0;
  }
  void hipJerk() {
    QFETCH(double, cubic);
    QFETCH(double, square);
    QFETCH(double, jerk);
    fatgraph::RuntimeGraph graph;
    graph.edges.push_back(edge("walk", 100, 0, 50, Vec3::Zero()));
    graph.edges[0].parameters.gridResolution = 0;
    PlayMetrics m(graph);
    m.begin(0, CharacterFrame{});
    // Frames 1/32 s apart: the character frame is float, and at a power-of-two frame time it
    // holds these polynomials exactly (at 1/30 s its rounding alone moves the jerk by ~1e-4).
    const double h = 1.0 / 32;
    for (int k = 0; k < 12; ++k) {
      // Two updates per frame: the jerk uses the frame time, not the update's.
      const double t = k * h;
      CharacterFrame c;
      c.position = fatgraph::toFloat3(Vec3(0, -1, cubic * t * t * t + square * t * t));
      if (k > 0) observe(m, 0, t - h / 2, 0, c, h / 2, false);
      observe(m, 0, t, 0, c, k ? h / 2 : 0.0);
    }
    QCOMPARE(m.report().hipJerkSamples, 9);
    QVERIFY2(std::abs(m.report().hipJerk - jerk) < 1e-6 * std::max(1.0, jerk),
             qPrintable(QString::number(m.report().hipJerk)));
  }

  void median() {
    fatgraph::PlayReport r;
    r.paramErrors = {0.3, 0.1, 0.2, 0.4};
    QVERIFY(std::abs(*r.paramErrorMedian() - 0.25) < 1e-12);
    r.paramErrors = {0.3, 0.1, 0.2};
    QCOMPARE(*r.paramErrorMedian(), 0.2);
  }
};

QTEST_GUILESS_MAIN(TestPlayMetrics)
#include "test_play_metrics.moc"
