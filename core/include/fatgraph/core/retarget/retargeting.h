#pragma once
// Retargeting: clips recorded on one skeleton (the source: CMU mocap, another studio's rig)
// played on another (the target: the user's character), in two steps:
//  1. mapJoints: for every target joint, the source joint it follows, or none; by names
//     (joint_roles.h), then by hierarchy and rest geometry, with the user's choices
//     (map_joint edits) last.
//  2. makeRetargeter once per pair, then retargetMotion per clip: rotations follow the source
//     away from its rest pose, root motion scales by the ratio of leg lengths, and each target
//     leg reaches for its source ankle by two-bone IK, so planted feet stay planted.
// Space and units: the project's world frame, metres, Y up, front +Z; G world rotations, R
// rest world rotations, Q the rest alignment, s the leg-length ratio, a_s and a_t the rest
// ankle heights. Errors are fatgraph::Error, where a function below says so.
// The rules and formulas (role tokens, Wahba's alignment, G_t = G_s R_s^-1 Q_t R_t, the
// position map T): docs/ALGORITHMS.md K.
#include <optional>
#include <string>
#include <vector>

#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/retarget/joint_roles.h"
#include "fatgraph/core/locomotion/legs.h"
#include "fatgraph/core/model/pose.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph {

/// How a target joint got its source.
enum class JointMatch { None, Name, Geometry, Edit };

/// "name", "geometry", "edit" or "none": how `inspect --json` and the project file spell it.
const char* jointMatchName(JointMatch match);

struct JointMap {
  /// Per target joint: the source joint it follows, or -1.
  std::vector<int> source;
  std::vector<JointMatch> how;  // parallel to `source`
  /// Target joints left at rest, by name (the unmapped list users are shown).
  std::vector<std::string> unmapped(const Skeleton& target) const;
};

/// One user choice: target joint `target` follows source joint `source` ("" = none).
struct JointMapChoice {
  std::string target;
  std::string source;
  bool operator==(const JointMapChoice&) const = default;
};

/// A skeleton with the pose it stands in at rest (a glTF rig's node rotations; a BVH's
/// identity rotations).
struct RestSkeleton {
  Skeleton skeleton;
  Pose rest;
};

/// The map from `source` to `target` by names then geometry, with `choices` applied last.
/// Throws Error naming the joint when a choice names a joint neither skeleton has.
JointMap mapJoints(const RestSkeleton& source, const RestSkeleton& target,
                   const std::vector<JointMapChoice>& choices = {});

/// Everything the transfer computes once per source/target pair.
struct Retargeter {
  RestSkeleton source, target;
  JointMap map;
  LegSetup targetLegs;
  double scale = 1;        // s: target leg length / source leg length (hip heights without legs)
  double sourceAnkleHeight = 0, targetAnkleHeight = 0;  // a_s, a_t: rest, above the floor
  /// The legs' thigh joints, paired (target, source), that place the pelvis; empty without legs.
  std::vector<std::pair<int, int>> thighs;
  int sourcePelvis = -1;   // the joints whose travel is carried over
  int targetPelvis = -1;
  std::vector<Quat> alignment;         // Q_t per target joint (world, identity when unmapped)
  std::vector<Quat> sourceRestWorld;   // R_s
  std::vector<Quat> targetRestWorld;   // R_t
  std::vector<Vec3> sourceRestPositions, targetRestPositions;  // above each one's floor
  /// Per target joint: the target joint it is carried by when its own parent is not its
  /// source's (an IK foot hung under the root), and its offset in that joint's rest frame;
  /// -1 otherwise.
  std::vector<int> carrier;
  std::vector<Vec3> carriedOffset;
  std::vector<std::string> notes;  // what a user should know (unmapped joints, no pelvis)
};

/// Prepares the transfer. Throws Error when neither skeleton has a pelvis the other's maps to
/// (nothing would carry the travel).
Retargeter makeRetargeter(RestSkeleton source, RestSkeleton target, JointMap map, LegSetup targetLegs);

/// The clip on the target skeleton: every joint's rotation, the pelvis's and carried joints'
/// translations, every other joint at its rest translation; name, rates and bookkeeping kept.
Clip retargetMotion(const Retargeter& retargeter, const Clip& sourceClip);

/// The rest pose of a scene file's character (its one-frame rest clip), or identity rotations
/// at the rest offsets when `restClip` is empty.
Pose restPoseOf(const Skeleton& skeleton, const Clip& restClip);

}  // namespace fatgraph
