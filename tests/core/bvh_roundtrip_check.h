#pragma once
// Shared by the round-trip tests: import -> export -> import and compare world positions.


#include <algorithm>
#include <string>
#include <vector>

#include "fatgraph/core/io/bvh_export.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/forward_kinematics.h"

namespace fatgraph::test {

struct RoundTripResult {
  std::string error;        // empty on success
  double maxErrorM = 0.0;   // largest joint or end-site position difference, metres
  int frames = 0;
};

inline double maxPositionDifference(const Skeleton& sa, const Clip& a, const Skeleton& sb,
                                    const Clip& b) {
  const int n = sa.jointCount();
  std::vector<Quat> ra(n), rb(n);
  std::vector<Vec3> xa(n), xb(n), ea(sa.endSites.size()), eb(sb.endSites.size());
  double worst = 0.0;
  for (int f = 0; f < a.frameCount(); ++f) {
    clipFrameToModel(sa, a, f, ra, xa);
    clipFrameToModel(sb, b, f, rb, xb);
    endSitePositions(sa, ra, xa, ea);
    endSitePositions(sb, rb, xb, eb);
    for (int j = 0; j < n; ++j) worst = std::max(worst, (xa[j] - xb[j]).norm());
    for (size_t e = 0; e < ea.size(); ++e) worst = std::max(worst, (ea[e] - eb[e]).norm());
  }
  return worst;
}

inline RoundTripResult roundTrip(const std::string& path) {
  RoundTripResult out;
  BvhImportOptions keepAll;
  keepAll.dropReferencePose = false;
  const BvhImport first = importBvh(path, keepAll);
  const std::string text = writeBvh(first.skeleton, first.clip);
  BvhImportOptions metres = keepAll;
  metres.units = BvhUnits::Metres;
  const BvhImport second = parseBvh(text, path + " (exported)", metres);
  if (!second.skeleton.sameTopology(first.skeleton)) {
    out.error = "hierarchy changed";
  } else if (second.skeleton.endSites.size() != first.skeleton.endSites.size()) {
    out.error = "end sites changed";
  } else if (second.clip.frameCount() != first.clip.frameCount()) {
    out.error = "frame count changed";
  } else if (std::abs(second.clip.fps - first.clip.fps) > 1e-6) {
    out.error = "frame rate changed";
  } else {
    out.maxErrorM = maxPositionDifference(first.skeleton, first.clip, second.skeleton, second.clip);
    // Re-detection on the exported file gives metres: the unit survives the round trip.
    const BvhImport auto3 = parseBvh(text, path + " (exported)", keepAll);
    if (auto3.units != BvhUnits::Metres) out.error = "exported file not detected as metres";
  }
  out.frames = first.clip.frameCount();
  return out;
}

}  // namespace fatgraph::test
