#pragma once
// Renames a fat edge (rename_edge).
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class RenameEdgeCommand : public GraphEditCommand {
 public:
  RenameEdgeCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::RenameEdge) {}
};

}  // namespace fatgraph::editor
