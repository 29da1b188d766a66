#pragma once
// Hub and match-set edits named by working-rate frames, as the views know frames (timeline,
// distance curve): each builds the GraphEditRequest core takes, whose frames are frames of
// the clip's source file (graph_edits.h).
#include "document/graph_edit_request.h"
#include "fatgraph/core/model/project.h"

namespace fatgraph::editor {

/// The source-file frame that working-rate frame `frame` of `clip` was sampled at (rounded);
/// core maps it back to `frame` (authored_edits.h, workingFrame).
int sourceFrameOf(const Clip& clip, int frame);

/// add_hub at frame `frame` of clip `clip`.
GraphEditRequest addHubAt(const Project& project, FrameRef frame);
/// remove_match when `frame` is in hub `hub`'s match set, else add_match.
GraphEditRequest toggleMatchAt(const Project& project, int hub, FrameRef frame);
/// move_match of hub `hub`'s match `from` to frame `toFrame` of the same clip.
GraphEditRequest moveMatchTo(const Project& project, int hub, FrameRef from, int toFrame,
                             int dragId = 0);
/// True when `frame` is in hub `hub`'s match set.
bool isMatchOf(const Project& project, int hub, FrameRef frame);

}  // namespace fatgraph::editor
