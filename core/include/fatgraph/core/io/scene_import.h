#pragma once
// What the scene-file importers give (glTF, gltf_import.h; FBX, fbx_import.h): one skeleton,
// and every animation one clip sampled at the working rate, in the project's frame (metres,
// Y up, facing +Z; docs/DESIGN.md, Conventions). Their animations key a whole local
// translation on a joint (the "absolute" convention of rig_conventions.h), so a pose keeps
// every joint's translation as the file gives it. Admission takes either the same way
// (clip_admission.h, admitSceneClip), as it takes a BVH file.
#include <string>
#include <vector>

#include "fatgraph/core/body/character_mesh.h"
#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/locomotion/in_place_motion.h"
#include "fatgraph/core/io/rig_conventions.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph {

struct SceneImportOptions {
  /// Rate the animations are sampled at (scene files key times in seconds or ticks, not
  /// frames): the project's working rate, so admission has nothing left to resample.
  double fps = 30.0;
  /// `--up z` turns a file whose data breaks the axes it declares; Auto keeps them.
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

struct SceneImport {
  Skeleton skeleton;
  /// One per animation, in the file's order: name "<file stem>:<animation name>" (the name
  /// falls back to "animation N"; Blender's "<armature>|" prefix is left out when it names a
  /// node above the skeleton), source = path, fps = options.fps.
  std::vector<Clip> clips;
  /// Each clip's animation name as the file gives it, parallel to `clips`.
  std::vector<std::string> animationNames;
  /// One line each, starting with the file: how the file was read where that is not plain
  /// (its units or axes converted), animations skipped because they key no joint, keys that
  /// could not be kept.
  std::vector<std::string> notes;
  RigReport rig;
  /// One frame: every joint at its node's own transform (the file's rest pose, which the
  /// skeleton's offsets alone do not hold: its rotations), named "<file stem>:rest".
  Clip restPose;
  /// With readMeshes: every mesh over the skeleton, in its bind pose (empty when none).
  CharacterMesh mesh;
  /// Per clip, parallel to `clips`: in-place detection and whether root motion was added
  /// (in_place_motion.h).
  std::vector<InPlaceReport> inPlace;
  /// Per clip: loop detection and whether the clip was repeated (looping_clips.h).
  std::vector<LoopReport> loops;
};

/// True for the scene files admission reads besides BVH: .gltf, .glb and .fbx (any case).
bool isSceneFilePath(const std::string& path);

/// Reads a glTF or FBX file, by its extension. Throws FileError naming the file, one line.
SceneImport importSceneFile(const std::string& path, const SceneImportOptions& options = {});

/// The format's name for messages and `inspect`: "glTF" or "FBX" (empty for other paths).
std::string sceneFormatName(const std::string& path);

}  // namespace fatgraph
