#pragma once
// The meshes of an FBX scene (as Assimp reads it, triangulated) bound to the planned skeleton:
// every mesh whose bones are the skeleton's joints, and every mesh without bones hanging under
// a joint (a helmet or a sword: bound rigidly to that joint). Internal to the FBX importer;
// problems are SceneProblems without the file's name.
#include <map>
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include "mesh_assembly.h"

struct aiNode;
struct aiScene;

namespace fatgraph::fbx {

/// What the mesh reader needs of the skeleton planned from the scene.
struct MeshSkeleton {
  std::vector<std::string> names;           // per joint
  std::vector<const aiNode*> nodes;         // per joint
  std::vector<Eigen::Affine3d> rest;        // per joint: rigid model transform in the rest pose
  std::vector<double> scale;                // per joint: its frame's accumulated uniform scale
  /// The file's world (its units and axes) to the project's model space (metres, Y up): every
  /// joint's Assimp world matrix G_j satisfies fileToModel G_j = A_j diag(scale_j).
  Eigen::Affine3d fileToModel = Eigen::Affine3d::Identity();
};

/// Reads the meshes and their materials (base colour, else diffuse). Assimp skins a vertex v
/// of a mesh as G_j O_j v (O_j the bone's offset matrix); positions come out in the bind pose
/// in model space and the inverse binds make the runtime's palette skin them as the file
/// does. An empty mesh when the scene has none over the skeleton.
scene::MeshImport readCharacterMesh(const aiScene& scene, const MeshSkeleton& skeleton, long long maxVertices);

}  // namespace fatgraph::fbx
