// Hub transitions (transition.h): the offset between the pose shown at the hub and the new
// edge's first pose, decaying by a smoothstep or inertialized (inertialization.h).
#include "fatgraph/runtime/transition.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "fatgraph/eigen_bridge.h"
#include "playback_kernels.h"
#include "soa_quaternions.h"

namespace fatgraph {

namespace {

// Weight of the remaining transition offset: 1 at the hub, 0 after `seconds`, smoothstep in
// between so the offset leaves with zero slope at both ends (no velocity kink from the decay).
float offsetWeight(float age, float seconds) {
  if (!(seconds > 0.0f) || !(age < seconds)) return 0.0f;
  const float x = std::max(age, 0.0f) / seconds;
  return 1.0f - x * x * (3.0f - 2.0f * x);
}

bool posed(const TransitionState& s, Span<const float> rotations, Span<const float> translations) {
  return rotations.size() == s.offsetRotations.size() && translations.size() == s.offsetTranslations.size();
}

}  // namespace

TransitionState::TransitionState(const RuntimeGraph& graph, TransitionBlend mode)
    : blend(mode), seconds(graph.transitions.blendSeconds) {
  const std::size_t joints = static_cast<std::size_t>(graph.jointCount());
  const std::size_t translated = graph.translatedJoints.size();
  offsetRotations.assign(4 * joints, 0.0f);
  offsetTranslations.assign(3 * translated, 0.0f);
  shownRotations.assign(4 * joints, 0.0f);
  shownTranslations.assign(3 * translated, 0.0f);
  inertialization.resize(static_cast<int>(joints), static_cast<int>(translated));
}

bool TransitionState::active() const {
  return blend == TransitionBlend::Inertialization ? std::isfinite(age) : offsetWeight(age, seconds) > 0.0f;
}

bool StartTransitionJob::validate() const {
  if (graph == nullptr || state == nullptr) return false;
  const std::size_t joints = 4 * static_cast<std::size_t>(graph->jointCount());
  const TransitionState& s = *state;
  if (s.offsetRotations.size() != joints || s.offsetTranslations.size() != 3 * graph->translatedJoints.size())
    return false;
  if (!posed(s, sourceRotations, sourceTranslations) || !posed(s, targetRotations, targetTranslations)) return false;
  return s.blend != TransitionBlend::Inertialization || posed(s, probeRotations, probeTranslations);
}

// Decaying offset: rotations as the delta old * new^-1 applied on the parent side (the short
// way round), translations as the difference. Inertialization: the source is the pose shown at
// the hub and the one shown before it, the target the new edge's first pose and the probe.
bool StartTransitionJob::run() const {
  if (!validate()) return false;
  TransitionState& s = *state;
  s.age = 0.0f;
  s.seconds = graph->transitions.blendSeconds;
  if (s.blend == TransitionBlend::Inertialization) {
    s.inertialization.begin(sourceRotations.data(), s.shownRotations.data(), s.sinceShown, targetRotations.data(),
                            probeRotations.data(), probeSeconds, sourceTranslations.data(),
                            s.shownTranslations.data(), targetTranslations.data(), probeTranslations.data(),
                            s.seconds);
    return true;
  }
  const int joints = graph->jointCount();
  const float* from = sourceRotations.data();
  const float* to = targetRotations.data();
  float* o = s.offsetRotations.data();
  for (int j = 0; j < joints; ++j) {
    const Eigen::Quaternionf old(from[3 * joints + j], from[j], from[joints + j], from[2 * joints + j]);
    const Eigen::Quaternionf fresh(to[3 * joints + j], to[j], to[joints + j], to[2 * joints + j]);
    Eigen::Quaternionf delta = (old * fresh.conjugate()).normalized();
    if (delta.w() < 0.0f) delta.coeffs() *= -1.0f;  // the short way round
    for (int c = 0; c < 4; ++c) o[c * joints + j] = delta.coeffs()[c];
  }
  for (std::size_t m = 0; m < s.offsetTranslations.size(); ++m)
    s.offsetTranslations[m] = sourceTranslations[m] - targetTranslations[m];
  return true;
}

bool ApplyTransitionJob::validate() const {
  return graph != nullptr && state != nullptr &&
         state->offsetRotations.size() == 4 * static_cast<std::size_t>(graph->jointCount()) &&
         posed(*state, rotations, translations);
}

// The offset nlerped towards identity by its weight (decaying), or the quintics at the age.
bool ApplyTransitionJob::run() const {
  if (!validate()) return false;
  detail::applyTransition(*graph, *state, rotations.data(), translations.data());
  return true;
}

void detail::applyTransition(const RuntimeGraph& graph, const TransitionState& s, float* rotations,
                             float* translations) {
  if (s.blend == TransitionBlend::Inertialization) {
    if (std::isfinite(s.age)) s.inertialization.apply(s.age, rotations, translations);
    return;
  }
  const float weight = offsetWeight(s.age, s.seconds);
  if (weight <= 0.0f) return;
  const int joints = graph.jointCount();
  const float* o = s.offsetRotations.data();
  float* x = rotations;
  float* y = x + joints;
  float* z = x + 2 * joints;
  float* w = x + 3 * joints;
  detail::applyFadedOffsets(o, o + joints, o + 2 * joints, o + 3 * joints, weight, x, y, z, w, joints);
  detail::normalizeQuaternions(x, y, z, w, joints);
  const std::size_t n = s.offsetTranslations.size();
  for (std::size_t m = 0; m < n; ++m) translations[m] += weight * s.offsetTranslations[m];
}

bool KeepShownPoseJob::validate() const {
  return state != nullptr && rotations.size() == state->shownRotations.size() &&
         translations.size() == state->shownTranslations.size();
}

bool KeepShownPoseJob::run() const {
  if (!validate()) return false;
  detail::keepShownPose(*state, rotations.data(), translations.data());
  return true;
}

void detail::keepShownPose(TransitionState& state, const float* rotations, const float* translations) {
  if (state.blend != TransitionBlend::Inertialization) return;
  std::memcpy(state.shownRotations.data(), rotations, state.shownRotations.size() * sizeof(float));
  std::memcpy(state.shownTranslations.data(), translations, state.shownTranslations.size() * sizeof(float));
  state.sinceShown = 0.0f;
}

}  // namespace fatgraph
