// glTF export (gltf_export.h): a synthetic turning walk with its generated body written as .glb
// and .gltf and read back by the project's own importer: the same joints, and every joint's
// world position on every frame within 2e-6 m, and so does the knight, a character that came
// from glTF (2e-5 m); every joint node where the source clip puts the joint, by tinygltf and a
// reference of the node transforms rather than the importer; the mesh (read with tinygltf directly, which
// the importer does not keep) with its vertex count, joints and weights; several clips as
// named animations; and saves that are atomic (a failed write leaves the old file as it was)
// and refused with a message naming the file.
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include <tiny_gltf.h>

#include "fatgraph/core/body/body_generation.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/io/gltf_export.h"
#include "fatgraph/core/io/gltf_import.h"
#include "fatgraph/test_support/synthetic_motion.h"
#include "gltf_reference.h"

using namespace fatgraph;

namespace {

// A walk turning left (the root's yaw changes) that starts off the origin, so world placement
// is exercised, not only local poses.
SyntheticMotion turningWalk() {
  SyntheticWalkParams p;
  p.turningRate = 0.6;
  p.cycles = 2.0;
  SyntheticMotion m = generateBipedWalk(p);
  m.clip.name = "turn";
  return m;
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The largest distance between the two clips' world joint positions over every frame.
double largestWorldDistance(const Skeleton& a, const Clip& ca, const Skeleton& b, const Clip& cb) {
  const size_t n = size_t(a.jointCount());
  std::vector<Quat> ra(n), rb(n);
  std::vector<Vec3> pa(n), pb(n);
  double largest = 0;
  for (int f = 0; f < ca.frameCount(); ++f) {
    clipFrameToModel(a, ca, f, ra, pa);
    clipFrameToModel(b, cb, f, rb, pb);
    for (size_t j = 0; j < n; ++j) largest = std::max(largest, (pa[j] - pb[j]).norm());
  }
  return largest;
}

template <typename T>
std::vector<T> accessorValues(const tinygltf::Model& m, int accessor) {
  const tinygltf::Accessor& a = m.accessors[size_t(accessor)];
  const tinygltf::BufferView& v = m.bufferViews[size_t(a.bufferView)];
  const size_t width = size_t(tinygltf::GetNumComponentsInType(a.type));
  std::vector<T> out(a.count * width);
  std::memcpy(out.data(), m.buffers[size_t(v.buffer)].data.data() + v.byteOffset + a.byteOffset,
              out.size() * sizeof(T));
  return out;
}

}  // namespace

class TestGltfExport : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;

  std::string path(const char* name) const { return dir_.filePath(QString::fromUtf8(name)).toStdString(); }

 private slots:
  void roundTrip_data() {
    QTest::addColumn<QString>("name");
    QTest::newRow("glb") << QStringLiteral("walk.glb");
    QTest::newRow("gltf") << QStringLiteral("walk.gltf");
  }

  // What is written is what the importer reads: the same skeleton, frame count and names, and
  // every joint where it was, frame by frame.
  void roundTrip() {
    QFETCH(QString, name);
    const SyntheticMotion m = turningWalk();
    const GeneratedBody body = generateBody(m.skeleton);
    const std::string file = path(name.toUtf8().constData());
    exportGltf(file, m.skeleton, body.mesh, std::span(&m.clip, 1));

    GltfImportOptions options;
    options.fps = m.clip.fps;
    const GltfImport in = importGltf(file, options);
    QVERIFY(in.skeleton.sameTopology(m.skeleton));
    QCOMPARE(int(in.clips.size()), 1);
    QCOMPARE(in.animationNames.front(), std::string("turn"));
    QCOMPARE(in.clips.front().frameCount(), m.clip.frameCount());
    const double distance = largestWorldDistance(m.skeleton, m.clip, in.skeleton, in.clips.front());
    qInfo("largest world distance after the round trip: %.3g m", distance);
    QVERIFY2(distance < 2e-6, qPrintable(QString::number(distance)));  // 4.6e-7 m measured
    // The root really travelled, so the bound is not met by a still character.
    const double travel = (m.clip.frameTranslations(m.clip.frameCount() - 1)[0] - m.clip.frameTranslations(0)[0]).norm();
    QVERIFY(travel > 1.0);

    // JSON text for .gltf (its buffer a data URI), the binary header for .glb.
    const std::string bytes = readFile(file);
    if (name.endsWith(QStringLiteral(".glb"))) {
      QCOMPARE(bytes.substr(0, 4), std::string("glTF"));
    } else {
      QCOMPARE(bytes.front(), '{');
      QVERIFY(bytes.find("data:application/octet-stream;base64,") != std::string::npos);
    }
    QVERIFY(bytes.find("fatgraph ") != std::string::npos);  // asset.generator
  }

  // The written file read by another reader than the project's importer: tinygltf's parse and
  // the reference's node transforms (gltf_reference.h) at every frame's key time put every
  // joint node where forward kinematics of the source clip puts the joint, on every frame.
  void animationMatchesReferenceReader() {
    const SyntheticMotion m = turningWalk();
    const std::string file = path("reference.glb");
    exportGltf(file, m.skeleton, SkinnedMesh{}, std::span(&m.clip, 1));
    tinygltf::TinyGLTF loader;
    tinygltf::Model model;
    std::string err, warn;
    QVERIFY2(loader.LoadBinaryFromFile(&model, &err, &warn, file), err.c_str());
    QCOMPARE(int(model.animations.size()), 1);
    std::vector<int> nodeOf(size_t(m.skeleton.jointCount()), -1);
    for (size_t n = 0; n < model.nodes.size(); ++n) {
      for (int j = 0; j < m.skeleton.jointCount(); ++j) {
        if (model.nodes[n].name == m.skeleton.names[size_t(j)]) nodeOf[size_t(j)] = int(n);
      }
    }
    for (int j = 0; j < m.skeleton.jointCount(); ++j) QVERIFY2(nodeOf[size_t(j)] >= 0, m.skeleton.names[size_t(j)].c_str());

    std::vector<Quat> rotations(size_t(m.skeleton.jointCount()));
    std::vector<Vec3> positions(size_t(m.skeleton.jointCount()));
    double largest = 0;
    for (int f = 0; f < m.clip.frameCount(); ++f) {
      bool allKeyed = false;
      const auto globals = globalsAtKey(model, &model.animations[0], f / m.clip.fps, allKeyed);
      QVERIFY2(allKeyed, qPrintable(QStringLiteral("frame %1 is not a key of every channel").arg(f)));
      clipFrameToModel(m.skeleton, m.clip, f, rotations, positions);
      for (int j = 0; j < m.skeleton.jointCount(); ++j) {
        const Eigen::Vector3d written = globals[size_t(nodeOf[size_t(j)])].translation();
        largest = std::max(largest, (written - positions[size_t(j)]).norm());
      }
    }
    qInfo("largest joint distance, tinygltf reference against the source clip: %.3g m", largest);
    // Stored as float32: 8.5e-8 m measured (2026-12-07) over the walk's metres of travel.
    QVERIFY2(largest < 1e-6, qPrintable(QString::number(largest)));
  }

  // A character that came from glTF (the knight: folded armature scale, a translation keyed
  // on every joint) goes out and back to the same world positions in every animation.
  void importedCharacterRoundTrip() {
    const GltfImport knight = importGltf(std::string(FATGRAPH_DATA_DIR) + "/characters/knight.glb");
    const std::string file = path("knight_again.glb");
    exportGltf(file, knight.skeleton, generatedBodyOrNone(knight.skeleton), knight.clips);
    const GltfImport again = importGltf(file);
    QCOMPARE(again.clips.size(), knight.clips.size());
    double largest = 0;
    for (size_t c = 0; c < knight.clips.size(); ++c) {
      QCOMPARE(again.clips[c].frameCount(), knight.clips[c].frameCount());
      largest = std::max(largest, largestWorldDistance(knight.skeleton, knight.clips[c], again.skeleton, again.clips[c]));
    }
    qInfo("knight: %d animations, largest world distance %.3g m", int(knight.clips.size()), largest);
    QVERIFY2(largest < 2e-5, qPrintable(QString::number(largest)));  // 5.3e-6 m measured
  }

  // The skinned mesh as tinygltf reads it: every vertex, its joints and weights (summing to 1),
  // the triangles and one inverse bind matrix per joint.
  void meshSurvives() {
    const SyntheticMotion m = turningWalk();
    const SkinnedMesh mesh = generateBody(m.skeleton).mesh;
    const std::string file = path("mesh.glb");
    exportGltf(file, m.skeleton, mesh, std::span(&m.clip, 1));

    tinygltf::TinyGLTF loader;
    tinygltf::Model model;
    std::string err, warn;
    QVERIFY2(loader.LoadBinaryFromFile(&model, &err, &warn, file), err.c_str());
    QCOMPARE(int(model.meshes.size()), 1);
    const tinygltf::Primitive& p = model.meshes[0].primitives.at(0);
    const auto positions = accessorValues<float>(model, p.attributes.at("POSITION"));
    const auto joints = accessorValues<std::uint16_t>(model, p.attributes.at("JOINTS_0"));
    const auto weights = accessorValues<float>(model, p.attributes.at("WEIGHTS_0"));
    const auto indices = accessorValues<std::uint32_t>(model, p.indices);
    QCOMPARE(int(positions.size() / 3), mesh.vertexCount());
    QCOMPARE(indices, mesh.triangles);
    for (int v = 0; v < mesh.vertexCount(); ++v) {
      float sum = 0;
      for (int k = 0; k < kMaxSkinInfluences; ++k) {
        const size_t i = size_t(v) * 4 + size_t(k);
        // An unused slot's joint is written as 0, as the spec advises.
        const float w = mesh.weights[size_t(v)][size_t(k)];
        QCOMPARE(joints[i], w > 0 ? mesh.joints[size_t(v)][size_t(k)] : std::uint16_t(0));
        QVERIFY(std::abs(weights[i] - mesh.weights[size_t(v)][size_t(k)]) < 1e-5f);
        sum += weights[i];
      }
      QVERIFY(std::abs(sum - 1.0f) < 1e-6f);
      QCOMPARE(positions[size_t(v) * 3 + 1], mesh.positions[size_t(v)].y);
    }
    QCOMPARE(int(model.skins.at(0).joints.size()), m.skeleton.jointCount());
    QCOMPARE(int(model.accessors.at(size_t(model.skins[0].inverseBindMatrices)).count), m.skeleton.jointCount());
  }

  // Several clips become as many animations, in order, under their names; a joint the clips
  // never move off its rest offset gets no translation channel.
  void severalAnimations() {
    const SyntheticMotion m = turningWalk();
    Clip first = subClip(m.clip, 0, 10);
    first.name = "edge0/segment0: turn 0-9";
    Clip second = subClip(m.clip, 20, 15);
    second.name = "edge0/segment1: turn 20-34";
    const std::vector<Clip> clips{first, second};
    const std::string file = path("two.gltf");
    exportGltf(file, m.skeleton, SkinnedMesh{}, clips);

    GltfImportOptions options;
    options.fps = m.clip.fps;
    const GltfImport in = importGltf(file, options);
    QCOMPARE(in.animationNames, (std::vector<std::string>{first.name, second.name}));
    QCOMPARE(in.clips[1].frameCount(), 15);
    QVERIFY(largestWorldDistance(m.skeleton, second, in.skeleton, in.clips[1]) < 2e-6);

    tinygltf::TinyGLTF loader;
    tinygltf::Model model;
    std::string err, warn;
    QVERIFY2(loader.LoadASCIIFromFile(&model, &err, &warn, file), err.c_str());
    int rotations = 0, translations = 0;
    for (const tinygltf::AnimationChannel& c : model.animations.at(0).channels) {
      rotations += c.target_path == "rotation";
      translations += c.target_path == "translation";
    }
    QCOMPARE(rotations, m.skeleton.jointCount());
    QVERIFY(translations >= 1 && translations < m.skeleton.jointCount());
  }

  // A clip that cannot be written is refused before a byte is written, naming the file; a write
  // failed midway (a full disk) is tests/cli/test_cli_full_disk.cpp's.
  void invalidClipIsRefusedBeforeWriting() {
    const SyntheticMotion m = turningWalk();
    const std::string file = path("keep.glb");
    { std::ofstream(file) << "old"; }
    Clip broken = m.clip;
    broken.fps = 0;
    try {
      exportGltf(file, m.skeleton, SkinnedMesh{}, std::span(&broken, 1));
      QFAIL("a clip without a frame rate was written");
    } catch (const Error& e) {
      QCOMPARE(std::string(e.what()), file + ": glTF export: clip 'turn' has an invalid frame rate");
    }
    QCOMPARE(readFile(file), std::string("old"));
    QCOMPARE(int(std::distance(std::filesystem::directory_iterator(dir_.path().toStdString()),
                               std::filesystem::directory_iterator())) >= 1, true);
    for (const auto& entry : std::filesystem::directory_iterator(dir_.path().toStdString())) {
      QVERIFY2(entry.path().string().find(".tmp") == std::string::npos, entry.path().c_str());
    }
  }

  void refusals_data() {
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("expected");
    QTest::newRow("missing directory") << QStringLiteral("no/such/dir/take.glb") << QStringLiteral("take.glb");
    QTest::newRow("extension") << QStringLiteral("take.fbx") << QStringLiteral("expected a .glb or .gltf file name");
    QTest::newRow("directory") << QStringLiteral("adir.glb") << QStringLiteral("is a directory");
  }

  // Files that cannot be written are refused with one line naming the file.
  void refusals() {
    QFETCH(QString, target);
    QFETCH(QString, expected);
    std::filesystem::create_directories(path("adir.glb"));
    const SyntheticMotion m = turningWalk();
    const std::string file = path(target.toUtf8().constData());
    try {
      exportGltf(file, m.skeleton, SkinnedMesh{}, std::span(&m.clip, 1));
      QFAIL("written");
    } catch (const Error& e) {
      const std::string what = e.what();
      QVERIFY2(what.find(file) != std::string::npos, e.what());
      QVERIFY2(what.find(expected.toStdString()) != std::string::npos, e.what());
    }
    QVERIFY(!std::filesystem::is_regular_file(file));
  }
};

QTEST_GUILESS_MAIN(TestGltfExport)
#include "test_gltf_export.moc"
