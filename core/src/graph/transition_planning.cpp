// Which transitions a build generates (generated_transitions.h): the cheapest blend between
// each pair of hub groups, and the groups' minimum spanning tree over them.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <sstream>
#include <tuple>

#include "fatgraph/core/graph/generated_transitions.h"
#include "fatgraph/core/graph/hub_groups.h"
#include "fatgraph/core/model/error.h"

namespace fatgraph {
namespace {

// Occurrences of a group's hubs considered as ends of a transition: at most this many per
// hub, spread over its match set (every occurrence is the same pose within the threshold).
constexpr size_t kOccurrencesPerHub = 8;
// Frames of the blend compared for its cost: about this many, evenly spaced.
constexpr int kComparedFrames = 9;

struct Occurrence {
  int hub = -1;
  FrameRef at;
};

std::vector<Occurrence> occurrencesOf(const Project& p, const std::vector<int>& group) {
  std::vector<Occurrence> out;
  for (int h : group) {
    std::vector<FrameRef> captured;
    for (const FrameRef& r : p.graph.hubs[static_cast<size_t>(h)].matchSet) {
      if (!p.clips[static_cast<size_t>(r.clip)].generated) captured.push_back(r);
    }
    const size_t n = captured.size();
    const size_t take = std::min(n, kOccurrencesPerHub);
    for (size_t k = 0; k < take; ++k) out.push_back({h, captured[k * n / take]});
  }
  return out;
}

struct Candidate {
  double cost = std::numeric_limits<double>::infinity();
  PlannedTransition plan;
};

// The mean pose distance between `from` from frame i on and `to` arriving at frame j, over a
// blend of `blend` frames; infinity when either clip lacks the frames (with `lead` around).
double blendCost(const Project& p, const PoseFeatures& f, const FrameRef& from, const FrameRef& to,
                 int blend, int lead) {
  const int fromFrames = p.clips[static_cast<size_t>(from.clip)].frameCount();
  if (from.frame - lead < 0 || from.frame + blend > fromFrames - 1) return std::numeric_limits<double>::infinity();
  if (to.frame - blend < 0 || to.frame + lead > p.clips[static_cast<size_t>(to.clip)].frameCount() - 1) {
    return std::numeric_limits<double>::infinity();
  }
  const int a = f.globalIndex(from);
  const int b = f.globalIndex(to) - blend;
  const int stride = std::max(1, blend / (kComparedFrames - 1));
  double sum = 0.0;
  int count = 0;
  for (int t = 0; t <= blend; t += stride) {
    sum += frameDistance(f, a + t, b + t);
    ++count;
  }
  if (blend % stride != 0) {
    sum += frameDistance(f, a + blend, b + blend);
    ++count;
  }
  return sum / count;
}

Candidate cheapest(const Project& p, const PoseFeatures& f, const std::vector<Occurrence>& from,
                   const std::vector<Occurrence>& to) {
  const double fps = p.settings.fps;
  const int shortest = std::max(2, static_cast<int>(std::lround(kShortestTransitionSeconds * fps)));
  const int longest = std::max(shortest, static_cast<int>(std::lround(kLongestTransitionSeconds * fps)));
  const int lead = p.settings.window;
  Candidate best;
  for (const Occurrence& a : from) {
    for (const Occurrence& b : to) {
      if (a.at.clip == b.at.clip) continue;  // a clip's own frames: a take already joins them
      for (int blend = shortest; blend <= longest; ++blend) {
        const double cost = blendCost(p, f, a.at, b.at, blend, lead);
        if (!(cost < best.cost)) continue;
        best.cost = cost;
        PlannedTransition& t = best.plan;
        t.fromHub = a.hub;
        t.toHub = b.hub;
        t.fromClip = a.at.clip;
        t.toClip = b.at.clip;
        t.origin = {};
        t.origin.fromClip = p.clips[static_cast<size_t>(a.at.clip)].name;
        t.origin.fromFrame = a.at.frame;
        t.origin.toClip = p.clips[static_cast<size_t>(b.at.clip)].name;
        t.origin.toFrame = b.at.frame;
        t.origin.blendFrames = blend;
        t.origin.leadFrames = lead;
        t.origin.fromHub = p.graph.hubs[static_cast<size_t>(a.hub)].name;
        t.origin.toHub = p.graph.hubs[static_cast<size_t>(b.hub)].name;
        t.origin.poseGapRms = cost;
      }
    }
  }
  return best;
}

// Groups of hubs that a segment touches (a hub no segment starts or ends at cannot be played).
std::vector<std::vector<int>> playableGroups(const MotionGraph& g) {
  std::vector<char> used(g.hubs.size(), 0);
  for (const Segment& s : g.segments) {
    if (s.fromHub >= 0) used[static_cast<size_t>(s.fromHub)] = 1;
    if (s.toHub >= 0) used[static_cast<size_t>(s.toHub)] = 1;
  }
  std::vector<std::vector<int>> out;
  for (const std::vector<int>& group : hubGroups(static_cast<int>(g.hubs.size()), g.segments)) {
    if (std::any_of(group.begin(), group.end(), [&](int h) { return used[static_cast<size_t>(h)] != 0; })) {
      out.push_back(group);
    }
  }
  return out;
}

// True when `name` is `base` followed by a separator and more: "Run_swordAttack" of "Run",
// "knight:Walk Carry" of "knight:Walk".
bool variantOf(const std::string& name, const std::string& base) {
  if (base.empty() || base.size() + 1 >= name.size() || name.compare(0, base.size(), base) != 0) return false;
  const char next = name[base.size()];
  return next == '_' || next == ' ' || next == '-' || next == '.' || next == '|';
}

const std::string& hubClipName(const Project& p, int hub) {
  return p.clips[static_cast<size_t>(p.graph.hubs[static_cast<size_t>(hub)].frame.clip)].name;
}

// A group whose hubs all lie in variants of other clips.
bool variantGroup(const Project& p, const std::vector<int>& group) {
  return std::all_of(group.begin(), group.end(), [&](int h) {
    return std::any_of(p.clips.begin(), p.clips.end(),
                       [&](const Clip& c) { return !c.generated && variantOf(hubClipName(p, h), c.name); });
  });
}

// True when a hub of `group` lies in the clip a hub of `variant` is a variant of.
bool holdsBaseOf(const Project& p, const std::vector<int>& group, const std::vector<int>& variant) {
  for (int v : variant) {
    for (int h : group) {
      if (variantOf(hubClipName(p, v), hubClipName(p, h))) return true;
    }
  }
  return false;
}

// The order in which pairs of groups are joined, before their cost: plain with plain, a
// variant with its own clip's group, a variant with another plain group, two variants.
int joinRank(const Project& p, const std::vector<std::vector<int>>& groups, const std::vector<int>& variant,
             size_t a, size_t b) {
  if (variant[a] + variant[b] == 0) return 0;
  if (variant[a] + variant[b] == 2) return 3;
  const size_t v = variant[a] ? a : b, other = variant[a] ? b : a;
  return holdsBaseOf(p, groups[other], groups[v]) ? 1 : 2;
}

std::string groupName(const MotionGraph& g, const std::vector<int>& group) {
  std::string out;
  for (int h : group) out += (out.empty() ? "" : ", ") + g.hubs[static_cast<size_t>(h)].name;
  return "{" + out + "}";
}

int findRoot(std::vector<int>& parent, int x) {
  while (parent[static_cast<size_t>(x)] != x) x = parent[static_cast<size_t>(x)] = parent[static_cast<size_t>(parent[static_cast<size_t>(x)])];
  return x;
}

}  // namespace

TransitionPlan planTransitions(const Project& project, const PoseFeatures& features) {
  TransitionPlan plan;
  const MotionGraph& g = project.graph;
  const std::vector<std::vector<int>> groups = playableGroups(g);
  const size_t n = groups.size();
  if (n < 2) return plan;
  std::vector<std::vector<Occurrence>> occurrences;
  for (const std::vector<int>& group : groups) occurrences.push_back(occurrencesOf(project, group));
  std::vector<std::vector<Candidate>> best(n, std::vector<Candidate>(n));
  for (size_t a = 0; a < n; ++a) {
    for (size_t b = 0; b < n; ++b) {
      if (a != b) best[a][b] = cheapest(project, features, occurrences[a], occurrences[b]);
    }
  }
  // Kruskal over pairs joinable both ways, by the dearer direction; the plain clips' groups
  // join among themselves first (idle, walk, run), and each variant's group (a run with a
  // sword) hangs off its own clip's group where it can, so the plain set is what the stick
  // plays through.
  std::vector<int> variant(n, 0);
  for (size_t a = 0; a < n; ++a) variant[a] = variantGroup(project, groups[a]) ? 1 : 0;
  struct Pair {
    int rank;  // joinRank
    double cost;
    size_t a, b;
  };
  std::vector<Pair> pairs;
  for (size_t a = 0; a < n; ++a) {
    for (size_t b = a + 1; b < n; ++b) {
      const double cost = std::max(best[a][b].cost, best[b][a].cost);
      if (std::isfinite(cost)) pairs.push_back({joinRank(project, groups, variant, a, b), cost, a, b});
    }
  }
  std::sort(pairs.begin(), pairs.end(), [](const Pair& x, const Pair& y) {
    return std::tie(x.rank, x.cost, x.a, x.b) < std::tie(y.rank, y.cost, y.a, y.b);
  });
  std::vector<int> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  for (const Pair& pair : pairs) {
    const int ra = findRoot(parent, static_cast<int>(pair.a));
    const int rb = findRoot(parent, static_cast<int>(pair.b));
    if (ra == rb) continue;
    parent[static_cast<size_t>(ra)] = rb;
    plan.transitions.push_back(best[pair.a][pair.b].plan);
    plan.transitions.push_back(best[pair.b][pair.a].plan);
  }
  for (size_t a = 0; a < n; ++a) {
    if (findRoot(parent, static_cast<int>(a)) != findRoot(parent, 0)) {
      plan.notes.push_back("hubs " + groupName(g, groups[a]) +
                           " cannot be joined to the others by a generated transition: no occurrence of "
                           "them has the frames a blend of " +
                           std::to_string(std::lround(kShortestTransitionSeconds * 1000)) +
                           " ms or more needs on both sides");
    }
  }
  return plan;
}

namespace {

std::string uniqueClipName(const Project& p, const std::string& wanted) {
  if (p.findClip(wanted) < 0) return wanted;
  for (int k = 2;; ++k) {
    const std::string name = wanted + " " + std::to_string(k);
    if (p.findClip(name) < 0) return name;
  }
}

void addOccurrence(Hub& hub, FrameRef at) {
  auto it = std::lower_bound(hub.matchSet.begin(), hub.matchSet.end(), at);
  if (it == hub.matchSet.end() || *it != at) hub.matchSet.insert(it, at);
}

std::string seconds(double s) {
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(2);
  out << s << " s";
  return out.str();
}

std::string metres(double m) {
  std::ostringstream out;
  out.precision(3);
  out << m << " m";
  return out.str();
}

}  // namespace

std::vector<std::string> addTransitions(Project& project, const std::vector<PlannedTransition>& plans) {
  std::vector<std::string> notes;
  for (const PlannedTransition& t : plans) {
    const Clip& from = project.clips[static_cast<size_t>(t.fromClip)];
    const Clip& to = project.clips[static_cast<size_t>(t.toClip)];
    const std::string name = uniqueClipName(project, from.name + " > " + to.name);
    Clip clip = makeTransitionClip(project.skeleton, from, to, t.origin, name);
    const int index = static_cast<int>(project.clips.size());
    const TransitionOrigin& o = t.origin;
    notes.push_back("generated transition '" + name + "' from " + o.fromHub + " (clip '" + o.fromClip +
                    "' frame " + std::to_string(std::lround(from.sourceFrame(o.fromFrame))) + ") to " +
                    o.toHub + " (clip '" + o.toClip + "' frame " +
                    std::to_string(std::lround(to.sourceFrame(o.toFrame))) + "): " +
                    std::to_string(o.blendFrames) + " frames (" + seconds(o.blendFrames / from.fps) +
                    ") blended, mean pose distance " + metres(o.poseGapRms));
    project.clips.push_back(std::move(clip));
    addOccurrence(project.graph.hubs[static_cast<size_t>(t.fromHub)], {index, o.leadFrames});
    addOccurrence(project.graph.hubs[static_cast<size_t>(t.toHub)], {index, o.leadFrames + o.blendFrames});
  }
  return notes;
}

Clip remakeTransitionClip(const Project& project, const Clip& generated) {
  const TransitionOrigin& o = *generated.generated;
  const int from = project.findClip(o.fromClip);
  const int to = project.findClip(o.toClip);
  if (from < 0 || to < 0) {
    throw Error("generated transition '" + generated.name + "': its clip '" + (from < 0 ? o.fromClip : o.toClip) +
                "' is gone");
  }
  return makeTransitionClip(project.skeleton, project.clips[static_cast<size_t>(from)],
                            project.clips[static_cast<size_t>(to)], o, generated.name);
}

std::vector<TakenClip> takeGeneratedClips(Project& project) {
  std::vector<TakenClip> taken;
  std::vector<Clip> kept;
  for (size_t c = 0; c < project.clips.size(); ++c) {
    if (project.clips[c].generated) {
      taken.push_back({static_cast<int>(c), std::move(project.clips[c])});
    } else {
      kept.push_back(std::move(project.clips[c]));
    }
  }
  project.clips = std::move(kept);
  return taken;
}

void restoreGeneratedClips(Project& project, std::vector<TakenClip> taken) {
  for (TakenClip& t : taken) {
    const size_t at = std::min(static_cast<size_t>(t.index), project.clips.size());
    project.clips.insert(project.clips.begin() + static_cast<std::ptrdiff_t>(at), std::move(t.clip));
  }
}

std::vector<const Clip*> generatedClips(const Project& project) {
  std::vector<const Clip*> out;
  for (const Clip& c : project.clips) {
    if (c.generated) out.push_back(&c);
  }
  return out;
}

StickMeaning projectStickMeaning(const Project& project) {
  return generatedClips(project).empty() ? StickMeaning::Plane : StickMeaning::Velocity;
}

}  // namespace fatgraph
