// /hub_rejections, /joystick and /actions of a project file (docs/PROJECT_FORMAT.md): the
// frames the user rejected as hubs (reject_hub), the per-edge joystick mappings (set_joystick)
// and the inputs bound to edges (bind_action). Each group is written only when it holds
// anything, so files without them stay as they were, and each is optional on read (older
// files load with none).
#include <cmath>
#include <cstdint>
#include <limits>

#include "fatgraph/core/model/action_binding.h"
#include "fatgraph/core/param/edge_joystick.h"
#include "project_file.h"

namespace fatgraph::project_file {
namespace {

constexpr const char* kRejections = "/hub_rejections";
constexpr const char* kJoystick = "/joystick";
constexpr const char* kActions = "/actions";
// Columns of /joystick/values: dead zone, response, invert x, invert y (0 or 1), range_min x,
// y, range_max x, y; NaN = automatic (an invert or range pair is NaN in both or in neither).
constexpr int kJoystickColumns = 8;

double stored(const std::optional<float>& v) { return v ? *v : std::numeric_limits<double>::quiet_NaN(); }

void writeActions(const h5::Context& ctx, hid_t file, const std::vector<ActionBinding>& bindings) {
  if (bindings.empty()) return;
  h5::Handle g = ctx.createGroup(file, schema::kActions, kActions);
  const std::string o(kActions);
  std::vector<std::string> inputs, edges;
  for (const ActionBinding& b : bindings) {
    inputs.push_back(b.input);
    edges.push_back(b.edge);
  }
  ctx.writeStrings(g.get(), o + "/inputs", schema::kInputs, inputs);
  ctx.writeStrings(g.get(), o + "/edges", schema::kEdges, edges);
}

// An edge name a binding keeps may name no edge of this file's graph (it lapsed and returns
// with the name), so only the inputs are checked: each a name of the vocabulary, once.
void readActions(const h5::Context& ctx, hid_t file, std::vector<ActionBinding>& bindings) {
  if (!ctx.hasLink(file, schema::kActions, "/")) return;
  h5::Handle g = ctx.openGroup(file, schema::kActions, kActions);
  const std::string o(kActions);
  const auto inputs = ctx.readStrings(ctx.openDataset(g.get(), o + "/inputs", schema::kInputs, H5T_STRING, {-1}, "I"));
  const auto edges = ctx.readStrings(ctx.openDataset(g.get(), o + "/edges", schema::kEdges, H5T_STRING,
                                                     {static_cast<long long>(inputs.size())}, "I"));
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const std::string row = "row " + std::to_string(i) + ": ";
    if (const std::string problem = actionInputProblem(inputs[i]); !problem.empty())
      ctx.fail(o + "/inputs", row + problem);
    if (findActionBinding(bindings, inputs[i]) != nullptr)
      ctx.fail(o + "/inputs", row + "'" + inputs[i] + "' is bound twice");
    if (edges[i].empty()) ctx.fail(o + "/edges", row + "the edge bound to '" + inputs[i] + "' has no name");
    bindings.push_back({inputs[i], edges[i]});
  }
}

}  // namespace

void writeChoices(const h5::Context& ctx, hid_t file, const Project& project) {
  const GraphSettings& s = project.settings;
  if (!s.hubRejections.empty()) {
    h5::Handle g = ctx.createGroup(file, schema::kHubRejections, kRejections);
    const std::string o(kRejections);
    std::vector<std::string> clips;
    std::vector<std::int32_t> frames;
    for (const HubRejection& r : s.hubRejections) {
      clips.push_back(r.clip);
      frames.push_back(r.sourceFrame);
    }
    ctx.writeStrings(g.get(), o + "/clips", schema::kClips, clips);
    ctx.writeDataset(g.get(), o + "/source_frames", schema::kSourceFrames, H5T_STD_I32LE, {frames.size()}, 0, H5T_NATIVE_INT32,
                     frames.data());
  }
  if (!s.edgeJoystickChoices.empty()) {
    h5::Handle g = ctx.createGroup(file, schema::kJoystick, kJoystick);
    const std::string o(kJoystick);
    std::vector<std::string> edges;
    std::vector<double> values;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (const EdgeJoystickChoice& c : s.edgeJoystickChoices) {
      edges.push_back(c.edge);
      values.insert(values.end(), {stored(c.deadZone), stored(c.responseExponent)});
      for (int a = 0; a < 2; ++a) values.push_back(c.invert ? ((*c.invert)[a] ? 1.0 : 0.0) : nan);
      for (int a = 0; a < 2; ++a) values.push_back(c.rangeMin ? (*c.rangeMin)[a] : nan);
      for (int a = 0; a < 2; ++a) values.push_back(c.rangeMax ? (*c.rangeMax)[a] : nan);
    }
    ctx.writeStrings(g.get(), o + "/edges", schema::kEdges, edges);
    ctx.writeDataset(g.get(), o + "/values", schema::kValues, H5T_IEEE_F64LE, {edges.size(), kJoystickColumns}, 0,
                     H5T_NATIVE_DOUBLE, values.data());
  }
  writeActions(ctx, file, s.actionBindings);
}

void readChoices(const h5::Context& ctx, hid_t file, Project& project) {
  GraphSettings& s = project.settings;
  if (ctx.hasLink(file, schema::kHubRejections, "/")) {
    h5::Handle g = ctx.openGroup(file, schema::kHubRejections, kRejections);
    const std::string o(kRejections);
    const auto clips = ctx.readStrings(ctx.openDataset(g.get(), o + "/clips", schema::kClips, H5T_STRING, {-1}, "R"));
    auto ds = ctx.openDataset(g.get(), o + "/source_frames", schema::kSourceFrames, H5T_INTEGER,
                              {static_cast<long long>(clips.size())}, "R");
    std::vector<std::int32_t> frames(ds.elementCount());
    ctx.readAll(ds, H5T_NATIVE_INT32, frames.data());
    for (std::size_t i = 0; i < clips.size(); ++i) {
      // A rejection of a clip the project no longer has is kept: it does nothing until a clip
      // of that name returns. A frame outside its clip is damage.
      const int c = project.findClip(clips[i]);
      if (frames[i] < 0 ||
          (c >= 0 && frames[i] > project.clips[c].sourceFrame(project.clips[c].frameCount() - 1) + 0.5))
        ctx.fail(o + "/source_frames", "row " + std::to_string(i) + ": source frame " + std::to_string(frames[i]) +
                                    " is outside clip '" + clips[i] + "'");
      s.hubRejections.push_back({clips[i], frames[i]});
    }
  }
  if (ctx.hasLink(file, schema::kJoystick, "/")) {
    h5::Handle g = ctx.openGroup(file, schema::kJoystick, kJoystick);
    const std::string o(kJoystick);
    const auto edges = ctx.readStrings(ctx.openDataset(g.get(), o + "/edges", schema::kEdges, H5T_STRING, {-1}, "C"));
    auto ds = ctx.openDataset(g.get(), o + "/values", schema::kValues, H5T_FLOAT,
                              {static_cast<long long>(edges.size()), kJoystickColumns}, "C");
    std::vector<double> v(ds.elementCount());
    ctx.readAll(ds, H5T_NATIVE_DOUBLE, v.data());
    for (std::size_t i = 0; i < edges.size(); ++i) {
      const double* row = &v[kJoystickColumns * i];
      auto bad = [&](const char* what) {
        ctx.fail(o + "/values", "row " + std::to_string(i) + " (edge '" + edges[i] + "'): " + what);
      };
      auto pair = [&](int at, const char* what) -> std::optional<std::array<float, 2>> {
        if (std::isnan(row[at]) != std::isnan(row[at + 1])) bad(what);
        if (std::isnan(row[at])) return std::nullopt;
        return std::array<float, 2>{static_cast<float>(row[at]), static_cast<float>(row[at + 1])};
      };
      for (int k = 0; k < kJoystickColumns; ++k)
        if (!std::isnan(row[k]) && !(std::abs(row[k]) <= std::numeric_limits<float>::max()))
          bad("a value is beyond a float's range");
      EdgeJoystickChoice c;
      c.edge = edges[i];
      if (!std::isnan(row[0])) c.deadZone = static_cast<float>(row[0]);
      if (!std::isnan(row[1])) c.responseExponent = static_cast<float>(row[1]);
      if (const auto invert = pair(2, "invert is set on one axis only")) {
        if (((*invert)[0] != 0 && (*invert)[0] != 1) || ((*invert)[1] != 0 && (*invert)[1] != 1))
          bad("invert must be 0 or 1");
        c.invert = std::array<bool, 2>{(*invert)[0] == 1, (*invert)[1] == 1};
      }
      c.rangeMin = pair(4, "range_min is set on one axis only");
      c.rangeMax = pair(6, "range_max is set on one axis only");
      if (c.automatic()) bad("no value is set");
      // The limits set_joystick enforces (the ranges' side of the neutral depends on the graph
      // and is checked where the mapping is applied).
      EdgeJoystickChoice limits = c;
      limits.rangeMin.reset();
      limits.rangeMax.reset();
      if (const std::string problem = joystickChoiceProblem(limits, JoystickMapping{}); !problem.empty())
        bad(problem.c_str());
      for (const auto& range : {c.rangeMin, c.rangeMax})
        if (range && !(std::isfinite((*range)[0]) && std::isfinite((*range)[1]))) bad("a range bound is not finite");
      s.edgeJoystickChoices.push_back(std::move(c));
    }
  }
  readActions(ctx, file, s.actionBindings);
}

}  // namespace fatgraph::project_file
