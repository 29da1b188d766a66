// FBX import (fbx_import.h). The fixtures were written by Assimp's own FBX exporter from the
// Quaternius knight (write_fbx_fixtures.cpp, data/README.md), so the library that reads them
// also wrote them; what is checked against is the glTF importer reading the same character
// from knight.glb. Checked: the skeleton and every frame of the walk equal the glTF's in world
// space; a Z-up file and a centimetre file of the same walk give the same world joint
// positions as the metre, Y-up one (the file's UpAxis and UnitScaleFactor are honoured);
// broken and unsupported files each give one line naming the file; `build`'s clip set takes a
// .fbx beside a .glb of the same rig.
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/fbx_import.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/io/gltf_import.h"

using namespace fatgraph;

namespace {

const std::string kKnightFbx = std::string(FATGRAPH_DATA_DIR) + "/characters/knight.fbx";
const std::string kKnightGlb = std::string(FATGRAPH_DATA_DIR) + "/characters/knight.glb";
const std::string kFixtures = std::string(FATGRAPH_TEST_FIXTURES_DIR) + "/fbx/";

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string write(const QTemporaryDir& dir, const std::string& name, const std::string& bytes) {
  const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

const Clip* clipNamed(const SceneImport& s, const std::string& name) {
  for (const Clip& c : s.clips) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

// Model-space joint positions of frame f (the skeleton's own root frame: the project's world).
std::vector<Vec3> worldPositions(const Skeleton& skeleton, const Clip& clip, int f) {
  std::vector<Quat> r(skeleton.jointCount());
  std::vector<Vec3> p(skeleton.jointCount());
  localToModel(skeleton, clip.frameRotations(f), clip.frameTranslations(f), r, p);
  return p;
}

// The largest distance between joints of the same name over every frame of both clips.
double largestWorldGap(const SceneImport& a, const Clip& ca, const SceneImport& b, const Clip& cb) {
  if (ca.frameCount() != cb.frameCount()) return 1e9;
  double gap = 0.0;
  for (int f = 0; f < ca.frameCount(); ++f) {
    const std::vector<Vec3> pa = worldPositions(a.skeleton, ca, f), pb = worldPositions(b.skeleton, cb, f);
    for (int j = 0; j < a.skeleton.jointCount(); ++j) {
      const int k = b.skeleton.find(a.skeleton.names[j]);
      if (k < 0) return 1e9;
      gap = std::max(gap, (pa[j] - pb[k]).norm());
    }
  }
  return gap;
}

// A character's options: its meshes read, animation optional.
SceneImportOptions characterOptions() {
  SceneImportOptions o;
  o.readMeshes = true;
  o.requireAnimation = false;
  return o;
}

QString failure(const std::string& path, const SceneImportOptions& options = {}) {
  try {
    importFbx(path, options);
  } catch (const FileError& e) {
    return QString::fromStdString(e.what());
  }
  return QStringLiteral("(imported)");
}

QString failureOfBytes(const std::string& bytes, const std::string& name, const SceneImportOptions& options = {}) {
  try {
    parseFbx(bytes, name, options);
  } catch (const FileError& e) {
    return QString::fromStdString(e.what());
  }
  return QStringLiteral("(imported)");
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  if (at == std::string::npos) return text + "<pattern not found>";
  return text.replace(at, from.size(), to);
}

}  // namespace

class TestFbxImport : public QObject {
  Q_OBJECT

 private slots:
  void knightSkeletonAndClips() {
    const FbxImport f = importFbx(kKnightFbx);
    QCOMPARE(f.skeleton.jointCount(), 31);
    QCOMPARE(f.skeleton.names[0], std::string("Bone"));
    QCOMPARE(f.clips.size(), size_t{2});
    QCOMPARE(f.animationNames.front(), std::string("HumanArmature|Run"));
    QVERIFY(clipNamed(f, "knight:Run") && clipNamed(f, "knight:Walking"));
    const Clip& walk = *clipNamed(f, "knight:Walking");
    QCOMPARE(walk.fps, 30.0);
    QCOMPARE(walk.frameCount(), 2 * 38 + 1);  // one 1.25 s cycle at 30 fps, repeated (looping_clips.h)
    const size_t walkIndex = static_cast<size_t>(&walk - f.clips.data());
    QVERIFY(f.loops.at(walkIndex).applied && !f.loops.at(walkIndex).closed);
    QCOMPARE(f.loops.at(walkIndex).period, 38);
    QCOMPARE(walk.source, kKnightFbx);
    QCOMPARE(f.unitScale, 1.0);
    QCOMPARE(f.upAxis, std::string("+Y"));
    QCOMPARE(f.rig.translations.convention, TranslationConvention::Absolute);
    QVERIFY2(f.notes.empty(), f.notes.empty() ? "" : f.notes.front().c_str());
  }

  void knightEqualsItsGlbInWorldSpace() {
    // Same joints and parents, same rest pose and the same walk frame by frame as the glTF
    // importer gives from the file the FBX was made from (ASCII FBX keeps 6 digits).
    const FbxImport f = importFbx(kKnightFbx);
    const GltfImport g = importGltf(kKnightGlb);
    for (int j = 0; j < f.skeleton.jointCount(); ++j) {
      const int k = g.skeleton.find(f.skeleton.names[j]);
      QVERIFY2(k >= 0, f.skeleton.names[j].c_str());
      const int p = f.skeleton.parents[j], q = g.skeleton.parents[k];
      QCOMPARE(p < 0 ? std::string() : f.skeleton.names[p], q < 0 ? std::string() : g.skeleton.names[q]);
      QVERIFY((f.skeleton.restOffsets[j] - g.skeleton.restOffsets[k]).norm() < 1e-4);
    }
    for (const char* name : {"knight:Walking", "knight:Run"}) {
      const double gap = largestWorldGap(f, *clipNamed(f, name), g, *clipNamed(g, name));
      QVERIFY2(gap < 1e-4, qPrintable(QStringLiteral("%1: %2 m").arg(name).arg(gap)));
    }
  }

  void zUpAndCentimetreFilesGiveTheSameWorld() {
    // The same walk written Z up (3ds Max's axes, front -Y) and in centimetres: the file's
    // UpAxis/FrontAxis and UnitScaleFactor turn and scale it back to the metre, Y-up file.
    const FbxImport metres = importFbx(kKnightFbx);
    const Clip& walk = *clipNamed(metres, "knight:Walking");
    struct Case { const char* file; const char* note; double unitScale; const char* up; };
    for (const Case& c : {Case{"knight_walk_zup.fbx", "axes +X across, +Z up, -Y front, turned", 1.0, "+Z"},
                          Case{"knight_walk_cm.fbx", "units of 1 cm (UnitScaleFactor), scaled to metres", 0.01, "+Y"}}) {
      const FbxImport other = importFbx(kFixtures + c.file);
      QCOMPARE(other.unitScale, c.unitScale);
      QCOMPARE(other.upAxis, std::string(c.up));
      const Clip* otherWalk = clipNamed(other, std::filesystem::path(c.file).stem().string() + ":Walking");
      QVERIFY2(otherWalk, c.file);
      const double gap = largestWorldGap(metres, walk, other, *otherWalk);
      QVERIFY2(gap < 1e-4, qPrintable(QStringLiteral("%1: %2 m").arg(c.file).arg(gap)));
      QCOMPARE(other.notes.size(), size_t{1});
      QVERIFY2(QString::fromStdString(other.notes.front()).contains(c.note), other.notes.front().c_str());
    }
  }

  void brokenFilesGiveOneLine() {
    QTemporaryDir dir;
    const std::string knight = readAll(kKnightFbx);
    const std::string settings = "P: \"CoordAxisSign\", \"int\", \"Integer\", \"\", 1";
    const std::string cluster = "Indexes: *280 {\n\t\t\ta: 31,";
    const std::string vertices = "Vertices: *2640 {\n\t\t\ta: -0.008947,";
    // Meshes are read for a character (`character`): their problems too name the file.
    struct Case { std::string name, bytes, expected; bool character = false; };
    const std::vector<Case> cases = {
        {"cut.fbx", knight.substr(0, knight.size() / 2), "not readable as FBX: "},
        {"notes.fbx", "walk cycle, take 3\n", "not an FBX file (neither the binary 'Kaydara FBX Binary' header nor FBX text)"},
        {"empty.fbx", "", "not an FBX file"},
        {"header.fbx", std::string("Kaydara FBX Binary  \0\x1a\0", 23) + std::string(40, '\xff'), "not readable as FBX: "},
        {"mirrored.fbx", replaced(knight, settings, "P: \"CoordAxisSign\", \"int\", \"Integer\", \"\", -1"),
         "declares a mirrored (left-handed) axis system (CoordAxis -X, UpAxis +Y, FrontAxis +Z), which is not supported"},
        {"twoups.fbx", replaced(knight, "P: \"FrontAxis\", \"int\", \"Integer\", \"\", 2", "P: \"FrontAxis\", \"int\", \"Integer\", \"\", 1"),
         "declares an axis system without three different axes"},
        {"axis7.fbx", replaced(knight, "P: \"UpAxis\", \"int\", \"Integer\", \"\", 1", "P: \"UpAxis\", \"int\", \"Integer\", \"\", 7"),
         "has UpAxis 7, expected 0, 1 or 2"},
        {"unitless.fbx", replaced(knight, "P: \"UnitScaleFactor\", \"double\", \"Number\", \"\", 100", "P: \"UnitScaleFactor\", \"double\", \"Number\", \"\", -5"),
         "has UnitScaleFactor -5, expected centimetres per unit in [1e-6, 1e6]"},
        {"weight.fbx", replaced(knight, cluster, "Indexes: *280 {\n\t\t\ta: 99999,"), "not readable as FBX: a skin cluster weights a vertex its mesh does not have", true},
        {"thumb.fbx", replaced(knight, "C: \"OO\", 1000033, 1000031\n", ""), "mesh 'Knight-0' has bone 'Thumb2.R', which has no node in the hierarchy", true},
        {"nan.fbx", replaced(knight, vertices, "Vertices: *2640 {\n\t\t\ta: nan,"), "mesh 'Knight-0' (node 'Knight-0') vertex 0 has a non-finite position", true},
    };
    for (const Case& c : cases) {
      const std::string path = write(dir, c.name, c.bytes);
      const SceneImportOptions options = c.character ? characterOptions() : SceneImportOptions{};
      const QString m = failure(path, options);
      QVERIFY2(m.startsWith(QString::fromStdString(path + ": " + c.expected)), qPrintable(QString::fromStdString(c.name) + " -> " + m));
      QVERIFY2(!m.contains('\n'), qPrintable(m));
      QString fromBytes = m;
      fromBytes.replace(QString::fromStdString(path), QString::fromStdString(c.name));
      QCOMPARE(failureOfBytes(c.bytes, c.name, options), fromBytes);
    }
    // Files Assimp reads but that hold nothing to import, written by write_fbx_fixtures.
    QCOMPARE(failure(kFixtures + "knight_no_animation.fbx"),
             QString::fromStdString(kFixtures + "knight_no_animation.fbx: has no animation stack, so no clip to import"));
    QCOMPARE(failure(kFixtures + "knight_no_bones.fbx"),
             QString::fromStdString(kFixtures + "knight_no_bones.fbx: has no skeleton: its meshes have no bones"));
    QCOMPARE(failure(kFixtures), QString::fromStdString(kFixtures + ": is a directory, expected an FBX file"));
    QCOMPARE(failure(kFixtures + "missing.fbx"), QString::fromStdString(kFixtures + "missing.fbx: cannot open file for reading"));
  }

  void scenePathsAndDispatch() {
    QVERIFY(isFbxPath("a/Walk.FBX") && !isFbxPath("walk.bvh"));
    QVERIFY(isSceneFilePath("x.fbx") && isSceneFilePath("x.glb") && isSceneFilePath("x.GLTF"));
    QVERIFY(!isSceneFilePath("x.bvh") && !isSceneFilePath("x.fgproj"));
    QCOMPARE(sceneFormatName("x.fbx"), std::string("FBX"));
    QCOMPARE(importSceneFile(kKnightFbx).clips.size(), size_t{2});
  }

  void buildAdmitsFbxBesideItsGlb() {
    // One admission path: the FBX's clips join the glTF's project as another file of the same
    // rig would (joints matched by name), uniquely named, and walk as the glTF's walk does.
    // (Its bone lengths, 6 digits in ASCII FBX, differ by ~1e-5 m: admission retargets.)
    ClipSetOptions options;
    const ClipSetImport set = importClipSet({kKnightGlb, kKnightFbx}, options);
    QCOMPARE(set.project.clips.size(), size_t{14});
    QCOMPARE(set.project.skeleton.jointCount(), 31);
    const auto named = [&](const std::string& name) {
      return *std::find_if(set.project.clips.begin(), set.project.clips.end(), [&](const Clip& c) { return c.name == name; });
    };
    SceneImport project;
    project.skeleton = set.project.skeleton;
    const double gap = largestWorldGap(project, named("knight:Walking"), project, named("knight:Walking (2)"));
    QVERIFY2(gap < 1e-3, qPrintable(QString::number(gap)));
    // The FBX alone makes a project too.
    const ClipSetImport alone = importClipSet({kFixtures + "knight_walk_cm.fbx"}, options);
    QCOMPARE(alone.project.clips.size(), size_t{1});
    QVERIFY(!alone.notes.empty());
  }
};

QTEST_GUILESS_MAIN(TestFbxImport)
#include "test_fbx_import.moc"
