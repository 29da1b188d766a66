#pragma once
// Base-colour images of a glTF file, decoded for a character's materials (character_mesh.h).
// Loading keeps each image's encoded bytes (a data URI or a file beside the .gltf; images in a
// buffer view stay in their buffer) and decodes nothing: only the images a material shows are
// decoded, by tinygltf's stb_image, after their size is read from the PNG or JPEG header and
// checked against a limit. Internal to the glTF importer; problems are GltfProblems.
#include <string>

#include "fatgraph/core/body/character_mesh.h"

namespace tinygltf {
class Model;
struct Image;
}  // namespace tinygltf

namespace fatgraph::gltf {

/// tinygltf's image callback: keeps a URI image's encoded bytes in image->image (marked as_is),
/// leaves a buffer view's image where it is, decodes nothing.
bool keepEncodedImage(tinygltf::Image* image, int index, std::string* err, std::string* warn, int width, int height,
                      const unsigned char* bytes, int size, void* user);

/// Image `index` decoded to 8-bit RGBA (16-bit images keep their high bytes). Throws a
/// GltfProblem naming the image when it does not exist, cannot be read or is not a PNG or
/// JPEG that decodes, or is larger than kMaxCharacterTextureSide.
CharacterTexture decodeImage(const tinygltf::Model& model, int index);

}  // namespace fatgraph::gltf
