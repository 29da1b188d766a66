// Blending by velocity keeps the feet in step: two synthetic walk cycles of different
// durations (0.8 s and 1.07 s) on one edge blended by gradient bands, half and half, lift and
// plant each foot within two frames of where each cycle does alone, because the edge's time
// warp reads both at the same phase. The same edge with the fast cycle read at raw time
// (no warp stretch) shows that the check can fail.
#include <QtTest>

#include <cmath>
#include <vector>

#include "fatgraph/core/param/runtime_graph_builder.h"
#include "fatgraph/core/locomotion/runtime_locomotion.h"
#include "fatgraph/core/model/runtime_skeleton.h"
#include "fatgraph/test_support/synthetic_motion.h"
#include "fatgraph/core/graph/warp_map.h"
#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/player.h"

using namespace fatgraph;

namespace {

constexpr double kFps = 30.0;
constexpr int kSlowFrames = 32;  // one cycle of 32/30 s
constexpr int kFastFrames = 24;  // one cycle of 0.8 s

SyntheticMotion walk(int frames, double stride) {
  SyntheticWalkParams p;
  p.period = frames / kFps;
  p.strideLength = stride;
  p.cycles = 2.0;
  p.fps = kFps;
  return generateBipedWalk(p);
}

struct Setup {
  SyntheticMotion slow = walk(kSlowFrames, 1.1);
  SyntheticMotion fast = walk(kFastFrames, 1.2);
  // Edge 0 is one cycle of each (the slow one the reference), segment 1's warp stretching the
  // fast cycle over the slow one's; edge 1 the same with the fast cycle at raw time.
  RuntimeGraph graph;

  Setup() {
    graph.skeleton = toRuntimeSkeleton(slow.skeleton);
    graph.translatedJoints = runtimeTranslatedJoints(slow.skeleton);
    graph.fps = float(kFps);
    graph.hubs.resize(1);
    graph.hubs[0].name = "hub0";
    const std::vector<Clip> clips = {slow.clip, fast.clip};
    for (int e = 0; e < 2; ++e) {
      RuntimeEdgeSource source;
      source.name = e == 0 ? "in_step" : "raw_time";
      source.fromHub = source.toHub = 0;
      WarpMap warp;  // empty: the fast cycle stretched proportionally over the slow one
      if (e == 1) warp = {{0.0, double(kFastFrames)}, {0.0, double(kFastFrames)}};
      source.segments = {{0, 0, kSlowFrames, {}}, {1, 0, kFastFrames, warp}};
      RuntimeEdge edge = buildRuntimeEdge(slow.skeleton, clips, kFps, source);
      // Both walk straight ahead: the side velocity is the pelvis sway's residue; zero it so
      // the stick's y alone picks the speed.
      edge.bandSamples[0] = edge.bandSamples[2] = 0.0f;
      applyBlendMode(edge, EdgeBlendMode::CartesianBands);
      edge.joystick.deadZone = 0.0f;
      graph.edges.push_back(edge);
      graph.hubs[0].outgoing.push_back(e);
    }
    graph.hubs[0].defaultEdge = 0;
    graph.startEdge = 0;
  }
};

// Edge cycle times (T / referenceDuration) at which each leg's toe joint stops or starts
// moving in the world over one pass of `edge`, the stick at (0, stickY): planted while its
// horizontal speed is below 0.3 times the body's. Relative to the body, since a swing's speed
// scales with the gait's: the fast cycle's foot is still faster when it slows to land.
std::vector<std::vector<double>> contactChanges(const Setup& s, int edge, float stickY, std::vector<float>* weights) {
  PlayerOptions options;
  options.startEdge = edge;
  options.legs.enabled = false;
  Player player(s.graph, options);
  const double dt = 1.0 / 240.0;
  const double duration = s.graph.edges[size_t(edge)].referenceDuration;
  std::vector<std::vector<double>> changes(s.slow.truth.legs.size());
  std::vector<Vec3> previous(changes.size());
  Vec3 body = toEigenDouble(player.character().position);
  std::vector<int> planted(changes.size(), -1);
  player.update(0.0f, 0.0f, stickY);
  weights->assign(player.weights().begin(), player.weights().end());
  for (int k = 0; player.transitionCount() == 0 && k < 100000; ++k) {
    const double before = player.referenceTime();
    if (k > 0) player.update(float(dt), 0.0f, stickY);
    if (player.transitionCount() > 0) break;
    const CharacterFrame& c = player.character();
    const Vec3 position = toEigenDouble(c.position);
    const double bodySpeed = std::hypot(position.x() - body.x(), position.z() - body.z()) / dt;
    body = position;
    for (size_t l = 0; l < changes.size(); ++l) {
      const int toe = s.slow.truth.legs[l].toe;
      const Vec3 world = yawRotation(c.yaw) * toEigenDouble(player.modelPositions()[size_t(toe)]) + position;
      if (k > 0) {
        const double speed = std::hypot(world.x() - previous[l].x(), world.z() - previous[l].z()) / dt;
        const int now = speed < 0.3 * bodySpeed ? 1 : 0;
        if (planted[l] >= 0 && now != planted[l]) changes[l].push_back(0.5 * (before + player.referenceTime()) / duration);
        planted[l] = now;
      }
      previous[l] = world;
    }
  }
  return changes;
}

QString describe(const std::vector<std::vector<double>>& changes) {
  QString out;
  for (const auto& leg : changes) {
    out += QStringLiteral("[");
    for (double c : leg) out += QString::number(c, 'f', 3) + QStringLiteral(" ");
    out += QStringLiteral("] ");
  }
  return out;
}

// The largest distance, in frames of the reference cycle, between corresponding contact
// changes of two runs; infinity when they do not pair up.
double largestOffsetFrames(const std::vector<std::vector<double>>& a, const std::vector<std::vector<double>>& b) {
  double largest = 0;
  for (size_t l = 0; l < a.size(); ++l) {
    if (a[l].size() != b[l].size()) return INFINITY;
    for (size_t i = 0; i < a[l].size(); ++i) largest = std::max(largest, std::abs(a[l][i] - b[l][i]) * kSlowFrames);
  }
  return largest;
}

}  // namespace

class TestPlayBandsInStep : public QObject {
  Q_OBJECT
 private slots:
  void feetStayInStep() {
    const Setup s;
    QCOMPARE(s.graph.validate(), std::string());
    std::vector<float> w;
    const auto slow = contactChanges(s, 0, 0.0f, &w);
    QVERIFY(std::abs(w[0] - 1.0f) < 1e-6f);
    const auto fast = contactChanges(s, 0, 1.0f, &w);
    QVERIFY(std::abs(w[1] - 1.0f) < 1e-6f);
    const auto mixed = contactChanges(s, 0, 0.5f, &w);
    QVERIFY2(std::abs(w[0] - 0.5f) < 1e-4f && std::abs(w[1] - 0.5f) < 1e-4f,
             qPrintable(QStringLiteral("%1 %2").arg(w[0]).arg(w[1])));
    qInfo("slow %s\nfast %s\nmixed %s", qPrintable(describe(slow)), qPrintable(describe(fast)),
          qPrintable(describe(mixed)));
    // Each foot lifts and lands within the cycle (the left leg strikes at phase 0, the right
    // at 0.5): at least two changes in all.
    QVERIFY(slow[0].size() + slow[1].size() >= 2);
    QVERIFY2(largestOffsetFrames(slow, fast) <= 2.0, qPrintable(QString::number(largestOffsetFrames(slow, fast))));
    QVERIFY2(largestOffsetFrames(mixed, slow) <= 2.0, qPrintable(QString::number(largestOffsetFrames(mixed, slow))));
    QVERIFY2(largestOffsetFrames(mixed, fast) <= 2.0, qPrintable(QString::number(largestOffsetFrames(mixed, fast))));
  }

  // At raw time the fast cycle's feet change 25 % of a cycle early (it is read 1:1 and then
  // holds its last frame): the same measurement sees the two cycles out of step.
  void rawTimeIsOutOfStep() {
    const Setup s;
    std::vector<float> w;
    const auto slow = contactChanges(s, 1, 0.0f, &w);
    const auto fast = contactChanges(s, 1, 1.0f, &w);
    QVERIFY2(largestOffsetFrames(slow, fast) > 2.0, qPrintable(describe(slow) + describe(fast)));
  }
};

QTEST_GUILESS_MAIN(TestPlayBandsInStep)
#include "test_play_bands_in_step.moc"
