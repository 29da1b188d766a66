#pragma once
// Fixtures for joint-order tests: a small rig written as BVH text with any child order (the
// channel values depend on the joint's name and the frame only, so every order holds the same
// motion), and a skeleton and clip rewritten with every joint's children in reverse order.
#include <algorithm>
#include <cmath>
#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph::joint_order_fixtures {

struct RigJoint {
  std::string name, parent;  // parent "" for the root
  Vec3 offset;               // metres
};

// Hips at 0.55 m above its lowest point (the feet's end sites): the hip height by hand.
inline std::vector<RigJoint> smallRig() {
  return {{"Hips", "", {0, 0, 0}},
          {"LeftUpLeg", "Hips", {0.1, -0.05, 0}},
          {"LeftFoot", "LeftUpLeg", {0, -0.45, 0}},
          {"RightUpLeg", "Hips", {-0.1, -0.05, 0}},
          {"RightFoot", "RightUpLeg", {0, -0.45, 0}},
          {"Spine", "Hips", {0, 0.1, 0}},
          {"Head", "Spine", {0, 0.4, 0}}};
}

// A joint's channel values at a frame: distinct per joint and frame, the same in every file.
inline std::vector<double> channels(const std::string& name, int frame, bool root) {
  double seed = 0;
  for (char c : name) seed += static_cast<unsigned char>(c);
  std::vector<double> v;
  if (root) v = {0.1 * frame, 0.9 + 0.01 * std::sin(frame), 0.05 * frame};
  for (int k = 0; k < 3; ++k) v.push_back(25.0 * std::sin(0.3 * frame + seed * 0.1 + k));
  return v;
}

// BVH text of `rig` with each joint's children listed in the order `childOrder` gives
// (a list of names; joints not in it keep rig order after those in it). Leaves get an End
// Site of (0, -0.05, 0.1) m times `endSiteScale`.
inline std::string rigBvh(const std::vector<RigJoint>& rig,
                          const std::vector<std::string>& childOrder, int frames,
                          double frameTime, double endSiteScale = 1.0) {
  auto rank = [&](const std::string& n) {
    const auto it = std::find(childOrder.begin(), childOrder.end(), n);
    return static_cast<int>(it - childOrder.begin());  // past the list: after those in it
  };
  std::ostringstream s;
  std::vector<std::string> written;
  std::function<void(const RigJoint&, int)> write = [&](const RigJoint& j, int depth) {
    const std::string pad(static_cast<size_t>(depth), ' ');
    s << pad << (j.parent.empty() ? "ROOT " : "JOINT ") << j.name << "\n" << pad << "{\n";
    s << pad << " OFFSET " << j.offset.x() << " " << j.offset.y() << " " << j.offset.z() << "\n";
    s << pad << (j.parent.empty() ? " CHANNELS 6 Xposition Yposition Zposition" : " CHANNELS 3")
      << " Zrotation Xrotation Yrotation\n";
    written.push_back(j.name);
    std::vector<const RigJoint*> kids;
    for (const RigJoint& c : rig) {
      if (c.parent == j.name) kids.push_back(&c);
    }
    std::stable_sort(kids.begin(), kids.end(), [&](const RigJoint* a, const RigJoint* b) {
      return rank(a->name) < rank(b->name);
    });
    for (const RigJoint* c : kids) write(*c, depth + 1);
    if (kids.empty()) {
      s << pad << " End Site\n" << pad << " {\n" << pad << "  OFFSET 0 " << -0.05 * endSiteScale
        << " " << 0.1 * endSiteScale << "\n" << pad << " }\n";
    }
    s << pad << "}\n";
  };
  s << "HIERARCHY\n";
  write(rig.front(), 0);
  s << "MOTION\nFrames: " << frames << "\nFrame Time: " << frameTime << "\n";
  for (int f = 0; f < frames; ++f) {
    for (const std::string& n : written) {
      for (double v : channels(n, f, n == rig.front().name)) s << v << " ";
    }
    s << "\n";
  }
  return s.str();
}

// The same rig with every joint's children listed in reverse order, built by hand depth
// first (parents still first), and the clip's channels in that order.
inline std::pair<Skeleton, Clip> reversedChildOrder(const Skeleton& s, const Clip& clip) {
  std::vector<int> order, newIndex(s.jointCount());
  std::function<void(int)> visit = [&](int j) {
    newIndex[j] = int(order.size());
    order.push_back(j);
    const std::vector<int> kids = s.children(j);
    for (auto it = kids.rbegin(); it != kids.rend(); ++it) visit(*it);
  };
  visit(0);
  Skeleton out;
  for (int old : order) {
    out.addJoint(s.names[old], s.parents[old] < 0 ? -1 : newIndex[s.parents[old]],
                 s.restOffsets[old], s.animatedTranslation[old]);
  }
  for (const EndSite& e : s.endSites) out.endSites.push_back({newIndex[e.parent], e.offset});
  Clip moved = clip;
  for (int f = 0; f < clip.frameCount(); ++f) {
    for (size_t k = 0; k < order.size(); ++k) {
      moved.frameRotations(f)[k] = clip.frameRotations(f)[order[k]];
      moved.frameTranslations(f)[k] = clip.frameTranslations(f)[order[k]];
    }
  }
  return {out, moved};
}

}  // namespace fatgraph::joint_order_fixtures
