#include "gltf_tracks.h"

#include <algorithm>
#include <cmath>

#include <tiny_gltf.h>

namespace fatgraph::gltf {
namespace {

Interpolation parseInterpolation(const std::string& s, const std::string& where) {
  if (s == "LINEAR" || s.empty()) return Interpolation::Linear;
  if (s == "STEP") return Interpolation::Step;
  if (s == "CUBICSPLINE") return Interpolation::CubicSpline;
  throw GltfProblem(where + " has interpolation '" + s + "', expected LINEAR, STEP or CUBICSPLINE");
}

// Key k and the fraction of the way to key k + 1 at time t; fraction 0 at or outside the ends.
struct Span { size_t key = 0; double s = 0; double dt = 0; bool between = false; };
Span locate(const std::vector<double>& times, double t) {
  if (t <= times.front()) return {};
  const size_t k = static_cast<size_t>(std::upper_bound(times.begin(), times.end(), t) - times.begin()) - 1;
  if (k + 1 >= times.size()) return {times.size() - 1, 0, 0, false};
  const double dt = times[k + 1] - times[k];
  return {k, dt > 0 ? (t - times[k]) / dt : 0.0, dt, dt > 0};
}

// The key's own value (the middle of the three for CUBICSPLINE).
const Eigen::Vector4d& keyValue(const KeyTrack& track, size_t key) {
  return track.interpolation == Interpolation::CubicSpline ? track.values[3 * key + 1]
                                                           : track.values[key];
}

// The spec's cubic Hermite spline between keys k and k + 1, tangents scaled by the key gap.
Eigen::Vector4d hermite(const KeyTrack& track, const Span& sp) {
  const double s = sp.s, s2 = s * s, s3 = s2 * s;
  const Eigen::Vector4d& v0 = track.values[3 * sp.key + 1];
  const Eigen::Vector4d& out0 = track.values[3 * sp.key + 2];
  const Eigen::Vector4d& in1 = track.values[3 * (sp.key + 1)];
  const Eigen::Vector4d& v1 = track.values[3 * (sp.key + 1) + 1];
  return (2 * s3 - 3 * s2 + 1) * v0 + (s3 - 2 * s2 + s) * sp.dt * out0 +
         (-2 * s3 + 3 * s2) * v1 + (s3 - s2) * sp.dt * in1;
}

Quat toQuat(const Eigen::Vector4d& v) { return Quat(v[3], v[0], v[1], v[2]); }

}  // namespace

KeyTrack readTrack(const tinygltf::Model& model, const tinygltf::AnimationSampler& sampler,
                   int width, const std::string& where) {
  KeyTrack track;
  track.interpolation = parseInterpolation(sampler.interpolation, where);
  track.times = readAccessor(model, sampler.input, floatRule(1), where + " input");
  for (size_t i = 0; i < track.times.size(); ++i) {
    if (track.times[i] < 0 || (i > 0 && track.times[i] < track.times[i - 1])) {
      throw GltfProblem(where + ": key times must be non-negative and increasing (key " +
                        std::to_string(i) + ")");
    }
  }
  // Translations are floats; rotations may also be normalized integers (the spec's choice).
  const AccessorRule rule = width == 4 ? normalizedRule(4) : floatRule(width);
  const std::vector<double> raw = readAccessor(model, sampler.output, rule, where + " output");
  const size_t perKey = track.interpolation == Interpolation::CubicSpline ? 3 : 1;
  const size_t values = raw.size() / width;
  if (values != track.times.size() * perKey) {
    throw GltfProblem(where + " has " + std::to_string(values) + " output values for " +
                      std::to_string(track.times.size()) + " key times, expected " +
                      std::to_string(track.times.size() * perKey));
  }
  track.values.resize(values, Eigen::Vector4d::Zero());
  for (size_t i = 0; i < values; ++i) {
    for (int c = 0; c < width; ++c) track.values[i][c] = raw[i * width + c];
  }
  // A zero quaternion has no direction to normalize to (tangents may be zero, keys not).
  for (size_t k = 0; width == 4 && k < track.times.size(); ++k) {
    if (keyValue(track, k).norm() < 1e-9) {
      throw GltfProblem(where + ": rotation key " + std::to_string(k) + " is a zero quaternion");
    }
  }
  return track;
}

double largestKeyDeviation(const KeyTrack& track, const Vec3& value) {
  double largest = 0.0;
  for (size_t k = 0; k < track.times.size(); ++k) {
    largest = std::max(largest, (keyValue(track, k).head<3>() - value).cwiseAbs().maxCoeff());
  }
  return largest;
}

Vec3 sampleTranslation(const KeyTrack& track, double t) {
  const Span sp = locate(track.times, t);
  Eigen::Vector4d v = keyValue(track, sp.key);
  if (sp.between && track.interpolation == Interpolation::Linear) {
    v = (1 - sp.s) * v + sp.s * keyValue(track, sp.key + 1);
  } else if (sp.between && track.interpolation == Interpolation::CubicSpline) {
    v = hermite(track, sp);
  }
  return v.head<3>();
}

Quat sampleRotation(const KeyTrack& track, double t) {
  const Span sp = locate(track.times, t);
  const Quat key = toQuat(keyValue(track, sp.key));
  if (!sp.between || track.interpolation == Interpolation::Step) return key.normalized();
  if (track.interpolation == Interpolation::Linear) {
    return slerp(key.normalized(), toQuat(keyValue(track, sp.key + 1)).normalized(), sp.s);
  }
  const Quat q = toQuat(hermite(track, sp));
  return q.norm() > 1e-9 ? q.normalized() : key.normalized();
}

}  // namespace fatgraph::gltf
