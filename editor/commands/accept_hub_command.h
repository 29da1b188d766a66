#pragma once
// Accepts the best hub suggestion not yet covered (accept_hub): match sets, segments and fat
// edges derived anew.
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class AcceptHubCommand : public GraphEditCommand {
 public:
  AcceptHubCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::AcceptHub) {}
};

}  // namespace fatgraph::editor
