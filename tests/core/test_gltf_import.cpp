// glTF import (gltf_import.h): the Quaternius knight's skeleton, clips and durations; its
// frames against node transforms computed here from the raw file (tinygltf read directly,
// full TRS with scale); a synthetic file whose STEP, LINEAR and CUBICSPLINE samplers have
// values known in closed form; broken files each refused with one line naming the file; the
// fox, whose skin fails the Khronos validator, still imports; build's clip set takes a .glb.
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include <Eigen/Geometry>
#include <tiny_gltf.h>

#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/io/gltf_import.h"
#include "gltf_reference.h"

using namespace fatgraph;
using nlohmann::json;

namespace {

const std::string kKnight = std::string(FATGRAPH_DATA_DIR) + "/characters/knight.glb";
const std::string kFox = std::string(FATGRAPH_DATA_DIR) + "/characters/fox.glb";

// --- synthetic files -------------------------------------------------------------------------

// Three joints root > child > tip, keys at t = 0 and 1: STEP on the root's translation
// (0 -> (2,0,0)), LINEAR on its rotation (identity -> 90 deg about Y), CUBICSPLINE on the
// child's translation ((0,1,0) -> (0,2,0), out-tangent (1,0,0), in-tangent (-1,0,0)) and on the
// tip's rotation (identity -> 90 deg about Z, zero tangents).
struct Synthetic {
  json doc;
  std::string buffer;  // little-endian floats

  int addFloats(const std::vector<float>& v, const char* type) {
    const int view = static_cast<int>(doc["bufferViews"].size());
    doc["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", buffer.size()}, {"byteLength", 4 * v.size()}});
    const int width = std::string(type) == "SCALAR" ? 1 : std::string(type) == "VEC3" ? 3 : 4;
    doc["accessors"].push_back({{"bufferView", view}, {"componentType", 5126},
                                {"count", v.size() / width}, {"type", type}});
    buffer.append(reinterpret_cast<const char*>(v.data()), 4 * v.size());
    return view;
  }
  void addChannel(int node, const char* path, const char* interpolation, int output) {
    json& a = doc["animations"][0];
    const int sampler = static_cast<int>(a["samplers"].size());
    a["samplers"].push_back({{"input", 0}, {"output", output}, {"interpolation", interpolation}});
    a["channels"].push_back({{"sampler", sampler}, {"target", {{"node", node}, {"path", path}}}});
  }
};

Synthetic synthetic() {
  const float h = static_cast<float>(std::sqrt(0.5));
  Synthetic s;
  s.doc = {{"asset", {{"version", "2.0"}}},
           {"scene", 0},
           {"scenes", {{{"nodes", {0}}}}},
           {"nodes", {{{"name", "root"}, {"children", {1}}},
                      {{"name", "child"}, {"translation", {0, 1, 0}}, {"children", {2}}},
                      {{"name", "tip"}, {"translation", {0, 1, 0}}}}},
           {"skins", {{{"joints", {0, 1, 2}}}}},
           {"animations", {{{"name", "synth"}, {"samplers", json::array()}, {"channels", json::array()}}}},
           {"bufferViews", json::array()},
           {"accessors", json::array()}};
  s.addFloats({0, 1}, "SCALAR");
  s.addChannel(0, "translation", "STEP", s.addFloats({0, 0, 0, 2, 0, 0}, "VEC3"));
  s.addChannel(0, "rotation", "LINEAR", s.addFloats({0, 0, 0, 1, 0, h, 0, h}, "VEC4"));
  s.addChannel(1, "translation", "CUBICSPLINE",
               s.addFloats({0, 0, 0, 0, 1, 0, 1, 0, 0, -1, 0, 0, 0, 2, 0, 0, 0, 0}, "VEC3"));
  s.addChannel(2, "rotation", "CUBICSPLINE",
               s.addFloats({0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, h, h, 0, 0, 0, 0}, "VEC4"));
  return s;
}

std::string base64(const std::string& bytes) {
  return QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size())).toBase64().toStdString();
}

std::string embedded(const Synthetic& s) {
  json doc = s.doc;
  doc["buffers"] = {{{"byteLength", s.buffer.size()},
                     {"uri", "data:application/octet-stream;base64," + base64(s.buffer)}}};
  return doc.dump();
}

std::string write(const QTemporaryDir& dir, const std::string& name, const std::string& bytes) {
  const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// The importer's message for `path`, which must fail: one line starting with the file.
QString failure(const std::string& path) {
  try {
    importGltf(path, GltfImportOptions{});
  } catch (const FileError& e) {
    const QString m = QString::fromStdString(e.what());
    if (m.contains('\n') || !m.startsWith(QString::fromStdString(path))) return "bad form: " + m;
    return m;
  }
  return "imported";
}

// The synthetic files' keys at 0 and 1 s give frames at 0, 0.5 and 1 s.
GltfImportOptions atTwoFps() {
  GltfImportOptions o;
  o.fps = 2.0;
  return o;
}

bool near(const Quat& a, const Quat& b) { return std::abs(std::abs(a.dot(b)) - 1.0) < 1e-12; }
bool near(const Vec3& a, const Vec3& b) { return (a - b).norm() < 1e-12; }

const Clip* clipNamed(const GltfImport& g, const std::string& name) {
  for (const Clip& c : g.clips) if (c.name == name) return &c;
  return nullptr;
}

}  // namespace

class TestGltfImport : public QObject {
  Q_OBJECT
 private slots:
  void knightSkeletonAndClips() {
    const GltfImport g = importGltf(kKnight);
    QCOMPARE(g.skeleton.jointCount(), 31);
    QCOMPARE(g.clips.size(), size_t{12});
    QCOMPARE(g.skeleton.names[g.skeleton.motionRoot], std::string("Body"));
    const std::map<std::string, double> durations = {
        {"knight:Walking", 1.25}, {"knight:Run", 0.8333}, {"knight:Idle", 3.3333}};
    for (const auto& [name, seconds] : durations) {
      const Clip* c = clipNamed(g, name);
      QVERIFY2(c, name.c_str());
      QCOMPARE(c->fps, 30.0);
      // Each is one cycle of a loop, repeated to two (looping_clips.h).
      QVERIFY2(std::abs(c->duration() - 2 * seconds) <= 2.0 / 30 + 1e-9, name.c_str());
      QCOMPARE(c->source, kKnight);
    }
    // The file's own names are kept beside the clips'.
    QCOMPARE(g.animationNames.back(), std::string("HumanArmature|Walking"));
  }

  void knightFramesMatchNodeTransforms() {
    tinygltf::TinyGLTF loader;
    tinygltf::Model m;
    std::string err, warn;
    QVERIFY2(loader.LoadBinaryFromFile(&m, &err, &warn, kKnight), err.c_str());
    // The file's own frames: in-place walks left without the root motion import gives them.
    GltfImportOptions asKeyed;
    asKeyed.rig.keepInPlace = true;
    const GltfImport g = importGltf(kKnight, asKeyed);
    for (size_t a = 0; a < g.clips.size(); ++a) {
      const Clip& clip = g.clips[a];
      // Frames 0 and 15 (0 and 0.5 s) fall on the file's 24 fps keys.
      for (int frame : {0, 15}) {
        bool allKeyed = false;
        const auto global = globalsAtKey(m, &m.animations[a], frame / 30.0, allKeyed);
        QVERIFY2(allKeyed, clip.name.c_str());
        std::vector<Quat> rotations(31);
        std::vector<Vec3> positions(31);
        clipFrameToModel(g.skeleton, clip, frame, rotations, positions);
        for (size_t i = 0; i < m.skins[0].joints.size(); ++i) {
          const int node = m.skins[0].joints[i];
          const int joint = g.skeleton.find(m.nodes[node].name);
          QVERIFY(joint >= 0);
          const double error = (positions[joint] - global[node].translation()).norm();
          QVERIFY2(error < 1e-4, (clip.name + " " + m.nodes[node].name + " frame " +
                                  std::to_string(frame) + " off by " + std::to_string(error)).c_str());
        }
      }
    }
  }

  void syntheticInterpolationIsExact() {
    const GltfImport g = parseGltf(embedded(synthetic()), "synthetic.gltf", atTwoFps());
    QCOMPARE(g.skeleton.jointCount(), 3);
    QCOMPARE(g.skeleton.animatedTranslation, (std::vector<bool>{true, true, false}));
    QCOMPARE(g.clips.size(), size_t{1});
    const Clip& c = g.clips[0];
    QCOMPARE(c.name, std::string("synthetic:synth"));
    QCOMPARE(c.frameCount(), 3);
    const double h = std::sqrt(0.5);
    const Quat y90(h, 0, h, 0), z90(h, 0, 0, h);
    const Quat y45(Eigen::AngleAxisd(M_PI / 4, Vec3::UnitY()));
    const Quat z45(Eigen::AngleAxisd(M_PI / 4, Vec3::UnitZ()));
    // STEP holds the first key until the second.
    QVERIFY(near(c.frameTranslations(1)[0], Vec3(0, 0, 0)));
    QVERIFY(near(c.frameTranslations(2)[0], Vec3(2, 0, 0)));
    // LINEAR rotations slerp: half way is 45 degrees.
    QVERIFY(near(c.frameRotations(1)[0], y45));
    QVERIFY(near(c.frameRotations(2)[0], y90));
    // CUBICSPLINE at s = 1/2: (v0 + v1) / 2 + (out0 - in1) / 8 = (0.25, 1.5, 0).
    QVERIFY(near(c.frameTranslations(0)[1], Vec3(0, 1, 0)));
    QVERIFY(near(c.frameTranslations(1)[1], Vec3(0.25, 1.5, 0)));
    QVERIFY(near(c.frameTranslations(2)[1], Vec3(0, 2, 0)));
    // A cubic rotation with zero tangents is the normalized mean half way.
    QVERIFY(near(c.frameRotations(1)[2], z45));
    QVERIFY(near(c.frameRotations(2)[2], z90));
    // The tip keeps its rest translation.
    QVERIFY(near(c.frameTranslations(1)[2], Vec3(0, 1, 0)));
  }

  void armatureScaleAndTurnFoldIntoTheRoot() {
    Synthetic s = synthetic();
    s.doc["nodes"].push_back({{"name", "Armature"}, {"children", {0}}, {"scale", {100, 100, 100}},
                              {"rotation", {-std::sqrt(0.5), 0, 0, std::sqrt(0.5)}}});
    s.doc["scenes"][0]["nodes"] = {3};
    s.doc["animations"][0]["name"] = "Armature|synth";
    const GltfImport g = parseGltf(embedded(s), "armature.gltf", atTwoFps());
    QCOMPARE(g.clips[0].name, std::string("armature:synth"));
    QVERIFY(g.notes.empty());
    QVERIFY(near(g.skeleton.restOffsets[1], Vec3(0, 100, 0)));
    // The root's translation (2, 0, 0) turned -90 deg about X stays on X, scaled 100 times.
    QVERIFY(near(g.clips[0].frameTranslations(2)[0], Vec3(200, 0, 0)));
  }

  void armatureAsAMatrixIsTheSame() {
    // The same armature as above, as one column-major matrix: -90 deg about X, scale 100.
    Synthetic s = synthetic();
    s.doc["nodes"].push_back({{"name", "Armature"}, {"children", {0}},
                              {"matrix", {100, 0, 0, 0, 0, 0, -100, 0, 0, 100, 0, 0, 0, 0, 0, 1}}});
    s.doc["scenes"][0]["nodes"] = {3};
    const GltfImport g = parseGltf(embedded(s), "matrix.gltf", atTwoFps());
    QVERIFY((g.skeleton.restOffsets[1] - Vec3(0, 100, 0)).norm() < 1e-9);
    QVERIFY((g.clips[0].frameTranslations(2)[0] - Vec3(200, 0, 0)).norm() < 1e-9);
    const Quat turn(Eigen::AngleAxisd(-M_PI / 2, Vec3::UnitX()));
    QVERIFY(std::abs(std::abs(g.clips[0].frameRotations(0)[0].dot(turn)) - 1) < 1e-12);
  }

  void scaleKeysAreNotedNotKept() {
    Synthetic s = synthetic();
    s.addChannel(1, "scale", "LINEAR", s.addFloats({1, 1, 1, 2, 2, 2}, "VEC3"));
    const GltfImport g = parseGltf(embedded(s), "scaled.gltf", atTwoFps());
    QCOMPARE(g.notes.size(), size_t{1});
    QCOMPARE(g.notes[0], std::string("scaled.gltf: animation 'synth' scales joint 'child', not kept "
                                     "(a skeleton has no scale)"));
    // An animated armature cannot be folded in at every frame: it stays at rest, said so.
    Synthetic turning = synthetic();
    turning.doc["nodes"].push_back({{"name", "Armature"}, {"children", {0}}});
    turning.doc["scenes"][0]["nodes"] = {3};
    turning.addChannel(3, "rotation", "LINEAR", turning.addFloats({0, 0, 0, 1, 0, 0, 0, 1}, "VEC4"));
    const GltfImport t = parseGltf(embedded(turning), "turning.gltf", atTwoFps());
    QCOMPARE(t.notes, std::vector<std::string>{"turning.gltf: animation 'synth' keys node 'Armature' "
                                               "above the skin's joints, kept at its rest transform"});
    // The knight's scale keys stay within float noise of 1: nothing to say.
    QVERIFY(importGltf(kKnight).notes.empty());
  }

  void brokenFilesGiveOneLine() {
    QTemporaryDir dir;
    const Synthetic s = synthetic();
    // A .glb cut short.
    const std::string cut = write(dir, "cut.glb", readAll(kKnight).substr(0, 5000));
    QVERIFY2(failure(cut).contains("not readable as glTF"), qPrintable(failure(cut)));
    // A .gltf whose buffer file is not beside it.
    json missing = s.doc;
    missing["buffers"] = {{{"byteLength", s.buffer.size()}, {"uri", "moves.bin"}}};
    const std::string lost = write(dir, "lost.gltf", missing.dump());
    QVERIFY2(failure(lost).contains("refers to a file missing beside it") &&
                 failure(lost).contains("moves.bin"),
             qPrintable(failure(lost)));
    // The same with the buffer present reads.
    write(dir, "moves.bin", s.buffer);
    QCOMPARE(importGltf(lost).clips.size(), size_t{1});
    // An accessor claiming more elements than its view holds.
    Synthetic big = s;
    big.doc["accessors"][0]["count"] = 1000;
    const std::string huge = write(dir, "huge.gltf", embedded(big));
    QVERIFY2(failure(huge).contains("is out of range: 1000 elements"), qPrintable(failure(huge)));
    // No skin, no animation, a sparse accessor, not glTF at all.
    Synthetic noSkin = s;
    noSkin.doc.erase("skins");
    const std::string skinless = write(dir, "skinless.gltf", embedded(noSkin));
    QVERIFY2(failure(skinless).endsWith("has no skin, so no skeleton to import"), qPrintable(failure(skinless)));
    Synthetic still = s;
    still.doc.erase("animations");
    const std::string stills = write(dir, "still.gltf", embedded(still));
    QVERIFY2(failure(stills).endsWith("has no animation, so no clip to import"), qPrintable(failure(stills)));
    Synthetic sparse = s;
    sparse.doc["accessors"][1]["sparse"] = {{"count", 1},
                                            {"indices", {{"bufferView", 0}, {"componentType", 5125}}},
                                            {"values", {{"bufferView", 1}}}};
    const std::string sparseFile = write(dir, "sparse.gltf", embedded(sparse));
    QVERIFY2(failure(sparseFile).contains("sparse accessor, which is not supported"),
             qPrintable(failure(sparseFile)));
    const std::string text = write(dir, "notes.glb", "walk cycle, take 3\n");
    QVERIFY2(failure(text).contains("not a glTF file"), qPrintable(failure(text)));
  }

  void foxImportsDespiteItsSkeletonField() {
    // The fox's skin names a `skeleton` node that is not a common root of its joints (a
    // validator error); the importer never reads that field, so it does not matter.
    const GltfImport g = importGltf(kFox);
    QCOMPARE(g.skeleton.jointCount(), 51);
    QCOMPARE(g.clips.size(), size_t{12});
    QCOMPARE(g.skeleton.names[g.skeleton.motionRoot], std::string("Body"));
    QVERIFY(clipNamed(g, "fox:Walk"));
  }

  void buildTakesEveryAnimationOfAGlb() {
    ClipSetOptions options;
    const ClipSetImport set = importClipSet({kKnight}, options);
    QCOMPARE(set.project.clips.size(), size_t{12});
    QCOMPARE(set.project.skeleton.jointCount(), 31);
    QCOMPARE(set.project.clips.front().fps, 30.0);
    // Another skeleton is refused naming both files.
    try {
      importClipSet({kKnight, kFox}, options);
      QFAIL("a fox admitted into a knight's project");
    } catch (const Error& e) {
      const QString m = e.what();
      QVERIFY2(m.contains("fox.glb") && m.contains("knight.glb"), qPrintable(m));
    }
  }
};

QTEST_GUILESS_MAIN(TestGltfImport)
#include "test_gltf_import.moc"
