#pragma once
// Edits one fat edge's joystick mapping (the set_joystick op): dead zone, response exponent,
// inversion per axis and the plane ranges either side of the neutral, with the response curve
// drawn live (response_curve_plot.h). It shows the edge's effective mapping (what the export
// writes) and the user's choice; every change emits one set_joystick edit carrying the whole
// choice, the untouched fields kept as they were (automatic stays automatic). "Automatic"
// clears the choice.
#include <QWidget>

#include "document/graph_edit_request.h"
#include "fatgraph/runtime/runtime_graph.h"

class QCheckBox;
class QDoubleSpinBox;
class QPushButton;

namespace fatgraph::editor {

class ResponseCurvePlot;

class JoystickMappingEditor : public QWidget {
  Q_OBJECT

 public:
  explicit JoystickMappingEditor(QWidget* parent = nullptr);

  /// Shows edge `edge`'s effective `mapping` and the user's `choice`; an empty name disables.
  void setEdge(const QString& edge, const JoystickMapping& mapping,
               const EdgeJoystickChoice& choice);
  const QString& edge() const { return edge_; }
  const EdgeJoystickChoice& choice() const { return choice_; }
  const JoystickMapping& mapping() const { return mapping_; }

  /// A drag of a range handle on the parameter plot: one edit per step, all with `dragId`.
  /// `side` 0 moves rangeMin, 1 rangeMax, of axis `axis`.
  void dragRange(int axis, int side, double value, int dragId);

  QDoubleSpinBox* deadZoneBox() const { return deadZone_; }
  QDoubleSpinBox* responseBox() const { return response_; }
  QCheckBox* invertBox(int axis) const { return invert_[axis]; }
  /// rangeBox(axis, 0) is the minimum, rangeBox(axis, 1) the maximum (metres).
  QDoubleSpinBox* rangeBox(int axis, int side) const { return range_[axis][side]; }
  QPushButton* automaticButton() const { return automatic_; }
  ResponseCurvePlot* curve() const { return curve_; }

 signals:
  void editRequested(const GraphEditRequest& edit);

 private:
  void showMapping();
  void request(const EdgeJoystickChoice& choice, int dragId = 0);
  void deadZoneEdited();
  void responseEdited();
  void invertEdited();
  void rangeEdited();

  QString edge_;
  JoystickMapping mapping_;
  EdgeJoystickChoice choice_;
  QDoubleSpinBox* deadZone_;
  QDoubleSpinBox* response_;
  QCheckBox* invert_[2];
  QDoubleSpinBox* range_[2][2];
  QPushButton* automatic_;
  ResponseCurvePlot* curve_;
};

}  // namespace fatgraph::editor
