#pragma once
// glTF node transforms computed straight from the file (tinygltf read directly, full TRS with
// scale), without the importer: the reference the importer's skeleton, clips and meshes are
// checked against.
#include <cmath>
#include <cstring>
#include <functional>
#include <vector>

#include <Eigen/Geometry>
#include <tiny_gltf.h>

inline std::vector<float> floats(const tinygltf::Model& m, int accessor) {
  const tinygltf::Accessor& a = m.accessors[accessor];
  const tinygltf::BufferView& v = m.bufferViews[a.bufferView];
  const int width = tinygltf::GetNumComponentsInType(a.type);
  const size_t stride = v.byteStride ? v.byteStride : 4 * width;
  const unsigned char* p = m.buffers[v.buffer].data.data() + v.byteOffset + a.byteOffset;
  std::vector<float> out(a.count * width);
  for (size_t i = 0; i < a.count; ++i) std::memcpy(&out[i * width], p + i * stride, 4 * width);
  return out;
}

struct NodeTrs {
  Eigen::Vector3d t = Eigen::Vector3d::Zero(), s = Eigen::Vector3d::Ones();
  Eigen::Quaterniond r = Eigen::Quaterniond::Identity();
  Eigen::Affine3d matrix() const {
    return Eigen::Translation3d(t) * r.normalized() * Eigen::Scaling(s);
  }
};

inline NodeTrs restTrs(const tinygltf::Node& n) {
  NodeTrs out;
  if (n.translation.size() == 3) out.t = {n.translation[0], n.translation[1], n.translation[2]};
  if (n.rotation.size() == 4) out.r = Eigen::Quaterniond(n.rotation[3], n.rotation[0], n.rotation[1], n.rotation[2]);
  if (n.scale.size() == 3) out.s = {n.scale[0], n.scale[1], n.scale[2]};
  return out;
}

// Every node's global transform at time t of `anim`, where t must be a key time of every
// channel (so no interpolation is involved: the key's value is read as stored); the rest pose
// when `anim` is null.
inline std::vector<Eigen::Affine3d> globalsAtKey(const tinygltf::Model& m, const tinygltf::Animation* anim,
                                                 double t, bool& allKeyed) {
  std::vector<NodeTrs> local;
  for (const tinygltf::Node& n : m.nodes) local.push_back(restTrs(n));
  allKeyed = true;
  for (const tinygltf::AnimationChannel& ch : anim ? anim->channels : std::vector<tinygltf::AnimationChannel>{}) {
    const tinygltf::AnimationSampler& s = anim->samplers[ch.sampler];
    const std::vector<float> times = floats(m, s.input), values = floats(m, s.output);
    int key = -1;
    for (size_t k = 0; k < times.size(); ++k) if (std::abs(times[k] - t) < 1e-5) key = static_cast<int>(k);
    if (t > times.back()) key = static_cast<int>(times.size()) - 1;  // held after the last key
    if (key < 0) { allKeyed = false; continue; }
    NodeTrs& n = local[ch.target_node];
    if (ch.target_path == "translation") n.t = {values[3 * key], values[3 * key + 1], values[3 * key + 2]};
    if (ch.target_path == "scale") n.s = {values[3 * key], values[3 * key + 1], values[3 * key + 2]};
    if (ch.target_path == "rotation") {
      n.r = Eigen::Quaterniond(values[4 * key + 3], values[4 * key], values[4 * key + 1], values[4 * key + 2]);
    }
  }
  std::vector<Eigen::Affine3d> global(m.nodes.size(), Eigen::Affine3d::Identity());
  std::function<void(int, const Eigen::Affine3d&)> walk = [&](int node, const Eigen::Affine3d& above) {
    global[node] = above * local[node].matrix();
    for (int c : m.nodes[node].children) walk(c, global[node]);
  };
  for (int root : m.scenes[0].nodes) walk(root, Eigen::Affine3d::Identity());
  return global;
}
