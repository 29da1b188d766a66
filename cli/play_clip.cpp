#include "play_clip.h"

#include <cmath>

#include "fatgraph/eigen_bridge.h"

namespace fatgraph::cli {

bool isFinitePose(Span<const Quaternion> localRotations, Span<const Float3> localTranslations,
                  Span<const Float3> modelPositions, const CharacterFrame& character) {
  for (const auto& q : localRotations) {
    if (!isFinite(q)) return false;
  }
  for (const auto& t : localTranslations) {
    if (!isFinite(t)) return false;
  }
  for (const auto& p : modelPositions) {
    if (!isFinite(p)) return false;
  }
  return isFinite(character.position) && std::isfinite(character.yaw);
}

void worldPositions(const CharacterFrame& character, Span<const Float3> modelPositions,
                    std::span<Vec3> out) {
  const Quat yaw = yawRotation(character.yaw);
  const Vec3 position = toEigenDouble(character.position);
  for (size_t j = 0; j < modelPositions.size() && j < out.size(); ++j) {
    out[j] = yaw * toEigenDouble(modelPositions[j]) + position;
  }
}

void appendWorldFrame(Clip& clip, const Skeleton& skeleton,
                      Span<const Quaternion> localRotations, Span<const Float3> localTranslations,
                      const CharacterFrame& character) {
  const Quat yaw = yawRotation(character.yaw);
  const int joints = skeleton.jointCount();
  for (int j = 0; j < joints; ++j) {
    Quat q = toEigenDouble(localRotations[size_t(j)]);
    Vec3 t = toEigenDouble(localTranslations[size_t(j)]);
    if (skeleton.parents[size_t(j)] < 0) {
      q = yaw * q;
      t = yaw * t + toEigenDouble(character.position);
    }
    // The player's float quaternions are unit to float precision; the BVH writer and importer
    // expect unit quaternions in double.
    q.normalize();
    clip.rotations.push_back(q);
    clip.translations.push_back(t);
  }
}

}  // namespace fatgraph::cli
