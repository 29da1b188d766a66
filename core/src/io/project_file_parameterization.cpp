// /parameterization of a project file (docs/PROJECT_FORMAT.md): the parameterization
// defaults, the per-edge choices and each fat edge's parameterization. Optional on read, so
// files written before it existed load with the defaults and no parameterization.
#include <cmath>
#include <cstdint>

#include "project_file.h"

namespace fatgraph::project_file {
namespace {

using h5::Context;
using h5::Handle;

constexpr const char* kGroup = "/parameterization";

void writeSettingsAttributes(const Context& ctx, hid_t g, const std::string& object,
                             const ParameterizationSettings& s) {
  ctx.writeIntAttribute(g, object, schema::kSamples, s.samples);
  ctx.writeIntAttribute(g, object, schema::kGrid, s.grid);
  ctx.writeBoolAttribute(g, object, schema::kRefine, s.refine);
  ctx.writeIntAttribute(g, object, schema::kSeed, static_cast<std::int64_t>(s.seed));
}

ParameterizationSettings readSettingsAttributes(const Context& ctx, hid_t g, const std::string& object) {
  ParameterizationSettings s;
  s.samples = static_cast<int>(ctx.readIntAttribute(g, object, schema::kSamples));
  s.grid = static_cast<int>(ctx.readIntAttribute(g, object, schema::kGrid));
  s.refine = ctx.readIntAttribute(g, object, schema::kRefine) != 0;
  s.seed = static_cast<std::uint64_t>(ctx.readIntAttribute(g, object, schema::kSeed));
  if (s.samples < 1 || s.grid < 2) ctx.fail(object, "samples must be >= 1 and grid >= 2");
  return s;
}

std::vector<double> flatten(const std::vector<Eigen::VectorXd>& rows, size_t width) {
  std::vector<double> out;
  out.reserve(rows.size() * width);
  for (const Eigen::VectorXd& r : rows) out.insert(out.end(), r.data(), r.data() + r.size());
  return out;
}

void writeAccuracy(const Context& ctx, hid_t g, const std::string& object, const char* name, const ParameterAccuracy& a) {
  const double v[5] = {static_cast<double>(a.targets), a.median3d, a.p95_3d, a.medianPlane, a.p95Plane};
  ctx.writeDataset(g, object + "/" + name, name, H5T_IEEE_F64LE, {5}, 0, H5T_NATIVE_DOUBLE, v);
}

ParameterAccuracy readAccuracy(const Context& ctx, hid_t g, const std::string& object, const char* name) {
  double v[5] = {};
  ctx.readAll(ctx.openDataset(g, object + "/" + name, name, H5T_FLOAT, {5}, ""), H5T_NATIVE_DOUBLE, v);
  return {static_cast<int>(v[0]), v[1], v[2], v[3], v[4]};
}

}  // namespace

void writeEdgeParameterization(const Context& ctx, hid_t edges, const std::string& name,
                               const EdgeParameterization& p) {
  const std::string o = std::string(kGroup) + "/edges/" + name;
  Handle g = ctx.createGroup(edges, name, o);
  ctx.writeStringAttribute(g.get(), o, schema::kEdge, p.edge);
  ctx.writeIntAttribute(g.get(), o, schema::kJoint, p.joint);
  ctx.writeDoubleAttribute(g.get(), o, schema::kReferenceTime, p.referenceTime);
  ctx.writeBoolAttribute(g.get(), o, schema::kJointAutomatic, p.jointAutomatic);
  ctx.writeBoolAttribute(g.get(), o, schema::kTimeAutomatic, p.timeAutomatic);
  ctx.writeStringAttribute(g.get(), o, schema::kJointReason, p.jointReason);
  ctx.writeBoolAttribute(g.get(), o, schema::kRefined, p.refined);
  writeSettingsAttributes(ctx, g.get(), o, p.settings);
  const size_t n = p.sampleWeights.size();
  const size_t s = p.triangulation.segmentCount > 0 ? static_cast<size_t>(p.triangulation.segmentCount)
                                                    : (n > 0 ? static_cast<size_t>(p.sampleWeights[0].size()) : 0);
  ctx.writeDataset(g.get(), o + "/sample_weights", schema::kSampleWeights, H5T_IEEE_F64LE, {n, s}, 0, H5T_NATIVE_DOUBLE,
                   flatten(p.sampleWeights, s).data());
  ctx.writeDataset(g.get(), o + "/sample_positions", schema::kSamplePositions, H5T_IEEE_F64LE, {n, 3}, 0,
                   H5T_NATIVE_DOUBLE, p.samplePositions.data());
  // The plane: dimension, reason, tilt, steep; centroid, normal, x, y, spread as rows.
  const ParameterPlane& pl = p.plane;
  ctx.writeIntAttribute(g.get(), o, schema::kPlaneDimension, pl.dimension);
  ctx.writeStringAttribute(g.get(), o, schema::kPlaneReason, pl.reason);
  ctx.writeDoubleAttribute(g.get(), o, schema::kPlaneTiltDegrees, pl.tiltDegrees);
  ctx.writeBoolAttribute(g.get(), o, schema::kPlaneSteep, pl.steep);
  const Eigen::Vector3d rows[5] = {pl.centroid, pl.normal, pl.xAxis, pl.yAxis, pl.spread};
  ctx.writeDataset(g.get(), o + "/plane_vectors", schema::kPlaneVectors, H5T_IEEE_F64LE, {5, 3}, 0, H5T_NATIVE_DOUBLE, rows);
  ctx.writeDataset(g.get(), o + "/projected", schema::kProjected, H5T_IEEE_F64LE, {pl.projected.size(), 2}, 0,
                   H5T_NATIVE_DOUBLE, pl.projected.data());
  // The triangulation.
  const WeightTriangulation& t = p.triangulation;
  ctx.writeIntAttribute(g.get(), o, schema::kTriangulationDimension, t.dimension);
  ctx.writeStringAttribute(g.get(), o, schema::kTriangulationReason, t.reason);
  ctx.writeIntAttribute(g.get(), o, schema::kSegmentCount, t.segmentCount);
  ctx.writeDataset(g.get(), o + "/sites", schema::kSites, H5T_IEEE_F64LE, {t.sites.size(), 2}, 0, H5T_NATIVE_DOUBLE, t.sites.data());
  ctx.writeDataset(g.get(), o + "/site_weights", schema::kSiteWeights, H5T_IEEE_F64LE, {t.weights.size(), s}, 0,
                   H5T_NATIVE_DOUBLE, flatten(t.weights, s).data());
  ctx.writeDataset(g.get(), o + "/site_of_point", schema::kSiteOfPoint, H5T_STD_I32LE, {t.siteOfPoint.size()}, 0,
                   H5T_NATIVE_INT, t.siteOfPoint.data());
  ctx.writeDataset(g.get(), o + "/triangles", schema::kTriangles, H5T_STD_I32LE, {t.triangles.size(), 3}, 0, H5T_NATIVE_INT,
                   t.triangles.data());
  ctx.writeDataset(g.get(), o + "/hull", schema::kHull, H5T_STD_I32LE, {t.hull.size()}, 0, H5T_NATIVE_INT, t.hull.data());
  // The grid the player uses, its vertex errors, the accuracies, the notes.
  const WeightGrid& w = p.grid;
  ctx.writeIntAttribute(g.get(), o, schema::kGridResolution, w.resolution);
  const double corners[4] = {w.minCorner.x(), w.minCorner.y(), w.maxCorner.x(), w.maxCorner.y()};
  ctx.writeDataset(g.get(), o + "/grid_corners", schema::kGridCorners, H5T_IEEE_F64LE, {2, 2}, 0, H5T_NATIVE_DOUBLE, corners);
  const auto gg = static_cast<hsize_t>(w.resolution);
  ctx.writeDataset(g.get(), o + "/grid_weights", schema::kGridWeights, H5T_IEEE_F32LE, {gg, gg, static_cast<hsize_t>(w.segmentCount)},
                   0, H5T_NATIVE_FLOAT, w.weights.data());
  ctx.writeDataset(g.get(), o + "/vertex_error", schema::kVertexError, H5T_IEEE_F32LE, {p.vertexError.size()}, 0,
                   H5T_NATIVE_FLOAT, p.vertexError.data());
  writeAccuracy(ctx, g.get(), o, schema::kAccuracyPlain, p.plain);
  writeAccuracy(ctx, g.get(), o, schema::kAccuracyAchieved, p.achieved);
  ctx.writeStrings(g.get(), o + "/notes", schema::kNotes, p.notes);
}

namespace {

template <typename T>
std::vector<T> readRows(const Context& ctx, hid_t g, const std::string& object, const char* name, H5T_class_t type,
                        std::vector<long long> shape, const char* labels, hid_t memType, Context::Dataset* out = nullptr) {
  auto ds = ctx.openDataset(g, object + "/" + name, name, type, shape, labels);
  std::vector<T> v(ds.elementCount());
  ctx.readAll(ds, memType, v.data());
  if (out) *out = std::move(ds);
  return v;
}

std::vector<Eigen::VectorXd> unflatten(const std::vector<double>& v, size_t width) {
  std::vector<Eigen::VectorXd> out;
  for (size_t i = 0; width > 0 && i + width <= v.size(); i += width) {
    out.push_back(Eigen::Map<const Eigen::VectorXd>(v.data() + i, static_cast<Eigen::Index>(width)));
  }
  return out;
}

}  // namespace

EdgeParameterization readEdgeParameterization(const Context& ctx, hid_t edges, const std::string& name) {
  const std::string o = std::string(kGroup) + "/edges/" + name;
  Handle g = ctx.openGroup(edges, name, o);
  EdgeParameterization p;
  p.edge = ctx.readStringAttribute(g.get(), o, schema::kEdge);
  p.joint = static_cast<int>(ctx.readIntAttribute(g.get(), o, schema::kJoint));
  p.referenceTime = ctx.readDoubleAttribute(g.get(), o, schema::kReferenceTime);
  p.jointAutomatic = ctx.readIntAttribute(g.get(), o, schema::kJointAutomatic) != 0;
  p.timeAutomatic = ctx.readIntAttribute(g.get(), o, schema::kTimeAutomatic) != 0;
  p.jointReason = ctx.readStringAttribute(g.get(), o, schema::kJointReason);
  p.refined = ctx.readIntAttribute(g.get(), o, schema::kRefined) != 0;
  p.settings = readSettingsAttributes(ctx, g.get(), o);
  const long long s = ctx.readIntAttribute(g.get(), o, schema::kSegmentCount);
  if (s < 1) ctx.fail(o, "attribute 'segment_count' must be at least 1");
  const auto sw = readRows<double>(ctx, g.get(), o, schema::kSampleWeights, H5T_FLOAT, {-1, s}, "N", H5T_NATIVE_DOUBLE);
  p.sampleWeights = unflatten(sw, static_cast<size_t>(s));
  const auto n = static_cast<long long>(p.sampleWeights.size());
  p.samplePositions.resize(static_cast<size_t>(n));
  ctx.readAll(ctx.openDataset(g.get(), o + "/sample_positions", schema::kSamplePositions, H5T_FLOAT, {n, 3}, ""),
              H5T_NATIVE_DOUBLE, p.samplePositions.data());
  ParameterPlane& pl = p.plane;
  pl.dimension = static_cast<int>(ctx.readIntAttribute(g.get(), o, schema::kPlaneDimension));
  pl.reason = ctx.readStringAttribute(g.get(), o, schema::kPlaneReason);
  pl.tiltDegrees = ctx.readDoubleAttribute(g.get(), o, schema::kPlaneTiltDegrees);
  pl.steep = ctx.readIntAttribute(g.get(), o, schema::kPlaneSteep) != 0;
  Eigen::Vector3d rows[5];
  ctx.readAll(ctx.openDataset(g.get(), o + "/plane_vectors", schema::kPlaneVectors, H5T_FLOAT, {5, 3}, ""),
              H5T_NATIVE_DOUBLE, rows);
  pl.centroid = rows[0], pl.normal = rows[1], pl.xAxis = rows[2], pl.yAxis = rows[3], pl.spread = rows[4];
  pl.projected.resize(static_cast<size_t>(n));
  ctx.readAll(ctx.openDataset(g.get(), o + "/projected", schema::kProjected, H5T_FLOAT, {n, 2}, ""), H5T_NATIVE_DOUBLE,
              pl.projected.data());
  WeightTriangulation& t = p.triangulation;
  t.dimension = static_cast<int>(ctx.readIntAttribute(g.get(), o, schema::kTriangulationDimension));
  t.reason = ctx.readStringAttribute(g.get(), o, schema::kTriangulationReason);
  t.segmentCount = static_cast<int>(s);
  Context::Dataset sitesDs;
  const auto sites = readRows<double>(ctx, g.get(), o, schema::kSites, H5T_FLOAT, {-1, 2}, "K", H5T_NATIVE_DOUBLE, &sitesDs);
  const auto k = static_cast<long long>(sitesDs.dims[0]);
  for (long long i = 0; i < k; ++i) t.sites.emplace_back(sites[2 * i], sites[2 * i + 1]);
  t.weights = unflatten(readRows<double>(ctx, g.get(), o, schema::kSiteWeights, H5T_FLOAT, {k, s}, "", H5T_NATIVE_DOUBLE),
                        static_cast<size_t>(s));
  t.siteOfPoint = readRows<int>(ctx, g.get(), o, schema::kSiteOfPoint, H5T_INTEGER, {n}, "", H5T_NATIVE_INT);
  const auto tri = readRows<int>(ctx, g.get(), o, schema::kTriangles, H5T_INTEGER, {-1, 3}, "T", H5T_NATIVE_INT);
  for (size_t i = 0; i + 2 < tri.size(); i += 3) t.triangles.push_back({tri[i], tri[i + 1], tri[i + 2]});
  t.hull = readRows<int>(ctx, g.get(), o, schema::kHull, H5T_INTEGER, {-1}, "H", H5T_NATIVE_INT);
  for (int v : t.siteOfPoint) {
    if (v < 0 || v >= k) ctx.fail(o + "/site_of_point", "a site index is outside [0, " + std::to_string(k) + ")");
  }
  for (int v : tri) {
    if (v < 0 || v >= k) ctx.fail(o + "/triangles", "a site index is outside [0, " + std::to_string(k) + ")");
  }
  for (int v : t.hull) {
    if (v < 0 || v >= k) ctx.fail(o + "/hull", "a site index is outside [0, " + std::to_string(k) + ")");
  }
  WeightGrid& w = p.grid;
  w.resolution = static_cast<int>(ctx.readIntAttribute(g.get(), o, schema::kGridResolution));
  if (w.resolution < 2 || w.resolution > 4096) ctx.fail(o, "attribute 'grid_resolution' must be 2 to 4096");
  w.segmentCount = static_cast<int>(s);
  double corners[4] = {};
  ctx.readAll(ctx.openDataset(g.get(), o + "/grid_corners", schema::kGridCorners, H5T_FLOAT, {2, 2}, ""), H5T_NATIVE_DOUBLE,
              corners);
  w.minCorner = {corners[0], corners[1]};
  w.maxCorner = {corners[2], corners[3]};
  const long long gg = w.resolution;
  w.weights = readRows<float>(ctx, g.get(), o, schema::kGridWeights, H5T_FLOAT, {gg, gg, s}, "", H5T_NATIVE_FLOAT);
  p.vertexError = readRows<float>(ctx, g.get(), o, schema::kVertexError, H5T_FLOAT, {-1}, "V", H5T_NATIVE_FLOAT);
  p.plain = readAccuracy(ctx, g.get(), o, schema::kAccuracyPlain);
  p.achieved = readAccuracy(ctx, g.get(), o, schema::kAccuracyAchieved);
  p.notes = ctx.readStrings(ctx.openDataset(g.get(), o + "/notes", schema::kNotes, H5T_STRING, {-1}, "n"));
  return p;
}

bool writesParameterization(const Project& project) {
  const GraphSettings& s = project.settings;
  const ParameterizationSettings d;
  return !project.graph.parameterizations.empty() || !s.edgeParameterChoices.empty() ||
         s.parameterization.samples != d.samples || s.parameterization.grid != d.grid ||
         s.parameterization.refine != d.refine || s.parameterization.seed != d.seed;
}

void writeParameterization(const Context& ctx, hid_t file, const Project& project) {
  Handle g = ctx.createGroup(file, schema::kParameterization, kGroup);
  writeSettingsAttributes(ctx, g.get(), kGroup, project.settings.parameterization);
  const auto& choices = project.settings.edgeParameterChoices;
  std::vector<std::string> names;
  std::vector<std::int32_t> ints;    // joint, samples, grid per choice
  std::vector<double> times;
  for (const EdgeParameterChoice& c : choices) {
    names.push_back(c.edge);
    ints.insert(ints.end(), {c.joint, c.samples, c.grid});
    times.push_back(c.timeSeconds);
  }
  const std::string o(kGroup);
  ctx.writeStrings(g.get(), o + "/choice_edges", schema::kChoiceEdges, names);
  ctx.writeDataset(g.get(), o + "/choice_values", schema::kChoiceValues, H5T_STD_I32LE, {choices.size(), 3}, 0,
                   H5T_NATIVE_INT32, ints.data());
  ctx.writeDataset(g.get(), o + "/choice_times", schema::kChoiceTimes, H5T_IEEE_F64LE, {choices.size()}, 0,
                   H5T_NATIVE_DOUBLE, times.data());
  Handle edges = ctx.createGroup(g.get(), schema::kEdges, o + "/edges");
  for (size_t e = 0; e < project.graph.parameterizations.size(); ++e) {
    writeEdgeParameterization(ctx, edges.get(), clipGroupName(e), project.graph.parameterizations[e]);
  }
}

void readParameterization(const Context& ctx, hid_t file, Project& project) {
  if (!ctx.hasLink(file, schema::kParameterization, "/")) return;  // written before it existed
  Handle g = ctx.openGroup(file, schema::kParameterization, kGroup);
  const std::string o(kGroup);
  project.settings.parameterization = readSettingsAttributes(ctx, g.get(), o);
  const auto names = ctx.readStrings(ctx.openDataset(g.get(), o + "/choice_edges", schema::kChoiceEdges, H5T_STRING, {-1}, "C"));
  const auto c = static_cast<long long>(names.size());
  const auto ints = readRows<std::int32_t>(ctx, g.get(), o, schema::kChoiceValues, H5T_INTEGER, {c, 3}, "", H5T_NATIVE_INT32);
  const auto times = readRows<double>(ctx, g.get(), o, schema::kChoiceTimes, H5T_FLOAT, {c}, "", H5T_NATIVE_DOUBLE);
  for (size_t i = 0; i < names.size(); ++i) {
    project.settings.edgeParameterChoices.push_back({names[i], ints[3 * i], times[i], ints[3 * i + 1], ints[3 * i + 2]});
  }
  Handle edges = ctx.openGroup(g.get(), schema::kEdges, o + "/edges");
  for (const std::string& name : numberedGroupNames(ctx, edges.get(), o + "/edges", "parameterization")) {
    project.graph.parameterizations.push_back(readEdgeParameterization(ctx, edges.get(), name));
  }
}

}  // namespace fatgraph::project_file
