#pragma once
// Ghost skeletons for the viewport: a hub's pose and the pose of each frame of its match set
// as faint bone lines, so a user sees how alike the poses that cut the clips are. Each ghost
// stands at its own place, where its clip was captured (model space of its clip, as the
// viewport draws every clip) -- not moved onto the hub the way the pose distance aligns
// windows; matches in the clip on screen thus appear along its trajectory.
#include <QColor>

#include "fatgraph/core/model/project.h"
#include "views/line_geometry.h"

namespace fatgraph::editor {

/// Ghosts drawn at most per hub; a larger match set is thinned evenly (the hub always drawn).
inline constexpr int kMaxGhostPoses = 48;

/// The bones (joint to parent, joint to end site) of frame `frame` of `clip` into `batch`.
void addGhostSkeleton(LineBatch& batch, const Skeleton& skeleton, const Clip& clip, int frame,
                      const QColor& colour);

/// Hub `hub`'s frame (brighter) and its matches (fainter) of `project` as ghost skeletons;
/// nothing for a hub index out of range or frames outside their clips.
LineBatch hubGhostPoses(const Project& project, int hub);

}  // namespace fatgraph::editor
