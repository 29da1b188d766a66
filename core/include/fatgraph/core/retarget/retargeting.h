#pragma once
// Retargeting: clips recorded on one skeleton (the source: CMU mocap, another studio's rig)
// played on another (the target: the user's character). Two steps:
//
//  1. A joint map: for every target joint, the source joint it follows, or none. Joints are
//     matched by what their names say (joint_roles.h: the same role and side; chains such as
//     the spine matched end to end by their place along the chain), then by hierarchy and
//     geometry (an unmatched joint below a matched one takes the unmatched source joint below
//     its counterpart whose rest direction is nearest, so fingers and tails named in no known
//     way still map). The user's choices (map_joint edits) override both.
//
//  2. Motion transfer, per frame, in the project's world frame (metres, Y up, front +Z):
//     - rest-pose alignment, once: each mapped target joint's rest rotation R_t is turned by
//       Q_t so its bones point where its source joint's bones point at rest (an A-pose
//       character under T-pose mocap): Q_t is the least rotation (Wahba's problem; a swing for
//       one bone) taking the directions to its mapped children, after its parent's Q, onto the
//       source's;
//     - a mapped joint follows its source joint's rotation away from rest in world space:
//       G_t(f) = G_s(f) · R_s⁻¹ · Q_t · R_t (G world rotations, R rest world rotations);
//       unmapped joints keep their rest rotation relative to their parent;
//     - source positions come over scaled by the ratio of leg lengths s (thigh to knee to ankle,
//       the legs the target's map onto) about the ankles' rest height: T(p) = (s x, s (y - a_s)
//       + a_t, s z), so the root motion is scaled by leg length and a planted source ankle is a
//       planted target ankle; the pelvis goes where its thighs' midpoint lands at T of the
//       source's (without legs: T of the source pelvis, hip heights' ratio);
//     - a mapped joint whose parent differs from its source's (an IK foot hung under the root)
//       is carried where its source's parent puts it;
//     - each target leg (legs.h) reaches by two-bone IK for where its source ankle is, scaled
//       and raised by the difference of the rest ankle heights, so feet that touch the ground
//       in the mocap touch it on the character, with the stride-to-leg-length ratio kept.
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
  /// source's (see above), and its offset in that joint's rest frame; -1 otherwise.
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
