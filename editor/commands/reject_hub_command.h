#pragma once
// Rejects a hub suggestion (reject_hub) so later accepts pass over it.
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class RejectHubCommand : public GraphEditCommand {
 public:
  RejectHubCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::RejectHub) {}
};

}  // namespace fatgraph::editor
