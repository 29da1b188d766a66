#include "fatgraph/core/io/gltf_export.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
#include <sstream>

#include <tiny_gltf.h>

#include "fatgraph/core/model/error.h"
#include "fatgraph/io/atomic_file.h"
#include "fatgraph/io/hdf5_file.h"  // h5::kGenerator, the version every fatgraph file names

namespace fatgraph {
namespace {

// Builds the model's one buffer: every accessor gets a tightly packed buffer view of its own,
// each starting on a 4-byte boundary (the largest component here is 4 bytes).
class ModelBuilder {
 public:
  ModelBuilder() {
    model_.asset.version = "2.0";
    model_.asset.generator = h5::kGenerator;
    model_.buffers.emplace_back();
  }

  tinygltf::Model& model() { return model_; }

  // An accessor over `count` elements of `type` whose bytes are `data`; `target` is the
  // buffer view's target (0 for animation data and inverse bind matrices, which have none).
  int accessor(const void* data, size_t bytes, int componentType, int type, size_t count, int target) {
    std::vector<unsigned char>& buffer = model_.buffers[0].data;
    buffer.resize((buffer.size() + 3) / 4 * 4, 0);
    tinygltf::BufferView view;
    view.buffer = 0;
    view.byteOffset = buffer.size();
    view.byteLength = bytes;
    view.target = target;
    const auto* begin = static_cast<const unsigned char*>(data);
    buffer.insert(buffer.end(), begin, begin + bytes);
    model_.bufferViews.push_back(view);

    tinygltf::Accessor a;
    a.bufferView = static_cast<int>(model_.bufferViews.size()) - 1;
    a.componentType = componentType;
    a.type = type;
    a.count = count;
    model_.accessors.push_back(a);
    return static_cast<int>(model_.accessors.size()) - 1;
  }

  // A float accessor of `width` components per element, with per-component min and max when
  // asked (POSITION and animation inputs require them).
  int floats(const std::vector<float>& values, int width, int type, bool bounds, int target = 0) {
    const size_t count = values.size() / size_t(width);
    const int index = accessor(values.data(), values.size() * sizeof(float), TINYGLTF_COMPONENT_TYPE_FLOAT, type,
                               count, target);
    if (bounds && count > 0) {
      tinygltf::Accessor& a = model_.accessors[size_t(index)];
      a.minValues.assign(size_t(width), std::numeric_limits<double>::infinity());
      a.maxValues.assign(size_t(width), -std::numeric_limits<double>::infinity());
      for (size_t i = 0; i < values.size(); ++i) {
        const size_t c = i % size_t(width);
        a.minValues[c] = std::min(a.minValues[c], double(values[i]));
        a.maxValues[c] = std::max(a.maxValues[c], double(values[i]));
      }
    }
    return index;
  }

 private:
  tinygltf::Model model_;
};

void checkInputs(const Skeleton& skeleton, const SkinnedMesh& mesh, std::span<const Clip> animations) {
  if (const std::string problem = skeleton.validate(); !problem.empty()) {
    throw Error("glTF export: invalid skeleton: " + problem);
  }
  if (skeleton.jointCount() == 0) throw Error("glTF export: the skeleton has no joints");
  if (!mesh.empty()) {
    if (const std::string problem = mesh.validate(skeleton.jointCount()); !problem.empty()) {
      throw Error("glTF export: invalid mesh: " + problem);
    }
  }
  for (const Clip& clip : animations) {
    if (const std::string problem = clip.validate(skeleton); !problem.empty()) {
      throw Error("glTF export: " + problem);  // names the clip
    }
  }
}

// One node per joint at its rest transform, children linked; the roots go into the scene.
void addSkeleton(tinygltf::Model& model, const Skeleton& skeleton, tinygltf::Scene& scene) {
  for (int j = 0; j < skeleton.jointCount(); ++j) {
    tinygltf::Node node;
    node.name = skeleton.names[size_t(j)];
    const Vec3& t = skeleton.restOffsets[size_t(j)];
    if (!t.isZero(0)) node.translation = {t.x(), t.y(), t.z()};
    model.nodes.push_back(node);
    const int parent = skeleton.parents[size_t(j)];
    if (parent < 0) {
      scene.nodes.push_back(j);
    } else {
      model.nodes[size_t(parent)].children.push_back(j);
    }
  }
}

// Three floats per vector; `normalize` makes each unit length, as NORMAL must be (a zero
// normal, which has no direction, becomes +Y rather than NaN).
std::vector<float> flatten(const std::vector<Float3>& v, bool normalize) {
  std::vector<float> out;
  out.reserve(v.size() * 3);
  for (const Float3& p : v) {
    const double n = normalize ? std::sqrt(double(p.x) * p.x + double(p.y) * p.y + double(p.z) * p.z) : 1.0;
    if (!(n > 1e-12)) {
      out.insert(out.end(), {0.0f, 1.0f, 0.0f});
      continue;
    }
    out.insert(out.end(), {float(p.x / n), float(p.y / n), float(p.z / n)});
  }
  return out;
}

// Weights summing to 1 in float as a validator sums them: divided by their double sum, then the
// largest takes what rounding left over.
std::vector<float> normalizedWeights(const SkinnedMesh& mesh) {
  std::vector<float> out;
  out.reserve(mesh.weights.size() * kMaxSkinInfluences);
  for (const auto& w : mesh.weights) {
    double sum = 0;
    for (float x : w) sum += x;
    std::array<float, kMaxSkinInfluences> v{};
    for (int k = 0; k < kMaxSkinInfluences; ++k) v[size_t(k)] = float(w[size_t(k)] / sum);
    const auto largest = std::max_element(v.begin(), v.end());
    float rest = 0;
    for (auto it = v.begin(); it != v.end(); ++it) {
      if (it != largest) rest += *it;
    }
    *largest = 1.0f - rest;
    out.insert(out.end(), v.begin(), v.end());
  }
  return out;
}

// The influences' joints, 0 where the weight is 0 (the spec's advice for unused slots, which
// the validator warns about otherwise).
std::vector<std::uint16_t> influenceJoints(const SkinnedMesh& mesh, const std::vector<float>& weights) {
  std::vector<std::uint16_t> out;
  out.reserve(weights.size());
  for (size_t v = 0; v < mesh.joints.size(); ++v) {
    for (size_t k = 0; k < size_t(kMaxSkinInfluences); ++k) {
      out.push_back(weights[v * kMaxSkinInfluences + k] > 0 ? mesh.joints[v][k] : std::uint16_t(0));
    }
  }
  return out;
}

// The mesh and its skin. The skin exists with or without a mesh: it is what names the
// skeleton's joints for an importer.
void addSkin(ModelBuilder& b, const Skeleton& skeleton, const SkinnedMesh& mesh, tinygltf::Scene& scene) {
  tinygltf::Model& model = b.model();
  tinygltf::Skin skin;
  skin.name = "skeleton";
  for (int j = 0; j < skeleton.jointCount(); ++j) skin.joints.push_back(j);
  if (scene.nodes.size() == 1) skin.skeleton = scene.nodes.front();
  if (!mesh.empty()) {
    static_assert(sizeof(Float4x4) == 16 * sizeof(float));
    skin.inverseBindMatrices = b.accessor(mesh.inverseBind.data(), mesh.inverseBind.size() * sizeof(Float4x4),
                                          TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_MAT4,
                                          mesh.inverseBind.size(), 0);
  }
  model.skins.push_back(skin);
  if (mesh.empty()) return;

  tinygltf::Primitive primitive;
  primitive.mode = TINYGLTF_MODE_TRIANGLES;
  primitive.attributes["POSITION"] =
      b.floats(flatten(mesh.positions, false), 3, TINYGLTF_TYPE_VEC3, true, TINYGLTF_TARGET_ARRAY_BUFFER);
  primitive.attributes["NORMAL"] =
      b.floats(flatten(mesh.normals, true), 3, TINYGLTF_TYPE_VEC3, false, TINYGLTF_TARGET_ARRAY_BUFFER);
  const std::vector<float> weights = normalizedWeights(mesh);
  const std::vector<std::uint16_t> joints = influenceJoints(mesh, weights);
  primitive.attributes["JOINTS_0"] =
      b.accessor(joints.data(), joints.size() * sizeof(std::uint16_t), TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT,
                 TINYGLTF_TYPE_VEC4, mesh.joints.size(), TINYGLTF_TARGET_ARRAY_BUFFER);
  primitive.attributes["WEIGHTS_0"] = b.floats(weights, 4, TINYGLTF_TYPE_VEC4, false, TINYGLTF_TARGET_ARRAY_BUFFER);
  primitive.indices = b.accessor(mesh.triangles.data(), mesh.triangles.size() * sizeof(std::uint32_t),
                                 TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, TINYGLTF_TYPE_SCALAR,
                                 mesh.triangles.size(), TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
  primitive.material = 0;

  tinygltf::Material material;
  material.name = "body";
  material.pbrMetallicRoughness.baseColorFactor = {0.7, 0.7, 0.72, 1.0};
  material.pbrMetallicRoughness.metallicFactor = 0.0;
  material.pbrMetallicRoughness.roughnessFactor = 0.8;
  model.materials.push_back(material);

  tinygltf::Mesh gltfMesh;
  gltfMesh.name = "body";
  gltfMesh.primitives.push_back(primitive);
  model.meshes.push_back(gltfMesh);

  // A skinned mesh's node sits at the scene root: the skin, not the node, places it.
  tinygltf::Node node;
  node.name = "body";
  node.mesh = 0;
  node.skin = 0;
  model.nodes.push_back(node);
  scene.nodes.push_back(static_cast<int>(model.nodes.size()) - 1);
}

// The joints whose translation the clip moves off their rest offset somewhere.
std::vector<bool> translatedJoints(const Skeleton& skeleton, const Clip& clip) {
  std::vector<bool> moved(size_t(skeleton.jointCount()), false);
  for (int f = 0; f < clip.frameCount(); ++f) {
    const std::span<const Vec3> t = clip.frameTranslations(f);
    for (int j = 0; j < skeleton.jointCount(); ++j) {
      moved[size_t(j)] = moved[size_t(j)] || (t[size_t(j)] - skeleton.restOffsets[size_t(j)]).norm() > 1e-9;
    }
  }
  return moved;
}

void addChannel(tinygltf::Animation& animation, int input, int output, int node, const char* path) {
  tinygltf::AnimationSampler sampler;
  sampler.input = input;
  sampler.output = output;
  sampler.interpolation = "LINEAR";
  animation.samplers.push_back(sampler);
  tinygltf::AnimationChannel channel;
  channel.sampler = static_cast<int>(animation.samplers.size()) - 1;
  channel.target_node = node;
  channel.target_path = path;
  animation.channels.push_back(channel);
}

void addAnimation(ModelBuilder& b, const Skeleton& skeleton, const Clip& clip) {
  const int frames = clip.frameCount();
  tinygltf::Animation animation;
  animation.name = clip.name;
  if (frames == 0) return;  // an animation needs channels; an empty clip has nothing to key
  // Each key no earlier than its frame's time, so a reader counting frames up to the last key
  // does not lose the last one to float rounding.
  std::vector<float> times(static_cast<size_t>(frames));
  for (int f = 0; f < frames; ++f) {
    const double t = f / clip.fps;
    float key = float(t);
    if (double(key) < t) key = std::nextafter(key, std::numeric_limits<float>::infinity());
    times[size_t(f)] = key;
  }
  const int input = b.floats(times, 1, TINYGLTF_TYPE_SCALAR, true);
  const std::vector<bool> moved = translatedJoints(skeleton, clip);
  for (int j = 0; j < skeleton.jointCount(); ++j) {
    std::vector<float> rotations;
    rotations.reserve(size_t(frames) * 4);
    Quat previous = Quat::Identity();
    for (int f = 0; f < frames; ++f) {
      Quat q = clip.frameRotations(f)[size_t(j)].normalized();
      if (f > 0 && q.dot(previous) < 0) q.coeffs() = -q.coeffs();  // the shorter way between keys
      previous = q;
      rotations.insert(rotations.end(), {float(q.x()), float(q.y()), float(q.z()), float(q.w())});
    }
    addChannel(animation, input, b.floats(rotations, 4, TINYGLTF_TYPE_VEC4, false), j, "rotation");
    if (!moved[size_t(j)]) continue;
    std::vector<float> translations;
    translations.reserve(size_t(frames) * 3);
    for (int f = 0; f < frames; ++f) {
      const Vec3& t = clip.frameTranslations(f)[size_t(j)];
      translations.insert(translations.end(), {float(t.x()), float(t.y()), float(t.z())});
    }
    addChannel(animation, input, b.floats(translations, 3, TINYGLTF_TYPE_VEC3, false), j, "translation");
  }
  b.model().animations.push_back(animation);
}

bool endsWithGlb(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  if (ext == ".glb") return true;
  if (ext == ".gltf") return false;
  throw FileError(path, 0, "expected a .glb or .gltf file name for glTF export");
}

}  // namespace

std::string writeGltf(const Skeleton& skeleton, const SkinnedMesh& mesh, std::span<const Clip> animations,
                      bool binary) {
  checkInputs(skeleton, mesh, animations);
  ModelBuilder b;
  tinygltf::Scene scene;
  scene.name = "fatgraph";
  addSkeleton(b.model(), skeleton, scene);
  addSkin(b, skeleton, mesh, scene);
  for (const Clip& clip : animations) addAnimation(b, skeleton, clip);
  tinygltf::Model& model = b.model();
  model.buffers[0].data.resize((model.buffers[0].data.size() + 3) / 4 * 4, 0);
  model.scenes.push_back(scene);
  model.defaultScene = 0;

  std::ostringstream out;
  tinygltf::TinyGLTF writer;
  if (!writer.WriteGltfSceneToStream(&model, out, /*prettyPrint=*/!binary, binary)) {
    throw Error("glTF export: the writer failed");
  }
  return out.str();
}

void exportGltf(const std::string& path, const Skeleton& skeleton, const SkinnedMesh& mesh,
                std::span<const Clip> animations) {
  const bool binary = endsWithGlb(path);
  std::string bytes;
  try {
    bytes = writeGltf(skeleton, mesh, animations, binary);
  } catch (const Error& e) {
    throw Error(path + ": " + e.what());  // nothing written yet
  }
  writeFileAtomically(path, bytes);
}

}  // namespace fatgraph
