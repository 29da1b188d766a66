#pragma once
// What the Build Graph dialog asks for, and the build itself as a function of a project copy,
// so it can run on a worker thread (JobRunner) or, headless, on the calling thread.
#include <QString>

#include <optional>
#include <string>
#include <vector>

#include "fatgraph/core/model/progress.h"
#include "fatgraph/core/model/project.h"

namespace fatgraph::editor {

/// The options of `fatgraph build` that the editor offers (docs/DESIGN.md, the command line).
struct GraphBuildRequest {
  double fps = 30.0;                       // working rate; clips at another rate are resampled
  int window = 10;                         // pose window, frames at the working rate
  int hubCount = 0;                        // hub suggestions accepted; 0 = automatic (the default)
  std::optional<double> hubThresholdRms;   // metres; automatic (from the data) when absent
  std::optional<double> edgeThresholdRms;  // metres; automatic (1.5 x hub) when absent

  /// Empty when the values are usable, else a one-line reason.
  QString validate() const;
};

struct GraphBuildResult {
  Project project;                 // the clips at the working rate, settings and graph
  int resampledClips = 0;          // clips whose rate differed from request.fps
  std::vector<std::string> notes;  // the builder's notes (fat_graph_builder.h BuildReport)
};

/// Sets the working rate (core setWorkingRate: clips are admitted at the document's rate, so
/// only a build at another rate resamples them) and the window, then runs buildMotionGraph
/// and parameterizeGraph (every fat edge's parameter plane and weight grid).
/// Runs on any thread; the progress callback is called on the calling thread. Throws fatgraph::Cancelled when
/// `progress` returns false (checked once before starting too) and fatgraph::Error on failure.
GraphBuildResult buildGraphProject(Project project, const GraphBuildRequest& request,
                                   const ProgressCallback& progress = {});

/// The graph in a few words for the undo stack and the status bar: "1 hub, 2 fat edges".
QString describeGraph(const MotionGraph& graph);

}  // namespace fatgraph::editor
