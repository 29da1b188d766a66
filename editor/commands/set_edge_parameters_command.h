#pragma once
// Chooses one fat edge's joint, time, samples and grid (set_edge_parameters): the edge is
// parameterized anew.
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class SetEdgeParametersCommand : public GraphEditCommand {
 public:
  SetEdgeParametersCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::SetEdgeParameters) {}
};

}  // namespace fatgraph::editor
