#pragma once
// Clip admission: the one way a clip enters a project, used by `fatgraph build`
// (importClipSet) and by the editor when the user adds a file. Its rules, in order:
//  - a BVH file is read in metres (units detected or forced) and a reference T-pose in frame 0
//    is dropped unless kept (bvhAdmissionOptions), and reported; a glTF or FBX file
//    (scene_import.h) is read in metres, Y up, each of its animations one clip;
//  - a project without clips takes the clip's skeleton;
//  - otherwise joints are matched by name and parent name (joint_matching.h): a file that
//    lists children in another order is the same skeleton and its clip is reordered to the
//    project's joint order; a rig that really differs is refused, naming both files and the
//    first difference;
//  - a clip of the same rig with other bone lengths (another CMU subject) is retargeted onto
//    the project's skeleton: local rotations kept, root translation scaled by the ratio of
//    rest hip heights;
//  - the clip is resampled to the project's working rate (settings.fps);
//  - its name is made unique among the project's clips ("walk", "walk (2)", ...).
// Admission never changes the project: the caller adds the result (the editor through an undo
// command), so a refused file leaves everything as it was.
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/project.h"
#include "fatgraph/core/io/scene_import.h"

namespace fatgraph {

/// How files are read on their way into a project (`build --units`, `--keep-tpose`).
struct ClipAdmissionOptions {
  BvhUnits units = BvhUnits::Auto;
  bool keepReferencePose = false;
  RigConventionOptions rig;  // `--translations`, `--up`, `--motion-root`
};

/// The BVH reader's options for admission (no resampling there: admission resamples).
BvhImportOptions bvhAdmissionOptions(const ClipAdmissionOptions& options = {});

struct AdmittedClip {
  /// In the project's joint order, on its bone lengths, at its working rate, uniquely named.
  Clip clip;
  /// Set when the project had no clips: the skeleton the project takes with this clip.
  std::optional<Skeleton> skeleton;
  /// Set with `skeleton` when the project has no legs yet: the legs detected on it
  /// (leg_detection.h), for the project to take along.
  std::optional<LegSetup> legs;
  /// One line each, starting with the file: T-pose dropped, reordered, retargeted,
  /// resampled, renamed.
  std::vector<std::string> notes;
};

/// Whether admission gives the clip a name unique among the project's clips (the last rule),
/// or leaves it as read: files admitted on several processes at once are named afterwards,
/// in file order, by nameUniquely.
enum class ClipNaming { UniqueInProject, AsRead };

/// Admits `clip` of `skeleton`, read from `file`, into `project`, whose skeleton came from
/// `projectSkeletonFile` (both file names appear in messages as given). Throws Error naming
/// both files when the skeletons differ, FileError naming `file` when the clip is empty or
/// inconsistent with its skeleton.
AdmittedClip admitClip(const Project& project, const std::string& projectSkeletonFile,
                       const Skeleton& skeleton, Clip clip, const std::string& file,
                       ClipNaming naming = ClipNaming::UniqueInProject);

/// The last rule of admission on its own: renames the clip "name (2)", "name (3)", ... when
/// `taken` holds its name (an empty name becomes "clip"), notes the rename (naming `file`) and
/// adds the name to `taken`.
void nameUniquely(std::unordered_set<std::string>& taken, AdmittedClip& admitted, const std::string& file);

/// Admits a BVH read with bvhAdmissionOptions: notes a dropped reference pose, then admitClip.
AdmittedClip admitBvh(const Project& project, const std::string& projectSkeletonFile,
                      BvhImport bvh, const std::string& file,
                      ClipNaming naming = ClipNaming::UniqueInProject);

/// The scene readers' options for admission (glTF, FBX): sampled at the project's working rate.
SceneImportOptions sceneAdmissionOptions(const Project& project, const ClipAdmissionOptions& options = {});

/// Admits clip `index` of a glTF or FBX file read with sceneAdmissionOptions: the file's notes
/// (its units and axes converted, its motion root, animations skipped) come with its first
/// clip, then admitClip. A file's clips go in one at a time, each added to the project before
/// the next is admitted.
AdmittedClip admitSceneClip(const Project& project, const std::string& projectSkeletonFile,
                            const SceneImport& scene, int index, const std::string& file,
                            ClipNaming naming = ClipNaming::UniqueInProject);

/// Changes the project's working rate: sets settings.fps and resamples every clip whose rate
/// differs. Returns how many clips were resampled. The caller drops what depended on the old
/// frames (graph, distances).
int setWorkingRate(Project& project, double fps);

/// Rest-pose height of the root above the lowest joint or end site (metres): the "leg length"
/// used to scale root motion when retargeting.
double restHipHeight(const Skeleton& skeleton);

/// The clip moved onto `target`, a skeleton of the same joints in the same order as `source`
/// with other rest offsets: rotations kept, the root translation scaled by the ratio of rest
/// hip heights, animated translations below the root kept relative to their offsets.
Clip retargetClip(const Clip& clip, const Skeleton& source, const Skeleton& target);

}  // namespace fatgraph
