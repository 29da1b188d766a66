#pragma once
// The hub suggestions of a project as a user reviews them (Fat Graph §3.1: the system
// suggests, the user accepts or rejects): the next hubs in the order accept_hub would take
// them, each named as edits name frames. Accepting is the accept_hub edit; rejecting is
// {"op": "reject_hub", "clip": C, "frame": F} (graph_edits.h), after which neither the list
// nor accept_hub offers that frame or the frames within a pose window of it.
#include <string>
#include <vector>

#include "fatgraph/core/model/progress.h"
#include "fatgraph/core/model/project.h"

namespace fatgraph {

struct RankedHubSuggestion {
  int clip = -1;            // index into project.clips
  std::string clipName;
  int sourceFrame = 0;      // the frame in the clip's source file (what edits name)
  int frame = 0;            // the frame at the working rate, within the clip
  int globalFrame = 0;      // over all clips at the working rate (PoseFeatures' index)
  int matchCount = 0;       // frames in its exact match set (itself excluded)
  double coverageGain = 0;  // rise of the overall coverage, a fraction of all frames
};

/// The next `count` hub suggestions (fewer when the frames run out) in rank order: the first
/// is the hub accept_hub adds now, the second the one it would add after that, and so on.
/// Frames that are hubs, frames their hubs cover and rejected frames are left out. Uses the
/// project's cached distance scan; when the cache does not fit the clips (never after a build
/// or a load of a built project) the scan is computed here, which takes as long as a build's
/// distance stage. Thread-safe on a const project, so a worker may call it while the project
/// stays put. `progress` (fraction of `count` ranked) returning false throws Cancelled. Throws
/// Error when count < 0 or the project has no clips.
std::vector<RankedHubSuggestion> rankHubSuggestions(const Project& project, int count,
                                                    const ProgressCallback& progress = {});

/// The global frames (over all clips, working rate) of project.settings.hubRejections whose
/// clip still exists.
std::vector<int> rejectedHubFrames(const Project& project);

}  // namespace fatgraph
