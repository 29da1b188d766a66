// /character of a project file (docs/PROJECT_FORMAT.md): the user's character mesh
// (character_mesh.h) over the project's skeleton. Optional: absent when the project shows the
// generated body. Matrices are stored row-major, as in the .fgraph /body group.
#include "project_file.h"

namespace fatgraph::project_file {
namespace {

using h5::Context;
using h5::Dim;
using h5::Handle;

constexpr const char* kGroup = "/character";
constexpr int kK = kMaxImportedInfluences;

template <class Row, class T>
std::vector<T> flatten(const std::vector<Row>& rows) {
  std::vector<T> out;
  for (const Row& r : rows) out.insert(out.end(), std::begin(r), std::end(r));
  return out;
}

std::vector<float> flattenPoints(const std::vector<Float3>& points) {
  std::vector<float> out;
  for (const Float3& p : points) out.insert(out.end(), {p.x, p.y, p.z});
  return out;
}

std::vector<Float3> points(const std::vector<float>& flat) {
  std::vector<Float3> out(flat.size() / 3);
  for (size_t i = 0; i < out.size(); ++i) out[i] = {flat[3 * i], flat[3 * i + 1], flat[3 * i + 2]};
  return out;
}

void writeParts(const Context& ctx, hid_t g, const CharacterMesh& m) {
  std::vector<std::string> names;
  std::vector<std::int32_t> ranges;  // first triangle, triangle count, material per part
  for (const CharacterMeshPart& p : m.parts) {
    names.push_back(p.name);
    ranges.insert(ranges.end(), {p.firstTriangle, p.triangleCount, p.material});
  }
  const std::string o = kGroup;
  ctx.writeStrings(g, o + "/part_names", "part_names", names);
  ctx.writeDataset(g, o + "/parts", "parts", H5T_STD_I32LE, {m.parts.size(), 3}, 0, H5T_NATIVE_INT32, ranges.data());
  std::vector<std::string> materials;
  std::vector<float> colours;
  for (const CharacterMaterial& c : m.materials) {
    materials.push_back(c.name);
    colours.insert(colours.end(), c.baseColor.begin(), c.baseColor.end());
  }
  ctx.writeStrings(g, o + "/material_names", "material_names", materials);
  ctx.writeDataset(g, o + "/base_colors", "base_colors", H5T_IEEE_F32LE, {m.materials.size(), 4}, 0, H5T_NATIVE_FLOAT, colours.data());
}

void readParts(const Context& ctx, hid_t g, CharacterMesh& m) {
  const std::string o = kGroup;
  const std::vector<std::string> names = ctx.strings(g, o, "part_names", -1);
  const std::vector<std::int32_t> ranges = ctx.ints(g, o, "parts", {{static_cast<long long>(names.size()), "P"}, {3}});
  for (size_t p = 0; p < names.size(); ++p) m.parts.push_back({names[p], ranges[3 * p], ranges[3 * p + 1], ranges[3 * p + 2]});
  const std::vector<std::string> materials = ctx.strings(g, o, "material_names", -1);
  const std::vector<float> colours = ctx.floats(g, o, "base_colors", {{static_cast<long long>(materials.size()), "M"}, {4}});
  for (size_t c = 0; c < materials.size(); ++c) {
    m.materials.push_back({materials[c], {colours[4 * c], colours[4 * c + 1], colours[4 * c + 2], colours[4 * c + 3]}});
  }
}

}  // namespace

void writeCharacter(const Context& ctx, hid_t file, const Project& project) {
  if (project.character.empty()) return;
  const CharacterMesh& m = project.character.mesh;
  const std::string o = kGroup;
  Handle g = ctx.createGroup(file, "character", o);
  ctx.writeStringAttribute(g.get(), o, "source", project.character.source);
  const hsize_t v = m.positions.size();
  ctx.writeDataset(g.get(), o + "/positions", "positions", H5T_IEEE_F32LE, {v, 3}, 0, H5T_NATIVE_FLOAT, flattenPoints(m.positions).data());
  ctx.writeDataset(g.get(), o + "/normals", "normals", H5T_IEEE_F32LE, {v, 3}, 0, H5T_NATIVE_FLOAT, flattenPoints(m.normals).data());
  const std::vector<std::uint16_t> joints = flatten<std::array<std::uint16_t, kK>, std::uint16_t>(m.joints);
  ctx.writeDataset(g.get(), o + "/joints", "joints", H5T_STD_U16LE, {v, kK}, 0, H5T_NATIVE_UINT16, joints.data());
  const std::vector<float> weights = flatten<std::array<float, kK>, float>(m.weights);
  ctx.writeDataset(g.get(), o + "/weights", "weights", H5T_IEEE_F32LE, {v, kK}, 0, H5T_NATIVE_FLOAT, weights.data());
  ctx.writeDataset(g.get(), o + "/triangles", "triangles", H5T_STD_U32LE, {m.triangles.size() / 3, 3}, 0, H5T_NATIVE_UINT32, m.triangles.data());
  std::vector<float> bind;
  for (const Float4x4& k : m.inverseBind) {
    for (int row = 0; row < 4; ++row)
      for (int col = 0; col < 4; ++col) bind.push_back(k.m[4 * col + row]);
  }
  ctx.writeDataset(g.get(), o + "/inverse_bind", "inverse_bind", H5T_IEEE_F32LE, {m.inverseBind.size(), 4, 4}, 0, H5T_NATIVE_FLOAT, bind.data());
  writeParts(ctx, g.get(), m);
}

void readCharacter(const Context& ctx, hid_t file, Project& project) {
  if (!ctx.hasLink(file, "character", "/")) return;
  const std::string o = kGroup;
  Handle g = ctx.openGroup(file, "character", o);
  ProjectCharacter c;
  c.source = ctx.readStringAttribute(g.get(), o, "source");
  CharacterMesh& m = c.mesh;
  m.positions = points(ctx.floats(g.get(), o, "positions", {{-1, "V"}, {3}}));
  const long long v = static_cast<long long>(m.positions.size());
  m.normals = points(ctx.floats(g.get(), o, "normals", {{v, "V"}, {3}}));
  const std::vector<std::uint32_t> joints = ctx.uints(g.get(), o, "joints", {{v, "V"}, {kK}});
  const std::vector<float> weights = ctx.floats(g.get(), o, "weights", {{v, "V"}, {kK}});
  m.joints.resize(v);
  m.weights.resize(v);
  for (long long i = 0; i < v; ++i) {
    for (int k = 0; k < kK; ++k) {
      const std::uint32_t j = joints[kK * i + k];
      if (j >= static_cast<std::uint32_t>(project.skeleton.jointCount())) {
        ctx.fail(o + "/joints", "vertex " + std::to_string(i) + ": joint index " + std::to_string(j) + " out of range");
      }
      m.joints[i][k] = static_cast<std::uint16_t>(j);
      m.weights[i][k] = weights[kK * i + k];
    }
  }
  m.triangles = ctx.uints(g.get(), o, "triangles", {{-1, "T"}, {3}});
  const std::vector<float> bind = ctx.floats(g.get(), o, "inverse_bind", {{project.skeleton.jointCount(), "J"}, {4}, {4}});
  m.inverseBind.resize(bind.size() / 16);
  for (size_t j = 0; j < m.inverseBind.size(); ++j)
    for (int row = 0; row < 4; ++row)
      for (int col = 0; col < 4; ++col) m.inverseBind[j].m[4 * col + row] = bind[16 * j + 4 * row + col];
  readParts(ctx, g.get(), m);
  if (std::string e = m.validate(project.skeleton.jointCount()); !e.empty()) ctx.fail(o, e);
  project.character = std::move(c);
}

}  // namespace fatgraph::project_file
