// Hub suggestions for review (hub_ranking.h): planHubs on the project's hubs and rejections,
// with each suggestion named by clip and source frame.
#include "fatgraph/core/graph/hub_ranking.h"

#include <cmath>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/hub_suggestions.h"
#include "graph_build_steps.h"

namespace fatgraph {

std::vector<int> rejectedHubFrames(const Project& project) {
  std::vector<int> out;
  for (const HubRejection& r : project.settings.hubRejections) {
    int start = 0;
    for (const Clip& c : project.clips) {
      if (c.name == r.clip) {
        // The working-rate frame nearest the source frame (none when it lies past the clip).
        const double last = c.sourceFrame(c.frameCount() - 1);
        if (c.frameCount() > 0 && r.sourceFrame >= c.sourceFirstFrame && r.sourceFrame <= last + 0.5) {
          out.push_back(start + c.frameAtSource(r.sourceFrame));
        }
        break;
      }
      start += c.frameCount();
    }
  }
  return out;
}

std::vector<RankedHubSuggestion> rankHubSuggestions(const Project& project, int count,
                                                    const ProgressCallback& progress) {
  if (count < 0) throw Error("hub suggestions: count must not be negative");
  if (project.clips.empty()) throw Error("hub suggestions: the project has no clips");
  if (count == 0) return {};
  const auto checkpoint = [&] {
    if (progress && !progress(0.0)) throw Cancelled();
  };
  const PoseFeatures features = projectFeatures(project);
  checkpoint();
  // The cached scan when it fits the clips (as ensureDistanceScan decides), else a local one:
  // the project is const, so this call never fills its cache.
  DistanceScan local;
  const DistanceScan* scan = &project.distances.scan;
  const bool cached = project.distances.scan.frames == features.frameCount() &&
                      project.distances.fingerprint == project.distanceFingerprint();
  checkpoint();
  if (!cached) {
    DistanceMatrixSettings settings;
    settings.window = project.settings.window;
    local = scanDistanceMatrix(features, settings, progress);
    scan = &local;
  }
  double threshold = project.graph.hubThreshold.rms;
  if (project.graph.empty() || !(threshold > 0)) threshold = suggestHubThreshold(*scan, &features).rms;
  std::vector<int> accepted;
  for (const Hub& h : project.graph.hubs) accepted.push_back(features.globalIndex(h.frame));
  HubPlanRequest request;
  request.maxHubs = count;
  request.acceptedHubs = std::move(accepted);
  request.rejectedFrames = rejectedHubFrames(project);
  request.progress = progress;
  const std::vector<HubSuggestion> plan = planHubs(features, *scan, threshold, request).hubs;
  std::vector<RankedHubSuggestion> out;
  for (const HubSuggestion& s : plan) {
    const FrameRef r = features.frameRef(s.frame);
    const Clip& clip = project.clips[r.clip];
    RankedHubSuggestion ranked;
    ranked.clip = r.clip;
    ranked.clipName = clip.name;
    ranked.sourceFrame = static_cast<int>(std::lround(clip.sourceFrame(r.frame)));
    ranked.frame = r.frame;
    ranked.globalFrame = s.frame;
    ranked.matchCount = static_cast<int>(s.matches.size());
    ranked.coverageGain = s.coverageGain;
    out.push_back(std::move(ranked));
  }
  return out;
}

}  // namespace fatgraph
