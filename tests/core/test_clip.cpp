// Clip storage, sampling and resampling.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/model/skeleton.h"

using namespace fatgraph;

namespace {
// One joint turning about Y at `rate` rad/s and moving along +X at 1 m/s, sampled at fps.
Clip turning(double fps, int frames, double rate) {
  Clip c;
  c.name = "turn";
  c.fps = fps;
  c.sourceFps = fps;
  c.jointCount = 1;
  for (int f = 0; f < frames; ++f) {
    const double t = f / fps;
    c.rotations.push_back(yawRotation(rate * t));
    c.translations.push_back(Vec3(t, 1, 0));
  }
  return c;
}
}  // namespace

class TestClip : public QObject {
  Q_OBJECT
 private slots:
  void sampleInterpolates() {
    const Clip c = turning(10, 11, 1.0);
    const Pose p = c.sample(0.25);
    QVERIFY(std::abs(rotationAngle(p.rotations[0]) - 0.25) < 1e-9);
    QVERIFY((p.translations[0] - Vec3(0.25, 1, 0)).norm() < 1e-12);
    // Clamped outside the clip, and no NaN from odd times.
    QVERIFY((c.sample(-3).translations[0] - Vec3(0, 1, 0)).norm() < 1e-12);
    QVERIFY((c.sample(99).translations[0] - Vec3(1, 1, 0)).norm() < 1e-12);
    QVERIFY(c.sample(std::nan("")).translations[0].allFinite());
  }

  void resample_data() {
    QTest::addColumn<double>("from");
    QTest::addColumn<double>("to");
    QTest::addColumn<int>("frames");
    QTest::addColumn<int>("expected");
    QTest::newRow("120->30") << 120.0 << 30.0 << 121 << 31;
    QTest::newRow("120->30 partial") << 120.0 << 30.0 << 123 << 31;
    QTest::newRow("60->30") << 60.0 << 30.0 << 61 << 31;
    QTest::newRow("30->120") << 30.0 << 120.0 << 31 << 121;
    QTest::newRow("single frame") << 120.0 << 30.0 << 1 << 1;
  }

  void resample() {
    QFETCH(double, from);
    QFETCH(double, to);
    QFETCH(int, frames);
    QFETCH(int, expected);
    const Clip c = turning(from, frames, 0.8);
    const Clip r = fatgraph::resample(c, to);
    QCOMPARE(r.frameCount(), expected);
    QCOMPARE(r.fps, to);
    for (int f = 0; f < r.frameCount(); ++f) {
      const double t = f / to;
      QVERIFY(std::abs(rotationAngle(r.frameRotations(f)[0]) - 0.8 * t) < 1e-9);
      QVERIFY((r.frameTranslations(f)[0] - Vec3(t, 1, 0)).norm() < 1e-9);
    }
  }

  void subClipKeepsSourceFrames() {
    Clip c = turning(120, 100, 0.1);
    c.sourceFirstFrame = 1;
    const Clip s = subClip(c, 8, 20);
    QCOMPARE(s.frameCount(), 20);
    QCOMPARE(s.sourceFirstFrame, 9);
    QVERIFY((s.frameTranslations(0)[0] - c.frameTranslations(8)[0]).norm() < 1e-12);
    const Clip r = fatgraph::resample(c, 30);
    QCOMPARE(r.sourceFrame(2), 1.0 + 8.0);
  }

  void shorterClipsHoldOnlyTheirOwnPoses() {
    // A clip resampled to a quarter of its rate, or cut to a part of it, must not keep the
    // source's memory: over hours of 120 fps mocap that was most of a build's memory.
    const Clip c = turning(120, 4000, 0.1);
    const Clip r = fatgraph::resample(c, 30);
    QCOMPARE(r.rotations.capacity(), r.rotations.size());
    QCOMPARE(r.translations.capacity(), r.translations.size());
    const Clip s = subClip(c, 100, 50);
    QCOMPARE(s.rotations.capacity(), s.rotations.size());
    QCOMPARE(s.translations.capacity(), s.translations.size());
    QCOMPARE(r.name, c.name);
    QCOMPARE(r.sourceFps, c.sourceFps);
  }

  void frameAtSourceInvertsSourceFrame_data() {
    QTest::addColumn<double>("source");
    QTest::addColumn<int>("expected");
    // 120 fps source (T-pose dropped: pose 0 is source frame 1) resampled to 30 fps.
    QTest::newRow("first pose") << 1.0 << 0;
    QTest::newRow("exact") << 9.0 << 2;
    QTest::newRow("rounds down") << 10.9 << 2;
    QTest::newRow("rounds up") << 11.1 << 3;
    QTest::newRow("before the clip") << -40.0 << 0;
    QTest::newRow("past the clip") << 1e6 << 24;
    QTest::newRow("nan") << std::nan("") << 0;
  }
  void frameAtSourceInvertsSourceFrame() {
    QFETCH(double, source);
    QFETCH(int, expected);
    Clip c = turning(120, 100, 0.1);
    c.sourceFirstFrame = 1;
    const Clip r = fatgraph::resample(c, 30);
    QCOMPARE(r.frameCount(), 25);
    QCOMPARE(r.frameAtSource(source), expected);
    for (int f = 0; f < r.frameCount(); ++f) QCOMPARE(r.frameAtSource(r.sourceFrame(f)), f);
  }

  void validateFindsProblems() {
    Skeleton s;
    s.addJoint("root", -1, Vec3::Zero(), true);
    Clip c = turning(30, 3, 0.1);
    QVERIFY(c.validate(s).empty());
    c.rotations[1].coeffs() *= 2.0;
    QVERIFY(QString::fromStdString(c.validate(s)).contains(QStringLiteral("frame 1")));
    c = turning(30, 3, 0.1);
    c.translations[2].x() = std::nan("");
    QCOMPARE(c.validate(s), "clip '" + c.name + "' frame 2 has a non-finite translation");
  }

  void skeletonValidate() {
    Skeleton s;
    s.addJoint("root", -1, Vec3::Zero(), true);
    s.addJoint("a", 0, Vec3(0, 1, 0), false);
    QVERIFY(s.validate().empty());
    QCOMPARE(s.find("a"), 1);
    QCOMPARE(s.depth(1), 1);
    s.parents[1] = 1;
    QCOMPARE(s.validate(), std::string("joint 'a' has parent index 1, expected a joint listed before it"));
    s.parents[1] = 0;
    s.names[1] = "root";
    QVERIFY(QString::fromStdString(s.validate()).contains(QStringLiteral("duplicate")));
  }
};

QTEST_GUILESS_MAIN(TestClip)
#include "test_clip.moc"
