#pragma once
// Removes a hub (remove_hub): segments and fat edges derived anew without its cuts.
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class RemoveHubCommand : public GraphEditCommand {
 public:
  RemoveHubCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::RemoveHub) {}
};

}  // namespace fatgraph::editor
