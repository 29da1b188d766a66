// One generated transition clip (generated_transitions.h): two clips' frames blended over the
// blend, the motion root's ground velocity and turning rate blended and integrated.
#include <algorithm>
#include <cmath>

#include "fatgraph/core/graph/generated_transitions.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/model/forward_kinematics.h"

namespace fatgraph {
namespace {

// The motion root on the ground: where it stands and which way it faces (a yaw about +Y), its
// height, and its model rotation with that yaw taken out.
struct GroundState {
  Vec3 position = Vec3::Zero();  // model space; y is the height
  double yaw = 0.0;
  Quat relative = Quat::Identity();
};

GroundState groundState(const Skeleton& skeleton, const Clip& clip, int frame) {
  const size_t n = static_cast<size_t>(skeleton.jointCount());
  std::vector<Quat> rotations(n);
  std::vector<Vec3> positions(n);
  clipFrameToModel(skeleton, clip, frame, rotations, positions);
  const size_t m = static_cast<size_t>(skeleton.motionRoot);
  GroundState s;
  s.position = positions[m];
  s.yaw = headingYaw(rotations[m]);
  s.relative = (yawRotation(-s.yaw) * rotations[m]).normalized();
  return s;
}

// The step from `frame` to `frame + 1` in the frame of the first one's heading: the ground
// displacement (x, z) and the turn.
struct GroundStep {
  Vec3 displacement = Vec3::Zero();
  double turn = 0.0;
};

GroundStep groundStep(const GroundState& a, const GroundState& b) {
  Vec3 d = b.position - a.position;
  d.y() = 0.0;
  return {yawRotation(-a.yaw) * d, wrapAngle(b.yaw - a.yaw)};
}

// The blend weight at t in [0, 1]: smoothstep, so the blend starts and ends with zero rate.
double blendWeight(double t) {
  t = std::clamp(t, 0.0, 1.0);
  return t * t * (3.0 - 2.0 * t);
}

// Sets the motion root's local transform in `pose` so its model transform is `model`, given
// the model transform of its parent under the pose's other joints.
void placeMotionRoot(const Skeleton& skeleton, Pose& pose, const RigidTransform& model) {
  const int m = skeleton.motionRoot;
  const int parent = skeleton.parents[static_cast<size_t>(m)];
  RigidTransform parentModel;
  if (parent >= 0) {
    const size_t n = static_cast<size_t>(skeleton.jointCount());
    std::vector<Quat> rotations(n);
    std::vector<Vec3> positions(n);
    localToModel(skeleton, pose.rotations, pose.translations, rotations, positions);
    parentModel = {rotations[static_cast<size_t>(parent)], positions[static_cast<size_t>(parent)]};
  }
  const RigidTransform local = parentModel.inverse() * model;
  pose.rotations[static_cast<size_t>(m)] = local.rotation.normalized();
  pose.translations[static_cast<size_t>(m)] = local.translation;
}

RigidTransform modelOf(const GroundState& s) {
  return {(yawRotation(s.yaw) * s.relative).normalized(), s.position};
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

  // The blend: joints by slerp and lerp; the motion root by its blended ground steps from
  // where `from` stands at the hub (so the first blended frame is from's own frame).
  GroundState root = groundState(skeleton, from, i);
  GroundState fromPrev = root;
  GroundState toPrev = groundState(skeleton, to, j - blend);
  for (int t = 1; t <= blend; ++t) {
    const GroundState fromNext = groundState(skeleton, from, i + t);
    const GroundState toNext = groundState(skeleton, to, j - blend + t);
    const double wStep = blendWeight((t - 0.5) / blend);
    const GroundStep a = groundStep(fromPrev, fromNext);
    const GroundStep b = groundStep(toPrev, toNext);
    const Vec3 d = (1.0 - wStep) * a.displacement + wStep * b.displacement;
    root.position += yawRotation(root.yaw) * d;
    root.yaw = wrapAngle(root.yaw + (1.0 - wStep) * a.turn + wStep * b.turn);
    const double w = blendWeight(static_cast<double>(t) / blend);
    root.position.y() = (1.0 - w) * fromNext.position.y() + w * toNext.position.y();
    root.relative = slerp(fromNext.relative, toNext.relative, w);

    const Pose pa = from.pose(i + t);
    const Pose pb = to.pose(j - blend + t);
    Pose p = pa;
    for (size_t k = 0; k < p.rotations.size(); ++k) {
      p.rotations[k] = slerp(pa.rotations[k], pb.rotations[k], w);
      p.translations[k] = (1.0 - w) * pa.translations[k] + w * pb.translations[k];
    }
    placeMotionRoot(skeleton, p, modelOf(root));
    out.appendPose(p);
    fromPrev = fromNext;
    toPrev = toNext;
  }

  // After the blend, `to` moved rigidly on the ground so its arrival frame stands where the
  // blend arrived.
  const GroundState arrival = groundState(skeleton, to, j);
  const Quat turn = yawRotation(wrapAngle(root.yaw - arrival.yaw));
  for (int f = j + 1; f <= j + lead; ++f) {
    GroundState s = groundState(skeleton, to, f);
    const double height = s.position.y();
    Vec3 offset = s.position - arrival.position;
    offset.y() = 0.0;
    s.position = root.position + turn * offset;
    s.position.y() = height;
    s.yaw = wrapAngle(s.yaw + root.yaw - arrival.yaw);
    Pose p = to.pose(f);
    placeMotionRoot(skeleton, p, modelOf(s));
    out.appendPose(p);
  }
  return out;
}

}  // namespace fatgraph
