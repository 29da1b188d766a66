// The limbs (seed 001, "limbs"): where legs attach by the paper's rules, how long they are
// (from the attachment's height above the ground), and arms, wings and fins.
#include <algorithm>
#include <cmath>

#include "creature_parts.h"

namespace fatgraph::creature {

namespace {

// A place legs may attach: a spine joint of the body's middle, its ring's half-width and the
// height a leg hanging there would have.
struct Socket {
  int spineIndex;
  int ring;
  double z, halfWidth, hipHeight;
  double legLength() const { return hipHeight / 0.92; }  // the knee slightly bent at rest
  double sweep() const { return 0.25 * legLength(); }    // half the span a walking leg needs
};

std::vector<Socket> sockets(const LimbContext& c) {
  const int n = static_cast<int>(c.spine.joints.size());
  std::vector<Socket> out;
  for (int k = 1; k + 1 < n; ++k) {
    const double along = double(k) / (n - 1);
    if (along < 0.12 || along > 0.88) continue;
    const Attachments a = attachmentsOf(c.trunk, c.spine.ringOf[k]);
    const Vec3& joint = c.spine.joints[k];
    const double hip = a.bottom.y() + 0.3 * (joint.y() - a.bottom.y());
    out.push_back({k, c.spine.ringOf[k], joint.z(), a.halfWidth(), std::max(hip, 1e-3)});
  }
  return out;
}

bool overlaps(const Socket& a, const Socket& b) {
  return std::abs(a.z - b.z) < a.sweep() + b.sweep();
}

bool fits(const std::vector<int>& chosen, const std::vector<Socket>& s, int candidate) {
  for (int c : chosen)
    if (c == candidate || overlaps(s[c], s[candidate])) return false;
  return true;
}

int nearestTo(const std::vector<Socket>& s, double z, const std::vector<int>& skip) {
  int best = -1;
  for (int i = 0; i < static_cast<int>(s.size()); ++i)
    if (std::find(skip.begin(), skip.end(), i) == skip.end() &&
        (best < 0 || std::abs(s[i].z - z) < std::abs(s[best].z - z)))
      best = i;
  return best;
}

// The paper's rules for walkers. Long and low (longer than three times its standing height)
// or a tube (narrowest >= 75 % of widest): as many pairs as fit without overlapping. Else the
// widest socket; the next widest that does not overlap if it is >= 75 % of the widest;
// otherwise a single pair when the widest sits within two bones of the centre (a biped, put
// under the centre of mass so it balances), else the nearest free socket on the other side of
// the centre. Then balance: a body whose legs all sit to one side of its centre of mass gets
// the nearest free socket on the other side.
std::vector<int> ruledSockets(const std::vector<Socket>& s, const LimbContext& c, double length) {
  int widest = 0, narrowest = 0;
  for (int i = 0; i < static_cast<int>(s.size()); ++i) {
    if (s[i].halfWidth > s[widest].halfWidth) widest = i;
    if (s[i].halfWidth < s[narrowest].halfWidth) narrowest = i;
  }
  std::vector<int> chosen;
  const bool longLow = length > 3 * s[widest].hipHeight;
  if (longLow || s[narrowest].halfWidth >= 0.75 * s[widest].halfWidth) {
    for (int i = 0; i < static_cast<int>(s.size()) && chosen.size() < 8; ++i)
      if (fits(chosen, s, i)) chosen.push_back(i);
    if (chosen.size() < 2 && s.size() >= 2) chosen = {0, static_cast<int>(s.size()) - 1};
    return chosen;
  }
  chosen.push_back(widest);
  int next = -1;
  for (int i = 0; i < static_cast<int>(s.size()); ++i)
    if (fits(chosen, s, i) && (next < 0 || s[i].halfWidth > s[next].halfWidth)) next = i;
  const int centre = static_cast<int>(c.spine.joints.size() - 1) / 2;
  if (next >= 0 && s[next].halfWidth >= 0.75 * s[widest].halfWidth) {
    chosen.push_back(next);
  } else if (std::abs(s[widest].spineIndex - centre) <= 2) {
    return {nearestTo(s, c.centreOfMass.z(), {})};
  } else {
    int other = -1;
    for (int i = 0; i < static_cast<int>(s.size()); ++i)
      if (fits(chosen, s, i) && (s[i].z - c.centreOfMass.z()) * (s[widest].z - c.centreOfMass.z()) < 0 &&
          (other < 0 || std::abs(s[i].z - s[widest].z) < std::abs(s[other].z - s[widest].z)))
        other = i;
    if (other >= 0) chosen.push_back(other);
  }
  bool front = false, back = false;
  for (int i : chosen) (s[i].z > c.centreOfMass.z() ? front : back) = true;
  if (!(front && back)) {
    int other = -1;
    for (int i = 0; i < static_cast<int>(s.size()); ++i)
      if ((s[i].z > c.centreOfMass.z()) != front && std::find(chosen.begin(), chosen.end(), i) == chosen.end() &&
          (other < 0 || std::abs(s[i].z - c.centreOfMass.z()) > std::abs(s[other].z - c.centreOfMass.z())))
        other = i;
    if (other >= 0) chosen.push_back(other);
  }
  return chosen;
}

// The knee of a two-bone chain from `hip` to `ankle`, bent towards `forward`.
Vec3 kneeBetween(const Vec3& hip, const Vec3& ankle, double upper, double lower, const Vec3& forward) {
  const Vec3 axis = ankle - hip;
  const double d = std::clamp(axis.norm(), 1.001 * std::abs(upper - lower), 0.999 * (upper + lower));
  const Vec3 u = axis.normalized();
  const double along = (upper * upper - lower * lower + d * d) / (2 * d);
  const double across = std::sqrt(std::max(0.0, upper * upper - along * along));
  Vec3 w = forward - u * forward.dot(u);
  w = w.norm() > 1e-9 ? Vec3(w.normalized()) : Vec3(u.unitOrthogonal());
  return hip + u * along + w * across;
}

// A leg pair at height `hipY`, z `z`, from spine joint `spineIndex`: hip on the lower side of
// the ring, ankle under it, the foot forward to a toe on the ground (walkers) or hanging
// (flyers, `reach` the fraction of the hip height the leg spans).
void addLegPair(Random& random, const LimbContext& c, int spineIndex, int ring, double z, int pair,
                double footScale, std::vector<LimbPlan>& out) {
  const Attachments a = attachmentsOf(c.trunk, ring);
  const Vec3& joint = c.spine.joints[spineIndex];
  const double hipY = std::max(a.bottom.y() + 0.3 * (joint.y() - a.bottom.y()), 1e-3);
  const bool walk = c.type == CreatureType::Walk;
  const double length = walk ? hipY / 0.92 : (joint.y() - a.bottom.y() + 0.05) * random.uniform(1.5, 3.0);
  const double upperShare = random.uniform(0.45, 0.55);
  const double ankleLift = 0.06 * length;
  for (int side : {+1, -1}) {
    LimbPlan leg;
    leg.kind = LimbKind::Leg;
    leg.side = side;
    leg.pair = pair;
    leg.spineIndex = spineIndex;
    const Vec3 hip(side * 0.8 * a.halfWidth(), hipY, z);
    const double foot = footScale * length;
    // A walker's foot is centred under its hip (the ankle a third of the foot behind it), so a
    // biped's pair under the centre of mass stands on it.
    const Vec3 ankle = walk ? Vec3(side * 0.9 * a.halfWidth(), ankleLift, z - 0.35 * foot)
                            : Vec3(hip.x(), hipY - 0.85 * length, z - 0.2 * length);
    const Vec3 knee = kneeBetween(hip, ankle, upperShare * length, (1 - upperShare) * length, Vec3::UnitZ());
    leg.joints = {hip, knee, ankle};
    leg.end = walk ? Vec3(ankle.x(), 0, ankle.z() + foot) : ankle + Vec3(0, -0.3 * ankleLift, 0.5 * foot);
    const double thick = 0.07 * length;
    leg.width = {thick, 0.8 * thick, 0.9 * thick};
    leg.depth = {thick, 0.8 * thick, 0.4 * thick};
    out.push_back(leg);
  }
}

void addLegs(Random& random, const LimbContext& c, std::vector<LimbPlan>& out) {
  const std::vector<Socket> s = sockets(c);
  if (s.empty()) return;
  const double length = c.trunk.points[c.trunk.headPole()].z() - c.trunk.points.front().z();
  std::vector<double> zs;
  if (c.legPairs > 0 || c.type == CreatureType::Fly) {  // asked-for pairs, evenly spread
    const int pairs = c.legPairs > 0 ? c.legPairs : random.integer(1, 3);
    for (int p = 0; p < pairs; ++p)
      zs.push_back(pairs == 1 ? c.centreOfMass.z()
                              : s.front().z + (s.back().z - s.front().z) * p / (pairs - 1));
  } else {
    for (int i : ruledSockets(s, c, length)) zs.push_back(s[i].z);
  }
  std::sort(zs.begin(), zs.end(), std::greater<>());  // front pair first
  const double footScale = zs.size() == 1 ? 0.45 : 0.25;  // a biped stands on longer feet
  for (int p = 0; p < static_cast<int>(zs.size()); ++p) {
    const Socket& near = s[nearestTo(s, zs[p], {})];
    addLegPair(random, c, near.spineIndex, near.ring, zs[p], p, footScale, out);
  }
}

// Arms, at random: halfway between the head and the first legs, hanging forward, never to the
// ground.
void addArms(Random& random, const LimbContext& c, std::vector<LimbPlan>& out) {
  if (out.empty() || !random.chance(0.4)) return;
  const int n = static_cast<int>(c.spine.joints.size());
  const double headZ = c.spine.joints[n - 1].z();
  const double frontLeg = out.front().joints[0].z();
  int k = 0;
  for (int i = 1; i < n - 1; ++i)
    if (std::abs(c.spine.joints[i].z() - 0.5 * (headZ + frontLeg)) <
        std::abs(c.spine.joints[k].z() - 0.5 * (headZ + frontLeg)))
      k = i;
  if (c.spine.joints[k].z() <= frontLeg + 0.3 * out.front().joints[0].y()) return;
  const Attachments a = attachmentsOf(c.trunk, c.spine.ringOf[k]);
  const Vec3& joint = c.spine.joints[k];
  const double length = 0.6 * std::max(joint.y(), 0.05);
  for (int side : {+1, -1}) {
    LimbPlan arm;
    arm.kind = LimbKind::Arm;
    arm.side = side;
    arm.spineIndex = k;
    const Vec3 shoulder(side * 0.9 * a.halfWidth(), joint.y(), joint.z());
    const Vec3 elbow = shoulder + Vec3(side * 0.05, -0.45, -0.1) * length;
    const Vec3 wrist = elbow + Vec3(0, -0.2, 0.35) * length;
    arm.joints = {shoulder, elbow, wrist};
    arm.end = wrist + Vec3(0, -0.05, 0.15) * length;
    const double thick = 0.06 * length;
    arm.width = {thick, 0.8 * thick, 0.9 * thick};
    arm.depth = {thick, 0.8 * thick, 0.5 * thick};
    out.push_back(arm);
  }
}

// Flyers: buzzing wings (one bone, on the top of a bone of the spine's front half, random
// proportions) or flapping wings (two bones, on the middle bone's sides, uniform scale).
void addWings(Random& random, const LimbContext& c, std::vector<LimbPlan>& out) {
  const int n = static_cast<int>(c.spine.joints.size());
  const double length = c.trunk.points[c.trunk.headPole()].z() - c.trunk.points.front().z();
  const bool buzzing = random.chance(0.5);
  const int k = buzzing ? random.integer(c.spine.root, n - 2) : c.spine.root;
  const Attachments a = attachmentsOf(c.trunk, c.spine.ringOf[k]);
  const double span = length * (buzzing ? random.uniform(0.4, 0.8) : random.uniform(0.6, 1.0));
  const Vec3 shape = buzzing ? Vec3(random.uniform(0.7, 1.3), random.uniform(0.7, 1.3), random.uniform(0.7, 1.3))
                             : Vec3::Ones();
  for (int side : {+1, -1}) {
    LimbPlan wing;
    wing.kind = LimbKind::Wing;
    wing.side = side;
    wing.spineIndex = k;
    const Vec3 root = buzzing ? Vec3(a.top.x() + side * 0.2 * a.halfWidth(), a.top.y(), a.top.z())
                              : (side > 0 ? a.left : a.right);
    const Vec3 tip = root + Vec3(side * span * shape.x(), 0.25 * span * shape.y(), -0.3 * span * shape.z());
    wing.joints = {root};
    if (!buzzing) wing.joints.push_back(root + 0.45 * (tip - root) + Vec3(0, 0.05 * span, 0));
    wing.end = tip;
    const double chord = 0.18 * span * shape.z();
    for (size_t b = 0; b < wing.joints.size(); ++b) {
      wing.width.push_back(chord * (b == 0 ? 1.0 : 0.7));
      wing.depth.push_back(0.015 * span);
    }
    out.push_back(wing);
  }
}

// Swimmers: a tail fin at the tail's end, pectoral fins on the sides a third of the way back
// from the head, and dorsal fins on free tops of the middle; each scaled at random.
void addFins(Random& random, const LimbContext& c, std::vector<LimbPlan>& out) {
  const int n = static_cast<int>(c.spine.joints.size());
  const double length = c.trunk.points[c.trunk.headPole()].z() - c.trunk.points.front().z();
  const Attachments tailRing = attachmentsOf(c.trunk, 0);
  LimbPlan tail;
  tail.kind = LimbKind::TailFin;
  tail.spineIndex = 0;
  tail.joints = {c.trunk.points.front()};
  tail.end = tail.joints[0] + Vec3(0, 0, -0.22 * length * random.uniform(0.7, 1.3));
  tail.width = {0.01 * length};
  tail.depth = {std::max(0.12 * length * random.uniform(0.7, 1.4), tailRing.top.y() - tailRing.bottom.y())};
  out.push_back(tail);
  const int pectoral = std::clamp(static_cast<int>(std::lround((n - 1) * 0.7)), 1, n - 2);
  const Attachments side = attachmentsOf(c.trunk, c.spine.ringOf[pectoral]);
  const double fin = 0.15 * length * random.uniform(0.7, 1.3);
  for (int s : {+1, -1}) {
    LimbPlan p;
    p.kind = LimbKind::PectoralFin;
    p.side = s;
    p.spineIndex = pectoral;
    p.joints = {s > 0 ? side.left : side.right};
    p.end = p.joints[0] + Vec3(s * fin, -0.3 * fin, -0.5 * fin);
    p.width = {0.5 * fin};
    p.depth = {0.01 * length};
    out.push_back(p);
  }
  const int dorsals = random.integer(1, 2);
  for (int d = 0; d < dorsals; ++d) {
    const int k = std::clamp(static_cast<int>(std::lround((n - 1) * (0.45 - 0.2 * d))), 1, n - 2);
    if (k == pectoral) continue;
    const Attachments top = attachmentsOf(c.trunk, c.spine.ringOf[k]);
    const double h = 0.12 * length * random.uniform(0.6, 1.3);
    LimbPlan dorsal;
    dorsal.kind = LimbKind::DorsalFin;
    dorsal.spineIndex = k;
    dorsal.joints = {top.top};
    dorsal.end = top.top + Vec3(0, h, -0.6 * h);
    dorsal.width = {0.01 * length};
    dorsal.depth = {0.6 * h};
    out.push_back(dorsal);
  }
}

}  // namespace

std::vector<LimbPlan> planLimbs(Random& random, const LimbContext& context) {
  std::vector<LimbPlan> out;
  switch (context.type) {
    case CreatureType::Walk:
      addLegs(random, context, out);
      addArms(random, context, out);
      break;
    case CreatureType::Fly:
      addLegs(random, context, out);
      addWings(random, context, out);
      break;
    case CreatureType::Swim:
      addFins(random, context, out);
      break;
  }
  return out;
}

}  // namespace fatgraph::creature
