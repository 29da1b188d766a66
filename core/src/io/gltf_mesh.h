#pragma once
// The skinned meshes of a glTF file bound to the planned skeleton (gltf_skin.h): every mesh
// whose skin's joints are the skeleton's, and every unskinned mesh hanging under one of its
// joints (a helmet or a sword: bound rigidly to that joint). Internal to the glTF importer.
#include <string>
#include <vector>

#include "fatgraph/core/body/character_mesh.h"
#include "gltf_skin.h"
#include "mesh_assembly.h"

namespace fatgraph::gltf {

/// The mesh and what was left out or changed, one line each without the file's name (meshes
/// on another skeleton, morph targets, points and lines, vertices with no weight).
using MeshImport = scene::MeshImport;

/// Reads the meshes; the result's inverse bind matrices make the runtime's linear blend
/// skinning equal glTF's (joint world matrix times the file's inverse bind matrix) for every
/// pose of the skeleton. An empty mesh when the file has none over the skeleton.
MeshImport readCharacterMesh(const tinygltf::Model& model, const SkinPlan& plan, long long maxVertices);

}  // namespace fatgraph::gltf
