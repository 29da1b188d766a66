#pragma once
// The runtime's own small math types: what its public headers trade in, so a game includes them
// with no math library and with its own compiler flags (C++17 or later, any instruction set).
// Each is a standard-layout aggregate of floats with no alignment beyond a float's, so it copies
// into a game's own types or a GPU buffer member by member or with memcpy, and its layout is the
// same whatever the library or the game was built with.
//
// Conventions of every runtime header: metres, seconds, radians; Y up, right-handed; a character
// faces +Z at yaw 0 and positive yaw turns it to its left (counter-clockwise seen from above).
// A Quaternion is unit length, (x, y, z) its vector part and w its scalar part; a joint's rotation
// takes vectors from the joint's frame into its parent's frame.
//
// The helpers below are the few a game's own layer needs between two jobs (rotate a vector,
// compose rotations, turn one direction onto another); the library itself computes with Eigen.
#include <cmath>
#include <cstddef>
#include <type_traits>
#include <utility>

namespace fatgraph {

struct Float2 {
  float x = 0, y = 0;
};

struct Float3 {
  float x = 0, y = 0, z = 0;

  /// Component i: 0 x, 1 y, 2 z.
  float operator[](int i) const { return i == 0 ? x : (i == 1 ? y : z); }
  float& operator[](int i) { return i == 0 ? x : (i == 1 ? y : z); }
};

struct Quaternion {
  float x = 0, y = 0, z = 0, w = 1;  // the identity by default
};

/// A 4x4 matrix in column-major order, m[4 * column + row] (OpenGL's mat4, uploaded without
/// transposing). The identity by default.
struct Float4x4 {
  float m[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
};

static_assert(std::is_standard_layout_v<Float3> && sizeof(Float3) == 3 * sizeof(float));
static_assert(std::is_standard_layout_v<Quaternion> && sizeof(Quaternion) == 4 * sizeof(float));
static_assert(std::is_standard_layout_v<Float4x4> && sizeof(Float4x4) == 16 * sizeof(float));

inline Float3 operator+(const Float3& a, const Float3& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline Float3 operator-(const Float3& a, const Float3& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline Float3 operator*(const Float3& a, float s) { return {a.x * s, a.y * s, a.z * s}; }
inline Float3 operator*(float s, const Float3& a) { return a * s; }
inline float dot(const Float3& a, const Float3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline Float3 cross(const Float3& a, const Float3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline float length(const Float3& a) { return std::sqrt(dot(a, a)); }
inline bool isFinite(const Float3& a) { return std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(a.z); }
inline bool isFinite(const Quaternion& q) {
  return std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z) && std::isfinite(q.w);
}

/// The Hamilton product: (a * b) rotates by b first, then by a.
inline Quaternion operator*(const Quaternion& a, const Quaternion& b) {
  return {a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
          a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}
/// The inverse of a unit quaternion.
inline Quaternion conjugate(const Quaternion& q) { return {-q.x, -q.y, -q.z, q.w}; }

/// v rotated by the unit quaternion q: v + 2w (u × v) + 2 u × (u × v), u = (x, y, z).
inline Float3 rotate(const Quaternion& q, const Float3& v) {
  const Float3 u{q.x, q.y, q.z};
  const Float3 t = 2.0f * cross(u, v);
  return v + q.w * t + cross(u, t);
}

/// The shortest-arc rotation taking direction `from` onto direction `to` (neither need be unit).
/// The identity when either is zero or not finite; a half turn about some perpendicular when they
/// are opposite.
inline Quaternion rotationBetween(const Float3& from, const Float3& to) {
  const float lengths = length(from) * length(to);
  if (!(lengths > 0.0f) || !std::isfinite(lengths)) return {};
  const float c = dot(from, to) / lengths;
  if (c < -0.999999f) {
    // Opposite: turn about the axis most perpendicular to `from`.
    const Float3 axis = std::fabs(from.x) < std::fabs(from.z) ? cross(from, Float3{1, 0, 0})
                                                             : cross(from, Float3{0, 0, 1});
    const float n = length(axis);
    return {axis.x / n, axis.y / n, axis.z / n, 0.0f};
  }
  const Float3 axis = cross(from, to) * (1.0f / lengths);
  const float w = std::sqrt(0.5f * (1.0f + c));  // cos(angle / 2)
  const float s = 0.5f / w;                      // sin(angle / 2) / sin(angle)
  return {axis.x * s, axis.y * s, axis.z * s, w};
}

/// A view of `size` contiguous elements owned elsewhere (std::span's job, for C++17 callers):
/// the jobs' inputs and outputs. Built from a pointer and a size, a built-in array, or any
/// contiguous container with data() and size() (std::vector, std::array, std::span, another
/// Span).
template <class T>
class Span {
 public:
  constexpr Span() = default;
  constexpr Span(T* data, std::size_t size) : data_(data), size_(size) {}
  template <class U, std::size_t N, class = std::enable_if_t<std::is_convertible_v<U (*)[], T (*)[]>>>
  constexpr Span(U (&array)[N]) : data_(array), size_(N) {}  // NOLINT: converting, like std::span's
  template <class Container,
            class = std::enable_if_t<
                !std::is_same_v<std::decay_t<Container>, Span> &&
                std::is_convertible_v<decltype(std::declval<Container&>().data()), T*>>>
  constexpr Span(Container&& container)  // NOLINT: converting, like std::span's
      : data_(container.data()), size_(static_cast<std::size_t>(container.size())) {}

  constexpr T* data() const { return data_; }
  constexpr std::size_t size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr T& operator[](std::size_t i) const { return data_[i]; }
  constexpr T* begin() const { return data_; }
  constexpr T* end() const { return data_ + size_; }
  /// Elements [offset, offset + count); count defaults to the rest.
  constexpr Span subspan(std::size_t offset, std::size_t count = static_cast<std::size_t>(-1)) const {
    return {data_ + offset, count == static_cast<std::size_t>(-1) ? size_ - offset : count};
  }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace fatgraph
