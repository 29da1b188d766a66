#pragma once
// The editor's command line:
//   fatgraph-editor [FILE...] [--build-graph] [--screenshot OUT.png [--frame N]]
// FILEs (.bvh or .fgproj) are opened at start. --build-graph then builds the fat graph with
// the default options (30 fps, window 10, one hub, automatic thresholds), as Graph > Build
// Graph… does. --screenshot opens them (and waits for the build), shows frame N (default 0)
// of the current clip, renders the window to OUT.png and exits: 0 on success, 1 when a file
// failed to open, the build failed or the image could not be written.
#include <QString>
#include <QStringList>

namespace fatgraph::editor {

struct LaunchOptions {
  QStringList files;
  QString screenshotPath;  // empty: interactive session
  int frame = 0;
  bool buildGraph = false;  // build the graph after opening the files
  QString error;          // non-empty when the arguments are invalid

  bool screenshotMode() const { return !screenshotPath.isEmpty(); }
};

/// Parses the arguments (arguments[0] is the program). Never exits the process.
LaunchOptions parseLaunchOptions(const QStringList& arguments);

/// The usage text for --help and argument errors.
QString launchUsage();

}  // namespace fatgraph::editor
