#include "fatgraph/core/io/fbx_import.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>

#include <Eigen/Geometry>
#include <assimp/Importer.hpp>
#include <assimp/config.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include "fatgraph/core/model/error.h"
#include "fbx_mesh.h"
#include "fbx_tracks.h"
#include "scene_rig.h"

namespace fatgraph::fbx {

/// An internal check of Assimp's that failed while it read a file (see below).
struct AssimpCheckFailed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What the last failed check said, for the message (Assimp reports only its own text).
thread_local std::string lastFailedCheck;

}  // namespace fatgraph::fbx

// Debian builds Assimp with its internal assertions on, and some guard what a malformed file
// can hold (a skin cluster naming a vertex its mesh lacks ends in abort()). The library calls
// its violation handler through its symbol table, so this definition takes its place and
// throws instead: Assimp's reader catches the exception and fails the read, and the file is
// refused with one line like any unreadable file.
namespace Assimp {
void aiAssertViolation(const char* failedExpression, const char* file, int line) {
  const std::string where = std::filesystem::path(file ? file : "").filename().string() + ":" + std::to_string(line);
  fatgraph::fbx::lastFailedCheck = std::string(failedExpression ? failedExpression : "?") + " at " + where;
  throw fatgraph::fbx::AssimpCheckFailed(fatgraph::fbx::lastFailedCheck);
}
}  // namespace Assimp

namespace fatgraph {
namespace {

using scene::SceneProblem;

std::string firstLine(std::string s) {
  s = s.substr(0, s.find('\n'));
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  return s.empty() ? std::string("unreadable FBX") : s;
}

// Binary FBX opens with its magic; ASCII FBX has its header block at the top. Anything else is
// refused before Assimp sees it, so no other format's reader takes the bytes for its own.
bool looksLikeFbx(const std::string& bytes) {
  if (bytes.compare(0, 18, "Kaydara FBX Binary") == 0) return true;
  const std::string head = bytes.substr(0, 4096);
  return head.find('\0') == std::string::npos && head.find("FBXHeaderExtension") != std::string::npos;
}

// What a failed check of Assimp's says of the file, where it is known.
std::string failedCheckText(const std::string& check) {
  if (check.starts_with("out_idx != nullptr at FBXConverter.cpp")) {
    return "a skin cluster weights a vertex its mesh does not have (Assimp's check " + check + ")";
  }
  return "Assimp's internal check " + check + " failed";
}

// The scene as Assimp reads it (owned by `importer`), validated by Assimp's own checks, with
// pivots and pre/post rotations folded into the nodes so no "$AssimpFbx$" helper node appears.
// A character's meshes come triangulated, corners that agree in every attribute joined into one
// vertex, with their materials.
const aiScene& readScene(Assimp::Importer& importer, const std::string& bytes, bool meshes) {
  if (!looksLikeFbx(bytes)) {
    throw SceneProblem("not an FBX file (neither the binary 'Kaydara FBX Binary' header nor FBX text)");
  }
  importer.SetPropertyBool(AI_CONFIG_IMPORT_FBX_PRESERVE_PIVOTS, false);
  importer.SetPropertyBool(AI_CONFIG_IMPORT_FBX_READ_MATERIALS, meshes);
  importer.SetPropertyBool(AI_CONFIG_IMPORT_FBX_READ_TEXTURES, false);
  importer.SetPropertyBool(AI_CONFIG_IMPORT_FBX_READ_CAMERAS, false);
  importer.SetPropertyBool(AI_CONFIG_IMPORT_FBX_READ_LIGHTS, false);
  const unsigned steps = aiProcess_ValidateDataStructure | (meshes ? unsigned{aiProcess_Triangulate | aiProcess_JoinIdenticalVertices} : 0u);
  fbx::lastFailedCheck.clear();
  const aiScene* scene = nullptr;
  try {
    scene = importer.ReadFileFromMemory(bytes.data(), bytes.size(), steps, "fbx");
  } catch (const fbx::AssimpCheckFailed&) {
    scene = nullptr;  // a check outside the reader's own catch (a post-processing step)
  }
  if (scene == nullptr && !fbx::lastFailedCheck.empty()) {
    throw SceneProblem("not readable as FBX: " + failedCheckText(fbx::lastFailedCheck));
  }
  if (scene == nullptr) throw SceneProblem("not readable as FBX: " + firstLine(importer.GetErrorString()));
  // Assimp's FBX reader always records the global settings; without them another reader ran.
  if (scene->mRootNode == nullptr || scene->mMetaData == nullptr) {
    throw SceneProblem("not readable as FBX: no node hierarchy or global settings");
  }
  return *scene;
}

// --- the file's frame ----------------------------------------------------------------------

std::optional<double> metaNumber(const aiMetadata& md, const std::string& key) {
  for (unsigned i = 0; i < md.mNumProperties; ++i) {
    if (key != md.mKeys[i].C_Str() || md.mValues[i].mData == nullptr) continue;
    const void* d = md.mValues[i].mData;
    switch (md.mValues[i].mType) {
      case AI_BOOL: return *static_cast<const bool*>(d) ? 1.0 : 0.0;
      case AI_INT32: return *static_cast<const int32_t*>(d);
      case AI_UINT64: return static_cast<double>(*static_cast<const uint64_t*>(d));
      case AI_FLOAT: return *static_cast<const float*>(d);
      case AI_DOUBLE: return *static_cast<const double*>(d);
      default: return std::nullopt;
    }
  }
  return std::nullopt;
}

std::string axisText(int axis, int sign) { return std::string(sign > 0 ? "+" : "-") + "XYZ"[axis]; }

std::string numberText(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

// The file's declared frame: where its across, up and front axes go in the project's frame
// (X, Y, Z) and how many metres a unit is.
struct FileFrame {
  Eigen::Matrix3d turn = Eigen::Matrix3d::Identity();  // file world -> project world
  double unitCm = 1.0;                                 // UnitScaleFactor
  int up = 1, front = 2, coord = 0;
  int upSign = 1, frontSign = 1, coordSign = 1;
  double metres() const { return unitCm * 0.01; }
  bool turned() const { return !turn.isIdentity(); }
};

FileFrame readFrame(const aiMetadata& md) {
  const auto axis = [&](const char* key, int fallback) {
    const double v = metaNumber(md, key).value_or(fallback);
    if (v != 0 && v != 1 && v != 2) throw SceneProblem(std::string("has ") + key + " " + numberText(v) + ", expected 0, 1 or 2");
    return static_cast<int>(v);
  };
  const auto sign = [&](const char* key) {
    const double v = metaNumber(md, key).value_or(1);
    if (v != 1 && v != -1) throw SceneProblem(std::string("has ") + key + " " + numberText(v) + ", expected 1 or -1");
    return static_cast<int>(v);
  };
  FileFrame f;
  f.up = axis("UpAxis", 1), f.front = axis("FrontAxis", 2), f.coord = axis("CoordAxis", 0);
  f.upSign = sign("UpAxisSign"), f.frontSign = sign("FrontAxisSign"), f.coordSign = sign("CoordAxisSign");
  const std::string axes = " (CoordAxis " + axisText(f.coord, f.coordSign) + ", UpAxis " +
                           axisText(f.up, f.upSign) + ", FrontAxis " + axisText(f.front, f.frontSign) + ")";
  if (f.up == f.front || f.up == f.coord || f.front == f.coord) {
    throw SceneProblem("declares an axis system without three different axes" + axes);
  }
  f.turn.setZero();
  f.turn(0, f.coord) = f.coordSign;
  f.turn(1, f.up) = f.upSign;
  f.turn(2, f.front) = f.frontSign;
  if (f.turn.determinant() < 0) {
    throw SceneProblem("declares a mirrored (left-handed) axis system" + axes + ", which is not supported");
  }
  f.unitCm = metaNumber(md, "UnitScaleFactor").value_or(1.0);
  if (!(f.unitCm >= 1e-6 && f.unitCm <= 1e6)) {
    throw SceneProblem("has UnitScaleFactor " + numberText(f.unitCm) + ", expected centimetres per unit in [1e-6, 1e6]");
  }
  return f;
}

// --- the skeleton --------------------------------------------------------------------------

struct Trs {
  Vec3 t = Vec3::Zero();
  Quat r = Quat::Identity();
  Vec3 s = Vec3::Ones();
};

std::string nodeName(const aiNode& node) {
  return node.mName.length > 0 ? std::string(node.mName.C_Str()) : std::string("(unnamed node)");
}

Trs decompose(const aiNode& node) {
  const aiMatrix4x4& m = node.mTransformation;
  Eigen::Matrix3d rs;
  rs << m.a1, m.a2, m.a3, m.b1, m.b2, m.b3, m.c1, m.c2, m.c3;
  Trs out;
  out.t = Vec3(m.a4, m.b4, m.c4);
  if (!rs.allFinite() || !out.t.allFinite()) throw SceneProblem("node '" + nodeName(node) + "' has a non-finite transform");
  // A mirror has no rotation to split off, nor has a shear.
  if (!(rs.determinant() > 0)) throw SceneProblem("node '" + nodeName(node) + "' has a mirroring or degenerate transform");
  for (int c = 0; c < 3; ++c) out.s[c] = rs.col(c).norm();
  const Eigen::Matrix3d r = rs * out.s.cwiseInverse().asDiagonal();
  if ((r.transpose() * r - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff() > 1e-3) {
    throw SceneProblem("node '" + nodeName(node) + "' has a sheared transform");
  }
  out.r = Quat(r).normalized();
  return out;
}

// The nodes that are bones of a mesh, or for a file without meshes the animated ones.
std::vector<const aiNode*> markedNodes(const aiScene& scene) {
  std::map<std::string, std::string> names;  // node name -> the mesh it is a bone of ("" animated)
  for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
    const aiMesh& mesh = *scene.mMeshes[m];
    for (unsigned b = 0; b < mesh.mNumBones; ++b) {
      names.emplace(mesh.mBones[b]->mName.C_Str(), mesh.mName.C_Str());
    }
  }
  const bool bones = !names.empty();
  if (!bones && scene.mNumMeshes > 0) throw SceneProblem("has no skeleton: its meshes have no bones");
  for (unsigned a = 0; !bones && a < scene.mNumAnimations; ++a) {
    for (unsigned c = 0; c < scene.mAnimations[a]->mNumChannels; ++c) names.emplace(scene.mAnimations[a]->mChannels[c]->mNodeName.C_Str(), "");
  }
  std::vector<const aiNode*> out;
  for (const auto& [name, mesh] : names) {
    const aiNode* node = scene.mRootNode->FindNode(name.c_str());
    if (node == nullptr && bones) throw SceneProblem("mesh '" + mesh + "' has bone '" + name + "', which has no node in the hierarchy");
    if (node == nullptr) throw SceneProblem("animated node '" + name + "' has no node in the hierarchy");
    out.push_back(node);
  }
  if (out.empty()) throw SceneProblem("has no skeleton (no bones and no animated nodes)");
  return out;
}

std::vector<const aiNode*> pathFromTop(const aiNode* node) {
  std::vector<const aiNode*> path;
  for (; node != nullptr; node = node->mParent) path.push_back(node);
  std::reverse(path.begin(), path.end());
  return path;
}

// The marked nodes, every node between them and their deepest common ancestor, and it.
std::set<const aiNode*> jointNodes(const std::vector<const aiNode*>& marked, const aiNode*& top) {
  std::vector<const aiNode*> common = pathFromTop(marked.front());
  for (const aiNode* n : marked) {
    const std::vector<const aiNode*> p = pathFromTop(n);
    size_t k = 0;
    while (k < common.size() && k < p.size() && common[k] == p[k]) ++k;
    common.resize(k);
  }
  if (common.empty()) throw SceneProblem("its skeleton's nodes share no root");
  top = common.back();
  std::set<const aiNode*> joints{top};
  for (const aiNode* n : marked) {
    for (; n != top; n = n->mParent) joints.insert(n);
  }
  return joints;
}

struct SkeletonPlan {
  Skeleton skeleton;
  std::vector<const aiNode*> nodes;          // per joint
  std::vector<Trs> rest;                      // per joint
  std::vector<scene::JointFrame> frames;      // per joint
  std::map<std::string, int> jointOfName;     // node name -> joint (the first of a name)
  std::set<std::string> above;                // names of the nodes above the root joint
};

// The root joint's frame: the file's turn and unit, then the static nodes above it.
scene::JointFrame rootFrame(const FileFrame& file, const aiNode& top, std::set<std::string>& above) {
  scene::JointFrame f;
  f.prefixR = Quat(file.turn).normalized();
  f.prefixS = file.metres();
  std::vector<const aiNode*> chain = pathFromTop(top.mParent);
  for (const aiNode* n : chain) {
    const Trs trs = decompose(*n);
    f.fold(trs.t, trs.r, scene::uniformScale(trs.s, "node '" + nodeName(*n) + "' above the skeleton"));
    above.insert(n->mName.C_Str());
  }
  return f;
}

SkeletonPlan planSkeleton(const aiScene& scene, const FileFrame& file, const SceneImportOptions& options) {
  const aiNode* top = nullptr;
  const std::set<const aiNode*> joints = jointNodes(markedNodes(scene), top);
  if (static_cast<int>(joints.size()) > options.maxJoints) {
    throw SceneProblem("skeleton has " + std::to_string(joints.size()) + " joints, more than the limit of " + std::to_string(options.maxJoints));
  }
  SkeletonPlan plan;
  // Depth first from the top in the file's child order: parents before children.
  std::vector<std::pair<const aiNode*, int>> stack{{top, -1}};
  while (!stack.empty()) {
    const auto [node, parent] = stack.back();
    stack.pop_back();
    scene::JointFrame f = parent < 0 ? rootFrame(file, *node, plan.above) : scene::JointFrame{};
    f.parentScale = parent >= 0 ? plan.frames[parent].ownScale : 1.0;
    const Trs rest = decompose(*node);
    f.ownScale = f.parentScale * f.prefixS * scene::uniformScale(rest.s, "joint '" + nodeName(*node) + "'");
    std::string name = nodeName(*node);
    if (plan.skeleton.find(name) >= 0) name += " (" + std::to_string(plan.skeleton.jointCount()) + ")";
    const int joint = plan.skeleton.addJoint(name, parent, f.translation(rest.t), false);
    plan.jointOfName.emplace(node->mName.C_Str(), joint);
    plan.nodes.push_back(node);
    plan.rest.push_back(rest);
    plan.frames.push_back(f);
    for (unsigned c = node->mNumChildren; c-- > 0;) {
      if (joints.count(node->mChildren[c])) stack.push_back({node->mChildren[c], joint});
    }
  }
  return plan;
}

// --- the clips -----------------------------------------------------------------------------

struct StackTracks {
  std::vector<std::optional<fbx::ChannelTracks>> joints;  // per joint
  double start = 0.0, end = 0.0;                          // seconds
  std::vector<std::string> scaledJoints;                  // keyed scale strays from the rest
  std::vector<std::string> keyedAbove;                    // keyed nodes folded above the root
};

StackTracks readStack(const aiAnimation& anim, const std::string& label, const SkeletonPlan& plan) {
  if (!(anim.mTicksPerSecond > 0) || !std::isfinite(anim.mTicksPerSecond)) {
    throw SceneProblem(label + " has no valid tick rate (" + numberText(anim.mTicksPerSecond) + " ticks per second)");
  }
  StackTracks out;
  out.joints.resize(plan.nodes.size());
  out.start = std::numeric_limits<double>::infinity();
  out.end = -std::numeric_limits<double>::infinity();
  for (unsigned c = 0; c < anim.mNumChannels; ++c) {
    const aiNodeAnim& ch = *anim.mChannels[c];
    const std::string node = ch.mNodeName.C_Str();
    if (plan.above.count(node)) out.keyedAbove.push_back(node);
    const auto joint = plan.jointOfName.find(node);
    if (joint == plan.jointOfName.end()) continue;
    fbx::ChannelTracks tracks = fbx::readChannel(ch, anim.mTicksPerSecond, label + ", node '" + node + "'");
    if (!tracks.translation && !tracks.rotation && !tracks.scale) continue;
    out.start = std::min(out.start, tracks.firstTime());
    out.end = std::max(out.end, tracks.lastTime());
    const double restScale = plan.rest[joint->second].s.mean();
    if (tracks.scale && fbx::largestScaleDeviation(*tracks.scale, restScale) > 1e-3) {
      out.scaledJoints.push_back(plan.skeleton.names[joint->second]);
    }
    out.joints[joint->second] = std::move(tracks);
  }
  return out;
}

Clip sampleClip(const SkeletonPlan& plan, const StackTracks& tracks, const std::string& label,
                const SceneImportOptions& options) {
  const double frames = std::floor((tracks.end - tracks.start) * options.fps + 1e-6) + 1;
  if (!(frames <= static_cast<double>(options.maxFrames))) {
    throw SceneProblem(label + " lasts " + numberText(tracks.end - tracks.start) + " s, more than the limit of " +
                       std::to_string(options.maxFrames) + " frames");
  }
  Clip clip;
  clip.fps = options.fps;
  clip.sourceFps = options.fps;  // the frames reported are those sampled here
  const int joints = static_cast<int>(plan.nodes.size());
  clip.jointCount = joints;
  clip.translations.reserve(static_cast<size_t>(frames) * joints);
  clip.rotations.reserve(static_cast<size_t>(frames) * joints);
  for (int f = 0; f < static_cast<int>(frames); ++f) {
    const double t = tracks.start + f / options.fps;
    for (int j = 0; j < joints; ++j) {
      const std::optional<fbx::ChannelTracks>& ch = tracks.joints[j];
      const Vec3 tn = ch && ch->translation ? fbx::sampleVector(*ch->translation, t) : plan.rest[j].t;
      const Quat rn = ch && ch->rotation ? fbx::sampleRotation(*ch->rotation, t) : plan.rest[j].r;
      clip.translations.push_back(plan.frames[j].translation(tn));
      clip.rotations.push_back(plan.frames[j].rotation(rn));
    }
  }
  return clip;
}

// No keys: every joint at its node's own transform, one frame.
StackTracks restTracks(const SkeletonPlan& plan) {
  StackTracks still;
  still.joints.resize(plan.nodes.size());
  return still;
}

// The skeleton as the mesh reader sees it: each joint's rest model transform and scale, and
// the file's frame.
fbx::MeshSkeleton meshSkeleton(const SkeletonPlan& plan, const FileFrame& file) {
  fbx::MeshSkeleton m;
  m.names = plan.skeleton.names;
  m.nodes = plan.nodes;
  for (size_t j = 0; j < plan.nodes.size(); ++j) {
    const Eigen::Affine3d local = Eigen::Translation3d(plan.frames[j].translation(plan.rest[j].t)) *
                                  plan.frames[j].rotation(plan.rest[j].r);
    const int p = plan.skeleton.parents[j];
    m.rest.push_back(p >= 0 ? m.rest[p] * local : local);
    m.scale.push_back(plan.frames[j].ownScale);
  }
  m.fileToModel.linear() = file.metres() * file.turn;
  return m;
}

// How the file's frame was converted, when it was: one note each for the unit and the axes.
void frameNotes(const FileFrame& file, const std::string& fileName, std::vector<std::string>& notes) {
  if (std::abs(file.unitCm - 100.0) > 1e-9) {
    notes.push_back(fileName + ": units of " + numberText(file.unitCm) + " cm (UnitScaleFactor), scaled to metres");
  }
  if (file.turned()) {
    notes.push_back(fileName + ": axes " + axisText(file.coord, file.coordSign) + " across, " +
                    axisText(file.up, file.upSign) + " up, " + axisText(file.front, file.frontSign) +
                    " front, turned to the project's +X, +Y, +Z");
  }
}

FbxImport buildImport(const aiScene& scene, const std::string& fileName, const SceneImportOptions& options) {
  if (scene.mNumAnimations == 0 && options.requireAnimation) throw SceneProblem("has no animation stack, so no clip to import");
  const FileFrame file = readFrame(*scene.mMetaData);
  FbxImport out;
  out.unitScale = file.metres();
  out.upAxis = axisText(file.up, file.upSign);
  out.frontAxis = axisText(file.front, file.frontSign);
  out.coordAxis = axisText(file.coord, file.coordSign);
  frameNotes(file, fileName, out.notes);
  SkeletonPlan plan = planSkeleton(scene, file, options);
  const std::string stem = std::filesystem::path(fileName).stem().string();
  for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
    const aiAnimation& anim = *scene.mAnimations[a];
    const std::string name = anim.mName.length > 0 ? std::string(anim.mName.C_Str()) : "animation " + std::to_string(a);
    const std::string label = "animation '" + name + "'";
    const StackTracks tracks = readStack(anim, label, plan);
    if (!(tracks.end >= tracks.start)) {
      out.notes.push_back(fileName + ": " + label + " keys no joint of the skeleton, skipped");
      continue;
    }
    for (const std::string& node : tracks.keyedAbove) {
      out.notes.push_back(fileName + ": " + label + " keys node '" + node + "' above the skeleton, kept at its rest transform");
    }
    for (const std::string& joint : tracks.scaledJoints) {
      out.notes.push_back(fileName + ": " + label + " scales joint '" + joint + "', not kept (a skeleton has no scale)");
    }
    for (size_t j = 0; j < tracks.joints.size(); ++j) {
      if (tracks.joints[j] && tracks.joints[j]->translation) plan.skeleton.animatedTranslation[j] = true;
    }
    Clip clip = sampleClip(plan, tracks, label, options);
    clip.name = stem + ":" + scene::clipPart(name, plan.above);
    clip.source = fileName;
    out.clips.push_back(std::move(clip));
    out.animationNames.push_back(name);
  }
  if (out.clips.empty() && options.requireAnimation) throw SceneProblem("has no animation of the skeleton's joints");
  out.restPose = sampleClip(plan, restTracks(plan), "the rest pose", options);
  out.restPose.name = stem + ":rest";
  out.restPose.source = fileName;
  if (options.readMeshes) {
    scene::MeshImport meshes = fbx::readCharacterMesh(scene, meshSkeleton(plan, file), options.maxVertices);
    out.mesh = std::move(meshes.mesh);
    for (const std::string& note : meshes.notes) out.notes.push_back(fileName + ": " + note);
  }
  out.skeleton = std::move(plan.skeleton);
  return out;
}

}  // namespace

FbxImport parseFbx(const std::string& bytes, const std::string& fileName, const SceneImportOptions& options) {
  return scene::parseScene(fileName, options, [&] {
    Assimp::Importer importer;  // owns the scene while the import is built from it
    return buildImport(readScene(importer, bytes, options.readMeshes), fileName, options);
  });
}

FbxImport importFbx(const std::string& path, const SceneImportOptions& options) {
  return parseFbx(scene::readWholeFile(path, "an FBX file"), path, options);
}

bool isFbxPath(const std::string& path) { return scene::hasExtension(path, {".fbx"}); }

}  // namespace fatgraph
