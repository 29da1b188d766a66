// The main window's part of the parameter area: the parameter dock on the shared selection,
// and the summary shown after Graph > Export… (what the .fgraph holds, ExportReport), in a
// non-modal window a user may keep open beside the editor; the next export refreshes it.
#include <QDialog>
#include <QDialogButtonBox>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QVBoxLayout>

#include "app/main_window.h"
#include "docks/parameter_dock.h"
#include "document/selection.h"

namespace fatgraph::editor {

void MainWindow::connectParameterDock() { parameterDock_->setSelection(selection_); }

void MainWindow::showExportReport(const QString& report) {
  statusBar()->showMessage(report.section(QLatin1Char('\n'), 0, 0), 15000);
  emit graphExported(report);
  if (!interactive_) return;
  if (exportReportDialog_ == nullptr) {
    auto* dialog = new QDialog(this);
    dialog->setObjectName(QStringLiteral("exportReportDialog"));
    dialog->setWindowTitle(tr("Export summary"));
    dialog->setModal(false);
    auto* text = new QPlainTextEdit(dialog);
    text->setObjectName(QStringLiteral("exportReportText"));
    text->setReadOnly(true);
    text->setLineWrapMode(QPlainTextEdit::NoWrap);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::hide);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(text);
    layout->addWidget(buttons);
    dialog->resize(640, 360);
    exportReportDialog_ = dialog;
  }
  exportReportDialog_->findChild<QPlainTextEdit*>()->setPlainText(report);
  exportReportDialog_->show();
  exportReportDialog_->raise();
}

}  // namespace fatgraph::editor
