// Numeric IK for legs of three or more bones (Johansen ch. 7.4.3: "a primitive numerical
// solver" for legs with more than two bones between hip and ankle; ALGORITHMS.md F).
//
// The bend family: let C_k be the rotation taking the first bone's direction d̂₀ to bone k's
// (C₀ = I, C_k = r_k·C_{k−1} with r_k the shortest arc from bone k−1 to bone k). Written in the
// first bone's frame, joint k's bend is the rotation vector ω_k = C_{k−1}⁻¹·(θ_k·â_k), so
// C_k = C_{k−1}·exp(ω_k). Scaling every ω_k by f gives C_k(f) = C_{k−1}(f)·exp(f·ω_k): f = 1 is
// the unadjusted chain, f = 0 the straight one, and each joint's local rotation changes only
// about its own bend axis (by (f − 1)·θ_k). The hip–ankle distance |Σ L_k·C_k(f)·d̂₀| shrinks as
// f grows (until a joint folds back past 180°), so bisection on f finds the target distance.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "fatgraph/runtime/leg_ik.h"
#include "leg_ik_frames.h"

#include "fatgraph/eigen_bridge.h"

namespace fatgraph {

using namespace leg_ik_detail;

namespace {

using Columns = Eigen::Map<const Eigen::Matrix3Xf>;

Vec3f boneDirection(const Columns& joints, size_t k) {
  return (joints.col(k + 1) - joints.col(k)).normalized();
}

// The shortest-arc rotation vector (angle · unit axis) from unit a to unit b; zero when they
// are (anti)parallel, where the axis is undefined.
Vec3f arcVector(const Vec3f& a, const Vec3f& b) {
  const Vec3f cross = a.cross(b);
  const float s = cross.norm();
  if (!(s > 1e-7f)) return Vec3f::Zero();
  return std::atan2(s, a.dot(b)) * (cross / s);
}

Quatf expRotation(const Vec3f& w) {
  const float angle = w.norm();
  return angle > 0.0f ? Quatf(Eigen::AngleAxisf(angle, w / angle)) : Quatf::Identity();
}

// Hip-relative end of the chain with every bend scaled by f.
Vec3f chainEnd(const Columns& joints, const Columns& bends, float f) {
  const Vec3f dir0 = boneDirection(joints, 0);
  Vec3f end = (joints.col(1) - joints.col(0)).norm() * dir0;
  Quatf c = Quatf::Identity();
  for (size_t k = 1; k + 1 < static_cast<size_t>(joints.cols()); ++k) {
    c = c * expRotation(f * bends.col(k));
    end += (joints.col(k + 1) - joints.col(k)).norm() * (c * dir0);
  }
  return end;
}

}  // namespace

bool ChainIkJob::validate() const {
  const size_t n = joints.size();
  const Columns J = eigenColumns(joints);
  if (n < 3 || scratch.size() < n || rotations.size() < n - 1 || solvedJoints.size() < n)
    return false;
  if (!usable(toEigen(target)) || !usable(toEigen(bendHint))) return false;
  for (size_t k = 0; k < n; ++k) {
    if (!usable(J.col(k))) return false;
    if (k + 1 < n && !((J.col(k + 1) - J.col(k)).norm() > 1e-6f)) return false;
  }
  return true;
}

namespace {

// The chain's bends in the first bone's frame (S.col(1..n-2)); a straight chain gets a small
// bend towards the hint, since it cannot shorten by scaling zero bends.
struct ChainBends {
  float maxBend = 0.0f;
  bool straight = false;
  Vec3f outward;
};
ChainBends measureBends(const Columns& J, Eigen::Map<Eigen::Matrix3Xf>& S, const Vec3f& bendHint, size_t n) {
  ChainBends b;
  const Vec3f dir0 = boneDirection(J, 0);
  Quatf c = Quatf::Identity();
  for (size_t k = 1; k + 1 < n; ++k) {
    const Vec3f w = arcVector(boneDirection(J, k - 1), boneDirection(J, k));
    S.col(k) = c.conjugate() * w;
    c = expRotation(w) * c;
    b.maxBend = std::max(b.maxBend, w.norm());
  }
  b.outward = perpendicularUnit(Vec3f::Zero(), 1.0f, bendHint, dir0);
  b.straight = b.maxBend < 1e-3f;
  if (b.straight) {
    for (size_t k = 1; k + 1 < n; ++k) S.col(k) = 0.01f * b.outward.cross(dir0);
    b.maxBend = 0.01f;
  }
  return b;
}

// The scale f of the bends that brings the chain's end `wanted` from the hip: bisection
// between a factor whose chain is too long (lo) and one too short (hi).
struct BendScale {
  float f = 1.0f;
  int iterations = 0;
  bool reached = true;
};
BendScale scaleBends(const Columns& J, const Columns& bends, float maxBend, float wanted, float tolerance) {
  BendScale s;
  float reachedLength = chainEnd(J, bends, 1.0f).norm();
  if (!(std::abs(reachedLength - wanted) > tolerance)) return s;
  float lo = 0.0f, hi = 1.0f;
  if (reachedLength > wanted) {
    lo = 1.0f;
    hi = static_cast<float>(std::numbers::pi) / maxBend;
  }
  const float shortest = chainEnd(J, bends, hi).norm();
  if (reachedLength > wanted && shortest > wanted) {
    s.f = hi;  // folded as far as it goes and still too long
    s.reached = false;
    return s;
  }
  for (; s.iterations < 100; ++s.iterations) {
    s.f = 0.5f * (lo + hi);
    reachedLength = chainEnd(J, bends, s.f).norm();
    if (std::abs(reachedLength - wanted) <= tolerance) break;
    (reachedLength > wanted ? lo : hi) = s.f;
  }
  if (s.iterations == 100) s.reached = false;
  return s;
}

// An input the job cannot solve: identity rotations and the joints as given (finite ones).
void passThrough(Span<const Float3> joints, Span<Quaternion> rotations, Span<Float3> solvedJoints) {
  for (Quaternion& q : rotations) q = Quaternion{};
  for (size_t k = 0; k < solvedJoints.size(); ++k)
    solvedJoints[k] = k < joints.size() && isFinite(joints[k]) ? joints[k] : Float3{};
}

// Outputs: bone k's new direction is turn·C_k(f)·d̂₀, its unadjusted one C_k·d̂₀ = d̂_k, where
// C_k is rebuilt from the positions (not the scratch, which may hold the straight chain's
// made-up bends).
void writeSolvedChain(const Columns& J, const Columns& bends, float f, const Quatf& turn, Span<Quaternion> rotations,
                      Eigen::Map<Eigen::Matrix3Xf> X) {
  const size_t n = static_cast<size_t>(J.cols());
  const Vec3f dir0 = boneDirection(J, 0);
  Quatf bent = Quatf::Identity(), original = Quatf::Identity();
  X.col(0) = J.col(0);
  for (size_t k = 0; k + 1 < n; ++k) {
    if (k > 0) {
      bent = bent * expRotation(f * bends.col(k));
      original = expRotation(arcVector(boneDirection(J, k - 1), boneDirection(J, k))) * original;
    }
    rotations[k] = toQuaternion((turn * bent * original.conjugate()).normalized());
    X.col(k + 1) = X.col(k) + (J.col(k + 1) - J.col(k)).norm() * (turn * (bent * dir0));
  }
}

}  // namespace

bool ChainIkJob::run(ChainIkReport* report) const {
  if (report) *report = ChainIkReport{};
  if (!validate()) {
    passThrough(joints, rotations, solvedJoints);
    return false;
  }
  const size_t n = joints.size();
  const Columns J = eigenColumns(joints);
  Eigen::Map<Eigen::Matrix3Xf> S = eigenColumns(scratch);
  const Vec3f target = toEigen(this->target), bendHint = toEigen(this->bendHint);
  const Vec3f hip = J.col(0);
  float total = 0.0f;
  for (size_t k = 0; k + 1 < n; ++k) total += (J.col(k + 1) - J.col(k)).norm();
  const Vec3f dir0 = boneDirection(J, 0);
  const ChainBends b = measureBends(J, S, bendHint, n);
  const Columns bends(S.data(), 3, static_cast<Eigen::Index>(n));

  // The unadjusted axis and bend side (mean of the inner joints off the hip-ankle line).
  const Vec3f hipToAnkle = J.col(n - 1) - hip;
  const Vec3f axis0 = hipToAnkle.norm() > 1e-6f * total ? Vec3f(hipToAnkle.normalized()) : dir0;
  Vec3f inner = Vec3f::Zero();
  for (size_t k = 1; k + 1 < n; ++k) inner += J.col(k) - hip;
  const Vec3f pole0 = perpendicularUnit(inner / float(n - 2), 1e-4f * total, b.straight ? b.outward : bendHint, axis0);

  const Vec3f toTarget = target - hip;
  const float distance = toTarget.norm();
  const Vec3f axis = distance > 1e-6f * total ? Vec3f(toTarget / distance) : axis0;
  BendScale scale = scaleBends(J, bends, b.maxBend, std::min(distance, 0.999f * total), 0.001f * total);
  scale.reached = scale.reached && distance <= 0.999f * total;

  // Turn the bent chain about the hip onto the target, its bend side onto the unadjusted one.
  const Vec3f end = chainEnd(J, bends, scale.f);
  const Vec3f endDir = end.norm() > 1e-6f * total ? Vec3f(end.normalized()) : axis;
  const Vec3f poleFrom = perpendicularUnit(pole0, 1e-4f, bendHint, endDir);
  const Vec3f poleTo = perpendicularUnit(pole0, 1e-4f, bendHint, axis);
  const Quatf turn = frameMap(endDir, endDir.cross(poleFrom).normalized(), axis, axis.cross(poleTo).normalized());
  writeSolvedChain(J, bends, scale.f, turn, rotations, eigenColumns(solvedJoints));
  if (report) {
    report->reached = scale.reached;
    report->iterations = scale.iterations;
    report->distanceError = std::abs((eigenColumns(solvedJoints).col(n - 1) - hip).norm() - distance);
  }
  return true;
}

}  // namespace fatgraph
