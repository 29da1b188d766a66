#include "app/screenshot_run.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDockWidget>
#include <QPainter>
#include <QTextStream>

#include <cmath>

#include "app/launch_options.h"
#include "app/main_window.h"
#include "app/window_capture.h"
#include "dialogs/new_creature_dialog.h"
#include "docks/heat_map_dock.h"
#include "docks/parameter_dock.h"
#include "docks/play_dock.h"
#include "document/document.h"
#include "document/job_runner.h"
#include "views/heat_map_view.h"
#include "views/parameter_plot.h"
#include "views/viewport.h"

namespace fatgraph::editor {
namespace {

constexpr QSize kDefaultViewSize{960, 720};

QString tr(const char* text) { return QCoreApplication::translate("Screenshot", text); }

/// Builds the graph on the worker, as Graph > Build Graph… does, and waits for it.
void buildGraph(MainWindow& window, QStringList& errors) {
  Document* document = window.document();
  const QMetaObject::Connection collect = QObject::connect(
      document, &Document::errorOccurred, [&errors](const QString& error) { errors << error; });
  window.startBuildGraph({});
  document->jobs()->waitForFinished();
  QObject::disconnect(collect);
  if (errors.isEmpty() && document->graph().empty()) errors << tr("no graph built");
}

/// The fat edge called `name`, or without a name the one with the most segments (first on
/// ties); -1 with `error` set when there is none.
int chooseEdge(const MotionGraph& graph, const QString& name, QString* error) {
  int best = -1;
  for (size_t i = 0; i < graph.fatEdges.size(); ++i) {
    const FatEdge& edge = graph.fatEdges[i];
    if (!name.isEmpty()) {
      if (QString::fromStdString(edge.name) == name) return static_cast<int>(i);
    } else if (best < 0 || edge.segments.size() >
                               graph.fatEdges[static_cast<size_t>(best)].segments.size()) {
      best = static_cast<int>(i);
    }
  }
  if (best >= 0) return best;
  QStringList names;
  for (const FatEdge& edge : graph.fatEdges) names << QString::fromStdString(edge.name);
  *error = name.isEmpty() ? tr("the graph has no fat edge to show")
                          : tr("--edge %1: no such fat edge (the graph has %2)")
                                .arg(name, names.isEmpty() ? tr("none")
                                                           : names.join(QStringLiteral(", ")));
  return -1;
}

/// Paints a plain widget into an image of `size` (its own size when invalid). A widget in a
/// layout is resized for the paint only: the layout puts it back at the next pass.
QImage renderWidget(QWidget& widget, QSize size) {
  if (size.isValid()) widget.resize(size);
  QImage image(widget.size(), QImage::Format_RGB32);
  image.fill(widget.palette().color(QPalette::Window));
  widget.render(&image);
  return image;
}

/// Shows the dock holding a view (raises its tab) so the view is laid out and painted.
void raiseDock(QDockWidget* dock) {
  dock->show();
  dock->raise();
  QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
}

/// --creature with --screenshot: the New Creature window on the creature, stepped --frame
/// times at 60 Hz with the stick forward and a little right, then the window or its viewport.
int creatureScreenshot(MainWindow& window, const LaunchOptions& options, QTextStream& err) {
  NewCreatureDialog* dialog = window.newCreature();
  dialog->setLive(false);  // the steps below, not the clock, move it
  if (!options.terrain.isEmpty()) dialog->terrainCombo()->setCurrentText(options.terrain);
  const QString problem =
      dialog->choose(options.creatureType, options.creatureSeed, options.creatureLegPairs);
  if (!problem.isEmpty()) {
    err << "fatgraph-editor: " << problem << "\n";
    return 1;
  }
  if (options.view.isEmpty() && options.size.isValid()) dialog->resize(options.size);
  if (!waitUntilExposed(*dialog)) {
    err << "fatgraph-editor: the creature window was not shown; cannot take a screenshot\n";
    return 1;
  }
  dialog->setScriptedStick(0.15f, 1.0f);
  for (int i = 0; i < options.frame; ++i) dialog->step(1.0 / 60.0);
  QImage image;
  if (options.view.isEmpty()) {
    image = captureWindow(*dialog);
  } else {
    dialog->viewport()->resize(options.size.isValid() ? options.size : kDefaultViewSize);
    image = dialog->viewport()->grabFramebuffer().convertToFormat(QImage::Format_RGB32);
  }
  if (image.isNull() || !image.save(options.screenshotPath)) {
    err << "fatgraph-editor: cannot write " << options.screenshotPath << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

bool viewNeedsGraph(const QString& view) {
  return view == QLatin1String("heatmap") || view == QLatin1String("graph") ||
         view == QLatin1String("parameters") || view == QLatin1String("play");
}

QImage renderView(MainWindow& window, const QString& view, QSize size, QString* error) {
  if (!size.isValid()) size = kDefaultViewSize;
  if (view == QLatin1String("viewport")) {
    Viewport* viewport = window.viewport();
    viewport->resize(size);  // a new framebuffer of this size at the next paint
    return viewport->grabFramebuffer().convertToFormat(QImage::Format_RGB32);
  }
  if (view == QLatin1String("heatmap")) {
    raiseDock(window.heatMapDock());
    return renderWidget(*window.heatMapDock()->view(), size);
  }
  if (view == QLatin1String("parameters")) {
    raiseDock(window.parameterDock());
    return renderWidget(*window.parameterDock()->plot(), size);
  }
  if (view == QLatin1String("graph")) {
    auto* graphView = window.findChild<QWidget*>(QStringLiteral("graphView"));
    if (graphView == nullptr) {
      *error = tr("this editor has no graph view");
      return {};
    }
    for (QWidget* w = graphView->parentWidget(); w != nullptr; w = w->parentWidget()) {
      if (auto* dock = qobject_cast<QDockWidget*>(w)) raiseDock(dock);
    }
    return renderWidget(*graphView, size);
  }
  if (view == QLatin1String("play")) {  // the dock's panel, stopped: controls and action mapping
    auto* play = window.findChild<PlayDock*>();
    if (play == nullptr || play->widget() == nullptr) {
      *error = tr("this editor has no Play dock");
      return {};
    }
    raiseDock(play);
    return renderWidget(*play->widget(), size);
  }
  *error = tr("unknown view '%1'").arg(view);
  return {};
}

int runScreenshot(MainWindow& window, const LaunchOptions& options, QStringList errors) {
  QTextStream err(stderr);
  if (options.creatureMode()) {
    for (const QString& error : errors) err << "fatgraph-editor: " << error << "\n";
    return errors.isEmpty() ? creatureScreenshot(window, options, err) : 1;
  }
  Document* document = window.document();
  if (errors.isEmpty() &&
      (options.buildGraph || (viewNeedsGraph(options.view) && document->graph().empty()))) {
    buildGraph(window, errors);
  }
  int edge = -1;
  if (errors.isEmpty() && options.view == QLatin1String("parameters")) {
    QString problem;
    edge = chooseEdge(document->graph(), options.edge, &problem);
    if (edge < 0) errors << problem;
  }
  for (const QString& error : errors) err << "fatgraph-editor: " << error << "\n";
  if (!errors.isEmpty()) return 1;

  if (options.view.isEmpty() && options.size.isValid()) window.resize(options.size);
  window.show();
  if (!waitUntilExposed(window)) {
    err << "fatgraph-editor: the window was not shown; cannot take a screenshot\n";
    return 1;
  }
  if (document->clipCount() > 0) {
    // --frame counts frames of the first clip's source file, whatever the working rate.
    const Clip& first = document->clip(0);
    const double last = first.sourceFrame(first.frameCount() - 1);
    if (options.frame > std::lround(last)) {
      err << "fatgraph-editor: --frame " << options.frame << " is past the last frame ("
          << std::lround(last) << "); showing the last frame\n";
    }
    window.showClipFrame(0, first.frameAtSource(options.frame));
  }
  if (options.frameCharacter) {
    // Somewhat wider than the pose, so the footprints and paths around it are in the picture.
    window.viewport()->frameCharacter();
    window.viewport()->camera().zoom(-4.0f);
    window.viewport()->orbit(0.0f, 10.0f);
  }
  if (edge >= 0) window.parameterDock()->selectEdge(edge);
  // The gait analysis runs on the pool; the picture should show its tracks and footprints.
  window.waitForLegAnalysis();
  QString problem;
  const QImage image = options.view.isEmpty()
                           ? captureWindow(window)
                           : renderView(window, options.view, options.size, &problem);
  if (image.isNull()) {
    err << "fatgraph-editor: " << (problem.isEmpty() ? tr("nothing was rendered") : problem)
        << "\n";
    return 1;
  }
  if (!image.save(options.screenshotPath)) {
    err << "fatgraph-editor: cannot write " << options.screenshotPath << "\n";
    return 1;
  }
  return 0;
}

}  // namespace fatgraph::editor
