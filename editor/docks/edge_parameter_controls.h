#pragma once
// The parameter dock's per-edge choices: which joint and reference time the edge's plane
// measures (set_edge_parameters), whether the edge gets the leg layer (set_locomotion: auto,
// on, off) and how the stick picks its weights (set_blend: grid, bands, polar), with core's
// verdict on locomotion and why (edge_locomotion.h planEdgeLocomotion).
//
// The controls show the project; changing one emits editRequested and nothing else, so the
// document's undo stack stays the only way the project changes.
#include <QWidget>

#include "document/graph_edit_request.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;

namespace fatgraph {
struct Project;
}

namespace fatgraph::editor {

class EdgeParameterControls : public QWidget {
  Q_OBJECT

 public:
  explicit EdgeParameterControls(QWidget* parent = nullptr);

  /// Shows fat edge `edge` of `project` (-1 or out of range: disabled and empty).
  void showEdge(const Project& project, int edge);

  /// "automatic" first (data: empty), then the skeleton's joints by name.
  QComboBox* jointChooser() const { return joint_; }
  /// Seconds into the reference segment; its minimum shows "automatic".
  QDoubleSpinBox* timeChooser() const { return time_; }
  /// Automatic / On / Off (data: "auto", "on", "off").
  QComboBox* locomotionChooser() const { return locomotion_; }
  /// Grid / Bands / Polar (data: core's names "grid", "bands", "polar").
  QComboBox* blendChooser() const { return blend_; }
  /// Core's verdict: locomotion or not, and why; the reference cycle's speed and duration.
  QLabel* locomotionReason() const { return reason_; }

 signals:
  void editRequested(const GraphEditRequest& edit);

 private:
  void requestParameters();
  void requestLocomotion();
  void requestBlend();

  QString edge_;  // the edge shown, by name; empty: none
  QComboBox* joint_;
  QDoubleSpinBox* time_;
  QComboBox* locomotion_;
  QComboBox* blend_;
  QLabel* reason_;
};

}  // namespace fatgraph::editor
