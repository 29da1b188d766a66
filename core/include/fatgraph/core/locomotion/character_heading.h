#pragma once
// Where a character is heading in each frame of a clip (docs/DESIGN.md, conventions): the
// horizontal perpendicular of the left-hip -> right-hip line, smoothed over about a gait cycle
// (1 s), as a yaw about +Y (0 faces +Z, positive turns left). The runtime graph's character
// frame and root deltas use it, so the pelvis's yaw wobble stays in the pose.
#include <vector>

#include "fatgraph/core/locomotion/legs.h"
#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph {

/// One yaw per frame of `clip`. Legs on both sides of the root (by their hips' position in
/// the first frame) give the hip line; without them the root joint's own yaw is returned.
std::vector<double> characterHeadings(const Skeleton& skeleton, const Clip& clip,
                                      const LegSetup& legs);

/// The angle from the motion root's yaw (headingYaw of its model rotation) to where the figure
/// faces, by its feet (ankle heel -> toe tip on the ground, over frames [first, last]), rounded
/// to a quarter turn: 0 for a rig whose root faces +Z at rest (CMU), pi for one facing -Z, and
/// 0 without feet. Code that reads a heading off the root's yaw adds it, so nothing assumes +Z.
double rootFacingOffset(const Skeleton& skeleton, const Clip& clip, const LegSetup& legs,
                        int first, int last);

}  // namespace fatgraph
