#include "fatgraph/core/graph/fat_graph_builder.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "fatgraph/core/graph/generated_transitions.h"
#include "fatgraph/core/graph/hub_groups.h"
#include "fatgraph/core/graph/hub_ranking.h"
#include "fatgraph/core/graph/hub_suggestions.h"
#include "fatgraph/core/spread/process_memory.h"
#include "graph_build_steps.h"
#include "fatgraph/core/graph/segment_cutting.h"
#include "fatgraph/core/graph/segment_distances.h"

namespace fatgraph {
namespace {

// Maps a stage's progress into [from, to] of the overall progress.
ProgressCallback stage(const ProgressCallback& overall, double from, double to) {
  if (!overall) return {};
  return [=](double f) { return overall(from + (to - from) * std::clamp(f, 0.0, 1.0)); };
}

std::string metres(double v) {
  std::ostringstream s;
  s.precision(4);
  s << v << " m";
  return s.str();
}

}  // namespace

PoseFeatures projectFeatures(const Project& project) {
  return PoseFeatures(project.skeleton, project.clips, project.settings.jointWeights);
}

const DistanceScan& ensureDistanceScan(Project& project, const PoseFeatures& features,
                                       const BuildOptions& options, bool& fromCache,
                                       const ProgressCallback& progress) {
  const std::string fingerprint = project.distanceFingerprint();
  fromCache = project.distances.fingerprint == fingerprint &&
              project.distances.scan.frames == features.frameCount();
  if (!fromCache) {
    DistanceMatrixSettings settings;
    settings.window = project.settings.window;
    settings.memoryBudgetBytes = options.memoryBudgetBytes;
    settings.threads = options.threads;
    DistanceScan scan = options.spread ? options.spread->scanDistances(features, settings, fingerprint, progress)
                                       : scanDistanceMatrix(features, settings, progress);
    project.distances.scan = std::move(scan);
    project.distances.fingerprint = fingerprint;
  }
  return project.distances.scan;
}

double defaultEdgeThreshold(double hubThresholdRms) {
  // The hub threshold says how far apart (RMS over the window, after alignment) two poses may
  // be and still count as the same pose. A segment distance (eq. 1) is a mean of squared
  // per-frame distances over a whole segment, whose middle frames may differ more than its
  // matched ends: allowing segments 1.5 times the pose-match distance keeps one motion's
  // variations (a walk's left and right turns) together while separating other motions.
  return 1.5 * hubThresholdRms;
}

Hub makeHub(const PoseFeatures& features, std::string name, int globalFrame,
            const std::vector<int>& matches) {
  Hub hub;
  hub.name = std::move(name);
  hub.frame = features.frameRef(globalFrame);
  for (int m : matches) hub.matchSet.push_back(features.frameRef(m));
  std::sort(hub.matchSet.begin(), hub.matchSet.end());
  return hub;
}

void rebuildFromHubs(Project& project, const PoseFeatures& features, BuildReport& report,
                     const ProgressCallback& progress, int threads, WorkSpread* spread) {
  MotionGraph& g = project.graph;
  std::vector<int> frameCounts;
  std::vector<std::string> names;
  for (const Clip& c : project.clips) {
    frameCounts.push_back(c.frameCount());
    names.push_back(c.name);
  }
  SegmentCutResult cut = cutSegments(g.hubs, frameCounts, names);
  g.segments = std::move(cut.segments);
  g.entries = std::move(cut.entries);
  g.exits = std::move(cut.exits);
  g.cutNotes = std::move(cut.notes);
  report.notes.insert(report.notes.end(), g.cutNotes.begin(), g.cutNotes.end());

  const StageMeter dtw;
  g.segmentDistances = computeSegmentDistances(features, g.segments, stage(progress, 0.0, 0.9), threads, spread);
  report.dtwSeconds = dtw.seconds();
  report.dtwPeakBytes = dtw.peakBytes();

  const StageMeter clustering;
  g.fatEdges = buildFatEdges(features, g.segments, g.segmentDistances, g.edgeThreshold.rms, project.settings.linkage,
                             spread);
  report.clusteringSeconds = clustering.seconds();
  report.clusteringPeakBytes = clustering.peakBytes();
  if (progress) progress(1.0);
}

namespace {

std::string percent(double fraction) {
  std::ostringstream s;
  s.setf(std::ios::fixed);
  s.precision(1);
  s << 100.0 * fraction;
  return s.str();
}

// "clip '144_05' frame 264": the frame in the source file at its own rate, as users find it.
std::string frameLabel(const Project& p, const PoseFeatures& f, int global) {
  const FrameRef r = f.frameRef(global);
  const Clip& c = p.clips[r.clip];
  return "clip '" + c.name + "' frame " + std::to_string(std::lround(c.sourceFrame(r.frame)));
}

// Why the automatic hub count stopped where it did.
std::string stopNote(const Project& p, const PoseFeatures& f, const HubPlan& plan, int maxHubs,
                     double minimumGain) {
  const std::string count = "stopped at " + std::to_string(plan.hubs.size()) + " hub" +
                            (plan.hubs.size() == 1 ? "" : "s") + " (estimated coverage " +
                            percent(plan.coverage) + " %)";
  if (plan.declined) {
    return count + ": the next suggestion (" + frameLabel(p, f, plan.declined->frame) +
           ") raises coverage by only " + percent(plan.declined->coverageGain) + " pp (at least " +
           percent(minimumGain) + " pp wanted)";
  }
  if (plan.exhausted) return count + ": no further suggestion matches anything";
  return count + ": the automatic limit of " + std::to_string(maxHubs) + " hubs";
}

// Hubs the player can never move between (a walk's and a run's with no take from one to the
// other), with how close their poses come: a hub threshold above that would let them meet.
std::vector<std::string> hubGroupNotes(const Project& p, const PoseFeatures& f) {
  const MotionGraph& g = p.graph;
  const std::vector<std::vector<int>> groups = hubGroups(g);
  std::vector<std::string> notes;
  constexpr size_t kMostNoted = 8;  // pairs of groups; the nearest first
  std::vector<HubGroupGap> gaps = hubGroupGaps(g, f, p.settings.window);
  std::sort(gaps.begin(), gaps.end(), [](const HubGroupGap& a, const HubGroupGap& b) { return a.rms < b.rms; });
  auto names = [&](int group) {
    std::string out;
    for (int h : groups[static_cast<size_t>(group)]) out += (out.empty() ? "" : ", ") + g.hubs[h].name;
    return "{" + out + "}";
  };
  for (size_t k = 0; k < gaps.size() && k < kMostNoted; ++k) {
    const HubGroupGap& gap = gaps[k];
    notes.push_back("hubs " + names(gap.fromGroup) + " and " + names(gap.toGroup) +
                    " are not connected by any segment: their closest poses (" +
                    g.hubs[gap.hub].name + " and " + frameLabel(p, f, gap.frame) + ") are " +
                    metres(gap.rms) + " apart, above the hub threshold " +
                    metres(g.hubThreshold.rms) + " and the bridge limit; --hub-bridge " +
                    metres(gap.rms * 1.01) + ", a hub threshold above " + metres(gap.rms) +
                    " or a take that passes from one to the other would connect them");
  }
  return notes;
}

// Hub groups no take connects (a walk's and a run's), joined where their closest poses are
// within the bridge limit, nearest first; each bridge is noted.
void bridgeGroups(Project& p, const PoseFeatures& f, std::optional<double> limitRms, BuildReport& report) {
  MotionGraph& g = p.graph;
  const double limit = limitRms.value_or(2.0 * g.hubThreshold.rms);
  if (!(limit > 0.0)) return;
  const std::string rule = limitRms ? "the bridge limit " + metres(limit) + " set by the user"
                                    : "twice the hub threshold, " + metres(limit) +
                                          ", the spread two matches of one hub may have";
  std::vector<int> frameCounts;
  for (const Clip& c : p.clips) frameCounts.push_back(c.frameCount());
  const SegmentCutResult cut = cutSegments(g.hubs, frameCounts);
  for (const HubBridge& b : bridgeHubGroups(g.hubs, cut.segments, f, p.settings.window, limit)) {
    report.notes.push_back(g.hubs[b.hub].name + " bridged to " + g.hubs[b.otherHub].name + ": " +
                           frameLabel(p, f, b.frame) + " joins " + g.hubs[b.hub].name +
                           "'s matches, so the player passes between their groups there (closest poses " +
                           metres(b.rms) + " apart, within " + rule + ")");
  }
}

// An automatic count stops long before this; it only bounds a pathological input.
constexpr int kAutoHubLimit = 64;

// The request's own errors, before anything is computed.
void checkBuildRequest(const Project& project, const BuildOptions& options) {
  if (project.clips.empty()) throw Error("build: no clips to build a graph from");
  if (std::string e = project.validate(); !e.empty()) throw Error("build: " + e);
  if (options.hubCount && *options.hubCount < 1) throw Error("build: --hubs must be at least 1");
  for (const std::optional<double>& t : {options.hubThresholdRms, options.edgeThresholdRms}) {
    if (t && !(*t > 0.0 && std::isfinite(*t))) throw Error("build: thresholds must be positive metres");
  }
}

// At least three frames whose window lies inside their clip.
void checkClipsHoldWindows(const PoseFeatures& features, int window) {
  int usable = 0;
  for (int i = 0; i < features.frameCount(); ++i) usable += windowInsideClip(features, i, window);
  if (usable < 3) {
    throw Error("build: the clips are too short for a window of " + std::to_string(window) +
                " frames (" + std::to_string(features.frameCount()) + " frames in all)");
  }
}

// The user's hub threshold, else the one the scan suggests; returns the suggestion (its
// figures explain a threshold that finds no hub).
HubThreshold chooseHubThreshold(MotionGraph& g, const DistanceScan& scan, const PoseFeatures& features,
                                const BuildOptions& options) {
  const HubThreshold derived = suggestHubThreshold(scan, &features);
  if (options.hubThresholdRms) {
    g.hubThreshold = {*options.hubThresholdRms, false, "set by the user"};
  } else {
    g.hubThreshold = {derived.rms, true, derived.method};
  }
  return derived;
}

// The hubs to accept: the requested count, or while each raises coverage enough; notes why
// the automatic count stopped or why fewer were found. Throws when no hub matches anything.
HubPlan planBuildHubs(const Project& work, const PoseFeatures& features, const DistanceScan& scan,
                      const HubThreshold& derived, const BuildOptions& options, BuildReport& report) {
  const MotionGraph& g = work.graph;
  HubPlanRequest request;
  request.maxHubs = options.hubCount.value_or(kAutoHubLimit);
  request.minimumCoverageGain = options.hubCount ? 0.0 : options.minimumCoverageGain;
  request.rejectedFrames = rejectedHubFrames(work);  // the user's verdicts outlast a rebuild
  request.threads = options.threads;
  request.spread = options.spread;
  HubPlan plan = planHubs(features, scan, g.hubThreshold.rms, request);
  if (plan.hubs.empty()) {
    throw Error("build: hub threshold " + metres(g.hubThreshold.rms) +
                " yields no match; row minima range from " + metres(derived.smallestMinimumRms) +
                " to " + metres(derived.largestMinimumRms) +
                ", so thresholds above " + metres(derived.smallestMinimumRms) +
                " give matches (the data suggest " + metres(derived.rms) + ")");
  }
  if (!options.hubCount) {
    report.notes.push_back(stopNote(work, features, plan, kAutoHubLimit, options.minimumCoverageGain));
  } else if (static_cast<int>(plan.hubs.size()) < *options.hubCount) {
    report.notes.push_back("only " + std::to_string(plan.hubs.size()) + " of " +
                           std::to_string(*options.hubCount) +
                           " hubs found: every other frame is within the threshold of a hub or matches nothing");
  }
  return plan;
}

// The planned hubs into the graph, named hub0, hub1, ..., each with its exact match set.
void acceptPlannedHubs(Project& work, const PoseFeatures& features, const HubPlan& plan, BuildReport& report) {
  MotionGraph& g = work.graph;
  for (size_t h = 0; h < plan.hubs.size(); ++h) {
    // The match set as graph edits recompute it (one exact row), so a later edit of the
    // threshold or of the hub starts from the same frames.
    const int frame = plan.hubs[h].frame;
    g.hubs.push_back(makeHub(features, "hub" + std::to_string(h), frame,
                             matchSetOf(features, frame, work.settings.window, g.hubThreshold.rms)));
    if (plan.hubs[h].firstCutOfTake) {
      report.notes.push_back("hub" + std::to_string(h) + " (" + frameLabel(work, features, frame) +
                             ") taken below the coverage gain rule (" +
                             percent(plan.hubs[h].coverageGain) +
                             " pp): it cuts a take no segment held before");
    }
  }
}

// Joins the groups of hubs still apart with generated transitions, then cuts and clusters
// again with them (a take now passes from one group to the other). `features` becomes the
// features of every clip, generated ones included.
void joinHubGroups(Project& work, PoseFeatures& features, const BuildOptions& options, BuildReport& report) {
  TransitionPlan plan = planTransitions(work, features);
  report.notes.insert(report.notes.end(), plan.notes.begin(), plan.notes.end());
  if (plan.transitions.empty()) return;
  for (std::string& note : addTransitions(work, plan.transitions)) report.notes.push_back(std::move(note));
  features = projectFeatures(work);
  BuildReport again;
  rebuildFromHubs(work, features, again, {}, options.threads, options.spread);
  report.dtwSeconds += again.dtwSeconds;
  report.clusteringSeconds += again.clusteringSeconds;
  report.dtwPeakBytes = std::max(report.dtwPeakBytes, again.dtwPeakBytes);
  report.clusteringPeakBytes = std::max(report.clusteringPeakBytes, again.clusteringPeakBytes);
  // A generated clip's lead frames belong to no segment by design: not worth a note.
  std::vector<std::string>& cutNotes = work.graph.cutNotes;
  cutNotes.erase(std::remove_if(cutNotes.begin(), cutNotes.end(),
                                [&](const std::string& note) {
                                  for (const Clip* c : generatedClips(work)) {
                                    if (note.find("clip '" + c->name + "'") != std::string::npos) return true;
                                  }
                                  return false;
                                }),
                 cutNotes.end());
}

void chooseEdgeThreshold(MotionGraph& g, const BuildOptions& options) {
  if (options.edgeThresholdRms) {
    g.edgeThreshold = {*options.edgeThresholdRms, false, "set by the user"};
  } else {
    g.edgeThreshold = {defaultEdgeThreshold(g.hubThreshold.rms), true, "1.5 x the hub threshold"};
  }
}

BuildReport buildFromCapturedClips(Project& project, const BuildOptions& options) {
  BuildReport report;
  Project& work = project;
  PoseFeatures features = projectFeatures(work);
  report.frames = features.frameCount();
  checkClipsHoldWindows(features, work.settings.window);

  const StageMeter distance;
  const DistanceScan& scan = ensureDistanceScan(work, features, options, report.distancesFromCache,
                                                stage(options.progress, 0.0, 0.6));
  report.distanceSeconds = report.distancesFromCache ? 0.0 : distance.seconds();
  report.distancePeakBytes = distance.peakBytes();

  const StageMeter hubs;
  MotionGraph& g = work.graph;
  g = MotionGraph{};
  const HubThreshold derived = chooseHubThreshold(g, scan, features, options);
  const HubPlan plan = planBuildHubs(work, features, scan, derived, options, report);
  acceptPlannedHubs(work, features, plan, report);
  bridgeGroups(work, features, options.hubBridgeRms, report);
  report.hubSeconds = hubs.seconds();
  report.hubPeakBytes = hubs.peakBytes();
  chooseEdgeThreshold(g, options);
  rebuildFromHubs(work, features, report, stage(options.progress, 0.6, 1.0), options.threads, options.spread);
  if (g.segments.empty()) {
    throw Error("build: the hubs cut no hub-to-hub segment (every clip has at most one cut); "
                "add hubs or raise the hub threshold (now " + metres(g.hubThreshold.rms) + ")");
  }
  if (options.transitions) joinHubGroups(work, features, options, report);
  report.coverage = projectCoverage(work);
  for (const std::string& note : hubGroupNotes(work, features)) report.notes.push_back(note);
  work.edits.clear();
  return report;
}

}  // namespace

BuildReport buildMotionGraph(Project& project, const BuildOptions& options) {
  checkBuildRequest(project, options);
  GraphStateGuard guard(project);  // the project changes only when every step succeeded
  // Generated transitions are derived like the rest of the graph: made again below.
  std::vector<TakenClip> generated = takeGeneratedClips(project);
  try {
    BuildReport report = buildFromCapturedClips(project, options);
    guard.commit();
    return report;
  } catch (...) {
    takeGeneratedClips(project);
    restoreGeneratedClips(project, std::move(generated));
    throw;
  }
}

}  // namespace fatgraph
