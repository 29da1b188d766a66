#pragma once
// Takes a frame out of a hub's match set (remove_match): one cut fewer.
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class RemoveMatchCommand : public GraphEditCommand {
 public:
  RemoveMatchCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::RemoveMatch) {}
};

}  // namespace fatgraph::editor
