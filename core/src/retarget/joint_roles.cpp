#include "fatgraph/core/retarget/joint_roles.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

#include "fatgraph/core/model/joint_name_tokens.h"
#include "retarget_detail.h"

namespace fatgraph {
namespace {

struct Word {
  std::string_view word;
  JointRole role;
};

// Whole bone words after side markers and prefixes are taken out (tokens glued back together:
// "Up"+"Leg" -> "upleg").
constexpr std::array<Word, 41> kWords = {{
    {"hips", JointRole::Pelvis},       {"hip", JointRole::Pelvis},
    {"pelvis", JointRole::Pelvis},     {"spine", JointRole::Spine},
    {"lowerback", JointRole::Spine},   {"abdomen", JointRole::Spine},
    {"torso", JointRole::Spine},       {"chest", JointRole::Spine},
    {"upperchest", JointRole::Spine},  {"waist", JointRole::Spine},
    {"neck", JointRole::Neck},         {"head", JointRole::Head},
    {"shoulder", JointRole::Clavicle}, {"clavicle", JointRole::Clavicle},
    {"collar", JointRole::Clavicle},   {"collarbone", JointRole::Clavicle},
    {"arm", JointRole::UpperArm},      {"upperarm", JointRole::UpperArm},
    {"uparm", JointRole::UpperArm},    {"humerus", JointRole::UpperArm},
    {"forearm", JointRole::LowerArm},  {"lowerarm", JointRole::LowerArm},
    {"elbow", JointRole::LowerArm},    {"loarm", JointRole::LowerArm},
    {"hand", JointRole::Hand},         {"wrist", JointRole::Hand},
    {"palm", JointRole::Hand},         {"upleg", JointRole::Thigh},
    {"upperleg", JointRole::Thigh},    {"thigh", JointRole::Thigh},
    {"femur", JointRole::Thigh},       {"leg", JointRole::Shin},
    {"lowerleg", JointRole::Shin},     {"calf", JointRole::Shin},
    {"shin", JointRole::Shin},         {"knee", JointRole::Shin},
    {"foot", JointRole::Foot},         {"ankle", JointRole::Foot},
    {"toebase", JointRole::Toe},       {"toe", JointRole::Toe},
    {"ball", JointRole::Toe},
}};

constexpr std::array<std::string_view, 16> kHelper = {
    "twist", "share", "sharebone", "roll", "helper", "ik", "fk", "pole", "target", "ctrl",
    "control", "nub", "end", "null", "dummy", "mch"};
constexpr std::array<std::string_view, 15> kPrefix = {
    "cc", "base", "rl", "mixamorig", "bip", "biped", "def", "org", "jnt", "joint", "bind",
    "bn", "sk", "skel", "character"};

bool among(std::string_view t, const auto& list) {
  return std::find(list.begin(), list.end(), t) != list.end();
}

JointRole roleOfWord(std::string_view core) {
  for (const Word& w : kWords) {
    if (w.word == core) return w.role;
  }
  return JointRole::None;
}

bool sideOf(std::string_view t, JointSide& side) {
  if (t == "l" || t == "left" || t == "lt" || t == "lft") side = JointSide::Left;
  else if (t == "r" || t == "right" || t == "rt" || t == "rgt") side = JointSide::Right;
  else return false;
  return true;
}

int commonAncestor(const Skeleton& s, int a, int b) {
  for (int j = a; j >= 0; j = s.parents[j]) {
    if (isAncestor(s, j, b)) return j;
  }
  return -1;
}

// The shallowest joint of `role` and `side`, or -1.
int shallowest(const Skeleton& s, const std::vector<JointIdentity>& ids, JointRole role, JointSide side) {
  int best = -1;
  for (int j = 0; j < s.jointCount(); ++j) {
    if (ids[j] == JointIdentity{role, side} && (best < 0 || s.depth(j) < s.depth(best))) best = j;
  }
  return best;
}

}  // namespace

JointIdentity identifyJointName(const std::string& name) {
  JointIdentity id;
  std::string core;
  bool helper = false;
  for (const std::string& t : jointNameTokens(name)) {
    if (std::isdigit(static_cast<unsigned char>(t[0]))) continue;  // "Spine1", "Bip01"
    if (sideOf(t, id.side) || among(t, kPrefix)) continue;
    if (among(t, kHelper)) {
      helper = true;
      continue;
    }
    core += t;
  }
  id.role = helper ? JointRole::None : roleOfWord(core);
  if (id.role == JointRole::None && core.size() > 3 && (core[0] == 'l' || core[0] == 'r') &&
      id.side == JointSide::Centre && !helper) {
    // The side glued to the bone word: ASF's "lfemur", "rhumerus".
    const JointRole glued = roleOfWord(std::string_view(core).substr(1));
    if (glued != JointRole::None) id = {glued, core[0] == 'l' ? JointSide::Left : JointSide::Right};
  }
  // A sided "hip" is the short bone from the pelvis to a thigh (CMU's LHipJoint), not the pelvis.
  if (id.role == JointRole::Pelvis && id.side != JointSide::Centre) id.role = JointRole::None;
  // Spine, neck and head are on the midline whatever a file calls them.
  if (id.role == JointRole::Spine || id.role == JointRole::Neck || id.role == JointRole::Head) {
    id.side = JointSide::Centre;
  }
  return id;
}

std::vector<JointIdentity> identifyJoints(const Skeleton& skeleton) {
  std::vector<JointIdentity> ids(skeleton.jointCount());
  for (int j = 0; j < skeleton.jointCount(); ++j) ids[j] = identifyJointName(skeleton.names[j]);
  const int left = shallowest(skeleton, ids, JointRole::Thigh, JointSide::Left);
  const int right = shallowest(skeleton, ids, JointRole::Thigh, JointSide::Right);
  const int pelvis = left >= 0 && right >= 0 ? commonAncestor(skeleton, left, right) : -1;
  if (pelvis < 0) return ids;
  for (int j = 0; j < skeleton.jointCount(); ++j) {
    if (ids[j].role != JointRole::Pelvis || j == pelvis) continue;
    // A name-pelvis under the legs' joint is the first spine bone; anywhere else it is not one.
    ids[j].role = isAncestor(skeleton, pelvis, j) ? JointRole::Spine : JointRole::None;
  }
  ids[pelvis] = {JointRole::Pelvis, JointSide::Centre};
  return ids;
}

std::string roleName(JointRole role) {
  switch (role) {
    case JointRole::Pelvis: return "pelvis";
    case JointRole::Spine: return "spine";
    case JointRole::Neck: return "neck";
    case JointRole::Head: return "head";
    case JointRole::Clavicle: return "clavicle";
    case JointRole::UpperArm: return "upper arm";
    case JointRole::LowerArm: return "lower arm";
    case JointRole::Hand: return "hand";
    case JointRole::Thigh: return "thigh";
    case JointRole::Shin: return "shin";
    case JointRole::Foot: return "foot";
    case JointRole::Toe: return "toe";
    case JointRole::None: break;
  }
  return "none";
}

}  // namespace fatgraph
