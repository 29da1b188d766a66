#include "fatgraph/core/io/gltf_import.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include <Eigen/Geometry>
#include <tiny_gltf.h>

#include "fatgraph/core/model/error.h"
#include "gltf_mesh.h"
#include "gltf_skin.h"
#include "gltf_tracks.h"
#include "scene_rig.h"

namespace fatgraph {
namespace {

using gltf::GltfProblem;
using gltf::KeyTrack;
using gltf::SkinPlan;
using gltf::nodeName;

// The keyed tracks of one animation on the skin's joints (other nodes, scale and morph
// weights are not motion a skeleton carries; what would change the pose is noted).
struct AnimationTracks {
  std::vector<std::optional<KeyTrack>> translation, rotation;  // per joint
  double endTime = 0.0;
  bool drivesSkin = false;
  std::vector<std::string> scaledJoints;  // joints whose keyed scale strays from 1
  std::set<std::string> foldedKeyed;      // nodes above joints that the animation keys
};

// Scale keys cannot be kept (a skeleton has no scale); they are only worth a note when they
// would change the pose, beyond exporters' float noise around 1.
bool scaleMatters(const tinygltf::Model& model, const tinygltf::Animation& anim,
                  const tinygltf::AnimationChannel& ch, const std::string& where) {
  const KeyTrack track = gltf::readTrack(model, anim.samplers[ch.sampler], 3, where);
  return gltf::largestKeyDeviation(track, Vec3::Ones()) > 1e-3;
}

AnimationTracks readAnimation(const tinygltf::Model& model, const tinygltf::Animation& anim,
                              const std::string& label, const SkinPlan& plan) {
  AnimationTracks out;
  const size_t joints = plan.frames.size();
  out.translation.resize(joints);
  out.rotation.resize(joints);
  for (size_t c = 0; c < anim.channels.size(); ++c) {
    const tinygltf::AnimationChannel& ch = anim.channels[c];
    const auto joint = plan.jointOfNode.find(ch.target_node);
    const bool translation = ch.target_path == "translation";
    const bool scale = ch.target_path == "scale";
    if (plan.foldedNodes.count(ch.target_node)) out.foldedKeyed.insert(nodeName(model, ch.target_node));
    if (joint == plan.jointOfNode.end() || (!translation && !scale && ch.target_path != "rotation")) continue;
    if (ch.sampler < 0 || ch.sampler >= static_cast<int>(anim.samplers.size())) {
      throw GltfProblem(label + ", channel " + std::to_string(c) + " names sampler " + std::to_string(ch.sampler) + ", which does not exist");
    }
    const std::string where = label + ", sampler " + std::to_string(ch.sampler);
    if (scale) {
      if (scaleMatters(model, anim, ch, where)) out.scaledJoints.push_back(plan.skeleton.names[joint->second]);
      continue;
    }
    KeyTrack track = gltf::readTrack(model, anim.samplers[ch.sampler], translation ? 3 : 4, where);
    out.endTime = std::max(out.endTime, track.endTime());
    (translation ? out.translation : out.rotation)[joint->second] = std::move(track);
    out.drivesSkin = true;
  }
  return out;
}

Clip sampleClip(const SkinPlan& plan, const AnimationTracks& tracks, const std::string& label,
                const GltfImportOptions& options) {
  // Key times are floats: the last one may fall short of its frame's time by float rounding
  // (2.1 s is 2.0999999 s), relative to the time, so the tolerance is too.
  const double frames = std::floor(tracks.endTime * options.fps * (1 + 1e-6) + 1e-6) + 1;
  if (frames > static_cast<double>(options.maxFrames)) {
    throw GltfProblem(label + " lasts " + std::to_string(tracks.endTime) + " s, more than the limit of " + std::to_string(options.maxFrames) + " frames");
  }
  Clip clip;
  clip.fps = options.fps;
  clip.sourceFps = options.fps;  // the frames reported are those sampled here
  const int joints = static_cast<int>(plan.frames.size());
  clip.jointCount = joints;
  for (int f = 0; f < static_cast<int>(frames); ++f) {
    const double t = f / options.fps;
    for (int j = 0; j < joints; ++j) {
      const Vec3 tn = tracks.translation[j] ? gltf::sampleTranslation(*tracks.translation[j], t) : plan.rest[j].t;
      const Quat rn = tracks.rotation[j] ? gltf::sampleRotation(*tracks.rotation[j], t) : plan.rest[j].r;
      clip.translations.push_back(plan.frames[j].translation(tn));
      clip.rotations.push_back(plan.frames[j].rotation(rn));
    }
  }
  return clip;
}

std::string animationLabel(const tinygltf::Animation& anim, size_t index) {
  return anim.name.empty() ? "animation " + std::to_string(index) : anim.name;
}

// Names of the nodes above the skin's top joints (the armature and its parents).
std::set<std::string> armatureNames(const tinygltf::Model& model, const SkinPlan& plan) {
  const std::vector<int>& parent = plan.nodeParent;
  std::set<std::string> names;
  for (int j = 0; j < plan.skeleton.jointCount(); ++j) {
    if (plan.skeleton.parents[j] >= 0) continue;
    for (int p = parent[plan.frames[j].node]; p != -1; p = parent[p]) names.insert(model.nodes[p].name);
  }
  return names;
}

GltfImport buildImport(const tinygltf::Model& model, const std::string& fileName,
                       const GltfImportOptions& options) {
  if (model.animations.empty() && options.requireAnimation) throw GltfProblem("has no animation, so no clip to import");
  GltfImport out;
  out.skin = gltf::chooseSkin(model);
  SkinPlan plan = gltf::planSkin(model, out.skin, options.maxJoints);
  const std::string stem = std::filesystem::path(fileName).stem().string();
  const std::set<std::string> armatures = armatureNames(model, plan);
  for (size_t a = 0; a < model.animations.size(); ++a) {
    const std::string name = animationLabel(model.animations[a], a);
    const std::string label = "animation '" + name + "'";
    const AnimationTracks tracks = readAnimation(model, model.animations[a], label, plan);
    if (!tracks.drivesSkin) {
      out.notes.push_back(fileName + ": " + label + " keys no joint of skin " + std::to_string(out.skin) + ", skipped");
      continue;
    }
    for (const std::string& node : tracks.foldedKeyed) {
      out.notes.push_back(fileName + ": " + label + " keys node '" + node +
                          "' above the skin's joints, kept at its rest transform");
    }
    for (const std::string& joint : tracks.scaledJoints) {
      out.notes.push_back(fileName + ": " + label + " scales joint '" + joint +
                          "', not kept (a skeleton has no scale)");
    }
    for (size_t j = 0; j < tracks.translation.size(); ++j) {
      if (tracks.translation[j]) plan.skeleton.animatedTranslation[j] = true;
    }
    Clip clip = sampleClip(plan, tracks, label, options);
    clip.name = stem + ":" + scene::clipPart(name, armatures);
    clip.source = fileName;
    out.clips.push_back(std::move(clip));
    out.animationNames.push_back(name);
  }
  if (out.clips.empty() && options.requireAnimation) throw GltfProblem("has no animation of skin " + std::to_string(out.skin) + "'s joints");
  AnimationTracks still;  // no keys: every joint at its node's rest transform
  still.translation.resize(plan.frames.size());
  still.rotation.resize(plan.frames.size());
  out.restPose = sampleClip(plan, still, "the rest pose", options);
  out.restPose.name = stem + ":rest";
  out.restPose.source = fileName;
  if (options.readMeshes) {
    gltf::MeshImport meshes = gltf::readCharacterMesh(model, plan, options.maxVertices);
    out.mesh = std::move(meshes.mesh);
    for (const std::string& note : meshes.notes) out.notes.push_back(fileName + ": " + note);
  }
  out.skeleton = std::move(plan.skeleton);
  return out;
}

}  // namespace

GltfImport parseGltf(const std::string& bytes, const std::string& fileName,
                     const GltfImportOptions& options) {
  return scene::parseScene(fileName, options,
                           [&] { return buildImport(gltf::loadModel(bytes, fileName), fileName, options); });
}

GltfImport importGltf(const std::string& path, const GltfImportOptions& options) {
  return parseGltf(scene::readWholeFile(path, "a glTF file"), path, options);
}

GltfImport importGltfCharacter(const std::string& path, GltfImportOptions options) {
  options.readMeshes = true;
  options.requireAnimation = false;
  return importGltf(path, options);
}

bool isGltfPath(const std::string& path) { return scene::hasExtension(path, {".gltf", ".glb"}); }

}  // namespace fatgraph
