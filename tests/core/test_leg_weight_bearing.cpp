// Legs by weight bearing (leg_detection.h): a limb is a leg when its end reaches the ground in
// the clips, whatever it is called. The fixtures rewrite the names of a CMU walk (137_38): its
// arms named like front legs (they swing and never touch the ground: not legs), its legs
// given meaningless names (still legs: they carry the body), and both; and the glTF fox and
// spider, whose joints are named in no leg convention the names route knows. Each is checked
// against its clips and without them (the names-only answer of before), with the notes that
// say why a limb was dropped or added; `fatgraph inspect --json` and `fatgraph build` report
// the same legs.
#include <QtTest>

#include <QDir>
#include <QJsonArray>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "cli/cli_run.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/io/gltf_import.h"
#include "fatgraph/core/locomotion/foot_shapes.h"
#include "fatgraph/core/locomotion/leg_detection.h"
#include "fatgraph/test_support/synthetic_motion.h"
#include "skippable_test_main.h"

using namespace fatgraph;

namespace {

using Names = std::vector<std::string>;
using Renames = std::map<QString, QString>;

// One expected leg: its name and its chain's joint names, hip to ankle.
struct ExpectedLeg {
  std::string name;
  Names chain;
};
using ExpectedLegs = std::vector<ExpectedLeg>;

const QString kWalk = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/137_38.bvh");

// The CMU arms named as front legs (thigh, shin, foot, toe: the names route takes them).
Renames armsAsFrontLegs() {
  Renames r;
  for (const QString side : {QStringLiteral("Left"), QStringLiteral("Right")}) {
    r[side + "Arm"] = side + "FrontUpLeg";
    r[side + "ForeArm"] = side + "FrontLeg";
    r[side + "Hand"] = side + "FrontFoot";
    r[side + "FingerBase"] = side + "FrontToeBase";
  }
  return r;
}

// The CMU legs named like a Blender export's unnamed bones: Bone.001 (LHipJoint) ... Bone.010.
Renames legsAsBones() {
  Renames r;
  int n = 0;
  for (const char* joint : {"LHipJoint", "LeftUpLeg", "LeftLeg", "LeftFoot", "LeftToeBase", "RHipJoint",
                            "RightUpLeg", "RightLeg", "RightFoot", "RightToeBase"}) {
    r[joint] = QStringLiteral("Bone.%1").arg(++n, 3, 10, QChar('0'));
  }
  return r;
}

Renames both() {
  Renames r = armsAsFrontLegs();
  r.merge(legsAsBones());
  return r;
}

// The walk with its joints renamed, written to `dir`.
QString renamedWalk(const QTemporaryDir& dir, const Renames& renames, const QString& name) {
  QFile in(kWalk);
  if (!in.open(QIODevice::ReadOnly)) return {};
  QString text = QString::fromLatin1(in.readAll());
  for (const auto& [from, to] : renames) {
    text.replace(QRegularExpression("((?:ROOT|JOINT)\\s+)" + QRegularExpression::escape(from) + "(\\s)"),
                 "\\1" + to + "\\2");
  }
  const QString path = dir.filePath(name);
  writeText(path, text.toLatin1());
  return path;
}

ExpectedLegs walkLegs(const Renames& renames) {
  auto named = [&](const char* joint) {
    const auto it = renames.find(joint);
    return (it == renames.end() ? QString(joint) : it->second).toStdString();
  };
  return {{"Left", {named("LeftUpLeg"), named("LeftLeg"), named("LeftFoot")}},
          {"Right", {named("RightUpLeg"), named("RightLeg"), named("RightFoot")}}};
}

Names legNames(const LegSetup& setup) {
  Names out;
  for (const Leg& l : setup.legs) out.push_back(l.name);
  return out;
}

std::string allNotes(const LegSetup& setup) {
  std::string out;
  for (const std::string& n : setup.notes) out += n + "\n";
  return out;
}

void compareLegs(const Skeleton& s, const LegSetup& setup, const ExpectedLegs& expected) {
  QVERIFY2(setup.legs.size() == expected.size(),
           (std::to_string(setup.legs.size()) + " legs, method " + setup.method + "\n" + allNotes(setup)).c_str());
  for (size_t i = 0; i < expected.size(); ++i) {
    QCOMPARE(setup.legs[i].name, expected[i].name);
    Names chain;
    for (int j : setup.legs[i].chain) chain.push_back(s.names[j]);
    QCOMPARE(chain, expected[i].chain);
  }
  QVERIFY2(validateLegSetup(s, setup).empty(), validateLegSetup(s, setup).c_str());
}

}  // namespace

Q_DECLARE_METATYPE(Renames)
Q_DECLARE_METATYPE(ExpectedLegs)
Q_DECLARE_METATYPE(Names)

class TestLegWeightBearing : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void renamedWalk_data();
  void renamedWalk();
  void heldInPlaceSaysNothing();
  void creatures_data();
  void creatures();
  void inspectAndBuild();

 private:
  QTemporaryDir dir_;
};

void TestLegWeightBearing::initTestCase() { QVERIFY(dir_.isValid()); }

void TestLegWeightBearing::renamedWalk_data() {
  QTest::addColumn<Renames>("renames");
  QTest::addColumn<Names>("namesOnly");  // the legs without the clip: names (or rest pose) alone
  QTest::addColumn<QString>("method");   // how the method starts
  QTest::addColumn<Names>("notes");      // each contained in one of the notes
  QTest::newRow("CMU names") << Renames{} << Names{"Left", "Right"} << "names (CMU)" << Names{};
  QTest::newRow("arms named like front legs")
      << armsAsFrontLegs() << Names{"Left", "LeftFront", "Right", "RightFront"}
      << "names (CMU), then weight bearing in the clips"
      << Names{"'LeftFrontFoot' never bears weight in the clip (lowest 0.", "above the floor): not a leg",
               "'RightFrontFoot' never bears weight in the clip (lowest 0."};
  QTest::newRow("legs named Bone.0NN")
      << legsAsBones() << Names{"Left", "Right"} << "geometry (weight bearing in the clips)"
      << Names{"'Bone.002' to 'Bone.004' bears weight in ", "% of the frames in the clip: a leg",
               "legs found by geometry"};
  QTest::newRow("both: arms named as legs, legs as bones")
      << both() << Names{"LeftFront", "RightFront"} << "names (side markers and leg words), then weight bearing"
      << Names{"'LeftFrontFoot' never bears weight in the clip",
               "'Bone.007' to 'Bone.009' bears weight in ", "a leg though its joints are not named like one"};
}

void TestLegWeightBearing::renamedWalk() {
  QFETCH(Renames, renames);
  QFETCH(Names, namesOnly);
  QFETCH(QString, method);
  QFETCH(Names, notes);
  const QString path = ::renamedWalk(dir_, renames, QStringLiteral("walk.bvh"));
  const BvhImport bvh = importBvh(path.toStdString());
  QCOMPARE(legNames(detectLegs(bvh.skeleton)), namesOnly);
  const LegSetup setup = detectLegs(bvh.skeleton, &bvh.clip);
  compareLegs(bvh.skeleton, setup, walkLegs(renames));
  QVERIFY2(setup.method.starts_with(method.toStdString()), setup.method.c_str());
  const std::string all = allNotes(setup);
  for (const std::string& n : notes) QVERIFY2(all.find(n) != std::string::npos, (n + " not in\n" + all).c_str());
  if (notes.empty()) QVERIFY2(setup.notes.empty(), all.c_str());
}

// A walk held in place (its root's ground travel taken out, as `--in-place keep` leaves a game
// walk) has no still stance foot: weight bearing says nothing and the rest pose's geometry finds
// the synthetic biped's unnamed legs, as without a clip. A clip of a few frames tells nothing
// either: the CMU walk's arms named like legs stay legs on its first 0.25 s.
void TestLegWeightBearing::heldInPlaceSaysNothing() {
  SyntheticWalkParams p;
  p.cycles = 3;
  SyntheticMotion m = generateBipedWalk(p);
  for (int j = 0; j < m.skeleton.jointCount(); ++j) m.skeleton.names[j] = "j" + std::to_string(j);
  QVERIFY(detectLegs(m.skeleton, &m.clip).method.starts_with("geometry (weight bearing"));
  const int root = m.skeleton.motionRoot;
  for (int f = 0; f < m.clip.frameCount(); ++f) {
    Vec3& t = m.clip.frameTranslations(f)[root];
    t = Vec3(0.0, t.y(), 0.0);
  }
  const LegSetup held = detectLegs(m.skeleton, &m.clip);
  QCOMPARE(legNames(held), (Names{"Left", "Right"}));
  QVERIFY2(held.method.starts_with("geometry (rest pose)"), held.method.c_str());

  const BvhImport bvh = importBvh(::renamedWalk(dir_, armsAsFrontLegs(), QStringLiteral("brief.bvh")).toStdString());
  const Clip first = subClip(bvh.clip, 0, 30);
  const LegSetup brief = detectLegs(bvh.skeleton, &first);
  QCOMPARE(legNames(brief), (Names{"Left", "LeftFront", "Right", "RightFront"}));
  QCOMPARE(brief.method, std::string("names (CMU)"));
}

void TestLegWeightBearing::creatures_data() {
  QTest::addColumn<QString>("file");
  QTest::addColumn<Names>("legs");    // names, front to back, left before right
  QTest::addColumn<Names>("shins");   // the leg's own last joints, in the same order
  QTest::addColumn<Names>("ankles");  // the chains' last joints: the IK foot bones beside them
  QTest::newRow("fox") << "fox.glb" << Names{"LeftFront", "RightFront", "LeftHind", "RightHind"}
                       << Names{"FrontLowerLeg.L", "FrontLowerLeg.R", "BackLowerLeg.L", "BackLowerLeg.R"}
                       << Names{"FF.L", "FF.R", "FFB.L", "FFB.R"};
  QTest::newRow("spider") << "spider.glb"
                          << Names{"LeftFront",    "RightFront",   "LeftMiddle1", "LeftMiddle2",
                                   "RightMiddle1", "RightMiddle2", "LeftHind",    "RightHind"}
                          << Names{"FrontLeg3.L",    "FrontLeg3.R",    "MidFrontLeg3.L", "MidBackLeg3.L",
                                   "MidFrontLeg3.R", "MidBackLeg3.R",  "BackLeg3.L",     "BackLeg3.R"}
                          << Names{"FrontFoot.L",    "FrontFoot2.R",   "MidFrontFoot.L", "MidBackFoot.L",
                                   "MidFrontFoot.R", "MidBackFoot.R",  "BackFoot.L",     "BackFoot.R"};
  // A biped whose feet hang from the root bone beside legs of two joints (UpperLeg, LowerLeg):
  // without the foot bone a leg has one bone and is no leg at all.
  QTest::newRow("knight") << "knight.glb" << Names{"Left", "Right"} << Names{"LowerLeg.L", "LowerLeg.R"}
                          << Names{"Foot.L", "Foot.R"};
}

// The fox's, the spider's and the knight's joints follow no leg convention (a fox's
// "FrontUpperLeg.L" has no ankle; a spider's "FrontLeg2.L" no thigh): without clips they have no
// legs; their clips show which limbs carry them, and the names still say which side and place
// each is. Their feet are IK bones beside the legs (children of the root or the body): each
// leg's chain ends at its foot bone, which the leg layer moves with the shin's end.
void TestLegWeightBearing::creatures() {
  QFETCH(QString, file);
  QFETCH(Names, legs);
  QFETCH(Names, shins);
  QFETCH(Names, ankles);
  GltfImportOptions options;
  options.fps = 30;
  const GltfImport g = importGltf(std::string(FATGRAPH_DATA_DIR) + "/characters/" + file.toStdString(), options);
  QVERIFY(detectLegs(g.skeleton).empty());
  const LegSetup setup = detectLegs(g.skeleton, g.clips);
  QVERIFY2(legNames(setup) == legs, (setup.method + "\n" + allNotes(setup)).c_str());
  for (size_t i = 0; i < legs.size(); ++i) {
    const Leg& leg = setup.legs[i];
    QCOMPARE(g.skeleton.names[leg.chain[leg.chain.size() - 2]], shins[i]);
    QCOMPARE(g.skeleton.names[leg.ankle()], ankles[i]);
    QVERIFY(ankleBesideChain(g.skeleton, leg));
    QVERIFY2(leg.length > 0 && leg.footLength > 0, leg.name.c_str());
  }
  QVERIFY2(allNotes(setup).find("' beside it, which reaches the ground: that is its ankle): a leg") != std::string::npos,
           allNotes(setup).c_str());
  QVERIFY2(setup.method.starts_with("geometry (weight bearing in the clips)"), setup.method.c_str());
  QVERIFY2(validateLegSetup(g.skeleton, setup).empty(), validateLegSetup(g.skeleton, setup).c_str());

  // Nothing hangs below the foot bones, so without a mesh the toe tip is a guess a quarter leg
  // ahead; the file's skinned mesh shows the foot: its toe tip is a point of the mesh that
  // moves with the ankle, and the foot is shorter than the guess (a paw, a spider's tip).
  options.readMeshes = true;
  const GltfImport meshed = importGltf(std::string(FATGRAPH_DATA_DIR) + "/characters/" + file.toStdString(), options);
  const JointShapes shapes = jointShapes(meshed.mesh, meshed.skeleton, meshed.skeleton);
  const LegSetup onMesh = detectLegs(meshed.skeleton, meshed.clips, &shapes);
  QVERIFY2(legNames(onMesh) == legs, allNotes(onMesh).c_str());
  for (size_t i = 0; i < legs.size(); ++i) {
    const Leg& leg = onMesh.legs[i];
    const std::vector<Vec3>& points = shapes[leg.ankle()];
    QVERIFY2(points.size() >= 3, leg.name.c_str());
    const bool onItsMesh = std::any_of(points.begin(), points.end(), [&](const Vec3& p) { return (p - leg.toeTip).norm() < 1e-6 * leg.length; });
    QVERIFY2(onItsMesh, leg.name.c_str());
    QVERIFY2(leg.footLength > 0 && leg.footLength < setup.legs[i].footLength, qPrintable(QString::fromStdString(leg.name) + QStringLiteral(": %1 on the mesh, %2 guessed").arg(leg.footLength).arg(setup.legs[i].footLength)));
  }
  QVERIFY2(allNotes(onMesh).find("toe tip at the front of the sole of the mesh that moves with the ankle") != std::string::npos,
           allNotes(onMesh).c_str());
}

// `fatgraph inspect --json` reports the legs, how they were found and the notes; `fatgraph
// build` gives the project the same legs (its inspect lists them).
void TestLegWeightBearing::inspectAndBuild() {
  const QString walk = ::renamedWalk(dir_, both(), QStringLiteral("renamed.bvh"));
  const CliRun inspect = runCli({"inspect", walk, "--json"});
  QCOMPARE(inspect.exitCode, 0);
  const QJsonObject j = inspect.json();
  const QJsonArray legs = j.value("legs").toArray();
  QCOMPARE(legs.size(), 2);
  QCOMPARE(legs.at(0).toObject().value("name").toString(), QString("Left"));
  QCOMPARE(legs.at(0).toObject().value("chain").toArray().at(2).toString(), QString("Bone.004"));
  QVERIFY(j.value("legs_method").toString().endsWith("then weight bearing in the clips"));
  const QString notes = QJsonDocument(j.value("legs_notes").toArray()).toJson();
  QVERIFY2(notes.contains("'RightFrontFoot' never bears weight in the clip (lowest 0."), qPrintable(notes));
  const CliRun human = runCli({"inspect", walk});
  QVERIFY2(human.out.contains("  leg note     'LeftFrontFoot' never bears weight"), qPrintable(human.out));

  const QString project = dir_.filePath("renamed.fgproj");
  const CliRun build = runCli({"build", walk, "-o", project});
  QVERIFY2(build.exitCode == 0, qPrintable(build.err));
  const CliRun built = runCli({"inspect", project, "--json"});
  QCOMPARE(built.exitCode, 0);
  const QJsonArray projectLegs = built.json().value("legs").toArray();
  QCOMPARE(projectLegs.size(), 2);
  QCOMPARE(projectLegs.at(1).toObject().value("chain").toArray().at(2).toString(), QString("Bone.009"));
}

FATGRAPH_SKIPPABLE_TEST_MAIN(TestLegWeightBearing)
#include "test_leg_weight_bearing.moc"
