#include "views/joystick_mapping_editor.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>

#include <algorithm>

#include "fatgraph/core/param/edge_joystick.h"
#include "views/response_curve_plot.h"

namespace fatgraph::editor {
namespace {

// The limits core accepts (locomotion_settings.h EdgeEdgeJoystickChoice).
constexpr double kDeadZoneMax = 0.95, kResponseMin = 0.2, kResponseMax = 5.0;
constexpr double kRangeLimit = 100.0;  // metres: far beyond any plane

QDoubleSpinBox* spinBox(QWidget* parent, const QString& name, double lo, double hi, double step,
                        int decimals) {
  auto* box = new QDoubleSpinBox(parent);
  box->setObjectName(name);
  box->setRange(lo, hi);
  box->setSingleStep(step);
  box->setDecimals(decimals);
  box->setKeyboardTracking(false);  // one edit per Enter, focus loss or arrow step
  return box;
}

/// Automatic values are drawn in italics, so a user tells them from chosen ones.
void markAutomatic(QWidget* widget, bool automatic) {
  QFont font = widget->font();
  font.setItalic(automatic);
  widget->setFont(font);
  widget->setToolTip(automatic ? JoystickMappingEditor::tr("Automatic") : QString());
}

}  // namespace

JoystickMappingEditor::JoystickMappingEditor(QWidget* parent)
    : QWidget(parent),
      deadZone_(spinBox(this, QStringLiteral("joystickDeadZone"), 0.0, kMaxJoystickDeadZone, 0.01,
                        2)),
      response_(spinBox(this, QStringLiteral("joystickResponse"), kMinJoystickResponse,
                        kMaxJoystickResponse, 0.1, 2)),
      automatic_(new QPushButton(tr("Automatic"), this)),
      curve_(new ResponseCurvePlot(this)) {
  setObjectName(QStringLiteral("joystickMappingEditor"));
  automatic_->setObjectName(QStringLiteral("joystickAutomatic"));
  automatic_->setToolTip(tr("Forget this edge's joystick choices: every value automatic"));
  const char* axisName[2] = {"x", "y"};
  for (int a = 0; a < 2; ++a) {
    invert_[a] = new QCheckBox(tr("Invert %1").arg(QLatin1String(axisName[a])), this);
    invert_[a]->setObjectName(QStringLiteral("joystickInvert%1").arg(a));
    for (int side = 0; side < 2; ++side) {
      range_[a][side] = spinBox(this, QStringLiteral("joystickRange%1%2").arg(a).arg(side),
                                -kRangeLimit, kRangeLimit, 0.01, 3);
      range_[a][side]->setSuffix(tr(" m"));
      connect(range_[a][side], &QDoubleSpinBox::valueChanged, this,
              &JoystickMappingEditor::rangeEdited);
    }
    connect(invert_[a], &QCheckBox::clicked, this, &JoystickMappingEditor::invertEdited);
  }
  auto* grid = new QGridLayout(this);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->addWidget(new QLabel(tr("Dead zone"), this), 0, 0);
  grid->addWidget(deadZone_, 0, 1);
  grid->addWidget(new QLabel(tr("Response"), this), 0, 2);
  grid->addWidget(response_, 0, 3);
  grid->addWidget(new QLabel(tr("Range x"), this), 1, 0);
  grid->addWidget(range_[0][0], 1, 1);
  grid->addWidget(range_[0][1], 1, 2);
  grid->addWidget(invert_[0], 1, 3);
  grid->addWidget(new QLabel(tr("Range y"), this), 2, 0);
  grid->addWidget(range_[1][0], 2, 1);
  grid->addWidget(range_[1][1], 2, 2);
  grid->addWidget(invert_[1], 2, 3);
  grid->addWidget(curve_, 3, 0, 1, 4);
  grid->addWidget(automatic_, 4, 3);

  connect(deadZone_, &QDoubleSpinBox::valueChanged, this, &JoystickMappingEditor::deadZoneEdited);
  connect(response_, &QDoubleSpinBox::valueChanged, this, &JoystickMappingEditor::responseEdited);
  connect(automatic_, &QPushButton::clicked, this, [this] { request(EdgeJoystickChoice{}); });
  setEdge(QString(), JoystickMapping{}, EdgeJoystickChoice{});
}

void JoystickMappingEditor::setEdge(const QString& edge, const JoystickMapping& mapping,
                                    const EdgeJoystickChoice& choice) {
  edge_ = edge;
  mapping_ = mapping;
  choice_ = choice;
  setEnabled(!edge.isEmpty());
  showMapping();
}

void JoystickMappingEditor::showMapping() {
  const QSignalBlocker blockDeadZone(deadZone_), blockResponse(response_);
  deadZone_->setValue(mapping_.deadZone);
  response_->setValue(mapping_.responseExponent);
  markAutomatic(deadZone_, !choice_.deadZone);
  markAutomatic(response_, !choice_.responseExponent);
  for (int a = 0; a < 2; ++a) {
    invert_[a]->setChecked(mapping_.invert[a]);
    markAutomatic(invert_[a], !choice_.invert);
    const float values[2] = {mapping_.rangeMin[a], mapping_.rangeMax[a]};
    for (int side = 0; side < 2; ++side) {
      const QSignalBlocker block(range_[a][side]);
      range_[a][side]->setValue(values[side]);
      markAutomatic(range_[a][side], side == 0 ? !choice_.rangeMin : !choice_.rangeMax);
    }
  }
  automatic_->setEnabled(!choice_.automatic());
  curve_->setMapping(mapping_);
}

void JoystickMappingEditor::request(const EdgeJoystickChoice& choice, int dragId) {
  if (edge_.isEmpty()) return;
  emit editRequested(GraphEditRequest::setJoystick(edge_, choice, dragId));
}

void JoystickMappingEditor::deadZoneEdited() {
  EdgeJoystickChoice choice = choice_;
  choice.deadZone = static_cast<float>(deadZone_->value());
  request(choice);
}

void JoystickMappingEditor::responseEdited() {
  EdgeJoystickChoice choice = choice_;
  choice.responseExponent = static_cast<float>(response_->value());
  request(choice);
}

void JoystickMappingEditor::invertEdited() {
  EdgeJoystickChoice choice = choice_;
  choice.invert = std::array<bool, 2>{invert_[0]->isChecked(), invert_[1]->isChecked()};
  request(choice);
}

void JoystickMappingEditor::rangeEdited() {
  // A range is stored for both axes at once: the other axis keeps its shown (effective) value.
  EdgeJoystickChoice choice = choice_;
  const auto shown = [this](int side) {
    return std::array<float, 2>{static_cast<float>(range_[0][side]->value()),
                                static_cast<float>(range_[1][side]->value())};
  };
  choice.rangeMin = shown(0);
  choice.rangeMax = shown(1);
  request(choice);
}

void JoystickMappingEditor::dragRange(int axis, int side, double value, int dragId) {
  EdgeJoystickChoice choice = choice_;
  // The effective bounds (the choice's where they apply), one of them moved.
  std::array<float, 2> lo{mapping_.rangeMin[0], mapping_.rangeMin[1]};
  std::array<float, 2> hi{mapping_.rangeMax[0], mapping_.rangeMax[1]};
  // A bound stays on its side of the neutral (core refuses others): the handle stops there.
  const float neutral = mapping_.neutral[axis];
  const float margin = 1e-3f + 1e-3f * (mapping_.rangeMax[axis] - mapping_.rangeMin[axis]);
  const float bound = side == 0 ? std::min(static_cast<float>(value), neutral - margin)
                                : std::max(static_cast<float>(value), neutral + margin);
  (side == 0 ? lo : hi)[static_cast<size_t>(axis)] = bound;
  choice.rangeMin = lo;
  choice.rangeMax = hi;
  request(choice, dragId);
}

}  // namespace fatgraph::editor
