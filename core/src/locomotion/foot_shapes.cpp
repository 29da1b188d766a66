#include "fatgraph/core/locomotion/foot_shapes.h"

#include <Eigen/Core>

namespace fatgraph {

JointShapes jointShapes(const CharacterMesh& mesh, const Skeleton& meshSkeleton, const Skeleton& skeleton) {
  if (mesh.positions.empty() || mesh.inverseBind.size() != static_cast<size_t>(meshSkeleton.jointCount())) return {};
  std::vector<int> target(meshSkeleton.jointCount());
  for (int j = 0; j < meshSkeleton.jointCount(); ++j) target[j] = skeleton.find(meshSkeleton.names[j]);
  JointShapes shapes(skeleton.jointCount());
  for (size_t v = 0; v < mesh.positions.size() && v < mesh.joints.size() && v < mesh.weights.size(); ++v) {
    int strongest = 0;
    for (int k = 1; k < kMaxImportedInfluences; ++k) {
      if (mesh.weights[v][k] > mesh.weights[v][strongest]) strongest = k;
    }
    const int j = mesh.joints[v][strongest];
    if (!(mesh.weights[v][strongest] >= 0.5f) || j >= meshSkeleton.jointCount() || target[j] < 0) continue;
    const Eigen::Map<const Eigen::Matrix4f> inverseBind(mesh.inverseBind[j].m);
    const Float3& p = mesh.positions[v];
    const Eigen::Vector4f local = inverseBind * Eigen::Vector4f(p.x, p.y, p.z, 1.0f);
    if (local.allFinite()) shapes[target[j]].push_back(local.head<3>().cast<double>());
  }
  return shapes;
}

}  // namespace fatgraph
