#include "dialogs/build_graph_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace fatgraph::editor {

BuildGraphDialog::BuildGraphDialog(QWidget* parent)
    : QDialog(parent),
      fps_(new QDoubleSpinBox(this)),
      window_(new QSpinBox(this)),
      hubs_(new QSpinBox(this)),
      hubAutomatic_(new QCheckBox(tr("automatic"), this)),
      hubThreshold_(new QDoubleSpinBox(this)),
      edgeAutomatic_(new QCheckBox(tr("automatic"), this)),
      edgeThreshold_(new QDoubleSpinBox(this)) {
  setObjectName(QStringLiteral("buildGraphDialog"));
  setWindowTitle(tr("Build Graph"));
  fps_->setRange(1.0, 1000.0);
  fps_->setDecimals(2);
  fps_->setSuffix(tr(" fps"));
  fps_->setToolTip(tr("Every clip is resampled to this rate before the build"));
  window_->setRange(1, 1000);
  window_->setSuffix(tr(" frames"));
  window_->setToolTip(tr("Poses are compared over this many frames (at the working rate)"));
  hubs_->setRange(0, 1000);
  hubs_->setSpecialValueText(tr("automatic"));  // 0: accept suggestions while coverage rises
  hubs_->setToolTip(tr("How many hub suggestions to accept; automatic accepts them while each "
                       "raises the share of frames inside fat edges by 2 points or more"));
  hubAutomatic_->setToolTip(tr("Derive the pose match threshold from the data"));
  edgeAutomatic_->setToolTip(tr("1.5 × the hub threshold"));
  for (QDoubleSpinBox* spin : {hubThreshold_, edgeThreshold_}) {
    spin->setRange(0.001, 2.0);
    spin->setDecimals(3);
    spin->setSingleStep(0.005);
    spin->setSuffix(tr(" m"));
  }

  auto* intro = new QLabel(tr("Finds hub poses in the clips, cuts them into segments between "
                              "hubs and groups similar segments into fat edges. Thresholds "
                              "are RMS joint distances after aligning the poses on the ground."),
                           this);
  intro->setWordWrap(true);
  auto* form = new QFormLayout;
  form->addRow(tr("Working rate"), fps_);
  form->addRow(tr("Pose window"), window_);
  form->addRow(tr("Hubs"), hubs_);
  form->addRow(tr("Hub threshold"), thresholdRow(hubAutomatic_, hubThreshold_));
  form->addRow(tr("Edge threshold"), thresholdRow(edgeAutomatic_, edgeThreshold_));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Build"));
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro);
  layout->addLayout(form);
  layout->addWidget(buttons);
  setRequest(GraphBuildRequest{}, 0.08, 0.12);
}

QWidget* BuildGraphDialog::thresholdRow(QCheckBox* automatic, QDoubleSpinBox* metres) {
  auto* row = new QWidget(this);
  auto* layout = new QHBoxLayout(row);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(automatic);
  layout->addWidget(metres, 1);
  connect(automatic, &QCheckBox::toggled, metres, &QWidget::setDisabled);
  return row;
}

void BuildGraphDialog::setRequest(const GraphBuildRequest& request, double hubMetres,
                                  double edgeMetres) {
  fps_->setValue(request.fps);
  window_->setValue(request.window);
  hubs_->setValue(request.hubCount);
  hubAutomatic_->setChecked(!request.hubThresholdRms);
  hubThreshold_->setValue(request.hubThresholdRms.value_or(hubMetres));
  hubThreshold_->setEnabled(request.hubThresholdRms.has_value());
  edgeAutomatic_->setChecked(!request.edgeThresholdRms);
  edgeThreshold_->setValue(request.edgeThresholdRms.value_or(edgeMetres));
  edgeThreshold_->setEnabled(request.edgeThresholdRms.has_value());
}

GraphBuildRequest BuildGraphDialog::request() const {
  GraphBuildRequest r;
  r.fps = fps_->value();
  r.window = window_->value();
  r.hubCount = hubs_->value();
  if (!hubAutomatic_->isChecked()) r.hubThresholdRms = hubThreshold_->value();
  if (!edgeAutomatic_->isChecked()) r.edgeThresholdRms = edgeThreshold_->value();
  return r;
}

}  // namespace fatgraph::editor
