#pragma once
// The QUndoCommand::id() of every command that merges, in one place (as Tiled's
// undocommands.h): QUndoStack merges a pushed command into the one on top only when both
// return the same id. Graph edit commands take one id per op of core's GraphEdit, so edits
// of different ops never merge; a command returns its id only while it is part of a drag
// (GraphEditRequest::dragId non-zero), otherwise -1, and is never merged.
#include <variant>

#include "fatgraph/core/graph/graph_edit.h"

namespace fatgraph::editor {

/// The id of a graph edit of the first op; the others follow in GraphEdit's order (another
/// merging command takes an id after the last: kFirstGraphEditCommandId + its size).
inline constexpr int kFirstGraphEditCommandId = 1;

/// The merge id of an edit of `edit`'s op.
inline int graphEditCommandId(const GraphEdit& edit) {
  return kFirstGraphEditCommandId + static_cast<int>(edit.index());
}

}  // namespace fatgraph::editor
