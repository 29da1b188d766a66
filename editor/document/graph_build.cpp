#include "document/graph_build.h"

#include <QCoreApplication>

#include <cmath>
#include <utility>

#include "fatgraph/core/io/clip_admission.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/param/parameterization.h"

namespace fatgraph::editor {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("GraphBuild", text); }

}  // namespace

QString GraphBuildRequest::validate() const {
  if (!(fps > 0.0 && fps <= 1000.0)) return tr("The working rate must be in (0, 1000] fps");
  if (window < 1 || window > 1000) return tr("The window must be 1 to 1000 frames");
  if (hubCount < 0 || hubCount > 1000) return tr("The number of hubs must be automatic or 1 to 1000");
  for (const std::optional<double>& t : {hubThresholdRms, edgeThresholdRms}) {
    if (t && !(*t > 0.0 && std::isfinite(*t))) return tr("Thresholds must be positive metres");
  }
  return {};
}

GraphBuildResult buildGraphProject(Project project, const GraphBuildRequest& request,
                                   const ProgressCallback& progress) {
  if (progress && !progress(0.0)) throw Cancelled();
  GraphBuildResult result;
  // Clips are admitted at the working rate; only a build at another rate resamples them.
  result.resampledClips = setWorkingRate(project, request.fps);
  project.settings.window = request.window;

  BuildOptions options;
  if (request.hubCount > 0) options.hubCount = request.hubCount;  // else automatic
  options.hubThresholdRms = request.hubThresholdRms;
  options.edgeThresholdRms = request.edgeThresholdRms;
  // Two stages on one progress bar: the graph, then each fat edge's parameter space (which
  // samples the runtime's blending, so it takes a share of the time worth showing).
  const auto stage = [&progress](double from, double to) -> ProgressCallback {
    if (!progress) return {};
    return [&progress, from, to](double f) { return progress(from + (to - from) * f); };
  };
  constexpr double kGraphShare = 0.8;
  options.progress = stage(0.0, kGraphShare);
  BuildReport report = buildMotionGraph(project, options);
  parameterizeGraph(project, stage(kGraphShare, 1.0));
  result.project = std::move(project);
  result.notes = std::move(report.notes);
  return result;
}

QString describeGraph(const MotionGraph& graph) {
  const auto hubs = graph.hubs.size();
  const auto edges = graph.fatEdges.size();
  return (hubs == 1 ? tr("1 hub") : tr("%1 hubs").arg(hubs)) + QStringLiteral(", ") +
         (edges == 1 ? tr("1 fat edge") : tr("%1 fat edges").arg(edges));
}

}  // namespace fatgraph::editor
