#pragma once
// Merges one fat edge into another with the same hubs (merge_edges).
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class MergeEdgesCommand : public GraphEditCommand {
 public:
  MergeEdgesCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::MergeEdges) {}
};

}  // namespace fatgraph::editor
