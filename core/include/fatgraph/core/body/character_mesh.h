#pragma once
// A character's own skinned mesh, as a DCC tool made it (glTF's or FBX's skinned meshes): every
// primitive of every mesh bound to the project's skeleton, one vertex array and one triangle
// list, with the parts (one per primitive, each with its material) that tell a renderer where
// one material ends and the next begins.
//
// Spaces and units: positions and normals in the bind pose, in the skeleton's model space
// (metres, Y up, front +Z); inverseBind maps model space into each joint's rigid frame in the
// bind pose, so a palette built by the runtime's SkinningPaletteJob skins the mesh exactly as
// the file's own skinning would (linear blend skinning, seed 004).
//
// Up to eight influences per vertex are kept, as files give them (JOINTS_0/1, WEIGHTS_0/1);
// the runtime skins with four, and toSkinnedMesh() says what dropping the rest costs.
//
// Base-colour textures: a material may multiply its factor by an image (glTF's
// baseColorTexture, read through TEXCOORD_0), kept decoded as 8-bit RGBA in the image's own
// sRGB encoding; texture coordinates are per vertex, u across and v down from the image's
// top-left corner, as glTF gives them.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "fatgraph/runtime/math.h"
#include "fatgraph/runtime/skinning.h"

namespace fatgraph {

inline constexpr int kMaxImportedInfluences = 8;
/// The longest side of a texture kept (8192 px: 256 MiB of RGBA).
inline constexpr int kMaxCharacterTextureSide = 8192;

struct CharacterMaterial {
  std::string name;
  /// Linear RGBA, glTF's baseColorFactor (white when the file gives none).
  std::array<float, 4> baseColor = {1.0f, 1.0f, 1.0f, 1.0f};
  /// Into CharacterMesh::textures, multiplied (decoded to linear) by baseColor; -1: none.
  int texture = -1;
};

/// A decoded base-colour image: rows top to bottom, four bytes (R, G, B, A) per pixel, the
/// colour sRGB-encoded and alpha linear, as glTF stores base colours.
struct CharacterTexture {
  std::string name;  // the image's name in the file, or "image <n>"
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgba;  // width * height * 4
};

/// One draw call: a contiguous run of triangles with one material.
struct CharacterMeshPart {
  std::string name;       // "<mesh>/<primitive>", as the file names the mesh
  int firstTriangle = 0;
  int triangleCount = 0;
  int material = -1;      // into CharacterMesh::materials; -1 draws with a neutral grey
};

struct CharacterMesh {
  std::vector<Float3> positions;  // bind pose, model space, metres
  std::vector<Float3> normals;    // unit length
  /// Influences per vertex, strongest first; weights >= 0 summing to 1, unused slots weight 0
  /// and joint 0.
  std::vector<std::array<std::uint16_t, kMaxImportedInfluences>> joints;
  std::vector<std::array<float, kMaxImportedInfluences>> weights;
  std::vector<std::uint32_t> triangles;  // three vertex indices each, counter-clockwise
  std::vector<Float4x4> inverseBind;     // per skeleton joint, rigid
  std::vector<CharacterMeshPart> parts;  // in triangle order, covering every triangle
  std::vector<CharacterMaterial> materials;
  /// Per vertex, glTF's TEXCOORD_0 (0, 0 on parts without a texture); empty when no part's
  /// material has a texture.
  std::vector<Float2> uvs;
  std::vector<CharacterTexture> textures;

  int vertexCount() const { return static_cast<int>(positions.size()); }
  int triangleCount() const { return static_cast<int>(triangles.size() / 3); }
  bool empty() const { return positions.empty(); }
  /// The most influences with non-zero weight that any vertex has.
  int mostInfluences() const;
  /// Whether some part's material has a texture (then uvs has one entry per vertex).
  bool textured() const;
  /// Empty when consistent with a skeleton of `jointCount` joints; otherwise the first problem
  /// ("vertex 12: weights sum to 0.5").
  std::string validate(int jointCount) const;
};

/// What fitting a mesh into the runtime's four influences cost.
struct InfluenceReduction {
  int verticesReduced = 0;        // vertices that had more than four influences
  double largestDroppedWeight = 0; // the most weight dropped at one vertex (before renormalizing)
  int largestAtVertex = -1;
};

/// The runtime's mesh (runtime/skinning.h): each vertex keeps its four strongest influences,
/// renormalized. Parts and materials are not part of the runtime mesh.
SkinnedMesh toSkinnedMesh(const CharacterMesh& mesh, InfluenceReduction* report = nullptr);

}  // namespace fatgraph
