#pragma once
// Sets how the joystick maps onto a fat edge's parameters (set_joystick). A range dragged
// in a view issues one per step with the drag's id; they merge into one undo step.
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class SetJoystickCommand : public GraphEditCommand {
 public:
  SetJoystickCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::SetJoystick) {}
};

}  // namespace fatgraph::editor
