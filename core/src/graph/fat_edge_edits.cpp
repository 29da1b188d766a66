#include "fatgraph/core/graph/fat_edge_edits.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "fatgraph/core/model/error.h"

namespace fatgraph {

namespace {

std::string hubs(int from, int to) { return std::to_string(from) + " -> " + std::to_string(to); }

void markStale(FatEdge& e) {
  std::sort(e.segments.begin(), e.segments.end());
  e.reference = -1;
  e.warps.clear();
}

void requireValid(const std::vector<FatEdge>& edges, const std::vector<Segment>& segments,
                  const std::string& what) {
  const std::string problem = validateFatEdges(edges, segments);
  if (!problem.empty()) throw Error(what + ": the fat edges are inconsistent: " + problem);
}

int requireEdge(const std::vector<FatEdge>& edges, const std::string& name, const std::string& what) {
  const int e = findFatEdge(edges, name);
  if (e < 0) throw Error(what + ": there is no fat edge named '" + name + "'");
  return e;
}

void requireSegment(const std::vector<Segment>& segments, int s, const std::string& what) {
  if (s < 0 || s >= static_cast<int>(segments.size())) {
    throw Error(what + ": segment " + std::to_string(s) + " does not exist (" +
                std::to_string(segments.size()) + " segments)");
  }
}

// Removes segment s from edge e; drops the edge when it becomes empty.
void takeOut(std::vector<FatEdge>& edges, int e, int s) {
  auto& members = edges[e].segments;
  members.erase(std::remove(members.begin(), members.end(), s), members.end());
  if (members.empty()) {
    edges.erase(edges.begin() + e);
  } else {
    markStale(edges[e]);
  }
}

}  // namespace

int findFatEdge(const std::vector<FatEdge>& edges, const std::string& name) {
  for (size_t e = 0; e < edges.size(); ++e) {
    if (edges[e].name == name) return static_cast<int>(e);
  }
  return -1;
}

int fatEdgeOfSegment(const std::vector<FatEdge>& edges, int segment) {
  for (size_t e = 0; e < edges.size(); ++e) {
    const auto& m = edges[e].segments;
    if (std::find(m.begin(), m.end(), segment) != m.end()) return static_cast<int>(e);
  }
  return -1;
}

std::string validateFatEdges(const std::vector<FatEdge>& edges, const std::vector<Segment>& segments) {
  std::set<std::string> names;
  std::vector<int> owner(segments.size(), -1);
  for (size_t e = 0; e < edges.size(); ++e) {
    const FatEdge& edge = edges[e];
    const std::string label = "fat edge " + std::to_string(e) + " '" + edge.name + "'";
    if (edge.name.empty()) return "fat edge " + std::to_string(e) + " has an empty name";
    if (!names.insert(edge.name).second) return "two fat edges are named '" + edge.name + "'";
    if (edge.segments.empty()) return label + " has no segments";
    if (edge.fromHub < 0 || edge.toHub < 0) {
      return label + " joins hubs " + hubs(edge.fromHub, edge.toHub) +
             "; entry and exit pieces never form fat edges";
    }
    for (int s : edge.segments) {
      if (s < 0 || s >= static_cast<int>(segments.size())) {
        return label + " holds segment " + std::to_string(s) + ", which does not exist (" +
               std::to_string(segments.size()) + " segments)";
      }
      if (segments[s].fromHub != edge.fromHub || segments[s].toHub != edge.toHub) {
        return label + " joins hubs " + hubs(edge.fromHub, edge.toHub) + " but its segment " +
               std::to_string(s) + " joins " + hubs(segments[s].fromHub, segments[s].toHub);
      }
      if (owner[s] >= 0) {
        return "segment " + std::to_string(s) + " is in fat edge '" + edges[owner[s]].name +
               "' and in '" + edge.name + "'";
      }
      owner[s] = static_cast<int>(e);
    }
  }
  return {};
}

std::string freshFatEdgeName(const std::vector<FatEdge>& edges) {
  long long next = 0;
  for (const FatEdge& e : edges) {
    const std::string& n = e.name;
    if (n.size() <= 4 || n.size() > 22 || n.compare(0, 4, "edge") != 0) continue;
    if (!std::all_of(n.begin() + 4, n.end(), [](unsigned char c) { return std::isdigit(c); })) continue;
    next = std::max(next, std::stoll(n.substr(4)) + 1);
  }
  return "edge" + std::to_string(next);
}

std::vector<FatEdge> moveSegmentToFatEdge(const std::vector<FatEdge>& edges,
                                          const std::vector<Segment>& segments, int segment,
                                          const std::string& edgeName) {
  const std::string what = "move segment " + std::to_string(segment) + " to fat edge '" + edgeName + "'";
  requireValid(edges, segments, what);
  requireSegment(segments, segment, what);
  const int target = requireEdge(edges, edgeName, what);
  const Segment& s = segments[segment];
  const FatEdge& t = edges[target];
  if (s.fromHub != t.fromHub || s.toHub != t.toHub) {
    throw Error(what + ": the segment joins hubs " + hubs(s.fromHub, s.toHub) +
                " but the edge joins " + hubs(t.fromHub, t.toHub) +
                "; a fat edge only holds segments between the same hubs");
  }
  const int source = fatEdgeOfSegment(edges, segment);
  if (source == target) return edges;

  std::vector<FatEdge> out = edges;
  out[target].segments.push_back(segment);
  markStale(out[target]);
  if (source >= 0) takeOut(out, source, segment);
  return out;
}

std::vector<FatEdge> splitFatEdge(const std::vector<FatEdge>& edges,
                                  const std::vector<Segment>& segments,
                                  const std::string& edgeName, const std::vector<int>& subset,
                                  const std::string& newName) {
  const std::string what = "split fat edge '" + edgeName + "'";
  requireValid(edges, segments, what);
  const int e = requireEdge(edges, edgeName, what);
  std::vector<int> part = subset;
  std::sort(part.begin(), part.end());
  if (part.empty()) throw Error(what + ": no segments were chosen to split off");
  if (std::adjacent_find(part.begin(), part.end()) != part.end()) {
    throw Error(what + ": segment " + std::to_string(*std::adjacent_find(part.begin(), part.end())) +
                " is listed twice");
  }
  const std::vector<int>& members = edges[e].segments;
  for (int s : part) {
    if (std::find(members.begin(), members.end(), s) == members.end()) {
      throw Error(what + ": segment " + std::to_string(s) + " is not in this edge");
    }
  }
  if (part.size() == members.size()) {
    throw Error(what + ": splitting off all " + std::to_string(members.size()) +
                " segments would leave the edge empty");
  }
  const std::string name = newName.empty() ? freshFatEdgeName(edges) : newName;
  if (findFatEdge(edges, name) >= 0) {
    throw Error(what + ": a fat edge named '" + name + "' already exists");
  }

  std::vector<FatEdge> out = edges;
  FatEdge split;
  split.name = name;
  split.fromHub = edges[e].fromHub;
  split.toHub = edges[e].toHub;
  split.segments = part;
  markStale(split);
  auto& kept = out[e].segments;
  kept.erase(std::remove_if(kept.begin(), kept.end(),
                            [&](int s) { return std::binary_search(part.begin(), part.end(), s); }),
             kept.end());
  markStale(out[e]);
  out.push_back(std::move(split));
  return out;
}

std::vector<FatEdge> mergeFatEdges(const std::vector<FatEdge>& edges,
                                   const std::vector<Segment>& segments, const std::string& kept,
                                   const std::string& absorbed) {
  const std::string what = "merge fat edge '" + absorbed + "' into '" + kept + "'";
  requireValid(edges, segments, what);
  const int k = requireEdge(edges, kept, what);
  const int a = requireEdge(edges, absorbed, what);
  if (k == a) throw Error(what + ": an edge cannot be merged with itself");
  if (edges[k].fromHub != edges[a].fromHub || edges[k].toHub != edges[a].toHub) {
    throw Error(what + ": '" + kept + "' joins hubs " + hubs(edges[k].fromHub, edges[k].toHub) +
                " but '" + absorbed + "' joins " + hubs(edges[a].fromHub, edges[a].toHub) +
                "; only edges between the same hubs can merge");
  }
  std::vector<FatEdge> out = edges;
  out[k].segments.insert(out[k].segments.end(), edges[a].segments.begin(), edges[a].segments.end());
  markStale(out[k]);
  out.erase(out.begin() + a);
  return out;
}

std::vector<FatEdge> removeSegmentFromFatEdge(const std::vector<FatEdge>& edges,
                                              const std::vector<Segment>& segments, int segment) {
  const std::string what = "remove segment " + std::to_string(segment) + " from its fat edge";
  requireValid(edges, segments, what);
  requireSegment(segments, segment, what);
  const int e = fatEdgeOfSegment(edges, segment);
  if (e < 0) return edges;
  std::vector<FatEdge> out = edges;
  takeOut(out, e, segment);
  return out;
}

std::vector<FatEdge> renameFatEdge(const std::vector<FatEdge>& edges, const std::string& oldName,
                                   const std::string& newName) {
  const std::string what = "rename fat edge '" + oldName + "' to '" + newName + "'";
  const int e = requireEdge(edges, oldName, what);
  if (newName.empty()) throw Error(what + ": a fat edge name cannot be empty");
  if (newName == oldName) return edges;
  if (findFatEdge(edges, newName) >= 0) {
    throw Error(what + ": another fat edge already has that name");
  }
  std::vector<FatEdge> out = edges;
  out[e].name = newName;
  return out;
}

std::vector<FatEdge> applyFatEdgeEdit(const std::vector<FatEdge>& edges,
                                      const std::vector<Segment>& segments, const FatEdgeEdit& edit) {
  auto single = [&](const char* what) {
    if (edit.segments.size() != 1) {
      throw Error(std::string(what) + ": expected exactly one segment, got " +
                  std::to_string(edit.segments.size()));
    }
    return edit.segments.front();
  };
  switch (edit.kind) {
    case FatEdgeEdit::Kind::MoveSegment:
      return moveSegmentToFatEdge(edges, segments, single("move segment"), edit.edge);
    case FatEdgeEdit::Kind::SplitEdge:
      return splitFatEdge(edges, segments, edit.edge, edit.segments, edit.other);
    case FatEdgeEdit::Kind::MergeEdges:
      return mergeFatEdges(edges, segments, edit.edge, edit.other);
    case FatEdgeEdit::Kind::RemoveSegment:
      return removeSegmentFromFatEdge(edges, segments, single("remove segment"));
    case FatEdgeEdit::Kind::RenameEdge:
      return renameFatEdge(edges, edit.edge, edit.other);
  }
  throw Error("fat edge edit: unknown kind");
}

}  // namespace fatgraph
