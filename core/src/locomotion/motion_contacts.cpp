#include "fatgraph/core/locomotion/motion_contacts.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <utility>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/model/statistics.h"
#include "ground_measures.h"

namespace fatgraph {
namespace {

// Durations compare frame counts over the rate with the limits in seconds; the tolerance keeps
// a limit that is a whole number of frames (0.1 s at 30 fps) on the side the rule says.
constexpr double kTimeTolerance = 1e-9;

using ground::groundHeight;
using ground::horizontalDistance;

// Horizontal speed at each frame: the central difference, one-sided at the ends.
std::vector<double> horizontalSpeeds(const std::vector<Vec3>& path, double fps) {
  const size_t n = path.size();
  std::vector<double> speed(n, 0.0);
  for (size_t k = 0; n > 1 && k < n; ++k) {
    const size_t before = k > 0 ? k - 1 : 0, after = std::min(k + 1, n - 1);
    speed[k] = horizontalDistance(path[after], path[before]) * fps / double(after - before);
  }
  return speed;
}

// The path's point at fractional frame u (linear between frames).
Vec3 pointAt(const std::vector<Vec3>& path, double u) {
  const size_t k = std::min(size_t(std::floor(u)), path.size() - 1);
  if (k + 1 >= path.size()) return path[k];
  return path[k] + (u - double(k)) * (path[k + 1] - path[k]);
}

// Horizontal length of the path from fractional frame a to b (a <= b).
double pathLength(const std::vector<Vec3>& path, double a, double b) {
  double length = 0;
  Vec3 previous = pointAt(path, a);
  for (double k = std::floor(a) + 1; k < b; k += 1) {
    const Vec3 p = path[size_t(k)];
    length += horizontalDistance(p, previous);
    previous = p;
  }
  return length + horizontalDistance(pointAt(path, b), previous);
}

// Contact runs [first, last], joined across short gaps, keeping the long enough ones.
std::vector<std::pair<int, int>> stanceRuns(const std::vector<bool>& contact, double fps, const ContactRules& rules) {
  std::vector<std::pair<int, int>> runs;
  for (int k = 0; k < int(contact.size()); ++k) {
    if (!contact[size_t(k)]) continue;
    const bool bridged = !runs.empty() && double(k - runs.back().second - 1) / fps <= rules.maxGapSeconds + kTimeTolerance;
    if (bridged) {
      runs.back().second = k;
    } else {
      runs.emplace_back(k, k);
    }
  }
  std::erase_if(runs, [&](const std::pair<int, int>& r) {
    return double(r.second - r.first + 1) / fps < rules.minStanceSeconds - kTimeTolerance;
  });
  return runs;
}

FootContacts measureFoot(const std::vector<Vec3>& path, double fps, const Heightfield* terrain,
                         const ContactRules& rules) {
  FootContacts foot;
  if (path.empty()) return foot;
  std::vector<double> heights(path.size());
  for (size_t k = 0; k < path.size(); ++k) heights[k] = path[k].y() - groundHeight(terrain, path[k]);
  foot.floor = percentile(heights, rules.floorPercentile / 100.0);
  const std::vector<double> speed = horizontalSpeeds(path, fps);
  std::vector<bool> contact(path.size());
  for (size_t k = 0; k < path.size(); ++k) {
    contact[k] = heights[k] - foot.floor <= rules.floorBand && speed[k] < rules.maxHorizontalSpeed;
  }
  std::vector<double> skates, midSkates;
  for (const auto& [first, last] : stanceRuns(contact, fps, rules)) {
    FootStance s;
    s.first = first;
    s.last = last;
    s.skate = horizontalDistance(path[size_t(last)], path[size_t(first)]);
    const double quarter = 0.25 * double(last - first);
    s.midSkate = pathLength(path, first + quarter, last - quarter);
    foot.stances.push_back(s);
    skates.push_back(s.skate);
    midSkates.push_back(s.midSkate);
  }
  if (!skates.empty()) {
    foot.skateMedian = median(std::move(skates));
    foot.midSkateMedian = median(std::move(midSkates));
  }
  return foot;
}

}  // namespace

ContactRules contactRulesForLegs(double meanLegLength) {
  ContactRules rules;
  const double size = std::isfinite(meanLegLength) && meanLegLength > 0 ? std::min(1.0, meanLegLength / 0.9) : 1.0;
  rules.floorBand *= size;
  rules.maxGapSeconds *= size;
  rules.minStanceSeconds *= size;
  return rules;
}

MotionContacts measureMotionContacts(std::span<const std::vector<Vec3>> footPaths, double fps,
                                     const Heightfield* terrain, const ContactRules& rules) {
  if (!(fps > 0) || !std::isfinite(fps)) {
    std::ostringstream rate;
    rate << fps;
    throw Error("motion contacts: the frame rate " + rate.str() + " is not a positive number");
  }
  for (size_t f = 0; f < footPaths.size(); ++f) {
    if (footPaths[f].size() != footPaths.front().size()) {
      throw Error("motion contacts: foot " + std::to_string(f) + " has " + std::to_string(footPaths[f].size()) +
                  " frames, foot 0 has " + std::to_string(footPaths.front().size()));
    }
    for (size_t k = 0; k < footPaths[f].size(); ++k) {
      if (!footPaths[f][k].allFinite()) {
        throw Error("motion contacts: foot " + std::to_string(f) + " is not finite at frame " + std::to_string(k));
      }
    }
  }
  MotionContacts out;
  double skateSum = 0, midSkateSum = 0;
  int feetWithStances = 0;
  for (const std::vector<Vec3>& path : footPaths) {
    out.feet.push_back(measureFoot(path, fps, terrain, rules));
    const FootContacts& foot = out.feet.back();
    out.stances += int(foot.stances.size());
    if (foot.skateMedian) {
      skateSum += *foot.skateMedian;
      midSkateSum += *foot.midSkateMedian;
      ++feetWithStances;
    }
    for (const Vec3& p : path) out.penetration = std::max(out.penetration, groundHeight(terrain, p) - p.y());
  }
  if (feetWithStances > 0) {
    out.skateMedian = skateSum / feetWithStances;
    out.midSkateMedian = midSkateSum / feetWithStances;
  }
  return out;
}

std::vector<int> footPointJoints(const Skeleton& skeleton, std::span<const RuntimeLeg> legs) {
  std::vector<int> joints;
  for (const RuntimeLeg& leg : legs) {
    if (leg.chain.empty()) throw Error("motion contacts: leg '" + leg.name + "' has no joints");
    const int ankle = leg.chain.back();
    if (ankle < 0 || ankle >= skeleton.jointCount()) {
      throw Error("motion contacts: leg '" + leg.name + "' names joint " + std::to_string(ankle) +
                  ", the skeleton has " + std::to_string(skeleton.jointCount()));
    }
    // Rest offsets and the toe tip are both in the ankle's frame.
    const Vec3 toeTip(leg.toeTip[0], leg.toeTip[1], leg.toeTip[2]);
    int foot = ankle;
    double nearest = 0;
    for (int child : skeleton.children(ankle)) {
      const double d = (skeleton.restOffsets[size_t(child)] - toeTip).norm();
      if (foot == ankle || d < nearest) {
        foot = child;
        nearest = d;
      }
    }
    joints.push_back(foot);
  }
  return joints;
}

std::vector<std::vector<Vec3>> jointPaths(const Skeleton& skeleton, const Clip& clip, std::span<const int> joints) {
  const size_t count = size_t(skeleton.jointCount());
  for (int j : joints) {
    if (j < 0 || size_t(j) >= count) {
      throw Error("motion contacts: joint " + std::to_string(j) + " is not one of the skeleton's " +
                  std::to_string(count));
    }
  }
  std::vector<std::vector<Vec3>> paths(joints.size());
  for (std::vector<Vec3>& p : paths) p.reserve(size_t(clip.frameCount()));
  std::vector<Quat> rotations(count);
  std::vector<Vec3> positions(count);
  for (int f = 0; f < clip.frameCount(); ++f) {
    clipFrameToModel(skeleton, clip, f, rotations, positions);
    for (size_t i = 0; i < joints.size(); ++i) paths[i].push_back(positions[size_t(joints[i])]);
  }
  return paths;
}

}  // namespace fatgraph
