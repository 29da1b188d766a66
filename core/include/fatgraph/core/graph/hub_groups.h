#pragma once
// Which hubs the graph connects. Segments run from hub to hub, so hubs fall into groups the
// player can move between (a walk's hubs) and groups it never reaches from them (a run's,
// when no take goes from walking to running and no pose of one is within the hub threshold of
// the other). A build says so, with how far apart the closest poses of two groups are, so a
// user knows what threshold (or which take) would let them meet.
#include <vector>

#include "fatgraph/core/model/motion_graph.h"
#include "fatgraph/core/graph/pose_features.h"

namespace fatgraph {

/// Hub indices per group, each sorted, groups ordered by their first hub. Fat edges connect
/// hubs (either direction); a hub no edge touches is a group of its own.
std::vector<std::vector<int>> hubGroups(const MotionGraph& graph);

/// The same from hub-to-hub segments (before they are clustered into fat edges).
std::vector<std::vector<int>> hubGroups(int hubCount, const std::vector<Segment>& segments);

/// The closest poses between two groups: a hub of `from` and a frame of `to` (one of its
/// hubs or their matches), their RMS pose distance in metres (aligned on the ground).
struct HubGroupGap {
  int fromGroup = -1, toGroup = -1;
  int hub = -1;                 // a hub of the first group
  int frame = -1;               // global frame of the second group's closest hub or match
  int frameHub = -1;            // the hub of the second group whose frame or match it is
  double rms = 0.0;
};

/// For every pair of groups, the gap between them (one exact distance row per hub of the
/// first group).
std::vector<HubGroupGap> hubGroupGaps(const MotionGraph& graph, const PoseFeatures& features,
                                      int window);
std::vector<HubGroupGap> hubGroupGaps(const std::vector<Hub>& hubs, const std::vector<std::vector<int>>& groups,
                                      const PoseFeatures& features, int window);

/// A bridge between two groups of hubs: an occurrence of a hub of one group (a frame of its
/// match set with segments on both sides) becomes an occurrence of a hub of the other group,
/// so that take's segments lead into the other group and back out of it.
struct HubBridge {
  int hub = -1;       // the hub that gained the occurrence
  int otherHub = -1;  // the hub it was an occurrence of
  int frame = -1;     // global frame moved into `hub`'s match set
  double rms = 0.0;   // its pose distance to `hub`'s frame (RMS, metres)
};

/// Connects groups of hubs that no take connects, nearest first, where an occurrence of one
/// group lies within `limitRms` of a hub of the other (the build passes twice the hub threshold
/// by default: two occurrences of one hub may already differ that much, and the player's hub
/// transition blends them). Groups come from `segments` (hub to hub); each bridge joins two
/// groups, so at most (groups - 1) are made. A hub frame stays its hub's unless a
/// lower-numbered hub claims it (segment_cutting.h).
std::vector<HubBridge> bridgeHubGroups(std::vector<Hub>& hubs, const std::vector<Segment>& segments,
                                       const PoseFeatures& features, int window, double limitRms);

}  // namespace fatgraph
