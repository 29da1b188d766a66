#include "gltf_accessor.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include <tiny_gltf.h>

namespace fatgraph::gltf {
namespace {

int componentSize(int componentType) {
  switch (componentType) {
    case TINYGLTF_COMPONENT_TYPE_BYTE:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: return 1;
    case TINYGLTF_COMPONENT_TYPE_SHORT:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: return 2;
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT:
    case TINYGLTF_COMPONENT_TYPE_FLOAT: return 4;
    default: return 0;
  }
}

// One component as a double: floats as stored; integers as stored, or mapped to [-1, 1] or
// [0, 1] when normalized (the spec's formulas, clamped for the two most negative values).
double component(const unsigned char* p, int componentType, bool normalized) {
  switch (componentType) {
    case TINYGLTF_COMPONENT_TYPE_BYTE: {
      int8_t v; std::memcpy(&v, p, 1);
      return normalized ? std::max(v / 127.0, -1.0) : v;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: return normalized ? *p / 255.0 : *p;
    case TINYGLTF_COMPONENT_TYPE_SHORT: {
      int16_t v; std::memcpy(&v, p, 2);
      return normalized ? std::max(v / 32767.0, -1.0) : v;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
      uint16_t v; std::memcpy(&v, p, 2);
      return normalized ? v / 65535.0 : v;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: {
      uint32_t v; std::memcpy(&v, p, 4);
      return v;
    }
    default: {
      float v; std::memcpy(&v, p, 4);
      return v;
    }
  }
}

int typeOfWidth(int width) {
  switch (width) {
    case 1: return TINYGLTF_TYPE_SCALAR;
    case 2: return TINYGLTF_TYPE_VEC2;
    case 3: return TINYGLTF_TYPE_VEC3;
    case 4: return TINYGLTF_TYPE_VEC4;
    default: return TINYGLTF_TYPE_MAT4;
  }
}

void checkLayout(const tinygltf::Accessor& a, const AccessorRule& rule, const std::string& what) {
  if (a.sparse.isSparse) throw GltfProblem(what + " is a sparse accessor, which is not supported");
  if (a.type != typeOfWidth(rule.width)) {
    throw GltfProblem(what + " has " + std::to_string(tinygltf::GetNumComponentsInType(a.type)) +
                      " components per element, expected " + std::to_string(rule.width));
  }
  const auto& types = rule.componentTypes;
  const bool listed = std::find(types.begin(), types.end(), a.componentType) != types.end();
  const bool isFloat = a.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT;
  // A normalized reading needs the flag; an integer reading must not have it.
  const bool flagRight = isFloat || (rule.integers ? !a.normalized : a.normalized);
  if (!listed || !flagRight) {
    throw GltfProblem(what + " has component type " + std::to_string(a.componentType) +
                      (a.normalized ? " (normalized)" : "") + ", expected " + rule.expected);
  }
}

const tinygltf::Accessor& accessorAt(const tinygltf::Model& model, int index, const std::string& what) {
  if (index < 0 || index >= static_cast<int>(model.accessors.size())) {
    throw GltfProblem(what + " names accessor " + std::to_string(index) + ", which does not exist");
  }
  return model.accessors[index];
}

}  // namespace

AccessorRule floatRule(int width) {
  return {width, {TINYGLTF_COMPONENT_TYPE_FLOAT}, false, "float"};
}

AccessorRule normalizedRule(int width) {
  return {width,
          {TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_COMPONENT_TYPE_BYTE, TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE,
           TINYGLTF_COMPONENT_TYPE_SHORT, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT},
          false, "float or a normalized integer"};
}

AccessorRule unsignedRule(int width, bool withInt32) {
  AccessorRule rule{width, {TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT},
                    true, "unsigned byte or unsigned short"};
  if (withInt32) {
    rule.componentTypes.push_back(TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT);
    rule.expected = "unsigned byte, short or int";
  }
  return rule;
}

size_t accessorCount(const tinygltf::Model& model, int index, const std::string& what) {
  return accessorAt(model, index, what).count;
}

std::vector<double> readAccessor(const tinygltf::Model& model, int index, const AccessorRule& rule,
                                 const std::string& what) {
  const tinygltf::Accessor& a = accessorAt(model, index, what);
  const std::string name = what + " (accessor " + std::to_string(index) + ")";
  checkLayout(a, rule, name);
  if (a.count == 0) throw GltfProblem(name + " has no elements");
  if (a.bufferView < 0 || a.bufferView >= static_cast<int>(model.bufferViews.size())) {
    throw GltfProblem(name + " has no valid buffer view");
  }
  const tinygltf::BufferView& view = model.bufferViews[a.bufferView];
  if (view.buffer < 0 || view.buffer >= static_cast<int>(model.buffers.size())) {
    throw GltfProblem(name + ": its buffer view names no valid buffer");
  }
  const std::vector<unsigned char>& data = model.buffers[view.buffer].data;
  if (view.byteOffset > data.size() || view.byteLength > data.size() - view.byteOffset) {
    throw GltfProblem(name + ": buffer view " + std::to_string(a.bufferView) +
                      " runs past the end of buffer " + std::to_string(view.buffer) + " (" +
                      std::to_string(data.size()) + " bytes)");
  }
  const size_t cs = static_cast<size_t>(componentSize(a.componentType));
  const size_t width = static_cast<size_t>(rule.width);
  const size_t elem = cs * width;
  const size_t stride = view.byteStride ? view.byteStride : elem;
  if (stride < elem) throw GltfProblem(name + " has a byte stride smaller than its element");
  // Division instead of multiplication: a huge count cannot overflow the check.
  const bool fits = a.byteOffset <= view.byteLength && view.byteLength - a.byteOffset >= elem &&
                    (view.byteLength - a.byteOffset - elem) / stride >= a.count - 1;
  if (!fits) {
    throw GltfProblem(name + " is out of range: " + std::to_string(a.count) + " elements from byte " +
                      std::to_string(a.byteOffset) + " do not fit its buffer view of " +
                      std::to_string(view.byteLength) + " bytes");
  }
  std::vector<double> out(a.count * width);
  const unsigned char* base = data.data() + view.byteOffset + a.byteOffset;
  for (size_t i = 0; i < a.count; ++i) {
    for (size_t c = 0; c < width; ++c) {
      const double v = component(base + i * stride + c * cs, a.componentType, a.normalized);
      if (!std::isfinite(v)) throw GltfProblem(name + " holds a non-finite value");
      out[i * width + c] = v;
    }
  }
  return out;
}

}  // namespace fatgraph::gltf
