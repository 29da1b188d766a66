#pragma once
// FBX import (binary or ASCII, read by Assimp): the skinned meshes' bones, with the nodes
// between them up to their common root, become the project's skeleton (a file without meshes:
// its animated nodes); every animation stack one clip, sampled at the working rate with
// Assimp's interpolation (keys linear, rotations slerped), translations absolute
// (scene_import.h). The file's frame is honoured: its UnitScaleFactor (centimetres per unit;
// FBX counts in centimetres) scales every length to metres and its UpAxis, FrontAxis and
// CoordAxis (with their signs) turn its world into the project's (Y up, front +Z, X across).
// Pivots, pre- and post-rotations are folded into the nodes by Assimp. With readMeshes, the
// meshes over the skeleton come too (character_mesh.h), triangulated, in the same frame: each
// bone's offset matrix (Assimp reads the cluster's Transform) is its inverse bind matrix.
#include <string>

#include "fatgraph/core/io/scene_import.h"

namespace fatgraph {

/// The skeleton, clips and notes of scene_import.h, and the frame the file declared.
struct FbxImport : SceneImport {
  double unitScale = 0.01;  // metres per file unit (UnitScaleFactor / 100)
  /// The file's up, front and across axes as it declared them ("+Z", "-Y", ...).
  std::string upAxis = "+Y";
  std::string frontAxis = "+Z";
  std::string coordAxis = "+X";
};

/// Reads an .fbx file. Throws FileError naming the file and what is wrong, one line: not
/// FBX, unreadable (Assimp's reason), no animation stack (unless !requireAnimation), no
/// skeleton (meshes without bones), a bone without a node, a mirrored or invalid axis system,
/// a non-uniform scale on a joint, keys out of order; with readMeshes a weight on a vertex the
/// mesh lacks, a non-finite position or normal, a singular or sheared offset matrix.
FbxImport importFbx(const std::string& path, const SceneImportOptions& options = {});

/// The same from bytes already in memory; `fileName` names the file in messages.
FbxImport parseFbx(const std::string& bytes, const std::string& fileName,
                   const SceneImportOptions& options = {});

/// True when `path` ends in .fbx (any case).
bool isFbxPath(const std::string& path);

}  // namespace fatgraph
