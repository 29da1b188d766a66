// glTF characters (importGltfCharacter, character_mesh.h): the four Quaternius characters'
// meshes skinned by the runtime's jobs against glTF's own skinning formula computed here from
// the raw file (joint world matrices with scale times the file's inverse bind matrices); a
// synthetic rig whose bind pose is not its rest pose, under a centimetre armature, with eight
// influences of byte joints and normalized byte weights, a triangle strip and no normals; the
// Z-up turn; a base-colour texture (a PNG as a data URI, a file beside the .gltf and a buffer
// view of a .glb; a JPEG; a 16-bit PNG) decoded with its TEXCOORD_0 and kept by the project file; broken meshes and
// textures each refused with one line naming the file.
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "fatgraph/core/body/body_generation.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/io/gltf_import.h"
#include "fatgraph/core/io/project_character.h"
#include "fatgraph/core/io/project_store.h"
#include "gltf_reference.h"
#include "png_encoding.h"

using namespace fatgraph;
using nlohmann::json;

namespace {

std::string character(const char* name) { return std::string(FATGRAPH_DATA_DIR) + "/characters/" + name + ".glb"; }

tinygltf::Model loadRaw(const std::string& path) {
  tinygltf::TinyGLTF loader;
  tinygltf::Model m;
  std::string err, warn;
  const bool ok = path.ends_with(".glb") ? loader.LoadBinaryFromFile(&m, &err, &warn, path)
                                         : loader.LoadASCIIFromFile(&m, &err, &warn, path);
  if (!ok) qFatal("%s: %s", path.c_str(), err.c_str());
  return m;
}

// Any accessor as doubles, integers as stored and normalized ones mapped to [0, 1].
std::vector<double> values(const tinygltf::Model& m, int accessor) {
  const tinygltf::Accessor& a = m.accessors[accessor];
  const tinygltf::BufferView& v = m.bufferViews[a.bufferView];
  const int width = tinygltf::GetNumComponentsInType(a.type);
  const int size = tinygltf::GetComponentSizeInBytes(a.componentType);
  const size_t stride = v.byteStride ? v.byteStride : size * width;
  const unsigned char* p = m.buffers[v.buffer].data.data() + v.byteOffset + a.byteOffset;
  std::vector<double> out;
  for (size_t i = 0; i < a.count; ++i) {
    for (int c = 0; c < width; ++c) {
      const unsigned char* e = p + i * stride + c * size;
      double x = 0;
      if (a.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT) { float f; std::memcpy(&f, e, 4); x = f; }
      else if (size == 1) x = a.normalized ? *e / 255.0 : *e;
      else { uint16_t u; std::memcpy(&u, e, 2); x = a.normalized ? u / 65535.0 : u; }
      out.push_back(x);
    }
  }
  return out;
}

// glTF's skinning of every mesh node's vertices under `global` (node order, primitive order).
std::vector<Eigen::Vector3d> referenceSkinning(const tinygltf::Model& m, const std::vector<Eigen::Affine3d>& global) {
  std::vector<Eigen::Vector3d> out;
  for (const tinygltf::Node& node : m.nodes) {
    if (node.mesh < 0 || node.skin < 0) continue;
    const tinygltf::Skin& skin = m.skins[node.skin];
    const std::vector<double> ibm = values(m, skin.inverseBindMatrices);
    for (const tinygltf::Primitive& prim : m.meshes[node.mesh].primitives) {
      const std::vector<double> pos = values(m, prim.attributes.at("POSITION"));
      const std::vector<double> joints = values(m, prim.attributes.at("JOINTS_0"));
      const std::vector<double> weights = values(m, prim.attributes.at("WEIGHTS_0"));
      for (size_t v = 0; v < pos.size() / 3; ++v) {
        Eigen::Vector3d sum = Eigen::Vector3d::Zero();
        double total = 0;
        for (int k = 0; k < 4; ++k) total += weights[4 * v + k];
        for (int k = 0; k < 4; ++k) {
          const int slot = static_cast<int>(joints[4 * v + k]);
          const Eigen::Matrix4d inv = Eigen::Map<const Eigen::Matrix4d>(&ibm[16 * slot]);
          const Eigen::Vector4d x = global[skin.joints[slot]].matrix() * inv * Eigen::Vector4d(pos[3 * v], pos[3 * v + 1], pos[3 * v + 2], 1);
          sum += weights[4 * v + k] / total * x.head<3>();
        }
        out.push_back(sum);
      }
    }
  }
  return out;
}

// The imported mesh skinned by the runtime's palette and vertex jobs at a frame of `clip`.
std::vector<Float3> runtimeSkinning(const GltfImport& g, const Clip& clip, int frame) {
  const int n = g.skeleton.jointCount();
  std::vector<Quat> r(n);
  std::vector<Vec3> p(n);
  clipFrameToModel(g.skeleton, clip, frame, r, p);
  std::vector<Float3> positions;
  skinBody(toSkinnedMesh(g.mesh), r, p, positions, nullptr);
  return positions;
}

double largestGap(const std::vector<Float3>& ours, const std::vector<Eigen::Vector3d>& reference) {
  if (ours.size() != reference.size()) return 1e9;
  double gap = 0;
  for (size_t v = 0; v < ours.size(); ++v) {
    gap = std::max(gap, (Eigen::Vector3d(ours[v].x, ours[v].y, ours[v].z) - reference[v]).norm());
  }
  return gap;
}

// --- a synthetic rig: eight joints in a chain under a centimetre armature -----------------------

struct Rig {
  json doc;
  std::string buffer;

  int add(const void* data, size_t bytes, int componentType, const char* type, size_t count, bool normalized = false) {
    while (buffer.size() % 4) buffer.push_back('\0');
    const int view = static_cast<int>(doc["bufferViews"].size());
    doc["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", buffer.size()}, {"byteLength", bytes}});
    json a = {{"bufferView", view}, {"componentType", componentType}, {"count", count}, {"type", type}};
    if (normalized) a["normalized"] = true;
    doc["accessors"].push_back(a);
    buffer.append(static_cast<const char*>(data), bytes);
    return static_cast<int>(doc["accessors"].size()) - 1;
  }
  std::string embedded() const {
    json d = doc;
    const QByteArray b64 = QByteArray(buffer.data(), static_cast<qsizetype>(buffer.size())).toBase64();
    d["buffers"] = {{{"byteLength", buffer.size()}, {"uri", "data:application/octet-stream;base64," + b64.toStdString()}}};
    return d.dump();
  }
};

constexpr int kChain = 8;

// Joint i's world matrix when each joint turns `degrees` about Z: the armature turns the rig a
// quarter about X and scales it to metres, each joint sits 100 units above its parent.
Eigen::Matrix4d chainWorld(int joint, double degrees) {
  Eigen::Affine3d w = Eigen::Affine3d::Identity();
  w.rotate(Eigen::AngleAxisd(0.5 * EIGEN_PI, Eigen::Vector3d::UnitX())).scale(0.01);
  for (int i = 0; i <= joint; ++i) {
    w = w * Eigen::Translation3d(0, i == 0 ? 0 : 100, 0) * Eigen::AngleAxisd(degrees * EIGEN_PI / 180, Eigen::Vector3d::UnitZ());
  }
  return w.matrix();
}

// Bound at 10 degrees a joint, at rest straight: the rest pose is not the bind pose.
Rig syntheticRig() {
  Rig r;
  json nodes = {{{"name", "Armature"}, {"rotation", {std::sin(0.25 * EIGEN_PI), 0, 0, std::cos(0.25 * EIGEN_PI)}},
                 {"scale", {0.01, 0.01, 0.01}}, {"children", {1, kChain + 1}}}};
  for (int i = 0; i < kChain; ++i) {
    json n = {{"name", "J" + std::to_string(i)}};
    if (i > 0) n["translation"] = {0, 100, 0};
    if (i + 1 < kChain) n["children"] = {i + 2};
    nodes.push_back(n);
  }
  nodes.push_back({{"name", "Mesh"}, {"mesh", 0}, {"skin", 0}});
  r.doc = {{"asset", {{"version", "2.0"}}}, {"scene", 0}, {"scenes", {{{"nodes", {0}}}}}, {"nodes", nodes},
           {"bufferViews", json::array()}, {"accessors", json::array()}};
  std::vector<float> ibm;
  for (int i = 0; i < kChain; ++i) {
    const Eigen::Matrix4f inv = chainWorld(i, 10).inverse().cast<float>();
    ibm.insert(ibm.end(), inv.data(), inv.data() + 16);
  }
  json joints = json::array();
  for (int i = 0; i < kChain; ++i) joints.push_back(i + 1);
  r.doc["skins"] = {{{"joints", joints}, {"inverseBindMatrices", r.add(ibm.data(), 4 * ibm.size(), 5126, "MAT4", kChain)}}};
  // Four vertices in the bind space (the rig's world at bind), a strip of two triangles.
  const std::vector<float> pos = {-0.1f, 0, 0.5f, 0.1f, 0, 0.5f, -0.1f, 0, 3.0f, 0.1f, 0, 3.0f};
  const std::vector<uint8_t> j0 = {0, 1, 2, 3, 3, 2, 1, 0, 0, 1, 2, 3, 7, 6, 5, 4};
  const std::vector<uint8_t> j1 = {4, 5, 6, 7, 4, 5, 6, 7, 4, 5, 6, 7, 0, 1, 2, 3};
  const std::vector<uint8_t> w0 = {64, 32, 32, 32, 100, 50, 50, 50, 255, 0, 0, 0, 200, 55, 0, 0};
  const std::vector<uint8_t> w1 = {32, 32, 16, 15, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  json attributes = {{"POSITION", r.add(pos.data(), 4 * pos.size(), 5126, "VEC3", 4)},
                     {"JOINTS_0", r.add(j0.data(), j0.size(), 5121, "VEC4", 4)},
                     {"JOINTS_1", r.add(j1.data(), j1.size(), 5121, "VEC4", 4)},
                     {"WEIGHTS_0", r.add(w0.data(), w0.size(), 5121, "VEC4", 4, true)},
                     {"WEIGHTS_1", r.add(w1.data(), w1.size(), 5121, "VEC4", 4, true)}};
  r.doc["meshes"] = {{{"name", "Strip"}, {"primitives", {{{"attributes", attributes}, {"mode", 5}}}}}};
  return r;
}

// --- a base-colour texture on the rig -----------------------------------------------------------

// Four by two texels, each its own colour, with alpha.
const std::vector<uint8_t> kTexels = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 128,
                                      10, 20, 30, 255, 40, 50, 60, 255, 70, 80, 90, 255, 200, 100, 0, 255};
const std::vector<float> kUv = {0, 0, 1, 0, 0, 1, 1, 1};

enum class ImageAt { DataUri, FileBeside, BufferView };

// The strip's material multiplies its colour by the texture, through TEXCOORD_0.
void addTexture(Rig& r, ImageAt at, const std::string& png = test::encodePng(4, 2, kTexels)) {
  json& prim = r.doc["meshes"][0]["primitives"][0];
  prim["attributes"]["TEXCOORD_0"] = r.add(kUv.data(), 4 * kUv.size(), 5126, "VEC2", 4);
  prim["material"] = 0;
  r.doc["materials"] = {{{"name", "Painted"}, {"pbrMetallicRoughness", {{"baseColorFactor", {1.0, 0.5, 1.0, 1.0}}, {"baseColorTexture", {{"index", 0}}}}}}};
  r.doc["textures"] = {{{"source", 0}}};
  json image = {{"name", "skin"}};
  if (at == ImageAt::DataUri) {
    image["uri"] = "data:image/png;base64," + QByteArray(png.data(), static_cast<qsizetype>(png.size())).toBase64().toStdString();
  } else if (at == ImageAt::FileBeside) {
    image["uri"] = "skin.png";
  } else {
    while (r.buffer.size() % 4) r.buffer.push_back('\0');
    image["bufferView"] = r.doc["bufferViews"].size();
    image["mimeType"] = "image/png";
    r.doc["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", r.buffer.size()}, {"byteLength", png.size()}});
    r.buffer += png;
  }
  r.doc["images"] = {image};
}

// The rig as a binary .glb: its JSON and its buffer as the BIN chunk.
std::string glb(const Rig& r) {
  json d = r.doc;
  d["buffers"] = {{{"byteLength", r.buffer.size()}}};
  std::string text = d.dump(), bin = r.buffer;
  while (text.size() % 4) text.push_back(' ');
  while (bin.size() % 4) bin.push_back('\0');
  std::string out;
  const auto u32 = [&out](uint32_t v) { out.append(reinterpret_cast<const char*>(&v), 4); };
  out += "glTF";
  u32(2);
  u32(static_cast<uint32_t>(12 + 8 + text.size() + 8 + bin.size()));
  u32(static_cast<uint32_t>(text.size()));
  u32(0x4E4F534A);  // JSON
  out += text;
  u32(static_cast<uint32_t>(bin.size()));
  u32(0x004E4942);  // BIN
  out += bin;
  return out;
}

// One animation: the rig's second joint bends half a radian about Z over a second.
void addBend(Rig& r) {
  const std::vector<float> times = {0.0f, 0.5f, 1.0f};
  std::vector<float> turns;
  for (float t : times) {
    const Eigen::Quaternionf q(Eigen::AngleAxisf(0.5f * t, Eigen::Vector3f::UnitZ()));
    turns.insert(turns.end(), {q.x(), q.y(), q.z(), q.w()});
  }
  const int input = r.add(times.data(), 4 * times.size(), 5126, "SCALAR", times.size());
  r.doc["accessors"][input]["min"] = {0.0};
  r.doc["accessors"][input]["max"] = {1.0};
  const int output = r.add(turns.data(), 4 * turns.size(), 5126, "VEC4", times.size());
  json sampler = {{"input", input}, {"output", output}};
  json channel = {{"sampler", 0}, {"target", {{"node", 2}, {"path", "rotation"}}}};
  json animation = {{"name", "Bend"}, {"samplers", json::array({sampler})}, {"channels", json::array({channel})}};
  r.doc["animations"] = json::array({animation});
}

std::string write(const QTemporaryDir& dir, const std::string& name, const std::string& bytes) {
  const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

QString failure(const std::string& path) {
  try {
    importGltfCharacter(path);
  } catch (const FileError& e) {
    const QString m = QString::fromStdString(e.what());
    if (m.contains('\n') || !m.startsWith(QString::fromStdString(path))) return "bad form: " + m;
    return m;
  }
  return "imported";
}

// The file's own frames: a looping clip stays one cycle, so frame f is the file's time f/fps.
GltfImportOptions asKeyed() {
  GltfImportOptions o;
  o.rig.keepLoops = true;
  return o;
}

}  // namespace

class TestGltfCharacter : public QObject {
  Q_OBJECT

 private slots:
  void meshesOfTheCharacters_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("parts");
    QTest::addColumn<int>("materials");
    QTest::newRow("knight") << "knight" << 3 << 3;
    QTest::newRow("fox") << "fox" << 5 << 5;
    QTest::newRow("spider") << "spider" << 2 << 2;
    QTest::newRow("adventurer: five skins over one rig") << "adventurer" << 15 << 11;
  }
  // Every primitive imported, in the file's vertex count, with its material's colour.
  void meshesOfTheCharacters() {
    QFETCH(QString, name);
    QFETCH(int, parts);
    QFETCH(int, materials);
    const std::string path = character(name.toUtf8().constData());
    const GltfImport g = importGltfCharacter(path);
    const tinygltf::Model raw = loadRaw(path);
    size_t vertices = 0;
    for (const tinygltf::Node& n : raw.nodes) {
      if (n.mesh < 0) continue;
      for (const tinygltf::Primitive& p : raw.meshes[n.mesh].primitives) vertices += raw.accessors[p.attributes.at("POSITION")].count;
    }
    QCOMPARE(static_cast<size_t>(g.mesh.vertexCount()), vertices);
    QCOMPARE(static_cast<int>(g.mesh.parts.size()), parts);
    QCOMPARE(static_cast<int>(g.mesh.materials.size()), materials);
    QCOMPARE(QString::fromStdString(g.mesh.validate(g.skeleton.jointCount())), QString());
    QVERIFY(g.mesh.mostInfluences() >= 1 && g.mesh.mostInfluences() <= 4);
    for (const CharacterMeshPart& p : g.mesh.parts) {
      QVERIFY2(p.material >= 0, p.name.c_str());
      const auto& factor = raw.materials[p.material].pbrMetallicRoughness.baseColorFactor;
      QCOMPARE(g.mesh.materials[p.material].baseColor[0], static_cast<float>(factor[0]));
    }
    QCOMPARE(g.restPose.frameCount(), 1);
  }

  void skinnedLikeTheFile_data() {
    QTest::addColumn<QString>("name");
    QTest::newRow("knight") << "knight";
    QTest::newRow("fox") << "fox";
    QTest::newRow("spider") << "spider";
    QTest::newRow("adventurer (rest pose)") << "adventurer";
  }
  // The runtime's skinning of the imported mesh equals the file's own skinning at every frame
  // that falls on a key of every channel, and at the rest pose.
  void skinnedLikeTheFile() {
    QFETCH(QString, name);
    const std::string path = character(name.toUtf8().constData());
    const GltfImport g = importGltfCharacter(path, asKeyed());
    const tinygltf::Model raw = loadRaw(path);
    bool keyed = true;
    QVERIFY2(largestGap(runtimeSkinning(g, g.restPose, 0), referenceSkinning(raw, globalsAtKey(raw, nullptr, 0, keyed))) < 1e-4,
             "rest pose");
    int checked = 0;
    for (size_t a = 0; a < g.clips.size() && a < 3; ++a) {
      const Clip& clip = g.clips[a];
      for (int f = 0; f < clip.frameCount(); f += 7) {
        const auto global = globalsAtKey(raw, &raw.animations[a], f / clip.fps, keyed);
        if (!keyed) continue;
        const double gap = largestGap(runtimeSkinning(g, clip, f), referenceSkinning(raw, global));
        QVERIFY2(gap < 1e-4, qPrintable(QString("%1 frame %2: %3 m").arg(clip.name.c_str()).arg(f).arg(gap)));
        ++checked;
      }
    }
    QVERIFY(g.clips.empty() || checked > 0);
  }

  // Bind pose != rest pose, a 0.01 armature scale, eight influences: skinned in double over all
  // eight, the import equals glTF's formula; the runtime's four keep the strongest and say what
  // the others weighed.
  void eightInfluencesBoundAwayFromRest() {
    QTemporaryDir dir;
    const std::string path = write(dir, "chain.gltf", syntheticRig().embedded());
    const GltfImport g = importGltfCharacter(path);
    QCOMPARE(g.skeleton.jointCount(), kChain);
    QCOMPARE(g.mesh.mostInfluences(), 8);
    QCOMPARE(g.mesh.vertexCount(), 6);  // no normals: each of the two triangles flat
    QCOMPARE(g.mesh.triangleCount(), 2);
    const tinygltf::Model raw = loadRaw(path);
    bool keyed = true;
    const auto global = globalsAtKey(raw, nullptr, 0, keyed);
    std::vector<Quat> r(kChain);
    std::vector<Vec3> p(kChain);
    clipFrameToModel(g.skeleton, g.restPose, 0, r, p);
    // The strip's triangles are (0 1 2) and (2 1 3); flat vertices follow them.
    const int corner[6] = {0, 1, 2, 2, 1, 3};
    const std::vector<double> j0 = values(raw, 2), j1 = values(raw, 3), w0 = values(raw, 4), w1 = values(raw, 5);
    // Accessors in the order syntheticRig() adds them.
    const std::vector<double> ibms = values(raw, 0), positions = values(raw, 1);
    for (int v = 0; v < 6; ++v) {
      const int c = corner[v];
      Eigen::Vector3d expected = Eigen::Vector3d::Zero(), ours = Eigen::Vector3d::Zero();
      for (int k = 0; k < 8; ++k) {
        const int slot = static_cast<int>(k < 4 ? j0[4 * c + k] : j1[4 * c + k - 4]);
        const double w = k < 4 ? w0[4 * c + k] : w1[4 * c + k - 4];
        const Eigen::Matrix4d m = global[slot + 1].matrix() * Eigen::Map<const Eigen::Matrix4d>(&ibms[16 * slot]);
        expected += w * (m * Eigen::Vector4d(positions[3 * c], positions[3 * c + 1], positions[3 * c + 2], 1)).head<3>();
      }
      for (int k = 0; k < 8; ++k) {
        const int j = g.mesh.joints[v][k];
        const Eigen::Matrix4d bind = Eigen::Map<const Eigen::Matrix4f>(g.mesh.inverseBind[j].m).cast<double>();
        const Eigen::Affine3d a = Eigen::Translation3d(p[j]) * r[j];
        const Float3& x = g.mesh.positions[v];
        ours += g.mesh.weights[v][k] * (a.matrix() * bind * Eigen::Vector4d(x.x, x.y, x.z, 1)).head<3>();
      }
      QVERIFY2((ours - expected).norm() < 1e-5, qPrintable(QString("vertex %1: %2 m").arg(v).arg((ours - expected).norm())));
    }
    InfluenceReduction reduced;
    const SkinnedMesh four = toSkinnedMesh(g.mesh, &reduced);
    QCOMPARE(four.validate(kChain), std::string());
    QCOMPARE(reduced.verticesReduced, 3);  // corner 0 (eight influences) and corner 1 (five), twice
    QVERIFY(std::abs(reduced.largestDroppedWeight - 95.0 / 255.0) < 1e-3);
  }

  // --up z turns the mesh with the skeleton: every skinned vertex is the Y-up import's turned
  // by the quarter turn about X, (x, y, z) -> (x, z, -y).
  void zUpTurnsTheMesh() {
    const std::string path = character("knight");
    GltfImportOptions zUp;
    zUp.rig.up = UpAxisChoice::Z;
    const GltfImport y = importGltfCharacter(path), z = importGltfCharacter(path, zUp);
    const std::vector<Float3> ys = runtimeSkinning(y, y.clips[1], 10), zs = runtimeSkinning(z, z.clips[1], 10);
    QCOMPARE(ys.size(), zs.size());
    double gap = 0;
    for (size_t v = 0; v < ys.size(); ++v) gap = std::max(gap, Eigen::Vector3d(ys[v].x - zs[v].x, ys[v].z - zs[v].y, -ys[v].y - zs[v].z).norm());
    QVERIFY2(gap < 1e-4, qPrintable(QString::number(gap)));
  }

  // The knight's own mesh as the project's character: saved and loaded unchanged; a character
  // on another skeleton is refused, saying why.
  void characterOfAProject() {
    const std::string knight = character("knight");
    GltfImport clips = importGltf(knight);
    Project project;
    project.skeleton = clips.skeleton;
    project.clips = {clips.clips[0]};
    QVERIFY(setProjectCharacter(project, knight).empty());
    QCOMPARE(project.character.mesh.vertexCount(), importGltfCharacter(knight).mesh.vertexCount());
    QTemporaryDir dir;
    const std::string path = dir.filePath("knight.fgproj").toStdString();
    saveProject(project, path);
    const Project loaded = loadProject(path);
    const CharacterMesh& a = project.character.mesh;
    const CharacterMesh& b = loaded.character.mesh;
    QCOMPARE(loaded.character.source, knight);
    QCOMPARE(b.vertexCount(), a.vertexCount());
    QVERIFY(std::memcmp(a.positions.data(), b.positions.data(), a.positions.size() * sizeof(Float3)) == 0);
    QVERIFY(a.joints == b.joints && a.weights == b.weights && a.triangles == b.triangles);
    QVERIFY(std::memcmp(a.inverseBind.data(), b.inverseBind.data(), a.inverseBind.size() * sizeof(Float4x4)) == 0);
    QCOMPARE(b.parts.size(), a.parts.size());
    QCOMPARE(b.parts[2].name, a.parts[2].name);
    QCOMPARE(b.materials[1].baseColor, a.materials[1].baseColor);

    try {
      setProjectCharacter(project, character("fox"));
      QFAIL("the fox became the knight's character");
    } catch (const FileError& e) {
      QVERIFY2(QString(e.what()).contains("no joint of the character follows the clips' pelvis"), e.what());
    }
  }

  void baseColorTexture_data() {
    QTest::addColumn<int>("at");
    QTest::newRow("data URI in a .gltf") << static_cast<int>(ImageAt::DataUri);
    QTest::newRow("file beside the .gltf") << static_cast<int>(ImageAt::FileBeside);
    QTest::newRow("buffer view of a .glb") << static_cast<int>(ImageAt::BufferView);
  }
  // The texture's pixels as they are in the PNG (sRGB, alpha kept), the material's factor
  // beside it, and each flat vertex with its corner's TEXCOORD_0.
  void baseColorTexture() {
    QFETCH(int, at);
    Rig r = syntheticRig();
    addTexture(r, static_cast<ImageAt>(at));
    QTemporaryDir dir;
    write(dir, "skin.png", test::encodePng(4, 2, kTexels));
    const std::string path = static_cast<ImageAt>(at) == ImageAt::BufferView ? write(dir, "painted.glb", glb(r))
                                                                              : write(dir, "painted.gltf", r.embedded());
    const GltfImport g = importGltfCharacter(path);
    QCOMPARE(g.mesh.textures.size(), size_t{1});
    const CharacterTexture& t = g.mesh.textures[0];
    QCOMPARE(t.name, std::string("skin"));
    QCOMPARE(t.width, 4);
    QCOMPARE(t.height, 2);
    QVERIFY(t.rgba == kTexels);
    QCOMPARE(g.mesh.materials[0].texture, 0);
    QCOMPARE(g.mesh.materials[0].baseColor[1], 0.5f);
    QVERIFY(g.mesh.textured());
    QCOMPARE(g.mesh.uvs.size(), size_t{6});
    const int corner[6] = {0, 1, 2, 2, 1, 3};  // the strip's two triangles, flat
    for (int v = 0; v < 6; ++v) {
      QCOMPARE(g.mesh.uvs[v].x, kUv[2 * corner[v]]);
      QCOMPARE(g.mesh.uvs[v].y, kUv[2 * corner[v] + 1]);
    }
    QCOMPARE(QString::fromStdString(g.mesh.validate(kChain)), QString());
  }

  // The project keeps the texture and the coordinates; a character without textures keeps none.
  void texturedCharacterOfAProject() {
    Rig r = syntheticRig();
    addTexture(r, ImageAt::DataUri);
    QTemporaryDir dir;
    const std::string gltf = write(dir, "painted.gltf", r.embedded());
    Project project;
    project.skeleton = importGltfCharacter(gltf).skeleton;
    setProjectCharacter(project, gltf);
    const std::string path = dir.filePath("painted.fgproj").toStdString();
    saveProject(project, path);
    const CharacterMesh loaded = loadProject(path).character.mesh;
    const CharacterMesh& a = project.character.mesh;
    QCOMPARE(loaded.textures.size(), size_t{1});
    QCOMPARE(loaded.textures[0].name, a.textures[0].name);
    QCOMPARE(loaded.textures[0].width, 4);
    QCOMPARE(loaded.textures[0].height, 2);
    QVERIFY(loaded.textures[0].rgba == kTexels);
    QCOMPARE(loaded.materials[0].texture, 0);
    QCOMPARE(loaded.uvs.size(), a.uvs.size());
    QVERIFY(std::memcmp(loaded.uvs.data(), a.uvs.data(), a.uvs.size() * sizeof(Float2)) == 0);
  }

  // A JPEG (tests/fixtures/textures/halves.jpg: 16 x 8, made with libjpeg at quality 95, the
  // left half 20 200 40, the right half 220 30 200) decodes to its colours, alpha opaque.
  void jpegTexture() {
    std::ifstream in(std::string(FATGRAPH_TEST_FIXTURES_DIR) + "/textures/halves.jpg", std::ios::binary);
    const std::string jpeg((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    QVERIFY(jpeg.size() > 100);
    Rig r = syntheticRig();
    addTexture(r, ImageAt::BufferView, jpeg);
    r.doc["images"][0]["mimeType"] = "image/jpeg";
    QTemporaryDir dir;
    const GltfImport g = importGltfCharacter(write(dir, "painted.glb", glb(r)));
    QCOMPARE(g.mesh.textures.size(), size_t{1});
    const CharacterTexture& t = g.mesh.textures[0];
    QCOMPARE(t.width, 16);
    QCOMPARE(t.height, 8);
    const auto near = [&t](int x, int y, std::array<int, 3> rgb) {
      const uint8_t* p = &t.rgba[4 * (static_cast<size_t>(y) * t.width + x)];
      return std::abs(p[0] - rgb[0]) < 12 && std::abs(p[1] - rgb[1]) < 12 && std::abs(p[2] - rgb[2]) < 12 && p[3] == 255;
    };
    QVERIFY(near(1, 4, {20, 200, 40}));
    QVERIFY(near(14, 4, {220, 30, 200}));
  }

  // A 16-bit PNG keeps each channel's high byte.
  void sixteenBitPng() {
    Rig r = syntheticRig();
    addTexture(r, ImageAt::DataUri, test::encodePng(4, 2, kTexels, 16));
    QTemporaryDir dir;
    const GltfImport g = importGltfCharacter(write(dir, "painted.gltf", r.embedded()));
    QCOMPARE(g.mesh.textures.size(), size_t{1});
    QVERIFY(g.mesh.textures[0].rgba == kTexels);
  }

  // Only TEXCOORD_0 is read: a texture on another set is left out with a note.
  void textureOnAnotherSetIsNoted() {
    Rig r = syntheticRig();
    addTexture(r, ImageAt::DataUri);
    r.doc["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"]["texCoord"] = 1;
    QTemporaryDir dir;
    const GltfImport g = importGltfCharacter(write(dir, "painted.gltf", r.embedded()));
    QCOMPARE(g.mesh.materials[0].texture, -1);
    QVERIFY(g.mesh.uvs.empty() && g.mesh.textures.empty());
    bool noted = false;
    for (const std::string& n : g.notes) noted |= n.find("reads TEXCOORD_1; only TEXCOORD_0 is supported") != std::string::npos;
    QVERIFY(noted);
  }

  void brokenMeshes_data() {
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("message");
    QTest::newRow("joint beyond the skin") << "joint" << "names joint 9 of a skin with 8 joints";
    QTest::newRow("JOINTS_1 without WEIGHTS_1") << "weights1" << "has JOINTS_1 without WEIGHTS_1";
    QTest::newRow("no POSITION") << "position" << "mesh 'Strip' primitive 0 has no POSITION";
    QTest::newRow("material that does not exist") << "material" << "names material 4, which does not exist";
    QTest::newRow("index beyond the vertices") << "index" << "has vertex index 7, beyond its 4 vertices";
    QTest::newRow("too few inverse bind matrices") << "ibm" << "has 2 inverse bind matrices for 8 joints";
    QTest::newRow("float joints") << "floatJoints" << "JOINTS_0 (accessor 2) has component type 5126";
    QTest::newRow("truncated buffer") << "truncated" << "runs past the end of buffer 0";
    QTest::newRow("image neither PNG nor JPEG") << "notImage" << "image 0 'skin' is neither a PNG nor a JPEG";
    QTest::newRow("PNG that does not decode") << "corruptPng" << "image 0 'skin' does not decode as PNG";
    QTest::newRow("PNG too large") << "hugePng" << "image 0 'skin' is 100000 x 2 pixels, more than the limit of 8192 a side";
    QTest::newRow("texture that does not exist") << "noTexture" << "material 'Painted' names texture 3, which does not exist";
    QTest::newRow("image that does not exist") << "noImage" << "texture 0 names image 2, which does not exist";
    QTest::newRow("image file missing") << "missingFile" << "image 0 'skin' ('gone.png') could not be read";
    QTest::newRow("fewer UVs than vertices") << "uvCount" << "mesh 'Strip' primitive 0 TEXCOORD_0 has 3 elements for 4 vertices";
    QTest::newRow("textured without UVs") << "noUv" << "mesh 'Strip' primitive 0 has no TEXCOORD_0 for material 'Painted''s base colour texture";
  }
  // Texture damages start from the textured rig; others leave the rig as it is.
  static void damageTexture(Rig& r, const QString& damage) {
    std::string png = test::encodePng(4, 2, kTexels);
    if (damage == "notImage") png = "GIF89a not a texture";
    if (damage == "corruptPng") png = png.substr(0, 40);
    if (damage == "hugePng") png.replace(16, 4, std::string("\x00\x01\x86\xa0", 4));  // IHDR width 100000
    const QStringList textured = {"notImage", "corruptPng", "hugePng", "noTexture", "noImage", "missingFile", "uvCount", "noUv"};
    if (!textured.contains(damage)) return;
    addTexture(r, damage == "missingFile" ? ImageAt::FileBeside : ImageAt::DataUri, png);
    json& prim = r.doc["meshes"][0]["primitives"][0];
    if (damage == "noTexture") r.doc["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"]["index"] = 3;
    if (damage == "noImage") r.doc["textures"][0]["source"] = 2;
    if (damage == "missingFile") r.doc["images"][0]["uri"] = "gone.png";
    if (damage == "uvCount") r.doc["accessors"][prim["attributes"]["TEXCOORD_0"].get<int>()]["count"] = 3;
    if (damage == "noUv") prim["attributes"].erase("TEXCOORD_0");
  }

  void brokenMeshes() {
    QFETCH(QString, damage);
    QFETCH(QString, message);
    Rig r = syntheticRig();
    json& prim = r.doc["meshes"][0]["primitives"][0];
    if (damage == "joint") {
      const uint8_t bad[16] = {9, 1, 2, 3, 3, 2, 1, 0, 0, 1, 2, 3, 7, 6, 5, 4};
      prim["attributes"]["JOINTS_0"] = r.add(bad, 16, 5121, "VEC4", 4);
    }
    if (damage == "weights1") prim["attributes"].erase("WEIGHTS_1");
    if (damage == "position") prim["attributes"].erase("POSITION");
    if (damage == "material") prim["material"] = 4;
    if (damage == "index") {
      const uint16_t idx[4] = {0, 1, 2, 7};
      prim["indices"] = r.add(idx, 8, 5123, "SCALAR", 4);
    }
    if (damage == "ibm") r.doc["accessors"][0]["count"] = 2;
    if (damage == "floatJoints") r.doc["accessors"][2]["componentType"] = 5126;
    damageTexture(r, damage);
    std::string text = r.embedded();
    if (damage == "truncated") {
      json d = json::parse(text);
      const std::string uri = d["buffers"][0]["uri"];
      d["buffers"][0]["uri"] = uri.substr(0, uri.size() - 200);
      d["buffers"][0]["byteLength"] = r.buffer.size() - 150;
      text = d.dump();
    }
    QTemporaryDir dir;
    const std::string path = write(dir, "broken.gltf", text);
    const QString got = failure(path);
    QVERIFY2(got.contains(message), qPrintable(got));
  }

  // A clip import reads the skinned mesh of the file that gives the skeleton only to measure
  // the feet: a broken mesh there is the character import's error, and the clips still import.
  void clipsImportDespiteABrokenMesh() {
    Rig r = syntheticRig();
    addBend(r);
    const uint8_t bad[16] = {9, 1, 2, 3, 3, 2, 1, 0, 0, 1, 2, 3, 7, 6, 5, 4};
    r.doc["meshes"][0]["primitives"][0]["attributes"]["JOINTS_0"] = r.add(bad, 16, 5121, "VEC4", 4);
    QTemporaryDir dir;
    const std::string path = write(dir, "bending.gltf", r.embedded());
    QVERIFY2(failure(path).contains("names joint 9 of a skin with 8 joints"), qPrintable(failure(path)));
    const ClipSetImport clips = importClipSet({path}, {});
    QCOMPARE(clips.project.clips.size(), size_t(1));
    QVERIFY(clips.project.clips[0].frameCount() > 2);
  }
};

QTEST_GUILESS_MAIN(TestGltfCharacter)
#include "test_gltf_character.moc"
