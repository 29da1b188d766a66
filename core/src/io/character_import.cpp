#include "fatgraph/core/io/character_import.h"

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/fbx_import.h"
#include "fatgraph/core/io/gltf_import.h"

namespace fatgraph {

SceneImport importCharacter(const std::string& path, SceneImportOptions options) {
  if (isGltfPath(path)) return importGltfCharacter(path, options);
  if (!isFbxPath(path)) throw FileError(path, 0, "is not a character file (expected .gltf, .glb or .fbx)");
  options.readMeshes = true;
  options.requireAnimation = false;
  return importFbx(path, options);
}

}  // namespace fatgraph
