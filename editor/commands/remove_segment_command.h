#pragma once
// Takes a segment out of its fat edge (remove_segment); it stays unassigned.
// The swap of graph states and drag merging are GraphEditCommand's.
#include <utility>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

class RemoveSegmentCommand : public GraphEditCommand {
 public:
  RemoveSegmentCommand(Document* document, const GraphEditRequest& edit, GraphState edited)
      : GraphEditCommand(document, edit, std::move(edited), CommandId::RemoveSegment) {}
};

}  // namespace fatgraph::editor
