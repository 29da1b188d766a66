#include "fatgraph/core/model/forward_kinematics.h"

namespace fatgraph {

void localToModel(const Skeleton& skeleton, std::span<const Quat> localRotations,
                  std::span<const Vec3> localTranslations, std::span<Quat> modelRotations,
                  std::span<Vec3> modelPositions) {
  localToModel(skeleton.parents, localRotations, localTranslations, modelRotations, modelPositions);
}

void localToModel(std::span<const int> parents, std::span<const Quat> localRotations,
                  std::span<const Vec3> localTranslations, std::span<Quat> modelRotations,
                  std::span<Vec3> modelPositions) {
  const int n = static_cast<int>(parents.size());
  for (int i = 0; i < n; ++i) {
    const int p = parents[i];
    if (p < 0) {
      modelRotations[i] = localRotations[i];
      modelPositions[i] = localTranslations[i];
    } else {
      modelRotations[i] = modelRotations[p] * localRotations[i];
      modelPositions[i] = modelPositions[p] + modelRotations[p] * localTranslations[i];
    }
  }
}

void clipFrameToModel(const Skeleton& skeleton, const Clip& clip, int frame,
                      std::span<Quat> modelRotations, std::span<Vec3> modelPositions) {
  localToModel(skeleton, clip.frameRotations(frame), clip.frameTranslations(frame),
               modelRotations, modelPositions);
}

void modelToWorld(const RigidTransform& placement, std::span<Quat> rotations,
                  std::span<Vec3> positions) {
  for (size_t i = 0; i < rotations.size(); ++i) {
    rotations[i] = placement.rotation * rotations[i];
    positions[i] = placement.apply(positions[i]);
  }
}

void endSitePositions(const Skeleton& skeleton, std::span<const Quat> modelRotations,
                      std::span<const Vec3> modelPositions, std::span<Vec3> out) {
  for (size_t e = 0; e < skeleton.endSites.size(); ++e) {
    const EndSite& site = skeleton.endSites[e];
    out[e] = modelPositions[site.parent] + modelRotations[site.parent] * site.offset;
  }
}

}  // namespace fatgraph
