#pragma once
// Sets the project-wide parameterization defaults (set_parameterization).
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class SetParameterizationCommand : public GraphEditCommand {
 public:
  SetParameterizationCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::SetParameterization) {}
};

}  // namespace fatgraph::editor
