#pragma once
// How the editor presents each graph edit op (core graph_edit.h), in one place: the text its
// undo step shows and whether it is slow. A slow edit re-derives segments, fat edges, a
// parameterization or the leg analysis, which takes long on big projects: the document runs
// it on the worker thread.
#include <QString>

#include "fatgraph/core/graph_edit.h"

namespace fatgraph::editor {

struct GraphEditPresentation {
  QString undoText;  // e.g. "Rename fat edge edge0 to walk"
  bool slow = false;
};

GraphEditPresentation presentationOf(const GraphEdit& edit);

}  // namespace fatgraph::editor
