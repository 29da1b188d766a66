#pragma once
// The editor's command line:
//   fatgraph-editor [FILE...] [--build-graph] [--terrain SPEC]
//                   [--screenshot OUT.png [--frame N] [--frame-character]]
// FILEs (.bvh or .fgproj) are opened at start. --build-graph then builds the fat graph with
// the default options (30 fps, window 10, one hub, automatic thresholds), as Graph > Build
// Graph… does. --terrain chooses the preview ground as View > Terrain does (a preset name or
// a heightfield file; one that fails to load fails a screenshot run). --screenshot opens
// them (and waits for the build and the gait analysis), shows frame N (default 0) of the
// current clip (the camera on the character with --frame-character), renders the window to
// OUT.png and exits: 0 on success, 1 when a file failed to open, the build failed, the
// terrain did not load or the image could not be written.
#include <QString>
#include <QStringList>

namespace fatgraph::editor {

struct LaunchOptions {
  QStringList files;
  QString screenshotPath;  // empty: interactive session
  int frame = 0;
  bool buildGraph = false;  // build the graph after opening the files
  QString terrain;          // preview ground spec; empty: none
  bool frameCharacter = false;  // screenshot: camera on the character, not the whole clip
  QString error;          // non-empty when the arguments are invalid

  bool screenshotMode() const { return !screenshotPath.isEmpty(); }
};

/// Parses the arguments (arguments[0] is the program). Never exits the process.
LaunchOptions parseLaunchOptions(const QStringList& arguments);

/// The usage text for --help and argument errors.
QString launchUsage();

}  // namespace fatgraph::editor
