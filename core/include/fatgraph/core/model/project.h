#pragma once
// The authoring document: one skeleton and the clips recorded on it. Later stages (pose
// distances, hubs, segments, fat edges, parameterizations, legs) add their own members; the
// project store keeps each in its own HDF5 group so older files stay readable.
#include <string>
#include <vector>

#include "fatgraph/core/model/action_binding.h"
#include "fatgraph/core/body/character_mesh.h"
#include "fatgraph/core/graph/distance_matrix.h"
#include "fatgraph/core/graph/fat_edge_clustering.h"
#include "fatgraph/core/locomotion/legs.h"
#include "fatgraph/core/locomotion/locomotion_settings.h"
#include "fatgraph/core/model/motion_graph.h"
#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/retarget/retargeting.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph {

/// A frame the user rejected as a hub (reject_hub edit): the clip by name, so the rejection
/// outlasts clips added or removed before it, and the frame in the clip's source file (as
/// edits name frames), so it outlasts a new working rate too.
struct HubRejection {
  std::string clip;
  int sourceFrame = 0;
  bool operator==(const HubRejection&) const = default;
};

/// Settings of graph construction; changing one invalidates the cached distances.
struct GraphSettings {
  double fps = 30.0;  // working rate: `build` resamples every clip to it
  int window = 10;    // k, frames at the working rate (about 1/3 s)
  std::vector<double> jointWeights;  // one per joint, or empty for all ones
  Linkage linkage = Linkage::Complete;
  ParameterizationSettings parameterization;
  /// Per-edge choices of joint, time, samples and grid (edit operations), by edge name.
  std::vector<EdgeParameterChoice> edgeParameterChoices;
  /// Which fat edges get the leg layer (`build --locomotion`), and per-edge overrides of it
  /// and of the blend mode (set_locomotion / set_blend edits), by edge name.
  LocomotionSelection locomotion = LocomotionSelection::Automatic;
  std::vector<EdgeLocomotionChoice> edgeLocomotionChoices;
  /// Frames no hub suggestion may come from (reject_hub edits), in the order rejected: kept
  /// with the settings, so a re-derivation and a new build honour them too.
  std::vector<HubRejection> hubRejections;
  /// Per-edge overrides of the exported joystick mapping (set_joystick edits), by edge name.
  std::vector<EdgeJoystickChoice> edgeJoystickChoices;
  /// Inputs bound to fat edges (bind_action edits, action_binding.h), by edge name, one edge
  /// per input, in the order bound.
  std::vector<ActionBinding> actionBindings;
};

/// The distance scan of the project's clips under `fingerprint` (clips + settings): reused as
/// long as neither changes, so editing hubs and thresholds never recomputes the matrix.
struct DistanceCache {
  std::string fingerprint;
  DistanceScan scan;
  bool valid() const { return !fingerprint.empty(); }
};

/// The user's own character (a glTF or FBX file's skinned meshes over the project's skeleton): it
/// replaces the generated body wherever a body is shown or exported. Kept in the project, so
/// the project needs the file no more.
struct ProjectCharacter {
  std::string source;  // the file it was imported from, as the user named it
  CharacterMesh mesh;  // over `Project::skeleton`, in its joint order
  /// When the character brought its own skeleton and the clips were retargeted onto it
  /// (retargeting.h): per project joint, the name of the clips' joint it follows ("" for
  /// none: it keeps its rest pose). Empty when the character has the clips' skeleton.
  std::vector<std::string> follows;
  /// How each joint got its match, parallel to `follows`.
  std::vector<JointMatch> matchedBy;
  /// The user's choices of the joint map (`--map-joint`, map_joint edits), applied last.
  std::vector<JointMapChoice> jointMapChoices;
  /// What retargeting started from, kept so the map can change later (map_joint): the clips'
  /// own skeleton at rest, the clips on it (parallel to Project::clips, at the working rate),
  /// and the character's rest pose (its file's node rotations, which the skeleton cannot hold).
  RestSkeleton clipsSkeleton;
  std::vector<Clip> sourceClips;
  Pose rest;
  bool empty() const { return mesh.empty(); }
  bool retargeted() const { return !follows.empty(); }
};

struct Project {
  Skeleton skeleton;
  std::vector<Clip> clips;  // every clip uses `skeleton`; rates may differ per clip
  GraphSettings settings;
  DistanceCache distances;
  MotionGraph graph;
  /// Every user edit of the graph, in order, as JSON objects (graph_edit.h): the history
  /// a user can read or replay headless.
  std::vector<std::string> edits;
  /// The skeleton's legs (legs.h): detected when the first clip brings the skeleton, or when
  /// a file without them loads; set by the set_legs / detect_legs edits.
  LegSetup legs;
  /// The cycle analyses of the locomotion fat edges as last saved or loaded (/locomotion; the
  /// writer derives them afresh from the graph: locomotionRecords() in edge_locomotion.h).
  std::vector<EdgeCycleRecord> locomotionRecords;
  /// Empty unless the user chose a character (`build --character`).
  ProjectCharacter character;

  /// Index of the clip named `name`, or -1.
  int findClip(const std::string& name) const;
  /// Empty when consistent (skeleton valid, every clip matches it), else the first problem.
  std::string validate() const;
  /// A hash of everything the distance scan depends on (skeleton, clips, window, weights).
  std::string distanceFingerprint() const;
};

/// Restores a project's graph, settings, distance cache, edit history and legs when the
/// operation it guards fails (the destructor runs without commit()), without copying the
/// clips: graph construction and edits change nothing else.
class GraphStateGuard {
 public:
  explicit GraphStateGuard(Project& project)
      : project_(project), settings_(project.settings), distances_(project.distances),
        graph_(project.graph), edits_(project.edits), legs_(project.legs) {}
  GraphStateGuard(const GraphStateGuard&) = delete;
  GraphStateGuard& operator=(const GraphStateGuard&) = delete;
  ~GraphStateGuard() {
    if (committed_) return;
    project_.settings = std::move(settings_);
    project_.distances = std::move(distances_);
    project_.graph = std::move(graph_);
    project_.edits = std::move(edits_);
    project_.legs = std::move(legs_);
  }
  void commit() { committed_ = true; }

 private:
  Project& project_;
  GraphSettings settings_;
  DistanceCache distances_;
  MotionGraph graph_;
  std::vector<std::string> edits_;
  LegSetup legs_;
  bool committed_ = false;
};

}  // namespace fatgraph
