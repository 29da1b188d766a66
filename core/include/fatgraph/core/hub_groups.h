#pragma once
// Which hubs the graph connects. Segments run from hub to hub, so hubs fall into groups the
// player can move between (a walk's hubs) and groups it never reaches from them (a run's,
// when no take goes from walking to running and no pose of one is within the hub threshold of
// the other). A build says so, with how far apart the closest poses of two groups are, so a
// user knows what threshold (or which take) would let them meet.
#include <vector>

#include "fatgraph/core/motion_graph.h"
#include "fatgraph/core/pose_features.h"

namespace fatgraph {

/// Hub indices per group, each sorted, groups ordered by their first hub. Fat edges connect
/// hubs (either direction); a hub no edge touches is a group of its own.
std::vector<std::vector<int>> hubGroups(const MotionGraph& graph);

/// The closest poses between two groups: a hub of `from` and a frame of `to` (one of its
/// hubs or their matches), their RMS pose distance in metres (aligned on the ground).
struct HubGroupGap {
  int fromGroup = -1, toGroup = -1;
  int hub = -1;                 // a hub of the first group
  int frame = -1;               // global frame of the second group's closest hub or match
  double rms = 0.0;
};

/// For every pair of groups, the gap between them (one exact distance row per hub of the
/// first group).
std::vector<HubGroupGap> hubGroupGaps(const MotionGraph& graph, const PoseFeatures& features,
                                      int window);

}  // namespace fatgraph
