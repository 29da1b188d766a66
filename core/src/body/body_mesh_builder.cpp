// appendPartMesh: one closed tube per part. Rings of ringSegments vertices: a half-ellipsoid
// cap behind the start (pole first), lengthRings rings along the bone tapering linearly, a
// half-ellipsoid cap beyond the end (pole last). The ring frame (width axis u, depth axis v,
// bone axis a) is right-handed, u x v = a, which makes the triangle winding below
// counter-clockwise seen from outside. Normals are the area-weighted average of the faces
// around each vertex: outward, and right for the ellipsoidal caps too.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "fatgraph/core/body/body_parts.h"

namespace fatgraph::body {

namespace {

struct Ring {
  double axial = 0;         // metres from the bone's start along the bone
  double width = 0, depth = 0;  // semi-axes of the ring's ellipse
};

// The width axis: horizontal and across the bone where the bone allows (a vertical bone takes
// the character's left, +X), so feet and hands flatten vertically and torsos across.
Vec3 widthAxis(const Vec3& a) {
  Vec3 u = a.cross(Vec3::UnitY());
  if (u.norm() < 0.3) u = Vec3::UnitX() - a * a.x();
  if (u.norm() < 1e-6) u = Vec3::UnitZ() - a * a.z();
  return u.normalized();
}

std::vector<Ring> rings(const PartPlan& plan, double length, const BodyOptions& options) {
  const int capRings = std::max(2, options.lengthRings / 2);
  std::vector<Ring> out;
  for (int i = 1; i < capRings; ++i) {  // start cap, from the pole towards the equator
    const double theta = 0.5 * std::numbers::pi * i / capRings;
    const double s = std::sin(theta);
    out.push_back({-plan.capStart * std::cos(theta), plan.widthStart * s, plan.depthStart * s});
  }
  const int n = std::max(2, options.lengthRings);
  for (int i = 0; i < n; ++i) {
    const double t = static_cast<double>(i) / (n - 1);
    out.push_back({length * t, plan.widthStart + (plan.widthEnd - plan.widthStart) * t,
                   plan.depthStart + (plan.depthEnd - plan.depthStart) * t});
  }
  for (int i = capRings - 1; i >= 1; --i) {  // end cap, from the equator towards the pole
    const double theta = 0.5 * std::numbers::pi * i / capRings;
    const double s = std::sin(theta);
    out.push_back({length + plan.capEnd * std::cos(theta), plan.widthEnd * s, plan.depthEnd * s});
  }
  return out;
}

double distanceToSegment(const Vec3& p, const Vec3& a, const Vec3& b) {
  const Vec3 ab = b - a;
  const double t = std::clamp((p - a).dot(ab) / ab.squaredNorm(), 0.0, 1.0);
  return (p - (a + ab * t)).norm();
}

}  // namespace

BodyPart appendPartMesh(const RestGeometry& rest, const PartPlan& plan,
                        const BodyOptions& options, SkinnedMesh& mesh) {
  const Bone& bone = rest.bones[plan.bone];
  const Vec3 a = (bone.end - bone.start) / bone.length;
  const Vec3 u = widthAxis(a);
  const Vec3 v = a.cross(u);
  const int segments = options.ringSegments;
  const std::vector<Ring> ringList = rings(plan, bone.length, options);

  BodyPart part;
  part.joint = bone.joint;
  part.boneStart = bone.start.cast<float>();
  part.boneEnd = bone.end.cast<float>();
  part.firstVertex = mesh.vertexCount();
  std::vector<double> axial;  // per new vertex, for the weights
  auto addVertex = [&](const Vec3& p, double s) {
    mesh.positions.push_back(toFloat3(p));
    axial.push_back(s);
  };
  // Feet stand on the ground: a ring reaching below the rest pose's lowest point is lifted
  // until it does not, but never so far that the bone leaves it.
  auto lift = [&](const Ring& r) {
    if (!plan.onGround) return 0.0;
    const Vec3 center = bone.start + a * r.axial;
    const double reachDown = std::hypot(r.width * u.y(), r.depth * v.y());
    return std::clamp(rest.groundY - (center.y() - reachDown), 0.0, 0.8 * reachDown);
  };
  addVertex(bone.start - a * plan.capStart + Vec3::UnitY() * lift(ringList.front()),
            -plan.capStart);
  for (const Ring& r : ringList) {
    const Vec3 center = bone.start + a * r.axial + Vec3::UnitY() * lift(r);
    for (int i = 0; i < segments; ++i) {
      const double phi = 2 * std::numbers::pi * i / segments;
      addVertex(center + u * (r.width * std::cos(phi)) + v * (r.depth * std::sin(phi)), r.axial);
    }
  }
  addVertex(bone.end + a * plan.capEnd + Vec3::UnitY() * lift(ringList.back()),
            bone.length + plan.capEnd);
  const int count = static_cast<int>(axial.size());
  const auto base = static_cast<std::uint32_t>(part.firstVertex);
  const auto ringCount = static_cast<std::uint32_t>(ringList.size());
  const auto seg = static_cast<std::uint32_t>(segments);
  const std::uint32_t firstPole = base, lastPole = base + 1 + ringCount * seg;
  auto at = [&](std::uint32_t ring, std::uint32_t i) { return base + 1 + ring * seg + i % seg; };
  for (std::uint32_t i = 0; i < seg; ++i) {
    mesh.triangles.insert(mesh.triangles.end(), {firstPole, at(0, i + 1), at(0, i)});
    for (std::uint32_t r = 0; r + 1 < ringCount; ++r) {
      mesh.triangles.insert(mesh.triangles.end(), {at(r, i), at(r, i + 1), at(r + 1, i + 1)});
      mesh.triangles.insert(mesh.triangles.end(), {at(r, i), at(r + 1, i + 1), at(r + 1, i)});
    }
    mesh.triangles.insert(mesh.triangles.end(), {at(ringCount - 1, i), at(ringCount - 1, i + 1), lastPole});
  }

  // Normals: sum of the (area-weighted) face normals of this part's triangles.
  std::vector<Vec3> sums(count, Vec3::Zero());
  const size_t firstTriangle = mesh.triangles.size() - static_cast<size_t>(seg) * 2 * ringCount * 3;
  for (size_t t = firstTriangle; t < mesh.triangles.size(); t += 3) {
    const std::uint32_t i0 = mesh.triangles[t], i1 = mesh.triangles[t + 1], i2 = mesh.triangles[t + 2];
    const Vec3 p0 = toEigenDouble(mesh.positions[i0]), p1 = toEigenDouble(mesh.positions[i1]),
               p2 = toEigenDouble(mesh.positions[i2]);
    const Vec3 face = (p1 - p0).cross(p2 - p0);
    for (std::uint32_t i : {i0, i1, i2}) sums[i - base] += face;
  }
  double bound = 0;
  for (int i = 0; i < count; ++i) {
    const Vec3 p = toEigenDouble(mesh.positions[base + i]);
    const Vec3 outward = p - (bone.start + a * std::clamp(axial[i], 0.0, bone.length));
    const Vec3 n = sums[i].norm() > 0 ? sums[i].normalized() : outward.normalized();
    mesh.normals.push_back(toFloat3(n));
    bound = std::max(bound, distanceToSegment(p, bone.start, bone.end));
    mesh.joints.emplace_back();
    mesh.weights.emplace_back();
    partVertexWeights(rest, plan, axial[i], mesh.joints.back(), mesh.weights.back());
  }
  part.vertexCount = count;
  part.radiusBound = static_cast<float>(bound * (1 + 1e-5) + 1e-6);
  return part;
}

}  // namespace fatgraph::body
