#pragma once
// What the viewport draws, computed on the CPU: the current pose of a clip (joint and end
// site positions from runtime FK, model space = metres, Y up), the root's ground trajectory
// over the whole clip, and bounds for framing the camera. It copies what it needs, so it
// never refers to the document's clips.
#include <QVector3D>

#include <span>
#include <vector>

#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/model/skeleton.h"
#include "views/line_geometry.h"

namespace fatgraph::editor {

/// Which side of the body a joint is on, from its name ("LeftArm", "LHipJoint", "l_foot").
enum class BodySide { Centre, Left, Right };
BodySide bodySideOf(const std::string& jointName);

/// A bounding sphere.
struct Bounds {
  QVector3D center;
  float radius = 0.0f;
};

class SkeletonScene {
 public:
  /// Takes the skeleton's topology and the clip's root trajectory and bounds; shows frame 0.
  void setClip(const Skeleton& skeleton, const Clip& clip);
  void clear();
  bool hasClip() const { return !parents_.empty(); }

  /// Poses the skeleton at `frame` of `clip` (the clip given to setClip).
  void setFrame(const Skeleton& skeleton, const Clip& clip, int frame);
  int frame() const { return frame_; }

  /// Shows a pose that is no frame of the clip (a blend preview) instead of the clip's frame,
  /// from world-space joint rotations and positions (jointCount each). setFrame keeps posing
  /// the clip underneath, so clearPose() returns to the frame the clip is at.
  void setPose(const Skeleton& skeleton, std::span<const Quat> rotations,
               std::span<const Vec3> positions);
  void clearPose();
  bool showsPose() const { return showsPose_; }

  /// The joints and end sites shown: the override pose while there is one, else the clip's.
  const std::vector<QVector3D>& jointPositions() const {
    return showsPose_ ? poseJoints_ : joints_;
  }
  const std::vector<QVector3D>& endSitePositions() const {
    return showsPose_ ? poseEndSites_ : endSites_;
  }
  /// World rotations of the shown joints (to carry points given in a joint's frame, such as
  /// a leg's heel and toe).
  const std::vector<Quat>& jointRotations() const {
    return showsPose_ ? poseRotations_ : modelRotations_;
  }
  /// World positions of the shown joints at full precision (with jointRotations, the pose a
  /// skinning palette is computed from).
  const std::vector<Vec3>& jointModelPositions() const {
    return showsPose_ ? posePositions_ : modelPositions_;
  }
  const std::vector<QVector3D>& trajectory() const { return trajectory_; }
  /// Bounds of the current pose.
  Bounds poseBounds() const;
  /// Bounds of the whole clip (sampled poses plus the trajectory).
  const Bounds& clipBounds() const { return clipBounds_; }

  /// Bones (joint to parent, end site to joint) coloured by body side, into `bones`; joint
  /// markers into `joints`; `opacity` (0..1) fades both (faint bones over a body).
  void buildPose(LineBatch& bones, LineBatch& joints, float opacity = 1.0f) const;
  void buildTrajectory(LineBatch& batch) const;

 private:
  std::vector<int> parents_;
  std::vector<int> endSiteParents_;
  std::vector<BodySide> sides_;
  std::vector<QVector3D> joints_;
  std::vector<QVector3D> endSites_;
  std::vector<QVector3D> trajectory_;
  std::vector<QVector3D> poseJoints_;
  std::vector<QVector3D> poseEndSites_;
  std::vector<Quat> poseRotations_;
  std::vector<Vec3> posePositions_;
  bool showsPose_ = false;
  Bounds clipBounds_;
  int frame_ = -1;
  // FK scratch, sized once per clip so posing a frame does not allocate.
  std::vector<bool> aboveMotionRoot_;  // joints above Skeleton::motionRoot (drawn without bones)
  std::vector<Quat> modelRotations_;
  std::vector<Vec3> modelPositions_;
  std::vector<Vec3> endSiteScratch_;
};

}  // namespace fatgraph::editor
