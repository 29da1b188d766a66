// References that outlast re-derivations, and match-set edits applied again (authored_edits.h).
#include "authored_edits.h"

#include <algorithm>

#include "graph_edit_json.h"

namespace fatgraph::detail {
namespace {

using nlohmann::json;

bool isMatchOp(const std::string& op) {
  return op == AddMatch::kOp || op == RemoveMatch::kOp || op == MoveMatch::kOp;
}

// The members of the fat edge called `name` as references, or null when there is none.
json edgeReference(const Project& project, const std::string& name) {
  for (const FatEdge& e : project.graph.fatEdges) {
    if (e.name != name) continue;
    json members = json::array();
    for (int s : e.segments) members.push_back(segmentReference(project, s));
    return members;
  }
  return nullptr;
}

json segmentArg(const Project& project, int s) {
  if (s < 0 || s >= static_cast<int>(project.graph.segments.size())) return nullptr;
  return segmentReference(project, s);
}

// The "resolved" object of each op that needs one, on the project before the edit.
struct ReferenceResolver {
  const Project& project;

  json hubOf(const std::string& name) const {
    const int h = project.graph.findHub(name);
    if (h < 0) return nullptr;
    const FrameRef f = project.graph.hubs[h].frame;
    return {{"hub", {{"clip", project.clips[f.clip].name}, {"frame", f.frame}}}};
  }
  json operator()(const AddMatch& e) const { return hubOf(e.hub); }
  json operator()(const RemoveMatch& e) const { return hubOf(e.hub); }
  json operator()(const MoveMatch& e) const { return hubOf(e.hub); }
  json operator()(const MoveSegment& e) const {
    return {{"segment", segmentArg(project, e.segment)}, {"edge", edgeReference(project, e.edge)}};
  }
  json operator()(const RemoveSegment& e) const { return {{"segment", segmentArg(project, e.segment)}}; }
  json operator()(const SplitEdge& e) const {
    json parts = json::array();
    for (int s : e.segments) parts.push_back(segmentArg(project, s));
    return {{"segments", std::move(parts)}};
  }
  json operator()(const MergeEdges& e) const {
    return {{"edge", edgeReference(project, e.edge)}, {"absorbed", edgeReference(project, e.absorbed)}};
  }
  template <class Other>
  json operator()(const Other&) const {
    return nullptr;  // its arguments outlast re-derivations as they are
  }
};

// A match-set edit of the history as one change: the frame taken out of the hub's set or put
// into it, and where a move puts it.
struct MatchChange {
  std::string hub;
  std::string clip;
  int frame = 0;
  bool adds = false;
  std::optional<int> to;  // move_match
};

MatchChange matchChangeOf(const GraphEdit& edit) {
  if (const auto* e = std::get_if<AddMatch>(&edit)) return {e->hub, e->clip, e->frame, true, std::nullopt};
  if (const auto* e = std::get_if<RemoveMatch>(&edit)) return {e->hub, e->clip, e->frame, false, std::nullopt};
  const auto& e = std::get<MoveMatch>(edit);
  return {e.hub, e.clip, e.frame, false, e.to};
}

// The hub match edit `h` of the history was made on, now: by the frame it stood on (its
// "resolved" reference), else by name (an older history). `hubText` says which, for notes.
int hubOfMatchEdit(const Project& project, const HistoryEdit& h, const std::string& name, std::string& hubText) {
  const MotionGraph& g = project.graph;
  hubText = "'" + name + "'";
  if (!h.resolved.is_object() || !h.resolved.contains("hub")) return g.findHub(name);
  const json& at = h.resolved["hub"];
  const FrameRef frame{project.findClip(at.value("clip", std::string())), at.value("frame", -1)};
  hubText += " (at " + framesText(project, at.value("clip", std::string()), frame.frame, frame.frame) + ")";
  int found = -1;
  for (size_t k = 0; k < g.hubs.size(); ++k) {
    if (g.hubs[k].frame == frame) found = static_cast<int>(k);
  }
  return found;
}

// Applies match edit `h` again; returns why it cannot, or empty.
std::string reapplyMatchEdit(Project& project, const HistoryEdit& h) {
  const MatchChange change = matchChangeOf(*h.edit);
  std::string hubText;
  const int hubIndex = hubOfMatchEdit(project, h, change.hub, hubText);
  if (hubIndex < 0) return "its hub " + hubText + " is gone";
  Hub& hub = project.graph.hubs[hubIndex];

  const int c = project.findClip(change.clip);
  if (c < 0) return "clip '" + change.clip + "' is gone";
  const Clip& clip = project.clips[c];
  const FrameRef f{c, workingFrame(clip, change.frame)};
  if (f.frame < 0 || f.frame >= clip.frameCount()) return "its frame is outside clip '" + change.clip + "'";
  auto& set = hub.matchSet;
  auto add = [&](FrameRef x) -> std::string {
    if (x == hub.frame) {
      return framesText(project, change.clip, x.frame, x.frame) + " is hub '" + hub.name + "''s own frame";
    }
    if (std::find(set.begin(), set.end(), x) == set.end()) set.push_back(x);
    return {};
  };
  std::string why;
  if (change.adds) {
    why = add(f);
  } else {
    set.erase(std::remove(set.begin(), set.end(), f), set.end());
    if (change.to) {
      const FrameRef to{c, workingFrame(clip, *change.to)};
      if (to.frame < 0 || to.frame >= clip.frameCount()) {
        why = "its target frame is outside clip '" + change.clip + "'";
      } else {
        why = add(to);
      }
    }
  }
  std::sort(set.begin(), set.end());
  return why;
}

}  // namespace

std::vector<HistoryEdit> readHistory(const Project& project) {
  std::vector<HistoryEdit> history;
  for (size_t i = 0; i < project.edits.size(); ++i) {
    json stored = json::parse(project.edits[i], nullptr, false);
    if (!stored.is_object()) continue;
    HistoryEdit h;
    h.index = i;
    if (const auto op = stored.find("op"); op != stored.end() && op->is_string()) h.op = op->get<std::string>();
    try {
      h.edit = readGraphEdit(stored);
    } catch (const Error&) {
      // Arguments that cannot be read: the ops that are applied again say so in a note.
    }
    h.resolved = stored.value("resolved", json());
    h.stored = std::move(stored);
    history.push_back(std::move(h));
  }
  return history;
}

int requireFatEdge(const Project& project, const std::string& name) {
  if (project.graph.empty()) throw Error("the project has no graph yet: run fatgraph build first");
  const int e = findFatEdge(project.graph.fatEdges, name);
  if (e < 0) throw Error("no fat edge named '" + name + "'");
  return e;
}

json segmentReference(const Project& project, int s) {
  const Segment& seg = project.graph.segments[s];
  return {{"clip", project.clips[seg.clip].name}, {"first", seg.first}, {"last", seg.last}};
}

SegmentLookup::SegmentLookup(const Project& project) : project_(project) {
  const auto& segments = project.graph.segments;
  for (size_t s = 0; s < segments.size(); ++s) {
    index_.emplace(std::make_tuple(segments[s].clip, segments[s].first, segments[s].last), static_cast<int>(s));
  }
}

int SegmentLookup::find(const json& reference) const {
  if (!reference.is_object()) return -1;
  const int c = project_.findClip(reference.value("clip", std::string()));
  const auto it = index_.find({c, reference.value("first", -1), reference.value("last", -1)});
  return it == index_.end() ? -1 : it->second;
}

std::string historyEntry(const Project& project, const GraphEdit& edit) {
  json stored = graphEditJson(edit);
  if (json r = std::visit(ReferenceResolver{project}, edit); !r.is_null()) stored["resolved"] = std::move(r);
  return stored.dump();
}

std::vector<std::string> reapplyMatchEdits(Project& project) {
  std::vector<std::string> notes;
  for (const HistoryEdit& h : readHistory(project)) {
    if (!isMatchOp(h.op)) continue;
    std::string why;
    try {
      why = h.edit ? reapplyMatchEdit(project, h) : "its arguments cannot be read";  // edited by hand
    } catch (const json::exception&) {
      why = "its arguments cannot be read";  // a "resolved" hub edited by hand
    }
    if (!why.empty()) notes.push_back(lapsedNote(h.index, h.stored, why));
  }
  return notes;
}

std::string framesText(const Project& project, const std::string& clip, int first, int last) {
  const int c = project.findClip(clip);
  auto source = [&](int f) {
    return std::to_string(c < 0 ? f : static_cast<int>(std::lround(project.clips[c].sourceFrame(f))));
  };
  return clip + (first == last ? " frame " + source(first) : " frames " + source(first) + "-" + source(last));
}

std::string lapsedNote(size_t historyIndex, const json& edit, const std::string& why) {
  json shown = edit;
  shown.erase("resolved");
  return "edit " + std::to_string(historyIndex) + " of the history " + shown.dump() +
         " no longer applies: " + why;
}

}  // namespace fatgraph::detail
