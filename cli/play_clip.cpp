#include "play_clip.h"

#include <cmath>

namespace fatgraph::cli {

bool isFinitePose(std::span<const Eigen::Quaternionf> localRotations,
                  std::span<const Eigen::Vector3f> localTranslations,
                  std::span<const Eigen::Vector3f> modelPositions, const CharacterFrame& character) {
  for (const auto& q : localRotations) {
    if (!q.coeffs().allFinite()) return false;
  }
  for (const auto& t : localTranslations) {
    if (!t.allFinite()) return false;
  }
  for (const auto& p : modelPositions) {
    if (!p.allFinite()) return false;
  }
  return character.position.allFinite() && std::isfinite(character.yaw);
}

void worldPositions(const CharacterFrame& character, std::span<const Eigen::Vector3f> modelPositions,
                    std::span<Vec3> out) {
  const Quat yaw = yawRotation(character.yaw);
  for (size_t j = 0; j < modelPositions.size() && j < out.size(); ++j) {
    out[j] = yaw * modelPositions[j].cast<double>() + character.position;
  }
}

void appendWorldFrame(Clip& clip, const Skeleton& skeleton,
                      std::span<const Eigen::Quaternionf> localRotations,
                      std::span<const Eigen::Vector3f> localTranslations,
                      const CharacterFrame& character) {
  const Quat yaw = yawRotation(character.yaw);
  const int joints = skeleton.jointCount();
  for (int j = 0; j < joints; ++j) {
    Quat q = localRotations[size_t(j)].cast<double>();
    Vec3 t = localTranslations[size_t(j)].cast<double>();
    if (skeleton.parents[size_t(j)] < 0) {
      q = yaw * q;
      t = yaw * t + character.position;
    }
    // The player's float quaternions are unit to float precision; the BVH writer and importer
    // expect unit quaternions in double.
    q.normalize();
    clip.rotations.push_back(q);
    clip.translations.push_back(t);
  }
}

}  // namespace fatgraph::cli
