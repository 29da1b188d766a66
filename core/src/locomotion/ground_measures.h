#pragma once
// Internal to locomotion/: how the motion contacts (motion_contacts.cpp) and the playback
// metrics (play_metrics.cpp) measure a point against the ground. Metres, Y up.
#include <cmath>

#include "fatgraph/core/model/quaternion.h"
#include "fatgraph/runtime/terrain.h"

namespace fatgraph::ground {

/// The terrain's height under `p` (x, z); null terrain is flat ground at y = 0.
inline double groundHeight(const Heightfield* terrain, const Vec3& p) {
  return terrain ? double(terrain->height(float(p.x()), float(p.z()))) : 0.0;
}

/// The distance between `a` and `b` on the ground plane (x, z), heights left out.
inline double horizontalDistance(const Vec3& a, const Vec3& b) { return std::hypot(a.x() - b.x(), a.z() - b.z()); }

}  // namespace fatgraph::ground
