#include "docks/edge_parameter_controls.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>

#include "fatgraph/core/locomotion/edge_locomotion.h"
#include "fatgraph/core/model/project.h"

namespace fatgraph::editor {
namespace {

constexpr double kAutomaticTime = -0.01;  // the spin box's minimum, shown as "automatic"

}  // namespace

EdgeParameterControls::EdgeParameterControls(QWidget* parent)
    : QWidget(parent),
      joint_(new QComboBox(this)),
      time_(new QDoubleSpinBox(this)),
      locomotion_(new QComboBox(this)),
      blend_(new QComboBox(this)),
      reason_(new QLabel(this)) {
  joint_->setObjectName(QStringLiteral("parameterJointChooser"));
  time_->setObjectName(QStringLiteral("parameterTimeChooser"));
  locomotion_->setObjectName(QStringLiteral("locomotionChooser"));
  blend_->setObjectName(QStringLiteral("blendChooser"));
  reason_->setObjectName(QStringLiteral("locomotionReason"));
  joint_->setToolTip(tr("The joint whose position the parameter plane measures"));
  time_->setToolTip(tr("When, in seconds of the reference segment, the joint is measured"));
  time_->setSpecialValueText(tr("automatic"));
  time_->setSuffix(tr(" s"));
  time_->setDecimals(2);
  time_->setSingleStep(0.05);
  // Each change parameterizes the edge anew: wait for Enter or focus loss, not every keystroke.
  time_->setKeyboardTracking(false);
  locomotion_->addItem(tr("Automatic"), QStringLiteral("auto"));
  locomotion_->addItem(tr("On"), QStringLiteral("on"));
  locomotion_->addItem(tr("Off"), QStringLiteral("off"));
  locomotion_->setToolTip(tr("Whether the runtime's leg layer plants this edge's feet"));
  blend_->addItem(tr("Grid"), QStringLiteral("grid"));
  blend_->addItem(tr("Bands"), QStringLiteral("bands"));
  blend_->addItem(tr("Polar"), QStringLiteral("polar"));
  blend_->setToolTip(tr("Grid: the parameter plane's weight grid; Bands / Polar: gradient "
                        "bands over the segments' velocities"));
  reason_->setWordWrap(true);
  reason_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  form->addRow(tr("Joint"), joint_);
  form->addRow(tr("Time"), time_);
  form->addRow(tr("Locomotion"), locomotion_);
  form->addRow(tr("Blend"), blend_);
  form->addRow(reason_);

  connect(joint_, &QComboBox::activated, this, &EdgeParameterControls::requestParameters);
  connect(time_, &QDoubleSpinBox::valueChanged, this, &EdgeParameterControls::requestParameters);
  connect(locomotion_, &QComboBox::activated, this, &EdgeParameterControls::requestLocomotion);
  connect(blend_, &QComboBox::activated, this, &EdgeParameterControls::requestBlend);
  showEdge(Project{}, -1);
}

void EdgeParameterControls::showEdge(const Project& project, int edge) {
  const QSignalBlocker blockTime(time_);
  const MotionGraph& graph = project.graph;
  const bool valid = edge >= 0 && static_cast<size_t>(edge) < graph.fatEdges.size();
  setEnabled(valid);
  if (joint_->count() != project.skeleton.jointCount() + 1) {
    joint_->clear();
    joint_->addItem(tr("automatic"), QString());
    for (const std::string& name : project.skeleton.names) {
      joint_->addItem(QString::fromStdString(name), QString::fromStdString(name));
    }
  }
  if (!valid) {
    edge_.clear();
    joint_->setCurrentIndex(0);
    time_->setValue(kAutomaticTime);
    locomotion_->setCurrentIndex(0);
    blend_->setCurrentIndex(0);
    reason_->clear();
    return;
  }
  const FatEdge& fatEdge = graph.fatEdges[static_cast<size_t>(edge)];
  edge_ = QString::fromStdString(fatEdge.name);

  // Joint and time: the parameterization says which were chosen automatically.
  const bool hasReference =
      fatEdge.reference >= 0 && static_cast<size_t>(fatEdge.reference) < graph.segments.size();
  const int frames =
      hasReference ? graph.segments[static_cast<size_t>(fatEdge.reference)].frameCount() : 1;
  time_->setRange(kAutomaticTime, (frames - 1) / project.settings.fps);
  const bool parameterized = static_cast<size_t>(edge) < graph.parameterizations.size();
  const EdgeParameterization* p =
      parameterized ? &graph.parameterizations[static_cast<size_t>(edge)] : nullptr;
  const bool jointChosen = p != nullptr && !p->jointAutomatic && p->joint >= 0 &&
                           p->joint < project.skeleton.jointCount();
  joint_->setCurrentIndex(jointChosen ? p->joint + 1 : 0);
  time_->setValue(p != nullptr && !p->timeAutomatic ? p->referenceTime : kAutomaticTime);

  // Locomotion and blend: the stored choice, and core's verdict for the automatic case.
  const EdgeLocomotionChoice* choice = findLocomotionChoice(project.settings, fatEdge.name);
  const bool forced = choice != nullptr && choice->locomotion.has_value();
  locomotion_->setCurrentIndex(!forced ? 0 : *choice->locomotion ? 1 : 2);
  const EdgeLocomotionPlan plan = planEdgeLocomotion(project, static_cast<size_t>(edge), false);
  blend_->setCurrentIndex(blend_->findData(QString::fromUtf8(blendModeName(plan.blend))));
  // The reason already says what the classifier decided ("locomotion: 0.81 m/s, ...").
  const QString reason = QString::fromStdString(plan.reason);
  QString verdict = plan.locomotion ? tr("Leg layer on · %1").arg(reason)
                                    : tr("Leg layer off · %1").arg(reason);
  if (plan.locomotion && static_cast<size_t>(plan.reference) < plan.cycles.size()) {
    const CycleAnalysis& cycle = plan.cycles[static_cast<size_t>(plan.reference)];
    verdict += tr(" (cycle %1 s, %2 m, %3 m/s)")
                   .arg(cycle.duration, 0, 'f', 2)
                   .arg(cycle.distance, 0, 'f', 2)
                   .arg(cycle.speed, 0, 'f', 2);
  }
  reason_->setText(verdict);
}

void EdgeParameterControls::requestParameters() {
  if (edge_.isEmpty()) return;
  const double time = time_->value();
  emit editRequested(GraphEditRequest::setEdgeParameters(
      edge_, joint_->currentData().toString(),
      time <= kAutomaticTime ? std::nullopt : std::optional<double>(time)));
}

void EdgeParameterControls::requestLocomotion() {
  if (edge_.isEmpty()) return;
  const QString state = locomotion_->currentData().toString();
  emit editRequested(GraphEditRequest::setLocomotion(
      edge_, state == QLatin1String("auto") ? std::nullopt
                                            : std::optional<bool>(state == QLatin1String("on"))));
}

void EdgeParameterControls::requestBlend() {
  if (edge_.isEmpty()) return;
  EdgeBlendMode blend = EdgeBlendMode::Grid;
  parseBlendMode(blend_->currentData().toString().toStdString(), blend);  // the chooser holds blendModeName()s
  emit editRequested(GraphEditRequest::setBlend(edge_, blend));
}

}  // namespace fatgraph::editor
