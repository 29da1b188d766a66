#pragma once
// glTF accessors read with every bound checked before a byte is touched: the accessor's
// elements inside its buffer view, the view inside its buffer, the stride no smaller than an
// element. Internal to the glTF importer; problems are GltfProblems without the file's name.
#include <string>
#include <vector>

#include "scene_rig.h"

namespace tinygltf {
class Model;
}  // namespace tinygltf

namespace fatgraph::gltf {

/// What is wrong with the file, without its name (the importer adds it).
using GltfProblem = scene::SceneProblem;

/// What an accessor may hold for the use it is read for.
struct AccessorRule {
  /// Components per element: 1 (SCALAR), 2, 3, 4 (VECn) or 16 (MAT4).
  int width = 1;
  /// Component types accepted (TINYGLTF_COMPONENT_TYPE_*).
  std::vector<int> componentTypes;
  /// Integer types as their stored values (indices, joints); otherwise an integer type must be
  /// normalized and reads as its value in [0, 1] or [-1, 1] (weights, rotations).
  bool integers = false;
  /// Words for the message when the component type is wrong ("float or a normalized integer").
  std::string expected;
};

/// Floats: the one type positions, normals, key times and inverse bind matrices may have.
AccessorRule floatRule(int width);
/// Float or a normalized integer of either size (weights, rotations).
AccessorRule normalizedRule(int width);
/// Unsigned integers as stored: `withInt32` adds UNSIGNED_INT (indices, not joints).
AccessorRule unsignedRule(int width, bool withInt32);

/// The accessor's elements, `width` values each, as doubles (every 32-bit integer and float is
/// exact in a double); non-finite floats are refused. `what` names the use in messages
/// ("mesh 'Knight' primitive 0 POSITION"). No sparse accessors, no empty ones.
std::vector<double> readAccessor(const tinygltf::Model& model, int index, const AccessorRule& rule,
                                 const std::string& what);

/// The element count of accessor `index` after the same existence check as readAccessor.
size_t accessorCount(const tinygltf::Model& model, int index, const std::string& what);

}  // namespace fatgraph::gltf
