// partVertexWeights: a vertex follows its part's joint, and near either end of the bone blends
// toward the joint across that end. With s the distance along the bone (0 at its start, L at
// its end) and w the blend half-width there (about the part's radius),
//   parent weight = 1 - smoothstep(-w_start, w_start, s),
//   child weight  = smoothstep(L - w_end, L + w_end, s),
//   own weight    = 1 - parent - child,
// so a ring at a joint is half one bone, half the other, on both parts that meet there (the
// two tubes move together), and the weight changes smoothly over a radius each side. Spreading
// the bend over that zone rather than one ring is what keeps a 90 degree knee from pinching:
// the ring at the joint turns by half the angle and keeps cos(45 deg) ~ 71% of its radius in
// the bend plane, the rest of the zone more. The zones never reach the bone's middle, so a
// vertex has at most three influences, all >= 0 and summing to 1.
#include <algorithm>

#include "fatgraph/core/body/body_parts.h"

namespace fatgraph::body {

namespace {

double smoothstep(double lo, double hi, double x) {
  if (!(hi > lo)) return x < lo ? 0.0 : 1.0;
  const double t = std::clamp((x - lo) / (hi - lo), 0.0, 1.0);
  return t * t * (3 - 2 * t);
}

}  // namespace

void partVertexWeights(const RestGeometry& rest, const PartPlan& plan, double axial,
                       std::array<std::uint16_t, kMaxSkinInfluences>& joints,
                       std::array<float, kMaxSkinInfluences>& weights) {
  const Bone& bone = rest.bones[plan.bone];
  const double parent =
      plan.startPartner >= 0 ? 1 - smoothstep(-plan.blendStart, plan.blendStart, axial) : 0.0;
  const double child = plan.endPartner >= 0
                           ? smoothstep(bone.length - plan.blendEnd, bone.length + plan.blendEnd, axial)
                           : 0.0;
  joints = {static_cast<std::uint16_t>(bone.joint), 0, 0, 0};
  weights = {0, 0, 0, 0};
  int used = 1;
  auto add = [&](int joint, double w) {
    if (w <= 0) return;
    joints[used] = static_cast<std::uint16_t>(joint);
    weights[used] = static_cast<float>(w);
    ++used;
  };
  add(plan.startPartner, parent);
  add(plan.endPartner, child);
  // Float rounding: make the sum exactly what the own weight leaves.
  weights[0] = std::max(0.0f, 1.0f - weights[1] - weights[2]);
  const float sum = weights[0] + weights[1] + weights[2];
  for (float& w : weights) w /= sum;
}

}  // namespace fatgraph::body
