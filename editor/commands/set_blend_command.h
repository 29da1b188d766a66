#pragma once
// Chooses a fat edge's blend mode, grid, bands or polar (set_blend).
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class SetBlendCommand : public GraphEditCommand {
 public:
  SetBlendCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::SetBlend) {}
};

}  // namespace fatgraph::editor
