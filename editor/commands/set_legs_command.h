#pragma once
// Sets the skeleton's legs by hand (set_legs); the locomotion analysis follows them.
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class SetLegsCommand : public GraphEditCommand {
 public:
  SetLegsCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::SetLegs) {}
};

}  // namespace fatgraph::editor
