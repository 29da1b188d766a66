// Leg detection (leg_detection.h): the naming conventions (CMU, Reallusion CC, Mixamo,
// suffix / single-letter / dotted side markers, other bone words, FL/HR markers), the geometry
// fallback for meaningless names, the synthetic biped / quadruped / hexapod against their
// declared legs, heel and toe points, and a legless rig.
#include <QtTest>

#include <QDir>
#include <QJsonArray>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "cli/cli_run.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/locomotion/leg_detection.h"
#include "fatgraph/test_support/synthetic_motion.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/model/pose.h"
#include "skippable_test_main.h"

using namespace fatgraph;

namespace {

using Names = std::vector<std::string>;

// One expected leg: name, chain joint names, toe joint name ("" = none).
struct ExpectedLeg {
  std::string name;
  Names chain;
  std::string toe;
};
using ExpectedLegs = std::vector<ExpectedLeg>;

std::string fixture(const char* name) {
  return std::string(FATGRAPH_TEST_FIXTURES_DIR) + "/legs/" + name;
}

// A biped's two legs named thigh / shin / ankle / toe with `left` / `right` in `pattern`
// where "%" stands for the side marker and "*" for the bone word.
ExpectedLegs biped(const std::string& l, const std::string& r, const Names& words,
                   const std::string& pattern) {
  auto name = [&](const std::string& side, const std::string& word) {
    std::string out;
    for (char c : pattern) out += c == '%' ? side : (c == '*' ? word : std::string(1, c));
    return out;
  };
  ExpectedLegs out;
  for (const auto& [leg, side] : {std::pair{"Left", l}, std::pair{"Right", r}}) {
    ExpectedLeg e{leg, {}, words.size() > 3 ? name(side, words[3]) : ""};
    for (int i = 0; i < 3; ++i) e.chain.push_back(name(side, words[i]));
    out.push_back(e);
  }
  return out;
}

void compareLegs(const Skeleton& s, const LegSetup& setup, const ExpectedLegs& expected) {
  QVERIFY2(setup.legs.size() == expected.size(),
           (std::to_string(setup.legs.size()) + " legs, method " + setup.method).c_str());
  for (size_t i = 0; i < expected.size(); ++i) {
    const Leg& leg = setup.legs[i];
    QCOMPARE(leg.name, expected[i].name);
    Names chain;
    for (int j : leg.chain) chain.push_back(s.names[j]);
    QCOMPARE(chain, expected[i].chain);
    QCOMPARE(leg.toe >= 0 ? s.names[leg.toe] : std::string(), expected[i].toe);
    QCOMPARE(setup.find(leg.name), static_cast<int>(i));
  }
  QVERIFY2(validateLegSetup(s, setup).empty(), validateLegSetup(s, setup).c_str());
  QVERIFY(setup.automatic);
}

// Every fixture biped stands on y = 0 with its ankle 0.08 m up, toe joint 0.02 m, toe tip
// 0.20 m ahead of the ankle: the heel lies straight below the ankle at the toe's height.
void checkFixtureFeet(const LegSetup& setup, bool toeEndSite) {
  for (const Leg& leg : setup.legs) {
    QVERIFY(std::abs(leg.length - 0.84) < 1e-9);
    QVERIFY((leg.heel - Vec3(0, -0.06, 0)).norm() < 1e-9);
    if (toeEndSite) QVERIFY((leg.toeTip - Vec3(0, -0.06, 0.20)).norm() < 1e-9);
    QVERIFY(std::abs(leg.footLength - (leg.toeTip - leg.heel).norm()) < 1e-12);
  }
}

}  // namespace

Q_DECLARE_METATYPE(ExpectedLegs)

class TestLegDetection : public QObject {
  Q_OBJECT

 private slots:
  void fixtures_data();
  void fixtures();
  void cmuRig();
  void synthetic_data();
  void synthetic();
  void sampleFrameWhenRestPoseIsFlat();
  void leglessRig();
  void emptySkeleton();
  void inspectReportsLegs();
};

void TestLegDetection::fixtures_data() {
  QTest::addColumn<QString>("file");
  QTest::addColumn<ExpectedLegs>("expected");
  QTest::addColumn<QString>("method");
  QTest::addColumn<bool>("toeEndSite");
  const Names cmu{"UpLeg", "Leg", "Foot", "ToeBase"};
  QTest::newRow("Reallusion CC") << "cc_style.bvh"
                                 << biped("L", "R", {"Thigh", "Calf", "Foot", "ToeBase"}, "CC_Base_%_*")
                                 << "names (Reallusion CC)" << false;
  QTest::newRow("Mixamo") << "mixamo_style.bvh" << biped("Left", "Right", cmu, "mixamorig:%*")
                          << "names (Mixamo)" << false;
  QTest::newRow("suffix _l _r") << "suffix_markers.bvh"
                                << biped("l", "r", {"thigh", "calf", "foot", "ball"}, "*_%")
                                << "names" << true;
  QTest::newRow("dotted .L .R") << "blender_dot.bvh"
                                << biped("L", "R", {"thigh", "shin", "foot", "toe"}, "DEF-*.%")
                                << "names" << true;
  QTest::newRow("single letter prefix") << "single_letter.bvh"
                                        << biped("L", "R", {"Thigh", "Knee", "Ankle", "Toes"}, "%*")
                                        << "names" << true;
  QTest::newRow("lt/rt femur tibia tarsus")
      << "other_words.bvh" << biped("lt", "rt", {"femur", "tibia", "tarsus", "toe"}, "%_*")
      << "names" << true;
  QTest::newRow("ASF glued lfemur") << "asf_style.bvh"
                                    << biped("l", "r", {"femur", "tibia", "foot", "toes"}, "%*")
                                    << "names" << true;
  QTest::newRow("hip as first bone, no toe")
      << "hip_knee_ankle.bvh" << biped("L", "R", {"Hip", "Knee", "Ankle"}, "*_%") << "names"
      << false;
  QTest::newRow("meaningless names: geometry")
      << "meaningless_names.bvh"
      << ExpectedLegs{{"Left", {"n01", "n02", "n03"}, "n04"}, {"Right", {"n05", "n06", "n07"}, "n08"}}
      << "geometry" << true;
  ExpectedLegs quad;
  for (const char* tag : {"FL", "FR", "HL", "HR"}) {
    const std::string t = tag;
    const std::string side = t[1] == 'L' ? "Left" : "Right";
    quad.push_back({side + (t[0] == 'F' ? "Front" : "Hind"), {t + "_Thigh", t + "_Calf", t + "_Foot"}, t + "_Toe"});
  }
  QTest::newRow("quadruped FL/HR") << "quadruped_fl_hr.bvh" << quad << "names" << false;
}

void TestLegDetection::fixtures() {
  QFETCH(QString, file);
  QFETCH(ExpectedLegs, expected);
  QFETCH(QString, method);
  QFETCH(bool, toeEndSite);
  const BvhImport bvh = importBvh(fixture(file.toUtf8().constData()));
  const LegSetup setup = detectLegs(bvh.skeleton, &bvh.clip);
  compareLegs(bvh.skeleton, setup, expected);
  QVERIFY2(setup.method.starts_with(method.toStdString()), setup.method.c_str());
  const bool quadruped = expected.size() == 4;
  if (!quadruped && !expected.front().toe.empty()) checkFixtureFeet(setup, toeEndSite);
  // A leg without a toe joint is reported; its toe tip is the foot's end site, on the floor,
  // and its heel the floor point below the ankle.
  if (expected.front().toe.empty()) {
    QVERIFY(!setup.notes.empty());
    QVERIFY((setup.legs[0].toeTip - Vec3(0, -0.08, 0.15)).norm() < 1e-9);
    QVERIFY((setup.legs[0].heel - Vec3(0, -0.08, 0)).norm() < 1e-9);
  }
  // The quadruped's digitigrade foot: toe joint 0.10 m below the ankle, tip 0.07 m ahead.
  if (quadruped) {
    for (const Leg& leg : setup.legs) {
      QVERIFY((leg.heel - Vec3(0, -0.10, 0)).norm() < 1e-9);
      QVERIFY((leg.toeTip - Vec3(0, -0.10, 0.07)).norm() < 1e-9);
    }
  }
}

void TestLegDetection::cmuRig() {
  const BvhImport bvh = importBvh(std::string(FATGRAPH_DATA_DIR) + "/cmu-leonardo-ono-roll/104_41.bvh");
  const LegSetup setup = detectLegs(bvh.skeleton, &bvh.clip);
  compareLegs(bvh.skeleton, setup,
              biped("Left", "Right", {"UpLeg", "Leg", "Foot", "ToeBase"}, "%*"));
  QCOMPARE(setup.method, std::string("names (CMU)"));
  for (const Leg& leg : setup.legs) {
    QVERIFY(leg.length > 0.6 && leg.length < 1.1);  // an adult's leg, metres
    QVERIFY(leg.footLength > 0.08 && leg.footLength < 0.35);
    QVERIFY(leg.heel.y() < 0);  // below the ankle
  }
}

void TestLegDetection::synthetic_data() {
  QTest::addColumn<int>("creature");
  QTest::addColumn<int>("legs");
  QTest::addColumn<bool>("renamed");
  QTest::newRow("biped") << 0 << 2 << false;
  QTest::newRow("quadruped") << 1 << 4 << false;
  QTest::newRow("hexapod") << 2 << 6 << false;
  QTest::newRow("biped, names removed: geometry") << 0 << 2 << true;
  QTest::newRow("quadruped, names removed: geometry") << 1 << 4 << true;
  QTest::newRow("hexapod, names removed: geometry") << 2 << 6 << true;
}

// The chains match the generator's declared legs, in its order, and the heel and toe points
// are where the generator put the ankle's floor point and the toe end site.
void TestLegDetection::synthetic() {
  QFETCH(int, creature);
  QFETCH(int, legs);
  QFETCH(bool, renamed);
  SyntheticWalkParams p = creature == 0   ? SyntheticWalkParams{}
                          : creature == 1 ? SyntheticWalkParams::quadrupedDefaults()
                                          : SyntheticWalkParams::hexapodDefaults();
  p.cycles = 1;
  SyntheticMotion m = creature == 0   ? generateBipedWalk(p)
                      : creature == 1 ? generateQuadrupedWalk(p)
                                      : generateHexapodWalk(p);
  if (renamed) {
    for (int j = 0; j < m.skeleton.jointCount(); ++j) m.skeleton.names[j] = "j" + std::to_string(j);
  }
  const LegSetup setup = detectLegs(m.skeleton, &m.clip);
  QVERIFY2(setup.method.starts_with(renamed ? "geometry" : "names"), setup.method.c_str());
  QCOMPARE(static_cast<int>(setup.legs.size()), legs);
  QCOMPARE(setup.legs.size(), m.truth.legs.size());
  for (size_t i = 0; i < setup.legs.size(); ++i) {
    const Leg& leg = setup.legs[i];
    const SyntheticLeg& truth = m.truth.legs[i];
    QCOMPARE(leg.name, truth.name);
    QCOMPARE(leg.chain, (std::vector<int>{truth.hip, truth.knee, truth.ankle}));
    QCOMPARE(leg.toe, truth.toe);
    QVERIFY(std::abs(leg.length - truth.length) < 1e-9);
    QVERIFY(std::abs(leg.heel.y() + (truth.ankleHeight - truth.toeHeight)) < 1e-9);
    const Vec3 tip = m.skeleton.restOffsets[truth.toe] + m.skeleton.endSites[truth.toeTip].offset;
    QVERIFY((leg.toeTip - tip).norm() < 1e-9);
  }
  QVERIFY(validateLegSetup(m.skeleton, setup).empty());
}

// A rig whose offsets all lie in one horizontal plane has no legs in its rest pose; the
// first frame of its clip stands it up and shows them.
void TestLegDetection::sampleFrameWhenRestPoseIsFlat() {
  Skeleton s;
  const int root = s.addJoint("a", -1, Vec3(0, 0, 0), true);
  for (double x : {0.1, -0.1}) {
    const int hip = s.addJoint(x > 0 ? "b" : "e", root, Vec3(x, 0, 0), false);
    const int knee = s.addJoint(x > 0 ? "c" : "f", hip, Vec3(0, 0, 0.4), false);
    const int ankle = s.addJoint(x > 0 ? "d" : "g", knee, Vec3(0, 0, 0.4), false);
    s.endSites.push_back({ankle, Vec3(0, 0, 0.05)});
  }
  s.endSites.push_back({root, Vec3(0, 0, -0.5)});  // a head, pointing back in the rest pose
  Clip clip;
  clip.name = "stand";
  clip.fps = 30;
  clip.jointCount = s.jointCount();
  Pose pose = Pose::rest(s);
  pose.translations[root] = Vec3(0, 0.9, 0);
  // Pitch the root so the legs hang down (+Z -> -Y) and the head points up.
  pose.rotations[root] = Quat(Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitX()));
  clip.appendPose(pose);
  QVERIFY(detectLegs(s).empty());
  const LegSetup setup = detectLegs(s, &clip);
  QCOMPARE(setup.legs.size(), size_t(2));
  QVERIFY2(setup.method.find("first frame of 'stand'") != std::string::npos, setup.method.c_str());
  QCOMPARE(setup.legs[0].chain, (std::vector<int>{1, 2, 3}));
}

void TestLegDetection::leglessRig() {
  const BvhImport bvh = importBvh(fixture("legless.bvh"));
  LegSetup setup;
  setup = detectLegs(bvh.skeleton, &bvh.clip);
  QVERIFY(setup.empty());
  QVERIFY(!setup.notes.empty());
  QVERIFY2(setup.notes.back().find("no legs") != std::string::npos, setup.notes.back().c_str());
}

void TestLegDetection::emptySkeleton() {
  const LegSetup setup = detectLegs(Skeleton{});
  QVERIFY(setup.empty());
  QVERIFY(!setup.notes.empty());
}

// `fatgraph inspect` lists the legs: JSON {name, chain, toe, length_m, foot_length_m}, and
// one human line per leg.
void TestLegDetection::inspectReportsLegs() {
  const QString file = QString::fromStdString(fixture("suffix_markers.bvh"));
  const CliRun json = runCli({"inspect", file, "--json"});
  QCOMPARE(json.exitCode, 0);
  const QJsonArray legs = json.json().value("legs").toArray();
  QCOMPARE(legs.size(), 2);
  const QJsonObject left = legs.at(0).toObject();
  QCOMPARE(left.value("name").toString(), QString("Left"));
  QCOMPARE(left.value("chain").toArray().size(), 3);
  QCOMPARE(left.value("chain").toArray().at(2).toString(), QString("foot_l"));
  QCOMPARE(left.value("toe").toString(), QString("ball_l"));
  QVERIFY(std::abs(left.value("length_m").toDouble() - 0.84) < 1e-9);
  QVERIFY(std::abs(left.value("foot_length_m").toDouble() - 0.20) < 1e-9);
  const CliRun human = runCli({"inspect", QString::fromStdString(fixture("legless.bvh"))});
  QCOMPARE(human.exitCode, 0);
  QVERIFY2(human.out.contains("legs         none (no legs"), qPrintable(human.out));
  const CliRun two = runCli({"inspect", file});
  QCOMPARE(two.out.count("  leg          "), 2);
}

FATGRAPH_SKIPPABLE_TEST_MAIN(TestLegDetection)
#include "test_leg_detection.moc"
