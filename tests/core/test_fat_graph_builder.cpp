// Fat graph construction end to end (Fat Graph §3): synthetic motions with known ground truth
// and the real CMU clips in data/, plus the bad inputs the builder must refuse clearly.
#include <QtTest>

#include <algorithm>
#include <cmath>

#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/graph/segment_distances.h"
#include "fatgraph/test_support/synthetic_motion.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "synthetic_projects.h"
#include "verify_throws.h"

using namespace fatgraph;

namespace {
const std::string kData = FATGRAPH_DATA_DIR;

using test::projectOf;

int largestEdge(const MotionGraph& g) {
  size_t best = 0;
  for (const FatEdge& e : g.fatEdges) best = std::max(best, e.segments.size());
  return static_cast<int>(best);
}

// Height of a joint in world space at a frame.
double jointHeight(const Project& p, int clip, int frame, int joint) {
  std::vector<Quat> r(p.skeleton.jointCount());
  std::vector<Vec3> x(p.skeleton.jointCount());
  clipFrameToModel(p.skeleton, p.clips[clip], frame, r, x);
  return x[joint].y();
}

// Gait cycles counted independently of the graph: left-foot strikes, i.e. minima of the left
// foot's height that are the lowest within +-0.4 s.
int footStrikes(const Project& p, int clip, int foot) {
  const Clip& c = p.clips[clip];
  std::vector<double> h(c.frameCount());
  for (int f = 0; f < c.frameCount(); ++f) h[f] = jointHeight(p, clip, f, foot);
  const int r = static_cast<int>(0.4 * c.fps);
  int strikes = 0;
  for (int f = r; f + r < c.frameCount(); ++f) {
    bool lowest = true;
    for (int g = f - r; g <= f + r && lowest; ++g) lowest = g == f || h[f] < h[g] || (h[f] == h[g] && f < g);
    strikes += lowest;
  }
  return strikes;
}
}  // namespace

class TestFatGraphBuilder : public QObject {
  Q_OBJECT
 private slots:
  void syntheticWalkHasOneHubPerCycle_data() {
    QTest::addColumn<int>("cycles");
    QTest::addColumn<double>("turningRate");
    QTest::newRow("8 cycles straight") << 8 << 0.0;
    QTest::newRow("12 cycles turning") << 12 << 0.3;
  }

  void syntheticWalkHasOneHubPerCycle() {
    QFETCH(int, cycles);
    QFETCH(double, turningRate);
    SyntheticWalkParams params;
    params.cycles = cycles;
    params.turningRate = turningRate;
    params.period = 32.0 / 30.0;  // a whole number of frames, so every cycle samples the same phases
    const SyntheticMotion walk = generateBipedWalk(params);
    Project p = projectOf({walk});
    BuildOptions one;  // the top suggestion alone (auto may add a hub for the entry piece)
    one.hubCount = 1;
    buildMotionGraph(p, one);
    const MotionGraph& g = p.graph;
    QCOMPARE(int(g.hubs.size()), 1);
    // The hub matches the same phase in every other cycle whose window fits in the clip: from
    // the declaration, the other frames with the hub's gait phase and a whole window
    // (window / 2 frames before, window - 1 - window / 2 after) inside the clip.
    const int matches = static_cast<int>(g.hubs[0].matchSet.size());
    const int window = p.settings.window;
    const int hubFrame = g.hubs[0].frame.frame;
    const std::vector<double>& phase = walk.truth.cyclePhases;
    int samePhase = 0;
    for (int f = window / 2; f + (window - 1 - window / 2) < int(phase.size()); ++f) {
      const double d = phase[size_t(f)] - phase[size_t(hubFrame)];
      if (f != hubFrame && std::abs(d - std::round(d)) < 1e-6) ++samePhase;
    }
    QCOMPARE(matches, samePhase);
    const double periodFrames = walk.truth.period * walk.truth.fps;
    for (size_t m = 1; m < g.hubs[0].matchSet.size(); ++m) {
      const int gap = g.hubs[0].matchSet[m].frame - g.hubs[0].matchSet[m - 1].frame;
      const double cyclesApart = gap / periodFrames;
      QVERIFY2(std::abs(cyclesApart - std::round(cyclesApart)) < 0.1, qPrintable(QString::number(gap)));
    }
    // One cycle per segment, all blendable: one fat edge.
    QCOMPARE(int(g.segments.size()), matches);
    QCOMPARE(int(g.fatEdges.size()), 1);
    QCOMPARE(int(g.fatEdges[0].segments.size()), matches);
    for (const Segment& s : g.segments) QVERIFY(std::abs(s.frameCount() - 1 - periodFrames) <= 1.0);
  }

  void equalClipsHaveZeroDistance() {
    SyntheticWalkParams params;
    params.cycles = 4;
    const SyntheticMotion walk = generateBipedWalk(params);
    SyntheticWalkParams moved = params;
    moved.startPosition = Vec3(3, 0, -2);
    moved.startHeading = 1.2;
    Project p = projectOf({walk, generateBipedWalk(moved)});
    const PoseFeatures f(p.skeleton, p.clips, p.settings.jointWeights);
    const int n = walk.clip.frameCount();
    for (int i = 5; i + 5 < n; i += 7) {
      QVERIFY(distanceToRms(windowDistance(f, i, n + i, 10), f, 10) < 1e-6);
    }
    Segment a{0, 10, 40, 0, 0}, b{1, 10, 40, 0, 0};
    QVERIFY(symmetricSegmentDistance(f, a, b) < 1e-10);
  }

  void twoMotionKindsLeavingCommonPose() {
    // Two walks of different styles that start and end in the same stand: the stand is the
    // hub, and the walks become two fat edges from it back to it.
    const test::TwoStyles styles = test::twoStyleWalks();
    const SyntheticMotion& a = styles.plain;
    const SyntheticMotion& b = styles.crouched;
    Project p = projectOf({a, b, a, b});
    buildMotionGraph(p);
    const MotionGraph& g = p.graph;
    QCOMPARE(int(g.hubs.size()), 1);
    const Hub& hub = g.hubs[0];
    const SyntheticMotion& hubMotion = hub.frame.clip % 2 == 0 ? a : b;
    QCOMPARE(hubMotion.truth.speedFactors[hub.frame.frame], 0.0);  // a standing frame
    QCOMPARE(int(g.fatEdges.size()), 2);
    for (const FatEdge& e : g.fatEdges) {
      QCOMPARE(int(e.segments.size()), 2);
      // Each edge holds one motion kind: both segments from clips of the same style.
      QCOMPARE(g.segments[e.segments[0]].clip % 2, g.segments[e.segments[1]].clip % 2);
      QCOMPARE(e.fromHub, 0);
      QCOMPARE(e.toHub, 0);
    }
  }

  void figure8WalkHasPerCycleHub() {
    ClipSetOptions o;
    ClipSetImport in = importClipSet({kData + "/cmu-leonardo-ono-roll/144_03.bvh"}, o);
    Project& p = in.project;
    BuildOptions one;
    one.hubCount = 1;
    const BuildReport report = buildMotionGraph(p, one);
    QCOMPARE(report.frames, 1120);
    const MotionGraph& g = p.graph;
    QCOMPARE(int(g.hubs.size()), 1);
    const int cycles = footStrikes(p, 0, p.skeleton.find("LeftFoot"));
    const int segments = static_cast<int>(g.hubs[0].matchSet.size());  // cuts - 1 = matches
    QVERIFY2(std::abs(segments - cycles) <= 0.1 * cycles,
             qPrintable(QStringLiteral("%1 segments, %2 cycles").arg(segments).arg(cycles)));
    QVERIFY(largestEdge(g) >= 0.8 * static_cast<double>(g.segments.size()));
    QVERIFY(g.hubThreshold.automatic);
    QVERIFY(g.hubThreshold.rms > 0.02 && g.hubThreshold.rms < 0.2);
  }

  void frontKicksHubAtReadyStance() {
    ClipSetImport in = importClipSet({kData + "/cmu-leonardo-ono-roll/144_05.bvh",
                                      kData + "/cmu-leonardo-ono-roll/144_06.bvh"}, {});
    Project& p = in.project;
    buildMotionGraph(p);
    const MotionGraph& g = p.graph;
    QCOMPARE(int(g.hubs.size()), 1);
    const int left = p.skeleton.find("LeftToeBase"), right = p.skeleton.find("RightToeBase");
    // The floor of each clip: its lowest toe height.
    auto floorOf = [&](int clip) {
      double m = 1e9;
      for (int f = 0; f < p.clips[clip].frameCount(); ++f) {
        m = std::min({m, jointHeight(p, clip, f, left), jointHeight(p, clip, f, right)});
      }
      return m;
    };
    const FrameRef h = g.hubs[0].frame;
    const double floor = floorOf(h.clip);
    // Ready stance: both feet on or just above the ground (a kick lifts one above 0.8 m).
    QVERIFY(jointHeight(p, h.clip, h.frame, left) - floor < 0.1);
    QVERIFY(jointHeight(p, h.clip, h.frame, right) - floor < 0.1);
    // The kicks (a toe above hip height) are segments inside fat edges of several segments.
    int kicksInEdges = 0;
    for (const FatEdge& e : g.fatEdges) {
      if (e.segments.size() < 2) continue;
      for (int s : e.segments) {
        const Segment& seg = g.segments[s];
        double top = -1e9;
        for (int f = seg.first; f <= seg.last; ++f) {
          top = std::max({top, jointHeight(p, seg.clip, f, left), jointHeight(p, seg.clip, f, right)});
        }
        kicksInEdges += top - floorOf(seg.clip) > 0.8;
      }
    }
    QVERIFY2(kicksInEdges >= 10, qPrintable(QString::number(kicksInEdges)));
  }

  void distancesAreCachedUntilSettingsChange() {
    SyntheticWalkParams params;
    params.cycles = 5;
    Project p = projectOf({generateBipedWalk(params)});
    QVERIFY(!buildMotionGraph(p).distancesFromCache);
    QVERIFY(buildMotionGraph(p).distancesFromCache);
    p.settings.window = 8;
    QVERIFY(!buildMotionGraph(p).distancesFromCache);
  }

  void refusesBadInput() {
    Project empty;
    FATGRAPH_VERIFY_THROWS(Error, "build: no clips to build a graph from", buildMotionGraph(empty));
    try {
      importClipSet({kData + "/cmu-leonardo-ono-roll/144_05.bvh", kData + "/cmu-bvh11/131_01.bvh"}, {});
      QFAIL("expected a skeleton mismatch");
    } catch (const Error& e) {
      const QString m = QString::fromStdString(e.what());
      QVERIFY2(m.contains(QStringLiteral("131_01.bvh")) && m.contains(QStringLiteral("144_05.bvh")), qPrintable(m));
    }
    // Real motion never repeats to a millimetre.
    Project p = importClipSet({kData + "/cmu-leonardo-ono-roll/144_05.bvh"}, {}).project;
    BuildOptions tight;
    tight.hubThresholdRms = 0.001;
    try {
      buildMotionGraph(p, tight);
      QFAIL("expected no match");
    } catch (const Error& e) {
      const QString m = QString::fromStdString(e.what());
      QVERIFY2(m.contains(QStringLiteral("yields no match")) && m.contains(QStringLiteral("thresholds above")), qPrintable(m));
    }
    QVERIFY(p.graph.empty());  // nothing written as if it had succeeded
  }

  void retargetsOtherBoneLengths() {
    SyntheticWalkParams params;
    params.cycles = 2;
    const SyntheticMotion walk = generateBipedWalk(params);
    Skeleton tall = walk.skeleton;
    for (Vec3& o : tall.restOffsets) o *= 1.2;
    const Clip moved = retargetClip(walk.clip, walk.skeleton, tall);
    QVERIFY(std::abs(restHipHeight(tall) / restHipHeight(walk.skeleton) - 1.2) < 1e-9);
    QVERIFY((moved.frameTranslations(3)[0] - 1.2 * walk.clip.frameTranslations(3)[0]).norm() < 1e-12);
    QVERIFY(angleBetween(moved.frameRotations(3)[5], walk.clip.frameRotations(3)[5]) < 1e-12);
  }
};

QTEST_GUILESS_MAIN(TestFatGraphBuilder)
#include "test_fat_graph_builder.moc"
