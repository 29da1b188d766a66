// Rig conventions on import (rig_conventions.h): every fixture of tests/core/rig_fixtures.h,
// written as BVH by the project's exporter, reads back with every joint where the original
// clip put it (1e-4 m), and import says what it decided: absolute or additive channels, Y or Z
// up, which joint carries the travel, and where the figure faces. Also the rules on their
// own, on small synthetic cases, and the --motion-root override.
#include <QtTest>

#include <cmath>
#include <numbers>
#include <string>

#include "fatgraph/core/io/bvh_export.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/locomotion/character_heading.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/locomotion/leg_detection.h"
#include "fatgraph/core/model/motion_summary.h"
#include "fatgraph/core/io/rig_conventions.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "rig_fixtures.h"

using namespace fatgraph;
using rig_fixtures::Fixture;
using rig_fixtures::Rig;

namespace {

const std::string kWalk = std::string(FATGRAPH_DATA_DIR) + "/cmu-leonardo-ono-roll/144_03.bvh";

// The first 10 s of the figure-8 walk at 30 fps: long enough to travel and turn both ways.
const Rig& original() {
  static const Rig rig = [] {
    BvhImportOptions o;
    o.resampleFps = 30;
    BvhImport b = importBvh(kWalk, o);
    return Rig{b.skeleton, subClip(b.clip, 0, 300)};
  }();
  return rig;
}

std::vector<Vec3> worldPositions(const Skeleton& s, const Clip& c, int frame) {
  std::vector<Quat> r(s.jointCount());
  std::vector<Vec3> p(s.jointCount());
  clipFrameToModel(s, c, frame, r, p);
  return p;
}

// Largest distance over frames between each joint of `original` and the joint of the same
// name in `imported` (at `frameStep` times the rate: its frame f * frameStep).
double largestWorldDifference(const Rig& reference, const BvhImport& imported, int frameStep) {
  double largest = 0.0;
  for (int f = 0; f < reference.clip.frameCount(); ++f) {
    const auto a = worldPositions(reference.skeleton, reference.clip, f);
    const auto b = worldPositions(imported.skeleton, imported.clip, f * frameStep);
    for (int j = 0; j < reference.skeleton.jointCount(); ++j) {
      const int k = imported.skeleton.find(reference.skeleton.names[j]);
      if (k < 0) return 1e9;
      largest = std::max(largest, (a[j] - b[k]).norm());
    }
  }
  return largest;
}

BvhImport readFixture(const Fixture& f, const RigConventionOptions& rig = {}) {
  BvhImportOptions o;
  o.dropReferencePose = false;
  o.rig = rig;
  return parseBvh(writeBvh(f.rig.skeleton, f.rig.clip, f.bvh), f.name + ".bvh", o);
}

double headingAt(const Skeleton& s, const Clip& c, int frame) {
  return characterHeadings(s, c, detectLegs(s, &c))[frame];
}

}  // namespace

class TestRigConventions : public QObject {
  Q_OBJECT

 private slots:
  void fixturesImportAtTheirTrueSize_data() {
    QTest::addColumn<int>("index");
    const auto fixtures = rig_fixtures::allFixtures(original());
    for (int i = 0; i < static_cast<int>(fixtures.size()); ++i)
      QTest::newRow(fixtures[i].name.c_str()) << i;
  }

  void fixturesImportAtTheirTrueSize() {
    QFETCH(int, index);
    const Fixture f = rig_fixtures::allFixtures(original())[index];
    const BvhImport b = readFixture(f);
    const double difference = largestWorldDifference(rig_fixtures::shifted(original(), f.shift), b, f.frameStep);
    qInfo("%s: largest joint difference %.2g m, translations %s, up %s, motion root %s",
          f.name.c_str(), difference,
          std::string(translationConventionName(b.rig.translations.convention)).c_str(),
          std::string(upAxisName(b.rig.up.up)).c_str(),
          b.skeleton.names[b.skeleton.motionRoot].c_str());
    QVERIFY2(difference < 1e-4, qPrintable(QString::number(difference)));
    QCOMPARE(b.rig.translations.convention,
             f.absolute ? TranslationConvention::Absolute : TranslationConvention::Additive);
    QCOMPARE(b.rig.up.up, f.zUp ? UpAxisChoice::Z : UpAxisChoice::Y);
    QCOMPARE(b.skeleton.names[b.skeleton.motionRoot], std::string("Hips"));
    // Bone lengths from the right source: the rest skeleton is the original's size.
    const int hips = b.skeleton.find("Hips"), knee = b.skeleton.find("LeftLeg");
    const int origKnee = original().skeleton.find("LeftLeg");
    QVERIFY(std::abs(b.skeleton.restOffsets[knee].norm() -
                     original().skeleton.restOffsets[origKnee].norm()) < 1e-4);
    QVERIFY(hips >= 0);
    // The travel is the motion root's, whatever sits above it.
    const double path = rootPathLength(b.skeleton, b.clip);
    const double originalPath = rootPathLength(original().skeleton, original().clip);
    QVERIFY2(std::abs(path - originalPath) < 1e-3, qPrintable(QString::number(path)));
    // Facing is measured, never assumed +Z nor corrected: the same heading as the original.
    const double heading = headingAt(b.skeleton, b.clip, 150 * f.frameStep);
    const double originalHeading = headingAt(original().skeleton, original().clip, 150);
    const double apart = std::abs(std::remainder(heading - originalHeading, 2 * std::numbers::pi));
    QVERIFY2(apart < 0.05, qPrintable(QStringLiteral("%1 vs %2").arg(heading).arg(originalHeading)));
  }

  // The leg-bearing rule, in file units: channels equal to their OFFSET (absolute), channels
  // near zero (additive), a joint that stretches (no vote), and a zero OFFSET with channels that
  // place the joint (absolute: the channels are all there is).
  void translationVotes() {
    Skeleton s;
    s.addJoint("Hips", -1, Vec3::Zero(), true);
    s.addJoint("Spine", 0, Vec3(0, 10, 0), true);
    s.addJoint("Head", 1, Vec3(0, 20, 0), true);
    s.addJoint("Arm", 1, Vec3::Zero(), true);
    const PositionChannelAxes all(4, 7);
    Clip c;
    c.jointCount = 4;
    c.fps = 30;
    for (int f = 0; f < 10; ++f) {
      c.appendPose(Pose::rest(s));
      auto t = c.frameTranslations(f);
      t[1] = s.restOffsets[1] + s.restOffsets[1];      // channels = OFFSET
      t[2] = s.restOffsets[2] + Vec3(0, 0.1 * f, 0);    // channels small: additive
      t[3] = Vec3(5, 0, 0);                              // zero OFFSET, channels place it
    }
    const TranslationDecision d = decideTranslations(s, c, all);
    QCOMPARE(d.absoluteJoints, 2);
    QCOMPARE(d.additiveJoints, 1);
    QCOMPARE(d.convention, TranslationConvention::Absolute);
    applyAbsoluteTranslations(s, c, all);
    QVERIFY((c.frameTranslations(3)[1] - Vec3(0, 10, 0)).norm() < 1e-12);
    QVERIFY((s.restOffsets[3] - Vec3(5, 0, 0)).norm() < 1e-12);  // the OFFSET was empty
  }

  // --translations, --up and --motion-root win over the data; a name that is no joint is
  // refused with the file and the name.
  void overrides() {
    const auto fixtures = rig_fixtures::allFixtures(original());
    const Fixture& rooted = fixtures[0];
    RigConventionOptions forced;
    forced.motionRoot = "root";
    forced.up = UpAxisChoice::Y;
    forced.translations = TranslationConvention::Additive;
    const BvhImport b = readFixture(rooted, forced);
    QCOMPARE(b.skeleton.motionRoot, 0);
    QVERIFY(!b.rig.motionRoot.detected);
    QVERIFY(!b.rig.up.detected);
    QVERIFY(!b.rig.translations.detected);
    forced.motionRoot = "Pelvis";
    try {
      readFixture(rooted, forced);
      QFAIL("an unknown --motion-root was accepted");
    } catch (const FileError& e) {
      QVERIFY2(std::string(e.what()).find("still_root.bvh") != std::string::npos, e.what());
      QVERIFY2(std::string(e.what()).find("'Pelvis'") != std::string::npos, e.what());
    }
  }

  // A root that travels is the motion root even with a still bone elsewhere; a still root above
  // a hips joint that only bobs in place (an in-place clip) hands the body to the hips.
  void motionRootRule() {
    const BvhImport walk = importBvh(kWalk);
    QCOMPARE(walk.skeleton.motionRoot, 0);
    QVERIFY(walk.rig.motionRoot.rootTravelM > 20.0);
    Rig inPlace = rig_fixtures::withStillRootBone(original(), "root", Vec3::Zero());
    for (int f = 0; f < inPlace.clip.frameCount(); ++f) {
      Vec3& hips = inPlace.clip.frameTranslations(f)[1];
      hips = Vec3(0.02 * std::sin(0.5 * f), hips.y(), 0.0);
    }
    const MotionRootDecision d = detectMotionRoot(inPlace.skeleton, inPlace.clip);
    QCOMPARE(d.joint, 1);
    QCOMPARE(d.rootTravelM, 0.0);
  }

  // Up from the motion, not the rest pose: a Z-up motion on a Y-up rest pose is Z-up.
  void upAxisFromTheMotion() {
    const auto fixtures = rig_fixtures::allFixtures(original());
    for (const Fixture& f : fixtures) {
      if (f.name != "z_up_motion") continue;
      const UpAxisDecision d = detectUpAxis(f.rig.skeleton, f.rig.clip);
      QCOMPARE(d.up, UpAxisChoice::Z);
      QVERIFY(d.extentZ > 1.3 * d.extentY);
    }
    const UpAxisDecision y = detectUpAxis(original().skeleton, original().clip);
    QCOMPARE(y.up, UpAxisChoice::Y);
  }

  void names() {
    TranslationConvention c;
    QVERIFY(parseTranslationConvention("absolute", c) && c == TranslationConvention::Absolute);
    QVERIFY(!parseTranslationConvention("relative", c));
    UpAxisChoice u;
    QVERIFY(parseUpAxis("z", u) && u == UpAxisChoice::Z);
    QVERIFY(!parseUpAxis("x", u));
  }
};

QTEST_GUILESS_MAIN(TestRigConventions)
#include "test_rig_conventions.moc"
