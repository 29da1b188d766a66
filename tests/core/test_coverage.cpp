// Coverage of a fat graph (graph_coverage.h): the share of each clip's frames inside member
// segments of fat edges, a shared cut frame counted once, both ends included.
#include <QtTest>

#include "fatgraph/core/graph/graph_coverage.h"

using namespace fatgraph;

namespace {

// A graph over clips of 30, 20 and 10 frames:
//  clip 0: segments [5, 12], [12, 20] (sharing frame 12) in fat edges, [20, 25] in none;
//  clip 1: [0, 19] and a duplicate of it in another edge (overlap counted once);
//  clip 2: no segment at all.
MotionGraph handMadeGraph() {
  MotionGraph g;
  g.hubs.resize(2);
  g.segments = {{0, 5, 12, 0, 1}, {0, 12, 20, 1, 0}, {0, 20, 25, 0, 0}, {1, 0, 19, 0, 0}, {1, 0, 19, 0, 0}};
  FatEdge a;
  a.fromHub = 0;
  a.toHub = 1;
  a.segments = {0};
  FatEdge b;
  b.fromHub = 1;
  b.toHub = 0;
  b.segments = {1};
  FatEdge c;
  c.fromHub = 0;
  c.toHub = 0;
  c.segments = {3};
  FatEdge d = c;
  d.segments = {4};
  g.fatEdges = {a, b, c, d};  // segment 2 was removed from every edge by an edit
  return g;
}

// The definition read literally: a frame counts when some member segment holds it.
int coveredByLoop(const MotionGraph& g, int clip, int frames) {
  int covered = 0;
  for (int f = 0; f < frames; ++f) {
    bool inside = false;
    for (const FatEdge& e : g.fatEdges) {
      for (int s : e.segments) {
        const Segment& seg = g.segments[s];
        inside = inside || (seg.clip == clip && seg.first <= f && f <= seg.last);
      }
    }
    covered += inside;
  }
  return covered;
}

}  // namespace

class TestCoverage : public QObject {
  Q_OBJECT
 private slots:
  void handMadeGraphMatchesTheDefinition() {
    const MotionGraph g = handMadeGraph();
    const std::vector<int> frames{30, 20, 10};
    const GraphCoverage cov = graphCoverage(g, frames);
    QCOMPARE(int(cov.clips.size()), 3);
    int covered = 0;
    for (int c = 0; c < 3; ++c) {
      QCOMPARE(cov.clips[c].clip, c);
      QCOMPARE(cov.clips[c].frames, frames[c]);
      QCOMPARE(cov.clips[c].coveredFrames, coveredByLoop(g, c, frames[c]));
      covered += coveredByLoop(g, c, frames[c]);
    }
    // By hand: clip 0 frames 5..20 = 16, clip 1 all 20, clip 2 none.
    QCOMPARE(cov.clips[0].coveredFrames, 16);
    QCOMPARE(cov.clips[1].coveredFrames, 20);
    QCOMPARE(cov.clips[2].coveredFrames, 0);
    QCOMPARE(cov.clips[0].fraction, 16.0 / 30.0);
    QCOMPARE(cov.clips[1].fraction, 1.0);
    QCOMPARE(cov.clips[2].fraction, 0.0);
    QCOMPARE(cov.coveredFrames, covered);
    QCOMPARE(cov.frames, 60);
    QCOMPARE(cov.overall, 36.0 / 60.0);
  }

  void segmentsCountEveryListedSegment() {
    // Without the fat edge filter, the removed segment [20, 25] counts too: 5..25 = 21 frames.
    const MotionGraph g = handMadeGraph();
    const GraphCoverage cov = segmentCoverage(g.segments, {30, 20, 10});
    QCOMPARE(cov.clips[0].coveredFrames, 21);
    QCOMPARE(cov.overall, 41.0 / 60.0);
  }

  void emptyGraphAndEmptyClips() {
    const GraphCoverage none = graphCoverage(MotionGraph{}, {12, 0});
    QCOMPARE(none.overall, 0.0);
    QCOMPARE(none.clips[1].fraction, 0.0);  // a clip without frames is not a division by zero
    QCOMPARE(graphCoverage(MotionGraph{}, {}).overall, 0.0);
  }
};

QTEST_GUILESS_MAIN(TestCoverage)
#include "test_coverage.moc"
