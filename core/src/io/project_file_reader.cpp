// Reads a project from an open HDF5 file (schema: docs/PROJECT_FORMAT.md); the consistency
// checks it runs afterwards are in project_file_checks.cpp.
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <utility>
#include <vector>

#include "project_file.h"

namespace fatgraph::project_file {

namespace {

using h5::Context;
using h5::Handle;

constexpr double kUnitTolerance = 1e-6;  // same as Clip::validate

static_assert(sizeof(Vec3) == 3 * sizeof(double), "Vec3 must be three packed doubles");
static_assert(sizeof(Quat) == 4 * sizeof(double), "Quat must be four packed doubles");

}  // namespace

Skeleton readSkeleton(const Context& ctx, hid_t file, const std::string& at) {
  Handle g = ctx.openGroup(file, schema::kSkeleton, at + "/skeleton");
  Skeleton s;
  const auto namesDs = ctx.openDataset(g.get(), at + "/skeleton/names", schema::kNames, H5T_STRING, {-1}, "J");
  s.names = ctx.readStrings(namesDs);
  const auto jn = static_cast<long long>(s.names.size());
  if (jn == 0) ctx.fail(at + "/skeleton/names", "the skeleton has no joints");
  if (jn > INT_MAX / 4) ctx.fail(at + "/skeleton/names", "too many joints");

  const auto parentsDs =
      ctx.openDataset(g.get(), at + "/skeleton/parents", schema::kParents, H5T_INTEGER, {jn}, "");
  s.parents.resize(static_cast<size_t>(jn));
  ctx.readAll(parentsDs, H5T_NATIVE_INT, s.parents.data());
  for (size_t i = 0; i < s.parents.size(); ++i) {
    const int p = s.parents[i];
    if (p < -1 || p >= static_cast<int>(i)) {
      ctx.fail(at + "/skeleton/parents", jointLabel(s.names, i) + " has parent " + std::to_string(p) +
                                        ", expected -1 or an index below " + std::to_string(i));
    }
  }

  const auto offsetsDs =
      ctx.openDataset(g.get(), at + "/skeleton/rest_offsets", schema::kRestOffsets, H5T_FLOAT, {jn, 3}, "");
  s.restOffsets.resize(static_cast<size_t>(jn));
  ctx.readAll(offsetsDs, H5T_NATIVE_DOUBLE, s.restOffsets.data());
  for (size_t i = 0; i < s.restOffsets.size(); ++i) {
    if (!s.restOffsets[i].allFinite()) {
      ctx.fail(at + "/skeleton/rest_offsets", jointLabel(s.names, i) + ": non-finite offset");
    }
  }

  const auto animDs = ctx.openDataset(g.get(), at + "/skeleton/animated_translation",
                                      schema::kAnimatedTranslation, H5T_INTEGER, {jn}, "");
  std::vector<int> animated(static_cast<size_t>(jn));
  ctx.readAll(animDs, H5T_NATIVE_INT, animated.data());
  for (size_t i = 0; i < animated.size(); ++i) {
    if (animated[i] != 0 && animated[i] != 1) {
      ctx.fail(
          at + "/skeleton/animated_translation",
          jointLabel(s.names, i) + ": value " + std::to_string(animated[i]) + ", expected 0 or 1");
    }
    s.animatedTranslation.push_back(animated[i] == 1);
  }

  const auto endParentsDs = ctx.openDataset(g.get(), at + "/skeleton/end_site_parents",
                                            schema::kEndSiteParents, H5T_INTEGER, {-1}, "E");
  const auto en = static_cast<long long>(endParentsDs.dims[0]);
  const auto endOffsetsDs = ctx.openDataset(g.get(), at + "/skeleton/end_site_offsets",
                                            schema::kEndSiteOffsets, H5T_FLOAT, {en, 3}, "");
  std::vector<int> endParents(static_cast<size_t>(en));
  std::vector<Vec3> endOffsets(static_cast<size_t>(en));
  ctx.readAll(endParentsDs, H5T_NATIVE_INT, endParents.data());
  ctx.readAll(endOffsetsDs, H5T_NATIVE_DOUBLE, endOffsets.data());
  for (size_t i = 0; i < endParents.size(); ++i) {
    if (endParents[i] < 0 || endParents[i] >= jn) {
      ctx.fail(at + "/skeleton/end_site_parents",
               "end site " + std::to_string(i) + " has parent " + std::to_string(endParents[i]) +
                   ", expected a joint index in [0, " + std::to_string(jn) + ")");
    }
    if (!endOffsets[i].allFinite()) {
      ctx.fail(at + "/skeleton/end_site_offsets",
               "end site " + std::to_string(i) + ": non-finite offset");
    }
    s.endSites.push_back({endParents[i], endOffsets[i]});
  }
  // Projects written before the motion root existed carry the travel on the root.
  if (ctx.hasAttribute(g.get(), schema::kMotionRoot)) {
    const std::int64_t m = ctx.readIntAttribute(g.get(), at + "/skeleton", schema::kMotionRoot);
    if (m < 0 || m >= jn) {
      ctx.fail(at + "/skeleton", "motion_root " + std::to_string(m) + ", expected a joint index in [0, " +
                                std::to_string(jn) + ")");
    }
    s.motionRoot = static_cast<int>(m);
  }
  return s;
}

Clip readClip(const Context& ctx, hid_t clips, const std::string& name, const Skeleton& skeleton, const std::string& at) {
  const std::string object = at + "/clips/" + name;
  Handle g = ctx.openGroup(clips, name, object);
  Clip clip;
  clip.name = ctx.readStringAttribute(g.get(), object, schema::kName);
  clip.source = ctx.readStringAttribute(g.get(), object, schema::kSource);
  clip.fps = ctx.readDoubleAttribute(g.get(), object, schema::kFps);
  clip.sourceFps = ctx.readDoubleAttribute(g.get(), object, schema::kSourceFps);
  const std::int64_t first = ctx.readIntAttribute(g.get(), object, schema::kSourceFirstFrame);
  if (!(clip.fps > 0) || !std::isfinite(clip.fps)) {
    ctx.fail(object,
             "attribute 'fps' is " + std::to_string(clip.fps) + ", expected a positive rate");
  }
  if (!(clip.sourceFps >= 0) || !std::isfinite(clip.sourceFps)) {
    ctx.fail(object, "attribute 'source_fps' is " + std::to_string(clip.sourceFps) +
                         ", expected a rate >= 0 (0 = unknown)");
  }
  if (first < 0 || first > INT_MAX) {
    ctx.fail(object, "attribute 'source_first_frame' is " + std::to_string(first) +
                         ", expected a frame index >= 0");
  }
  clip.sourceFirstFrame = static_cast<int>(first);
  clip.generated = readTransitionOrigin(ctx, g.get(), object);

  const long long j = skeleton.jointCount();
  clip.jointCount = skeleton.jointCount();
  const std::string rotObject = object + "/rotations";
  const auto rotDs = ctx.openDataset(g.get(), rotObject, schema::kRotations, H5T_FLOAT, {-1, j, 4}, "F");
  const auto f = static_cast<long long>(rotDs.dims[0]);
  if (f * j > INT_MAX) ctx.fail(rotObject, "too many frames");
  const std::string transObject = object + "/translations";
  const auto transDs =
      ctx.openDataset(g.get(), transObject, schema::kTranslations, H5T_FLOAT, {f, j, 3}, "");

  const auto n = static_cast<size_t>(f * j);
  clip.rotations.resize(n);
  ctx.readAll(rotDs, H5T_NATIVE_DOUBLE, clip.rotations.data());
  for (size_t i = 0; i < n; ++i) {
    const Eigen::Vector4d wxyz = clip.rotations[i].coeffs();  // read as (w, x, y, z)
    Quat& q = clip.rotations[i];
    q = Quat(wxyz[0], wxyz[1], wxyz[2], wxyz[3]);
    const double norm = q.norm();
    if (!std::isfinite(norm) || std::abs(norm - 1.0) > kUnitTolerance) {
      ctx.fail(rotObject, "frame " + std::to_string(i / j) + ", " +
                              jointLabel(skeleton.names, i % j) + ": not a unit quaternion (norm " +
                              std::to_string(norm) + ")");
    }
  }
  clip.translations.resize(n);
  ctx.readAll(transDs, H5T_NATIVE_DOUBLE, clip.translations.data());
  for (size_t i = 0; i < n; ++i) {
    if (!clip.translations[i].allFinite()) {
      ctx.fail(transObject, "frame " + std::to_string(i / j) + ", " +
                                jointLabel(skeleton.names, i % j) + ": non-finite translation");
    }
  }
  return clip;
}


// Numbered child groups in index order ("0000", "0001", ...). Children whose names are not
// decimal numbers are ignored (reserved for later versions); the numbered ones must be
// exactly 0..N-1. `kind` names them in messages ("clip", "hub", "fat edge").
std::vector<std::string> numberedGroupNames(const Context& ctx, hid_t group,
                                            const std::string& object, const char* kind) {
  std::vector<std::pair<unsigned long long, std::string>> numbered;
  for (std::string& name : ctx.linkNames(group, object)) {
    const bool digits =
        !name.empty() && name.size() <= 9 &&
        std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (digits) numbered.emplace_back(std::stoull(name), std::move(name));
  }
  std::sort(numbered.begin(), numbered.end());
  std::vector<std::string> names;
  for (size_t i = 0; i < numbered.size(); ++i) {
    if (numbered[i].first != i) {
      ctx.fail(object, std::string(kind) + " groups must be numbered 0 to " +
                           std::to_string(numbered.size() - 1) + ", found '" +
                           numbered[i].second + "' where index " + std::to_string(i) +
                           " was expected");
    }
    names.push_back(numbered[i].second);
  }
  return names;
}

namespace {

// ---------------------------------------------------------------- format version 2

// An integer attribute that must fit an int (range checks with context come later).
int readInt32Attribute(const Context& ctx, hid_t loc, const std::string& object, const char* name) {
  const std::int64_t v = ctx.readIntAttribute(loc, object, name);
  if (v < INT_MIN || v > INT_MAX) {
    ctx.fail(object, std::string("attribute '") + name + "' is " + std::to_string(v) +
                         ", expected a 32-bit integer");
  }
  return static_cast<int>(v);
}

bool readFlagAttribute(const Context& ctx, hid_t loc, const std::string& object, const char* name) {
  const std::int64_t v = ctx.readIntAttribute(loc, object, name);
  if (v != 0 && v != 1) {
    ctx.fail(object, std::string("attribute '") + name + "' is " + std::to_string(v) +
                         ", expected 0 or 1");
  }
  return v == 1;
}

template <typename T>
std::vector<T> readVector(const Context& ctx, const Context::Dataset& ds, hid_t memType) {
  std::vector<T> v(ds.elementCount());
  ctx.readAll(ds, memType, v.data());
  return v;
}

GraphSettings readSettings(const Context& ctx, hid_t file, long long joints) {
  Handle g = ctx.openGroup(file, schema::kSettings, "/settings");
  GraphSettings s;
  s.fps = ctx.readDoubleAttribute(g.get(), "/settings", schema::kFps);
  s.window = readInt32Attribute(ctx, g.get(), "/settings", schema::kWindow);
  const std::string linkage = ctx.readStringAttribute(g.get(), "/settings", schema::kLinkage);
  if (linkage == "complete") {
    s.linkage = Linkage::Complete;
  } else if (linkage == "single") {
    s.linkage = Linkage::Single;
  } else {
    ctx.fail("/settings",
             "attribute 'linkage' is '" + linkage + "', expected 'complete' or 'single'");
  }
  const auto weights = ctx.openDataset(g.get(), "/settings/joint_weights", schema::kJointWeights,
                                       H5T_FLOAT, {-1}, "J");
  if (weights.dims[0] != 0 && weights.dims[0] != static_cast<hsize_t>(joints)) {
    ctx.fail("/settings/joint_weights", "expected shape [0] or [" + std::to_string(joints) +
                                            "] (one weight per joint), found " +
                                            h5::formatShape(weights.dims));
  }
  s.jointWeights = readVector<double>(ctx, weights, H5T_NATIVE_DOUBLE);
  return s;
}

DistanceCache readDistances(const Context& ctx, hid_t file) {
  Handle g = ctx.openGroup(file, schema::kDistances, "/distances");
  DistanceCache cache;
  DistanceScan& scan = cache.scan;
  cache.fingerprint = ctx.readStringAttribute(g.get(), "/distances", schema::kFingerprint);
  if (cache.fingerprint.empty()) ctx.fail("/distances", "attribute 'fingerprint' is empty");
  scan.frames = readInt32Attribute(ctx, g.get(), "/distances", schema::kFrames);
  scan.window = readInt32Attribute(ctx, g.get(), "/distances", schema::kWindow);
  scan.heatSize = readInt32Attribute(ctx, g.get(), "/distances", schema::kHeatSize);
  scan.heatStride = readInt32Attribute(ctx, g.get(), "/distances", schema::kHeatStride);
  scan.seconds = ctx.readDoubleAttribute(g.get(), "/distances", schema::kSeconds);
  if (scan.frames < 0) {
    ctx.fail("/distances", "attribute 'frames' is " + std::to_string(scan.frames) +
                               ", expected a frame count >= 0");
  }
  if (scan.heatSize < 0) {
    ctx.fail("/distances", "attribute 'heat_size' is " + std::to_string(scan.heatSize) +
                               ", expected a size >= 0");
  }
  const long long size = scan.heatSize;
  const auto heat =
      ctx.openDataset(g.get(), "/distances/heat", schema::kHeat, H5T_FLOAT, {size, size}, "");
  const auto minima = ctx.openDataset(g.get(), "/distances/minima_bins", schema::kMinimaBins,
                                      H5T_INTEGER, {scan.frames, DistanceHistogram::kBins}, "");
  const auto all = ctx.openDataset(g.get(), "/distances/all_bins", schema::kAllBins, H5T_INTEGER,
                                   {DistanceHistogram::kBins}, "");
  scan.heat = readVector<float>(ctx, heat, H5T_NATIVE_FLOAT);
  scan.minimaBins = readVector<std::uint16_t>(ctx, minima, H5T_NATIVE_UINT16);
  scan.allBins = readVector<std::uint64_t>(ctx, all, H5T_NATIVE_UINT64);
  return cache;
}

std::vector<Segment> readSegments(const Context& ctx, hid_t g, const char* name) {
  const std::string object = std::string("/graph/") + name;
  const auto ds = ctx.openDataset(g, object, name, H5T_INTEGER, {-1, 5}, "n");
  const auto rows = readVector<std::int32_t>(ctx, ds, H5T_NATIVE_INT32);
  std::vector<Segment> segments(ds.dims[0]);
  for (size_t i = 0; i < segments.size(); ++i) {
    const std::int32_t* r = rows.data() + 5 * i;
    segments[i] = Segment{r[0], r[1], r[2], r[3], r[4]};
  }
  return segments;
}

ThresholdChoice readThreshold(const Context& ctx, hid_t g, const ThresholdNames& names) {
  ThresholdChoice t;
  t.rms = ctx.readDoubleAttribute(g, "/graph", names.rms);
  t.automatic = readFlagAttribute(ctx, g, "/graph", names.automatic);
  t.method = ctx.readStringAttribute(g, "/graph", names.method);
  return t;
}

Hub readHub(const Context& ctx, hid_t hubs, const std::string& name) {
  const std::string object = "/graph/hubs/" + name;
  Handle g = ctx.openGroup(hubs, name, object);
  Hub hub;
  hub.name = ctx.readStringAttribute(g.get(), object, schema::kName);
  hub.frame.clip = readInt32Attribute(ctx, g.get(), object, schema::kClip);
  hub.frame.frame = readInt32Attribute(ctx, g.get(), object, schema::kFrame);
  const auto ds =
      ctx.openDataset(g.get(), object + "/match_set", schema::kMatchSet, H5T_INTEGER, {-1, 2}, "M");
  const auto rows = readVector<std::int32_t>(ctx, ds, H5T_NATIVE_INT32);
  hub.matchSet.resize(ds.dims[0]);
  for (size_t i = 0; i < hub.matchSet.size(); ++i) {
    hub.matchSet[i] = FrameRef{rows[2 * i], rows[2 * i + 1]};
  }
  return hub;
}

FatEdge readFatEdge(const Context& ctx, hid_t edges, const std::string& name) {
  const std::string object = "/graph/fat_edges/" + name;
  Handle g = ctx.openGroup(edges, name, object);
  FatEdge edge;
  edge.name = ctx.readStringAttribute(g.get(), object, schema::kName);
  edge.fromHub = readInt32Attribute(ctx, g.get(), object, schema::kFromHub);
  edge.toHub = readInt32Attribute(ctx, g.get(), object, schema::kToHub);
  edge.reference = readInt32Attribute(ctx, g.get(), object, schema::kReference);
  const auto segments =
      ctx.openDataset(g.get(), object + "/segments", schema::kSegments, H5T_INTEGER, {-1}, "m");
  edge.segments = readVector<int>(ctx, segments, H5T_NATIVE_INT);
  const std::string offsetsObject = object + "/warp_offsets";
  const auto offsetsDs =
      ctx.openDataset(g.get(), offsetsObject, schema::kWarpOffsets, H5T_INTEGER, {-1}, "w");
  const size_t m = edge.segments.size();
  if (offsetsDs.dims[0] != 0 && offsetsDs.dims[0] != m + 1) {
    ctx.fail(offsetsObject, "expected shape [0] (no warps) or [" + std::to_string(m + 1) +
                                "] (one more than the " + std::to_string(m) +
                                " segments), found " + h5::formatShape(offsetsDs.dims));
  }
  const auto from =
      ctx.openDataset(g.get(), object + "/warp_from", schema::kWarpFrom, H5T_FLOAT, {-1}, "K");
  const auto knots = static_cast<long long>(from.dims[0]);
  const auto to = ctx.openDataset(g.get(), object + "/warp_to", schema::kWarpTo, H5T_FLOAT, {knots}, "");
  const auto offsets = readVector<std::int64_t>(ctx, offsetsDs, H5T_NATIVE_INT64);
  if (offsets.empty() && knots != 0) {
    ctx.fail(offsetsObject, "is empty (no warps) but warp_from holds " + std::to_string(knots) +
                                " knots");
  }
  if (!offsets.empty()) {
    if (offsets.front() != 0 || offsets.back() != knots) {
      ctx.fail(offsetsObject, "must start at 0 and end at the knot count " +
                                  std::to_string(knots) + ", found " +
                                  std::to_string(offsets.front()) + " and " +
                                  std::to_string(offsets.back()));
    }
    for (size_t i = 1; i < offsets.size(); ++i) {
      if (offsets[i] < offsets[i - 1]) {
        ctx.fail(offsetsObject, "decreases at entry " + std::to_string(i) + " (" +
                                    std::to_string(offsets[i - 1]) + " then " +
                                    std::to_string(offsets[i]) + ")");
      }
    }
  }
  const auto fromValues = readVector<double>(ctx, from, H5T_NATIVE_DOUBLE);
  const auto toValues = readVector<double>(ctx, to, H5T_NATIVE_DOUBLE);
  for (size_t i = 0; i + 1 < offsets.size(); ++i) {
    const auto a = static_cast<std::ptrdiff_t>(offsets[i]);
    const auto b = static_cast<std::ptrdiff_t>(offsets[i + 1]);
    WarpMap w;
    w.from.assign(fromValues.begin() + a, fromValues.begin() + b);
    w.to.assign(toValues.begin() + a, toValues.begin() + b);
    edge.warps.push_back(std::move(w));
  }
  return edge;
}

// Format 2 held an n x n matrix; it becomes the grouped form (the larger of both directions of
// each comparable pair). Its entries are checked where they are, before the max can hide one.
GroupedSegmentDistances readDenseSegmentDistances(const Context& ctx, hid_t g, const std::vector<Segment>& segments) {
  const auto n = static_cast<long long>(segments.size());
  const auto matrix = ctx.openDataset(g, "/graph/segment_distances", schema::kSegmentDistances, H5T_FLOAT, {n, n}, "");
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> rowMajor(n, n);
  ctx.readAll(matrix, H5T_NATIVE_DOUBLE, rowMajor.data());
  for (Eigen::Index r = 0; r < n; ++r) {
    for (Eigen::Index c = 0; c < n; ++c) {
      if (rowMajor(r, c) >= 0) continue;
      char value[32];
      std::snprintf(value, sizeof value, "%g", rowMajor(r, c));
      ctx.fail("/graph/segment_distances", "entry (" + std::to_string(r) + ", " + std::to_string(c) + ") is " + value +
                                               ", expected a distance >= 0 or +inf");
    }
  }
  return GroupedSegmentDistances::fromDense(segments, rowMajor);
}

// The groups the file lists must be those of its segments (they are derived from them); the
// values are checked with the rest of the graph (checkGraph).
GroupedSegmentDistances readSegmentDistances(const Context& ctx, hid_t g, const std::vector<Segment>& segments) {
  GroupedSegmentDistances d(segments);
  const std::vector<std::int32_t> offsets = ctx.ints(g, "/graph", schema::kSegmentGroupOffsets, {{-1, "G+1"}});
  if (offsets != std::vector<std::int32_t>(d.memberOffsets().begin(), d.memberOffsets().end())) {
    ctx.fail("/graph/segment_group_offsets",
             std::to_string(offsets.size()) + " offsets that are not those of the segments' " +
                 std::to_string(d.groupCount()) + " hub-to-hub groups (expected " +
                 std::to_string(d.memberOffsets().size()) + ", from 0 to " + std::to_string(d.memberList().size()) + ")");
  }
  const std::vector<std::int32_t> members = ctx.ints(g, "/graph", schema::kSegmentGroupMembers, {{-1, "M"}});
  if (members != std::vector<std::int32_t>(d.memberList().begin(), d.memberList().end())) {
    ctx.fail("/graph/segment_group_members", "the members are not the segments of each hub-to-hub group in order (" +
                                                 std::to_string(members.size()) + " listed, " +
                                                 std::to_string(d.memberList().size()) + " expected)");
  }
  const auto pairs = static_cast<long long>(d.pairCount());
  d.setPairValues(ctx.doubles(g, "/graph", schema::kSegmentPairDistances, {{pairs, "P"}}));
  return d;
}

MotionGraph readGraph(const Context& ctx, hid_t file, std::int64_t version) {
  Handle g = ctx.openGroup(file, schema::kGraph, "/graph");
  MotionGraph graph;
  graph.hubThreshold = readThreshold(ctx, g.get(), kHubThresholdNames);
  graph.edgeThreshold = readThreshold(ctx, g.get(), kEdgeThresholdNames);
  {
    Handle hubs = ctx.openGroup(g.get(), schema::kHubs, "/graph/hubs");
    for (const std::string& name : numberedGroupNames(ctx, hubs.get(), "/graph/hubs", "hub")) {
      graph.hubs.push_back(readHub(ctx, hubs.get(), name));
    }
  }
  graph.segments = readSegments(ctx, g.get(), schema::kSegments);
  graph.entries = readSegments(ctx, g.get(), schema::kEntries);
  graph.exits = readSegments(ctx, g.get(), schema::kExits);
  graph.cutNotes = ctx.readStrings(
      ctx.openDataset(g.get(), "/graph/cut_notes", schema::kCutNotes, H5T_STRING, {-1}, "c"));

  graph.segmentDistances = version <= 2 ? readDenseSegmentDistances(ctx, g.get(), graph.segments)
                                        : readSegmentDistances(ctx, g.get(), graph.segments);

  Handle edges = ctx.openGroup(g.get(), schema::kFatEdges, "/graph/fat_edges");
  for (const std::string& name :
       numberedGroupNames(ctx, edges.get(), "/graph/fat_edges", "fat edge")) {
    graph.fatEdges.push_back(readFatEdge(ctx, edges.get(), name));
  }
  return graph;
}

}  // namespace

Project read(const Context& ctx, hid_t file) {
  if (!ctx.hasAttribute(file, schema::kFileType)) {
    ctx.fail("", "not a fatgraph project (no 'file_type' attribute on the root group)");
  }
  const std::string type = ctx.readStringAttribute(file, "/", schema::kFileType);
  if (type != kFileTypeValue) {
    ctx.fail("",
             "not a fatgraph project (file_type is '" + type + "', expected '" + kFileTypeValue + "')");
  }
  const std::int64_t version = ctx.readIntAttribute(file, "/", schema::kFormatVersion);
  if (version > kProjectFormatVersion) {
    ctx.fail("", "written by a newer fatgraph (format_version " + std::to_string(version) +
                     ", this build reads up to " + std::to_string(kProjectFormatVersion) + ")");
  }
  if (version < 1) ctx.fail("", "invalid format_version " + std::to_string(version));

  Project project;
  project.skeleton = readSkeleton(ctx, file, "");
  {
    Handle clips = ctx.openGroup(file, schema::kClips, "/clips");
    for (const std::string& name : numberedGroupNames(ctx, clips.get(), "/clips", "clip")) {
      project.clips.push_back(readClip(ctx, clips.get(), name, project.skeleton, ""));
    }
  }
  if (std::string e = project.validate(); !e.empty()) ctx.fail("", e);
  readLegs(ctx, file, project);
  readCharacter(ctx, file, project);
  readRetarget(ctx, file, project);
  if (version == 1) return project;  // no settings, cache, graph or edits: the defaults

  project.settings = readSettings(ctx, file, project.skeleton.jointCount());
  if (ctx.hasLink(file, schema::kDistances, "/")) project.distances = readDistances(ctx, file);
  if (ctx.hasLink(file, schema::kGraph, "/")) project.graph = readGraph(ctx, file, version);
  project.edits =
      ctx.readStrings(ctx.openDataset(file, "/edits", schema::kEdits, H5T_STRING, {-1}, "E"));
  readParameterization(ctx, file, project);
  readLocomotion(ctx, file, project);
  readChoices(ctx, file, project);
  if (Problem p = checkGraphData(project, true); p.found()) ctx.fail(p.object, p.what);
  return project;
}


}  // namespace fatgraph::project_file
