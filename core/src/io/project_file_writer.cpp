// Writes a project into an open HDF5 file (schema: docs/PROJECT_FORMAT.md).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "project_file.h"

namespace fatgraph::project_file {

namespace {

using h5::Context;
using h5::Handle;

static_assert(sizeof(Vec3) == 3 * sizeof(double), "Vec3 must be three packed doubles");

}  // namespace

void writeSkeleton(const Context& ctx, hid_t file, const Skeleton& s, const std::string& at) {
  Handle g = ctx.createGroup(file, schema::kSkeleton, at + "/skeleton");
  const hsize_t j = static_cast<hsize_t>(s.jointCount());
  const hsize_t e = s.endSites.size();
  ctx.writeStrings(g.get(), at + "/skeleton/names", schema::kNames, s.names);
  ctx.writeIntAttribute(g.get(), at + "/skeleton", schema::kMotionRoot, s.motionRoot);

  Handle parents =
      ctx.createDataset(g.get(), at + "/skeleton/parents", schema::kParents, H5T_STD_I32LE, {j}, 0);
  ctx.writeRows(parents.get(), at + "/skeleton/parents", H5T_NATIVE_INT, 0, j, s.parents.data());

  Handle offsets = ctx.createDataset(g.get(), at + "/skeleton/rest_offsets", schema::kRestOffsets,
                                     H5T_IEEE_F64LE, {j, 3}, 0);
  ctx.writeRows(offsets.get(), at + "/skeleton/rest_offsets", H5T_NATIVE_DOUBLE, 0, j,
                s.restOffsets.data());

  std::vector<std::uint8_t> animated(s.animatedTranslation.begin(), s.animatedTranslation.end());
  Handle anim = ctx.createDataset(g.get(), at + "/skeleton/animated_translation", schema::kAnimatedTranslation,
                                  H5T_STD_U8LE, {j}, 0);
  ctx.writeRows(anim.get(), at + "/skeleton/animated_translation", H5T_NATIVE_UINT8, 0, j,
                animated.data());

  std::vector<int> endParents;
  std::vector<Vec3> endOffsets;
  for (const EndSite& site : s.endSites) {
    endParents.push_back(site.parent);
    endOffsets.push_back(site.offset);
  }
  Handle ep = ctx.createDataset(g.get(), at + "/skeleton/end_site_parents", schema::kEndSiteParents,
                                H5T_STD_I32LE, {e}, 0);
  ctx.writeRows(ep.get(), at + "/skeleton/end_site_parents", H5T_NATIVE_INT, 0, e, endParents.data());
  Handle eo = ctx.createDataset(g.get(), at + "/skeleton/end_site_offsets", schema::kEndSiteOffsets,
                                H5T_IEEE_F64LE, {e, 3}, 0);
  ctx.writeRows(eo.get(), at + "/skeleton/end_site_offsets", H5T_NATIVE_DOUBLE, 0, e, endOffsets.data());
}

void writeClip(const Context& ctx, hid_t clips, const std::string& name, const Clip& clip, const std::string& at) {
  const std::string object = at + "/clips/" + name;
  Handle g = ctx.createGroup(clips, name, object);
  ctx.writeStringAttribute(g.get(), object, schema::kName, clip.name);
  ctx.writeStringAttribute(g.get(), object, schema::kSource, clip.source);
  ctx.writeDoubleAttribute(g.get(), object, schema::kFps, clip.fps);
  ctx.writeDoubleAttribute(g.get(), object, schema::kSourceFps, clip.sourceFps);
  ctx.writeIntAttribute(g.get(), object, schema::kSourceFirstFrame, clip.sourceFirstFrame);
  if (clip.generated) writeTransitionOrigin(ctx, g.get(), object, *clip.generated);

  const hsize_t f = static_cast<hsize_t>(clip.frameCount());
  const hsize_t j = static_cast<hsize_t>(clip.jointCount);
  // About 256 KiB of rotations per chunk: large enough to compress well, small enough for
  // HDF5's default 1 MiB chunk cache.
  const hsize_t chunkFrames = std::max<hsize_t>(1, (256 * 1024) / (j * 4 * sizeof(double)));

  const std::string rotObject = object + "/rotations";
  Handle rot =
      ctx.createDataset(g.get(), rotObject, schema::kRotations, H5T_IEEE_F64LE, {f, j, 4}, chunkFrames);
  // Eigen stores (x, y, z, w); the file stores (w, x, y, z). Reorder a block at a time so
  // memory stays bounded for long clips.
  const hsize_t blockFrames = chunkFrames * 16;
  std::vector<double> buf;
  for (hsize_t first = 0; first < f; first += blockFrames) {
    const hsize_t count = std::min(blockFrames, f - first);
    buf.resize(count * j * 4);
    const Quat* q = clip.rotations.data() + first * j;
    for (size_t i = 0; i < count * j; ++i) {
      buf[4 * i + 0] = q[i].w();
      buf[4 * i + 1] = q[i].x();
      buf[4 * i + 2] = q[i].y();
      buf[4 * i + 3] = q[i].z();
    }
    ctx.writeRows(rot.get(), rotObject, H5T_NATIVE_DOUBLE, first, count, buf.data());
  }

  const std::string transObject = object + "/translations";
  Handle trans = ctx.createDataset(g.get(), transObject, schema::kTranslations, H5T_IEEE_F64LE, {f, j, 3},
                                   chunkFrames);
  ctx.writeRows(trans.get(), transObject, H5T_NATIVE_DOUBLE, 0, f, clip.translations.data());
}

namespace {

const char* linkageName(Linkage linkage) {
  return linkage == Linkage::Single ? "single" : "complete";
}

void writeSettings(const Context& ctx, hid_t file, const GraphSettings& s) {
  Handle g = ctx.createGroup(file, schema::kSettings, "/settings");
  ctx.writeDoubleAttribute(g.get(), "/settings", schema::kFps, s.fps);
  ctx.writeIntAttribute(g.get(), "/settings", schema::kWindow, s.window);
  ctx.writeStringAttribute(g.get(), "/settings", schema::kLinkage, linkageName(s.linkage));
  ctx.writeDataset(g.get(), "/settings/joint_weights", schema::kJointWeights, H5T_IEEE_F64LE,
                   {s.jointWeights.size()}, 0, H5T_NATIVE_DOUBLE, s.jointWeights.data());
}

void writeDistances(const Context& ctx, hid_t file, const DistanceCache& cache) {
  const DistanceScan& scan = cache.scan;
  Handle g = ctx.createGroup(file, schema::kDistances, "/distances");
  ctx.writeStringAttribute(g.get(), "/distances", schema::kFingerprint, cache.fingerprint);
  ctx.writeIntAttribute(g.get(), "/distances", schema::kFrames, scan.frames);
  ctx.writeIntAttribute(g.get(), "/distances", schema::kWindow, scan.window);
  ctx.writeIntAttribute(g.get(), "/distances", schema::kHeatSize, scan.heatSize);
  ctx.writeIntAttribute(g.get(), "/distances", schema::kHeatStride, scan.heatStride);
  ctx.writeDoubleAttribute(g.get(), "/distances", schema::kSeconds, scan.seconds);
  const auto size = static_cast<hsize_t>(scan.heatSize);
  // About 256 KiB per chunk; NaN blocks and small counts compress well.
  ctx.writeDataset(g.get(), "/distances/heat", schema::kHeat, H5T_IEEE_F32LE, {size, size},
                   std::max<hsize_t>(1, 65536 / std::max<hsize_t>(1, size)), H5T_NATIVE_FLOAT,
                   scan.heat.data());
  const auto bins = static_cast<hsize_t>(DistanceHistogram::kBins);
  ctx.writeDataset(g.get(), "/distances/minima_bins", schema::kMinimaBins, H5T_STD_U16LE,
                   {static_cast<hsize_t>(scan.frames), bins}, 1024, H5T_NATIVE_UINT16,
                   scan.minimaBins.data());
  ctx.writeDataset(g.get(), "/distances/all_bins", schema::kAllBins, H5T_STD_U64LE, {bins}, 0,
                   H5T_NATIVE_UINT64, scan.allBins.data());
}

void writeThreshold(const Context& ctx, hid_t g, const ThresholdNames& names, const ThresholdChoice& t) {
  ctx.writeDoubleAttribute(g, "/graph", names.rms, t.rms);
  ctx.writeBoolAttribute(g, "/graph", names.automatic, t.automatic);
  ctx.writeStringAttribute(g, "/graph", names.method, t.method);
}

void writeSegments(const Context& ctx, hid_t g, const char* name,
                   const std::vector<Segment>& segments) {
  std::vector<std::int32_t> rows;
  rows.reserve(segments.size() * 5);
  for (const Segment& s : segments) {
    rows.insert(rows.end(), {s.clip, s.first, s.last, s.fromHub, s.toHub});
  }
  ctx.writeDataset(g, std::string("/graph/") + name, name, H5T_STD_I32LE, {segments.size(), 5}, 0,
                   H5T_NATIVE_INT32, rows.data());
}

void writeHub(const Context& ctx, hid_t hubs, const std::string& name, const Hub& hub) {
  const std::string object = "/graph/hubs/" + name;
  Handle g = ctx.createGroup(hubs, name, object);
  ctx.writeStringAttribute(g.get(), object, schema::kName, hub.name);
  ctx.writeIntAttribute(g.get(), object, schema::kClip, hub.frame.clip);
  ctx.writeIntAttribute(g.get(), object, schema::kFrame, hub.frame.frame);
  std::vector<std::int32_t> rows;
  rows.reserve(hub.matchSet.size() * 2);
  for (const FrameRef& f : hub.matchSet) rows.insert(rows.end(), {f.clip, f.frame});
  ctx.writeDataset(g.get(), object + "/match_set", schema::kMatchSet, H5T_STD_I32LE,
                   {hub.matchSet.size(), 2}, 0, H5T_NATIVE_INT32, rows.data());
}

void writeFatEdge(const Context& ctx, hid_t edges, const std::string& name, const FatEdge& edge) {
  const std::string object = "/graph/fat_edges/" + name;
  Handle g = ctx.createGroup(edges, name, object);
  ctx.writeStringAttribute(g.get(), object, schema::kName, edge.name);
  ctx.writeIntAttribute(g.get(), object, schema::kFromHub, edge.fromHub);
  ctx.writeIntAttribute(g.get(), object, schema::kToHub, edge.toHub);
  ctx.writeIntAttribute(g.get(), object, schema::kReference, edge.reference);
  ctx.writeDataset(g.get(), object + "/segments", schema::kSegments, H5T_STD_I32LE,
                   {edge.segments.size()}, 0, H5T_NATIVE_INT, edge.segments.data());
  // Member i's knots are warp_from/warp_to[warp_offsets[i] : warp_offsets[i + 1]]; no warps
  // (not computed yet) is an empty warp_offsets.
  std::vector<std::int32_t> offsets;
  std::vector<double> from, to;
  if (!edge.warps.empty()) {
    offsets.push_back(0);
    for (const WarpMap& w : edge.warps) {
      from.insert(from.end(), w.from.begin(), w.from.end());
      to.insert(to.end(), w.to.begin(), w.to.end());
      offsets.push_back(static_cast<std::int32_t>(from.size()));
    }
  }
  ctx.writeDataset(g.get(), object + "/warp_offsets", schema::kWarpOffsets, H5T_STD_I32LE,
                   {offsets.size()}, 0, H5T_NATIVE_INT32, offsets.data());
  ctx.writeDataset(g.get(), object + "/warp_from", schema::kWarpFrom, H5T_IEEE_F64LE, {from.size()}, 0,
                   H5T_NATIVE_DOUBLE, from.data());
  ctx.writeDataset(g.get(), object + "/warp_to", schema::kWarpTo, H5T_IEEE_F64LE, {to.size()}, 0,
                   H5T_NATIVE_DOUBLE, to.data());
}

// Per hub-to-hub group: where its members start, the members, then every group's pairs
// (docs/PROJECT_FORMAT.md); the pairs are chunked and compressed like the other large data.
void writeSegmentDistances(const Context& ctx, hid_t g, const GroupedSegmentDistances& d) {
  const std::vector<int>& offsets = d.memberOffsets();
  ctx.writeDataset(g, "/graph/segment_group_offsets", schema::kSegmentGroupOffsets, H5T_STD_I32LE, {offsets.size()}, 0,
                   H5T_NATIVE_INT, offsets.data());
  const std::vector<int>& members = d.memberList();
  ctx.writeDataset(g, "/graph/segment_group_members", schema::kSegmentGroupMembers, H5T_STD_I32LE, {members.size()}, 0,
                   H5T_NATIVE_INT, members.data());
  const std::vector<double>& pairs = d.pairValues();
  ctx.writeDataset(g, "/graph/segment_pair_distances", schema::kSegmentPairDistances, H5T_IEEE_F64LE, {pairs.size()},
                   32768, H5T_NATIVE_DOUBLE, pairs.data());
}

void writeGraph(const Context& ctx, hid_t file, const MotionGraph& graph) {
  Handle g = ctx.createGroup(file, schema::kGraph, "/graph");
  writeThreshold(ctx, g.get(), kHubThresholdNames, graph.hubThreshold);
  writeThreshold(ctx, g.get(), kEdgeThresholdNames, graph.edgeThreshold);
  {
    Handle hubs = ctx.createGroup(g.get(), schema::kHubs, "/graph/hubs");
    for (size_t h = 0; h < graph.hubs.size(); ++h) {
      writeHub(ctx, hubs.get(), clipGroupName(h), graph.hubs[h]);
    }
  }
  writeSegments(ctx, g.get(), schema::kSegments, graph.segments);
  writeSegments(ctx, g.get(), schema::kEntries, graph.entries);
  writeSegments(ctx, g.get(), schema::kExits, graph.exits);
  ctx.writeStrings(g.get(), "/graph/cut_notes", schema::kCutNotes, graph.cutNotes);

  writeSegmentDistances(ctx, g.get(), graph.segmentDistances);

  Handle edges = ctx.createGroup(g.get(), schema::kFatEdges, "/graph/fat_edges");
  for (size_t e = 0; e < graph.fatEdges.size(); ++e) {
    writeFatEdge(ctx, edges.get(), clipGroupName(e), graph.fatEdges[e]);
  }
}

}  // namespace

std::string clipGroupName(size_t index) { return h5::numberedGroupName(index); }

void write(const Context& ctx, hid_t file, const Project& project,
           const ProjectSaveOptions& options) {
  ctx.writeStringAttribute(file, "/", schema::kFileType, kFileTypeValue);
  ctx.writeIntAttribute(file, "/", schema::kFormatVersion, kProjectFormatVersion);
  ctx.writeStringAttribute(file, "/", schema::kGenerator, h5::kGenerator);
  writeSkeleton(ctx, file, project.skeleton, "");
  if (options.afterGroupWritten) options.afterGroupWritten("/skeleton");
  Handle clips = ctx.createGroup(file, schema::kClips, "/clips");
  for (size_t i = 0; i < project.clips.size(); ++i) {
    const std::string name = clipGroupName(i);
    writeClip(ctx, clips.get(), name, project.clips[i], "");
    if (options.afterGroupWritten) options.afterGroupWritten("/clips/" + name);
  }
  clips.reset();
  writeSettings(ctx, file, project.settings);
  if (options.afterGroupWritten) options.afterGroupWritten("/settings");
  if (writesDistanceCache(project)) {
    writeDistances(ctx, file, project.distances);
    if (options.afterGroupWritten) options.afterGroupWritten("/distances");
  }
  if (writesGraph(project.graph)) {
    writeGraph(ctx, file, project.graph);
    if (options.afterGroupWritten) options.afterGroupWritten("/graph");
  }
  ctx.writeStrings(file, "/edits", schema::kEdits, project.edits);
  if (options.afterGroupWritten) options.afterGroupWritten("/edits");
  if (writesParameterization(project)) {
    writeParameterization(ctx, file, project);
    if (options.afterGroupWritten) options.afterGroupWritten("/parameterization");
  }
  writeLegs(ctx, file, project);
  writeCharacter(ctx, file, project);
  writeRetarget(ctx, file, project);
  writeLocomotion(ctx, file, project);
  writeChoices(ctx, file, project);
}

}  // namespace fatgraph::project_file
