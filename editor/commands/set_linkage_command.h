#pragma once
// Chooses the clustering linkage, single or complete (set_linkage): fat edges re-clustered.
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class SetLinkageCommand : public GraphEditCommand {
 public:
  SetLinkageCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::SetLinkage) {}
};

}  // namespace fatgraph::editor
