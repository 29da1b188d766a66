#pragma once
// Adds a frame to a hub's match set (add_match): a new cut, segments derived anew.
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class AddMatchCommand : public GraphEditCommand {
 public:
  AddMatchCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::AddMatch) {}
};

}  // namespace fatgraph::editor
