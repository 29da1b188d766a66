#pragma once
// Internal: reading and writing the contents of a project file (schema:
// docs/PROJECT_FORMAT.md). project_store.cpp owns opening, atomic replacement and the checks
// that a file is an HDF5 project file at all; these functions fill or read an open file.
#include <optional>
#include <string>
#include <vector>

#include "fatgraph/core/internal/project_schema.h"
#include "fatgraph/core/model/project.h"
#include "fatgraph/core/io/project_store.h"
#include "fatgraph/io/hdf5_file.h"

namespace fatgraph::project_file {

/// The file's names: every group, dataset and attribute is spelt there, never here.
namespace schema = fatgraph::project_schema;

/// The value of the root attribute `file_type`.
inline constexpr const char* kFileTypeValue = "fatgraph.project";

/// The three attributes of /graph that store one threshold (ThresholdChoice).
struct ThresholdNames {
  const char* rms;        // metres
  const char* automatic;  // 0 or 1
  const char* method;     // how it was chosen, for people
};
inline constexpr ThresholdNames kHubThresholdNames{schema::kHubThresholdM, schema::kHubThresholdAutomatic,
                                                   schema::kHubThresholdMethod};
inline constexpr ThresholdNames kEdgeThresholdNames{schema::kEdgeThresholdM, schema::kEdgeThresholdAutomatic,
                                                    schema::kEdgeThresholdMethod};

/// "0000", "0001", ...: the names of numbered groups (clips, hubs, fat edges) keep their order.
std::string clipGroupName(size_t index);

/// "joint 3 ('LeftUpLeg')": how messages name a joint.
inline std::string jointLabel(const std::vector<std::string>& names, size_t j) {
  return "joint " + std::to_string(j) + " ('" + names[j] + "')";
}

/// Total frames of the captured clips, generated transitions left out (the frame count of a
/// current distance cache: the build scans before it generates).
long long capturedFrames(const Project& project);

/// Whether /distances is written: the cache is valid and made for the clips' total frame
/// count. A cache with another frame count is stale (made for other clips) and is not saved.
bool writesDistanceCache(const Project& project);

/// Whether /graph is written: the graph holds anything (hubs, segments, notes, fat edges,
/// distances) or a threshold differs from the default.
bool writesGraph(const MotionGraph& graph);

/// A problem found by checkGraphData: the HDF5 object that stores the offending item and what
/// is wrong with it. `what` is empty when there is none.
struct Problem {
  std::string object;
  std::string what;
  bool found() const { return !what.empty(); }
};

/// Checks what format version 2 adds (settings, the distance cache when `checkCache`, the
/// graph, the edit history) against the project's skeleton and clips: every index in range,
/// warps strictly increasing, shapes consistent. Returns the first problem. Both the writer
/// (before saving) and the reader (after reading) use it, so a file that saves also loads.
Problem checkGraphData(const Project& project, bool checkCache);

/// Numbered child groups of `group` in index order ("0000", "0001", ...); other names are
/// ignored, the numbered ones must be exactly 0..N-1. `kind` names them in messages.
std::vector<std::string> numberedGroupNames(const h5::Context& ctx, hid_t group,
                                            const std::string& object, const char* kind);

/// Whether /parameterization is written: non-default settings, edge choices or results.
bool writesParameterization(const Project& project);
/// Writes /parameterization (project_file_parameterization.cpp).
void writeParameterization(const h5::Context& ctx, hid_t file, const Project& project);
/// Reads /parameterization into project.settings and project.graph when the file has it.
void readParameterization(const h5::Context& ctx, hid_t file, Project& project);
/// Writes one fat edge's parameterization as the group `name` ("0000", ...) under `edges`,
/// an open /parameterization/edges group (messages name /parameterization/edges/<name>).
/// Shared by the project file and the in-memory image ranks exchange
/// (parameterization_image.cpp), so both have one layout.
void writeEdgeParameterization(const h5::Context& ctx, hid_t edges, const std::string& name,
                               const EdgeParameterization& p);
/// Reads what writeEdgeParameterization wrote; throws FileError (via ctx) naming the object.
EdgeParameterization readEdgeParameterization(const h5::Context& ctx, hid_t edges,
                                              const std::string& name);

/// Writes /legs (project_file_legs.cpp).
void writeLegs(const h5::Context& ctx, hid_t file, const Project& project);
/// Reads /legs into project.legs, or detects the legs when the file has none.
void readLegs(const h5::Context& ctx, hid_t file, Project& project);

// /character (project_file_character.cpp): the user's character mesh; absent when none.
void writeCharacter(const h5::Context& ctx, hid_t file, const Project& project);
void readCharacter(const h5::Context& ctx, hid_t file, Project& project);

// /retarget (project_file_retarget.cpp): the joint map and the retargeting's sources; absent
// unless the character brought its own skeleton. Read after /character.
void writeRetarget(const h5::Context& ctx, hid_t file, const Project& project);
void readRetarget(const h5::Context& ctx, hid_t file, Project& project);

// A skeleton group "skeleton" and a clip group under `loc`; `at` is the path of `loc` in
// messages ("" for the file's own /skeleton and /clips).
void writeSkeleton(const h5::Context& ctx, hid_t loc, const Skeleton& skeleton, const std::string& at);
Skeleton readSkeleton(const h5::Context& ctx, hid_t loc, const std::string& at);
void writeClip(const h5::Context& ctx, hid_t clips, const std::string& name, const Clip& clip, const std::string& at);
Clip readClip(const h5::Context& ctx, hid_t clips, const std::string& name, const Skeleton& skeleton, const std::string& at);
/// A generated clip's origin as the attribute `generated` of its group (absent: captured).
void writeTransitionOrigin(const h5::Context& ctx, hid_t clip, const std::string& object, const TransitionOrigin& origin);
std::optional<TransitionOrigin> readTransitionOrigin(const h5::Context& ctx, hid_t clip, const std::string& object);

/// Writes /locomotion (project_file_locomotion.cpp) unless everything is at its default.
void writeLocomotion(const h5::Context& ctx, hid_t file, const Project& project);
/// Reads /locomotion into project.settings and project.locomotionRecords when the file has it
/// (after the settings and legs).
void readLocomotion(const h5::Context& ctx, hid_t file, Project& project);

/// Writes /hub_rejections, /joystick and /actions (project_file_choices.cpp), each only when it holds
/// anything.
void writeChoices(const h5::Context& ctx, hid_t file, const Project& project);
/// Reads /hub_rejections, /joystick and /actions into project.settings when the file has them (after
/// the clips).
void readChoices(const h5::Context& ctx, hid_t file, Project& project);

/// Writes the root attributes, /skeleton, /clips, /settings, /distances (when
/// writesDistanceCache), /graph (when writesGraph) and /edits into an empty file, calling
/// options.afterGroupWritten after each top-level group and each clip. Throws FileError (via
/// ctx).
void write(const h5::Context& ctx, hid_t file, const Project& project,
           const ProjectSaveOptions& options);

/// Checks file_type and format_version, reads and validates everything. Throws FileError
/// naming the object; never returns a partial project.
Project read(const h5::Context& ctx, hid_t file);

}  // namespace fatgraph::project_file
