// Unit guessing and reference-pose detection for imported motion.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>
#include <vector>

#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/model/statistics.h"

namespace fatgraph {

double unitScale(BvhUnits units) {
  switch (units) {
    case BvhUnits::Metres: return 1.0;
    case BvhUnits::Centimetres: return 0.01;
    case BvhUnits::CmuUnits: return 0.0254 / 0.45;  // 1/0.45 inch (CMU mocap FAQ)
    case BvhUnits::Inches: return 0.0254;
    case BvhUnits::Millimetres: return 0.001;
    case BvhUnits::Auto: break;
  }
  return 1.0;
}

std::string_view unitName(BvhUnits units) {
  switch (units) {
    case BvhUnits::Metres: return "m";
    case BvhUnits::Centimetres: return "cm";
    case BvhUnits::CmuUnits: return "cmu";
    case BvhUnits::Inches: return "in";
    case BvhUnits::Millimetres: return "mm";
    case BvhUnits::Auto: break;
  }
  return "auto";
}

bool parseUnitName(std::string_view name, BvhUnits& out) {
  for (BvhUnits u : {BvhUnits::Auto, BvhUnits::Metres, BvhUnits::Centimetres, BvhUnits::CmuUnits,
                     BvhUnits::Inches, BvhUnits::Millimetres}) {
    if (unitName(u) == name) { out = u; return true; }
  }
  return false;
}

BvhUnits detectUnits(const Skeleton& skeleton, double* extentOut) {
  const Pose rest = Pose::rest(skeleton);
  const int n = skeleton.jointCount();
  std::vector<Quat> rot(n);
  std::vector<Vec3> pos(n);
  localToModel(skeleton, rest.rotations, rest.translations, rot, pos);
  std::vector<Vec3> ends(skeleton.endSites.size());
  endSitePositions(skeleton, rot, pos, ends);
  Vec3 lo = Vec3::Constant(std::numeric_limits<double>::max());
  Vec3 hi = -lo;
  for (const auto* list : {&pos, &ends}) {
    for (const Vec3& p : *list) {
      lo = lo.cwiseMin(p);
      hi = hi.cwiseMax(p);
    }
  }
  const double extent = n > 0 ? (hi - lo).maxCoeff() : 0.0;
  if (extentOut) *extentOut = extent;
  if (extent <= 4.0) return BvhUnits::Metres;
  if (extent <= 60.0) return BvhUnits::CmuUnits;
  if (extent <= 600.0) return BvhUnits::Centimetres;
  return BvhUnits::Millimetres;
}

BvhUnits detectUnitsFromMotion(const Skeleton& skeleton, const Clip& clip, double* extentOut) {
  // The body's height over the take (the larger of its median extents along Y and Z, a still
  // bone left out), in file units. Joints only: the head's end site is left out, so a human
  // measures about 0.75 of its height.
  const UpAxisDecision body = detectUpAxis(skeleton, clip);
  const double height = std::max(body.extentY, body.extentZ);
  if (!(height > 0.0)) return detectUnits(skeleton, extentOut);
  if (extentOut) *extentOut = height;
  if (height <= 5.0) return BvhUnits::Metres;        // a 1.1-1.5 m body
  if (height <= 35.0) return BvhUnits::CmuUnits;     // 20-27 units
  if (height <= 85.0) return BvhUnits::Inches;       // 45-60 in
  if (height <= 850.0) return BvhUnits::Centimetres; // 110-150 cm
  return BvhUnits::Millimetres;
}

ReferencePoseCheck detectReferencePose(const Clip& clip) {
  ReferencePoseCheck out;
  const int frames = clip.frameCount();
  if (frames < 3 || clip.jointCount == 0) return out;  // nothing to compare the change against
  // Largest and mean joint rotation change (degrees) from frame f to f + 1.
  auto change = [&](int f, double& largest) {
    const auto a = clip.frameRotations(f);
    const auto b = clip.frameRotations(f + 1);
    double sum = 0.0;
    largest = 0.0;
    for (int j = 0; j < clip.jointCount; ++j) {
      const double d = angleBetween(a[j], b[j]) * 180.0 / std::numbers::pi;
      sum += d;
      largest = std::max(largest, d);
    }
    return sum / clip.jointCount;
  };
  out.meanJumpDeg = change(0, out.jumpDeg);
  std::vector<double> later;
  const int stride = std::max(1, (frames - 1) / 2000);  // enough pairs for a percentile
  double unused = 0.0;
  for (int f = 1; f + 1 < frames; f += stride) later.push_back(change(f, unused));
  out.typicalDeg = percentileLower(std::move(later), 0.99);
  // A separately recorded reference pose changes many joints at once by tens of degrees (the
  // CMU files: a mean of 9-33 deg over all joints), while captured motion changes the mean by
  // a few degrees per frame at most. The mean is used because single joints of real motion
  // flip by up to 180 deg between frames (gimbal-prone wrists and fingers), which would hide
  // the reference pose behind a per-joint maximum.
  out.detected = out.jumpDeg > 30.0 && out.meanJumpDeg > 3.0 && out.meanJumpDeg > 4.0 * out.typicalDeg;
  return out;
}

}  // namespace fatgraph
