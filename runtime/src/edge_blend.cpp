// One fat edge at its clock (Fat Graph §5; docs/ALGORITHMS.md E): the clock's jobs
// (edge_clock.cpp) on a clock of its own, and the exact eigenvector average besides.
#include "fatgraph/runtime/edge_blend.h"

#include <algorithm>
#include <cmath>

#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/rotation_blending.h"

namespace fatgraph {

EdgeBlend::EdgeBlend(const RuntimeGraph& graph) : graph_(&graph), clock_(graph) {
  eigenInputs_.assign(clock_.weights.size(), Quaternion{});
  eigenWeights_.assign(clock_.weights.size(), 0.0f);
  scratch_.assign(4 * static_cast<std::size_t>(graph.jointCount()) + 3 * graph.translatedJoints.size(), 0.0f);
}

void EdgeBlend::begin(int edge) { BeginEdgeJob{graph_, edge, &clock_}.run(); }

void EdgeBlend::setWeights(Span<const float> weights) {
  if (clock_.edge < 0) return;
  // An empty list means "the grid" to the job; to this class it means no usable weight.
  const float none = 0.0f;
  EdgeWeightsJob{graph_, &clock_, weights.empty() ? Span<const float>(&none, 1) : weights, {}}.run();
}

void EdgeBlend::setPlanePoint(float u, float v) { EdgeWeightsJob{graph_, &clock_, {}, {u, v}}.run(); }

RootDelta EdgeBlend::advance(float dt) {
  RootDelta delta;
  AdvanceEdgeClockJob{graph_, dt, &clock_, &delta}.run();
  return delta;
}

void EdgeBlend::setClock(const EdgeClock& clock) {
  if (clock.fits(*graph_) && clock.weights.size() <= clock_.weights.capacity() &&
      clock.cursors.size() <= clock_.cursors.capacity())
    clock_ = clock;
}

void EdgeBlend::samplePoseSoA(float* rotations, float* translations) const {
  const std::size_t joints = static_cast<std::size_t>(graph_->jointCount());
  SampleEdgeClockJob{graph_, &clock_, {rotations, 4 * joints}, {translations, 3 * graph_->translatedJoints.size()}}
      .run();
}

// Park et al.'s exact average per joint: each segment's rotation at F_i(T) (nlerp between its
// two frames), then the dominant eigenvector of sum_i w_i q_i q_i^T (rotation_blending.h).
void EdgeBlend::sampleEigenvector(Span<Quaternion> rotations) const {
  const RuntimeEdge* e = &graph_->edges[clock_.edge];
  const int joints = graph_->jointCount();
  const std::size_t nr = 4 * static_cast<std::size_t>(joints);
  for (int j = 0; j < joints; ++j) {
    int used = 0;
    for (int i = 0; i < clock_.segmentCount; ++i) {
      if (clock_.weights[i] == 0.0f) continue;
      const EdgeSegmentCursor& c = clock_.cursors[i];
      const float* r0 = e->data.data() + e->segments[i].rotations + c.frame * nr;
      const float* r1 = r0 + nr;
      const float a = c.fraction;
      const Eigen::Quaternionf q(
          r0[3 * joints + j] + a * (r1[3 * joints + j] - r0[3 * joints + j]),
          r0[j] + a * (r1[j] - r0[j]), r0[joints + j] + a * (r1[joints + j] - r0[joints + j]),
          r0[2 * joints + j] + a * (r1[2 * joints + j] - r0[2 * joints + j]));
      eigenInputs_[used] = toQuaternion(q.normalized());
      eigenWeights_[used++] = clock_.weights[i];
    }
    rotations[j] = blendRotationsEigen(eigenInputs_.data(), eigenWeights_.data(), used);
  }
}

void EdgeBlend::samplePose(Span<Quaternion> rotations, Span<Float3> translations,
                           RotationAverage average) const {
  const int joints = graph_->jointCount();
  const int translated = static_cast<int>(graph_->translatedJoints.size());
  float* soaRotations = scratch_.data();
  float* soaTranslations = scratch_.data() + 4 * joints;
  samplePoseSoA(soaRotations, soaTranslations);
  for (int j = 0; j < joints; ++j) {
    rotations[j] = {soaRotations[j], soaRotations[joints + j], soaRotations[2 * joints + j],
                    soaRotations[3 * joints + j]};
    translations[j] = graph_->skeleton.restOffsets[j];
  }
  for (int a = 0; a < translated; ++a)
    translations[graph_->translatedJoints[a]] =
        Float3{soaTranslations[a], soaTranslations[translated + a], soaTranslations[2 * translated + a]};
  if (average == RotationAverage::Eigenvector && clock_.edge >= 0) sampleEigenvector(rotations);
}

}  // namespace fatgraph
