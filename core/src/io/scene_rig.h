#pragma once
// What the scene-file importers (gltf_import.cpp, fbx_import.cpp) share: their problem type,
// how a joint's node transform and the static nodes above it become the skeleton's local
// transform, the clip names, and the rig decisions made once the skeleton and clips exist.
#include <initializer_list>
#include <set>
#include <stdexcept>
#include <string>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/scene_import.h"

namespace fatgraph::scene {

/// What is wrong with the file, without its name (the importer adds it).
struct SceneProblem : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// How a joint's node transform becomes the joint's local transform in the skeleton: the
/// static nodes between it and its parent joint (or the scene root: an armature's turn and
/// scale, a file's unit and axis conversion) are folded in, and uniform scales above it
/// multiply its translation.
struct JointFrame {
  Vec3 prefixT = Vec3::Zero();
  Quat prefixR = Quat::Identity();
  double prefixS = 1.0;
  double parentScale = 1.0;  // accumulated scale of the parent joint's frame
  double ownScale = 1.0;     // accumulated scale of this joint's frame

  /// Composes a static node (t, r, uniform s) below what is folded so far.
  void fold(const Vec3& t, const Quat& r, double s) {
    prefixT += prefixS * (prefixR * t);
    prefixR = prefixR * r;
    prefixS *= s;
  }
  Vec3 translation(const Vec3& t) const { return parentScale * (prefixT + prefixS * (prefixR * t)); }
  Quat rotation(const Quat& r) const { return (prefixR * r).normalized(); }
};

/// The scale a skeleton can carry: a positive uniform one (it moves into the translations
/// below); anything else is a problem naming `what`.
double uniformScale(const Vec3& scale, const std::string& what);

/// Blender names an exported action "<armature>|<action>": the clip takes the action's name
/// when the prefix is the name of a node above the skeleton, and the whole name otherwise.
std::string clipPart(const std::string& animation, const std::set<std::string>& armatures);

/// Up axis (`--up z` turns everything), motion root (named or detected over every clip) and
/// the translation convention (absolute) of a finished import; then the skeleton and every
/// clip are validated. Problems are SceneProblems.
void decideRigAndValidate(SceneImport& out, const RigConventionOptions& rig);

/// What an importer's parse does around its reading: checks the working rate, runs `build`
/// (which returns the import with its skeleton and clips), decides the rig and validates,
/// and turns any SceneProblem into one FileError line naming `fileName`.
template <class Build>
auto parseScene(const std::string& fileName, const SceneImportOptions& options, Build build) {
  if (!(options.fps > 0 && options.fps <= 1000)) throw Error("the working rate must be in (0, 1000] fps");
  try {
    auto out = build();
    decideRigAndValidate(out, options.rig);
    return out;
  } catch (const SceneProblem& p) {
    throw FileError(fileName, 0, p.what());
  }
}

/// The whole file at `path`; a FileError naming it for a directory ("is a directory, expected
/// <expected>"), a file that cannot be opened or a read error.
std::string readWholeFile(const std::string& path, const std::string& expected);

/// True when `path`'s extension in lower case is one of `extensions` (".fbx", ...).
bool hasExtension(const std::string& path, std::initializer_list<const char*> extensions);

}  // namespace fatgraph::scene
