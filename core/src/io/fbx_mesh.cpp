// Meshes to the project's model space. Assimp skins a vertex v of a mesh as
//   v' = sum_k w_k G_{j_k} O_{j_k} v
// in the file's world, with G_j the bone node's world matrix and O_j its offset matrix (the
// inverse of the bone's bind matrix times the mesh's). With C the file's world to model space
// (units and axes, fbx_mesh.h) and C G_j = A_j diag(s_j), the vertex lands at
// sum_k w_k A_{j_k} diag(s_{j_k}) O_{j_k} v. Positions are taken in model space, p = C M v with
// M the mesh node's world matrix (where the file draws the mesh), so each joint's binding is
// K_j = diag(s_j) O_j M^-1 C^-1 (mesh_assembly.h): a rotation, and a scale of 1 when the file
// bound the mesh where it stands.
#include "fbx_mesh.h"

#include <algorithm>
#include <cmath>

#include <assimp/material.h>
#include <assimp/scene.h>

#include "scene_rig.h"

namespace fatgraph::fbx {
namespace {

using Affine = Eigen::Affine3d;
using scene::Binding;
using scene::Influences;
using scene::SceneProblem;

Eigen::Matrix4d toEigen(const aiMatrix4x4& m) {
  Eigen::Matrix4d e;
  e << m.a1, m.a2, m.a3, m.a4, m.b1, m.b2, m.b3, m.b4, m.c1, m.c2, m.c3, m.c4, m.d1, m.d2, m.d3, m.d4;
  return e;
}

Affine nodeWorld(const aiNode* node) {
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  for (; node != nullptr; node = node->mParent) m = toEigen(node->mTransformation) * m;
  return Affine(m);
}

CharacterMaterial readMaterial(const aiMaterial& m, unsigned index) {
  CharacterMaterial out;
  aiString name;
  out.name = m.Get(AI_MATKEY_NAME, name) == AI_SUCCESS && name.length > 0 ? std::string(name.C_Str()) : "material " + std::to_string(index);
  aiColor4D colour;
  if (m.Get(AI_MATKEY_BASE_COLOR, colour) == AI_SUCCESS || m.Get(AI_MATKEY_COLOR_DIFFUSE, colour) == AI_SUCCESS) {
    const float rgba[4] = {colour.r, colour.g, colour.b, colour.a};
    for (int c = 0; c < 4; ++c) out.baseColor[c] = std::isfinite(rgba[c]) ? std::clamp(rgba[c], 0.0f, 1.0f) : 1.0f;
  }
  return out;
}

class MeshReader {
 public:
  MeshReader(const aiScene& scene, const MeshSkeleton& skeleton, long long maxVertices)
      : scene_(scene), skeleton_(skeleton), assembly_(skeleton.rest, skeleton.names, maxVertices) {
    for (size_t j = 0; j < skeleton.nodes.size(); ++j) {
      jointOfNode_.emplace(skeleton.nodes[j], static_cast<int>(j));
      jointOfName_.emplace(skeleton.nodes[j]->mName.C_Str(), static_cast<int>(j));
    }
  }

  scene::MeshImport read() {
    for (unsigned i = 0; i < scene_.mNumMaterials; ++i) assembly_.addMaterial(readMaterial(*scene_.mMaterials[i], i));
    std::vector<const aiNode*> stack{scene_.mRootNode};
    while (!stack.empty()) {  // depth first in the file's order
      const aiNode* node = stack.back();
      stack.pop_back();
      for (unsigned k = 0; k < node->mNumMeshes; ++k) readMesh(*node, k);
      for (unsigned c = node->mNumChildren; c-- > 0;) stack.push_back(node->mChildren[c]);
    }
    if (skippedFaces_ > 0) {
      assembly_.notes().push_back(std::to_string(skippedFaces_) + " points and lines of the meshes are not triangles; skipped");
    }
    return assembly_.finish();
  }

 private:
  // Where the mesh's vertices go: its bones, or the nearest joint above its node. Empty (with a
  // note) when neither.
  std::vector<Binding> bindings(const aiMesh& mesh, const aiNode& node, const Affine& modelOfMesh, const std::string& what) {
    std::vector<Binding> out;
    if (mesh.mNumBones > 0) {
      const Eigen::Matrix4d modelToMesh = modelOfMesh.inverse().matrix();
      for (unsigned b = 0; b < mesh.mNumBones; ++b) {
        const aiBone& bone = *mesh.mBones[b];
        const auto joint = jointOfName_.find(bone.mName.C_Str());
        if (joint == jointOfName_.end()) throw SceneProblem(what + " has bone '" + std::string(bone.mName.C_Str()) + "', which is not a joint of the skeleton");
        const int j = joint->second;
        Eigen::Matrix4d k = toEigen(bone.mOffsetMatrix) * modelToMesh;
        k.topRows<3>() *= skeleton_.scale[j];
        out.push_back(scene::splitBinding(j, k, what + " bone '" + skeleton_.names[j] + "'"));
      }
      return out;
    }
    for (const aiNode* p = &node; p != nullptr; p = p->mParent) {
      if (const auto joint = jointOfNode_.find(p); joint != jointOfNode_.end()) {
        return {scene::splitBinding(joint->second, skeleton_.rest[joint->second].inverse().matrix(), what)};
      }
    }
    assembly_.notes().push_back(what + " is neither skinned nor under a joint of the skeleton; skipped");
    return out;
  }

  // Each vertex's weights gathered from the bones, merged per joint.
  std::vector<Influences> influences(const aiMesh& mesh, const std::vector<Binding>& bind, const std::string& what) {
    const unsigned n = mesh.mNumVertices;
    if (mesh.mNumBones == 0) return std::vector<Influences>(n, scene::rigidInfluence(bind.front().joint));
    std::vector<std::vector<std::pair<int, double>>> raw(n);
    for (unsigned b = 0; b < mesh.mNumBones; ++b) {
      const aiBone& bone = *mesh.mBones[b];
      for (unsigned w = 0; w < bone.mNumWeights; ++w) {
        const aiVertexWeight& vw = bone.mWeights[w];
        if (vw.mVertexId >= n) {
          throw SceneProblem(what + " bone '" + std::string(bone.mName.C_Str()) + "' weights vertex " + std::to_string(vw.mVertexId) +
                             ", beyond its " + std::to_string(n) + " vertices");
        }
        if (!std::isfinite(vw.mWeight)) {
          throw SceneProblem(what + " bone '" + std::string(bone.mName.C_Str()) + "' has a non-finite weight on vertex " + std::to_string(vw.mVertexId));
        }
        raw[vw.mVertexId].emplace_back(bind[b].joint, vw.mWeight);
      }
    }
    std::vector<Influences> out(n);
    for (unsigned v = 0; v < n; ++v) {
      if (!scene::mergeInfluences(raw[v], out[v])) {
        assembly_.countUnweighted();
        out[v] = scene::rigidInfluence(bind.front().joint);
      }
    }
    return out;
  }

  std::vector<std::uint32_t> triangles(const aiMesh& mesh, const std::string& what) {
    std::vector<std::uint32_t> out;
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
      const aiFace& face = mesh.mFaces[f];
      if (face.mNumIndices != 3) {  // triangulated: what is left is points and lines
        ++skippedFaces_;
        continue;
      }
      for (unsigned k = 0; k < 3; ++k) {
        if (face.mIndices[k] >= mesh.mNumVertices) {
          throw SceneProblem(what + " face " + std::to_string(f) + " names vertex " + std::to_string(face.mIndices[k]) +
                             ", beyond its " + std::to_string(mesh.mNumVertices) + " vertices");
        }
        out.push_back(face.mIndices[k]);
      }
    }
    return out;
  }

  void readMesh(const aiNode& node, unsigned k) {
    const unsigned index = node.mMeshes[k];
    if (index >= scene_.mNumMeshes) throw SceneProblem("node '" + std::string(node.mName.C_Str()) + "' names mesh " + std::to_string(index) + ", which does not exist");
    const aiMesh& mesh = *scene_.mMeshes[index];
    const std::string name = mesh.mName.length > 0 ? std::string(mesh.mName.C_Str()) : std::string(node.mName.C_Str());
    const std::string what = "mesh '" + name + "' (node '" + std::string(node.mName.C_Str()) + "')";
    const Affine modelOfMesh = skeleton_.fileToModel * nodeWorld(&node);
    std::vector<Binding> bind = bindings(mesh, node, modelOfMesh, what);
    if (bind.empty()) return;
    assembly_.checkVertexLimit(mesh.mNumVertices);
    if (mesh.mMaterialIndex >= static_cast<unsigned>(assembly_.materialCount()) && assembly_.materialCount() > 0) {
      throw SceneProblem(what + " names material " + std::to_string(mesh.mMaterialIndex) + ", which does not exist");
    }
    assembly_.beginMesh(name, bind);
    scene::MeshPiece piece;
    piece.name = name + "/" + std::to_string(k);
    piece.material = assembly_.materialCount() > 0 ? static_cast<int>(mesh.mMaterialIndex) : -1;
    piece.influences = influences(mesh, bind, what);
    piece.triangles = triangles(mesh, what);
    const Eigen::Matrix3d normalTurn = modelOfMesh.linear().inverse().transpose();
    for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
      const aiVector3D& x = mesh.mVertices[v];
      const Eigen::Vector3d p(x.x, x.y, x.z);
      if (!p.allFinite()) throw SceneProblem(what + " vertex " + std::to_string(v) + " has a non-finite position");
      piece.positions.push_back(modelOfMesh * p);
      if (mesh.mNormals == nullptr) continue;
      const Eigen::Vector3d n(mesh.mNormals[v].x, mesh.mNormals[v].y, mesh.mNormals[v].z);
      if (!n.allFinite()) throw SceneProblem(what + " vertex " + std::to_string(v) + " has a non-finite normal");
      piece.normals.push_back(normalTurn * n);
    }
    assembly_.addPiece(piece);
  }

  const aiScene& scene_;
  const MeshSkeleton& skeleton_;
  std::map<const aiNode*, int> jointOfNode_;
  std::map<std::string, int> jointOfName_;  // the first joint of a name
  scene::MeshAssembly assembly_;
  long long skippedFaces_ = 0;
};

}  // namespace

scene::MeshImport readCharacterMesh(const aiScene& scene, const MeshSkeleton& skeleton, long long maxVertices) {
  return MeshReader(scene, skeleton, maxVertices).read();
}

}  // namespace fatgraph::fbx
