// Reads the optional /body group (docs/RUNTIME_GRAPH.md): per-vertex arrays of V rows, the
// triangles, and one inverse bind matrix per joint, stored row-major (the matrix as written in
// maths, m[row][column]) and turned here into the runtime's column-major SkinMatrix.
#include "runtime_graph_body.h"

#include <limits>
#include "fatgraph/io/runtime_graph_schema.h"

namespace fatgraph::runtime_io {

namespace schema = fatgraph::runtime_graph_schema;

using h5::Handle;

namespace {

std::vector<Float3> vectors(const std::vector<float>& flat) {
  std::vector<Float3> out(flat.size() / 3);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = {flat[3 * i], flat[3 * i + 1], flat[3 * i + 2]};
  return out;
}

}  // namespace

SkinnedMesh readBody(const h5::Context& r, hid_t file, int jointCount) {
  const htri_t exists = H5Lexists(file, schema::kBody, H5P_DEFAULT);
  if (exists < 0) r.failHdf5("/body", "cannot look for the group");
  if (exists == 0) return {};
  const std::string object = "/body";
  Handle g = r.openGroup(file, schema::kBody, object);
  SkinnedMesh m;
  const std::vector<float> positions = r.floats(g.get(), object, schema::kPositions, {{-1, "V"}, {3}});
  const long long v = static_cast<long long>(positions.size() / 3);
  m.positions = vectors(positions);
  m.normals = vectors(r.floats(g.get(), object, schema::kNormals, {{v, "V"}, {3}}));
  const std::vector<std::uint32_t> joints = r.uints(g.get(), object, schema::kJoints, {{v, "V"}, {kMaxSkinInfluences}});
  const std::vector<float> weights = r.floats(g.get(), object, schema::kWeights, {{v, "V"}, {kMaxSkinInfluences}});
  m.joints.resize(v);
  m.weights.resize(v);
  for (long long i = 0; i < v; ++i) {
    for (int k = 0; k < kMaxSkinInfluences; ++k) {
      const std::uint32_t j = joints[kMaxSkinInfluences * i + k];
      // Wider integer types load too; an index a uint16 cannot hold is no joint of any rig.
      if (j > std::numeric_limits<std::uint16_t>::max())
        r.fail(object + "/joints", "vertex " + std::to_string(i) + ": joint index " + std::to_string(j) + " out of range");
      m.joints[i][k] = static_cast<std::uint16_t>(j);
      m.weights[i][k] = weights[kMaxSkinInfluences * i + k];
    }
  }
  m.triangles = r.uints(g.get(), object, schema::kTriangles, {{-1, "T"}, {3}});
  const std::vector<float> inverseBind = r.floats(g.get(), object, schema::kInverseBind, {{jointCount, "J"}, {4}, {4}});
  m.inverseBind.resize(inverseBind.size() / 16);
  for (std::size_t j = 0; j < m.inverseBind.size(); ++j)
    for (int row = 0; row < 4; ++row)
      for (int col = 0; col < 4; ++col)  // the file is row-major, Float4x4 column-major
        m.inverseBind[j].m[4 * col + row] = inverseBind[16 * j + 4 * row + col];
  return m;
}

}  // namespace fatgraph::runtime_io
