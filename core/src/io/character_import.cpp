#include "fatgraph/core/character_import.h"

#include "fatgraph/core/error.h"
#include "fatgraph/core/fbx_import.h"
#include "fatgraph/core/gltf_import.h"

namespace fatgraph {

SceneImport importCharacter(const std::string& path, SceneImportOptions options) {
  if (isGltfPath(path)) return importGltfCharacter(path, options);
  if (!isFbxPath(path)) throw FileError(path, 0, "is not a character file (expected .gltf, .glb or .fbx)");
  options.readMeshes = true;
  options.requireAnimation = false;
  return importFbx(path, options);
}

}  // namespace fatgraph
