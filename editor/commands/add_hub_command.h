#pragma once
// Adds a hub at a chosen clip frame (add_hub): match sets, segments and fat edges derived anew.
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class AddHubCommand : public GraphEditCommand {
 public:
  AddHubCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::AddHub) {}
};

}  // namespace fatgraph::editor
