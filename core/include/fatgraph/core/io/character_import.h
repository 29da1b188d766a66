#pragma once
// A character from a scene file, whatever its format: the skeleton with its skinned meshes in
// their bind pose (character_mesh.h: model space, metres, Y up, front +Z), the file's rest
// pose and its animations as clips when it has any (scene_import.h). glTF (gltf_import.h) and
// FBX (fbx_import.h) give the same character for the same asset; the project's character
// (project_character.h, `fatgraph build --character`) is read through here.
#include <string>

#include "fatgraph/core/io/scene_import.h"

namespace fatgraph {

/// Reads a .gltf, .glb or .fbx character by its extension, with readMeshes on and animations
/// optional. Throws FileError naming the file, one line: another extension, or what its
/// importer finds wrong.
SceneImport importCharacter(const std::string& path, SceneImportOptions options = {});

}  // namespace fatgraph
