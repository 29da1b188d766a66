#include "dialogs/import_options_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
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
      translations_(new QComboBox(this)),
      up_(new QComboBox(this)),
      motionRoot_(new QLineEdit(this)),
      heading_(new QLabel(this)),
      rateHint_(new QLabel(this)) {
  setObjectName(QStringLiteral("importOptionsDialog"));
  setWindowTitle(tr("Import Clips"));
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
  translations_->addItem(tr("Detect per file"), static_cast<int>(TranslationConvention::Auto));
  translations_->addItem(tr("Absolute (channels hold the whole translation)"),
                         static_cast<int>(TranslationConvention::Absolute));
  translations_->addItem(tr("Additive (channels add to the OFFSET)"),
                         static_cast<int>(TranslationConvention::Additive));
  translations_->setToolTip(tr("How position channels below the root are read: exporters that "
                               "key six channels on every joint store the whole translation"));
  up_->addItem(tr("Detect from the motion"), static_cast<int>(UpAxisChoice::Auto));
  up_->addItem(tr("Y up"), static_cast<int>(UpAxisChoice::Y));
  up_->addItem(tr("Z up (turned to Y up)"), static_cast<int>(UpAxisChoice::Z));
  motionRoot_->setPlaceholderText(tr("Detect (the root, or the joint that travels below a still root)"));
  motionRoot_->setToolTip(tr("The joint that carries the character's travel and heading"));

  auto* form = new QFormLayout;
  form->addRow(tr("Units"), units_);
  form->addRow(tr("Frame rate"), rate_);
  form->addRow(QString(), fps_);
  form->addRow(QString(), rateHint_);
  form->addRow(QString(), keepTPose_);
  form->addRow(tr("Translation channels"), translations_);
  form->addRow(tr("Up axis"), up_);
  form->addRow(tr("Motion root"), motionRoot_);
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
  heading_->setText(paths.size() == 1 ? tr("Import 1 file") : tr("Import %1 files").arg(paths.size()));
}

void ImportOptionsDialog::setOptions(const ClipImportOptions& options, double workingRate,
                                     bool projectHasClips) {
  workingRate_ = workingRate;
  projectHasClips_ = projectHasClips;
  units_->setCurrentIndex(std::max(0, units_->findData(static_cast<int>(options.units))));
  rate_->setCurrentIndex(std::max(0, rate_->findData(static_cast<int>(options.rate))));
  fps_->setValue(options.fps);
  keepTPose_->setChecked(options.keepReferencePose);
  translations_->setCurrentIndex(
      std::max(0, translations_->findData(static_cast<int>(options.rig.translations))));
  up_->setCurrentIndex(std::max(0, up_->findData(static_cast<int>(options.rig.up))));
  motionRoot_->setText(QString::fromStdString(options.rig.motionRoot));
  rate_->setItemText(0, tr("The project's working rate (%1 fps)").arg(workingRate, 0, 'g', 6));
  updateRateHint();
}

ClipImportOptions ImportOptionsDialog::options() const {
  ClipImportOptions options;
  options.units = static_cast<BvhUnits>(units_->currentData().toInt());
  options.rate = static_cast<ClipImportOptions::Rate>(rate_->currentData().toInt());
  options.fps = fps_->value();
  options.keepReferencePose = keepTPose_->isChecked();
  options.rig.translations = static_cast<TranslationConvention>(translations_->currentData().toInt());
  options.rig.up = static_cast<UpAxisChoice>(up_->currentData().toInt());
  options.rig.motionRoot = motionRoot_->text().trimmed().toStdString();
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
