#pragma once
// glTF 2.0 import (.gltf with its buffers, or .glb): one skin becomes the project's skeleton
// and every animation one clip, sampled at the working rate. glTF is metres and Y up with the
// asset's front along +Z, which is the project's own frame (docs/DESIGN.md, Conventions), so
// nothing is turned or scaled beyond what the file's own nodes say. Its animations key a whole
// local translation on a joint (the "absolute" convention of rig_conventions.h), so a pose
// keeps every joint's translation as the file gives it.
#include <string>
#include <vector>

#include "fatgraph/core/character_mesh.h"
#include "fatgraph/core/clip.h"
#include "fatgraph/core/rig_conventions.h"
#include "fatgraph/core/skeleton.h"

namespace fatgraph {

struct GltfImportOptions {
  /// Rate the animations are sampled at (glTF keys times in seconds, with no frame rate):
  /// the project's working rate, so admission has nothing left to resample.
  double fps = 30.0;
  /// `--up z` turns a file that breaks the spec's Y up; Auto keeps Y (the spec's axis).
  /// `--motion-root` names the joint carrying the travel. Translations are always absolute.
  RigConventionOptions rig;
  /// Limits against absurd files: an error, never a huge allocation.
  int maxJoints = 4096;
  long long maxFrames = 10'000'000;
  long long maxVertices = 4'000'000;
  /// Reads the skinned meshes too (a character); clips alone need none of them.
  bool readMeshes = false;
  /// A file without animation is an error (a clip import), or a character to retarget onto.
  bool requireAnimation = true;
};

struct GltfImport {
  Skeleton skeleton;
  /// One per animation, in the file's order: name "<file stem>:<animation name>" (the name
  /// falls back to "animation N"; Blender's "<armature>|" prefix is left out when it names a
  /// node above the skin), source = path, fps = options.fps.
  std::vector<Clip> clips;
  /// Each clip's animation name as the file gives it, parallel to `clips`.
  std::vector<std::string> animationNames;
  int skin = 0;  // the skin that became the skeleton
  /// One frame: every joint at its node's own transform (the file's rest pose, which the
  /// skeleton's offsets alone do not hold: its rotations), named "<file stem>:rest".
  Clip restPose;
  /// With readMeshes: every mesh over the skeleton, in its bind pose (empty when none).
  CharacterMesh mesh;
  /// One line each, starting with the file: animations skipped because they key no joint of
  /// the skin (a prop's or a morph target's).
  std::vector<std::string> notes;
  RigReport rig;
  /// Per clip, parallel to `clips`: in-place detection and whether root motion was added.
  std::vector<InPlaceReport> inPlace;
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
