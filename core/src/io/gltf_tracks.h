#pragma once
// glTF animation samplers read into checked key tracks, and sampled at any time. Internal to
// gltf_import.cpp; every problem is a GltfProblem that the importer turns into one FileError
// line naming the file.
#include <string>
#include <vector>

#include <Eigen/Core>

#include "fatgraph/core/model/quaternion.h"
#include "gltf_accessor.h"

namespace tinygltf {
class Model;
struct AnimationSampler;
}  // namespace tinygltf

namespace fatgraph::gltf {

enum class Interpolation { Step, Linear, CubicSpline };

/// A sampler's keys: for CUBICSPLINE three values per key (in-tangent, value, out-tangent), as
/// the file stores them. Rotations are (x, y, z, w) in the first four components.
struct KeyTrack {
  Interpolation interpolation = Interpolation::Linear;
  std::vector<double> times;  // seconds, non-decreasing
  std::vector<Eigen::Vector4d> values;
  double endTime() const { return times.back(); }
};

/// Reads `sampler` whose output has `width` components (3: translation, 4: rotation). `where`
/// names the sampler in messages ("animation 'Walk', sampler 2").
KeyTrack readTrack(const tinygltf::Model& model, const tinygltf::AnimationSampler& sampler,
                   int width, const std::string& where);

/// The largest distance of a key's value (not a tangent) from `value`, over the first three
/// components: how far a scale track strays from 1.
double largestKeyDeviation(const KeyTrack& track, const Vec3& value);

/// The track at time t (held before the first key and after the last).
Vec3 sampleTranslation(const KeyTrack& track, double t);
/// The same for a rotation track: slerp for LINEAR, Hermite then normalized for CUBICSPLINE.
Quat sampleRotation(const KeyTrack& track, double t);

}  // namespace fatgraph::gltf
