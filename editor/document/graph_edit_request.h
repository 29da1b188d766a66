#pragma once
// One authoring edit of the graph as data (core graph_edits.h, docs/DESIGN.md "Edits are data"):
// the JSON object core applies, the text the undo stack shows, and whether the edit re-derives
// segments and fat edges (slow on big projects: the document runs it on the worker thread).
// The named constructors write the JSON the editor's docks need; any other op can be given
// as text.
#include <QString>

namespace fatgraph::editor {

struct GraphEditRequest {
  QString json;       // one edit object, e.g. {"op":"rename_edge","edge":"edge0","name":"walk"}
  QString label;      // undo text, e.g. "Rename fat edge edge0 to walk"
  bool slow = false;  // hub, match-set or threshold change: runs on the worker thread
  /// Non-zero while a drag (a slider, a match moved along a curve, a segment dragged) issues
  /// edits: successive edits of the same op with the same dragId merge into one undo step.
  /// A view takes a fresh id from nextDragId() when the drag starts.
  int dragId = 0;
  static int nextDragId();

  static GraphEditRequest renameHub(const QString& hub, const QString& name);
  static GraphEditRequest removeHub(const QString& hub);
  static GraphEditRequest acceptHub();
  static GraphEditRequest setHubThreshold(double metres);
  static GraphEditRequest setEdgeThreshold(double metres);
  static GraphEditRequest renameFatEdge(const QString& edge, const QString& name);
  /// The skeleton's legs found anew by core's detection (names, else geometry).
  static GraphEditRequest detectLegs();
};

}  // namespace fatgraph::editor
