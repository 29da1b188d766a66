#pragma once
// What a joint is in a humanoid body, read from its name: the first step of mapping one
// skeleton onto another for retargeting (retargeting.h). Names are split into tokens
// (jointNameTokens, joint_name_tokens.h: "mixamorig:LeftUpLeg" -> mixamorig, left, up, leg); side markers
// (Left, L, _l, .L, ...) and convention prefixes (mixamorig, CC_Base, Bip01, DEF, ...) are
// taken out and what remains names the bone. The vocabulary covers CMU, Mixamo, Unreal,
// Reallusion CC, 3ds Max Biped and Blender's rigs:
//   pelvis  Hips, pelvis, hip (without a side)      spine   Spine*, LowerBack, Abdomen, Torso, Chest
//   neck    Neck*                                   head    Head
//   clavicle Shoulder, clavicle, collar             upper arm Arm, UpperArm, humerus
//   lower arm ForeArm, LowerArm, elbow              hand    Hand, wrist, palm
//   thigh   UpLeg, thigh, femur                     shin    Leg, calf, shin, knee
//   foot    Foot, ankle                             toe     ToeBase, toe, ball
// Helper bones (twist, roll, IK, pole, ...) get no role. The pelvis is then decided by the
// hierarchy, not the name: it is the joint both thighs hang from (a rig whose "Hips" is a
// lower spine bone under a "Body" that carries the legs has its pelvis at "Body").
#include <string>
#include <vector>

#include "fatgraph/core/model/skeleton.h"

namespace fatgraph {

enum class JointRole {
  None, Pelvis, Spine, Neck, Head, Clavicle, UpperArm, LowerArm, Hand, Thigh, Shin, Foot, Toe
};
enum class JointSide { Centre, Left, Right };

struct JointIdentity {
  JointRole role = JointRole::None;
  JointSide side = JointSide::Centre;
  bool operator==(const JointIdentity&) const = default;
};

/// The role and side a name gives, without the hierarchy ("LeftForeArm" -> lower arm, left).
JointIdentity identifyJointName(const std::string& name);

/// Every joint's identity in `skeleton`: the names' roles, then the pelvis moved to the lowest
/// common ancestor of the left and right thighs when the rig has both (a name-pelvis below it
/// becomes spine; a name-pelvis elsewhere loses its role).
std::vector<JointIdentity> identifyJoints(const Skeleton& skeleton);

/// Short English name of a role for notes and the editor ("upper arm").
std::string roleName(JointRole role);

}  // namespace fatgraph
