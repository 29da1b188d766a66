#pragma once
// Detects the skeleton's legs anew (detect_legs); the locomotion analysis follows them.
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class DetectLegsCommand : public GraphEditCommand {
 public:
  DetectLegsCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::DetectLegs) {}
};

}  // namespace fatgraph::editor
