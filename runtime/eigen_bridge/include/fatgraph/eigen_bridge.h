#pragma once
// Conversions between the runtime's public math types (fatgraph/runtime/math.h) and Eigen, for
// the code that computes with Eigen: the runtime's own sources, authoring (core), the editor and
// the tests. Not installed: a game sees only the plain types.
//
// By value: the compilers turn these into plain moves, and no pointer is cast between the plain
// structs and Eigen's (which may differ in alignment).
#include <Eigen/Core>
#include <Eigen/Geometry>

#include "fatgraph/runtime/math.h"

namespace fatgraph {

// Short names for the float Eigen types the runtime computes with.
using Vec3f = Eigen::Vector3f;
using Quatf = Eigen::Quaternionf;

inline Eigen::Vector2f toEigen(const Float2& v) { return {v.x, v.y}; }
inline Eigen::Vector3f toEigen(const Float3& v) { return {v.x, v.y, v.z}; }
inline Eigen::Quaternionf toEigen(const Quaternion& q) { return {q.w, q.x, q.y, q.z}; }
inline Eigen::Matrix4f toEigen(const Float4x4& m) { return Eigen::Map<const Eigen::Matrix4f>(m.m); }

template <class Derived>
Float2 toFloat2(const Eigen::MatrixBase<Derived>& v) {
  return {static_cast<float>(v.x()), static_cast<float>(v.y())};
}
/// From float or double (rounded to float).
template <class Derived>
Float3 toFloat3(const Eigen::MatrixBase<Derived>& v) {
  return {static_cast<float>(v.x()), static_cast<float>(v.y()), static_cast<float>(v.z())};
}
template <class Scalar>
Quaternion toQuaternion(const Eigen::Quaternion<Scalar>& q) {
  return {static_cast<float>(q.x()), static_cast<float>(q.y()), static_cast<float>(q.z()),
          static_cast<float>(q.w())};
}
inline Float4x4 toFloat4x4(const Eigen::Matrix4f& m) {
  Float4x4 out;
  Eigen::Map<Eigen::Matrix4f>(out.m) = m;
  return out;
}

/// In-place views, no copy: a Float3 or Quaternion as the Eigen object of the same floats, and an
/// array of Float3 as the columns of a 3 x n matrix (Float3 is three packed floats, math.h checks
/// it). Eigen maps assume no alignment.
inline Eigen::Map<Eigen::Vector3f> eigenView(Float3& v) { return Eigen::Map<Eigen::Vector3f>(&v.x); }
inline Eigen::Map<const Eigen::Vector3f> eigenView(const Float3& v) {
  return Eigen::Map<const Eigen::Vector3f>(&v.x);
}
inline Eigen::Map<Eigen::Quaternionf> eigenView(Quaternion& q) { return Eigen::Map<Eigen::Quaternionf>(&q.x); }
inline Eigen::Map<const Eigen::Quaternionf> eigenView(const Quaternion& q) {
  return Eigen::Map<const Eigen::Quaternionf>(&q.x);
}
inline Eigen::Map<Eigen::Matrix3Xf> eigenColumns(Span<Float3> v) {
  return {v.empty() ? nullptr : &v[0].x, 3, static_cast<Eigen::Index>(v.size())};
}
inline Eigen::Map<const Eigen::Matrix3Xf> eigenColumns(Span<const Float3> v) {
  return {v.empty() ? nullptr : &v[0].x, 3, static_cast<Eigen::Index>(v.size())};
}

/// Double precision for authoring (core's Vec3 and Quat).
inline Eigen::Vector3d toEigenDouble(const Float3& v) { return {v.x, v.y, v.z}; }
inline Eigen::Quaterniond toEigenDouble(const Quaternion& q) { return {q.w, q.x, q.y, q.z}; }

}  // namespace fatgraph
