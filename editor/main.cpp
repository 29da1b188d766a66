// fatgraph-editor: opens the files given on the command line (and with --build-graph builds
// their fat graph); with --screenshot it renders one frame of the window to a PNG and exits
// (for docs and smoke tests).
#include <QApplication>
#include <QSurfaceFormat>
#include <QTextStream>

#include <cstdio>

#include "document/document.h"
#include "document/job_runner.h"
#include "app/launch_options.h"
#include "app/main_window.h"
#include "app/window_capture.h"
#include "views/timeline_widget.h"
#include "views/viewport.h"

namespace {

int takeScreenshot(fatgraph::editor::MainWindow& window,
                   const fatgraph::editor::LaunchOptions& options) {
  QTextStream err(stderr);
  const int frames = window.timeline()->frameCount();
  if (frames > 0 && options.frame >= frames) {
    err << "fatgraph-editor: --frame " << options.frame << " is past the last frame ("
        << frames - 1 << "); showing the last frame\n";
  }
  window.show();
  if (!fatgraph::editor::waitUntilExposed(window)) {
    err << "fatgraph-editor: the window was not shown; cannot take a screenshot\n";
    return 1;
  }
  window.showFrame(options.frame);
  if (options.frameCharacter) {
    // Somewhat wider than the pose, so the footprints and paths around it are in the picture.
    window.viewport()->frameCharacter();
    window.viewport()->camera().zoom(-4.0f);
    window.viewport()->orbit(0.0f, 10.0f);
  }
  // The gait analysis runs on the pool; the picture should show its tracks and footprints.
  window.waitForLegAnalysis();
  const QImage image = fatgraph::editor::captureWindow(window);
  if (image.isNull() || !image.save(options.screenshotPath)) {
    err << "fatgraph-editor: cannot write " << options.screenshotPath << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char* argv[]) {
  QSurfaceFormat::setDefaultFormat(fatgraph::editor::Viewport::preferredFormat());
  QApplication app(argc, argv);
  QApplication::setApplicationName(QStringLiteral("fatgraph-editor"));
  QApplication::setOrganizationName(QStringLiteral("fatgraph"));

  const fatgraph::editor::LaunchOptions options =
      fatgraph::editor::parseLaunchOptions(QApplication::arguments());
  if (!options.error.isEmpty()) {
    QTextStream(stderr) << options.error << (options.error.endsWith(u'\n') ? "" : "\n");
    return options.error == fatgraph::editor::launchUsage() ? 0 : 2;
  }

  fatgraph::editor::MainWindow window;
  window.setInteractive(!options.screenshotMode());
  QStringList errors = window.openFiles(options.files);
  if (!options.terrain.isEmpty()) {
    if (const QString error = window.setTerrain(options.terrain); !error.isEmpty()) errors << error;
  }
  if (options.screenshotMode()) {
    if (errors.isEmpty() && options.buildGraph) {
      // The same worker path as Graph > Build Graph…, waited for before the screenshot.
      fatgraph::editor::Document* document = window.document();
      const QMetaObject::Connection collect =
          QObject::connect(document, &fatgraph::editor::Document::errorOccurred,
                           [&errors](const QString& error) { errors << error; });
      window.startBuildGraph({});
      document->jobs()->waitForFinished();
      QObject::disconnect(collect);
      if (errors.isEmpty() && document->graph().empty()) errors << QStringLiteral("no graph built");
    }
    for (const QString& error : errors) QTextStream(stderr) << "fatgraph-editor: " << error << "\n";
    if (!errors.isEmpty()) return 1;
    return takeScreenshot(window, options);
  }
  window.show();
  if (options.buildGraph && errors.isEmpty()) window.startBuildGraph({});
  return QApplication::exec();
}
