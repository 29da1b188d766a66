// fatgraph-editor: opens the files given on the command line (and with --build-graph builds
// their fat graph); with --screenshot it renders one frame of the window to a PNG and exits
// (for docs and smoke tests); --creature opens the New Creature window.
#include <QApplication>
#include <QComboBox>
#include <QSurfaceFormat>
#include <QTextStream>

#include "app/launch_options.h"
#include "app/main_window.h"
#include "app/screenshot_run.h"
#include "dialogs/new_creature_dialog.h"
#include "document/autosave.h"
#include "views/body_display.h"
#include "views/viewport.h"

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
  if (const auto body = fatgraph::editor::bodyDisplayFromName(options.body)) {
    window.setBodyDisplay(*body);
  }
  if (!options.screenshotMode()) {
    // Shown first: the files below are read on the worker behind a progress dialog.
    window.show();
    window.autoSave()->setEnabled(true);  // no recovery copies from screenshot runs
    window.offerRecovery();
  }
  QStringList errors = window.openFilesAndWait(options.files);
  if (!options.terrain.isEmpty()) {
    if (const QString error = window.setTerrain(options.terrain); !error.isEmpty()) errors << error;
  }
  if (options.screenshotMode()) return fatgraph::editor::runScreenshot(window, options, errors);
  window.show();
  if (options.buildGraph && errors.isEmpty()) window.startBuildGraph({});
  if (options.creatureMode()) {
    fatgraph::editor::NewCreatureDialog* creature = window.newCreature();
    if (!options.terrain.isEmpty()) creature->terrainCombo()->setCurrentText(options.terrain);
    creature->choose(options.creatureType, options.creatureSeed, options.creatureLegPairs);
  }
  return QApplication::exec();
}
