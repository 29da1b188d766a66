#include "dialogs/import_options_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace fatgraph::editor {

ImportOptionsDialog::ImportOptionsDialog(QWidget* parent)
    : QDialog(parent),
      units_(new QComboBox(this)),
      rate_(new QComboBox(this)),
      fps_(new QDoubleSpinBox(this)),
      keepTPose_(new QCheckBox(tr("Keep a reference T-pose in frame 0"), this)),
      heading_(new QLabel(this)),
      rateHint_(new QLabel(this)) {
  setObjectName(QStringLiteral("importOptionsDialog"));
  setWindowTitle(tr("Import BVH"));
  // The unit names are core's (parseUnitName); the data carries the enum.
  const struct {
    BvhUnits units;
    QString label;
  } unitChoices[] = {
      {BvhUnits::Auto, tr("Detect from the skeleton's size")},
      {BvhUnits::Metres, tr("Metres (m)")},
      {BvhUnits::Centimetres, tr("Centimetres (cm)")},
      {BvhUnits::CmuUnits, tr("CMU units (cmu, 0.0564 m)")},
      {BvhUnits::Inches, tr("Inches (in)")},
      {BvhUnits::Millimetres, tr("Millimetres (mm)")},
  };
  for (const auto& choice : unitChoices) units_->addItem(choice.label, static_cast<int>(choice.units));
  units_->setToolTip(tr("The length unit of the files; they are converted to metres"));
  rate_->addItem(tr("The project's working rate"), static_cast<int>(ClipImportOptions::Rate::Working));
  rate_->addItem(tr("Keep the file's rate"), static_cast<int>(ClipImportOptions::Rate::File));
  rate_->addItem(tr("Resample to"), static_cast<int>(ClipImportOptions::Rate::Resample));
  fps_->setRange(1.0, 1000.0);
  fps_->setDecimals(2);
  fps_->setSuffix(tr(" fps"));
  fps_->setValue(30.0);
  keepTPose_->setToolTip(tr("By default frame 0 is dropped when it is a reference T-pose "
                            "recorded apart from the motion"));
  heading_->setWordWrap(true);
  rateHint_->setWordWrap(true);

  auto* form = new QFormLayout;
  form->addRow(tr("Units"), units_);
  form->addRow(tr("Frame rate"), rate_);
  form->addRow(QString(), fps_);
  form->addRow(QString(), rateHint_);
  form->addRow(QString(), keepTPose_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Import"));
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(heading_);
  layout->addLayout(form);
  layout->addWidget(buttons);
  connect(rate_, &QComboBox::currentIndexChanged, this, &ImportOptionsDialog::updateRateHint);
  connect(fps_, &QDoubleSpinBox::valueChanged, this, &ImportOptionsDialog::updateRateHint);
  setFiles({});
  updateRateHint();
}

void ImportOptionsDialog::setFiles(const QStringList& paths) {
  files_ = paths;
  heading_->setText(paths.size() == 1 ? tr("Import 1 BVH file") : tr("Import %1 BVH files").arg(paths.size()));
}

void ImportOptionsDialog::setOptions(const ClipImportOptions& options, double workingRate,
                                     bool projectHasClips) {
  workingRate_ = workingRate;
  projectHasClips_ = projectHasClips;
  units_->setCurrentIndex(std::max(0, units_->findData(static_cast<int>(options.units))));
  rate_->setCurrentIndex(std::max(0, rate_->findData(static_cast<int>(options.rate))));
  fps_->setValue(options.fps);
  keepTPose_->setChecked(options.keepReferencePose);
  rate_->setItemText(0, tr("The project's working rate (%1 fps)").arg(workingRate, 0, 'g', 6));
  updateRateHint();
}

ClipImportOptions ImportOptionsDialog::options() const {
  ClipImportOptions options;
  options.units = static_cast<BvhUnits>(units_->currentData().toInt());
  options.rate = static_cast<ClipImportOptions::Rate>(rate_->currentData().toInt());
  options.fps = fps_->value();
  options.keepReferencePose = keepTPose_->isChecked();
  return options;
}

void ImportOptionsDialog::updateRateHint() {
  const auto rate = static_cast<ClipImportOptions::Rate>(rate_->currentData().toInt());
  fps_->setEnabled(rate == ClipImportOptions::Rate::Resample);
  QString hint;
  if (rate == ClipImportOptions::Rate::Working) {
    hint = tr("Clips are resampled to %1 fps").arg(workingRate_, 0, 'g', 6);
  } else if (projectHasClips_) {
    hint = tr("The project's clips are at %1 fps: a file read at another rate is refused")
               .arg(workingRate_, 0, 'g', 6);
  } else {
    hint = tr("The first clip sets the project's working rate");
  }
  rateHint_->setText(hint);
}

}  // namespace fatgraph::editor
