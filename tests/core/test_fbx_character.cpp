// FBX characters (importCharacter on .fbx, fbx_mesh.cpp): the knight written to FBX by Assimp
// from knight.glb (write_fbx_fixtures.cpp), read back with its skinned meshes and skinned by
// the runtime's jobs, against the glTF importer's knight skinned the same way: every FBX vertex
// is matched to the glb vertex nearest to it in the rest pose, then both are skinned in frames
// of the walk. The Z-up and centimetre files skin as the metre, Y-up file does; a mesh
// without bones under a joint follows it rigidly; a character file without animation is still
// a character; `--character knight.fbx` dresses the
// clips.
#include <QtTest>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "fatgraph/core/body/body_generation.h"
#include "fatgraph/core/io/character_import.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/fbx_import.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/io/gltf_import.h"
#include "fatgraph/core/io/project_character.h"

using namespace fatgraph;

namespace {

const std::string kKnightFbx = std::string(FATGRAPH_DATA_DIR) + "/characters/knight.fbx";
const std::string kKnightGlb = std::string(FATGRAPH_DATA_DIR) + "/characters/knight.glb";
const std::string kFixtures = std::string(FATGRAPH_TEST_FIXTURES_DIR) + "/fbx/";

Vec3 vec(const Float3& f) { return Vec3(f.x, f.y, f.z); }

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

const Clip& clipNamed(const SceneImport& s, const std::string& name) {
  const auto it = std::find_if(s.clips.begin(), s.clips.end(), [&](const Clip& c) { return c.name == name; });
  if (it == s.clips.end()) qFatal("no clip %s", name.c_str());
  return *it;
}

// `mesh` skinned by the runtime's palette and vertex jobs at a frame of `clip`.
std::vector<Float3> skinned(const SkinnedMesh& mesh, const Skeleton& skeleton, const Clip& clip, int frame) {
  std::vector<Quat> r(skeleton.jointCount());
  std::vector<Vec3> p(skeleton.jointCount());
  clipFrameToModel(skeleton, clip, frame, r, p);
  std::vector<Float3> positions;
  skinBody(mesh, r, p, positions, nullptr);
  return positions;
}

// For each vertex of `a`, the nearest vertex of `b` and its distance.
std::vector<std::pair<int, double>> nearest(const std::vector<Float3>& a, const std::vector<Float3>& b) {
  std::vector<std::pair<int, double>> out;
  for (const Float3& x : a) {
    std::pair<int, double> best{-1, 1e9};
    for (size_t k = 0; k < b.size(); ++k) {
      const double d = (vec(x) - vec(b[k])).squaredNorm();
      if (d < best.second) best = {static_cast<int>(k), d};
    }
    out.push_back({best.first, std::sqrt(best.second)});
  }
  return out;
}

struct Gap {
  double largest = 0, median = 0;
};

// Distances of a's vertex v to b's vertex match[v].
Gap gaps(const std::vector<Float3>& a, const std::vector<Float3>& b, const std::vector<std::pair<int, double>>& match) {
  std::vector<double> d;
  for (size_t v = 0; v < a.size(); ++v) d.push_back((vec(a[v]) - vec(b[match[v].first])).norm());
  std::sort(d.begin(), d.end());
  return {d.back(), d[d.size() / 2]};
}

// The mesh's joints and inverse binds renamed onto `to`'s joint order (by joint name).
SkinnedMesh ontoSkeleton(SkinnedMesh mesh, const Skeleton& from, const Skeleton& to, const SkinnedMesh& toMesh) {
  for (auto& joints : mesh.joints) {
    for (auto& j : joints) j = static_cast<std::uint16_t>(to.find(from.names[j]));
  }
  mesh.inverseBind = toMesh.inverseBind;
  return mesh;
}

}  // namespace

class TestFbxCharacter : public QObject {
  Q_OBJECT

 private slots:
  void knightMeshAsTheGlbs() {
    const SceneImport f = importCharacter(kKnightFbx);
    const SceneImport g = importCharacter(kKnightGlb);
    QCOMPARE(QString::fromStdString(f.mesh.validate(f.skeleton.jointCount())), QString());
    QCOMPARE(f.mesh.triangleCount(), g.mesh.triangleCount());
    // Assimp gives each face corner its own vertex; joined where they agree, they are the glb's.
    QCOMPARE(f.mesh.vertexCount(), g.mesh.vertexCount());
    QCOMPARE(f.mesh.parts.size(), g.mesh.parts.size());
    QCOMPARE(f.mesh.inverseBind.size(), size_t(f.skeleton.jointCount()));
    QCOMPARE(f.restPose.frameCount(), 1);
    QCOMPARE(f.clips.size(), size_t{2});
    // Each part's material keeps the glb material's colour (Assimp writes it as diffuse).
    for (size_t p = 0; p < f.mesh.parts.size(); ++p) {
      const CharacterMaterial& fm = f.mesh.materials.at(f.mesh.parts[p].material);
      const CharacterMaterial& gm = g.mesh.materials.at(g.mesh.parts[p].material);
      QCOMPARE(fm.name, gm.name);
      for (int c = 0; c < 3; ++c) QVERIFY2(std::abs(fm.baseColor[c] - gm.baseColor[c]) < 1e-5, fm.name.c_str());
    }
  }

  void knightSkinnedAsTheGlb() {
    // The FBX vertices come in another order: each is matched to the glb vertex nearest to it
    // in the rest pose, then both are skinned by their own file's skeleton and walk.
    const SceneImport f = importCharacter(kKnightFbx);
    const SceneImport g = importCharacter(kKnightGlb);
    const SkinnedMesh fm = toSkinnedMesh(f.mesh), gm = toSkinnedMesh(g.mesh);
    const auto match = nearest(skinned(fm, f.skeleton, f.restPose, 0), skinned(gm, g.skeleton, g.restPose, 0));
    double restGap = 0;
    for (const auto& m : match) restGap = std::max(restGap, m.second);
    qInfo("knight.fbx: %d vertices (glb %d); rest pose: every vertex within %.3g m of a glb vertex", fm.vertexCount(),
          gm.vertexCount(), restGap);
    QVERIFY2(restGap < 2e-4, qPrintable(QString::number(restGap)));
    const Clip& fw = clipNamed(f, "knight:Walking");
    const Clip& gw = clipNamed(g, "knight:Walking");
    QCOMPARE(fw.frameCount(), gw.frameCount());
    for (int frame : {0, 9, 18, 27, 37}) {
      const Gap walk = gaps(skinned(fm, f.skeleton, fw, frame), skinned(gm, g.skeleton, gw, frame), match);
      qInfo("Walking frame %d: largest %.3g m, median %.3g m", frame, walk.largest, walk.median);
      QVERIFY2(walk.largest < 2e-4, qPrintable(QString("frame %1: %2 m").arg(frame).arg(walk.largest)));
    }
  }

  void zUpAndCentimetreFilesGiveTheSameMesh() {
    // The fixtures' meshes are cut to one triangle per mesh carrying every bone
    // (write_fbx_fixtures --strip-mesh): their vertices are among the metre file's, and skinned
    // with their own inverse binds and skeleton they land where the metre file's inverse binds
    // and skeleton put them, at the rest pose and along the walk.
    const SceneImport metres = importCharacter(kKnightFbx);
    const SkinnedMesh mm = toSkinnedMesh(metres.mesh);
    for (const char* file : {"knight_walk_zup.fbx", "knight_walk_cm.fbx"}) {
      const SceneImport other = importCharacter(kFixtures + file);
      QCOMPARE(QString::fromStdString(other.mesh.validate(other.skeleton.jointCount())), QString());
      QCOMPARE(other.mesh.vertexCount(), 9);
      const SkinnedMesh om = toSkinnedMesh(other.mesh);
      double bindGap = 0;
      for (const auto& m : nearest(om.positions, mm.positions)) bindGap = std::max(bindGap, m.second);
      const SkinnedMesh asMetres = ontoSkeleton(om, other.skeleton, metres.skeleton, mm);
      std::vector<std::pair<int, double>> same;
      for (int v = 0; v < om.vertexCount(); ++v) same.push_back({v, 0.0});
      double largest = 0;
      const std::string walk = std::string(file).substr(0, std::string(file).size() - 4) + ":Walking";
      for (int frame : {-1, 0, 12, 25, 37}) {
        const Clip& oc = frame < 0 ? other.restPose : clipNamed(other, walk);
        const Clip& mc = frame < 0 ? metres.restPose : clipNamed(metres, "knight:Walking");
        const int at = std::max(frame, 0);
        largest = std::max(largest, gaps(skinned(om, other.skeleton, oc, at), skinned(asMetres, metres.skeleton, mc, at), same).largest);
      }
      qInfo("%s: bind positions within %.3g m, skinned within %.3g m of the metre file", file, bindGap, largest);
      QVERIFY2(bindGap < 1e-4, qPrintable(QString("%1: %2 m").arg(file).arg(bindGap)));
      QVERIFY2(largest < 1e-4, qPrintable(QString("%1: %2 m").arg(file).arg(largest)));
    }
  }

  void meshUnderAJointIsBoundRigidly() {
    // The Z-up fixture with its third mesh's skin taken away and the mesh hung under 'Head'
    // (a helmet): every vertex follows the head alone, at the place the file draws it.
    std::string text = readAll(kFixtures + "knight_walk_zup.fbx");
    for (const auto& [from, to] : {std::pair<std::string, std::string>{"C: \"OO\", 1000103, 1000003\n", ""},
                                   {"C: \"OO\", 1000181, 1000178\n", "C: \"OO\", 1000181, 1000015\n"}}) {
      const size_t at = text.find(from);
      QVERIFY2(at != std::string::npos, from.c_str());
      text.replace(at, from.size(), to);
    }
    SceneImportOptions options;
    options.readMeshes = true;
    const FbxImport f = parseFbx(text, "helmet.fbx", options);
    const int head = f.skeleton.find("Head");
    QCOMPARE(f.mesh.parts.size(), size_t{3});
    const auto part = std::find_if(f.mesh.parts.begin(), f.mesh.parts.end(), [](const CharacterMeshPart& p) { return p.name == "Knight-2/0"; });
    QVERIFY(part != f.mesh.parts.end());
    const CharacterMeshPart& helmet = *part;
    std::set<std::uint32_t> vertices(f.mesh.triangles.begin() + 3 * helmet.firstTriangle,
                                     f.mesh.triangles.begin() + 3 * (helmet.firstTriangle + helmet.triangleCount));
    const SkinnedMesh m = toSkinnedMesh(f.mesh);
    const std::vector<Float3> rest = skinned(m, f.skeleton, f.restPose, 0);
    const Clip& walk = f.clips.front();
    std::vector<Quat> r(f.skeleton.jointCount());
    std::vector<Vec3> p(f.skeleton.jointCount());
    double restGap = 0, rigidGap = 0;
    for (std::uint32_t v : vertices) {
      QCOMPARE(int(m.joints[v][0]), head);
      QCOMPARE(m.weights[v][0], 1.0f);
      restGap = std::max(restGap, (vec(rest[v]) - vec(f.mesh.positions[v])).norm());
    }
    clipFrameToModel(f.skeleton, f.restPose, 0, r, p);
    const Quat restHead = r[head];
    const Vec3 restHeadAt = p[head];
    for (int frame = 0; frame < walk.frameCount(); frame += 9) {
      const std::vector<Float3> moved = skinned(m, f.skeleton, walk, frame);
      clipFrameToModel(f.skeleton, walk, frame, r, p);
      for (std::uint32_t v : vertices) {
        const Vec3 expected = p[head] + r[head] * (restHead.conjugate() * (vec(f.mesh.positions[v]) - restHeadAt));
        rigidGap = std::max(rigidGap, (vec(moved[v]) - expected).norm());
      }
    }
    QVERIFY2(restGap < 1e-5, qPrintable(QString::number(restGap)));
    QVERIFY2(rigidGap < 1e-5, qPrintable(QString::number(rigidGap)));
  }

  void characterWithoutAnimation() {
    // A clip import needs an animation stack; a character does not.
    const SceneImport c = importCharacter(kFixtures + "knight_no_animation.fbx");
    QVERIFY(c.clips.empty());
    QCOMPARE(c.skeleton.jointCount(), 31);
    QCOMPARE(c.mesh.vertexCount(), 9);
    QCOMPARE(c.restPose.frameCount(), 1);
    try {
      importCharacter(kFixtures + "knight_walk_cm.bvh");
      QFAIL("a .bvh became a character");
    } catch (const FileError& e) {
      QCOMPARE(QString(e.what()), QString::fromStdString(kFixtures + "knight_walk_cm.bvh: is not a character file (expected .gltf, .glb or .fbx)"));
    }
  }

  void dressesTheClipsOfItsOwnRig() {
    // build --character knight.fbx on the glb's clips: the same rig, so the mesh just dresses
    // them, reordered to the project's joints.
    Project project;
    const GltfImport clips = importGltf(kKnightGlb);
    project.skeleton = clips.skeleton;
    project.clips = clips.clips;
    setProjectCharacter(project, kKnightFbx);
    QCOMPARE(project.character.source, kKnightFbx);
    QCOMPARE(project.clips.size(), clips.clips.size());
    QCOMPARE(QString::fromStdString(project.character.mesh.validate(project.skeleton.jointCount())), QString());
    // Skinned by the project's skeleton, the walk matches the glb character's.
    const SceneImport g = importCharacter(kKnightGlb);
    const SkinnedMesh pm = toSkinnedMesh(project.character.mesh), gm = toSkinnedMesh(g.mesh);
    const auto match = nearest(skinned(pm, project.skeleton, g.restPose, 0), skinned(gm, g.skeleton, g.restPose, 0));
    const Clip& walk = clipNamed(clips, "knight:Walking");
    const Gap gap = gaps(skinned(pm, project.skeleton, walk, 20), skinned(gm, g.skeleton, clipNamed(g, "knight:Walking"), 20), match);
    QVERIFY2(gap.largest < 3e-4, qPrintable(QString::number(gap.largest)));
  }
};

QTEST_GUILESS_MAIN(TestFbxCharacter)
#include "test_fbx_character.moc"
