// The main window's Graph menu, the Build Graph dialog, the runtime graph export, jumping to a
// hub's or a heat map row's frame, and the progress dialog of the document's worker jobs.
#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressDialog>
#include <QStatusBar>
#include <QUndoStack>

#include <algorithm>
#include <exception>
#include <memory>

#include "document/document.h"
#include "document/export_report.h"
#include "document/job_runner.h"
#include "app/main_window.h"
#include "dialogs/build_graph_dialog.h"
#include "docks/graph_dock.h"
#include "fatgraph/core/io/runtime_graph_export.h"
#include "views/timeline_widget.h"

namespace fatgraph::editor {

void MainWindow::createGraphMenu() {
  QMenu* graph = menuBar()->addMenu(tr("&Graph"));
  buildGraphAction_ = graph->addAction(tr("&Build Graph…"), this, &MainWindow::buildGraph);
  buildGraphAction_->setObjectName(QStringLiteral("buildGraphAction"));
  buildGraphAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
  acceptHubAction_ = graph->addAction(tr("&Accept Next Hub Suggestion"), graphDock_,
                                      &GraphDock::acceptHub);
  acceptHubAction_->setObjectName(QStringLiteral("acceptHubAction"));
  graph->addSeparator();
  exportGraphAction_ = graph->addAction(tr("&Export…"), this, &MainWindow::exportGraph);
  exportGraphAction_->setObjectName(QStringLiteral("exportGraphAction"));
  exportGraphAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
  exportGraphAction_->setToolTip(tr("Write the runtime graph a game plays (.fgraph)"));
}

void MainWindow::updateJobActions() {
  const bool idle = !document_->isBusy();
  buildGraphAction_->setEnabled(idle);
  acceptHubAction_->setEnabled(idle && !document_->graph().empty());
  exportGraphAction_->setEnabled(idle && !document_->graph().empty());
}

void MainWindow::buildGraph() {
  if (document_->clipCount() == 0) {
    showError(tr("Nothing to build from: add a clip first"));
    return;
  }
  GraphBuildRequest request = lastBuildRequest_;
  const Project& project = document_->project();
  const MotionGraph& graph = project.graph;
  if (!graph.empty()) {  // start from what built the current graph
    request.fps = project.settings.fps;
    request.window = project.settings.window;
  }
  auto* dialog = new BuildGraphDialog(this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setRequest(request, graph.empty() ? 0.08 : graph.hubThreshold.rms,
                     graph.empty() ? 0.12 : graph.edgeThreshold.rms);
  connect(dialog, &QDialog::accepted, this, [this, dialog] { startBuildGraph(dialog->request()); });
  dialog->open();
}

void MainWindow::startBuildGraph(const GraphBuildRequest& request) {
  lastBuildRequest_ = request;
  document_->startBuildGraph(request);
  updateJobActions();
}

void MainWindow::exportGraph() {
  if (document_->graph().empty()) {
    showError(tr("Nothing to export: build the graph first"));
    return;
  }
  QString path = QFileDialog::getSaveFileName(this, tr("Export runtime graph"), lastDirectory_,
                                              tr("fatgraph runtime graphs (*.fgraph)"));
  if (path.isEmpty()) return;
  if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".fgraph");
  lastDirectory_ = QFileInfo(path).absolutePath();
  exportGraphTo(path);
}

void MainWindow::exportGraphTo(const QString& path) {
  if (document_->graph().empty()) {
    showError(tr("Nothing to export: build the graph first"));
    return;
  }
  // The worker reads the document's project without a copy: the document is frozen while a
  // job runs (document.h). HDF5 is used by one job at a time (the runner's rule).
  const Project* project = &document_->project();
  const bool started = document_->jobs()->start(
      tr("Exporting the runtime graph"), [this, project, path](const ProgressCallback&) {
        auto report = std::make_shared<QString>();
        auto error = std::make_shared<QString>();
        try {
          *report = ExportReport::write(*project, path).text();
        } catch (const std::exception& e) {
          *error = QString::fromStdString(e.what());
        }
        return JobRunner::Completion([this, report, error] {
          if (!error->isEmpty()) {
            showError(tr("Export failed: %1").arg(*error));
            return;
          }
          showExportReport(*report);  // main_window_params.cpp
        });
      });
  if (!started) showError(tr("Another job is running; export when it has finished"));
}

bool MainWindow::showClipFrame(int clip, int frame) {
  if (clip < 0 || clip >= document_->clipCount()) return false;
  document_->setCurrentClip(clip);
  return showFrame(frame);
}

void MainWindow::showJobProgress(const QString& label) {
  updateJobActions();
  // Window-modal: the window stays painted and responsive, but no edit can start meanwhile.
  auto* dialog = new QProgressDialog(label + QStringLiteral("…"), tr("Cancel"), 0, 1000, this);
  dialog->setObjectName(QStringLiteral("jobProgressDialog"));
  dialog->setWindowTitle(tr("fatgraph"));
  dialog->setWindowModality(Qt::WindowModal);
  dialog->setMinimumDuration(interactive_ ? 400 : 1'000'000);  // no flashing for quick jobs
  dialog->setAutoClose(false);
  dialog->setAutoReset(false);
  JobRunner* jobs = document_->jobs();
  connect(dialog, &QProgressDialog::canceled, jobs, &JobRunner::cancel);
  connect(jobs, &JobRunner::progressChanged, dialog, [dialog](double fraction) {
    dialog->setValue(static_cast<int>(fraction * 1000.0));
  });
  connect(jobs, &JobRunner::finished, dialog, [jobs, dialog] {
    jobs->disconnect(dialog);
    dialog->disconnect(jobs);
    dialog->hide();
    dialog->deleteLater();
  });
  progressDialog_ = dialog;
}

}  // namespace fatgraph::editor
