// Legs by joint names. A name is split into tokens; side markers (Left, L, lt, ...), position
// words of many-legged rigs (Front, Middle, Hind, FL, HR, ...) and convention prefixes
// (CC_Base, mixamorig, Bip01, DEF, ...) are taken out, and what remains names the bone: thigh,
// shin, ankle or toe. Helper bones (twist, share, roll, IK, ...) never count. A leg is an
// ankle joint with a thigh (or, failing that, a "hip") of the same side and position above
// it, at least two bones up.
#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <string_view>

#include "fatgraph/core/model/joint_name_tokens.h"
#include "leg_detection_detail.h"

namespace fatgraph::legs {
namespace {

enum class Role { None, Thigh, Hip, Shin, Ankle, Toe };

struct JointWords {
  Role role = Role::None;
  bool sided = false;
  Side side = Side::Centre;
  Place place = Place::None;
  bool helper = false;
};

template <size_t N>
bool among(std::string_view word, const std::array<std::string_view, N>& list) {
  return std::find(list.begin(), list.end(), word) != list.end();
}

constexpr std::array<std::string_view, 6> kThigh = {"upleg", "upperleg", "thigh", "femur", "uleg", "thighbone"};
constexpr std::array<std::string_view, 1> kHip = {"hip"};
constexpr std::array<std::string_view, 10> kShin = {"leg",   "calf",  "shin",   "knee",  "tibia",
                                                    "lowerleg", "lowleg", "loleg", "shank", "crus"};
constexpr std::array<std::string_view, 4> kAnkle = {"foot", "ankle", "tarsus", "tarsal"};
constexpr std::array<std::string_view, 5> kToe = {"toe", "toes", "toebase", "ball", "phalanges"};
constexpr std::array<std::string_view, 17> kHelper = {
    "twist", "share", "sharebone", "roll", "helper", "ik", "fk", "pole", "target", "ctrl",
    "control", "nub", "end", "null", "dummy", "mch", "tweak"};
constexpr std::array<std::string_view, 16> kIgnored = {
    "cc", "base", "rl", "mixamorig", "bip", "biped", "def", "org", "jnt", "joint", "bind",
    "bn", "bone", "sk", "skel", "character"};

Role roleOf(std::string_view core) {
  if (among(core, kThigh)) return Role::Thigh;
  if (among(core, kHip)) return Role::Hip;
  if (among(core, kShin)) return Role::Shin;
  if (among(core, kAnkle)) return Role::Ankle;
  if (among(core, kToe)) return Role::Toe;
  return Role::None;
}

// Side (and for the two-letter forms, position) markers.
bool sideMarker(std::string_view t, JointWords& w) {
  struct Marker { std::string_view token; Side side; Place place; };
  static constexpr std::array<Marker, 24> kMarkers = {{
      {"l", Side::Left, Place::None},      {"left", Side::Left, Place::None},
      {"lt", Side::Left, Place::None},     {"lft", Side::Left, Place::None},
      {"r", Side::Right, Place::None},     {"right", Side::Right, Place::None},
      {"rt", Side::Right, Place::None},    {"rgt", Side::Right, Place::None},
      {"fl", Side::Left, Place::Front},    {"lf", Side::Left, Place::Front},
      {"fr", Side::Right, Place::Front},   {"rf", Side::Right, Place::Front},
      {"hl", Side::Left, Place::Hind},     {"lh", Side::Left, Place::Hind},
      {"hr", Side::Right, Place::Hind},    {"rh", Side::Right, Place::Hind},
      {"bl", Side::Left, Place::Hind},     {"lb", Side::Left, Place::Hind},
      {"br", Side::Right, Place::Hind},    {"rb", Side::Right, Place::Hind},
      {"ml", Side::Left, Place::Middle},   {"lm", Side::Left, Place::Middle},
      {"mr", Side::Right, Place::Middle},  {"rm", Side::Right, Place::Middle},
  }};
  for (const Marker& m : kMarkers) {
    if (t != m.token) continue;
    w.sided = true;
    w.side = m.side;
    if (m.place != Place::None) w.place = m.place;
    return true;
  }
  return false;
}

bool placeWord(std::string_view t, JointWords& w) {
  Place p = Place::None;
  if (t == "front" || t == "fore") p = Place::Front;
  else if (t == "hind" || t == "back" || t == "rear") p = Place::Hind;
  else if (t == "mid" || t == "middle") p = Place::Middle;
  else return false;
  // "MidFrontLeg", "MidBackLeg": middle legs (a spider's), the front or back one of them.
  if (w.place != Place::Middle) w.place = p;
  return true;
}

JointWords classify(const std::string& name) {
  JointWords w;
  std::string core;
  for (const std::string& t : jointNameTokens(name)) {
    if (std::isdigit(static_cast<unsigned char>(t[0]))) continue;  // "Toe0", "Bip01"
    if (sideMarker(t, w) || placeWord(t, w) || among(t, kIgnored)) continue;
    if (among(t, kHelper)) {
      w.helper = true;
      continue;
    }
    // ASF style: the side glued to the bone word ("lfemur", "rtibia", "lfoot").
    if (t.size() > 3 && (t[0] == 'l' || t[0] == 'r') &&
        roleOf(std::string_view(t).substr(1)) != Role::None) {
      w.sided = true;
      w.side = t[0] == 'l' ? Side::Left : Side::Right;
      core += t.substr(1);
      continue;
    }
    core += t;
  }
  w.role = roleOf(core);
  return w;
}

bool sameKey(const JointWords& a, const JointWords& b) {
  return a.sided && b.sided && a.side == b.side && a.place == b.place;
}

std::string conventionOf(const Skeleton& s) {
  auto any = [&](std::string_view prefix) {
    return std::any_of(s.names.begin(), s.names.end(),
                       [&](const std::string& n) { return n.starts_with(prefix); });
  };
  if (any("mixamorig")) return "Mixamo";
  if (any("CC_Base_")) return "Reallusion CC";
  if (s.find("LeftUpLeg") >= 0) return "CMU";
  if (any("Bip01") || any("Bip001")) return "3ds Max Biped";
  return "side markers and leg words";
}

}  // namespace

std::vector<FoundLeg> legsByNames(const Skeleton& s, std::string& method,
                                  std::vector<std::string>& notes) {
  const int n = s.jointCount();
  std::vector<JointWords> words(n);
  for (int j = 0; j < n; ++j) words[j] = classify(s.names[j]);

  // Per side and position, the ankle closest to its thigh (a foot below an "ankle" joint, or
  // a second foot-like joint, is part of that leg's foot, not a leg of its own).
  std::map<std::pair<int, int>, FoundLeg> best;
  for (int ankle = 0; ankle < n; ++ankle) {
    const JointWords& a = words[ankle];
    if (a.role != Role::Ankle || a.helper || !a.sided) continue;
    int thigh = -1, hip = -1;
    for (int j = s.parents[ankle]; j >= 0 && thigh < 0; j = s.parents[j]) {
      if (words[j].helper || !sameKey(words[j], a)) continue;
      if (words[j].role == Role::Thigh) thigh = j;
      if (words[j].role == Role::Hip && hip < 0) hip = j;
    }
    const int top = thigh >= 0 ? thigh : hip;  // "hip" only when it is the first leg bone
    if (top < 0) continue;
    FoundLeg leg;
    for (int j = ankle; j != top; j = s.parents[j]) leg.chain.push_back(j);
    leg.chain.push_back(top);
    std::reverse(leg.chain.begin(), leg.chain.end());
    if (leg.chain.size() < 3) {
      notes.push_back("'" + s.names[ankle] + "' is named like an ankle but hangs directly below '" +
                      s.names[top] + "': not a leg (a leg needs two bones)");
      continue;
    }
    leg.side = a.side;
    leg.place = a.place;
    const std::pair<int, int> key{static_cast<int>(a.side), static_cast<int>(a.place)};
    const auto it = best.find(key);
    if (it == best.end() || leg.chain.size() < it->second.chain.size()) best[key] = leg;
  }

  std::vector<FoundLeg> out;
  for (auto& [key, leg] : best) {
    // The toe: the nearest joint below the ankle named like a toe (breadth first, so the toe
    // base wins over the toes on it).
    std::vector<int> level{leg.chain.back()};
    for (int depth = 0; depth < 3 && leg.toe < 0 && !level.empty(); ++depth) {
      std::vector<int> next;
      for (int p : level) {
        for (int c : s.children(p)) {
          const JointWords& w = words[c];
          if (leg.toe < 0 && w.role == Role::Toe && !w.helper &&
              (!w.sided || w.side == leg.side)) {
            leg.toe = c;
          }
          next.push_back(c);
        }
      }
      level = std::move(next);
    }
    out.push_back(std::move(leg));
  }
  if (!out.empty()) method = "names (" + conventionOf(s) + ")";
  return out;
}

void sideAndPlaceFromNames(const Skeleton& s, FoundLeg& leg) {
  std::vector<int> joints = leg.chain;
  if (leg.toe >= 0) joints.push_back(leg.toe);
  bool sided = false;
  Place place = Place::None;
  for (int j : joints) {
    const JointWords w = classify(s.names[j]);
    if (w.helper) continue;
    if (w.sided && !sided) {
      sided = true;
      leg.side = w.side;
    }
    if (place == Place::None) place = w.place;
  }
  if (place != Place::None) leg.place = place;
}

}  // namespace fatgraph::legs
