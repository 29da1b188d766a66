// bodyLayout: the spine and head, the legs (detectLegs), the other limbs and their hands.
#include <algorithm>
#include <cctype>
#include <string>

#include "body_layout.h"
#include "fatgraph/core/locomotion/leg_detection.h"

namespace fatgraph::body {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool endsWith(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

void subtree(const RestGeometry& rest, int top, std::vector<int>& out) {
  out.push_back(top);
  for (int c : rest.children[top]) subtree(rest, c, out);
}

// The head: a joint named "...head" nearest the root (Head, CC_Base_Head, mixamorig:Head; not
// HeadTop_End), else the owner of the bone ending highest at a leaf (the chain that ends in the
// topmost leaf is the neck and head). The root itself is never the head.
int findHead(const Skeleton& skeleton, const RestGeometry& rest) {
  int best = -1;
  for (int j = 1; j < skeleton.jointCount(); ++j) {
    if (endsWith(lower(skeleton.names[j]), "head") &&
        (best < 0 || skeleton.depth(j) < skeleton.depth(best)))
      best = j;
  }
  if (best >= 0) return best;
  double top = 0;
  for (const Bone& b : rest.bones) {
    const bool leaf = b.endSite >= 0 || rest.bonesOf[b.child].empty();
    if (!leaf || b.joint == 0) continue;
    const double y = b.end.y() + 1e-9 * skeleton.depth(b.joint);  // deeper wins a tie
    if (best < 0 || y > top) {
      best = b.joint;
      top = y;
    }
  }
  return best;
}

double branchReach(const RestGeometry& rest, const std::vector<int>& joints, int from) {
  double reach = 0;
  for (int j : joints) reach = std::max(reach, (rest.joints[j] - rest.joints[from]).norm());
  for (int j : joints)
    for (int b : rest.bonesOf[j]) reach = std::max(reach, (rest.bones[b].end - rest.joints[from]).norm());
  return reach;
}

// The limb's main chain from `child`: at every joint, the child whose branch reaches furthest,
// down to a leaf.
std::vector<int> mainChain(const RestGeometry& rest, int child) {
  std::vector<int> chain{child};
  for (int j = child; !rest.children[j].empty();) {
    int next = -1;
    double reach = -1;
    for (int c : rest.children[j]) {
      std::vector<int> below;
      subtree(rest, c, below);
      const double r = branchReach(rest, below, j);
      if (r > reach) {
        reach = r;
        next = c;
      }
    }
    chain.push_back(next);
    j = next;
  }
  return chain;
}

// Marks an arm, tail or other limb hanging from `spineJoint` through `child`: along its main
// chain (the longest way to a tip) the fraction of the limb's length, and a hand from the
// joint named "hand" or "wrist", else from the end of the chain's last long bone. Returns the
// limb's shoulder: where its longest bone before the hand begins (the upper arm, not the
// clavicle), which is what sets the width of the chest.
Vec3 markLimb(const Skeleton& skeleton, const RestGeometry& rest, int spineJoint, int child,
              BodyLayout& layout) {
  const std::vector<int> chain = mainChain(rest, child);
  std::vector<double> along(chain.size());  // length from the spine joint to chain[i]
  double total = 0;
  int prev = spineJoint;
  for (size_t i = 0; i < chain.size(); ++i) {
    total += (rest.joints[chain[i]] - rest.joints[prev]).norm();
    along[i] = total;
    prev = chain[i];
  }
  double tip = total;
  for (int b : rest.bonesOf[chain.back()]) tip = std::max(tip, total + rest.bones[b].length);

  int wrist = -1;
  for (size_t i = 1; i < chain.size() && wrist < 0; ++i) {
    const std::string n = lower(skeleton.names[chain[i]]);
    if (n.find("hand") != std::string::npos || n.find("wrist") != std::string::npos)
      wrist = static_cast<int>(i);
  }
  if (wrist < 0) {
    for (size_t i = 1; i < chain.size(); ++i) {
      if (along[i] - along[i - 1] >= 0.2 * tip) wrist = static_cast<int>(i);
    }
    // A last long bone ending at the tip (a tail's) leaves no hand.
    if (wrist >= 0 && (rest.bonesOf[chain[wrist]].empty() || tip - along.back() >= 0.2 * tip))
      wrist = -1;
  }
  const double scale = wrist > 0 ? along[wrist] : tip;

  std::vector<int> joints;
  subtree(rest, child, joints);
  for (int j : joints) {
    layout.region[j] = Region::Limb;
    layout.limbScale[j] = scale;
  }
  for (size_t i = 0; i < chain.size(); ++i)
    layout.limbFraction[chain[i]] = std::min(1.0, along[i] / std::max(scale, 1e-12));
  for (int j : joints) {  // side joints take their nearest chain ancestor's fraction
    if (std::find(chain.begin(), chain.end(), j) != chain.end()) continue;
    int a = skeleton.parents[j];
    while (a >= 0 && std::find(chain.begin(), chain.end(), a) == chain.end()) a = skeleton.parents[a];
    if (a >= 0) layout.limbFraction[j] = layout.limbFraction[a];
  }
  if (wrist > 0) {
    std::vector<int> hand;
    subtree(rest, chain[wrist], hand);
    double reach = 0;
    for (int j : hand)
      for (int b : rest.bonesOf[j])
        reach = std::max(reach, (rest.bones[b].end - rest.joints[chain[wrist]]).norm());
    for (int j : hand) {
      layout.region[j] = Region::Hand;
      layout.wristOf[j] = chain[wrist];
      layout.handReach[j] = reach;
    }
  }
  const size_t last = wrist > 0 ? static_cast<size_t>(wrist) : chain.size() - 1;
  size_t longest = 0;
  for (size_t i = 1; i <= last; ++i) {
    if (along[i] - along[i - 1] > along[longest] - (longest > 0 ? along[longest - 1] : 0.0))
      longest = i;
  }
  return longest == 0 ? rest.joints[spineJoint] : rest.joints[chain[longest - 1]];
}

// Every joint unassigned, with a limb scale of a typical leg until a step says otherwise.
BodyLayout emptyLayout(int n, const RestGeometry& rest) {
  BodyLayout layout;
  layout.region.assign(n, Region::None);
  layout.limbScale.assign(n, 0.45 * rest.size);
  layout.limbFraction.assign(n, 0.0);
  layout.ankleHeight.assign(n, 0.0);
  layout.wristOf.assign(n, -1);
  layout.handReach.assign(n, 0.0);
  return layout;
}

// The head's subtree and its bone, and the spine from the root up to the head (the root alone
// when there is no head).
void markSpineAndHead(const Skeleton& skeleton, const RestGeometry& rest, BodyLayout& layout) {
  layout.head = findHead(skeleton, rest);
  if (layout.head > 0) {
    for (int j = layout.head; j >= 0; j = skeleton.parents[j]) layout.spine.push_back(j);
    std::reverse(layout.spine.begin(), layout.spine.end());
    std::vector<int> head;
    subtree(rest, layout.head, head);
    for (int j : head) layout.region[j] = Region::Head;
    // The head joint's own longest bone, else the longest below it (a face rig's).
    double best = 0;
    for (int pass = 0; pass < 2 && layout.headBone < 0; ++pass) {
      for (int j : head) {
        if (pass == 0 && j != layout.head) continue;
        for (int b : rest.bonesOf[j]) {
          if (rest.bones[b].length > best) {
            best = rest.bones[b].length;
            layout.headBone = b;
          }
        }
      }
    }
  } else {
    layout.head = -1;
    layout.spine.push_back(0);
  }
  for (int j : layout.spine) layout.region[j] = Region::Spine;
  if (layout.head > 0) layout.region[layout.head] = Region::Head;
}

// Legs: the chain hip -> ankle, the foot at the ankle, toes below it. Returns, per joint, the
// length of the leg it belongs to (0 off the legs).
std::vector<double> markLegs(const LegSetup& legs, const RestGeometry& rest, BodyLayout& layout) {
  std::vector<double> legOf(layout.region.size(), 0.0);
  for (const Leg& leg : legs.legs) {
    if (std::any_of(leg.chain.begin(), leg.chain.end(),
                    [&](int j) { return layout.region[j] != Region::None; }))
      continue;  // a "leg" through the spine or head is not one to dress as a leg
    const double length = leg.length > 0 ? leg.length : 0.45 * rest.size;
    double along = 0;
    for (size_t i = 0; i < leg.chain.size(); ++i) {
      const int j = leg.chain[i];
      if (i > 0) along += (rest.joints[j] - rest.joints[leg.chain[i - 1]]).norm();
      layout.region[j] = Region::Leg;
      layout.limbScale[j] = length;
      layout.limbFraction[j] = std::min(1.0, along / length);
    }
    std::vector<int> foot;
    subtree(rest, leg.ankle(), foot);
    for (int j : foot) {
      layout.region[j] = j == leg.ankle() ? Region::Foot : Region::Toe;
      layout.limbScale[j] = length;
      layout.limbFraction[j] = 1.0;
      layout.ankleHeight[j] = rest.joints[leg.ankle()].y() - rest.groundY;
    }
    for (int j : leg.chain) legOf[j] = length;
  }
  return legOf;
}

// One branch off spine joint `s` through child `c` that holds a leg: its other joints become
// LegOther, and each leg hip inside it is a root (also when one branch holds both legs,
// Reallusion's Pelvis).
void markLegBranch(const LegSetup& legs, const RestGeometry& rest, const std::vector<int>& joints,
                   const std::vector<double>& legOf, double legLength, BodyLayout& layout,
                   std::vector<Vec3>& roots) {
  for (int j : joints) {
    if (layout.region[j] == Region::None) {
      layout.region[j] = Region::LegOther;
      layout.limbScale[j] = legLength;
    }
  }
  for (const Leg& leg : legs.legs) {
    if (legOf[leg.hip()] > 0 && std::find(joints.begin(), joints.end(), leg.hip()) != joints.end())
      roots.push_back(rest.joints[leg.hip()]);
  }
}

// Branches off the spine below the head: legs and other limbs. Where they attach sets the
// torso's width there (halfSpread, legsAttach, attachRoots per spine joint).
void markSpineBranches(const Skeleton& skeleton, const RestGeometry& rest, const LegSetup& legs,
                       const std::vector<double>& legOf, BodyLayout& layout) {
  const int count = static_cast<int>(layout.spine.size());
  layout.halfSpread.assign(count, 0.0);
  layout.legsAttach.assign(count, false);
  layout.attachRoots.assign(count, {});
  for (int k = 0; k < count; ++k) {
    const int s = layout.spine[k];
    if (s == layout.head) break;
    std::vector<Vec3> roots;
    for (int c : rest.children[s]) {
      if (k + 1 < count && c == layout.spine[k + 1]) continue;
      std::vector<int> joints;
      subtree(rest, c, joints);
      double legLength = 0;
      for (int j : joints) legLength = std::max(legLength, legOf[j]);
      if (legLength > 0) {
        markLegBranch(legs, rest, joints, legOf, legLength, layout, roots);
        layout.legsAttach[k] = true;
        continue;
      }
      const Vec3 shoulder = markLimb(skeleton, rest, s, c, layout);
      if (branchReach(rest, joints, s) >= 0.1 * rest.size) roots.push_back(shoulder);
    }
    double spread = 0;
    for (const Vec3& a : roots)
      for (const Vec3& b : roots) spread = std::max(spread, (a - b).norm());
    layout.halfSpread[k] = 0.5 * spread;
    layout.attachRoots[k] = roots;
  }
}

// Torso from the first place legs attach (else the first attachment) to the last
// attachment; above it the neck. With one attachment, the lower 70% of the way to the head.
void placeTorso(const RestGeometry& rest, BodyLayout& layout) {
  const int count = static_cast<int>(layout.spine.size());
  int first = -1, last = -1;
  for (int k = 0; k < count; ++k) {
    if (layout.halfSpread[k] <= 0) continue;
    if (first < 0 || (layout.legsAttach[k] && !layout.legsAttach[first])) first = k;
    last = k;
  }
  const int headIndex = count - 1;
  layout.torsoBegin = first < 0 ? 0 : std::min(first, std::max(0, headIndex - 1));
  if (last > layout.torsoBegin) {
    layout.torsoEnd = last;
  } else {
    double total = 0;
    for (int k = layout.torsoBegin; k < headIndex; ++k)
      total += (rest.joints[layout.spine[k + 1]] - rest.joints[layout.spine[k]]).norm();
    double along = 0;
    int k = layout.torsoBegin;
    while (k < headIndex && along < 0.7 * total) {
      along += (rest.joints[layout.spine[k + 1]] - rest.joints[layout.spine[k]]).norm();
      ++k;
    }
    layout.torsoEnd = k;
  }
}

}  // namespace

BodyLayout bodyLayout(const Skeleton& skeleton, const RestGeometry& rest) {
  BodyLayout layout = emptyLayout(skeleton.jointCount(), rest);
  markSpineAndHead(skeleton, rest, layout);
  const LegSetup legs = detectLegs(skeleton);
  const std::vector<double> legOf = markLegs(legs, rest, layout);
  markSpineBranches(skeleton, rest, legs, legOf, layout);
  placeTorso(rest, layout);
  return layout;
}

}  // namespace fatgraph::body
