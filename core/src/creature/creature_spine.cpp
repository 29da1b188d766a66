// The spine (seed 001, "rig"): joints on the trunk's ring centres at even spacing from the
// tail's end to the head's, the skin of the trunk by its four nearest bones, and the bend per
// bone that the skin carries into the trunk.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "creature_parts.h"
#include "fatgraph/core/model/quaternion.h"

namespace fatgraph::creature {

SpinePlan planSpine(const Trunk& trunk, CreatureType type) {
  const double length = trunk.points[trunk.headPole()].z() - trunk.points.front().z();
  const int n = std::clamp(static_cast<int>(std::lround(6 + 3 * length)), 6, 14);
  SpinePlan spine;
  for (int i = 0; i < n; ++i) {
    const int ring = static_cast<int>(std::lround(double(i) * (trunk.rings - 1) / (n - 1)));
    spine.ringOf.push_back(ring);
    spine.joints.push_back(trunk.ringCentre(ring));
  }
  spine.root = type == CreatureType::Swim ? n - 1 : (n - 1) / 2;
  return spine;
}

namespace {

// A bone segment of the trunk and the spine joint that owns it: segments between neighbours
// belong to the joint nearer the root, the end segments (to the poles) to the end joints.
struct Segment {
  Vec3 a, b;
  int joint;
};

std::vector<Segment> segmentsOf(const Trunk& trunk, const SpinePlan& spine) {
  const int n = static_cast<int>(spine.joints.size());
  std::vector<Segment> out;
  out.push_back({trunk.points.front(), spine.joints[0], 0});
  for (int k = 0; k + 1 < n; ++k)
    out.push_back({spine.joints[k], spine.joints[k + 1], k >= spine.root ? k : k + 1});
  out.push_back({spine.joints[n - 1], trunk.points[trunk.headPole()], n - 1});
  return out;
}

double distanceToSegment(const Vec3& p, const Vec3& a, const Vec3& b) {
  const Vec3 ab = b - a;
  const double len2 = ab.squaredNorm();
  const double t = len2 > 0 ? std::clamp((p - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
  return (p - (a + ab * t)).norm();
}

}  // namespace

TrunkSkin skinTrunk(const Trunk& trunk, const SpinePlan& spine) {
  const int n = static_cast<int>(spine.joints.size());
  const std::vector<Segment> segments = segmentsOf(trunk, spine);
  const double length = trunk.points[trunk.headPole()].z() - trunk.points.front().z();
  const double soft = 0.02 * length;  // keeps a vertex on a bone from taking it alone
  TrunkSkin skin;
  std::vector<double> nearest(n);
  std::vector<int> order(n);
  for (const Vec3& p : trunk.points) {
    std::fill(nearest.begin(), nearest.end(), std::numeric_limits<double>::infinity());
    for (const Segment& s : segments)
      nearest[s.joint] = std::min(nearest[s.joint], distanceToSegment(p, s.a, s.b));
    for (int k = 0; k < n; ++k) order[k] = k;
    std::partial_sort(order.begin(), order.begin() + kMaxSkinInfluences, order.end(),
                      [&](int x, int y) { return nearest[x] < nearest[y]; });
    std::array<int, kMaxSkinInfluences> joints{};
    std::array<double, kMaxSkinInfluences> weights{};
    double sum = 0;
    for (int i = 0; i < kMaxSkinInfluences; ++i) {
      joints[i] = order[i];
      // Inverse squared distance, less that of the fifth-nearest bone's so the weight fades
      // to zero where a bone drops out of the four (no seam between neighbouring vertices).
      const double cut = n > kMaxSkinInfluences ? nearest[order[kMaxSkinInfluences]] : 1e30;
      const double d = nearest[order[i]];
      weights[i] = std::max(0.0, 1 / (d * d + soft * soft) - 1 / (cut * cut + soft * soft));
      sum += weights[i];
    }
    if (!(sum > 0)) weights = {1, 0, 0, 0}, sum = 1;
    for (double& w : weights) w /= sum;
    skin.joints.push_back(joints);
    skin.weights.push_back(weights);
  }
  return skin;
}

void bendSpine(Random& random, Trunk& trunk, SpinePlan& spine, const TrunkSkin& skin) {
  const int n = static_cast<int>(spine.joints.size());
  const double perBone = (200.0 / (n - 1)) * std::numbers::pi / 180;
  const double chainLimit = 100.0 * std::numbers::pi / 180;
  std::vector<double> angle(n, 0.0);  // a joint's own pitch, positive raising its chain's end
  double front = 0, back = 0;
  for (int k = spine.root; k < n - 1; ++k) front += angle[k] = random.uniform(-0.3 * perBone, perBone);
  for (int k = spine.root; k > 0; --k) back += angle[k] = random.uniform(-perBone, perBone);
  if (spine.root > 0 && spine.root < n - 1) {  // the root turns neither chain by itself
    front -= angle[spine.root];
    back -= angle[spine.root];
    angle[spine.root] = 0;
  }
  const double frontScale = std::abs(front) > chainLimit ? chainLimit / std::abs(front) : 1.0;
  const double backScale = std::abs(back) > chainLimit ? chainLimit / std::abs(back) : 1.0;

  // Each joint's transform: the cumulative turn of the joints between it and the root.
  std::vector<Quat> turn(n, Quat::Identity());
  std::vector<Vec3> bent = spine.joints;
  for (int k = spine.root; k < n - 1; ++k) {  // towards the head: raise about -X
    turn[k] = (k > spine.root ? turn[k - 1] : Quat::Identity()) *
              Quat(Eigen::AngleAxisd(angle[k] * frontScale, -Vec3::UnitX()));
    bent[k + 1] = bent[k] + turn[k] * (spine.joints[k + 1] - spine.joints[k]);
  }
  if (n - 1 > spine.root) turn[n - 1] = turn[n - 2];
  for (int k = spine.root; k > 0; --k) {  // towards the tail: raise about +X
    turn[k] = (k < spine.root ? turn[k + 1] : Quat::Identity()) *
              Quat(Eigen::AngleAxisd(angle[k] * backScale, Vec3::UnitX()));
    bent[k - 1] = bent[k] + turn[k] * (spine.joints[k - 1] - spine.joints[k]);
  }
  if (spine.root > 0) turn[0] = turn[1];
  turn[spine.root] = Quat::Identity();
  for (size_t v = 0; v < trunk.points.size(); ++v) {
    Vec3 moved = Vec3::Zero();
    for (int i = 0; i < kMaxSkinInfluences; ++i) {
      const int j = skin.joints[v][i];
      moved += skin.weights[v][i] * (bent[j] + turn[j] * (trunk.points[v] - spine.joints[j]));
    }
    trunk.points[v] = moved;
  }
  spine.joints = bent;
}

Attachments attachmentsOf(const Trunk& trunk, int ring) {
  const int first = trunk.ringStart(ring);
  Attachments a{trunk.points[first], trunk.points[first], trunk.points[first], trunk.points[first]};
  for (int i = 0; i < trunk.segments; ++i) {
    const Vec3& p = trunk.points[first + i];
    if (p.x() > a.left.x()) a.left = p;
    if (p.x() < a.right.x()) a.right = p;
    if (p.y() > a.top.y()) a.top = p;
    if (p.y() < a.bottom.y()) a.bottom = p;
  }
  return a;
}

}  // namespace fatgraph::creature
