#pragma once
// The user's character chosen for a project (`fatgraph build --character CHAR.glb`): its skinned
// meshes replace the generated body in the editor, the runtime graph's /body and glTF takes.
#include <string>
#include <vector>

#include "fatgraph/core/gltf_import.h"
#include "fatgraph/core/project.h"

namespace fatgraph {

/// Imports the glTF character at `path` (importGltfCharacter) and makes its mesh the project's
/// character. Its skeleton must be the project's: the same joint names, each under the same
/// parent, in any order (the mesh's joint indices are mapped onto the project's order). Throws
/// FileError naming the file and the first joint that differs, or that the file has no mesh.
/// Returns notes for the user (the importer's, and the influences the runtime drops).
std::vector<std::string> setProjectCharacter(Project& project, const std::string& path,
                                             const GltfImportOptions& options = {});

}  // namespace fatgraph
