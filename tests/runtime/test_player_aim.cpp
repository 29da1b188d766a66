// Aiming at a point (issue 26 item 3; the Fat Graph paper's bat and kick): Player::aim puts the
// edge's parameterized joint at the target at the parameter reference time, through the
// plane inverted (the projection of the target, clamped to the grid). On 144_03 built with one
// hub and parameterized as `fatgraph build` does by default: targets spread over each edge's
// plane are met within a fixed bound near the errors measured (from the played joint, in the
// edge-start frame; not from the edge's own error estimate); a target off the plane is reported as unreachable by its
// distance; an edge without a plane leaves its weights to the stick.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "core/runtime_graph_fixtures.h"
#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/joystick_mapping.h"
#include "fatgraph/runtime/player.h"
#include "skippable_test_main.h"

using namespace fatgraph;

namespace {

const RuntimeGraph& walkGraph() {
  static const RuntimeGraph g = [] {
    Project project = importClipSet({test::kWalk14403}, {}).project;
    BuildOptions options;
    options.hubCount = 1;
    buildMotionGraph(project, options);
    parameterizeGraph(project);  // the build's defaults: 300 samples, a 32 x 32 grid
    return buildRuntimeGraph(project);
  }();
  return g;
}

Vec3f planePosition(const RuntimeParameterSpace& p, float u, float v) {
  return Vec3f(p.origin[0], p.origin[1], p.origin[2]) + u * Vec3f(p.xAxis[0], p.xAxis[1], p.xAxis[2]) +
         v * Vec3f(p.yAxis[0], p.yAxis[1], p.yAxis[2]);
}

// Plays `edge` from its start (the character at the origin facing +Z: the edge-start frame is
// the world) aiming at `target`; the joint's position when the clock passes the parameter
// reference time (interpolated between the two updates around it).
Vec3f playAimed(const RuntimeGraph& graph, int edge, const Vec3f& target, AimReport* report) {
  PlayerOptions options;
  options.startEdge = edge;
  options.legs.enabled = false;  // the plane was measured on the blend itself
  Player player(graph, options);
  player.aim(toFloat3(target));
  player.update(0.0f, 0, 0);
  const RuntimeParameterSpace& p = graph.edges[size_t(edge)].parameters;
  const auto joint = [&] {
    const CharacterFrame& c = player.character();
    return Vec3f(Eigen::AngleAxisf(c.yaw, Vec3f::UnitY()) * toEigen(player.modelPositions()[size_t(p.joint)]) +
                 toEigen(c.position));
  };
  Vec3f before = joint();
  float timeBefore = player.referenceTime();
  for (int i = 0; i < 600 && player.transitionCount() == 0; ++i) {
    player.update(1.0f / 120.0f, 0, 0);
    const Vec3f now = joint();
    const float time = player.transitionCount() == 0 ? player.referenceTime() : graph.edges[size_t(edge)].referenceDuration;
    if (timeBefore <= p.referenceTime && p.referenceTime <= time) {
      *report = player.aimReport();
      const float a = time > timeBefore ? (p.referenceTime - timeBefore) / (time - timeBefore) : 1.0f;
      return before + a * (now - before);
    }
    before = now;
    timeBefore = time;
  }
  *report = player.aimReport();
  return before;
}

}  // namespace

class TestPlayerAim : public QObject {
  Q_OBJECT
 private slots:
  void targetsOnThePlaneAreMet() {
    const RuntimeGraph& graph = walkGraph();
    std::mt19937 random(7);
    int edgesAimed = 0;
    for (int e = 0; e < static_cast<int>(graph.edges.size()); ++e) {
      const RuntimeEdge& edge = graph.edges[size_t(e)];
      const RuntimeParameterSpace& p = edge.parameters;
      if (p.dimension < 2 || p.gridResolution == 0) continue;
      ++edgesAimed;
      // Targets over the middle of the sampled hull's extent along the axes (halfway between a
      // random point of the joystick's ranges and their centre, so inside the hull).
      std::uniform_real_distribution<float> u(edge.joystick.rangeMin[0], edge.joystick.rangeMax[0]);
      std::uniform_real_distribution<float> v(edge.joystick.rangeMin[1], edge.joystick.rangeMax[1]);
      std::vector<float> errors;
      for (int k = 0; k < 20; ++k) {
        const float a = 0.5f * (u(random) + 0.5f * (edge.joystick.rangeMin[0] + edge.joystick.rangeMax[0]));
        const float b = 0.5f * (v(random) + 0.5f * (edge.joystick.rangeMin[1] + edge.joystick.rangeMax[1]));
        const Vec3f target = planePosition(p, a, b);
        AimReport report;
        const Vec3f reached = playAimed(graph, e, target, &report);
        QVERIFY(report.active && report.aimable);
        QCOMPARE(report.joint, p.joint);
        QVERIFY2(report.unreachable < 1e-4f, qPrintable(QString::number(report.unreachable)));
        errors.push_back((reached - target).norm());
      }
      std::sort(errors.begin(), errors.end());
      const float median = errors[errors.size() / 2];
      qInfo("%s: aim error median %.4f m, max %.4f m over %zu targets; the edge's parameter error median %.4f m",
            edge.name.c_str(), median, errors.back(), errors.size(), edge.paramErrorMedian);
      // Measured 2026-12-07 on 144_03's one aimable edge: median 4.6 mm, largest 45.7 mm over
      // the 20 targets. Twice that plus 1 mm and 2 mm, fixed: the edge's own parameter error
      // estimate (1.2 mm) is printed beside them but bounds nothing.
      QVERIFY2(median <= 0.0102f, qPrintable(QString::number(median)));
      QVERIFY2(errors.back() <= 0.0934f, qPrintable(QString::number(errors.back())));
    }
    QVERIFY(edgesAimed >= 1);
  }

  // Off the plane: the plane point under the target, and its distance reported.
  void targetOffThePlaneIsReported() {
    const RuntimeGraph& graph = walkGraph();
    for (int e = 0; e < static_cast<int>(graph.edges.size()); ++e) {
      const RuntimeParameterSpace& p = graph.edges[size_t(e)].parameters;
      if (p.dimension < 2 || p.gridResolution == 0) continue;
      const Vec3f x(p.xAxis[0], p.xAxis[1], p.xAxis[2]), y(p.yAxis[0], p.yAxis[1], p.yAxis[2]);
      const Vec3f normal = x.cross(y).normalized();
      const Vec3f onPlane = planePosition(p, p.gridMin[0] * 0.3f + p.gridMax[0] * 0.7f, 0.5f * (p.gridMin[1] + p.gridMax[1]));
      AimReport report;
      playAimed(graph, e, onPlane + 0.25f * normal, &report);
      QVERIFY(report.aimable);
      QVERIFY2(std::abs(report.unreachable - 0.25f) < 1e-3f, qPrintable(QString::number(report.unreachable)));
      QVERIFY((toEigen(report.planned) - onPlane).norm() < 1e-3f);
      // Beyond the grid: clamped to its edge, the rest reported.
      playAimed(graph, e, planePosition(p, p.gridMax[0] + 1.0f, p.gridMin[1]), &report);
      QVERIFY2(std::abs(report.unreachable - 1.0f) < 1e-3f, qPrintable(QString::number(report.unreachable)));
      return;
    }
    QFAIL("no edge with a plane");
  }

  // Non-finite targets clear the aim; clearAim hands the weights back to the stick.
  void clearingTheAim() {
    const RuntimeGraph& graph = walkGraph();
    Player player(graph);
    player.aim({0.0f, 1.0f, 0.5f});
    player.update(1.0f / 60.0f, 0, 0);
    QVERIFY(player.aimReport().active);
    player.aim({std::numeric_limits<float>::quiet_NaN(), 0.0f, 0.0f});
    player.update(1.0f / 60.0f, 0, 0);
    QVERIFY(!player.aimReport().active);
    player.aim({0.0f, 1.0f, 0.5f});
    player.clearAim();
    player.update(1.0f / 60.0f, 0.3f, 0.2f);
    QVERIFY(!player.aimReport().active);
    const Float2 stick = joystickPlanePoint(graph.edges[size_t(player.currentEdge())].joystick, 0.3f, 0.2f);
    QCOMPARE(player.planePoint().x, stick.x);
  }
};

FATGRAPH_SKIPPABLE_TEST_MAIN(TestPlayerAim)
#include "test_player_aim.moc"
