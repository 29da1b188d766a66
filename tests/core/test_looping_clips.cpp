// Looping clips (looping_clips.h): one cycle cut from a synthetic walk (straight and turning,
// biped and quadruped, closed and open at the seam) is found to loop and, repeated, equals the
// walk's own next cycle in world space; clips that do not loop (one and a half cycles, a
// standing pose, CMU takes) and clips holding several cycles are left as they are; the game
// characters' cycles are found and their one-off clips (a death) are not.
#include <QtTest>

#include <cmath>
#include <string>

#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/io/clip_admission.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/io/gltf_import.h"
#include "fatgraph/core/locomotion/looping_clips.h"
#include "fatgraph/test_support/synthetic_motion.h"

using namespace fatgraph;

namespace {

const std::string kData = FATGRAPH_DATA_DIR;

// A walk of whole frames per cycle (1 s at 30 fps), three cycles long.
SyntheticMotion walk(bool quadruped, double turningRate) {
  SyntheticWalkParams p = quadruped ? SyntheticWalkParams::quadrupedDefaults() : SyntheticWalkParams{};
  p.period = 1.0;
  p.fps = 30;
  p.cycles = 4;
  p.turningRate = turningRate;
  p.startHeading = 0.7;
  return quadruped ? generateQuadrupedWalk(p) : generateBipedWalk(p);
}

// The largest world distance of any joint between frame f of `a` and frame `offset + f` of
// `b`, over a's frames.
double largestGap(const Skeleton& s, const Clip& a, const Clip& b, int offset) {
  std::vector<Quat> ra(s.jointCount()), rb(s.jointCount());
  std::vector<Vec3> pa(s.jointCount()), pb(s.jointCount());
  double gap = 0;
  for (int f = 0; f < a.frameCount(); ++f) {
    clipFrameToModel(s, a, f, ra, pa);
    clipFrameToModel(s, b, offset + f, rb, pb);
    for (int j = 0; j < s.jointCount(); ++j) gap = std::max(gap, (pa[j] - pb[j]).norm());
  }
  return gap;
}

}  // namespace

class TestLoopingClips : public QObject {
  Q_OBJECT

 private slots:
  void oneCycleRepeatsIntoTheNext_data() {
    QTest::addColumn<bool>("quadruped");
    QTest::addColumn<double>("turningRate");
    QTest::addColumn<bool>("closed");
    QTest::addColumn<double>("tolerance");
    // A closed seam repeats exactly; an open one guesses the step across the seam from its
    // neighbours (the root's yaw wobble makes that a guess: under a millimetre over a cycle).
    QTest::newRow("biped straight, closed") << false << 0.0 << true << 1e-9;
    QTest::newRow("biped turning left, closed") << false << 0.5 << true << 1e-9;
    QTest::newRow("biped straight, open") << false << 0.0 << false << 0.002;
    QTest::newRow("biped turning right, open") << false << -0.4 << false << 0.002;
    QTest::newRow("quadruped turning, closed") << true << 0.3 << true << 1e-9;
    QTest::newRow("quadruped straight, open") << true << 0.0 << false << 0.002;
  }
  void oneCycleRepeatsIntoTheNext() {
    QFETCH(bool, quadruped);
    QFETCH(double, turningRate);
    QFETCH(bool, closed);
    QFETCH(double, tolerance);
    const SyntheticMotion m = walk(quadruped, turningRate);
    const int period = 30, first = 20;  // the cut starts mid-cycle, as a game asset may
    Clip cycle = subClip(m.clip, first, closed ? period + 1 : period);
    const LoopReport r = repeatLoopingClip(m.skeleton, cycle, true);
    QVERIFY(r.detected && r.applied);
    QCOMPARE(r.closed, closed);
    QCOMPARE(r.period, period);
    QCOMPARE(r.cycles, 1);
    QCOMPARE(r.framesBefore, closed ? period + 1 : period);
    QCOMPARE(cycle.frameCount(), 2 * period + 1);
    QCOMPARE(r.framesAfter, cycle.frameCount());
    QVERIFY(cycle.validate(m.skeleton).empty());
    // The repetition is the walk's own next cycle, wherever the path has turned it.
    const double gap = largestGap(m.skeleton, cycle, m.clip, first);
    qInfo("%s: largest joint gap to the walk's next cycle %.3g m (closing %.2f mm, steps beside it %.2f mm)",
          QTest::currentDataTag(), gap, 1000 * r.closingM, 1000 * r.seamStepM);
    QVERIFY2(gap < tolerance, qPrintable(QString::number(gap)));
  }

  void inPlaceCycleStaysInPlace() {
    // A cycle whose root does not travel repeats on the spot (the in-place rule gives it root
    // motion afterwards, over both cycles).
    const SyntheticMotion m = walk(false, 0.0);
    Clip cycle = subClip(m.clip, 0, 31);
    const int root = m.skeleton.motionRoot;
    const Vec3 start = cycle.frameTranslations(0)[root];
    for (int f = 0; f < cycle.frameCount(); ++f) {
      cycle.frameTranslations(f)[root].x() = start.x();
      cycle.frameTranslations(f)[root].z() = start.z();
    }
    const LoopReport r = repeatLoopingClip(m.skeleton, cycle, true);
    QVERIFY(r.applied);
    for (int f = 0; f < cycle.frameCount(); ++f) {
      const Vec3& t = cycle.frameTranslations(f)[root];
      QVERIFY2(std::hypot(t.x() - start.x(), t.z() - start.z()) < 1e-9, qPrintable(QString::number(f)));
    }
  }

  void notLoopsAreLeftAlone_data() {
    QTest::addColumn<int>("first");
    QTest::addColumn<int>("frames");
    QTest::addColumn<bool>("detected");
    QTest::addColumn<int>("cycles");
    QTest::newRow("one and a half cycles") << 0 << 45 << false << 0;
    QTest::newRow("two thirds of a cycle") << 5 << 20 << false << 0;
    QTest::newRow("three cycles, closed") << 0 << 91 << true << 3;
    QTest::newRow("two cycles, open") << 10 << 60 << true << 2;
  }
  void notLoopsAreLeftAlone() {
    QFETCH(int, first);
    QFETCH(int, frames);
    QFETCH(bool, detected);
    QFETCH(int, cycles);
    const SyntheticMotion m = walk(false, 0.2);
    Clip clip = subClip(m.clip, first, frames);
    const Clip before = clip;
    const LoopReport r = repeatLoopingClip(m.skeleton, clip, true);
    qInfo("%s: closing %.2f mm, steps beside it %.2f mm, period %d, cycles %d", QTest::currentDataTag(), 1000 * r.closingM,
          1000 * r.seamStepM, r.period, r.cycles);
    QCOMPARE(r.detected, detected);
    QCOMPARE(r.cycles, cycles);
    if (detected) QCOMPARE(r.period, 30);
    QVERIFY(!r.applied);
    QCOMPARE(clip.rotations, before.rotations);
    QCOMPARE(clip.translations, before.translations);
    if (detected) {
      const std::string note = loopNote(r, "walk.bvh", "walk");
      QVERIFY2(note.find("holding " + std::to_string(cycles) + " cycles already") != std::string::npos, note.c_str());
    }
  }

  void standingStillIsNoLoop() {
    const SyntheticMotion m = walk(false, 0.0);
    Clip still;
    still.jointCount = m.clip.jointCount;
    for (int f = 0; f < 20; ++f) still.appendPose(m.clip.pose(0));
    const LoopReport r = repeatLoopingClip(m.skeleton, still, true);
    QVERIFY(!r.detected);
    QCOMPARE(still.frameCount(), 20);
  }

  void keptWhenAsked() {
    const SyntheticMotion m = walk(false, 0.0);
    Clip cycle = subClip(m.clip, 0, 30);
    const LoopReport r = repeatLoopingClip(m.skeleton, cycle, false);
    QVERIFY(r.detected && !r.applied);
    QCOMPARE(cycle.frameCount(), 30);
    const std::string note = loopNote(r, "walk.glb", "walk");
    QVERIFY2(note == "walk.glb: 'walk' loops (30 frames per cycle, its last frame leads into the first; closing change " +
                         note.substr(note.find("change ") + 7, note.find(" mm,") - note.find("change ") - 7) +
                         " mm, steps beside it " + note.substr(note.find("it ") + 3, note.rfind(" mm)") - note.find("it ") - 3) +
                         " mm), kept as one cycle (--loops keep)",
             note.c_str());
  }

  void mocapTakesAreNoLoops() {
    for (const char* file : {"/cmu-leonardo-ono-roll/144_03.bvh", "/cmu-bvh11/131_01.bvh", "/cmu-bvh11/131_03.bvh", "/cmu-leonardo-ono-roll/104_41.bvh"}) {
      const BvhImport b = importBvh(kData + file, bvhAdmissionOptions());
      QVERIFY2(!b.rig.loop.applied, file);
    }
  }

  void gameCharactersCyclesAreFound_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("animation");
    QTest::addColumn<bool>("loops");
    QTest::newRow("knight run (closed)") << "knight.glb" << "Run" << true;
    QTest::newRow("knight walking (open)") << "knight.glb" << "Walking" << true;
    QTest::newRow("knight idle") << "knight.glb" << "|Idle" << true;
    QTest::newRow("knight death") << "knight.glb" << "Death" << false;
    QTest::newRow("knight roll") << "knight.glb" << "|Roll" << false;
    QTest::newRow("fox walk") << "fox.glb" << "Walk" << true;
    QTest::newRow("fox gallop") << "fox.glb" << "|Gallop" << true;
    QTest::newRow("fox death") << "fox.glb" << "Death" << false;
    QTest::newRow("spider walk") << "spider.glb" << "Spider_Walk" << true;
    QTest::newRow("spider death") << "spider.glb" << "Spider_Death" << false;
  }
  void gameCharactersCyclesAreFound() {
    QFETCH(QString, file);
    QFETCH(QString, animation);
    QFETCH(bool, loops);
    const std::string path = kData + "/characters/" + file.toStdString();
    GltfImportOptions keep;
    keep.rig.keepLoops = true;
    const GltfImport asFiled = importGltf(path, keep), repeated = importGltf(path);
    int i = 0;
    const std::string wanted = animation.toStdString();
    while (i < static_cast<int>(repeated.clips.size()) &&
           (repeated.animationNames[i] + "|").find(wanted.front() == '|' ? wanted + "|" : wanted) == std::string::npos) {
      ++i;
    }
    QVERIFY(i < static_cast<int>(repeated.clips.size()));
    const LoopReport& r = repeated.loops[i];
    QCOMPARE(r.detected, loops);
    QCOMPARE(r.applied, loops);
    const int n = asFiled.clips[i].frameCount();
    QCOMPARE(repeated.clips[i].frameCount(), loops ? 2 * r.period + 1 : n);
    if (loops) QCOMPARE(r.period, r.closed ? n - 1 : n);
  }
};

QTEST_GUILESS_MAIN(TestLoopingClips)
#include "test_looping_clips.moc"
