// Writes FBX fixtures from a glTF character with Assimp's own FBX exporter (ASCII FBX 7.4), so
// the library that reads them in fbx_import.cpp also wrote them:
//   write_fbx_fixtures IN.glb OUT.fbx VARIANT [--animations A,B | --no-animations] [--strip-mesh]
//                      [--no-bones]
// VARIANT says which frame the file is written in, declared in its GlobalSettings as a real
// exporter would:
//   ym  metres, Y up, front +Z (UnitScaleFactor 100: FBX counts in centimetres)
//   zup metres, Z up, front -Y (3ds Max's axes): the nodes under the scene root turned
//   cm  centimetres, Y up: every length (node, key, vertex, bind matrix) times 100
// The exporter's Euler rotation curves are made continuous (unwrapEulerCurves) and its
// clusters given the meshes' bind pose (writeBindPose).
// --animations keeps only the animations whose name ends in one of A, B (Blender's
// "<armature>|Walking" ends in "Walking"); --strip-mesh cuts every mesh to one triangle whose
// vertices still carry each bone (the file keeps its whole skeleton at a third of the size);
// --no-animations and --no-bones make the broken files of the importer's tests.
// data/characters/knight.fbx and tests/fixtures/fbx/ were made with it (data/README.md).
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

constexpr long long kFbxSecond = 46186158000LL;  // FBX time units per second

std::vector<std::string> splitList(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, ',');) {
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

bool endsWith(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// Assimp's FBX exporter writes key times as seconds whatever mTicksPerSecond says, so the
// animations are rewritten in seconds first.
void keepAnimations(aiScene& scene, const std::vector<std::string>& wanted, bool none) {
  std::vector<aiAnimation*> kept;
  for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
    aiAnimation* anim = scene.mAnimations[a];
    const std::string name = anim->mName.C_Str();
    const bool keep = !none && (wanted.empty() || std::any_of(wanted.begin(), wanted.end(), [&](const std::string& w) { return endsWith(name, w); }));
    if (!keep) { delete anim; continue; }
    const double toSeconds = anim->mTicksPerSecond > 0 ? 1.0 / anim->mTicksPerSecond : 1.0;
    for (unsigned c = 0; c < anim->mNumChannels; ++c) {
      aiNodeAnim* ch = anim->mChannels[c];
      for (unsigned k = 0; k < ch->mNumPositionKeys; ++k) ch->mPositionKeys[k].mTime *= toSeconds;
      for (unsigned k = 0; k < ch->mNumRotationKeys; ++k) ch->mRotationKeys[k].mTime *= toSeconds;
      for (unsigned k = 0; k < ch->mNumScalingKeys; ++k) ch->mScalingKeys[k].mTime *= toSeconds;
    }
    anim->mDuration *= toSeconds;
    anim->mTicksPerSecond = 1.0;
    kept.push_back(anim);
  }
  std::copy(kept.begin(), kept.end(), scene.mAnimations);
  scene.mNumAnimations = static_cast<unsigned>(kept.size());
}

// One triangle per mesh; each bone keeps one weight on one of its three vertices.
void stripMeshes(aiScene& scene) {
  for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
    aiMesh* mesh = scene.mMeshes[m];
    if (mesh->mNumVertices < 3) continue;
    mesh->mNumVertices = 3;  // the arrays keep their length; only three are read and written
    for (unsigned c = 0; c < AI_MAX_NUMBER_OF_TEXTURECOORDS; ++c) {
      delete[] mesh->mTextureCoords[c];
      mesh->mTextureCoords[c] = nullptr;
    }
    for (unsigned c = 0; c < AI_MAX_NUMBER_OF_COLOR_SETS; ++c) {
      delete[] mesh->mColors[c];
      mesh->mColors[c] = nullptr;
    }
    delete[] mesh->mTangents; mesh->mTangents = nullptr;
    delete[] mesh->mBitangents; mesh->mBitangents = nullptr;
    for (unsigned f = 1; f < mesh->mNumFaces; ++f) delete[] mesh->mFaces[f].mIndices, mesh->mFaces[f].mIndices = nullptr;
    mesh->mNumFaces = 1;
    mesh->mFaces[0].mNumIndices = 3;
    for (unsigned i = 0; i < 3; ++i) mesh->mFaces[0].mIndices[i] = i;
    for (unsigned b = 0; b < mesh->mNumBones; ++b) {
      aiBone* bone = mesh->mBones[b];
      bone->mNumWeights = 1;
      bone->mWeights[0] = aiVertexWeight(b % 3, 1.0f);
    }
  }
}

// Meshes without bones: a rigid model, no skeleton.
void dropBones(aiScene& scene) {
  for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
    aiMesh* mesh = scene.mMeshes[m];
    for (unsigned b = 0; b < mesh->mNumBones; ++b) delete mesh->mBones[b];
    delete[] mesh->mBones;
    mesh->mBones = nullptr;
    mesh->mNumBones = 0;
  }
}

// Every length times k: node and key translations, vertices, the bind matrices' translations.
void scaleLengths(aiScene& scene, double k) {
  const float s = static_cast<float>(k);
  std::vector<aiNode*> stack{scene.mRootNode};
  while (!stack.empty()) {
    aiNode* n = stack.back();
    stack.pop_back();
    n->mTransformation.a4 *= s; n->mTransformation.b4 *= s; n->mTransformation.c4 *= s;
    for (unsigned c = 0; c < n->mNumChildren; ++c) stack.push_back(n->mChildren[c]);
  }
  for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
    for (unsigned c = 0; c < scene.mAnimations[a]->mNumChannels; ++c) {
      aiNodeAnim* ch = scene.mAnimations[a]->mChannels[c];
      for (unsigned i = 0; i < ch->mNumPositionKeys; ++i) ch->mPositionKeys[i].mValue *= s;
    }
  }
  for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
    aiMesh* mesh = scene.mMeshes[m];
    for (unsigned v = 0; v < mesh->mNumVertices; ++v) mesh->mVertices[v] *= s;
    for (unsigned b = 0; b < mesh->mNumBones; ++b) {
      aiMatrix4x4& o = mesh->mBones[b]->mOffsetMatrix;
      o.a4 *= s; o.b4 *= s; o.c4 *= s;
    }
  }
}

// The world turned from Y up to Z up, (x, y, z) -> (x, -z, y): the nodes under the root carry
// the turn, as a Z-up exporter puts it on the armature, and so do their keys.
void turnToZUp(aiScene& scene) {
  aiMatrix4x4 turn;
  aiMatrix4x4::RotationX(static_cast<float>(M_PI / 2), turn);
  const aiQuaternion q(aiVector3D(1, 0, 0), static_cast<float>(M_PI / 2));
  for (unsigned c = 0; c < scene.mRootNode->mNumChildren; ++c) {
    aiNode* top = scene.mRootNode->mChildren[c];
    top->mTransformation = turn * top->mTransformation;
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
      for (unsigned k = 0; k < scene.mAnimations[a]->mNumChannels; ++k) {
        aiNodeAnim* ch = scene.mAnimations[a]->mChannels[k];
        if (ch->mNodeName != top->mName) continue;
        for (unsigned i = 0; i < ch->mNumPositionKeys; ++i) ch->mPositionKeys[i].mValue = q.Rotate(ch->mPositionKeys[i].mValue);
        for (unsigned i = 0; i < ch->mNumRotationKeys; ++i) ch->mRotationKeys[i].mValue = q * ch->mRotationKeys[i].mValue;
      }
    }
  }
}

void declareFrame(aiScene& scene, int up, int upSign, int front, int frontSign, double unitCm) {
  delete scene.mMetaData;
  scene.mMetaData = new aiMetadata();
  scene.mMetaData->Add("UpAxis", int32_t(up));
  scene.mMetaData->Add("UpAxisSign", int32_t(upSign));
  scene.mMetaData->Add("FrontAxis", int32_t(front));
  scene.mMetaData->Add("FrontAxisSign", int32_t(frontSign));
  scene.mMetaData->Add("CoordAxis", int32_t(0));
  scene.mMetaData->Add("CoordAxisSign", int32_t(1));
  scene.mMetaData->Add("OriginalUpAxis", int32_t(up));
  scene.mMetaData->Add("OriginalUpAxisSign", int32_t(upSign));
  scene.mMetaData->Add("UnitScaleFactor", unitCm);
  scene.mMetaData->Add("OriginalUnitScaleFactor", unitCm);
}

// The exporter writes every stack as lasting one second; Assimp's reader drops keys past a
// stack's LocalStop, so each stack gets its animation's real length.
std::string fixStackLengths(const std::string& text, const aiScene& scene) {
  std::string out = text;
  size_t at = 0;
  for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
    at = out.find("AnimationStack: ", at);
    if (at == std::string::npos) break;
    const long long stop = std::llround(scene.mAnimations[a]->mDuration * kFbxSecond);
    for (const char* key : {"\"LocalStop\", \"KTime\", \"Time\", \"\", ", "\"ReferenceStop\", \"KTime\", \"Time\", \"\", "}) {
      const size_t p = out.find(key, at);
      if (p == std::string::npos) continue;
      const size_t v = p + std::string(key).size();
      const size_t end = out.find_first_of("\r\n", v);
      out.replace(v, end - v, std::to_string(stop));
    }
    ++at;
  }
  return out;
}

// The ids following `marker` in the text ("AnimationCurveNode: 1000187, ..."), with the rest of
// their line.
std::vector<std::pair<std::string, std::string>> objects(const std::string& text, const std::string& marker) {
  std::vector<std::pair<std::string, std::string>> out;
  for (size_t at = text.find(marker); at != std::string::npos; at = text.find(marker, at + 1)) {
    const size_t id = at + marker.size(), comma = text.find(',', id), end = text.find('\n', id);
    out.push_back({text.substr(id, comma - id), text.substr(comma, end - comma)});
  }
  return out;
}

// FBX interpolates rotation curves in Euler angles, so a key that wraps from 179 to -179
// degrees means a turn the long way round. The exporter converts each key's quaternion on its
// own and leaves such wraps; real exporters keep the angles continuous, and so does this.
std::string unwrapEulerCurves(std::string text) {
  std::set<std::string> rotationNodes, rotationCurves;
  for (const auto& [id, rest] : objects(text, "AnimationCurveNode: ")) {
    if (rest.find("\"AnimCurveNode::R\"") != std::string::npos) rotationNodes.insert(id);
  }
  for (const auto& [curve, rest] : objects(text, "C: \"OP\", ")) {
    const size_t node = rest.find_first_not_of(", ");
    if (rotationNodes.count(rest.substr(node, rest.find(',', node) - node))) rotationCurves.insert(curve);
  }
  for (size_t at = text.find("AnimationCurve: "); at != std::string::npos; at = text.find("AnimationCurve: ", at + 1)) {
    const size_t id = at + 16;
    if (!rotationCurves.count(text.substr(id, text.find(',', id) - id))) continue;
    const size_t values = text.find("a: ", text.find("KeyValueFloat:", at)) + 3;
    const size_t end = text.find_first_of("\r\n", values);
    std::stringstream in(text.substr(values, end - values));
    std::ostringstream out;
    out.precision(9);
    double previous = 0.0;
    bool first = true;
    for (std::string item; std::getline(in, item, ',');) {
      double v = std::stod(item);
      while (!first && v - previous > 180.0) v -= 360.0;
      while (!first && previous - v > 180.0) v += 360.0;
      out << (first ? "" : ",") << v;
      previous = v;
      first = false;
    }
    text.replace(values, end - values, out.str());
  }
  return text;
}

// The world matrix of `node`.
aiMatrix4x4 worldOf(const aiNode* node) {
  aiMatrix4x4 m;
  for (; node != nullptr; node = node->mParent) m = node->mTransformation * m;
  return m;
}

// FBX matrices are written column by column.
std::string fbxMatrix(const aiMatrix4x4& m) {
  std::ostringstream out;
  out.precision(17);
  const float* rows[4] = {m[0], m[1], m[2], m[3]};
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) out << (c || r ? "," : "") << rows[r][c];
  }
  return out.str();
}

// Each bone's bind pose as Blender writes it: its cluster's Transform is the bone's offset (the
// mesh's world into the bone's frame in the bind pose, what Assimp reads back as the offset)
// and TransformLink the bone's world matrix in the bind pose (the mesh's world times the
// inverse offset). Assimp's exporter writes both from the bones' current world matrices, as if
// the skeleton stood in its bind pose, which the knight's rest pose (arms down, mesh bound in a
// T-pose) does not. Every mesh must bind a bone alike (the knight's three share one skin).
std::string writeBindPose(std::string text, const aiScene& scene) {
  std::map<std::string, std::pair<aiMatrix4x4, aiMatrix4x4>> bind;  // bone -> (TransformLink, Transform)
  std::vector<aiNode*> stack{scene.mRootNode};
  while (!stack.empty()) {
    const aiNode* node = stack.back();
    stack.pop_back();
    for (unsigned c = 0; c < node->mNumChildren; ++c) stack.push_back(node->mChildren[c]);
    const aiMatrix4x4 world = worldOf(node);
    for (unsigned k = 0; k < node->mNumMeshes; ++k) {
      const aiMesh& mesh = *scene.mMeshes[node->mMeshes[k]];
      for (unsigned b = 0; b < mesh.mNumBones; ++b) {
        const aiMatrix4x4& offset = mesh.mBones[b]->mOffsetMatrix;
        const aiMatrix4x4 link = world * aiMatrix4x4(offset).Inverse();
        const auto [at, added] = bind.emplace(mesh.mBones[b]->mName.C_Str(), std::make_pair(link, offset));
        if (!added && !at->second.first.Equal(link, 1e-4f)) throw std::runtime_error(at->first + " is bound differently by two meshes");
      }
    }
  }
  std::map<std::string, std::string> modelName;  // id -> name
  for (const auto& [id, rest] : objects(text, "Model: ")) {
    const size_t q = rest.find("Model::");
    if (q != std::string::npos) modelName[id] = rest.substr(q + 7, rest.find('"', q) - q - 7);
  }
  std::map<std::string, std::string> boneOfCluster;  // cluster id -> bone name
  for (const auto& [from, rest] : objects(text, "C: \"OO\", ")) {
    const size_t to = rest.find_first_not_of(", ");
    const std::string target = rest.substr(to, rest.find_first_of(",\r\n", to) - to);
    if (modelName.count(from)) boneOfCluster[target] = modelName[from];
  }
  for (size_t at = text.find("SubDeformer::"); at != std::string::npos; at = text.find("SubDeformer::", at + 1)) {
    const size_t id = text.rfind("Deformer: ", at) + 10;
    const auto bone = boneOfCluster.find(text.substr(id, text.find(',', id) - id));
    if (bone == boneOfCluster.end() || !bind.count(bone->second)) continue;
    const auto& [link, offset] = bind.at(bone->second);
    for (const auto& [key, m] : {std::make_pair(std::string("TransformLink: "), link), std::make_pair(std::string("Transform: "), offset)}) {
      const size_t values = text.find("a: ", text.find(key, at)) + 3;
      text.replace(values, text.find_first_of("\r\n", values) - values, fbxMatrix(m));
    }
  }
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: write_fbx_fixtures IN.glb OUT.fbx ym|zup|cm [--animations A,B | --no-animations] [--strip-mesh] [--no-bones]\n");
    return 2;
  }
  const std::string in = argv[1], out = argv[2], variant = argv[3];
  std::vector<std::string> animations;
  bool strip = false, noAnimations = false, noBones = false;
  for (int i = 4; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--animations" && i + 1 < argc) animations = splitList(argv[++i]);
    else if (flag == "--strip-mesh") strip = true;
    else if (flag == "--no-animations") noAnimations = true;
    else if (flag == "--no-bones") noBones = true;
  }
  Assimp::Importer importer;
  if (!importer.ReadFile(in, aiProcess_ValidateDataStructure)) {
    std::fprintf(stderr, "%s: %s\n", in.c_str(), importer.GetErrorString());
    return 1;
  }
  std::unique_ptr<aiScene> scene(importer.GetOrphanedScene());
  keepAnimations(*scene, animations, noAnimations);
  if (strip) stripMeshes(*scene);
  if (noBones) dropBones(*scene);
  if (variant == "ym") {
    declareFrame(*scene, 1, 1, 2, 1, 100.0);
  } else if (variant == "zup") {
    turnToZUp(*scene);
    declareFrame(*scene, 2, 1, 1, -1, 100.0);
  } else if (variant == "cm") {
    scaleLengths(*scene, 100.0);
    declareFrame(*scene, 1, 1, 2, 1, 1.0);
  } else {
    std::fprintf(stderr, "unknown variant '%s' (ym, zup, cm)\n", variant.c_str());
    return 2;
  }
  Assimp::Exporter exporter;
  const aiExportDataBlob* blob = exporter.ExportToBlob(scene.get(), "fbxa");
  if (!blob) {
    std::fprintf(stderr, "%s: %s\n", out.c_str(), exporter.GetErrorString());
    return 1;
  }
  const std::string text(static_cast<const char*>(blob->data), blob->size);
  std::ofstream file(out, std::ios::binary);
  file << writeBindPose(unwrapEulerCurves(fixStackLengths(text, *scene)), *scene);
  if (!file) {
    std::fprintf(stderr, "%s: cannot write\n", out.c_str());
    return 1;
  }
  return 0;
}
