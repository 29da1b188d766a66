#pragma once
// Euler angles <-> quaternions for all six Tait-Bryan orders.
//
// An order names the axes as a BVH file lists its rotation channels: ZYX means the channels
// "Zrotation Yrotation Xrotation" and the rotation R = Rz(a0) * Ry(a1) * Rx(a2), where a0..a2
// are the channel values in the same order (radians here; BVH stores degrees).
#include <array>
#include <optional>
#include <string_view>

#include "fatgraph/core/model/quaternion.h"

namespace fatgraph {

enum class EulerOrder { XYZ, XZY, YXZ, YZX, ZXY, ZYX };

inline constexpr std::array<EulerOrder, 6> kAllEulerOrders = {
    EulerOrder::XYZ, EulerOrder::XZY, EulerOrder::YXZ,
    EulerOrder::YZX, EulerOrder::ZXY, EulerOrder::ZYX};

/// Axis index (0 = X, 1 = Y, 2 = Z) of the n-th rotation of an order.
int eulerAxis(EulerOrder order, int n);

/// "ZYX" etc.; fromAxes builds an order from three distinct axis indices.
std::string_view eulerOrderName(EulerOrder order);
std::optional<EulerOrder> eulerOrderFromAxes(int first, int second, int third);

/// R = R_axis0(angles[0]) * R_axis1(angles[1]) * R_axis2(angles[2]), radians.
Quat eulerToQuat(const Vec3& anglesRad, EulerOrder order);

/// One set of angles (radians) reproducing q in the given order; the middle angle lies in
/// [-pi/2, pi/2]. At gimbal lock the last angle is set to 0.
Vec3 quatToEuler(const Quat& q, EulerOrder order);

/// Among the equivalent angle sets of the same rotation (2*pi shifts and the mirrored
/// solution), the one closest to `previous`: keeps exported curves continuous.
Vec3 eulerNearest(const Vec3& anglesRad, const Vec3& previous, EulerOrder order);

}  // namespace fatgraph
