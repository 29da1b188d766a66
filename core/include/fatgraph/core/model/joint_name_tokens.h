#pragma once
// How joint names are read: split into words. The legs (leg_detection.h) and the joint roles
// of retargeting (joint_roles.h) both look for their vocabulary in these tokens.
#include <string>
#include <vector>

namespace fatgraph {

/// Splits a joint name into lower-case tokens at separators, case changes and digit runs:
/// "mixamorig:LeftUpLeg" -> {mixamorig, left, up, leg}; "CC_Base_L_Thigh" -> {cc, base, l,
/// thigh}; "LHipJoint" -> {l, hip, joint}.
std::vector<std::string> jointNameTokens(const std::string& name);

}  // namespace fatgraph
