// Walks, turns and runs of one skeleton in one build (`--hubs auto`): every take is cut into
// gait cycles, the run included, though a run gains the whole set few frames (the rule that
// takes a hub cutting a take no segment held), the threshold says which rule chose it, and
// the per-take coverage is reported. Synthetic gaits with known cycles from the generator
// (test_mixed_gaits_shared_corpus: a real walk and run).
#include <QtTest>

#include <algorithm>
#include <string>

#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/graph/hub_groups.h"
#include "fatgraph/core/graph/pose_features.h"
#include "fatgraph/test_support/synthetic_motion.h"
#include "synthetic_projects.h"

using namespace fatgraph;

namespace {

using test::runGait;
using test::walkGait;
// Segments of fat edges per clip.
std::vector<int> segmentsPerClip(const Project& p) {
  std::vector<int> out(p.clips.size(), 0);
  for (const FatEdge& e : p.graph.fatEdges)
    for (int s : e.segments) ++out[static_cast<size_t>(p.graph.segments[static_cast<size_t>(s)].clip)];
  return out;
}

}  // namespace

class TestMixedGaits : public QObject {
  Q_OBJECT

 private slots:
  // Long walks, turns both ways and a short run: every take is cut, the run included.
  void everyTakeIsCut() {
    Project p = test::projectOf({generateBipedWalk(walkGait(20)), generateBipedWalk(walkGait(16, 0.4)),
                                 generateBipedWalk(walkGait(16, -0.4)), generateBipedWalk(runGait(2.5))});
    const BuildReport report = buildMotionGraph(p);
    const std::vector<int> segments = segmentsPerClip(p);
    for (const std::string& n : report.notes) qInfo("%s", n.c_str());
    qInfo("hub threshold %.3f m (%s), %zu hubs, coverage %.3f", p.graph.hubThreshold.rms,
          p.graph.hubThreshold.method.c_str(), p.graph.hubs.size(), report.coverage.overall);
    QVERIFY(!p.graph.hubThreshold.method.empty());
    QCOMPARE(report.coverage.clips.size(), p.clips.size());
    for (size_t c = 0; c < p.clips.size(); ++c) {
      if (p.clips[c].generated) continue;  // a transition the build made, not a take
      qInfo("clip %zu: %d segments, coverage %.3f", c, segments[c], report.coverage.clips[c].fraction);
      QVERIFY2(segments[c] >= 1, qPrintable(QStringLiteral("clip %1 is not cut").arg(c)));
      QVERIFY(report.coverage.clips[c].fraction > 0.5);
    }
  }

  // Walk and run hubs with no take between them: the build names the two groups and how close
  // their poses come; a hub threshold above that gap connects them through shared poses.
  void walkAndRunGroupsMeetAboveTheirGap() {
    Project p = test::projectOf({generateBipedWalk(walkGait(20)), generateBipedWalk(runGait(6))});
    BuildOptions captured;  // the groups the takes make: no generated transitions
    captured.transitions = false;
    const BuildReport report = buildMotionGraph(p, captured);
    const std::vector<std::vector<int>> groups = hubGroups(p.graph);
    QVERIFY(groups.size() >= 2);
    const PoseFeatures features(p.skeleton, p.clips);
    const std::vector<HubGroupGap> gaps = hubGroupGaps(p.graph, features, p.settings.window);
    QVERIFY(!gaps.empty());
    double nearest = gaps.front().rms;
    for (const HubGroupGap& g : gaps) nearest = std::min(nearest, g.rms);
    qInfo("%zu hub groups at threshold %.3f m, nearest gap %.3f m", groups.size(), p.graph.hubThreshold.rms, nearest);
    QVERIFY(nearest > p.graph.hubThreshold.rms);
    const bool noted = std::any_of(report.notes.begin(), report.notes.end(), [](const std::string& n) {
      return n.find("are not connected by any segment") != std::string::npos;
    });
    QVERIFY(noted);
    BuildOptions wider = captured;
    wider.hubThresholdRms = 1.05 * nearest;
    wider.hubCount = static_cast<int>(p.graph.hubs.size());
    buildMotionGraph(p, wider);
    qInfo("at %.3f m: %zu hub groups", *wider.hubThresholdRms, hubGroups(p.graph).size());
    QVERIFY(hubGroups(p.graph).size() < groups.size());
  }

  // A bridge limit above the gap joins the walk's and the run's hubs without moving the
  // threshold: the run's take is cut at its pose closest to the walk hub as an occurrence of
  // it, so segments run from one group to the other; below the gap nothing changes.
  void aBridgeJoinsWalkAndRun() {
    const std::vector<SyntheticMotion> clips = {generateBipedWalk(walkGait(20)), generateBipedWalk(runGait(6))};
    Project apart = test::projectOf(clips);
    BuildOptions off;
    off.hubBridgeRms = 0.0;
    off.transitions = false;  // bridges alone: no generated transitions
    buildMotionGraph(apart, off);
    const PoseFeatures features(apart.skeleton, apart.clips);
    const std::vector<HubGroupGap> gaps = hubGroupGaps(apart.graph, features, apart.settings.window);
    QCOMPARE(hubGroups(apart.graph).size(), size_t(2));
    QCOMPARE(gaps.size(), size_t(1));
    const double gap = gaps.front().rms;

    Project below = test::projectOf(clips);
    BuildOptions short_ = off;
    short_.hubBridgeRms = 0.95 * gap;
    buildMotionGraph(below, short_);
    QCOMPARE(hubGroups(below.graph).size(), size_t(2));
    QCOMPARE(below.graph.segments, apart.graph.segments);

    Project joined = test::projectOf(clips);
    BuildOptions bridge = off;
    bridge.hubBridgeRms = 1.05 * gap;
    const BuildReport report = buildMotionGraph(joined, bridge);
    for (const std::string& n : report.notes) qInfo("%s", n.c_str());
    const MotionGraph& g = joined.graph;
    QCOMPARE(g.hubThreshold.rms, apart.graph.hubThreshold.rms);
    QCOMPARE(hubGroups(g).size(), size_t(1));
    const bool noted = std::any_of(report.notes.begin(), report.notes.end(), [](const std::string& n) {
      return n.find("bridged to") != std::string::npos && n.find("set by the user") != std::string::npos;
    });
    QVERIFY(noted);
    // A segment of one take ends or starts at a hub whose own frame lies in the other take.
    int crossing = 0;
    for (const Segment& s : g.segments) {
      for (const int h : {s.fromHub, s.toHub}) crossing += g.hubs[static_cast<size_t>(h)].frame.clip != s.clip;
    }
    QVERIFY(crossing >= 2);  // into the other group and back out of it
    // Every take is still cut into as many segments as before, give or take the bridge.
    const std::vector<int> before = segmentsPerClip(apart), after = segmentsPerClip(joined);
    for (size_t c = 0; c < before.size(); ++c) QVERIFY(std::abs(after[c] - before[c]) <= 1);
  }

  // However much gain is asked of a hub, a take that can be cut is cut.
  void aHighGainStillCutsEveryTake() {
    Project p = test::projectOf({generateBipedWalk(walkGait(20)), generateBipedWalk(walkGait(16, 0.4)),
                                 generateBipedWalk(walkGait(16, -0.4)), generateBipedWalk(runGait(2.5))});
    BuildOptions options;
    options.minimumCoverageGain = 0.2;  // a gain no run can reach
    const BuildReport report = buildMotionGraph(p, options);
    for (const std::string& n : report.notes) qInfo("%s", n.c_str());
    const std::vector<int> segments = segmentsPerClip(p);
    for (size_t c = 0; c < p.clips.size(); ++c) {
      if (p.clips[c].generated) continue;  // a transition the build made, not a take
      qInfo("clip %zu: %d segments, coverage %.3f", c, segments[c], report.coverage.clips[c].fraction);
      QVERIFY(segments[c] >= 1);  // the run by the take rule, whatever gain was asked
    }
    // 2.5 cycles of run: one hub cuts at least one whole cycle of it.
    QVERIFY(report.coverage.clips[3].fraction > 0.3);
    // The run's cut is the gain rule's exception, and the note says so.
    const bool noted = std::any_of(report.notes.begin(), report.notes.end(), [](const std::string& n) {
      return n.find("cuts a take no segment held") != std::string::npos && n.find("clip3") != std::string::npos;
    });
    QVERIFY(noted);
  }
};

QTEST_GUILESS_MAIN(TestMixedGaits)
#include "test_mixed_gaits.moc"
