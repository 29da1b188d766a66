// /locomotion of a project file (docs/PROJECT_FORMAT.md): the --locomotion selection, the
// per-edge set_locomotion / set_blend choices, and the cycle analyses (Johansen 4.1-4.21) of
// every locomotion fat edge, derived from the graph when the file is written. Optional on
// read: a file written before it existed loads with the defaults (auto, no choices).
#include <algorithm>
#include <cstdint>

#include "fatgraph/core/locomotion/edge_locomotion.h"
#include "project_file.h"

namespace fatgraph::project_file {
namespace {

using h5::Context;
using h5::Handle;

constexpr const char* kGroup = "/locomotion";
constexpr int kKeys = 6;  // foot-lift, foot-off, post-foot-lift, pre-foot-land, foot-land, foot-strike

void writeFloats(const Context& ctx, hid_t g, const std::string& o, const char* name,
                 const std::vector<double>& v, const std::vector<hsize_t>& dims) {
  ctx.writeDataset(g, o + "/" + name, name, H5T_IEEE_F64LE, dims, 0, H5T_NATIVE_DOUBLE, v.data());
}

template <typename T>
std::vector<T> readAllOf(const Context& ctx, hid_t g, const std::string& o, const char* name,
                         H5T_class_t type, const std::vector<long long>& shape, hid_t memType) {
  auto ds = ctx.openDataset(g, o + "/" + name, name, type, shape, "");
  std::vector<T> v(ds.elementCount());
  ctx.readAll(ds, memType, v.data());
  return v;
}

void push(std::vector<double>& v, const Vec3& x) { v.insert(v.end(), {x.x(), x.y(), x.z()}); }

// One edge's analyses as arrays over segments S, legs L and normalized-footbase samples N (a
// segment whose analysis failed stores zeros and valid = 0).
void writeRecord(const Context& ctx, hid_t edges, const std::string& name, const EdgeCycleRecord& r,
                 const Project& project) {
  const std::string o = std::string(kGroup) + "/edges/" + name;
  Handle g = ctx.createGroup(edges, name, o);
  ctx.writeStringAttribute(g.get(), o, schema::kEdge, r.edge);
  const std::size_t legs = project.legs.legs.size();
  std::size_t samples = 0;
  for (const CycleAnalysis& c : r.segments)
    for (const LegCycle& l : c.legs) samples = std::max(samples, l.normalizedFootbase.size());
  std::vector<std::int32_t> frames, valid;
  std::vector<double> cycle, stance, keys, footDirection, stride, footbase;
  for (const CycleAnalysis& c : r.segments) {
    const bool ok = c.valid && c.legs.size() == legs;
    frames.insert(frames.end(), {c.firstFrame, c.lastFrame});
    valid.push_back(ok ? 1 : 0);
    cycle.insert(cycle.end(), {c.duration, c.distance, c.speed});
    push(cycle, c.direction);
    for (std::size_t l = 0; l < legs; ++l) {
      const LegCycle leg = ok ? c.legs[l] : LegCycle{};
      stance.push_back(leg.stanceTime);
      const LegKeyTimes& k = leg.keys;
      keys.insert(keys.end(), {k.footLift, k.footOff, k.postFootLift, k.preFootLand, k.footLand, k.footStrike});
      push(footDirection, leg.footDirection);
      stride.push_back(leg.strideLength);
      push(stride, leg.strideDirection);
      for (std::size_t n = 0; n < samples; ++n)
        push(footbase, n < leg.normalizedFootbase.size() ? leg.normalizedFootbase[n] : Vec3::Zero());
    }
  }
  const hsize_t s = r.segments.size(), l = legs, n = samples;
  ctx.writeDataset(g.get(), o + "/frames", schema::kFrames, H5T_STD_I32LE, {s, 2}, 0, H5T_NATIVE_INT32, frames.data());
  ctx.writeDataset(g.get(), o + "/valid", schema::kValid, H5T_STD_I32LE, {s}, 0, H5T_NATIVE_INT32, valid.data());
  writeFloats(ctx, g.get(), o, schema::kCycle, cycle, {s, 6});
  writeFloats(ctx, g.get(), o, schema::kStanceTime, stance, {s, l});
  writeFloats(ctx, g.get(), o, schema::kKeyTimes, keys, {s, l, kKeys});
  writeFloats(ctx, g.get(), o, schema::kFootDirection, footDirection, {s, l, 3});
  writeFloats(ctx, g.get(), o, schema::kStride, stride, {s, l, 4});
  writeFloats(ctx, g.get(), o, schema::kNormalizedFootbase, footbase, {s, l, n, 3});
}

EdgeCycleRecord readRecord(const Context& ctx, hid_t edges, const std::string& name, const Project& project) {
  const std::string o = std::string(kGroup) + "/edges/" + name;
  Handle g = ctx.openGroup(edges, name, o);
  EdgeCycleRecord r;
  r.edge = ctx.readStringAttribute(g.get(), o, schema::kEdge);
  const auto frames = readAllOf<std::int32_t>(ctx, g.get(), o, schema::kFrames, H5T_INTEGER, {-1, 2}, H5T_NATIVE_INT32);
  const long long s = static_cast<long long>(frames.size() / 2);
  const long long l = static_cast<long long>(project.legs.legs.size());
  const auto valid = readAllOf<std::int32_t>(ctx, g.get(), o, schema::kValid, H5T_INTEGER, {s}, H5T_NATIVE_INT32);
  const auto cycle = readAllOf<double>(ctx, g.get(), o, schema::kCycle, H5T_FLOAT, {s, 6}, H5T_NATIVE_DOUBLE);
  const auto stance = readAllOf<double>(ctx, g.get(), o, schema::kStanceTime, H5T_FLOAT, {s, l}, H5T_NATIVE_DOUBLE);
  const auto keys = readAllOf<double>(ctx, g.get(), o, schema::kKeyTimes, H5T_FLOAT, {s, l, kKeys}, H5T_NATIVE_DOUBLE);
  const auto foot = readAllOf<double>(ctx, g.get(), o, schema::kFootDirection, H5T_FLOAT, {s, l, 3}, H5T_NATIVE_DOUBLE);
  const auto stride = readAllOf<double>(ctx, g.get(), o, schema::kStride, H5T_FLOAT, {s, l, 4}, H5T_NATIVE_DOUBLE);
  auto fb = ctx.openDataset(g.get(), o + "/normalized_footbase", schema::kNormalizedFootbase, H5T_FLOAT, {s, l, -1, 3}, "N");
  const std::size_t n = fb.dims.size() == 4 ? fb.dims[2] : 0;
  std::vector<double> footbase(fb.elementCount());
  ctx.readAll(fb, H5T_NATIVE_DOUBLE, footbase.data());
  const auto vec = [](const double* v) { return Vec3(v[0], v[1], v[2]); };
  for (long long i = 0; i < s; ++i) {
    CycleAnalysis c;
    c.valid = valid[i] != 0;
    c.firstFrame = frames[2 * i];
    c.lastFrame = frames[2 * i + 1];
    const double* x = &cycle[6 * i];
    c.duration = x[0];
    c.distance = x[1];
    c.speed = x[2];
    c.direction = vec(x + 3);
    for (long long j = 0; c.valid && j < l; ++j) {
      const std::size_t k = static_cast<std::size_t>(i * l + j);
      LegCycle leg;
      leg.name = project.legs.legs[j].name;
      leg.stanceTime = stance[k];
      const double* t = &keys[kKeys * k];
      leg.keys.footLift = t[0];
      leg.keys.footOff = t[1];
      leg.keys.postFootLift = t[2];
      leg.keys.preFootLand = t[3];
      leg.keys.footLand = t[4];
      leg.keys.footStrike = t[5];
      leg.footDirection = vec(&foot[3 * k]);
      leg.strideLength = stride[4 * k];
      leg.strideDirection = vec(&stride[4 * k + 1]);
      for (std::size_t m = 0; m < n; ++m) leg.normalizedFootbase.push_back(vec(&footbase[3 * (k * n + m)]));
      c.legs.push_back(std::move(leg));
    }
    r.segments.push_back(std::move(c));
  }
  return r;
}

int choiceValue(const std::optional<bool>& v) { return v ? (*v ? 1 : 0) : -1; }
int choiceValue(const std::optional<EdgeBlendMode>& v) { return v ? static_cast<int>(*v) : -1; }

}  // namespace

void writeLocomotion(const Context& ctx, hid_t file, const Project& project) {
  const GraphSettings& s = project.settings;
  const std::vector<EdgeCycleRecord> records = locomotionRecords(project);
  if (s.locomotion == LocomotionSelection::Automatic && s.edgeLocomotionChoices.empty() && records.empty())
    return;  // all defaults: the file stays as it was before locomotion existed
  Handle g = ctx.createGroup(file, schema::kLocomotion, kGroup);
  const std::string o(kGroup);
  ctx.writeStringAttribute(g.get(), o, schema::kSelection, locomotionSelectionName(s.locomotion));
  std::vector<std::string> names;
  std::vector<std::int32_t> values;  // locomotion (-1 auto, 0, 1), blend (-1 default, 0 grid, 1 bands, 2 polar)
  for (const EdgeLocomotionChoice& c : s.edgeLocomotionChoices) {
    names.push_back(c.edge);
    values.insert(values.end(), {choiceValue(c.locomotion), choiceValue(c.blend)});
  }
  ctx.writeStrings(g.get(), o + "/choice_edges", schema::kChoiceEdges, names);
  ctx.writeDataset(g.get(), o + "/choice_values", schema::kChoiceValues, H5T_STD_I32LE, {names.size(), 2}, 0,
                   H5T_NATIVE_INT32, values.data());
  Handle edges = ctx.createGroup(g.get(), schema::kEdges, o + "/edges");
  for (std::size_t e = 0; e < records.size(); ++e) writeRecord(ctx, edges.get(), clipGroupName(e), records[e], project);
}

void readLocomotion(const Context& ctx, hid_t file, Project& project) {
  if (!ctx.hasLink(file, schema::kLocomotion, "/")) return;
  Handle g = ctx.openGroup(file, schema::kLocomotion, kGroup);
  const std::string o(kGroup);
  const std::string selection = ctx.readStringAttribute(g.get(), o, schema::kSelection);
  if (!parseLocomotionSelection(selection, project.settings.locomotion))
    ctx.fail(o, "attribute 'selection': expected auto, all or none, found '" + selection + "'");
  const auto names = ctx.readStrings(ctx.openDataset(g.get(), o + "/choice_edges", schema::kChoiceEdges, H5T_STRING, {-1}, "C"));
  const auto c = static_cast<long long>(names.size());
  const auto values = readAllOf<std::int32_t>(ctx, g.get(), o, schema::kChoiceValues, H5T_INTEGER, {c, 2}, H5T_NATIVE_INT32);
  for (std::size_t i = 0; i < names.size(); ++i) {
    const int loco = values[2 * i], blend = values[2 * i + 1];
    if (loco < -1 || loco > 1 || blend < -1 || blend > static_cast<int>(EdgeBlendMode::PolarBands))
      ctx.fail(o + "/choice_values", "row " + std::to_string(i) + " holds an unknown value");
    EdgeLocomotionChoice choice{names[i], std::nullopt, std::nullopt};
    if (loco >= 0) choice.locomotion = loco == 1;
    if (blend >= 0) choice.blend = static_cast<EdgeBlendMode>(blend);
    project.settings.edgeLocomotionChoices.push_back(std::move(choice));
  }
  Handle edges = ctx.openGroup(g.get(), schema::kEdges, o + "/edges");
  for (const std::string& name : numberedGroupNames(ctx, edges.get(), o + "/edges", "locomotion edge"))
    project.locomotionRecords.push_back(readRecord(ctx, edges.get(), name, project));
}

}  // namespace fatgraph::project_file
