#pragma once
// Moves one segment into another fat edge (move_segment), e.g. dragged in the fat edges tree.
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class MoveSegmentCommand : public GraphEditCommand {
 public:
  MoveSegmentCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::MoveSegment) {}
};

}  // namespace fatgraph::editor
