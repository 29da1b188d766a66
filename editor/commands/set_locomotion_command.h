#pragma once
// Turns a fat edge's leg layer on, off or automatic (set_locomotion).
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class SetLocomotionCommand : public GraphEditCommand {
 public:
  SetLocomotionCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::SetLocomotion) {}
};

}  // namespace fatgraph::editor
