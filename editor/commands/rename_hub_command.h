#pragma once
// Renames a hub (rename_hub).
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class RenameHubCommand : public GraphEditCommand {
 public:
  RenameHubCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::RenameHub) {}
};

}  // namespace fatgraph::editor
