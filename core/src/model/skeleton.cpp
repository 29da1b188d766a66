#include "fatgraph/core/model/skeleton.h"

#include <unordered_set>

namespace fatgraph {

int Skeleton::find(const std::string& name) const {
  for (int i = 0; i < jointCount(); ++i) {
    if (names[i] == name) return i;
  }
  return -1;
}

std::vector<int> Skeleton::children(int joint) const {
  std::vector<int> out;
  for (int i = 0; i < jointCount(); ++i) {
    if (parents[i] == joint) out.push_back(i);
  }
  return out;
}

int Skeleton::depth(int joint) const {
  int d = 0;
  for (int p = parents[joint]; p >= 0; p = parents[p]) ++d;
  return d;
}

int Skeleton::addJoint(std::string name, int parent, const Vec3& restOffset, bool animated) {
  names.push_back(std::move(name));
  parents.push_back(parent);
  restOffsets.push_back(restOffset);
  animatedTranslation.push_back(animated);
  return jointCount() - 1;
}

std::string Skeleton::validate() const {
  const size_t n = names.size();
  if (parents.size() != n || restOffsets.size() != n || animatedTranslation.size() != n) {
    return "joint arrays differ in length";
  }
  if (n == 0) return "skeleton has no joints";
  std::unordered_set<std::string> seen;
  for (size_t i = 0; i < n; ++i) {
    if (parents[i] >= static_cast<int>(i) || parents[i] < -1) {
      return "joint '" + names[i] + "' has parent index " + std::to_string(parents[i]) +
             ", expected a joint listed before it";
    }
    if (!restOffsets[i].allFinite()) return "joint '" + names[i] + "' has a non-finite offset";
    if (!seen.insert(names[i]).second) return "duplicate joint name '" + names[i] + "'";
  }
  if (motionRoot < 0 || motionRoot >= static_cast<int>(n)) {
    return "motion root index " + std::to_string(motionRoot) + " is not a joint";
  }
  for (const EndSite& e : endSites) {
    if (e.parent < 0 || e.parent >= static_cast<int>(n)) return "end site with invalid parent";
    if (!e.offset.allFinite()) return "end site with a non-finite offset";
  }
  return {};
}

bool Skeleton::sameTopology(const Skeleton& other) const {
  return names == other.names && parents == other.parents;
}

// The joints that carry the travel: the motion root and every joint outside its subtree
// hanging from one of its ancestors or from nothing (a glTF rig's IK feet and pole targets
// beside the body under the reference bone, or roots of their own), which the body's travel
// must carry along. The motion root's ancestors stay.
std::vector<int> travelCarriers(const Skeleton& s) {
  const int n = s.jointCount();
  std::vector<bool> ancestor(n, false), inSubtree(n, false);
  for (int j = s.parents[s.motionRoot]; j >= 0; j = s.parents[j]) ancestor[j] = true;
  std::vector<int> out;
  for (int j = 0; j < n; ++j) {
    const int p = s.parents[j];
    inSubtree[j] = j == s.motionRoot || (p >= 0 && inSubtree[p]);
    if (ancestor[j]) continue;
    if (j == s.motionRoot || (!inSubtree[j] && (p < 0 || ancestor[p]))) out.push_back(j);
  }
  return out;
}

}  // namespace fatgraph
