// Generated transitions (generated_transitions.h) on a game-style clip set made from synthetic
// motion of one skeleton: a walk loop and a run loop with no take between them, each its own
// group of hubs. The build joins them with generated clips that start on one hub's pose and
// end on the other's, with continuous root motion, kept through a save and a rebuild.
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/graph/generated_transitions.h"
#include "fatgraph/core/graph/hub_groups.h"
#include "fatgraph/core/io/project_store.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/test_support/synthetic_motion.h"
#include "synthetic_projects.h"

using namespace fatgraph;

namespace {

// A walk and a run of one biped, four steady cycles each (loops as a game ships them).
Project walkAndRun() {
  SyntheticWalkParams walk;
  walk.cycles = 4;
  SyntheticWalkParams run = walk;
  run.period = 0.7;
  run.strideLength = 2.2;
  run.dutyFactor = 0.4;
  Project p = test::projectOf({generateBipedWalk(walk), generateBipedWalk(run)});
  p.clips[0].name = "walk";
  p.clips[1].name = "run";
  return p;
}

Vec3 motionRootAt(const Project& p, const Clip& clip, int frame) {
  std::vector<Quat> r(static_cast<size_t>(p.skeleton.jointCount()));
  std::vector<Vec3> x(static_cast<size_t>(p.skeleton.jointCount()));
  clipFrameToModel(p.skeleton, clip, frame, r, x);
  return x[static_cast<size_t>(p.skeleton.motionRoot)];
}

// The largest step of the motion root between consecutive frames (metres).
double largestRootStep(const Project& p, const Clip& clip) {
  double largest = 0.0;
  for (int f = 1; f < clip.frameCount(); ++f) {
    largest = std::max(largest, (motionRootAt(p, clip, f) - motionRootAt(p, clip, f - 1)).norm());
  }
  return largest;
}

// The largest angle between the two poses' local rotations of joints other than the motion root.
double largestJointAngle(const Project& p, const Pose& a, const Pose& b) {
  double largest = 0.0;
  for (int j = 0; j < p.skeleton.jointCount(); ++j) {
    if (j != p.skeleton.motionRoot) largest = std::max(largest, angleBetween(a.rotations[j], b.rotations[j]));
  }
  return largest;
}

std::vector<std::string> generatedNames(const Project& p) {
  std::vector<std::string> names;
  for (const Clip* c : generatedClips(p)) names.push_back(c->name);
  return names;
}

}  // namespace

class TestGeneratedTransitions : public QObject {
  Q_OBJECT
 private slots:
  void loopsApartWithoutTransitions() {
    Project p = walkAndRun();
    BuildOptions off;
    off.transitions = false;
    buildMotionGraph(p, off);
    QVERIFY2(hubGroups(p.graph).size() >= 2, "the walk and the run must start apart for this test to mean anything");
    QVERIFY(generatedClips(p).empty());
  }

  void transitionsJoinTheLoops() {
    Project p = walkAndRun();
    const BuildReport report = buildMotionGraph(p);
    QCOMPARE(hubGroups(p.graph).size(), size_t(1));
    const std::vector<const Clip*> generated = generatedClips(p);
    QVERIFY(generated.size() >= 2);
    QCOMPARE(generated.size() % 2, size_t(0));  // both ways along each join
    const double sourceStep = std::max(largestRootStep(p, p.clips[0]), largestRootStep(p, p.clips[1]));
    for (const Clip* c : generated) {
      const TransitionOrigin& o = *c->generated;
      const Clip& from = p.clips[static_cast<size_t>(p.findClip(o.fromClip))];
      const Clip& to = p.clips[static_cast<size_t>(p.findClip(o.toClip))];
      QCOMPARE(c->frameCount(), 2 * o.leadFrames + o.blendFrames + 1);
      QVERIFY(o.blendFrames >= std::lround(kShortestTransitionSeconds * p.settings.fps));
      QVERIFY(o.blendFrames <= std::lround(kLongestTransitionSeconds * p.settings.fps));
      // It leaves on from's own frame and arrives in to's pose (placed where the root arrived).
      QVERIFY(largestJointAngle(p, c->pose(o.leadFrames), from.pose(o.fromFrame)) < 1e-9);
      QVERIFY(motionRootAt(p, *c, o.leadFrames).isApprox(motionRootAt(p, from, o.fromFrame), 1e-9));
      QVERIFY(largestJointAngle(p, c->pose(o.leadFrames + o.blendFrames), to.pose(o.toFrame)) < 1e-9);
      QVERIFY(std::abs(motionRootAt(p, *c, o.leadFrames + o.blendFrames).y() - motionRootAt(p, to, o.toFrame).y()) < 1e-9);
      // Root motion without a jump: no step beyond the clips' own largest (a blend of two
      // steps is never longer than the longer of them).
      const double step = largestRootStep(p, *c);
      QVERIFY2(step <= 1.05 * sourceStep, qPrintable(QString("root step %1 m, the clips' largest %2 m").arg(step).arg(sourceStep)));
      for (const Quat& q : c->rotations) QVERIFY(std::isfinite(q.norm()));
      // Each is a segment between its two hubs, and the notes say so.
      const int index = p.findClip(c->name);
      const bool segment = std::any_of(p.graph.segments.begin(), p.graph.segments.end(), [&](const Segment& s) {
        return s.clip == index && s.first == o.leadFrames && s.last == o.leadFrames + o.blendFrames &&
               p.graph.hubs[static_cast<size_t>(s.fromHub)].name == o.fromHub &&
               p.graph.hubs[static_cast<size_t>(s.toHub)].name == o.toHub;
      });
      QVERIFY2(segment, c->name.c_str());
      const bool noted = std::any_of(report.notes.begin(), report.notes.end(), [&](const std::string& n) {
        return n.rfind("generated transition '" + c->name + "'", 0) == 0;
      });
      QVERIFY2(noted, c->name.c_str());
    }
  }

  void rebuildDerivesThemAgain() {
    Project p = walkAndRun();
    buildMotionGraph(p);
    const std::vector<std::string> first = generatedNames(p);
    const size_t clips = p.clips.size();
    buildMotionGraph(p);
    QCOMPARE(generatedNames(p), first);
    QCOMPARE(p.clips.size(), clips);
    BuildOptions off;
    off.transitions = false;
    buildMotionGraph(p, off);
    QVERIFY(generatedClips(p).empty());
    QCOMPARE(p.clips.size(), size_t(2));
  }

  void failedBuildKeepsThem() {
    Project p = walkAndRun();
    buildMotionGraph(p);
    const std::vector<std::string> before = generatedNames(p);
    // Stopped at the end of the first cut, after the generated clips were taken out.
    BuildOptions stopped;
    stopped.progress = [](double f) {
      if (f >= 0.99) throw Error("stopped by the test");
      return true;
    };
    bool threw = false;
    try {
      buildMotionGraph(p, stopped);
    } catch (const Error& e) {
      threw = std::string(e.what()) == "stopped by the test";
    }
    QVERIFY(threw);
    QCOMPARE(generatedNames(p), before);
    QCOMPARE(hubGroups(p.graph).size(), size_t(1));
    // The graph's segments still lie inside the clips they name.
    for (const Segment& s : p.graph.segments) QVERIFY(s.last < p.clips[static_cast<size_t>(s.clip)].frameCount());
  }

  void saveKeepsTheirOrigin() {
    Project p = walkAndRun();
    buildMotionGraph(p);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("walk_run.fgproj").toStdString();
    saveProject(p, path);
    const Project loaded = loadProject(path);
    QCOMPARE(loaded.clips.size(), p.clips.size());
    for (size_t c = 0; c < p.clips.size(); ++c) {
      QCOMPARE(loaded.clips[c].generated.has_value(), p.clips[c].generated.has_value());
      if (p.clips[c].generated) QVERIFY(*loaded.clips[c].generated == *p.clips[c].generated);
    }
    // Made again from the origin, a generated clip is the one stored.
    for (const Clip* c : generatedClips(loaded)) {
      const Clip again = remakeTransitionClip(loaded, *c);
      QCOMPARE(again.frameCount(), c->frameCount());
      for (size_t k = 0; k < again.rotations.size(); ++k) {
        QVERIFY(angleBetween(again.rotations[k], c->rotations[k]) < 1e-9);
      }
    }
  }

  void originOutsideTheClipIsRefused() {
    const Project p = walkAndRun();
    TransitionOrigin o;
    o.fromClip = "walk";
    o.toClip = "run";
    o.fromFrame = 5;
    o.toFrame = 40;
    o.blendFrames = 10;
    o.leadFrames = 10;
    try {
      makeTransitionClip(p.skeleton, p.clips[0], p.clips[1], o, "walk > run");
      QFAIL("a lead reaching before the first frame was accepted");
    } catch (const Error& e) {
      QCOMPARE(QString(e.what()), QString("generated transition: leaving needs frames -5..15 of clip 'walk', which has %1")
                                      .arg(p.clips[0].frameCount()));
    }
  }
};

QTEST_GUILESS_MAIN(TestGeneratedTransitions)
#include "test_generated_transitions.moc"
