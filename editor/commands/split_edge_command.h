#pragma once
// Splits chosen segments off a fat edge into a new one (split_edge).
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class SplitEdgeCommand : public GraphEditCommand {
 public:
  SplitEdgeCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::SplitEdge) {}
};

}  // namespace fatgraph::editor
