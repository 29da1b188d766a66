#pragma once
// Sets the hub threshold (set_hub_threshold): every match set derived anew. A threshold
// slider's edits merge into one undo step by the drag's id.
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class SetHubThresholdCommand : public GraphEditCommand {
 public:
  SetHubThresholdCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::SetHubThreshold) {}
};

}  // namespace fatgraph::editor
