#pragma once
// Where a character is heading in each frame of a clip (docs/DESIGN.md, conventions): the
// horizontal perpendicular of the left-hip -> right-hip line, smoothed over about a gait cycle
// (1 s), as a yaw about +Y (0 faces +Z, positive turns left). The runtime graph's character
// frame and root deltas use it, so the pelvis's yaw wobble stays in the pose.
#include <vector>

#include "fatgraph/core/legs.h"
#include "fatgraph/runtime/clip.h"
#include "fatgraph/runtime/skeleton.h"

namespace fatgraph {

/// One yaw per frame of `clip`. Legs on both sides of the root (by their hips' position in
/// the first frame) give the hip line; without them the root joint's own yaw is returned.
std::vector<double> characterHeadings(const Skeleton& skeleton, const Clip& clip,
                                      const LegSetup& legs);

}  // namespace fatgraph
