// Reads a .fgraph file (docs/RUNTIME_GRAPH.md) group by group into a RuntimeGraph. Shapes are
// checked against each other here (so nothing is indexed out of range while reading);
// RuntimeGraph::validate() then checks the values (offsets inside each block, indices, finite
// numbers) before the graph is returned.
#include "fatgraph/runtime_io/runtime_graph_file.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "runtime_graph_body.h"
#include "runtime_graph_creature.h"
#include "fatgraph/io/runtime_graph_schema.h"

namespace fatgraph {

namespace schema = fatgraph::runtime_graph_schema;

namespace {

using h5::Context;
using h5::Dim;
using h5::Handle;

long long sizeOf(size_t n) { return static_cast<long long>(n); }

// The player's floats are stored as float32; any number type loads.
float floatAttribute(const Context& r, hid_t loc, const std::string& object, const char* name) {
  return static_cast<float>(r.readDoubleAttribute(loc, object, name));
}

// Three doubles of the file as the runtime's float vector.
Float3 float3(const double* v) {
  return {static_cast<float>(v[0]), static_cast<float>(v[1]), static_cast<float>(v[2])};
}

RuntimeSkeleton readSkeleton(const Context& r, hid_t file) {
  const std::string object = "/skeleton";
  Handle g = r.openGroup(file, schema::kSkeleton, object);
  RuntimeSkeleton s;
  s.names = r.strings(g.get(), object, schema::kNames, -1);
  const long long j = sizeOf(s.names.size());
  s.parents = r.ints(g.get(), object, schema::kParents, {{j, "J"}});
  const std::vector<double> offsets = r.doubles(g.get(), object, schema::kRestOffsets, {{j, "J"}, {3}});
  for (long long i = 0; i < j; ++i) s.restOffsets.push_back(float3(offsets.data() + 3 * i));
  for (std::uint8_t a : r.bytes(g.get(), object, schema::kAnimatedTranslation, {{j, "J"}})) {
    s.animatedTranslation.push_back(a != 0 ? 1 : 0);
  }
  const std::vector<std::int32_t> endParents = r.ints(g.get(), object, schema::kEndSiteParents, {{-1, "E"}});
  const long long e = sizeOf(endParents.size());
  const std::vector<double> endOffsets =
      r.doubles(g.get(), object, schema::kEndSiteOffsets, {{e, "E"}, {3}});
  for (long long i = 0; i < e; ++i) {
    s.endSites.push_back({endParents[i], float3(endOffsets.data() + 3 * i)});
  }
  return s;
}

std::vector<RuntimeHub> readHubs(const Context& r, hid_t file) {
  const std::string object = "/hubs";
  Handle g = r.openGroup(file, schema::kHubs, object);
  const std::vector<std::string> names = r.strings(g.get(), object, schema::kNames, -1);
  const long long h = sizeOf(names.size());
  const std::vector<std::int32_t> defaults = r.ints(g.get(), object, schema::kDefaultEdge, {{h, "H"}});
  const std::vector<std::int32_t> offsets = r.ints(g.get(), object, schema::kOutgoingOffsets, {{h + 1, "H+1"}});
  const std::vector<std::int32_t> outgoing = r.ints(g.get(), object, schema::kOutgoing, {{-1, "K"}});
  // The offsets slice `outgoing`: they must start at 0, never decrease and end at its size.
  if (offsets.front() != 0 || offsets.back() != static_cast<std::int32_t>(outgoing.size())) {
    r.fail(object + "/outgoing_offsets", "sizes inconsistent: offsets must run from 0 to the " +
                                             std::to_string(outgoing.size()) + " entries of 'outgoing'");
  }
  for (size_t i = 0; i + 1 < offsets.size(); ++i) {
    if (offsets[i + 1] < offsets[i]) {
      r.fail(object + "/outgoing_offsets", "sizes inconsistent: offsets decrease at hub " + std::to_string(i));
    }
  }
  std::vector<RuntimeHub> hubs(names.size());
  for (size_t i = 0; i < hubs.size(); ++i) {
    hubs[i].name = names[i];
    hubs[i].defaultEdge = defaults[i];
    hubs[i].outgoing.assign(outgoing.begin() + offsets[i], outgoing.begin() + offsets[i + 1]);
  }
  return hubs;
}

// Reads a small fixed-shape float dataset into a plain array member.
void readFixed(const Context& r, hid_t g, const std::string& object, const char* name, float* out,
               std::vector<Dim> shape) {
  const std::vector<float> v = r.floats(g, object, name, shape);
  std::copy(v.begin(), v.end(), out);
}

std::vector<RuntimeSegment> readSegments(const Context& r, hid_t edge, const std::string& edgeObject) {
  const std::string object = edgeObject + "/segments";
  Handle g = r.openGroup(edge, schema::kSegments, object);
  const std::vector<std::string> clips = r.strings(g.get(), object, schema::kClip, -1);
  const long long s = sizeOf(clips.size());
  const std::vector<std::int32_t> first = r.ints(g.get(), object, schema::kFirstFrame, {{s, "S"}});
  const std::vector<std::int32_t> frames = r.ints(g.get(), object, schema::kFrameCount, {{s, "S"}});
  const std::vector<float> duration = r.floats(g.get(), object, schema::kDuration, {{s, "S"}});
  const std::vector<std::uint32_t> offsets = r.uints(g.get(), object, schema::kOffsets, {{s, "S"}, {5}});
  const std::vector<std::int32_t> knots = r.ints(g.get(), object, schema::kWarpKnots, {{s, "S"}});
  std::vector<RuntimeSegment> segments(clips.size());
  for (size_t i = 0; i < segments.size(); ++i) {
    RuntimeSegment& seg = segments[i];
    seg.clip = clips[i];
    seg.firstFrame = first[i];
    seg.frameCount = frames[i];
    seg.duration = duration[i];
    const std::uint32_t* o = &offsets[5 * i];
    seg.rotations = o[0];
    seg.translations = o[1];
    seg.trajectory = o[2];
    seg.warpX = o[3];
    seg.warpY = o[4];
    seg.warpKnots = knots[i];
  }
  return segments;
}

RuntimeParameterSpace readParameters(const Context& r, hid_t edge, const std::string& edgeObject,
                                     long long segments) {
  const std::string object = edgeObject + "/parameters";
  Handle g = r.openGroup(edge, schema::kParameters, object);
  RuntimeParameterSpace p;
  p.dimension = r.readInt32Attribute(g.get(), object, schema::kDimension);
  p.joint = r.readInt32Attribute(g.get(), object, schema::kJoint);
  p.referenceTime = floatAttribute(r, g.get(), object, schema::kReferenceTime);
  p.gridResolution = r.readInt32Attribute(g.get(), object, schema::kGridResolution);
  if (p.gridResolution < 0 || p.gridResolution > 4096) {
    r.fail(object, "attribute 'grid_resolution': " + std::to_string(p.gridResolution) +
                       " is outside 0 to 4096");
  }
  readFixed(r, g.get(), object, schema::kOrigin, p.origin, {{3}});
  float axes[6];
  readFixed(r, g.get(), object, schema::kAxes, axes, {{2}, {3}});
  std::copy(axes, axes + 3, p.xAxis);
  std::copy(axes + 3, axes + 6, p.yAxis);
  readFixed(r, g.get(), object, schema::kGridMin, p.gridMin, {{2}});
  readFixed(r, g.get(), object, schema::kGridMax, p.gridMax, {{2}});
  const long long grid = p.gridResolution;
  p.gridWeights = r.floats(g.get(), object, schema::kGridWeights, {{grid, "G"}, {grid, "G"}, {segments, "S"}});
  return p;
}

JoystickMapping readJoystick(const Context& r, hid_t edge, const std::string& edgeObject) {
  const std::string object = edgeObject + "/joystick";
  Handle g = r.openGroup(edge, schema::kJoystick, object);
  JoystickMapping j;
  j.deadZone = floatAttribute(r, g.get(), object, schema::kDeadZone);
  j.responseExponent = floatAttribute(r, g.get(), object, schema::kResponseExponent);
  const std::vector<std::uint8_t> invert = r.bytes(g.get(), object, schema::kInvert, {{2}});
  j.invert[0] = invert[0] != 0;
  j.invert[1] = invert[1] != 0;
  readFixed(r, g.get(), object, schema::kNeutral, j.neutral, {{2}});
  readFixed(r, g.get(), object, schema::kRangeMin, j.rangeMin, {{2}});
  readFixed(r, g.get(), object, schema::kRangeMax, j.rangeMax, {{2}});
  return j;
}

// Format 2: the legs of the leg layer (the chains sliced by offsets, like the hubs' edges).
std::vector<RuntimeLeg> readLegs(const Context& r, hid_t file) {
  const std::string object = "/legs";
  Handle g = r.openGroup(file, schema::kLegs, object);
  const std::vector<std::string> names = r.strings(g.get(), object, schema::kNames, -1);
  const long long n = sizeOf(names.size());
  const std::vector<std::int32_t> offsets = r.ints(g.get(), object, schema::kChainOffsets, {{n + 1, "L+1"}});
  const std::vector<std::int32_t> chains = r.ints(g.get(), object, schema::kChains, {{-1, "C"}});
  if (offsets.front() != 0 || offsets.back() != static_cast<std::int32_t>(chains.size()) ||
      !std::is_sorted(offsets.begin(), offsets.end())) {
    r.fail(object + "/chain_offsets", "sizes inconsistent: offsets must rise from 0 to the " +
                                          std::to_string(chains.size()) + " entries of 'chains'");
  }
  const std::vector<float> heel = r.floats(g.get(), object, schema::kHeel, {{n, "L"}, {3}});
  const std::vector<float> toe = r.floats(g.get(), object, schema::kToeTip, {{n, "L"}, {3}});
  const std::vector<float> length = r.floats(g.get(), object, schema::kLength, {{n, "L"}});
  const std::vector<float> footLength = r.floats(g.get(), object, schema::kFootLength, {{n, "L"}});
  std::vector<RuntimeLeg> legs(names.size());
  for (size_t i = 0; i < legs.size(); ++i) {
    RuntimeLeg& l = legs[i];
    l.name = names[i];
    l.chain.assign(chains.begin() + offsets[i], chains.begin() + offsets[i + 1]);
    std::copy_n(&heel[3 * i], 3, l.heel);
    std::copy_n(&toe[3 * i], 3, l.toeTip);
    l.length = length[i];
    l.footLength = footLength[i];
  }
  return legs;
}

RuntimeLocomotion readLocomotion(const Context& r, hid_t edge, const std::string& edgeObject,
                                 long long segments, long long legs) {
  const std::string object = edgeObject + "/locomotion";
  Handle g = r.openGroup(edge, schema::kLocomotion, object);
  RuntimeLocomotion m;
  const int enabled = r.readInt32Attribute(g.get(), object, schema::kEnabled);
  if (enabled != 0 && enabled != 1) r.fail(object, "attribute 'enabled': expected 0 or 1");
  m.enabled = enabled == 1;
  m.floorHeight = floatAttribute(r, g.get(), object, schema::kFloorHeight);
  // Cycles only on a locomotion edge: S entries when enabled, none otherwise.
  const long long s = m.enabled ? segments : 0;
  const std::vector<float> stance = r.floats(g.get(), object, schema::kStanceTime, {{s, "S"}, {legs, "L"}});
  const std::vector<float> keys = r.floats(g.get(), object, schema::kKeyTimes, {{s, "S"}, {legs, "L"}, {6}});
  const std::vector<float> position = r.floats(g.get(), object, schema::kStancePosition, {{s, "S"}, {legs, "L"}, {3}});
  const std::vector<float> yaw = r.floats(g.get(), object, schema::kStanceYaw, {{s, "S"}, {legs, "L"}});
  const std::vector<float> stride = r.floats(g.get(), object, schema::kStrideLength, {{s, "S"}, {legs, "L"}});
  m.cycleDistance = r.floats(g.get(), object, schema::kCycleDistance, {{s, "S"}});
  m.cycleDuration = r.floats(g.get(), object, schema::kCycleDuration, {{s, "S"}});
  m.legCycles.resize(stance.size());
  for (size_t k = 0; k < m.legCycles.size(); ++k) {
    RuntimeLegCycle& c = m.legCycles[k];
    c.stanceTime = stance[k];
    const float* t = &keys[6 * k];
    c.footLift = t[0];
    c.footOff = t[1];
    c.postFootLift = t[2];
    c.preFootLand = t[3];
    c.footLand = t[4];
    c.footStrike = t[5];
    std::copy_n(&position[3 * k], 3, c.stancePosition);
    c.stanceYaw = yaw[k];
    c.strideLength = stride[k];
  }
  return m;
}

// A version-1 file has no band samples: they are the segments' chord velocities (trajectory's
// last ground position over the duration), computed here as the exporter would. Offsets are
// checked first, since validate() has not run yet.
std::vector<float> chordVelocities(const Context& r, const RuntimeEdge& e, const std::string& object) {
  std::vector<float> out(2 * e.segments.size(), 0.0f);
  for (size_t i = 0; i < e.segments.size(); ++i) {
    const RuntimeSegment& s = e.segments[i];
    if (s.frameCount < 2 || !(s.duration > 0.0f)) continue;
    const std::uint64_t last = static_cast<std::uint64_t>(s.trajectory) + 3ull * (s.frameCount - 1);
    if (last + 2 > e.data.size()) r.fail(object, "segment " + std::to_string(i) + ": trajectory lies outside the data block");
    out[2 * i] = e.data[last] / s.duration;
    out[2 * i + 1] = e.data[last + 1] / s.duration;
  }
  return out;
}

// Format 3: whether the edge is idle, and its velocity space where the exporter stored one
// (lattice size 0: none, the player measures it).
void readControl(const Context& r, hid_t g, const std::string& object, RuntimeEdge& e) {
  const int idle = r.readInt32Attribute(g, object, schema::kIdle);
  if (idle != 0 && idle != 1) r.fail(object, "attribute 'idle': " + std::to_string(idle) + " is not 0 or 1");
  e.idle = idle == 1;
  const int n = r.readInt32Attribute(g, object, schema::kVelocityLattice);
  if (n == 0) return;
  if (n < 2 || n > 1025)
    r.fail(object, "attribute 'velocity_lattice': " + std::to_string(n) + " points per axis (0, or 2 to 1025)");
  e.velocitySpace.n = n;
  e.velocitySpace.points = r.floats(g, object, schema::kVelocitySpace, {{static_cast<long long>(n) * n, "L"}, {3}});
  const std::vector<float> bounds = r.floats(g, object, schema::kVelocitySpaceBounds, {{2}, {2}});
  for (int a = 0; a < 2; ++a) {
    e.velocitySpace.min[a] = bounds[a];
    e.velocitySpace.max[a] = bounds[2 + a];
  }
}

RuntimeEdge readEdge(const Context& r, hid_t edges, const std::string& name, int version,
                     long long legs) {
  const std::string object = "/edges/" + name;
  Handle g = r.openGroup(edges, name, object);
  RuntimeEdge e;
  e.name = r.readStringAttribute(g.get(), object, schema::kName);
  e.fromHub = r.readInt32Attribute(g.get(), object, schema::kFromHub);
  e.toHub = r.readInt32Attribute(g.get(), object, schema::kToHub);
  e.referenceSegment = r.readInt32Attribute(g.get(), object, schema::kReferenceSegment);
  e.referenceDuration = floatAttribute(r, g.get(), object, schema::kReferenceDuration);
  e.paramErrorMedian = floatAttribute(r, g.get(), object, schema::kParamErrorMedian);
  e.data = r.floats(g.get(), object, schema::kData, {{-1, "N"}});
  e.segments = readSegments(r, g.get(), object);
  e.parameters = readParameters(r, g.get(), object, sizeOf(e.segments.size()));
  e.joystick = readJoystick(r, g.get(), object);
  if (version < 2) {  // no leg layer: grid blend, no locomotion
    e.bandSamples = chordVelocities(r, e, object);
    return e;
  }
  const int blend = r.readInt32Attribute(g.get(), object, schema::kBlend);
  if (blend < 0 || blend > static_cast<int>(EdgeBlendMode::PolarBands))
    r.fail(object, "attribute 'blend': " + std::to_string(blend) + " is not a blend mode (0, 1 or 2)");
  e.blend = static_cast<EdgeBlendMode>(blend);
  e.bandSamples = r.floats(g.get(), object, schema::kBandSamples, {{sizeOf(e.segments.size()), "S"}, {2}});
  e.locomotion = readLocomotion(r, g.get(), object, sizeOf(e.segments.size()), legs);
  if (version >= 3) readControl(r, g.get(), object, e);
  return e;
}

std::vector<RuntimeEdge> readEdges(const Context& r, hid_t file, int version, long long legs) {
  Handle g = r.openGroup(file, schema::kEdges, "/edges");
  const std::vector<std::string> names = r.linkNames(g.get(), "/edges");
  std::vector<RuntimeEdge> edges;
  edges.reserve(names.size());
  // Groups are named by index, zero-padded to four digits ("0000", ..., "9999", "10000"):
  // exactly 0 .. N-1, so an edge index in the file is its position here.
  std::vector<std::string> ordered(names.size());
  for (const std::string& n : names) {
    size_t index = 0;
    const auto [end, ec] = std::from_chars(n.data(), n.data() + n.size(), index);
    char expected[32];
    std::snprintf(expected, sizeof expected, "%04zu", index);
    if (ec != std::errc() || end != n.data() + n.size() || n != expected || index >= names.size() ||
        !ordered[index].empty()) {
      r.fail("/edges/" + n, "unexpected group: edges are named 0000 to " +
                                std::to_string(names.size() == 0 ? 0 : names.size() - 1));
    }
    ordered[index] = n;
  }
  for (const std::string& n : ordered) edges.push_back(readEdge(r, g.get(), n, version, legs));
  return edges;
}

}  // namespace

RuntimeGraph loadRuntimeGraph(const std::string& path) {
  // Strings are fixed-length in this format, so the loader never follows a global heap
  // reference. HDF5's own error printing is switched off (h5::prepare) and stays off.
  const Context r(path, h5::StringStorage::FixedLengthOnly);
  Handle file = r.openFile("fatgraph runtime graph");
  if (!r.hasAttribute(file.get(), schema::kFileType)) {
    r.fail("", "not a fatgraph runtime graph (no 'file_type' attribute)");
  }
  // A project (.fgproj, core's project_file.h) tags itself with a variable-length string: read
  // through a context that allows one (the layer checks the reference first) to say so.
  if (const Context anyStrings(path); anyStrings.readStringAttribute(file.get(), "/", schema::kFileType) ==
                                      schema::kProjectFileType) {
    r.fail("", "not a fatgraph runtime graph (a fatgraph project? make a runtime graph from it "
               "with 'fatgraph export')");
  }
  const std::string type = r.readStringAttribute(file.get(), "/", schema::kFileType);
  if (type != kRuntimeGraphFileType) {
    r.fail("", "not a fatgraph runtime graph (file_type is '" + type + "')");
  }
  const int version = r.readInt32Attribute(file.get(), "/", schema::kFormatVersion);
  // Version 1 (before the leg layer) still loads: no legs, no locomotion, grid blends; version
  // 2 (before control data): no idle edges, velocity spaces measured at load, ±20 % rates;
  // version 3 (before procedural characters): no /creature group.
  if (version < 1 || version > kRuntimeGraphFormatVersion) {
    r.fail("", "format_version is " + std::to_string(version) + " but this build reads versions 1 to " +
                   std::to_string(kRuntimeGraphFormatVersion) +
                   " (export the graph again with a matching fatgraph)");
  }

  RuntimeGraph g;  // the in-memory layout is always the current version
  g.fps = floatAttribute(r, file.get(), "/", schema::kFps);
  g.startEdge = r.readInt32Attribute(file.get(), "/", schema::kStartEdge);
  g.transitions.blendSeconds = floatAttribute(r, file.get(), "/", schema::kTransitionBlendS);
  if (version >= 3) {
    g.cycleRates.slowest = floatAttribute(r, file.get(), "/", schema::kCycleRateMin);
    g.cycleRates.fastest = floatAttribute(r, file.get(), "/", schema::kCycleRateMax);
  }
  // Optional in any version: files before it play the paper's stick on the plane.
  if (r.hasAttribute(file.get(), schema::kStick)) {
    const std::string stick = r.readStringAttribute(file.get(), "/", schema::kStick);
    if (stick != "plane" && stick != "velocity") r.fail("", "attribute 'stick' is '" + stick + "', expected plane or velocity");
    g.stick = stick == "velocity" ? StickMeaning::Velocity : StickMeaning::Plane;
  }
  g.skeleton = readSkeleton(r, file.get());
  g.translatedJoints = r.ints(file.get(), "/", schema::kTranslatedJoints, {{-1, "A"}});
  g.hubs = readHubs(r, file.get());
  if (version >= 2) g.legs = readLegs(r, file.get());
  g.edges = readEdges(r, file.get(), version, sizeOf(g.legs.size()));
  // Optional in any version: readers before issue #14 skip the group, and files without it
  // load with no body.
  g.body = runtime_io::readBody(r, file.get(), g.skeleton.jointCount());
  // Format 4: a procedural character. Older files have no such group and load as before.
  if (version >= 4 && runtime_io::hasCreature(r, file.get())) {
    g.kind = RuntimeGraphKind::Creature;
    g.creature = runtime_io::readCreature(r, file.get(), g.skeleton);
  }
  if (const std::string problem = g.validate(); !problem.empty()) {
    r.fail("", "inconsistent graph: " + problem);
  }
  return g;
}

}  // namespace fatgraph
