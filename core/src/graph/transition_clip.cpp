// One generated transition clip (generated_transitions.h): two clips' frames blended over the
// blend, the motion root's ground velocity and turning rate blended and integrated.
#include <algorithm>
#include <cmath>

#include "fatgraph/core/graph/generated_transitions.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/model/forward_kinematics.h"

namespace fatgraph {
namespace {

// Where the motion root stands on the ground and which way it faces (a yaw about +Y).
struct Ground {
  Vec3 position = Vec3::Zero();  // y = 0
  double yaw = 0.0;
  RigidTransform transform() const { return {yawRotation(yaw), position}; }
};

// One frame's travel carriers (travelCarriers: the motion root, IK feet beside the body) in
// the frame of the motion root's ground, and that ground.
struct CarriedFrame {
  Ground ground;
  std::vector<RigidTransform> carriers;  // parallel to the carrier list
};

CarriedFrame carriedFrame(const Skeleton& skeleton, const std::vector<int>& carriers, const Clip& clip, int frame) {
  const size_t n = static_cast<size_t>(skeleton.jointCount());
  std::vector<Quat> rotations(n);
  std::vector<Vec3> positions(n);
  clipFrameToModel(skeleton, clip, frame, rotations, positions);
  const size_t m = static_cast<size_t>(skeleton.motionRoot);
  CarriedFrame out;
  out.ground.position = {positions[m].x(), 0.0, positions[m].z()};
  out.ground.yaw = headingYaw(rotations[m]);
  const RigidTransform toGround = out.ground.transform().inverse();
  for (int c : carriers) {
    out.carriers.push_back(toGround * RigidTransform{rotations[static_cast<size_t>(c)], positions[static_cast<size_t>(c)]});
  }
  return out;
}

// The step from one frame's ground to the next, in the frame of the first: the ground
// displacement and the turn.
struct GroundStep {
  Vec3 displacement = Vec3::Zero();
  double turn = 0.0;
};

GroundStep groundStep(const Ground& a, const Ground& b) {
  return {yawRotation(-a.yaw) * (b.position - a.position), wrapAngle(b.yaw - a.yaw)};
}

// The blend weight at t in [0, 1]: smoothstep, so the blend starts and ends with zero rate.
double blendWeight(double t) {
  t = std::clamp(t, 0.0, 1.0);
  return t * t * (3.0 - 2.0 * t);
}

// Sets the carriers' local transforms in `pose` so their model transforms are `ground` applied
// to `relative` (their parents, the motion root's ancestors, are not carriers).
void placeCarriers(const Skeleton& skeleton, const std::vector<int>& carriers, Pose& pose, const Ground& ground,
                   const std::vector<RigidTransform>& relative) {
  const size_t n = static_cast<size_t>(skeleton.jointCount());
  std::vector<Quat> rotations(n);
  std::vector<Vec3> positions(n);
  localToModel(skeleton, pose.rotations, pose.translations, rotations, positions);
  const RigidTransform placed = ground.transform();
  for (size_t k = 0; k < carriers.size(); ++k) {
    const size_t c = static_cast<size_t>(carriers[k]);
    const int parent = skeleton.parents[c];
    const RigidTransform parentModel =
        parent >= 0 ? RigidTransform{rotations[static_cast<size_t>(parent)], positions[static_cast<size_t>(parent)]}
                    : RigidTransform{};
    const RigidTransform local = parentModel.inverse() * placed * relative[k];
    pose.rotations[c] = local.rotation.normalized();
    pose.translations[c] = local.translation;
  }
}

void checkRange(const Clip& clip, int first, int last, const std::string& what) {
  if (first < 0 || last >= clip.frameCount() || first > last) {
    throw Error("generated transition: " + what + " needs frames " + std::to_string(first) + ".." +
                std::to_string(last) + " of clip '" + clip.name + "', which has " +
                std::to_string(clip.frameCount()));
  }
}

}  // namespace

Clip makeTransitionClip(const Skeleton& skeleton, const Clip& from, const Clip& to,
                        const TransitionOrigin& origin, const std::string& name) {
  const int lead = origin.leadFrames;
  const int blend = origin.blendFrames;
  if (blend < 1 || lead < 0) throw Error("generated transition: a blend of at least one frame is needed");
  const int i = origin.fromFrame;
  const int j = origin.toFrame;
  checkRange(from, i - lead, i + blend, "leaving");
  checkRange(to, j - blend, j + lead, "arriving");

  Clip out;
  out.name = name;
  out.fps = from.fps;
  out.sourceFps = from.fps;
  out.jointCount = from.jointCount;
  out.generated = origin;
  for (int f = i - lead; f <= i; ++f) out.appendPose(from.pose(f));

  // The blend: joints by slerp and lerp; the travel carriers in their ground frames, the
  // ground moved by the blended steps from where `from` stands at the hub (so the first
  // blended frame is from's own frame).
  const std::vector<int> carriers = travelCarriers(skeleton);
  CarriedFrame fromPrev = carriedFrame(skeleton, carriers, from, i);
  CarriedFrame toPrev = carriedFrame(skeleton, carriers, to, j - blend);
  Ground ground = fromPrev.ground;
  std::vector<RigidTransform> relative(carriers.size());
  for (int t = 1; t <= blend; ++t) {
    const CarriedFrame fromNext = carriedFrame(skeleton, carriers, from, i + t);
    const CarriedFrame toNext = carriedFrame(skeleton, carriers, to, j - blend + t);
    const double wStep = blendWeight((t - 0.5) / blend);
    const GroundStep a = groundStep(fromPrev.ground, fromNext.ground);
    const GroundStep b = groundStep(toPrev.ground, toNext.ground);
    ground.position += yawRotation(ground.yaw) * ((1.0 - wStep) * a.displacement + wStep * b.displacement);
    ground.yaw = wrapAngle(ground.yaw + (1.0 - wStep) * a.turn + wStep * b.turn);
    const double w = blendWeight(static_cast<double>(t) / blend);
    for (size_t k = 0; k < carriers.size(); ++k) {
      const RigidTransform& ra = fromNext.carriers[k];
      const RigidTransform& rb = toNext.carriers[k];
      relative[k] = {slerp(ra.rotation, rb.rotation, w), (1.0 - w) * ra.translation + w * rb.translation};
    }
    const Pose pa = from.pose(i + t);
    const Pose pb = to.pose(j - blend + t);
    Pose p = pa;
    for (size_t k = 0; k < p.rotations.size(); ++k) {
      p.rotations[k] = slerp(pa.rotations[k], pb.rotations[k], w);
      p.translations[k] = (1.0 - w) * pa.translations[k] + w * pb.translations[k];
    }
    placeCarriers(skeleton, carriers, p, ground, relative);
    out.appendPose(p);
    fromPrev = fromNext;
    toPrev = toNext;
  }

  // After the blend, `to` moved rigidly on the ground so its arrival frame stands where the
  // blend arrived.
  const Ground arrival = carriedFrame(skeleton, carriers, to, j).ground;
  for (int f = j + 1; f <= j + lead; ++f) {
    const CarriedFrame next = carriedFrame(skeleton, carriers, to, f);
    Ground moved;
    moved.yaw = wrapAngle(ground.yaw + next.ground.yaw - arrival.yaw);
    moved.position = ground.position + yawRotation(ground.yaw - arrival.yaw) * (next.ground.position - arrival.position);
    Pose p = to.pose(f);
    placeCarriers(skeleton, carriers, p, moved, next.carriers);
    out.appendPose(p);
  }
  return out;
}

}  // namespace fatgraph
