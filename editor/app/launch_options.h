#pragma once
// The editor's command line:
//   fatgraph-editor [FILE...] [--build-graph] [--terrain SPEC]
//                   [--screenshot OUT.png [--frame N] [--frame-character]
//                    [--view viewport|heatmap|graph|parameters|play] [--edge NAME] [--size WxH]]
//                   [--body bones|body|both] [--creature TYPE[:SEED[:PAIRS]]]
// FILEs (.bvh, .gltf, .glb, .fbx or .fgproj) are opened at start. --build-graph then builds
// the fat graph with the default options (30 fps, window 10, one hub, automatic thresholds), as
// Graph > Build Graph… does. --terrain chooses the preview ground as View > Terrain does (a preset name or
// a heightfield file; one that fails to load fails a screenshot run). --screenshot opens
// them (and waits for the build and the gait analysis), shows source-file frame N (default
// 0) of the first clip (the camera on the character with --frame-character), renders the
// window -- or with --view one view alone, at --size (default: the window's size, or 960x720
// for one view) -- to OUT.png and exits: 0 on success, 1 when a file failed to open, the
// build failed, the terrain did not load, --edge names no fat edge or the image could not be
// written. The heatmap, graph, parameters and play (the Play dock) views need a graph: a project without one
// builds one first (as --build-graph). Without --edge the parameters view shows the fat edge
// with the most segments. --body chooses what the viewport draws of the character, as View >
// Character does: its bones, its skinned body, or the body with faint bones (the default).
// --creature opens File > New Creature… on a walk, fly or swim creature (seed default 7, leg
// pairs default 0: by the rules) on the --terrain preset; with --screenshot the picture is of
// that window (or with --view viewport its view alone) after --frame N preview steps of 1/60 s
// with the stick forward and a little right.
#include <QSize>
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
  QString view;             // screenshot of one view: viewport|heatmap|graph|parameters|play; empty: window
  QString edge;             // fat edge the parameters view shows; empty: the one with most segments
  QSize size;               // screenshot size; invalid: default
  QString body;             // bones|body|both (views/body_display.h); empty: the default
  QString creatureType;     // walk|fly|swim: open the New Creature window; empty: none
  int creatureSeed = 7;
  int creatureLegPairs = 0;  // 0: the placement rules decide
  QString error;          // non-empty when the arguments are invalid

  bool creatureMode() const { return !creatureType.isEmpty(); }

  bool screenshotMode() const { return !screenshotPath.isEmpty(); }
  /// The views --view accepts, in the order --help lists them.
  static QStringList views();

};

/// Parses the arguments (arguments[0] is the program). Never exits the process.
LaunchOptions parseLaunchOptions(const QStringList& arguments);

/// The usage text for --help and argument errors.
QString launchUsage();

}  // namespace fatgraph::editor
