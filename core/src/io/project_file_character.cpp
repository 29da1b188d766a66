// /character of a project file (docs/PROJECT_FORMAT.md): the user's character mesh
// (character_mesh.h) over the project's skeleton. Optional: absent when the project shows the
// generated body. Matrices are stored row-major, as in the .fgraph /body group. Texture
// coordinates and base-colour textures are optional too (files written before them, and
// characters without textures, have none).
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
  ctx.writeStrings(g, o + "/part_names", schema::kPartNames, names);
  ctx.writeDataset(g, o + "/parts", schema::kParts, H5T_STD_I32LE, {m.parts.size(), 3}, 0, H5T_NATIVE_INT32, ranges.data());
  std::vector<std::string> materials;
  std::vector<float> colours;
  for (const CharacterMaterial& c : m.materials) {
    materials.push_back(c.name);
    colours.insert(colours.end(), c.baseColor.begin(), c.baseColor.end());
  }
  ctx.writeStrings(g, o + "/material_names", schema::kMaterialNames, materials);
  ctx.writeDataset(g, o + "/base_colors", schema::kBaseColors, H5T_IEEE_F32LE, {m.materials.size(), 4}, 0, H5T_NATIVE_FLOAT, colours.data());
}

void readParts(const Context& ctx, hid_t g, CharacterMesh& m) {
  const std::string o = kGroup;
  const std::vector<std::string> names = ctx.strings(g, o, schema::kPartNames, -1);
  const std::vector<std::int32_t> ranges = ctx.ints(g, o, schema::kParts, {{static_cast<long long>(names.size()), "P"}, {3}});
  for (size_t p = 0; p < names.size(); ++p) m.parts.push_back({names[p], ranges[3 * p], ranges[3 * p + 1], ranges[3 * p + 2]});
  const std::vector<std::string> materials = ctx.strings(g, o, schema::kMaterialNames, -1);
  const std::vector<float> colours = ctx.floats(g, o, schema::kBaseColors, {{static_cast<long long>(materials.size()), "M"}, {4}});
  for (size_t c = 0; c < materials.size(); ++c) {
    m.materials.push_back({materials[c], {colours[4 * c], colours[4 * c + 1], colours[4 * c + 2], colours[4 * c + 3]}});
  }
}

std::string textureName(size_t t) {
  std::string n = std::to_string(t);
  return std::string(n.size() < 4 ? 4 - n.size() : 0, '0') + n;
}

void writeTextures(const Context& ctx, hid_t g, const CharacterMesh& m) {
  const std::string o = kGroup;
  if (!m.uvs.empty()) {
    std::vector<float> uvs;
    for (const Float2& uv : m.uvs) uvs.insert(uvs.end(), {uv.x, uv.y});
    ctx.writeDataset(g, o + "/uvs", schema::kUvs, H5T_IEEE_F32LE, {m.uvs.size(), 2}, 0, H5T_NATIVE_FLOAT, uvs.data());
  }
  if (m.textures.empty()) return;
  std::vector<std::int32_t> materialTextures;
  for (const CharacterMaterial& c : m.materials) materialTextures.push_back(c.texture);
  std::vector<std::string> names;
  for (const CharacterTexture& tex : m.textures) names.push_back(tex.name);
  ctx.writeStrings(g, o + "/texture_names", schema::kTextureNames, names);
  ctx.writeDataset(g, o + "/material_textures", schema::kMaterialTextures, H5T_STD_I32LE, {m.materials.size()}, 0, H5T_NATIVE_INT32,
                   materialTextures.data());
  Handle textures = ctx.createGroup(g, schema::kTextures, o + "/textures");
  for (size_t t = 0; t < m.textures.size(); ++t) {
    const CharacterTexture& tex = m.textures[t];
    const std::string name = textureName(t);
    ctx.writeDataset(textures.get(), o + "/textures/" + name, name.c_str(), H5T_STD_U8LE,
                     {static_cast<hsize_t>(tex.height), static_cast<hsize_t>(tex.width), 4}, 64, H5T_NATIVE_UINT8, tex.rgba.data());
  }
}

void readTextures(const Context& ctx, hid_t g, CharacterMesh& m) {
  const std::string o = kGroup;
  if (ctx.hasLink(g, schema::kUvs, o)) {
    const std::vector<float> uvs = ctx.floats(g, o, schema::kUvs, {{static_cast<long long>(m.positions.size()), "V"}, {2}});
    for (size_t v = 0; v < uvs.size() / 2; ++v) m.uvs.push_back({uvs[2 * v], uvs[2 * v + 1]});
  }
  if (!ctx.hasLink(g, schema::kTextures, o)) return;
  const std::vector<std::int32_t> materialTextures = ctx.ints(g, o, schema::kMaterialTextures, {{static_cast<long long>(m.materials.size()), "M"}});
  for (size_t c = 0; c < m.materials.size(); ++c) m.materials[c].texture = materialTextures[c];
  const std::vector<std::string> names = ctx.strings(g, o, schema::kTextureNames, -1);
  const std::string group = o + "/textures";
  Handle textures = ctx.openGroup(g, schema::kTextures, group);
  for (size_t t = 0; t < names.size(); ++t) {
    const std::string name = textureName(t);
    const h5::Context::Dataset d = ctx.openDataset(textures.get(), group + "/" + name, name.c_str(), H5T_INTEGER, {{-1, "H"}, {-1, "W"}, {4, ""}});
    if (d.dims[0] > static_cast<hsize_t>(kMaxCharacterTextureSide) || d.dims[1] > static_cast<hsize_t>(kMaxCharacterTextureSide)) {
      ctx.fail(group + "/" + name, "larger than " + std::to_string(kMaxCharacterTextureSide) + " pixels a side");
    }
    CharacterTexture tex{names[t], static_cast<int>(d.dims[1]), static_cast<int>(d.dims[0]), std::vector<std::uint8_t>(d.elementCount())};
    ctx.readAll(d, H5T_NATIVE_UINT8, tex.rgba.data());
    m.textures.push_back(std::move(tex));
  }
  // Texture coordinates are optional only for a mesh that shows no texture.
  if (m.uvs.empty() && m.textured()) {
    ctx.fail(o + "/" + schema::kUvs, "missing dataset: a part's material has a texture, read through these coordinates");
  }
}

}  // namespace

void writeCharacter(const Context& ctx, hid_t file, const Project& project) {
  if (project.character.empty()) return;
  const CharacterMesh& m = project.character.mesh;
  const std::string o = kGroup;
  Handle g = ctx.createGroup(file, schema::kCharacter, o);
  ctx.writeStringAttribute(g.get(), o, schema::kSource, project.character.source);
  const hsize_t v = m.positions.size();
  ctx.writeDataset(g.get(), o + "/positions", schema::kPositions, H5T_IEEE_F32LE, {v, 3}, 0, H5T_NATIVE_FLOAT, flattenPoints(m.positions).data());
  ctx.writeDataset(g.get(), o + "/normals", schema::kNormals, H5T_IEEE_F32LE, {v, 3}, 0, H5T_NATIVE_FLOAT, flattenPoints(m.normals).data());
  const std::vector<std::uint16_t> joints = flatten<std::array<std::uint16_t, kK>, std::uint16_t>(m.joints);
  ctx.writeDataset(g.get(), o + "/joints", schema::kJoints, H5T_STD_U16LE, {v, kK}, 0, H5T_NATIVE_UINT16, joints.data());
  const std::vector<float> weights = flatten<std::array<float, kK>, float>(m.weights);
  ctx.writeDataset(g.get(), o + "/weights", schema::kWeights, H5T_IEEE_F32LE, {v, kK}, 0, H5T_NATIVE_FLOAT, weights.data());
  ctx.writeDataset(g.get(), o + "/triangles", schema::kTriangles, H5T_STD_U32LE, {m.triangles.size() / 3, 3}, 0, H5T_NATIVE_UINT32, m.triangles.data());
  std::vector<float> bind;
  for (const Float4x4& k : m.inverseBind) {
    for (int row = 0; row < 4; ++row)
      for (int col = 0; col < 4; ++col) bind.push_back(k.m[4 * col + row]);
  }
  ctx.writeDataset(g.get(), o + "/inverse_bind", schema::kInverseBind, H5T_IEEE_F32LE, {m.inverseBind.size(), 4, 4}, 0, H5T_NATIVE_FLOAT, bind.data());
  writeParts(ctx, g.get(), m);
  writeTextures(ctx, g.get(), m);
}

void readCharacter(const Context& ctx, hid_t file, Project& project) {
  if (!ctx.hasLink(file, schema::kCharacter, "/")) return;
  const std::string o = kGroup;
  Handle g = ctx.openGroup(file, schema::kCharacter, o);
  ProjectCharacter c;
  c.source = ctx.readStringAttribute(g.get(), o, schema::kSource);
  CharacterMesh& m = c.mesh;
  m.positions = points(ctx.floats(g.get(), o, schema::kPositions, {{-1, "V"}, {3}}));
  const long long v = static_cast<long long>(m.positions.size());
  m.normals = points(ctx.floats(g.get(), o, schema::kNormals, {{v, "V"}, {3}}));
  const std::vector<std::uint32_t> joints = ctx.uints(g.get(), o, schema::kJoints, {{v, "V"}, {kK}});
  const std::vector<float> weights = ctx.floats(g.get(), o, schema::kWeights, {{v, "V"}, {kK}});
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
  m.triangles = ctx.uints(g.get(), o, schema::kTriangles, {{-1, "T"}, {3}});
  const std::vector<float> bind = ctx.floats(g.get(), o, schema::kInverseBind, {{project.skeleton.jointCount(), "J"}, {4}, {4}});
  m.inverseBind.resize(bind.size() / 16);
  for (size_t j = 0; j < m.inverseBind.size(); ++j)
    for (int row = 0; row < 4; ++row)
      for (int col = 0; col < 4; ++col) m.inverseBind[j].m[4 * col + row] = bind[16 * j + 4 * row + col];
  readParts(ctx, g.get(), m);
  readTextures(ctx, g.get(), m);
  if (std::string e = m.validate(project.skeleton.jointCount()); !e.empty()) ctx.fail(o, e);
  project.character = std::move(c);
}

}  // namespace fatgraph::project_file
