#include "fatgraph/core/io/joint_matching.h"

#include <unordered_map>

#include "fatgraph/core/model/error.h"

namespace fatgraph {
namespace {

std::string quoted(const std::string& name) { return "'" + name + "'"; }

// "parent 'X'" or "no parent": how a joint hangs in one file, for the refusal message.
std::string parentOf(const Skeleton& s, int joint) {
  const int p = s.parents[static_cast<size_t>(joint)];
  return p < 0 ? std::string("no parent") : "parent " + quoted(s.names[static_cast<size_t>(p)]);
}

}  // namespace

std::vector<int> matchJoints(const Skeleton& reference, const std::string& referenceFile,
                             const Skeleton& incoming, const std::string& incomingFile) {
  std::unordered_map<std::string, int> incomingIndex;
  for (int j = 0; j < incoming.jointCount(); ++j) incomingIndex.emplace(incoming.names[j], j);

  std::vector<int> order(static_cast<size_t>(reference.jointCount()));
  // Parents first: a renamed joint is reported as missing before its children are reported
  // as hanging under another parent.
  for (int j = 0; j < reference.jointCount(); ++j) {
    const std::string& name = reference.names[static_cast<size_t>(j)];
    const auto found = incomingIndex.find(name);
    if (found == incomingIndex.end()) {
      throw Error("joint " + quoted(name) + " of " + referenceFile + " is missing in " +
                  incomingFile);
    }
    const int k = found->second;
    const int pr = reference.parents[static_cast<size_t>(j)];
    const int pi = incoming.parents[static_cast<size_t>(k)];
    const bool sameParent =
        (pr < 0 && pi < 0) ||
        (pr >= 0 && pi >= 0 &&
         reference.names[static_cast<size_t>(pr)] == incoming.names[static_cast<size_t>(pi)]);
    if (!sameParent) {
      std::string theirs = parentOf(incoming, k);
      // "has parent 'A' in X but 'B' in Y" reads better than repeating "parent".
      if (pr >= 0 && pi >= 0) theirs = quoted(incoming.names[static_cast<size_t>(pi)]);
      throw Error("joint " + quoted(name) + " has " + parentOf(reference, j) + " in " +
                  referenceFile + " but " + theirs + " in " + incomingFile);
    }
    order[static_cast<size_t>(j)] = k;
  }
  if (incoming.jointCount() != reference.jointCount()) {
    // Every reference joint was found, so the incoming file has extra ones.
    std::vector<bool> matched(static_cast<size_t>(incoming.jointCount()), false);
    for (int k : order) matched[static_cast<size_t>(k)] = true;
    for (int k = 0; k < incoming.jointCount(); ++k) {
      if (!matched[static_cast<size_t>(k)]) {
        throw Error("joint " + quoted(incoming.names[static_cast<size_t>(k)]) + " of " +
                    incomingFile + " is missing in " + referenceFile);
      }
    }
  }
  return order;
}

bool isIdentityOrder(const std::vector<int>& order) {
  for (size_t j = 0; j < order.size(); ++j) {
    if (order[j] != static_cast<int>(j)) return false;
  }
  return true;
}

Skeleton reorderJoints(const Skeleton& skeleton, const std::vector<int>& order) {
  std::vector<int> newIndex(order.size(), -1);
  for (size_t j = 0; j < order.size(); ++j) {
    newIndex[static_cast<size_t>(order[j])] = static_cast<int>(j);
  }
  Skeleton out;
  for (int old : order) {
    const auto o = static_cast<size_t>(old);
    const int p = skeleton.parents[o];
    out.addJoint(skeleton.names[o], p < 0 ? -1 : newIndex[static_cast<size_t>(p)],
                 skeleton.restOffsets[o], skeleton.animatedTranslation[o]);
  }
  out.endSites = skeleton.endSites;
  for (EndSite& e : out.endSites) e.parent = newIndex[static_cast<size_t>(e.parent)];
  out.motionRoot = newIndex[static_cast<size_t>(skeleton.motionRoot)];
  return out;
}

Clip reorderJoints(const Clip& clip, const std::vector<int>& order) {
  Clip out = clip;
  for (int f = 0; f < clip.frameCount(); ++f) {
    const auto r = clip.frameRotations(f);
    const auto t = clip.frameTranslations(f);
    auto ro = out.frameRotations(f);
    auto to = out.frameTranslations(f);
    for (size_t j = 0; j < order.size(); ++j) {
      ro[j] = r[static_cast<size_t>(order[j])];
      to[j] = t[static_cast<size_t>(order[j])];
    }
  }
  return out;
}

}  // namespace fatgraph
