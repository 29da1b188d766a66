#pragma once
// Moves one match of a hub to another frame (move_match). A match dragged along a curve
// issues one per step with the drag's id; they merge into one undo step.
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class MoveMatchCommand : public GraphEditCommand {
 public:
  MoveMatchCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::MoveMatch) {}
};

}  // namespace fatgraph::editor
