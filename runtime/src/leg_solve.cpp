// The leg solve (Johansen ch. 7.4; leg_layer.h steps 5-6): targets into model space, the hip
// offset, IK from the blended pose, the twist pass, and the foot carried rigidly below the
// ankle.
#include <algorithm>
#include <cmath>

#include "leg_ik_frames.h"
#include "leg_layer_detail.h"

namespace fatgraph {

using namespace leg_detail;

void LegLayer::solveLegs(const Frame& frame, Span<Quaternion> modelRotations, Span<Float3> modelPositions) {
  const Quatf toModel = frame.heading.conjugate();
  const Vec3f origin = frame.position + Vec3f(0.0f, characterGround_, 0.0f);
  const Vec3f floor(0.0f, frame.floor, 0.0f);
  const int legs = static_cast<int>(state_.size());
  // World -> model: m = R^-1 (w - x - ground up) + floor up (the inverse of the placement).
  for (int l = 0; l < legs; ++l) {
    LegState& s = state_[l];
    s.ankleTarget = toModel * (s.ankleTarget - origin) + floor;
    const bool identity = s.alignment.vec().isZero(0.0f);
    s.alignment = identity ? Quatf::Identity() : Quatf(toModel * s.alignment * frame.heading);
    const Vec3f hip = eigenView(modelPositions[s.chain.front()]);
    float reach = 0.0f;
    for (std::size_t i = 1; i < s.chain.size(); ++i)
      reach += (eigenView(modelPositions[s.chain[i]]) - eigenView(modelPositions[s.chain[i - 1]])).norm();
    hipHeights(hip, eigenView(modelPositions[s.chain.back()]), s.ankleTarget, reach, hipDesired_[l],
               hipMaximal_[l]);
  }
  const float offset = hipOffset(hipDesired_, hipMaximal_);
  if (offset != 0.0f)
    for (Float3& p : modelPositions.subspan(0, graph_->jointCount())) p.y += offset;

  for (int l = 0; l < legs; ++l) {
    LegState& s = state_[l];
    LegReport& report = reports_[l];
    const std::size_t n = s.chain.size();
    const int hipJoint = s.chain.front();
    const int ankle = s.chain.back();
    const Vec3f hip = eigenView(modelPositions[hipJoint]);
    const Vec3f oldAnkle = eigenView(modelPositions[ankle]);
    Vec3f newAnkle = oldAnkle;
    const Vec3f bendHint = Vec3f::UnitZ();
    bool reached = true;
    if (n == 3) {
      const leg_ik_detail::TwoBoneLeg leg{hip, eigenView(modelPositions[s.chain[1]]), oldAnkle, s.ankleTarget, bendHint};
      leg_ik_detail::TwoBoneSolution result;
      const bool ran = leg_ik_detail::usableLeg(leg);
      if (ran) {
        leg_ik_detail::solveTwoBone(leg, result);
        if (s.twist != 0.0f) leg_ik_detail::twistSolution(result, hip, s.twist);
        eigenView(modelRotations[hipJoint]) = (result.hipRotation * eigenView(modelRotations[hipJoint])).normalized();
        eigenView(modelRotations[s.chain[1]]) =
            (result.kneeRotation * eigenView(modelRotations[s.chain[1]])).normalized();
        eigenView(modelPositions[s.chain[1]]) = result.knee;
        newAnkle = result.ankle;
      }
      reached = ran && result.reached;
    } else {
      for (std::size_t i = 0; i < n; ++i) s.joints[i] = modelPositions[s.chain[i]];
      ChainIkJob job;
      job.joints = s.joints;
      job.target = toFloat3(s.ankleTarget);
      job.bendHint = toFloat3(bendHint);
      job.scratch = s.scratch;
      job.rotations = s.rotations;
      job.solvedJoints = s.solved;
      ChainIkReport chainReport;
      const bool ran = job.run(&chainReport);
      if (ran) {
        const Quatf twist = leg_ik_detail::legTwistRotation(hip, toEigen(s.solved[n - 1]), s.twist);
        for (std::size_t i = 0; i + 1 < n; ++i) {
          const int j = s.chain[i];
          eigenView(modelRotations[j]) =
              (twist * toEigen(s.rotations[i]) * eigenView(modelRotations[j])).normalized();
          eigenView(modelPositions[j]) = hip + twist * (toEigen(s.solved[i]) - hip);
        }
        newAnkle = toEigen(s.solved[n - 1]);
      }
      reached = ran && chainReport.reached;
    }
    // The foot keeps its alignment whatever the shin did: the ankle's model rotation is the
    // alignment applied to its original, and everything below moves with it rigidly.
    eigenView(modelPositions[ankle]) = newAnkle;
    eigenView(modelRotations[ankle]) = (s.alignment * eigenView(modelRotations[ankle])).normalized();
    for (const int d : s.descendants) {
      eigenView(modelPositions[d]) = newAnkle + s.alignment * (eigenView(modelPositions[d]) - oldAnkle);
      eigenView(modelRotations[d]) = (s.alignment * eigenView(modelRotations[d])).normalized();
    }
    const float miss = (newAnkle - s.ankleTarget).norm();
    report.reached = reached || miss < 1e-3f;
    report.overextension = report.reached ? 0.0f : miss;
    if (!report.reached) {
      ++warnings_.unreachable;
      lastWarnings_ |= 1u;
    }
  }
}

}  // namespace fatgraph
