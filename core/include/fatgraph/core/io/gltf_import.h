#pragma once
// glTF 2.0 import (.gltf with its buffers, or .glb): one skin becomes the project's skeleton
// and every animation one clip, sampled at the working rate (scene_import.h). glTF is metres
// and Y up with the asset's front along +Z, which is the project's own frame (docs/DESIGN.md,
// Conventions), so nothing is turned or scaled beyond what the file's own nodes say.
#include <string>

#include "fatgraph/core/io/scene_import.h"

namespace fatgraph {

/// The scene importers' options (scene_import.h): the working rate, `--up`, `--motion-root`.
using GltfImportOptions = SceneImportOptions;

/// The skeleton, clips and notes of scene_import.h, and which skin became the skeleton. The
/// notes name animations skipped because they key no joint of the skin (a prop's or a morph
/// target's).
struct GltfImport : SceneImport {
  int skin = 0;  // the skin that became the skeleton
};

/// Reads a .gltf (its external buffers resolved beside it) or .glb. Throws FileError naming
/// the file and what is wrong, one line: not glTF, no skin, no animation, a missing buffer,
/// an accessor out of range or of the wrong type, a sparse accessor (unsupported).
GltfImport importGltf(const std::string& path, const GltfImportOptions& options = {});

/// The same from bytes already in memory; `fileName` names the file in messages and, for
/// .gltf text, the directory its external buffers are looked up in.
GltfImport parseGltf(const std::string& bytes, const std::string& fileName,
                     const GltfImportOptions& options = {});

/// A character: the skeleton with its meshes, and the clips when it has any
/// (readMeshes, not requireAnimation).
GltfImport importGltfCharacter(const std::string& path, GltfImportOptions options = {});

/// True when `path` ends in .gltf or .glb (any case): how admission tells glTF from BVH.
bool isGltfPath(const std::string& path);

}  // namespace fatgraph
