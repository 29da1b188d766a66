#pragma once
// Graph > Build Graph…: the options of the automatic construction (working rate, pose window,
// number of hubs, hub and edge thresholds, each automatic or in metres). The dialog only
// collects a GraphBuildRequest; the document runs the build.
#include <QDialog>

#include "document/graph_build.h"

class QCheckBox;
class QDoubleSpinBox;
class QSpinBox;

namespace fatgraph::editor {

class BuildGraphDialog : public QDialog {
  Q_OBJECT

 public:
  explicit BuildGraphDialog(QWidget* parent = nullptr);

  /// Fills the fields; thresholds absent from `request` show `hubMetres` / `edgeMetres`
  /// (e.g. the current graph's) with "automatic" checked.
  void setRequest(const GraphBuildRequest& request, double hubMetres, double edgeMetres);
  GraphBuildRequest request() const;

  QDoubleSpinBox* fpsSpin() const { return fps_; }
  QSpinBox* windowSpin() const { return window_; }
  QSpinBox* hubCountSpin() const { return hubs_; }
  QCheckBox* hubAutomaticBox() const { return hubAutomatic_; }
  QDoubleSpinBox* hubThresholdSpin() const { return hubThreshold_; }
  QCheckBox* edgeAutomaticBox() const { return edgeAutomatic_; }
  QDoubleSpinBox* edgeThresholdSpin() const { return edgeThreshold_; }

 private:
  QWidget* thresholdRow(QCheckBox* automatic, QDoubleSpinBox* metres);

  QDoubleSpinBox* fps_;
  QSpinBox* window_;
  QSpinBox* hubs_;
  QCheckBox* hubAutomatic_;
  QDoubleSpinBox* hubThreshold_;
  QCheckBox* edgeAutomatic_;
  QDoubleSpinBox* edgeThreshold_;
};

}  // namespace fatgraph::editor
