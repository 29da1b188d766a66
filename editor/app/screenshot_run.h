#pragma once
// A --screenshot launch (launch_options.h): after the files are open, builds the graph when
// asked or when the chosen view needs one, shows source-file frame N of the first clip, waits
// for the worker and the gait analysis, renders the window or one view at the requested size
// and writes the PNG. For docs, bug reports and tests; it never shows a message box.
#include <QImage>
#include <QString>
#include <QStringList>

namespace fatgraph::editor {

class MainWindow;
struct LaunchOptions;

/// Runs the screenshot part of a launch whose files `window` has opened; `errors` are those
/// of opening them (and of the terrain). Prints what went wrong on stderr. Returns the exit
/// code: 0 when the picture was written, 1 otherwise.
int runScreenshot(MainWindow& window, const LaunchOptions& options, QStringList errors);

/// Renders one view of the shown window ("viewport", "heatmap", "graph", "parameters") at
/// `size` (invalid: the view's own size). Null with `error` set when the view cannot be shown.
QImage renderView(MainWindow& window, const QString& view, QSize size, QString* error);

/// Whether a screenshot of `view` needs a fat graph (all but the viewport and the window).
bool viewNeedsGraph(const QString& view);

}  // namespace fatgraph::editor
