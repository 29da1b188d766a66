#pragma once
// Sets the edge threshold (set_edge_threshold): fat edges re-clustered. A threshold slider's
// edits (on release or after a pause) merge into one undo step by the drag's id.
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class SetEdgeThresholdCommand : public GraphEditCommand {
 public:
  SetEdgeThresholdCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::SetEdgeThreshold) {}
};

}  // namespace fatgraph::editor
