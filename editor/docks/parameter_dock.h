#pragma once
// The parameter dock: one fat edge's parameter space (chosen by name, or by selecting the edge
// in the graph dock) as a plot, its accuracy in a line (the plain and the refined grid's median
// and 95th percentile error, samples, grid size, the joint measured and when) and its notes.
// While the mouse moves over the plot, the viewport previews the edge's blend at that point:
// the runtime's EdgeBlend plays the edge in a loop at 60 Hz with the grid's weights there.
// When the mouse leaves the plot, the viewport shows the clip again.
#include <QDockWidget>
#include <QElapsedTimer>
#include <QTimer>

#include "views/blend_preview.h"

class QComboBox;
class QLabel;

namespace fatgraph::editor {

class Document;
class ParameterPlot;
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
  /// The fat edge shown (index into the graph's fat edges), -1 when none.
  int currentEdge() const;
  bool isPreviewing() const { return previewing_; }
  const BlendPreview& preview() const { return preview_; }

 public slots:
  /// Shows fat edge `fatEdge` (ignored when out of range).
  void selectEdge(int fatEdge);
  /// The ground the preview's leg layer stands on (null: flat). Not owned.
  void setTerrain(const Terrain* terrain);

 private:
  void refresh();
  void showEdge();
  void previewAt(double x, double y);
  void stopPreview();
  void tick();
  void showPreviewPose();

  Document* document_;
  Viewport* viewport_;
  QComboBox* edgeChooser_;
  ParameterPlot* plot_;
  QLabel* accuracyLabel_;
  QLabel* notesLabel_;
  BlendPreview preview_;
  bool previewStale_ = true;  // the graph changed since the preview's runtime graph was built
  bool previewing_ = false;
  QTimer timer_;
  QElapsedTimer clock_;  // wall time between preview frames
};

}  // namespace fatgraph::editor
