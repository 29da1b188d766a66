#pragma once
// One authoring edit of the graph as the document applies it: the edit (core graph_edit.h,
// docs/DESIGN.md "Edits are data"), the text the undo stack shows, whether it runs on the
// worker thread, and the drag it belongs to. The named constructors build the edits the
// editor's docks need, with their op's undo text and speed (each op declares both in core's
// graph_edit.h); any edit can be given typed, and a script can give one as JSON text.
#include <QList>
#include <QString>

#include <optional>
#include <variant>

#include "fatgraph/core/graph/graph_edit.h"
#include "fatgraph/core/locomotion/locomotion_settings.h"

namespace fatgraph::editor {

struct GraphEditRequest {
  /// The edit; or, from a script, its JSON object as text, read when the edit is applied (so
  /// text that is no edit is refused with this request's label, like any invalid edit).
  std::variant<GraphEdit, QString> edit;
  QString label;      // undo text, e.g. "Rename fat edge edge0 to walk"
  bool slow = false;  // hub, match-set or threshold change: runs on the worker thread
  /// Non-zero while a drag (a slider, a match moved along a curve, a segment dragged) issues
  /// edits: successive edits of the same op with the same dragId merge into one undo step.
  /// A view takes a fresh id from nextDragId() when the drag starts.
  int dragId = 0;
  static int nextDragId();

  GraphEditRequest() = default;
  /// `edit` with its op's undo text and speed.
  explicit GraphEditRequest(GraphEdit edit, int dragId = 0);
  /// A script's edit as JSON text, e.g. {"op":"rename_edge","edge":"edge0","name":"walk"}.
  GraphEditRequest(QString json, QString label, bool slow);

  /// The edit; throws Error (core graphEditFromJson) when the JSON text is no edit.
  GraphEdit read() const;
  /// The edit's JSON object as text.
  QString json() const;

  static GraphEditRequest renameHub(const QString& hub, const QString& name);
  static GraphEditRequest removeHub(const QString& hub);
  static GraphEditRequest acceptHub();
  static GraphEditRequest setHubThreshold(double metres);
  static GraphEditRequest setEdgeThreshold(double metres);
  static GraphEditRequest renameFatEdge(const QString& edge, const QString& name);
  /// The skeleton's legs found anew by core's detection (names, else geometry).
  static GraphEditRequest detectLegs();

  // Fat edges. Segments are indices into the graph's segment list at the time of the edit.
  /// set_edge_threshold as one step of a slider drag (merged by `dragId`).
  static GraphEditRequest setEdgeThreshold(double metres, int dragId);
  /// set_linkage: single (chains of similar segments) or complete (every pair blends).
  static GraphEditRequest setLinkage(bool single);
  static GraphEditRequest moveSegment(int segment, const QString& edge);
  /// split_edge: `segments` (members of `edge`, not all) into a new edge (`name` empty: fresh).
  static GraphEditRequest splitEdge(const QString& edge, const QList<int>& segments,
                                    const QString& name = {});
  /// merge_edges: every segment of `absorbed` into `kept`.
  static GraphEditRequest mergeEdges(const QString& kept, const QString& absorbed);
  static GraphEditRequest removeSegment(int segment);

  // Hubs and match sets. Frames are source-file frames of the named clip, as core's edits
  // take them (document/hub_edits.h names working-rate frames).
  static GraphEditRequest addHub(const QString& clip, int sourceFrame);
  static GraphEditRequest rejectHub(const QString& clip, int sourceFrame);
  static GraphEditRequest addMatch(const QString& hub, const QString& clip, int sourceFrame);
  static GraphEditRequest removeMatch(const QString& hub, const QString& clip, int sourceFrame);
  /// One step of a drag when `dragId` is non-zero (the steps merge into one undo step).
  static GraphEditRequest moveMatch(const QString& hub, const QString& clip, int sourceFrame,
                                    int toSourceFrame, int dragId = 0);

  // The parameter dock's ops.
  /// set_edge_parameters: the joint and the reference time (seconds) the edge's plane
  /// measures; empty = automatic. Slow: the edge is parameterized anew.
  static GraphEditRequest setEdgeParameters(const QString& edge, const QString& joint,
                                            std::optional<double> timeSeconds);
  /// set_locomotion: the leg layer on, off, or automatic (empty).
  static GraphEditRequest setLocomotion(const QString& edge, std::optional<bool> locomotion);
  static GraphEditRequest setBlend(const QString& edge, EdgeBlendMode blend);
  /// set_joystick: every field of `choice` that is empty is automatic (its edge is ignored).
  static GraphEditRequest setJoystick(const QString& edge, const EdgeJoystickChoice& choice,
                                      int dragId = 0);
};

}  // namespace fatgraph::editor
