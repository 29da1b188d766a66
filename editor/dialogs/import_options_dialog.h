#pragma once
// File > Import Clips…: how the chosen files are read, the choices of `fatgraph convert`:
// the length unit (detected or forced), the frame rate (the project's working rate, the
// file's own, or resampled to F fps), whether a reference T-pose in frame 0 is kept, and the
// rig's conventions (translation channels, up axis, motion root; detected unless forced). The
// dialog only collects ClipImportOptions; the document reads and admits the files.
#include <QDialog>

#include "document/file_loading.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace fatgraph::editor {

class ImportOptionsDialog : public QDialog {
  Q_OBJECT

 public:
  explicit ImportOptionsDialog(QWidget* parent = nullptr);

  /// Fills the fields; `workingRate` is the project's, `projectHasClips` says whether a rate
  /// other than it would be refused (ClipImportOptions::Rate).
  void setOptions(const ClipImportOptions& options, double workingRate, bool projectHasClips);
  ClipImportOptions options() const;
  /// The files to import, shown as a count in the title line.
  void setFiles(const QStringList& paths);
  const QStringList& files() const { return files_; }

  QComboBox* unitsBox() const { return units_; }
  QComboBox* rateBox() const { return rate_; }
  QDoubleSpinBox* fpsSpin() const { return fps_; }
  QCheckBox* keepTPoseBox() const { return keepTPose_; }
  QComboBox* translationsBox() const { return translations_; }
  QComboBox* upBox() const { return up_; }
  QLineEdit* motionRootEdit() const { return motionRoot_; }

 private:
  void updateRateHint();

  QComboBox* units_;
  QComboBox* rate_;
  QDoubleSpinBox* fps_;
  QCheckBox* keepTPose_;
  QComboBox* translations_;
  QComboBox* up_;
  QLineEdit* motionRoot_;
  QLabel* heading_;
  QLabel* rateHint_;
  QStringList files_;
  double workingRate_ = 30.0;
  bool projectHasClips_ = false;
};

}  // namespace fatgraph::editor
