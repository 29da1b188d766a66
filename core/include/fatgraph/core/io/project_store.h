#pragma once
// The project store: one HDF5 file per project (extension `.fgproj`), schema in
// docs/PROJECT_FORMAT.md. Files are readable with h5py and h5dump (standard types only).
//
// HDF5 is not thread-safe here: call these from one thread at a time (the owner of all file
// I/O). They turn off HDF5's own error printing (it stays off) and report every failure as a
// one-line FileError "<file>: <object>: <what>".
#include <functional>
#include <string>
#include <string_view>

#include "fatgraph/core/model/project.h"

namespace fatgraph {

/// The schema version this build writes and the newest it reads. Bump it only for changes
/// older readers would misread; new optional groups do not need a bump (readers ignore
/// unknown groups and attributes).
inline constexpr int kProjectFormatVersion = 3;

/// File name extension of project files, with the dot.
inline constexpr std::string_view kProjectFileExtension = ".fgproj";

struct ProjectSaveOptions {
  /// Called after each group is completely written to the temporary file, with its HDF5 path
  /// ("/skeleton", "/clips/0000", "/clips/0001", ..., "/settings", "/distances" and "/graph"
  /// when they are written, "/edits", in that order). An exception thrown
  /// here aborts the save like any write failure: the previous file stays untouched and the
  /// temporary file is removed. Meant for tests (failure injection) and progress reports.
  std::function<void(std::string_view group)> afterGroupWritten;
};

/// Writes `project` (skeleton, clips, graph settings, distance cache, graph and edit history)
/// to `path` atomically: the file is written to a temporary file in the same directory,
/// flushed to disk, then renamed over `path`. On failure the previous file (if any) is left
/// intact, no temporary file remains, and FileError names `path` and the problem (an invalid
/// project or graph -- the same checks loadProject makes --, a missing directory, an HDF5
/// write error, ...). A distance cache whose frame count differs from the clips' (stale) is
/// not written.
void saveProject(const Project& project, const std::string& path,
                 const ProjectSaveOptions& options = {});

/// Reads a project file written by this or an older format version and validates it
/// (shapes, parent indices, unit quaternions, Project::validate(), every graph index and
/// warp). Throws FileError naming the file and the offending object; never returns a
/// partially loaded project. A version 1 file loads with default settings, no distance
/// cache, an empty graph and no edits. Unknown groups and attributes are ignored.
Project loadProject(const std::string& path);

/// Cheap check: an existing regular file with the HDF5 signature whose root attribute
/// `file_type` is "fatgraph.project". Never throws.
bool isProjectFile(const std::string& path);

/// Whether the file carries the HDF5 signature. Callers that accept both BVH and project files
/// pick the project loader for every HDF5 file, so a damaged project is reported as one (with
/// what is wrong in it) rather than as a BVH file lacking 'HIERARCHY'. Never throws.
bool isHdf5File(const std::string& path);

}  // namespace fatgraph
