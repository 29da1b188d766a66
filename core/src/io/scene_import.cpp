#include "fatgraph/core/io/scene_import.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/fbx_import.h"
#include "fatgraph/core/io/gltf_import.h"

namespace fatgraph {

bool isSceneFilePath(const std::string& path) { return isGltfPath(path) || isFbxPath(path); }

SceneImport importSceneFile(const std::string& path, const SceneImportOptions& options) {
  if (isGltfPath(path)) return importGltf(path, options);
  if (isFbxPath(path)) return importFbx(path, options);
  throw FileError(path, 0, "is not a scene file (expected .gltf, .glb or .fbx)");
}

std::string sceneFormatName(const std::string& path) {
  if (isGltfPath(path)) return "glTF";
  if (isFbxPath(path)) return "FBX";
  return "";
}

}  // namespace fatgraph
