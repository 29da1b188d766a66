// Foot contacts measured from the motion alone (motion_contacts.h), on synthetic feet whose
// answers follow from how they were made: planted feet skate nothing, a foot sliding at a known
// rate skates that rate times the stance, short lifts are bridged and long ones split a stance,
// short runs are no stance, fast feet no contact, heights count above the terrain (a raised
// mocap floor, a slope), and a foot in the ground gives its depth.
#include <QtTest>

#include <cmath>
#include <optional>
#include <string>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/locomotion/motion_contacts.h"

using fatgraph::Vec3;

namespace {

// How a synthetic foot steps: per cycle a stance of `stanceFrames` frames `floor` metres above
// the ground, sliding along +z at the cycle's rate, then a swing 20 cm up that rises and lands
// straight, so the stance's first and last frames keep the stance's own horizontal speed.
struct StepPlan {
  double fps = 30;
  int stanceFrames = 18;
  std::vector<double> slides{0, 0, 0, 0};  // m/s, one per cycle
  double floor = 0.02;
  int gapFrames = 0;  // frames in the middle of each stance lifted 10 cm (still sliding)
};

constexpr double kStride = 0.8;

// A swing of 0.4 s: far longer than the gaps the rules bridge, at any rate.
int swingFrames(double fps) { return int(std::lround(0.4 * fps)); }

double groundAt(const fatgraph::Heightfield* terrain, double x, double z) {
  return terrain ? double(terrain->height(float(x), float(z))) : 0.0;
}

std::vector<Vec3> steppingFoot(const StepPlan& plan, const fatgraph::Heightfield* terrain) {
  std::vector<Vec3> path;
  const double x = 0.1;
  double z = 0;
  auto add = [&](double height) { path.emplace_back(x, groundAt(terrain, x, z) + height, z); };
  const int gapStart = plan.stanceFrames / 2 - plan.gapFrames / 2;
  for (double slide : plan.slides) {
    for (int i = 0; i < plan.stanceFrames; ++i) {
      if (i > 0) z += slide / plan.fps;
      const bool lifted = i >= gapStart && i < gapStart + plan.gapFrames;
      add(plan.floor + (lifted ? 0.1 : 0.0));
    }
    const double landing = z + kStride;
    const int swing = swingFrames(plan.fps);
    for (int j = 0; j < swing; ++j) {
      z = landing - kStride * double(swing - 1 - j) / (swing - 1);
      add(plan.floor + 0.2);
    }
  }
  return path;
}

std::optional<fatgraph::Heightfield> terrainNamed(const QString& name) {
  if (name == QStringLiteral("flat")) return std::nullopt;
  return fatgraph::terrainFromSpec(name.toStdString());
}

fatgraph::MotionContacts measureOne(const std::vector<Vec3>& path, double fps,
                                    const fatgraph::Heightfield* terrain = nullptr) {
  const std::vector<std::vector<Vec3>> feet{path};
  return fatgraph::measureMotionContacts(feet, fps, terrain);
}

}  // namespace

class TestMotionContacts : public QObject {
  Q_OBJECT

 private slots:
  // Expected skate and mid skate -1: no stance, so no figure.
  void steppingFeet_data() {
    QTest::addColumn<double>("fps");
    QTest::addColumn<int>("stanceFrames");
    QTest::addColumn<double>("slide");
    QTest::addColumn<double>("floor");
    QTest::addColumn<int>("gapFrames");
    QTest::addColumn<QString>("terrain");
    QTest::addColumn<int>("stances");
    QTest::addColumn<double>("skate");
    QTest::addColumn<double>("midSkate");
    QTest::addColumn<double>("penetration");
    const QString flat = QStringLiteral("flat"), slope = QStringLiteral("slope15");
    // A stance of n frames spans (n - 1) / fps seconds; its middle half, half of that.
    QTest::newRow("planted") << 30.0 << 18 << 0.0 << 0.02 << 0 << flat << 4 << 0.0 << 0.0 << 0.0;
    QTest::newRow("sliding 0.1 m/s") << 30.0 << 19 << 0.1 << 0.02 << 0 << flat << 4 << 0.06 << 0.03 << 0.0;
    QTest::newRow("sliding 0.2 m/s at 120 fps") << 120.0 << 61 << 0.2 << 0.02 << 0 << flat << 4 << 0.1 << 0.05 << 0.0;
    QTest::newRow("sliding up slope15") << 30.0 << 19 << 0.1 << 0.02 << 0 << slope << 4 << 0.06 << 0.03 << 0.0;
    QTest::newRow("raised mocap floor") << 30.0 << 18 << 0.05 << 0.3 << 0 << flat << 4 << 0.05 * 17 / 30
                                        << 0.025 * 17 / 30 << 0.0;
    QTest::newRow("too fast for a contact") << 30.0 << 18 << 0.3 << 0.02 << 0 << flat << 0 << -1.0 << -1.0 << 0.0;
    QTest::newRow("lift of 0.1 s bridged") << 30.0 << 20 << 0.1 << 0.02 << 3 << flat << 4 << 0.1 * 19 / 30
                                           << 0.05 * 19 / 30 << 0.0;
    // Frames 8-11 lifted: two stances of 8 frames each per cycle.
    QTest::newRow("lift of 0.13 s splits") << 30.0 << 20 << 0.1 << 0.02 << 4 << flat << 8 << 0.1 * 7 / 30
                                           << 0.05 * 7 / 30 << 0.0;
    QTest::newRow("runs of 0.067 s ignored") << 30.0 << 2 << 0.0 << 0.02 << 0 << flat << 0 << -1.0 << -1.0 << 0.0;
    QTest::newRow("runs of 0.1 s kept") << 30.0 << 3 << 0.0 << 0.02 << 0 << flat << 4 << 0.0 << 0.0 << 0.0;
    QTest::newRow("3 cm into the ground") << 30.0 << 18 << 0.0 << -0.03 << 0 << flat << 4 << 0.0 << 0.0 << 0.03;
    QTest::newRow("3 cm into a slope") << 30.0 << 18 << 0.0 << -0.03 << 0 << slope << 4 << 0.0 << 0.0 << 0.03;
  }
  void steppingFeet() {
    QFETCH(double, fps);
    QFETCH(int, stanceFrames);
    QFETCH(double, slide);
    QFETCH(double, floor);
    QFETCH(int, gapFrames);
    QFETCH(QString, terrain);
    QFETCH(int, stances);
    QFETCH(double, skate);
    QFETCH(double, midSkate);
    QFETCH(double, penetration);
    const std::optional<fatgraph::Heightfield> ground = terrainNamed(terrain);
    const fatgraph::Heightfield* g = ground ? &*ground : nullptr;
    StepPlan plan;
    plan.fps = fps;
    plan.stanceFrames = stanceFrames;
    plan.slides.assign(4, slide);
    plan.floor = floor;
    plan.gapFrames = gapFrames;
    const fatgraph::MotionContacts m = measureOne(steppingFoot(plan, g), fps, g);
    QCOMPARE(m.feet.size(), size_t(1));
    QVERIFY2(std::abs(m.feet[0].floor - floor) < 1e-4, qPrintable(QString::number(m.feet[0].floor)));
    QCOMPARE(m.stances, stances);
    if (skate < 0) {
      QVERIFY(!m.skateMedian && !m.midSkateMedian);
    } else {
      QVERIFY(m.skateMedian && m.midSkateMedian);
      QVERIFY2(std::abs(*m.skateMedian - skate) < 1e-6, qPrintable(QString::number(*m.skateMedian, 'g', 9)));
      QVERIFY2(std::abs(*m.midSkateMedian - midSkate) < 1e-6, qPrintable(QString::number(*m.midSkateMedian, 'g', 9)));
    }
    QVERIFY2(std::abs(m.penetration - penetration) < 1e-4, qPrintable(QString::number(m.penetration)));
  }

  // Each stance is the cycle's stance frames exactly (the swing lifts straight up).
  void stancesCoverTheStanceFrames() {
    StepPlan plan;
    const fatgraph::MotionContacts m = measureOne(steppingFoot(plan, nullptr), plan.fps);
    QCOMPARE(m.feet[0].stances.size(), size_t(4));
    const int cycle = plan.stanceFrames + swingFrames(plan.fps);
    for (int c = 0; c < 4; ++c) {
      QCOMPARE(m.feet[0].stances[size_t(c)].first, c * cycle);
      QCOMPARE(m.feet[0].stances[size_t(c)].last, c * cycle + plan.stanceFrames - 1);
    }
  }

  // A foot that slides only as it lands and lifts: the whole stance skates, its middle half not.
  void midSkateLeavesOutTheEnds() {
    std::vector<Vec3> path;
    double z = 0;
    for (int i = 0; i <= 20; ++i) {
      if ((i >= 1 && i <= 3) || i >= 18) z += 0.2 / 30;  // 6 steps of 0.2 m/s
      path.emplace_back(0, 0.02, z);
    }
    for (int j = 0; j < 10; ++j) path.emplace_back(0, 0.3, z + 0.1 * j);
    const fatgraph::MotionContacts m = measureOne(path, 30);
    QCOMPARE(m.stances, 1);
    QVERIFY(std::abs(*m.skateMedian - 0.04) < 1e-9);
    QVERIFY(std::abs(*m.midSkateMedian) < 1e-12);
  }

  // Median over each foot's stances, then the mean over the feet that have one.
  void medianOverStancesThenMeanOverFeet() {
    StepPlan a, b;
    a.stanceFrames = b.stanceFrames = 19;  // 0.6 s stances
    a.slides = {0.03, 0.06, 0.2};          // skates 18, 36 and 120 mm: median 36
    b.slides = {0.1, 0.1};                 // 60 mm
    std::vector<std::vector<Vec3>> feet{steppingFoot(a, nullptr), steppingFoot(b, nullptr)};
    feet[1].resize(feet[0].size(), feet[1].back());  // held at the top of its last swing
    // A third foot that never slows down (9 m/s): no contact, so it stays out of the mean.
    std::vector<Vec3> running;
    for (size_t k = 0; k < feet[0].size(); ++k) running.emplace_back(0, 0.5, 0.3 * double(k));
    feet.push_back(running);
    const fatgraph::MotionContacts m = fatgraph::measureMotionContacts(feet, 30);
    QCOMPARE(m.stances, 5);
    QVERIFY(!m.feet[2].skateMedian);
    QVERIFY2(std::abs(*m.skateMedian - 0.048) < 1e-9, qPrintable(QString::number(*m.skateMedian)));
    QVERIFY2(std::abs(*m.midSkateMedian - 0.024) < 1e-9, qPrintable(QString::number(*m.midSkateMedian)));
  }

  void noFeetAndEmptyPaths() {
    const fatgraph::MotionContacts none = fatgraph::measureMotionContacts({}, 30);
    QCOMPARE(none.stances, 0);
    QVERIFY(!none.skateMedian && none.feet.empty() && none.penetration == 0);
    const fatgraph::MotionContacts empty = measureOne({}, 30);
    QCOMPARE(empty.feet.size(), size_t(1));
    QCOMPARE(empty.stances, 0);
  }

  void badInput_data() {
    QTest::addColumn<double>("fps");
    QTest::addColumn<int>("secondFootFrames");
    QTest::addColumn<int>("nanFrame");
    QTest::addColumn<QString>("message");
    QTest::newRow("zero rate") << 0.0 << 5 << -1 << QStringLiteral("motion contacts: the frame rate 0 is not a positive number");
    QTest::newRow("NaN rate") << std::nan("") << 5 << -1 << QStringLiteral("is not a positive number");
    QTest::newRow("paths of other lengths") << 30.0 << 3 << -1 << QStringLiteral("motion contacts: foot 1 has 3 frames, foot 0 has 5");
    QTest::newRow("non-finite position") << 30.0 << 5 << 2 << QStringLiteral("motion contacts: foot 1 is not finite at frame 2");
  }
  void badInput() {
    QFETCH(double, fps);
    QFETCH(int, secondFootFrames);
    QFETCH(int, nanFrame);
    QFETCH(QString, message);
    std::vector<std::vector<Vec3>> feet{std::vector<Vec3>(5, Vec3::Zero()),
                                        std::vector<Vec3>(size_t(secondFootFrames), Vec3::Zero())};
    if (nanFrame >= 0) feet[1][size_t(nanFrame)].y() = std::nan("");
    try {
      fatgraph::measureMotionContacts(feet, fps);
      QFAIL("no error");
    } catch (const fatgraph::Error& e) {
      QVERIFY2(QString::fromStdString(e.what()).contains(message), e.what());
    }
  }

  // A leg's foot point is the ankle's child nearest its toe tip (not a marker bone beside it),
  // or the ankle itself when nothing hangs below it; its path comes from the clip's frames.
  void footPointsAndTheirPaths() {
    fatgraph::Skeleton s;
    const int hips = s.addJoint("Hips", -1, Vec3::Zero(), true);
    const int knee = s.addJoint("LeftLeg", hips, Vec3(0.1, -0.45, 0), false);
    const int ankle = s.addJoint("LeftFoot", knee, Vec3(0, -0.45, 0), false);
    s.addJoint("LeftHeelMarker", ankle, Vec3(0, -0.05, -0.05), false);
    const int toe = s.addJoint("LeftToeBase", ankle, Vec3(0, -0.04, 0.12), false);
    const int rightAnkle = s.addJoint("RightFoot", hips, Vec3(-0.1, -0.9, 0), false);
    fatgraph::RuntimeLeg left, right;
    left.name = "left";
    left.chain = {hips, knee, ankle};
    left.toeTip[1] = -0.05f;
    left.toeTip[2] = 0.16f;
    right.name = "right";
    right.chain = {hips, rightAnkle};
    const std::vector<fatgraph::RuntimeLeg> legs{left, right};
    const std::vector<int> points = fatgraph::footPointJoints(s, legs);
    QCOMPARE(points, (std::vector<int>{toe, rightAnkle}));

    fatgraph::Clip clip;
    clip.jointCount = s.jointCount();
    for (int f = 0; f < 3; ++f) {
      for (int j = 0; j < s.jointCount(); ++j) {
        clip.rotations.push_back(fatgraph::Quat::Identity());
        clip.translations.push_back(j == hips ? Vec3(0, 1, 0.5 * f) : s.restOffsets[size_t(j)]);
      }
    }
    const auto paths = fatgraph::jointPaths(s, clip, points);
    QCOMPARE(paths.size(), size_t(2));
    QCOMPARE(paths[0].size(), size_t(3));
    QVERIFY((paths[0][2] - Vec3(0.1, 0.06, 1.12)).norm() < 1e-12);
    QVERIFY((paths[1][1] - Vec3(-0.1, 0.1, 0.5)).norm() < 1e-12);

    fatgraph::RuntimeLeg broken;
    broken.name = "hind";
    broken.chain = {hips, 42};
    const std::vector<fatgraph::RuntimeLeg> bad{broken};
    try {
      fatgraph::footPointJoints(s, bad);
      QFAIL("no error");
    } catch (const fatgraph::Error& e) {
      QCOMPARE(std::string(e.what()), std::string("motion contacts: leg 'hind' names joint 42, the skeleton has 6"));
    }
  }
};

QTEST_GUILESS_MAIN(TestMotionContacts)
#include "test_motion_contacts.moc"
