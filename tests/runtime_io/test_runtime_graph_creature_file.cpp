// The /creature group of a .fgraph file (format 4): a generated walker, flyer and swimmer round
// trip bit for bit and play bit-identically after loading, a file without the group (older
// formats) loads as no creature, and a damaged group is refused with one line naming the file,
// the object and what is wrong.
#include <QtTest>

#include <hdf5.h>

#include <cstring>
#include <filesystem>

#include "fatgraph/core/creature/creature_generation.h"
#include "fatgraph/runtime/player.h"
#include "fatgraph/runtime_io/runtime_graph_file.h"
#include "fgraph_tampering.h"

using namespace fatgraph;
using fatgraph::test::loadError;

namespace {

template <class T>
bool sameBits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}
bool sameBits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// The first field in which two creature rigs differ, or empty.
std::string rigDifference(const CreatureGaitRig& a, const CreatureGaitRig& b) {
  if (a.parents != b.parents) return "parents";
  if (!sameBits(a.restPositions, b.restPositions)) return "rest positions";
  if (a.locomotion != b.locomotion) return "locomotion";
  if (a.spine != b.spine || a.spineRoot != b.spineRoot) return "spine";
  if (a.tail != b.tail) return "tail";
  if (!sameBits(a.baseSpeed, b.baseSpeed) || !sameBits(a.cruiseHeight, b.cruiseHeight) ||
      !sameBits(a.beatSeconds, b.beatSeconds) || !sameBits(a.breathAmplitude, b.breathAmplitude) ||
      !sameBits(a.breathSeconds, b.breathSeconds))
    return "scalars";
  if (a.legs.size() != b.legs.size()) return "leg count";
  for (std::size_t l = 0; l < a.legs.size(); ++l) {
    const CreatureGaitLeg &x = a.legs[l], &y = b.legs[l];
    if (x.hip != y.hip || x.knee != y.knee || x.ankle != y.ankle || x.side != y.side || x.pair != y.pair ||
        std::memcmp(&x.toeOffset, &y.toeOffset, sizeof(Float3)) != 0)
      return "leg " + std::to_string(l);
  }
  if (a.flaps.size() != b.flaps.size()) return "flap count";
  for (std::size_t f = 0; f < a.flaps.size(); ++f) {
    const CreatureGaitFlap &x = a.flaps[f], &y = b.flaps[f];
    if (x.joint != y.joint || std::memcmp(&x.axis, &y.axis, sizeof(Float3)) != 0 || !sameBits(x.amplitude, y.amplitude) ||
        !sameBits(x.phase, y.phase))
      return "flap " + std::to_string(f);
  }
  return {};
}

}  // namespace

class TestRuntimeGraphCreatureFile : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  std::string path(const char* name) const { return dir_.filePath(QString::fromUtf8(name)).toStdString(); }

  std::string writeWalker(const char* name) {
    const std::string p = path(name);
    writeRuntimeGraph(creatureRuntimeGraph(generateCreature({CreatureType::Walk, 7, 3})), p);
    return p;
  }

 private slots:
  void initTestCase() { H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr); }

  void roundTripIsBitExact_data() {
    QTest::addColumn<int>("type");
    QTest::newRow("walk") << int(CreatureType::Walk);
    QTest::newRow("fly") << int(CreatureType::Fly);
    QTest::newRow("swim") << int(CreatureType::Swim);
  }
  void roundTripIsBitExact() {
    QFETCH(int, type);
    const RuntimeGraph g = creatureRuntimeGraph(generateCreature({CreatureType(type), 11, 0}));
    QCOMPARE(g.validate(), std::string());
    QVERIFY(g.procedural());
    const std::string p = path("creature.fgraph");
    writeRuntimeGraph(g, p);
    const RuntimeGraph loaded = loadRuntimeGraph(p);
    QCOMPARE(rigDifference(g.creature, loaded.creature), std::string());
    QCOMPARE(loaded.legs.size(), g.legs.size());
    for (std::size_t l = 0; l < g.legs.size(); ++l) {
      QCOMPARE(loaded.legs[l].name, g.legs[l].name);
      QCOMPARE(loaded.legs[l].chain, g.legs[l].chain);
    }
    QVERIFY(sameBits(loaded.body.positions, g.body.positions));
    // Played for 10 s of turns, stops and starts, the loaded creature moves the same bits.
    Player built(g), fromFile(loaded);
    for (int k = 0; k < 600; ++k) {
      const float x = std::sin(0.02f * k), y = k % 200 < 150 ? 1.0f : 0.0f;
      built.update(1.0f / 60.0f, x, y);
      fromFile.update(1.0f / 60.0f, x, y);
      const auto a = built.modelPositions(), b = fromFile.modelPositions();
      QVERIFY(std::memcmp(a.data(), b.data(), a.size() * sizeof(Float3)) == 0);
      QVERIFY(std::memcmp(&built.character(), &fromFile.character(), sizeof(CharacterFrame)) == 0);
    }
  }

  // Readers of formats 1 to 3 know no /creature group; a file without it is no creature.
  void fileWithoutTheGroupIsNoCreature() {
    RuntimeGraph plain = creatureRuntimeGraph(generateCreature({CreatureType::Walk, 7, 3}));
    plain.kind = RuntimeGraphKind::FatGraph;  // the writer then writes no group
    plain.creature = {};
    const std::string p = path("plain.fgraph");
    writeRuntimeGraph(plain, p);
    const RuntimeGraph loaded = loadRuntimeGraph(p);
    QVERIFY(!loaded.procedural());
    QCOMPARE(loaded.legs.size(), std::size_t(6));
    // An older file's version with the group present: the group is not read.
    const std::string older = writeWalker("older.fgraph");
    test::replaceIntAttribute(older, "/", "format_version", 3);
    QVERIFY(!loadRuntimeGraph(older).procedural());
  }

  // The loader says what it read (the kind), and a graph whose contents disagree with its kind
  // is refused by name.
  void theKindAndTheContentsAgree() {
    RuntimeGraph g = creatureRuntimeGraph(generateCreature({CreatureType::Walk, 7, 3}));
    QCOMPARE(int(g.kind), int(RuntimeGraphKind::Creature));
    QCOMPARE(int(loadRuntimeGraph(writeWalker("kind.fgraph")).kind), int(RuntimeGraphKind::Creature));
    g.kind = RuntimeGraphKind::FatGraph;
    QCOMPARE(QString::fromStdString(g.validate()), QString("a fat graph carries a creature rig (kind: fat graph)"));
    g.kind = RuntimeGraphKind::Creature;
    g.creature = {};
    const QString problem = QString::fromStdString(g.validate());
    QVERIFY2(problem.startsWith("creature: "), qPrintable(problem));
  }

  void damagedGroupSaysWhat_data() {
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("expected");
    QTest::newRow("locomotion") << "locomotion" << "/creature: attribute 'locomotion': 7 is not 0 (walk), 1 (fly) or 2 (swim)";
    QTest::newRow("leg joints shape") << "legs" << "/creature/leg_joints: expected shape [L=";
    QTest::newRow("spine shape") << "spine" << "/creature/spine: expected shape [K";
    QTest::newRow("rest pose") << "rest" << "inconsistent graph: creature: joint 0: rest position is not the skeleton's rest pose";
    QTest::newRow("leg out of range") << "leg range" << "inconsistent graph: creature: leg 0: joint out of range";
    QTest::newRow("newer format") << "version" << "format_version is 5 but this build reads versions 1 to 4";
  }
  void damagedGroupSaysWhat() {
    QFETCH(QString, damage);
    QFETCH(QString, expected);
    const std::string p = writeWalker("bad.fgraph");
    const RuntimeGraph g = loadRuntimeGraph(p);
    const hsize_t joints = static_cast<hsize_t>(g.jointCount());
    if (damage == QStringLiteral("locomotion")) test::replaceIntAttribute(p, "/creature", "locomotion", 7);
    if (damage == QStringLiteral("legs"))
      test::replaceDataset<int>(p, "/creature/leg_joints", H5T_STD_I32LE, H5T_NATIVE_INT, {6, 2}, std::vector<int>(12, 1));
    if (damage == QStringLiteral("spine"))
      test::replaceDataset<int>(p, "/creature/spine", H5T_STD_I32LE, H5T_NATIVE_INT, {2, 2}, std::vector<int>(4, 0));
    if (damage == QStringLiteral("rest")) {
      std::vector<float> rest;
      for (const Float3& x : g.creature.restPositions) rest.insert(rest.end(), {x.x, x.y + 1.0f, x.z});
      test::replaceDataset<float>(p, "/creature/rest_positions", H5T_IEEE_F32LE, H5T_NATIVE_FLOAT, {joints, 3}, rest);
    }
    if (damage == QStringLiteral("leg range")) {
      std::vector<int> legJoints;
      for (const CreatureGaitLeg& l : g.creature.legs) legJoints.insert(legJoints.end(), {l.hip, l.knee, l.ankle});
      legJoints[0] = 1000;
      test::replaceDataset<int>(p, "/creature/leg_joints", H5T_STD_I32LE, H5T_NATIVE_INT, {6, 3}, legJoints);
    }
    if (damage == QStringLiteral("version")) test::replaceIntAttribute(p, "/", "format_version", 5);
    const QString error = QString::fromStdString(loadError(p));
    QVERIFY2(error.startsWith(QString::fromStdString(p) + QStringLiteral(": ")), qPrintable(error));
    QVERIFY2(error.contains(expected), qPrintable(error));
  }
};

QTEST_GUILESS_MAIN(TestRuntimeGraphCreatureFile)
#include "test_runtime_graph_creature_file.moc"
