#pragma once
// Forward kinematics (the bone-to-character transform): a joint's model transform is
// its parent's model transform composed with its local transform,
//   R_model(i) = R_model(p) * R_local(i),  x_model(i) = x_model(p) + R_model(p) * t_local(i).
// Model space is the clip's own space (the root's local transform already places the root);
// world space places the whole model with one rigid transform (a character's position and yaw).
#include <span>

#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph {

/// A rotation followed by a translation: x -> rotation * x + translation.
struct RigidTransform {
  Quat rotation = Quat::Identity();
  Vec3 translation = Vec3::Zero();

  Vec3 apply(const Vec3& x) const { return rotation * x + translation; }
  /// (this * other)(x) = this(other(x)).
  RigidTransform operator*(const RigidTransform& other) const {
    return {rotation * other.rotation, rotation * other.translation + translation};
  }
  RigidTransform inverse() const {
    const Quat inv = rotation.conjugate();
    return {inv, -(inv * translation)};
  }
};

/// Model-space rotations and positions of every joint. All spans have jointCount entries;
/// outputs may not alias inputs. Joints must be ordered parents-first.
void localToModel(const Skeleton& skeleton, std::span<const Quat> localRotations,
                  std::span<const Vec3> localTranslations, std::span<Quat> modelRotations,
                  std::span<Vec3> modelPositions);

/// The same for joints given by their parent table alone (a runtime graph's skeleton).
void localToModel(std::span<const int> parents, std::span<const Quat> localRotations,
                  std::span<const Vec3> localTranslations, std::span<Quat> modelRotations,
                  std::span<Vec3> modelPositions);

/// Same for one clip frame.
void clipFrameToModel(const Skeleton& skeleton, const Clip& clip, int frame,
                      std::span<Quat> modelRotations, std::span<Vec3> modelPositions);

/// Applies `placement` to model-space transforms, giving world space (in place).
void modelToWorld(const RigidTransform& placement, std::span<Quat> rotations,
                  std::span<Vec3> positions);

/// Model-space positions of the skeleton's end sites, from the joints' model transforms.
void endSitePositions(const Skeleton& skeleton, std::span<const Quat> modelRotations,
                      std::span<const Vec3> modelPositions, std::span<Vec3> out);

}  // namespace fatgraph
