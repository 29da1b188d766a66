#pragma once
// What the editor's previews share: the runtime graph built in memory from the project (core
// buildRuntimeGraph, exactly what Graph > Export writes), where each edge's recorded motion
// starts in the world, and the leg layer's footprints as the viewport draws them. The blend
// preview (views/blend_preview.h) and the live player (play/player_preview.h) both use them.
#include <QString>

#include <memory>
#include <span>
#include <vector>

#include "fatgraph/core/model/skeleton.h"
#include "fatgraph/runtime/leg_layer.h"
#include "fatgraph/runtime/root_motion.h"
#include "fatgraph/runtime/runtime_graph.h"
#include "document/leg_tracks.h"

namespace fatgraph {
struct Project;
}

namespace fatgraph::editor {

/// Builds the runtime graph of `project` into `graph`. Empty on success, else why there is
/// none (no fat edges yet, or core's reason), and `graph` is left empty.
QString buildPreviewGraph(const Project& project, RuntimeGraph& graph);

/// What a preview plays: the runtime graph and, per edge, where its recorded motion starts
/// (edgeStartFrame). Built once (on the pool: preview_graph_source.h) and shared, read only.
struct PreviewGraph {
  RuntimeGraph graph;
  Skeleton skeleton;  // the project's (double), for forward kinematics and drawing
  std::vector<CharacterFrame> edgeStarts;
};

/// The preview graph of `project`, or null with `why` set (buildPreviewGraph's reasons).
std::shared_ptr<const PreviewGraph> makePreviewGraph(const Project& project, QString& why);

/// Where `edge`'s reference segment starts in its clip: the root on the ground (y = 0), turned
/// to the root's heading, so a preview plays where the recorded motion is. The origin when the
/// clip is not in the project.
CharacterFrame edgeStartFrame(const Project& project, const RuntimeEdge& edge);

/// The leg layer's previous and next footprints, heel at the footprint and toe one foot length
/// along the character's heading `yaw` (world, metres), and the legs' names for their colours.
struct PreviewFootprints {
  std::vector<Footprint> footprints;
  std::vector<QString> legNames;
};
PreviewFootprints legLayerFootprints(Span<const LegReport> reports,
                                     const std::vector<RuntimeLeg>& legs, double yaw);

}  // namespace fatgraph::editor
