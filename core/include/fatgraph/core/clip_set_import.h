#pragma once
// Gathering clips from several files into one project: BVH files and existing projects,
// resampled to the working rate, on one skeleton. Clips with the same joint names and
// hierarchy but other bone lengths (another CMU subject) are retargeted onto the first
// skeleton: local rotations kept, root translation scaled by the ratio of hip heights.
// Clips whose names or hierarchy differ are rejected, naming both files.
#include <string>
#include <vector>

#include "fatgraph/core/bvh_import.h"
#include "fatgraph/core/project.h"

namespace fatgraph {

struct ClipSetOptions {
  double fps = 30.0;
  bool keepReferencePose = false;
  BvhUnits units = BvhUnits::Auto;
};

struct ClipSetImport {
  Project project;                 // skeleton + clips at `fps` (graph empty)
  std::vector<std::string> notes;  // reference poses dropped, retargeting, renamed clips
};

/// Throws FileError / Error naming the file at fault.
ClipSetImport importClipSet(const std::vector<std::string>& paths, const ClipSetOptions& options);

/// Rest-pose height of the root above the lowest joint or end site (metres): the "leg length"
/// used to scale root motion when retargeting.
double restHipHeight(const Skeleton& skeleton);

/// The clip moved onto `target` (same topology as `source`).
Clip retargetClip(const Clip& clip, const Skeleton& source, const Skeleton& target);

}  // namespace fatgraph
