// Writes a RuntimeGraph as a .fgraph HDF5 file (schema: docs/RUNTIME_GRAPH.md), beside its
// loader (runtime_graph_file.cpp) and through the same HDF5 layer. Every value is stored in the type the graph holds it in
// (float32 for the player's floats, float64 for the skeleton), so a load gives the same bits.
// Strings are fixed-length: the game-side loader then never reads variable-length data.
#include <algorithm>
#include <filesystem>

#include "fatgraph/io/hdf5_file.h"
#include "fatgraph/runtime_io/runtime_graph_file.h"
#include "fatgraph/io/runtime_graph_schema.h"
#include "runtime_graph_creature.h"

namespace fatgraph {

namespace schema = fatgraph::runtime_graph_schema;

namespace {

using h5::Context;
using h5::Handle;


// A fixed-length, null-padded UTF-8 string type wide enough for the longest of `values`
// (HDF5 needs at least one byte).
Handle fixedStringType(const Context& ctx, const std::vector<std::string>& values,
                       std::string_view object) {
  size_t size = 1;
  for (const std::string& v : values) size = std::max(size, v.size());
  Handle t = h5::stringType(false, size);
  ctx.check(H5Tset_strpad(t.get(), H5T_STR_NULLPAD), object, "cannot create a string type");
  return t;
}

void writeString(const Context& ctx, hid_t loc, std::string_view object, const char* name,
                 const std::string& value) {
  const std::string what = std::string("cannot write attribute '") + name + "'";
  Handle type = fixedStringType(ctx, {value}, object);
  Handle space = ctx.check(H5Screate(H5S_SCALAR), object, what);
  Handle attr = ctx.check(H5Acreate2(loc, name, type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT),
                          object, what);
  std::string padded = value;
  padded.resize(H5Tget_size(type.get()), '\0');
  ctx.check(H5Awrite(attr.get(), type.get(), padded.data()), object, what);
}

void writeFloat(const Context& ctx, hid_t loc, std::string_view object, const char* name,
                float value) {
  const std::string what = std::string("cannot write attribute '") + name + "'";
  Handle space = ctx.check(H5Screate(H5S_SCALAR), object, what);
  Handle attr = ctx.check(
      H5Acreate2(loc, name, H5T_IEEE_F32LE, space.get(), H5P_DEFAULT, H5P_DEFAULT), object, what);
  ctx.check(H5Awrite(attr.get(), H5T_NATIVE_FLOAT, &value), object, what);
}

void writeStrings(const Context& ctx, hid_t loc, const std::string& object, const char* name,
                  const std::vector<std::string>& values) {
  Handle type = fixedStringType(ctx, values, object);
  const size_t size = H5Tget_size(type.get());
  std::vector<char> buf(values.size() * size, '\0');
  for (size_t i = 0; i < values.size(); ++i) std::copy(values[i].begin(), values[i].end(), &buf[i * size]);
  ctx.writeDataset(loc, object + "/" + name, name, type.get(), {values.size()}, 0, type.get(), buf.data());
}

// Typed datasets: int32, uint32, uint8, float32 and float64, little-endian in the file.
void writeInts(const Context& ctx, hid_t loc, const std::string& object, const char* name,
               const std::vector<int>& v, std::vector<hsize_t> dims = {}) {
  if (dims.empty()) dims = {v.size()};
  ctx.writeDataset(loc, object + "/" + name, name, H5T_STD_I32LE, dims, 0, H5T_NATIVE_INT, v.data());
}

void writeFloats(const Context& ctx, hid_t loc, const std::string& object, const char* name,
                 const float* v, const std::vector<hsize_t>& dims) {
  ctx.writeDataset(loc, object + "/" + name, name, H5T_IEEE_F32LE, dims, 0, H5T_NATIVE_FLOAT, v);
}

void writeBytes(const Context& ctx, hid_t loc, const std::string& object, const char* name,
                const std::vector<std::uint8_t>& v) {
  ctx.writeDataset(loc, object + "/" + name, name, H5T_STD_U8LE, {v.size()}, 0, H5T_NATIVE_UINT8,
                   v.data());
}

void writeVectors(const Context& ctx, hid_t loc, const std::string& object, const char* name,
                  const std::vector<Float3>& v) {
  std::vector<double> flat;  // float64 in the file, as ever (older graphs hold doubles)
  for (const Float3& x : v) flat.insert(flat.end(), {double(x.x), double(x.y), double(x.z)});
  ctx.writeDataset(loc, object + "/" + name, name, H5T_IEEE_F64LE, {v.size(), 3}, 0,
                   H5T_NATIVE_DOUBLE, flat.data());
}

void writeSkeleton(const Context& ctx, hid_t file, const RuntimeSkeleton& s) {
  const std::string object = "/skeleton";
  Handle g = ctx.createGroup(file, schema::kSkeleton, object);
  writeStrings(ctx, g.get(), object, schema::kNames, s.names);
  writeInts(ctx, g.get(), object, schema::kParents, s.parents);
  writeVectors(ctx, g.get(), object, schema::kRestOffsets, s.restOffsets);
  writeBytes(ctx, g.get(), object, schema::kAnimatedTranslation, s.animatedTranslation);
  std::vector<int> endParents;
  std::vector<Float3> endOffsets;
  for (const RuntimeEndSite& e : s.endSites) {
    endParents.push_back(e.parent);
    endOffsets.push_back(e.offset);
  }
  writeInts(ctx, g.get(), object, schema::kEndSiteParents, endParents);
  writeVectors(ctx, g.get(), object, schema::kEndSiteOffsets, endOffsets);
}

void writeHubs(const Context& ctx, hid_t file, const std::vector<RuntimeHub>& hubs) {
  const std::string object = "/hubs";
  Handle g = ctx.createGroup(file, schema::kHubs, object);
  std::vector<std::string> names;
  std::vector<int> defaults, offsets{0}, outgoing;
  for (const RuntimeHub& h : hubs) {
    names.push_back(h.name);
    defaults.push_back(h.defaultEdge);
    outgoing.insert(outgoing.end(), h.outgoing.begin(), h.outgoing.end());
    offsets.push_back(static_cast<int>(outgoing.size()));
  }
  writeStrings(ctx, g.get(), object, schema::kNames, names);
  writeInts(ctx, g.get(), object, schema::kDefaultEdge, defaults);
  writeInts(ctx, g.get(), object, schema::kOutgoingOffsets, offsets);
  writeInts(ctx, g.get(), object, schema::kOutgoing, outgoing);
}

void writeSegments(const Context& ctx, hid_t edge, const std::string& edgeObject,
                   const std::vector<RuntimeSegment>& segments) {
  const std::string object = edgeObject + "/segments";
  Handle g = ctx.createGroup(edge, schema::kSegments, object);
  std::vector<std::string> clips;
  std::vector<int> first, frames, knots;
  std::vector<float> duration;
  std::vector<std::uint32_t> offsets;
  for (const RuntimeSegment& s : segments) {
    clips.push_back(s.clip);
    first.push_back(s.firstFrame);
    frames.push_back(s.frameCount);
    duration.push_back(s.duration);
    offsets.insert(offsets.end(), {s.rotations, s.translations, s.trajectory, s.warpX, s.warpY});
    knots.push_back(s.warpKnots);
  }
  writeStrings(ctx, g.get(), object, schema::kClip, clips);
  writeInts(ctx, g.get(), object, schema::kFirstFrame, first);
  writeInts(ctx, g.get(), object, schema::kFrameCount, frames);
  writeFloats(ctx, g.get(), object, schema::kDuration, duration.data(), {duration.size()});
  ctx.writeDataset(g.get(), object + "/offsets", schema::kOffsets, H5T_STD_U32LE, {segments.size(), 5}, 0,
                   H5T_NATIVE_UINT32, offsets.data());
  writeInts(ctx, g.get(), object, schema::kWarpKnots, knots);
}

void writeParameters(const Context& ctx, hid_t edge, const std::string& edgeObject,
                     const RuntimeParameterSpace& p, size_t segments) {
  const std::string object = edgeObject + "/parameters";
  Handle g = ctx.createGroup(edge, schema::kParameters, object);
  ctx.writeIntAttribute(g.get(), object, schema::kDimension, p.dimension);
  ctx.writeIntAttribute(g.get(), object, schema::kJoint, p.joint);
  writeFloat(ctx, g.get(), object, schema::kReferenceTime, p.referenceTime);
  ctx.writeIntAttribute(g.get(), object, schema::kGridResolution, p.gridResolution);
  writeFloats(ctx, g.get(), object, schema::kOrigin, p.origin, {3});
  const float axes[6] = {p.xAxis[0], p.xAxis[1], p.xAxis[2], p.yAxis[0], p.yAxis[1], p.yAxis[2]};
  writeFloats(ctx, g.get(), object, schema::kAxes, axes, {2, 3});
  writeFloats(ctx, g.get(), object, schema::kGridMin, p.gridMin, {2});
  writeFloats(ctx, g.get(), object, schema::kGridMax, p.gridMax, {2});
  const auto grid = static_cast<hsize_t>(p.gridResolution);
  writeFloats(ctx, g.get(), object, schema::kGridWeights, p.gridWeights.data(), {grid, grid, segments});
}

void writeJoystick(const Context& ctx, hid_t edge, const std::string& edgeObject,
                   const JoystickMapping& j) {
  const std::string object = edgeObject + "/joystick";
  Handle g = ctx.createGroup(edge, schema::kJoystick, object);
  writeFloat(ctx, g.get(), object, schema::kDeadZone, j.deadZone);
  writeFloat(ctx, g.get(), object, schema::kResponseExponent, j.responseExponent);
  writeBytes(ctx, g.get(), object, schema::kInvert, {std::uint8_t(j.invert[0]), std::uint8_t(j.invert[1])});
  writeFloats(ctx, g.get(), object, schema::kNeutral, j.neutral, {2});
  writeFloats(ctx, g.get(), object, schema::kRangeMin, j.rangeMin, {2});
  writeFloats(ctx, g.get(), object, schema::kRangeMax, j.rangeMax, {2});
}

// The leg layer's legs (format 2): parallel arrays, the chains concatenated and sliced by
// offsets like the hubs' outgoing edges.
void writeLegs(const Context& ctx, hid_t file, const std::vector<RuntimeLeg>& legs) {
  const std::string object = "/legs";
  Handle g = ctx.createGroup(file, schema::kLegs, object);
  std::vector<std::string> names;
  std::vector<int> offsets{0}, chains;
  std::vector<float> heel, toe, length, footLength;
  for (const RuntimeLeg& l : legs) {
    names.push_back(l.name);
    chains.insert(chains.end(), l.chain.begin(), l.chain.end());
    offsets.push_back(static_cast<int>(chains.size()));
    heel.insert(heel.end(), l.heel, l.heel + 3);
    toe.insert(toe.end(), l.toeTip, l.toeTip + 3);
    length.push_back(l.length);
    footLength.push_back(l.footLength);
  }
  const hsize_t n = legs.size();
  writeStrings(ctx, g.get(), object, schema::kNames, names);
  writeInts(ctx, g.get(), object, schema::kChainOffsets, offsets);
  writeInts(ctx, g.get(), object, schema::kChains, chains);
  writeFloats(ctx, g.get(), object, schema::kHeel, heel.data(), {n, 3});
  writeFloats(ctx, g.get(), object, schema::kToeTip, toe.data(), {n, 3});
  writeFloats(ctx, g.get(), object, schema::kLength, length.data(), {n});
  writeFloats(ctx, g.get(), object, schema::kFootLength, footLength.data(), {n});
}

// Per segment and leg (segment-major) the cycle on the edge's clock; no entries when off.
void writeEdgeLocomotion(const Context& ctx, hid_t edge, const std::string& edgeObject,
                     const RuntimeLocomotion& m, size_t legs) {
  const std::string object = edgeObject + "/locomotion";
  Handle g = ctx.createGroup(edge, schema::kLocomotion, object);
  ctx.writeIntAttribute(g.get(), object, schema::kEnabled, m.enabled ? 1 : 0);
  writeFloat(ctx, g.get(), object, schema::kFloorHeight, m.floorHeight);
  std::vector<float> stance, keys, position, yaw, stride;
  for (const RuntimeLegCycle& c : m.legCycles) {
    stance.push_back(c.stanceTime);
    keys.insert(keys.end(), {c.footLift, c.footOff, c.postFootLift, c.preFootLand, c.footLand, c.footStrike});
    position.insert(position.end(), c.stancePosition, c.stancePosition + 3);
    yaw.push_back(c.stanceYaw);
    stride.push_back(c.strideLength);
  }
  const hsize_t s = m.cycleDistance.size();
  const hsize_t l = legs;
  writeFloats(ctx, g.get(), object, schema::kStanceTime, stance.data(), {s, l});
  writeFloats(ctx, g.get(), object, schema::kKeyTimes, keys.data(), {s, l, 6});
  writeFloats(ctx, g.get(), object, schema::kStancePosition, position.data(), {s, l, 3});
  writeFloats(ctx, g.get(), object, schema::kStanceYaw, yaw.data(), {s, l});
  writeFloats(ctx, g.get(), object, schema::kStrideLength, stride.data(), {s, l});
  writeFloats(ctx, g.get(), object, schema::kCycleDistance, m.cycleDistance.data(), {s});
  writeFloats(ctx, g.get(), object, schema::kCycleDuration, m.cycleDuration.data(), {s});
}

void writeEdge(const Context& ctx, hid_t edges, const std::string& name, const RuntimeEdge& e,
               size_t legs) {
  const std::string object = "/edges/" + name;
  Handle g = ctx.createGroup(edges, name, object);
  writeString(ctx, g.get(), object, schema::kName, e.name);
  ctx.writeIntAttribute(g.get(), object, schema::kFromHub, e.fromHub);
  ctx.writeIntAttribute(g.get(), object, schema::kToHub, e.toHub);
  ctx.writeIntAttribute(g.get(), object, schema::kReferenceSegment, e.referenceSegment);
  writeFloat(ctx, g.get(), object, schema::kReferenceDuration, e.referenceDuration);
  writeFloat(ctx, g.get(), object, schema::kParamErrorMedian, e.paramErrorMedian);
  writeFloats(ctx, g.get(), object, schema::kData, e.data.data(), {e.data.size()});
  writeSegments(ctx, g.get(), object, e.segments);
  writeParameters(ctx, g.get(), object, e.parameters, e.segments.size());
  writeJoystick(ctx, g.get(), object, e.joystick);
  ctx.writeIntAttribute(g.get(), object, schema::kBlend, static_cast<int>(e.blend));
  writeFloats(ctx, g.get(), object, schema::kBandSamples, e.bandSamples.data(), {e.segments.size(), 2});
  writeEdgeLocomotion(ctx, g.get(), object, e.locomotion, legs);
  ctx.writeIntAttribute(g.get(), object, schema::kIdle, e.idle ? 1 : 0);
  // The velocity space where the exporter measured one: lattice size 0 and no datasets when
  // not (a loader then measures it).
  const RuntimeVelocitySpace& v = e.velocitySpace;
  ctx.writeIntAttribute(g.get(), object, schema::kVelocityLattice, v.n);
  if (!v.empty()) {
    const hsize_t points = static_cast<hsize_t>(v.n) * v.n;
    writeFloats(ctx, g.get(), object, schema::kVelocitySpace, v.points.data(), {points, 3});
    const float bounds[4] = {v.min[0], v.min[1], v.max[0], v.max[1]};
    writeFloats(ctx, g.get(), object, schema::kVelocitySpaceBounds, bounds, {2, 2});
  }
}

// The optional skinned mesh (issue #14); no group at all when the graph has no body. Matrices
// are stored row-major, m[row][column] as written in maths (SkinMatrix is column-major).
void writeBody(const Context& ctx, hid_t file, const SkinnedMesh& body) {
  if (body.empty()) return;
  const std::string object = "/body";
  Handle g = ctx.createGroup(file, schema::kBody, object);
  writeString(ctx, g.get(), object, schema::kGenerator, "fatgraph body");
  const hsize_t v = body.positions.size();
  std::vector<float> positions, normals, weights, inverseBind;
  std::vector<std::uint16_t> joints;
  for (std::size_t i = 0; i < v; ++i) {
    positions.insert(positions.end(), {body.positions[i].x, body.positions[i].y, body.positions[i].z});
    normals.insert(normals.end(), {body.normals[i].x, body.normals[i].y, body.normals[i].z});
    joints.insert(joints.end(), body.joints[i].begin(), body.joints[i].end());
    weights.insert(weights.end(), body.weights[i].begin(), body.weights[i].end());
  }
  for (const Float4x4& m : body.inverseBind)  // row-major in the file
    for (int row = 0; row < 4; ++row)
      for (int col = 0; col < 4; ++col) inverseBind.push_back(m.m[4 * col + row]);
  const hsize_t k = kMaxSkinInfluences;
  writeFloats(ctx, g.get(), object, schema::kPositions, positions.data(), {v, 3});
  writeFloats(ctx, g.get(), object, schema::kNormals, normals.data(), {v, 3});
  ctx.writeDataset(g.get(), object + "/joints", schema::kJoints, H5T_STD_U16LE, {v, k}, 0,
                   H5T_NATIVE_UINT16, joints.data());
  writeFloats(ctx, g.get(), object, schema::kWeights, weights.data(), {v, k});
  ctx.writeDataset(g.get(), object + "/triangles", schema::kTriangles, H5T_STD_U32LE,
                   {body.triangles.size() / 3, 3}, 0, H5T_NATIVE_UINT32, body.triangles.data());
  writeFloats(ctx, g.get(), object, schema::kInverseBind, inverseBind.data(), {body.inverseBind.size(), 4, 4});
}

void writeGraph(const Context& ctx, hid_t file, const RuntimeGraph& graph) {
  writeString(ctx, file, "/", schema::kFileType, std::string(kRuntimeGraphFileType));
  ctx.writeIntAttribute(file, "/", schema::kFormatVersion, kRuntimeGraphFormatVersion);
  writeString(ctx, file, "/", schema::kGenerator, h5::kGenerator);
  writeFloat(ctx, file, "/", schema::kFps, graph.fps);
  ctx.writeIntAttribute(file, "/", schema::kStartEdge, graph.startEdge);
  writeFloat(ctx, file, "/", schema::kTransitionBlendS, graph.transitions.blendSeconds);
  writeFloat(ctx, file, "/", schema::kCycleRateMin, graph.cycleRates.slowest);
  writeFloat(ctx, file, "/", schema::kCycleRateMax, graph.cycleRates.fastest);
  writeString(ctx, file, "/", schema::kStick, graph.stick == StickMeaning::Velocity ? "velocity" : "plane");
  writeSkeleton(ctx, file, graph.skeleton);
  writeInts(ctx, file, "", schema::kTranslatedJoints, graph.translatedJoints);
  writeHubs(ctx, file, graph.hubs);
  writeLegs(ctx, file, graph.legs);
  Handle edges = ctx.createGroup(file, schema::kEdges, "/edges");
  for (size_t i = 0; i < graph.edges.size(); ++i) {
    writeEdge(ctx, edges.get(), h5::numberedGroupName(i), graph.edges[i], graph.legs.size());
  }
  writeBody(ctx, file, graph.body);
  runtime_io::writeCreature(ctx, file, graph);
}

}  // namespace

ExportSummary writeRuntimeGraph(const RuntimeGraph& graph, const std::string& path) {
  const Context ctx(path);
  if (const std::string problem = graph.validate(); !problem.empty()) {
    ctx.fail("", "cannot export an invalid runtime graph: " + problem);
  }
  ctx.saveAtomically([&](hid_t file) { writeGraph(ctx, file, graph); });
  ExportSummary summary;
  std::error_code ec;
  summary.bytes = std::filesystem::file_size(path, ec);
  summary.hubs = static_cast<int>(graph.hubs.size());
  summary.edges = static_cast<int>(graph.edges.size());
  for (const RuntimeEdge& e : graph.edges) summary.idleEdges += e.idle ? 1 : 0;
  for (const RuntimeEdge& e : graph.edges) {
    summary.segments += static_cast<int>(e.segments.size());
    summary.floats += e.data.size();
  }
  summary.bodyVertices = graph.body.vertexCount();
  summary.bodyTriangles = graph.body.triangleCount();
  return summary;
}

}  // namespace fatgraph
