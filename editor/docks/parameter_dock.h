#pragma once
// The parameter dock: one fat edge's parameter space (chosen by name, or by selecting the edge
// anywhere: the shared Selection) as a plot, its accuracy in a line (the plain and the refined
// grid's median and 95th percentile error, samples, grid size, the joint measured and when)
// and its notes; below, the edge's choices (joint and time, locomotion, blend:
// edge_parameter_controls.h) and its joystick mapping (joystick_mapping_editor.h), whose
// ranges the plot also draws and lets the user drag. Every change is one edit on the
// document's undo stack; a range drag is one undo step.
//
// While the mouse moves over the plot, the viewport previews the edge's blend at that point:
// the runtime's EdgeBlend plays the edge in a loop at 60 Hz with the grid's weights there.
// Pressing holds a point (dragging moves it): the preview stays there after release, and the
// line under the plot lists the segments' weights, until Clear (or a right click) lets go.
// When the mouse leaves the plot with no point held, the viewport shows the clip again.
#include <QDockWidget>
#include <QElapsedTimer>
#include <QPointer>
#include <QTimer>

#include <optional>

#include "document/graph_edit_request.h"
#include "views/blend_preview.h"

class QComboBox;
class QLabel;
class QPushButton;

namespace fatgraph::editor {

class Document;
class EdgeParameterControls;
class JoystickMappingEditor;
class ParameterPlot;
class PreviewGraphSource;
class Selection;
class Viewport;

class ParameterDock : public QDockWidget {
  Q_OBJECT

 public:
  /// `viewport` shows the preview; it may be null (no preview).
  ParameterDock(Document* document, Viewport* viewport, QWidget* parent = nullptr);

  QComboBox* edgeChooser() const { return edgeChooser_; }
  ParameterPlot* plot() const { return plot_; }
  /// "Error median / p95: plain 12.0 / 31.5 mm, refined 4.1 / 9.8 mm · 300 samples · ..."
  QLabel* accuracyLabel() const { return accuracyLabel_; }
  /// Why this joint and time, and the parameterization's notes (degenerate spaces, ...).
  QLabel* notesLabel() const { return notesLabel_; }
  EdgeParameterControls* controls() const { return controls_; }
  JoystickMappingEditor* joystickEditor() const { return joystick_; }
  /// The held point's blend: "s2 (144_03 412–447) 0.58 · s0 (…) 0.42"; empty when none.
  QLabel* weightsLabel() const { return weightsLabel_; }
  QPushButton* clearPointButton() const { return clearPoint_; }
  /// The fat edge shown (index into the graph's fat edges), -1 when none.
  int currentEdge() const;
  bool isPreviewing() const { return previewing_; }
  const BlendPreview& preview() const { return preview_; }
  /// Waits until a preview asked for has its runtime graph (built on the pool) and shows
  /// (tests).
  void waitForPreviewGraph();

  /// Follows (and sets) the selected fat edge of `selection` (not owned; null: none).
  void setSelection(Selection* selection);

 public slots:
  /// Shows fat edge `fatEdge` (ignored when out of range).
  void selectEdge(int fatEdge);
  /// Plays the shown edge's blend at the centre of its parameter plane (plane point 0, 0,
  /// the samples' centroid): the fat edges dock's Play Blend.
  void previewNeutralPoint();
  /// The ground the preview's leg layer stands on (null: flat). Not owned.
  void setTerrain(const Terrain* terrain);

 private:
  void refresh();
  void showEdge();
  void showJoystick(int edge);
  void requestEdit(const GraphEditRequest& edit);
  void previewAt(double x, double y);
  void previewGraphReady();
  void hoverAt(double x, double y);
  void hoverEnded();
  void stopPreview();
  void tick();
  void showPreviewPose();
  void showWeights();

  Document* document_;
  Viewport* viewport_;
  QPointer<Selection> selection_;
  QComboBox* edgeChooser_;
  ParameterPlot* plot_;
  QLabel* accuracyLabel_;
  QLabel* notesLabel_;
  QLabel* weightsLabel_;
  QPushButton* clearPoint_;
  EdgeParameterControls* controls_;
  JoystickMappingEditor* joystick_;
  QString shownEdge_;    // the edge on screen, by name: another edge lets go of the held point
  int rangeDragId_ = 0;  // the range handle drag in progress; 0: none
  PreviewGraphSource* graphSource_;  // builds the preview's runtime graph on the pool
  BlendPreview preview_;
  std::optional<Eigen::Vector2d> pendingPoint_;  // asked for while the graph is being built
  bool previewStale_ = true;  // the graph changed since the preview's runtime graph was built
  bool previewing_ = false;
  QTimer timer_;
  QElapsedTimer clock_;  // wall time between preview frames
};

}  // namespace fatgraph::editor
