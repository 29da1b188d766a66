// The /creature group (docs/RUNTIME_GRAPH.md, format 4): the scalars of a CreatureGaitRig as
// attributes, its joints' rest positions, spine, tail, legs and flaps as datasets (float32
// for the player's floats, int32 for indices), so a load gives the same bits.
#include "runtime_graph_creature.h"

#include "fatgraph/io/runtime_graph_schema.h"

namespace fatgraph::runtime_io {

namespace schema = fatgraph::runtime_graph_schema;

using h5::Handle;

namespace {

constexpr char kObject[] = "/creature";

void writeInts(const h5::Context& ctx, hid_t g, const char* name, const std::vector<int>& v, std::vector<hsize_t> dims = {}) {
  if (dims.empty()) dims = {v.size()};
  ctx.writeDataset(g, std::string(kObject) + "/" + name, name, H5T_STD_I32LE, dims, 0, H5T_NATIVE_INT, v.data());
}

void writeFloats(const h5::Context& ctx, hid_t g, const char* name, const std::vector<float>& v, std::vector<hsize_t> dims) {
  ctx.writeDataset(g, std::string(kObject) + "/" + name, name, H5T_IEEE_F32LE, dims, 0, H5T_NATIVE_FLOAT, v.data());
}

void append(std::vector<float>& out, const Float3& v) { out.insert(out.end(), {v.x, v.y, v.z}); }

std::vector<Float3> vectors(const std::vector<float>& flat) {
  std::vector<Float3> out(flat.size() / 3);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = {flat[3 * i], flat[3 * i + 1], flat[3 * i + 2]};
  return out;
}

}  // namespace

void writeCreature(const h5::Context& ctx, hid_t file, const RuntimeGraph& graph) {
  if (!graph.procedural()) return;
  const CreatureGaitRig& c = graph.creature;
  Handle g = ctx.createGroup(file, schema::kCreature, kObject);
  ctx.writeIntAttribute(g.get(), kObject, schema::kLocomotion, static_cast<int>(c.locomotion));
  ctx.writeIntAttribute(g.get(), kObject, schema::kSpineRoot, c.spineRoot);
  ctx.writeDoubleAttribute(g.get(), kObject, schema::kBaseSpeed, c.baseSpeed);
  ctx.writeDoubleAttribute(g.get(), kObject, schema::kCruiseHeight, c.cruiseHeight);
  ctx.writeDoubleAttribute(g.get(), kObject, schema::kBeatSeconds, c.beatSeconds);
  ctx.writeDoubleAttribute(g.get(), kObject, schema::kBreathAmplitude, c.breathAmplitude);
  ctx.writeDoubleAttribute(g.get(), kObject, schema::kBreathSeconds, c.breathSeconds);
  std::vector<float> rest;
  for (const Float3& p : c.restPositions) append(rest, p);
  writeFloats(ctx, g.get(), schema::kRestPositions, rest, {c.restPositions.size(), 3});
  writeInts(ctx, g.get(), schema::kSpine, c.spine);
  writeInts(ctx, g.get(), schema::kTail, c.tail);
  std::vector<int> joints, side, pair;
  std::vector<float> toes;
  for (const CreatureGaitLeg& l : c.legs) {
    joints.insert(joints.end(), {l.hip, l.knee, l.ankle});
    side.push_back(l.side);
    pair.push_back(l.pair);
    append(toes, l.toeOffset);
  }
  const hsize_t legs = c.legs.size();
  writeInts(ctx, g.get(), schema::kLegJoints, joints, {legs, 3});
  writeInts(ctx, g.get(), schema::kLegSide, side);
  writeInts(ctx, g.get(), schema::kLegPair, pair);
  writeFloats(ctx, g.get(), schema::kToeOffsets, toes, {legs, 3});
  std::vector<int> flapJoints;
  std::vector<float> axes, amplitudes, phases;
  for (const CreatureGaitFlap& f : c.flaps) {
    flapJoints.push_back(f.joint);
    append(axes, f.axis);
    amplitudes.push_back(f.amplitude);
    phases.push_back(f.phase);
  }
  const hsize_t flaps = c.flaps.size();
  writeInts(ctx, g.get(), schema::kFlapJoints, flapJoints);
  writeFloats(ctx, g.get(), schema::kFlapAxes, axes, {flaps, 3});
  writeFloats(ctx, g.get(), schema::kFlapAmplitudes, amplitudes, {flaps});
  writeFloats(ctx, g.get(), schema::kFlapPhases, phases, {flaps});
}

bool hasCreature(const h5::Context& r, hid_t file) {
  const htri_t exists = H5Lexists(file, schema::kCreature, H5P_DEFAULT);
  if (exists < 0) r.failHdf5(kObject, "cannot look for the group");
  return exists > 0;
}

CreatureGaitRig readCreature(const h5::Context& r, hid_t file, const RuntimeSkeleton& skeleton) {
  const std::string object = kObject;
  Handle g = r.openGroup(file, schema::kCreature, object);
  CreatureGaitRig c;
  const int locomotion = r.readInt32Attribute(g.get(), object, schema::kLocomotion);
  if (locomotion < 0 || locomotion > static_cast<int>(CreatureLocomotion::Swim))
    r.fail(object, "attribute 'locomotion': " + std::to_string(locomotion) + " is not 0 (walk), 1 (fly) or 2 (swim)");
  c.locomotion = static_cast<CreatureLocomotion>(locomotion);
  c.spineRoot = r.readInt32Attribute(g.get(), object, schema::kSpineRoot);
  c.baseSpeed = static_cast<float>(r.readDoubleAttribute(g.get(), object, schema::kBaseSpeed));
  c.cruiseHeight = static_cast<float>(r.readDoubleAttribute(g.get(), object, schema::kCruiseHeight));
  c.beatSeconds = static_cast<float>(r.readDoubleAttribute(g.get(), object, schema::kBeatSeconds));
  c.breathAmplitude = static_cast<float>(r.readDoubleAttribute(g.get(), object, schema::kBreathAmplitude));
  c.breathSeconds = static_cast<float>(r.readDoubleAttribute(g.get(), object, schema::kBreathSeconds));
  c.parents = skeleton.parents;
  const long long j = static_cast<long long>(skeleton.parents.size());
  c.restPositions = vectors(r.floats(g.get(), object, schema::kRestPositions, {{j, "J"}, {3}}));
  c.spine = r.ints(g.get(), object, schema::kSpine, {{-1, "K"}});
  c.tail = r.ints(g.get(), object, schema::kTail, {{-1, "T"}});
  const std::vector<std::int32_t> side = r.ints(g.get(), object, schema::kLegSide, {{-1, "L"}});
  const long long legs = static_cast<long long>(side.size());
  const std::vector<std::int32_t> joints = r.ints(g.get(), object, schema::kLegJoints, {{legs, "L"}, {3}});
  const std::vector<std::int32_t> pair = r.ints(g.get(), object, schema::kLegPair, {{legs, "L"}});
  const std::vector<Float3> toes = vectors(r.floats(g.get(), object, schema::kToeOffsets, {{legs, "L"}, {3}}));
  for (long long l = 0; l < legs; ++l)
    c.legs.push_back({joints[3 * l], joints[3 * l + 1], joints[3 * l + 2], side[l], pair[l], toes[l]});
  const std::vector<std::int32_t> flapJoints = r.ints(g.get(), object, schema::kFlapJoints, {{-1, "F"}});
  const long long flaps = static_cast<long long>(flapJoints.size());
  const std::vector<Float3> axes = vectors(r.floats(g.get(), object, schema::kFlapAxes, {{flaps, "F"}, {3}}));
  const std::vector<float> amplitudes = r.floats(g.get(), object, schema::kFlapAmplitudes, {{flaps, "F"}});
  const std::vector<float> phases = r.floats(g.get(), object, schema::kFlapPhases, {{flaps, "F"}});
  for (long long f = 0; f < flaps; ++f) c.flaps.push_back({flapJoints[f], axes[f], amplitudes[f], phases[f]});
  return c;
}

}  // namespace fatgraph::runtime_io
