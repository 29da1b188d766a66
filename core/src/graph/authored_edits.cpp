// References that outlast re-derivations, and match-set edits applied again (authored_edits.h).
#include "authored_edits.h"

#include <algorithm>

namespace fatgraph::detail {
namespace {

using nlohmann::json;

bool isMatchOp(const std::string& op) {
  return op == "add_match" || op == "remove_match" || op == "move_match";
}

// The members of the fat edge called `name` as references, or null when there is none.
json edgeReference(const Project& project, const json& name) {
  if (!name.is_string()) return nullptr;
  for (const FatEdge& e : project.graph.fatEdges) {
    if (e.name != name.get<std::string>()) continue;
    json members = json::array();
    for (int s : e.segments) members.push_back(segmentReference(project, s));
    return members;
  }
  return nullptr;
}

json segmentArg(const Project& project, const json& index) {
  if (!index.is_number_integer()) return nullptr;
  const int s = index.get<int>();
  if (s < 0 || s >= static_cast<int>(project.graph.segments.size())) return nullptr;
  return segmentReference(project, s);
}


// Applies match edit `j` again; returns why it cannot, or empty.
std::string reapplyMatchEdit(Project& project, const json& j) {
  MotionGraph& g = project.graph;
  int h = -1;
  std::string hubText = "'" + j.value("hub", std::string()) + "'";
  if (const auto r = j.find("resolved"); r != j.end() && r->is_object() && r->contains("hub")) {
    const json& at = (*r)["hub"];
    const int c = project.findClip(at.value("clip", std::string()));
    const FrameRef frame{c, at.value("frame", -1)};
    for (size_t k = 0; k < g.hubs.size(); ++k) {
      if (g.hubs[k].frame == frame) h = static_cast<int>(k);
    }
    hubText += " (at " + framesText(project, at.value("clip", std::string()), frame.frame, frame.frame) + ")";
  } else {
    h = g.findHub(j.value("hub", std::string()));  // an older history: the hub by name
  }
  if (h < 0) return "its hub " + hubText + " is gone";
  Hub& hub = g.hubs[h];

  const std::string clipName = j.value("clip", std::string());
  const int c = project.findClip(clipName);
  if (c < 0) return "clip '" + clipName + "' is gone";
  auto frameOf = [&](const char* key) {
    return FrameRef{c, workingFrame(project.clips[c], j.value(key, -1))};
  };
  const FrameRef f = frameOf("frame");
  if (f.frame < 0 || f.frame >= project.clips[c].frameCount()) {
    return "its frame is outside clip '" + clipName + "'";
  }
  const std::string op = opOf(j);
  auto& set = hub.matchSet;
  auto add = [&](FrameRef x) -> std::string {
    if (x == hub.frame) {
      return framesText(project, clipName, x.frame, x.frame) + " is hub '" + hub.name + "''s own frame";
    }
    if (std::find(set.begin(), set.end(), x) == set.end()) set.push_back(x);
    return {};
  };
  std::string why;
  if (op == "add_match") {
    why = add(f);
  } else {
    set.erase(std::remove(set.begin(), set.end(), f), set.end());
    if (op == "move_match") {
      const FrameRef to = frameOf("to");
      if (to.frame < 0 || to.frame >= project.clips[c].frameCount()) {
        why = "its target frame is outside clip '" + clipName + "'";
      } else {
        why = add(to);
      }
    }
  }
  std::sort(set.begin(), set.end());
  return why;
}

}  // namespace

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

json resolveEditReferences(const Project& project, const json& edit) {
  const std::string op = opOf(edit);
  const MotionGraph& g = project.graph;
  if (isMatchOp(op)) {
    const auto hub = edit.find("hub");
    if (hub == edit.end() || !hub->is_string()) return nullptr;
    const int h = g.findHub(hub->get<std::string>());
    if (h < 0) return nullptr;
    const FrameRef f = g.hubs[h].frame;
    return {{"hub", {{"clip", project.clips[f.clip].name}, {"frame", f.frame}}}};
  }
  json r = json::object();
  if (op == "move_segment" || op == "remove_segment") {
    r["segment"] = segmentArg(project, edit.value("segment", json()));
    if (op == "move_segment") r["edge"] = edgeReference(project, edit.value("edge", json()));
  } else if (op == "split_edge") {
    const json list = edit.value("segments", json());
    if (!list.is_array()) return nullptr;
    r["segments"] = json::array();
    for (const json& s : list) r["segments"].push_back(segmentArg(project, s));
  } else if (op == "merge_edges") {
    r["edge"] = edgeReference(project, edit.value("edge", json()));
    r["absorbed"] = edgeReference(project, edit.value("absorbed", json()));
  } else {
    return nullptr;
  }
  return r;
}

json editForHistory(const Project& project, const json& edit) {
  json stored = edit;
  stored.erase("resolved");
  try {
    if (json r = resolveEditReferences(project, edit); !r.is_null()) stored["resolved"] = std::move(r);
  } catch (const json::exception&) {
    // Arguments of the wrong type: applying the edit fails and says which.
  }
  return stored;
}

std::vector<std::string> reapplyMatchEdits(Project& project) {
  std::vector<std::string> notes;
  for (size_t i = 0; i < project.edits.size(); ++i) {
    const json j = json::parse(project.edits[i], nullptr, false);
    if (!j.is_object() || !isMatchOp(opOf(j))) continue;
    std::string why;
    try {
      why = reapplyMatchEdit(project, j);
    } catch (const json::exception&) {
      why = "its arguments cannot be read";  // a history edited by hand
    }
    if (!why.empty()) notes.push_back(lapsedNote(i, j, why));
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
