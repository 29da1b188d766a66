#pragma once
// Bitwise comparison of two motion graphs (hubs, segments, fat edges with their warps, the
// segment distance matrix, every parameterization), for the tests that prove a build spread
// over processes equals the one-process build. Bitwise, so no tolerance can hide a difference.
#include <Eigen/Core>
#include <cstring>
#include <string>
#include <vector>

#include "fatgraph/core/model/motion_graph.h"
#include "scan_identity.h"

namespace fatgraph::test {

template <typename Derived>
bool sameMatrixBits(const Eigen::DenseBase<Derived>& a, const Eigen::DenseBase<Derived>& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return false;
  const typename Derived::PlainObject pa = a, pb = b;
  return pa.size() == 0 || std::memcmp(pa.data(), pb.data(), sizeof(typename Derived::Scalar) * pa.size()) == 0;
}

template <typename V>
bool sameVectorsBits(const std::vector<V>& a, const std::vector<V>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!sameMatrixBits(a[i], b[i])) return false;
  }
  return true;
}

inline bool sameAccuracy(const ParameterAccuracy& a, const ParameterAccuracy& b) {
  const double va[5] = {double(a.targets), a.median3d, a.p95_3d, a.medianPlane, a.p95Plane};
  const double vb[5] = {double(b.targets), b.median3d, b.p95_3d, b.medianPlane, b.p95Plane};
  return std::memcmp(va, vb, sizeof va) == 0;
}

/// Empty when identical, else the first field that differs.
inline std::string parameterizationDifference(const EdgeParameterization& a, const EdgeParameterization& b) {
  if (a.edge != b.edge || a.joint != b.joint || a.jointReason != b.jointReason) return "edge, joint or reason";
  if (std::memcmp(&a.referenceTime, &b.referenceTime, sizeof(double)) != 0) return "reference time";
  if (a.jointAutomatic != b.jointAutomatic || a.timeAutomatic != b.timeAutomatic) return "automatic flags";
  if (!sameVectorsBits(a.sampleWeights, b.sampleWeights)) return "sample weights";
  if (!sameVectorsBits(a.samplePositions, b.samplePositions)) return "sample positions";
  const ParameterPlane &pa = a.plane, &pb = b.plane;
  if (pa.dimension != pb.dimension || pa.reason != pb.reason || pa.steep != pb.steep ||
      !sameMatrixBits(pa.centroid, pb.centroid) || !sameMatrixBits(pa.normal, pb.normal) ||
      !sameMatrixBits(pa.xAxis, pb.xAxis) || !sameMatrixBits(pa.yAxis, pb.yAxis) ||
      !sameMatrixBits(pa.spread, pb.spread) || std::memcmp(&pa.tiltDegrees, &pb.tiltDegrees, sizeof(double)) != 0 ||
      !sameVectorsBits(pa.projected, pb.projected)) {
    return "plane";
  }
  const WeightTriangulation &ta = a.triangulation, &tb = b.triangulation;
  if (ta.dimension != tb.dimension || ta.reason != tb.reason || ta.segmentCount != tb.segmentCount ||
      !sameVectorsBits(ta.sites, tb.sites) || !sameVectorsBits(ta.weights, tb.weights) ||
      ta.siteOfPoint != tb.siteOfPoint || ta.triangles != tb.triangles || ta.hull != tb.hull) {
    return "triangulation";
  }
  const WeightGrid &ga = a.grid, &gb = b.grid;
  if (ga.resolution != gb.resolution || ga.segmentCount != gb.segmentCount || !sameMatrixBits(ga.minCorner, gb.minCorner) ||
      !sameMatrixBits(ga.maxCorner, gb.maxCorner) || !sameBits(ga.weights, gb.weights)) {
    return "weight grid";
  }
  if (a.refined != b.refined || !sameAccuracy(a.plain, b.plain) || !sameAccuracy(a.achieved, b.achieved)) {
    return "accuracy";
  }
  if (!sameBits(a.vertexError, b.vertexError)) return "vertex errors";
  if (a.notes != b.notes) return "notes";
  const ParameterizationSettings &sa = a.settings, &sb = b.settings;
  if (sa.samples != sb.samples || sa.grid != sb.grid || sa.refine != sb.refine || sa.seed != sb.seed) return "settings";
  return {};
}

/// Empty when identical, else the first part that differs.
inline std::string graphDifference(const MotionGraph& a, const MotionGraph& b) {
  if (a.hubThreshold.rms != b.hubThreshold.rms || a.edgeThreshold.rms != b.edgeThreshold.rms) return "thresholds";
  if (a.hubs.size() != b.hubs.size()) return "hub count";
  for (size_t h = 0; h < a.hubs.size(); ++h) {
    if (a.hubs[h].name != b.hubs[h].name || !(a.hubs[h].frame == b.hubs[h].frame) ||
        a.hubs[h].matchSet != b.hubs[h].matchSet) {
      return "hub " + std::to_string(h);
    }
  }
  if (a.segments != b.segments || a.entries != b.entries || a.exits != b.exits) return "segments";
  if (a.fatEdges.size() != b.fatEdges.size()) return "fat edge count";
  for (size_t e = 0; e < a.fatEdges.size(); ++e) {
    const FatEdge &fa = a.fatEdges[e], &fb = b.fatEdges[e];
    bool same = fa.name == fb.name && fa.fromHub == fb.fromHub && fa.toHub == fb.toHub &&
                fa.segments == fb.segments && fa.reference == fb.reference && fa.warps.size() == fb.warps.size();
    for (size_t w = 0; same && w < fa.warps.size(); ++w) {
      same = sameBits(fa.warps[w].from, fb.warps[w].from) && sameBits(fa.warps[w].to, fb.warps[w].to);
    }
    if (!same) return "fat edge " + std::to_string(e);
  }
  if (a.segmentDistances.memberOffsets() != b.segmentDistances.memberOffsets() ||
      a.segmentDistances.memberList() != b.segmentDistances.memberList() ||
      !sameBits(a.segmentDistances.pairValues(), b.segmentDistances.pairValues())) {
    return "segment distances";
  }
  if (a.parameterizations.size() != b.parameterizations.size()) return "parameterization count";
  for (size_t e = 0; e < a.parameterizations.size(); ++e) {
    const std::string d = parameterizationDifference(a.parameterizations[e], b.parameterizations[e]);
    if (!d.empty()) return "parameterization " + std::to_string(e) + ": " + d;
  }
  return {};
}

}  // namespace fatgraph::test
