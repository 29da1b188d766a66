// Consistency checks of a project's settings, distance cache, graph and edit history against
// its skeleton and clips. The writer runs them before saving and the reader after reading, so
// a file that saves also loads (schema: docs/PROJECT_FORMAT.md).
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <set>
#include <vector>

#include "fatgraph/core/graph/fat_edge_edits.h"
#include "project_file.h"

namespace fatgraph::project_file {
namespace {

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

std::string clipLabel(const Project& p, int c) {
  return "clip " + std::to_string(c) + " ('" + p.clips[c].name + "', " +
         std::to_string(p.clips[c].frameCount()) + " frames)";
}

// Empty when `f` is a frame of the project's clips, else what is wrong.
std::string frameProblem(const Project& p, FrameRef f) {
  if (f.clip < 0 || f.clip >= static_cast<int>(p.clips.size())) {
    return "clip " + std::to_string(f.clip) + " does not exist (" +
           std::to_string(p.clips.size()) + " clips)";
  }
  if (f.frame < 0 || f.frame >= p.clips[f.clip].frameCount()) {
    return "frame " + std::to_string(f.frame) + " is outside " + clipLabel(p, f.clip);
  }
  return {};
}

std::string frameText(FrameRef f) {
  return "clip " + std::to_string(f.clip) + ", frame " + std::to_string(f.frame);
}

Problem checkSettings(const Project& p) {
  const GraphSettings& s = p.settings;
  if (!(s.fps > 0) || !std::isfinite(s.fps)) {
    return {"/settings", "attribute 'fps' is " + number(s.fps) + ", expected a positive rate"};
  }
  if (s.window < 1) {
    return {"/settings",
            "attribute 'window' is " + std::to_string(s.window) + ", expected at least 1 frame"};
  }
  const size_t joints = static_cast<size_t>(p.skeleton.jointCount());
  if (!s.jointWeights.empty() && s.jointWeights.size() != joints) {
    return {"/settings/joint_weights", std::to_string(s.jointWeights.size()) +
                                           " weights for " + std::to_string(joints) +
                                           " joints, expected one per joint or none"};
  }
  for (size_t j = 0; j < s.jointWeights.size(); ++j) {
    if (!(s.jointWeights[j] >= 0) || !std::isfinite(s.jointWeights[j])) {
      return {"/settings/joint_weights", jointLabel(p.skeleton.names, j) + ": weight " +
                                             number(s.jointWeights[j]) +
                                             ", expected a finite value >= 0"};
    }
  }
  return {};
}

Problem checkDistances(const Project& p) {
  const DistanceScan& s = p.distances.scan;
  const long long frames = capturedFrames(p);
  if (s.frames != frames) {
    return {"/distances", "attribute 'frames' is " + std::to_string(s.frames) +
                              ", but the captured clips hold " + std::to_string(frames) + " frames"};
  }
  if (s.window < 1) {
    return {"/distances",
            "attribute 'window' is " + std::to_string(s.window) + ", expected at least 1 frame"};
  }
  if (s.heatStride < 1) {
    return {"/distances", "attribute 'heat_stride' is " + std::to_string(s.heatStride) +
                              ", expected at least 1"};
  }
  const long long size = (frames + s.heatStride - 1) / s.heatStride;
  if (s.heatSize != size) {
    return {"/distances", "attribute 'heat_size' is " + std::to_string(s.heatSize) +
                              ", expected " + std::to_string(size) + " (" +
                              std::to_string(frames) + " frames in blocks of " +
                              std::to_string(s.heatStride) + ")"};
  }
  if (!(s.seconds >= 0) || !std::isfinite(s.seconds)) {
    return {"/distances",
            "attribute 'seconds' is " + number(s.seconds) + ", expected a time >= 0"};
  }
  if (s.heat.size() != static_cast<size_t>(size * size)) {
    return {"/distances/heat", std::to_string(s.heat.size()) + " values, expected " +
                                   std::to_string(size * size)};
  }
  for (size_t i = 0; i < s.heat.size(); ++i) {
    const float v = s.heat[i];
    if (!std::isnan(v) && !(v >= 0 && std::isfinite(v))) {
      return {"/distances/heat", "cell (" + std::to_string(i / size) + ", " +
                                     std::to_string(i % size) + ") is " + number(v) +
                                     ", expected NaN (undefined) or a distance >= 0"};
    }
  }
  if (s.minimaBins.size() != static_cast<size_t>(frames) * DistanceHistogram::kBins) {
    return {"/distances/minima_bins", std::to_string(s.minimaBins.size()) +
                                          " counts, expected frames x " +
                                          std::to_string(DistanceHistogram::kBins)};
  }
  if (s.allBins.size() != static_cast<size_t>(DistanceHistogram::kBins)) {
    return {"/distances/all_bins", std::to_string(s.allBins.size()) + " counts, expected " +
                                       std::to_string(DistanceHistogram::kBins)};
  }
  return {};
}

Problem checkThreshold(const ThresholdChoice& t, const ThresholdNames& names) {
  if (!(t.rms >= 0) || !std::isfinite(t.rms)) {
    return {"/graph", std::string("attribute '") + names.rms + "' is " + number(t.rms) +
                          ", expected a finite distance >= 0 (metres)"};
  }
  return {};
}

Problem checkSegments(const Project& p, const std::vector<Segment>& segments, const char* name) {
  const int hubs = static_cast<int>(p.graph.hubs.size());
  const std::string object = std::string("/graph/") + name;
  for (size_t i = 0; i < segments.size(); ++i) {
    const Segment& s = segments[i];
    const std::string label = "row " + std::to_string(i) + " (clip " + std::to_string(s.clip) +
                              ", frames " + std::to_string(s.first) + " to " +
                              std::to_string(s.last) + ", hubs " + std::to_string(s.fromHub) +
                              " -> " + std::to_string(s.toHub) + ")";
    if (s.clip < 0 || s.clip >= static_cast<int>(p.clips.size())) {
      return {object, label + ": clip " + std::to_string(s.clip) + " does not exist (" +
                          std::to_string(p.clips.size()) + " clips)"};
    }
    if (s.first < 0 || s.first > s.last || s.last >= p.clips[s.clip].frameCount()) {
      return {object, label + ": frames are not a range inside " + clipLabel(p, s.clip)};
    }
    for (int h : {s.fromHub, s.toHub}) {
      if (h < -1 || h >= hubs) {
        return {object, label + ": hub " + std::to_string(h) + " does not exist (" +
                            std::to_string(hubs) + " hubs; -1 = none)"};
      }
    }
  }
  return {};
}

Problem checkHubs(const Project& p) {
  const std::vector<Hub>& hubs = p.graph.hubs;
  std::set<std::string> names;
  for (size_t h = 0; h < hubs.size(); ++h) {
    const Hub& hub = hubs[h];
    const std::string object = "/graph/hubs/" + clipGroupName(h);
    if (hub.name.empty()) return {object, "hub " + std::to_string(h) + " has an empty name"};
    if (!names.insert(hub.name).second) {
      return {object, "hub name '" + hub.name + "' is used twice"};
    }
    const std::string label = "hub '" + hub.name + "'";
    if (std::string e = frameProblem(p, hub.frame); !e.empty()) return {object, label + ": " + e};
    for (size_t i = 0; i < hub.matchSet.size(); ++i) {
      const FrameRef f = hub.matchSet[i];
      const std::string entry =
          label + ": match " + std::to_string(i) + " (" + frameText(f) + ")";
      if (std::string e = frameProblem(p, f); !e.empty()) {
        return {object + "/match_set", entry + ": " + e};
      }
      if (f == hub.frame) return {object + "/match_set", entry + " is the hub's own frame"};
      if (i > 0 && !(hub.matchSet[i - 1] < f)) {
        return {object + "/match_set",
                entry + " does not follow match " + std::to_string(i - 1) +
                    " (matches are sorted by clip, then frame, without repeats)"};
      }
    }
  }
  return {};
}

Problem checkFatEdges(const Project& p) {
  const MotionGraph& g = p.graph;
  const int hubs = static_cast<int>(g.hubs.size());
  const int segments = static_cast<int>(g.segments.size());
  for (size_t e = 0; e < g.fatEdges.size(); ++e) {
    const FatEdge& edge = g.fatEdges[e];
    const std::string object = "/graph/fat_edges/" + clipGroupName(e);
    const std::string label = "fat edge '" + edge.name + "'";
    for (int h : {edge.fromHub, edge.toHub}) {
      if (h < 0 || h >= hubs) {
        return {object, label + ": hub " + std::to_string(h) + " does not exist (" +
                            std::to_string(hubs) + " hubs)"};
      }
    }
    for (int s : edge.segments) {
      if (s < 0 || s >= segments) {
        return {object + "/segments", label + ": segment " + std::to_string(s) +
                                          " does not exist (" + std::to_string(segments) +
                                          " segments)"};
      }
    }
    if (edge.reference != -1 && std::find(edge.segments.begin(), edge.segments.end(),
                                          edge.reference) == edge.segments.end()) {
      return {object, label + ": reference " + std::to_string(edge.reference) +
                          " is not one of its segments"};
    }
    if (!edge.warps.empty() && edge.warps.size() != edge.segments.size()) {
      return {object, label + ": " + std::to_string(edge.warps.size()) + " warps for " +
                          std::to_string(edge.segments.size()) +
                          " segments, expected one per segment or none"};
    }
    for (size_t i = 0; i < edge.warps.size(); ++i) {
      if (std::string w = edge.warps[i].validate(); !w.empty()) {
        return {object, label + ": warp of segment " + std::to_string(edge.segments[i]) +
                            " (member " + std::to_string(i) + "): " + w};
      }
    }
  }
  if (std::string e = validateFatEdges(g.fatEdges, g.segments); !e.empty()) {
    return {"/graph/fat_edges", e};
  }
  return {};
}

Problem checkGraph(const Project& p) {
  const MotionGraph& g = p.graph;
  for (Problem problem : {checkThreshold(g.hubThreshold, kHubThresholdNames),
                          checkThreshold(g.edgeThreshold, kEdgeThresholdNames), checkHubs(p),
                          checkSegments(p, g.segments, schema::kSegments),
                          checkSegments(p, g.entries, schema::kEntries),
                          checkSegments(p, g.exits, schema::kExits)}) {
    if (problem.found()) return problem;
  }
  const GroupedSegmentDistances& d = g.segmentDistances;
  if (const std::string m = d.mismatch(g.segments); !m.empty()) return {"/graph/segment_group_members", m};
  for (int group = 0; group < d.groupCount(); ++group) {
    const std::span<const int> members = d.members(group);
    for (size_t a = 0; a < members.size(); ++a) {
      for (size_t b = a + 1; b < members.size(); ++b) {
        const double v = d.pair(group, static_cast<int>(a), static_cast<int>(b));
        if (!(v >= 0)) {
          return {"/graph/segment_pair_distances", "the pair of segments " + std::to_string(members[a]) + " and " +
                                                       std::to_string(members[b]) + " is " + number(v) +
                                                       ", expected a distance >= 0 or +inf"};
        }
      }
    }
  }
  return checkFatEdges(p);
}

Problem checkEdits(const std::vector<std::string>& edits) {
  for (size_t i = 0; i < edits.size(); ++i) {
    const nlohmann::json j = nlohmann::json::parse(edits[i], nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      std::string text = edits[i].substr(0, 40);
      if (text.size() < edits[i].size()) text += "...";
      for (char& c : text) {
        if (c == '\n' || c == '\r') c = ' ';
      }
      return {"/edits", "entry " + std::to_string(i) + " is not a JSON object: " + text};
    }
  }
  return {};
}

Problem checkParameterization(const Project& p) {
  const int joints = p.skeleton.jointCount();
  for (const EdgeParameterChoice& c : p.settings.edgeParameterChoices) {
    if (c.joint >= joints || c.samples < 0 || (c.grid != 0 && c.grid < 2) || !std::isfinite(c.timeSeconds)) {
      return {"/parameterization/choice_values", "the choice for edge '" + c.edge + "' is out of range"};
    }
  }
  const auto& list = p.graph.parameterizations;
  if (list.empty()) return {};
  if (list.size() != p.graph.fatEdges.size()) {
    return {"/parameterization/edges", std::to_string(list.size()) + " parameterizations for " +
                                           std::to_string(p.graph.fatEdges.size()) + " fat edges in /graph"};
  }
  for (size_t e = 0; e < list.size(); ++e) {
    const EdgeParameterization& q = list[e];
    const std::string object = "/parameterization/edges/" + clipGroupName(e);
    const auto segments = static_cast<int>(p.graph.fatEdges[e].segments.size());
    if (q.joint < 0 || q.joint >= joints) return {object, "joint " + std::to_string(q.joint) + " does not exist"};
    if (q.grid.segmentCount != segments) {
      return {object, "the grid holds " + std::to_string(q.grid.segmentCount) + " weights per vertex, the edge has " +
                          std::to_string(segments) + " segments"};
    }
    if (q.samplePositions.size() != q.sampleWeights.size()) return {object, "sample weights and positions differ in count"};
    const size_t vertices = static_cast<size_t>(q.grid.resolution) * q.grid.resolution;
    if (!q.vertexError.empty() && q.vertexError.size() != vertices) {
      return {object + "/vertex_error", "expected one error per grid vertex"};
    }
    for (const Eigen::Vector3d& x : q.samplePositions) {
      if (!x.allFinite()) return {object + "/sample_positions", "non-finite position"};
    }
    for (float w : q.grid.weights) {
      if (!(w >= 0) || !std::isfinite(w)) return {object + "/grid_weights", "weights must be finite and >= 0"};
    }
  }
  return {};
}

}  // namespace

long long capturedFrames(const Project& project) {
  long long n = 0;
  for (const Clip& c : project.clips) n += c.generated ? 0 : c.frameCount();
  return n;
}

bool writesDistanceCache(const Project& project) {
  return project.distances.valid() && project.distances.scan.frames == capturedFrames(project);
}

bool writesGraph(const MotionGraph& g) {
  const ThresholdChoice none;
  auto isDefault = [&](const ThresholdChoice& t) {
    return t.rms == none.rms && t.automatic == none.automatic && t.method == none.method;
  };
  return !g.hubs.empty() || !g.segments.empty() || !g.entries.empty() || !g.exits.empty() ||
         !g.cutNotes.empty() || !g.fatEdges.empty() || !g.segmentDistances.empty() ||
         !isDefault(g.hubThreshold) || !isDefault(g.edgeThreshold);
}

Problem checkGraphData(const Project& project, bool checkCache) {
  if (Problem p = checkSettings(project); p.found()) return p;
  if (checkCache && project.distances.valid()) {
    if (Problem p = checkDistances(project); p.found()) return p;
  }
  if (Problem p = checkGraph(project); p.found()) return p;
  if (Problem p = checkParameterization(project); p.found()) return p;
  return checkEdits(project.edits);
}

}  // namespace fatgraph::project_file
