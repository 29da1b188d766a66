// fatgraph-editor: opens the files given on the command line; with --screenshot it renders
// one frame of the window to a PNG and exits (for docs and smoke tests).
#include <QApplication>
#include <QSurfaceFormat>
#include <QTextStream>

#include <cstdio>

#include "app/document.h"
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
  const QStringList errors = window.openFiles(options.files);
  if (options.screenshotMode()) {
    for (const QString& error : errors) QTextStream(stderr) << "fatgraph-editor: " << error << "\n";
    if (!errors.isEmpty()) return 1;
    return takeScreenshot(window, options);
  }
  window.show();
  return QApplication::exec();
}
